// A game's page: one websocket to the server, which sends this page's seat's state (its board drawn as SVG
// from that seat's view, escaped by the server) or the curtain of a screen being handed over. Every other
// text is put in with textContent, never as markup.

const $ = (id) => document.getElementById(id);
const gid = location.pathname.split("/").pop();
const token = new URLSearchParams(location.hash.slice(1)).get("t") || "";
let ws = null;
let state = null;
let sel = [];             // the places clicked so far, for a move in several parts
let retry = 250;
let curtainSeat = null;

function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/${gid}`);
  ws.onopen = () => { retry = 250; send({type: "hello", token}); };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => {
    $("status").textContent = "connection lost: reconnecting…";
    document.body.dataset.connected = "no";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 4000);
  };
}

function receive(msg) {
  document.body.dataset.connected = "yes";  // (a curtain is an answer of the server too)
  if (msg.type === "state") return show(msg);
  if (msg.type === "curtain") return curtain(msg);
  if (msg.type === "said") return say(msg.text, msg.refused);
  if (msg.type === "error") return say(msg.text, true);
}

function say(text, refused) {
  const p = $("said");
  p.textContent = text || "";
  p.classList.toggle("refused", !!refused);
}

function clearSeat() {
  // nothing of the seat shown before stays in the page
  for (const id of ["board", "zones", "choices", "history", "log", "vars", "prompt", "said", "seats"]) {
    $(id).replaceChildren();
  }
  $("end").hidden = true;
  state = null;
  sel = [];
}

function curtain(msg) {
  clearSeat();
  curtainSeat = msg.seatIndex;
  $("title").textContent = msg.game;
  $("status").textContent = `pass the screen to ${msg.seat}`;
  $("curtain-text").textContent = `${msg.seat}: your turn. Nobody else should look now.`;
  $("curtain-ok").textContent = `I am ${msg.seat}: show my board`;
  $("curtain").hidden = false;
  document.body.dataset.view = "curtain";
  $("curtain-ok").focus();
}

function show(msg) {
  $("curtain").hidden = true;
  const fresh = !state || state.n !== msg.n || state.seat !== msg.seat;
  state = msg;
  if (fresh) sel = [];
  document.body.dataset.connected = "yes";
  document.body.dataset.view = msg.seat === null ? "spectator" : "seat";
  document.body.dataset.seat = msg.seat === null ? "" : msg.seat;
  document.body.dataset.moves = String(msg.n);
  document.title = `${msg.game}: Mire`;
  $("title").textContent = msg.game + (msg.seat !== null ? ` · ${msg.seat}` : " · watching");
  $("status").textContent = msg.status;
  // the board and the zones: markup the server made from the view, every game text escaped there
  const focused = focusedPlace();
  $("board").innerHTML = msg.board;
  $("zones").innerHTML = msg.zones;
  $("about").textContent = msg.about || "The game says nothing about its goal.";
  $("prompt").textContent = msg.prompt || "";
  fill("seats", msg.seats.map((s) => `${s.name}: ${s.who}`));
  [...$("seats").children].forEach((li, i) => li.style.borderLeft = `6px solid ${msg.seats[i].colour}`);
  fill("vars", msg.vars);
  fill("history", msg.history);
  fill("log", msg.log);
  $("history").parentElement.scrollTop = 1e9;
  $("undo").hidden = !msg.canUndo;
  $("hint").hidden = !msg.deciding;
  ending(msg);
  highlight();
  // a keyboard player keeps their place on the board when it is drawn again (a move arrived)
  if (focused) {
    const again = document.querySelector(`[data-target="${CSS.escape(focused)}"]`);
    if (again && $("end").hidden) again.focus();
  }
}

function fill(id, lines) {
  $(id).replaceChildren(...(lines || []).map((t) => el("li", t)));
}

function ending(msg) {
  const end = $("end");
  if (!msg.over) { end.hidden = true; return; }
  if (end.dataset.shown === String(msg.n)) return;
  end.dataset.shown = String(msg.n);
  $("end-result").textContent = msg.result || "";
  $("end-reason").textContent = msg.reason || "";
  const rows = Object.entries(msg.scores || {}).map(([seat, score]) => {
    const tr = el("tr");
    tr.append(el("th", seat), el("td", score === null ? "–" : score));
    return tr;
  });
  $("end-scores").replaceChildren(...rows);
  fill("end-notes", msg.notes);
  end.hidden = false;
}

// -- moving by clicking ------------------------------------------------------------------------------

function candidates() {
  if (!state || !state.deciding) return [];
  return state.moves.filter((m) => sel.every((k, i) => m.steps[i] === k));
}

function highlight() {
  const cands = candidates();
  const next = new Set(cands.filter((m) => m.steps.length > sel.length).map((m) => m.steps[sel.length]));
  for (const t of document.querySelectorAll("[data-target]")) {
    const k = t.getAttribute("data-target");
    const on = next.has(k);
    t.classList.toggle("legal", on);
    t.classList.toggle("chosen", sel.includes(k));
    t.setAttribute("tabindex", on || sel.includes(k) ? "0" : "-1");
    if (on) t.setAttribute("aria-description", "a legal choice");
    else t.removeAttribute("aria-description");
  }
  const box = $("choices");
  box.replaceChildren();
  $("cancel").hidden = !sel.length;
  if (!state || !state.deciding) return;
  // buttons: the next values that are not places, then the moves the steps so far complete
  for (const k of next) {
    if (!k.startsWith("v:")) continue;
    const b = el("button", state.buttons[k] || k.slice(2), {type: "button", class: "choice value"});
    b.addEventListener("click", () => { sel.push(k); resolve(); });
    box.append(b);
  }
  const done = cands.filter((m) => m.steps.length === sel.length);
  const shown = done.slice(0, 60);
  for (const m of shown) {
    const b = el("button", m.words || m.text, {type: "button", class: "choice", "data-move": m.text});
    b.addEventListener("click", () => play(m.text));
    box.append(b);
  }
  if (done.length > shown.length) box.append(el("p", `and ${done.length - shown.length} more: type one`));
}

function play(text) {
  sel = [];
  say("");
  send({type: "move", text});
}

function placeName(key) {
  return key.startsWith("s:") ? key.split(":").slice(2).join(":") : "";
}

function clickTarget(key) {
  if (!state || !state.deciding) {
    say(state && state.seat === null ? "you are watching this game" : "it is not your turn", true);
    return;
  }
  if (!document.querySelector(`[data-target="${CSS.escape(key)}"]`)) return;
  const cands = candidates().filter((m) => m.steps[sel.length] === key);
  if (!cands.length) {
    // not a legal next place: start again from it, or let the rules say why not (the REPL's words)
    if (sel.length && state.moves.some((m) => m.steps[0] === key)) { sel = [key]; resolve(); return; }
    const named = [...sel, key].map(placeName).filter((w) => w).join(" ");
    sel = [];
    highlight();
    if (named) send({type: "move", text: named});
    else say("that is not one of your moves now", true);
    return;
  }
  sel.push(key);
  resolve();
}

function resolve() {
  const cands = candidates();
  const done = cands.filter((m) => m.steps.length === sel.length);
  if (cands.length === 1 && done.length === 1) return play(done[0].text);
  highlight();
  say(done.length > 1 ? "choose one of the moves below" : "");
}

document.addEventListener("click", (e) => {
  const t = e.target.closest("[data-target]");
  if (t) clickTarget(t.getAttribute("data-target"));
});
// -- moving by keyboard: the arrow keys move between the places as the board draws them, Enter or Space
// clicks the place, Escape lets go of a move half made -----------------------------------------------------

function focusedPlace() {
  const a = document.activeElement;
  const t = a && a.closest && a.closest("[data-target]");
  return t ? t.getAttribute("data-target") : null;
}

const ARROWS = {ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1]};

function centre(e) {
  const r = e.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

function placeToward(from, [dx, dy]) {
  // the nearest place in the arrow's direction, as the board is drawn: ahead along the arrow, and the
  // nearer across it the better (a place straight ahead before one a little aside)
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const e of document.querySelectorAll("[data-target]")) {
    if (e === from || !e.getClientRects().length) continue;
    const [x, y] = centre(e);
    const ahead = (x - x0) * dx + (y - y0) * dy;
    const aside = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (ahead < 4 || aside > ahead * 2) continue;
    const score = ahead + aside * 3;
    if (score < bestScore) { bestScore = score; best = e; }
  }
  return best;
}

document.addEventListener("keydown", (e) => {
  const t = e.target.closest && e.target.closest("[data-target]");
  if (t && (e.key === "Enter" || e.key === " ")) {
    e.preventDefault();
    clickTarget(t.getAttribute("data-target"));
  }
  if (t && ARROWS[e.key]) {
    e.preventDefault();
    const next = placeToward(t, ARROWS[e.key]);
    if (next) next.focus();
  }
  if (e.key === "Escape") {
    const had = sel.length;
    sel = [];
    highlight();
    if (had) say("move cleared");
  }
});

$("movebox").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("move").value.trim();
  if (!text) return;
  $("move").value = "";
  play(text);
});
$("cancel").addEventListener("click", () => { sel = []; highlight(); say(""); });
$("why").addEventListener("click", () => send({type: "why"}));
$("hint").addEventListener("click", () => { say("thinking…"); send({type: "hint"}); });
$("undo").addEventListener("click", () => send({type: "undo"}));
$("end-close").addEventListener("click", () => { $("end").hidden = true; });
$("curtain-ok").addEventListener("click", () => {
  if (curtainSeat !== null) send({type: "sit", seat: curtainSeat});
});
$("save").addEventListener("click", async (e) => {
  e.preventDefault();
  const r = await fetch(`/api/games/${gid}/save`, {headers: {"x-mire-token": token}});
  const data = await r.json();
  if (!r.ok) return say(data.error, true);
  const a = el("a", null, {href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)])),
                           download: `${gid}.mire-save.json`});
  a.click();
});
$("save").hidden = false;

connect();
