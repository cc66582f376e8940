// The lobby: the games served, a new game's set-up, and the games one may go back to or watch.
// Every text from a game is put in with textContent, never as markup.

const $ = (id) => document.getElementById(id);
let catalog = [];

function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

async function api(path, body) {
  const init = body === undefined ? {} : {method: "POST", headers: {"content-type": "application/json"},
                                          body: JSON.stringify(body)};
  const r = await fetch(path, init);
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function chosen() { return catalog.find((g) => g.name === $("game").value); }

function showGame() {
  const g = chosen();
  if (!g) return;
  $("game-about").textContent = g.about || "";
  const players = $("players");
  players.replaceChildren();
  for (let n = g.min; n <= g.max; n++) players.append(el("option", n, {value: n}));
  const opts = $("options");
  opts.replaceChildren(el("legend", "Options"));
  for (const o of g.options || []) {
    const label = el("label");
    const box = el("input", null, {type: "checkbox", value: o.name, name: "option"});
    label.append(box, " " + o.name + (o.about ? ": " + o.about : ""));
    opts.append(label);
  }
  opts.hidden = !(g.options || []).length;
  showSeats();
}

function showSeats() {
  const g = chosen();
  const n = Number($("players").value);
  const names = (g.seats && g.seats[n]) || [];
  const box = $("seats");
  box.replaceChildren(el("legend", "Who sits in each seat"));
  names.forEach((name, i) => {
    const label = el("label", name + " ");
    const sel = el("select", null, {"data-seat": i, "aria-label": "who plays " + name});
    for (const [v, t] of [["here", "a person at this screen"], ["elsewhere", "a person elsewhere (own link)"],
                          ["random", "bot: random"], ["easy", "bot: easy"], ["normal", "bot: normal"],
                          ["hard", "bot: hard"]]) sel.append(el("option", t, {value: v}));
    if (i > 0 && n === 2) sel.value = "normal";
    label.append(sel);
    box.append(label);
  });
  showBegin(g, names);
}

// -- what the game starts from: a position, the hands (a file of the game's folder, or one uploaded) ------

function sourcePicker(id, what) {
  // a choice among nothing, the game's files and a file of this computer; the upload's box beside it
  const g = chosen();
  const wrap = el("div", null, {class: "source"});
  const label = el("label", what + " ");
  const sel = el("select", null, {id, "aria-label": what});
  sel.append(el("option", "none", {value: ""}));
  for (const f of g.files || []) sel.append(el("option", `${f} (the game's folder)`, {value: "file:" + f}));
  sel.append(el("option", "a file of this computer…", {value: "upload"}));
  const up = el("input", null, {type: "file", id: id + "-upload", "aria-label": what + ": the file to upload",
                                accept: ".txt,.position,text/plain"});
  up.hidden = true;
  sel.addEventListener("change", () => { up.hidden = sel.value !== "upload"; });
  label.append(sel);
  wrap.append(label, up);
  return wrap;
}

function showBegin(g, names) {
  $("position-box").replaceChildren(sourcePicker("position", "Position"));
  const hands = $("hands");
  hands.replaceChildren();
  if (g.hands) names.forEach((name, i) => hands.append(sourcePicker(`hand-${i + 1}`, `Hand of ${name}`)));
}

async function sourceOf(id) {
  const sel = $(id);
  if (!sel || !sel.value) return null;
  if (sel.value.startsWith("file:")) return {file: sel.value.slice(5)};
  const file = $(id + "-upload").files[0];
  if (!file) throw new Error(`choose the file to upload for ${sel.getAttribute("aria-label")}`);
  if (file.size > 200000) throw new Error(`${file.name} is larger than 200,000 bytes`);
  return {name: file.name, text: await file.text()};
}

function linkItem(text, href) {
  const li = el("li");
  li.append(el("a", text, {href}));
  return li;
}

function remember(made, title) {
  const mine = JSON.parse(localStorage.getItem("mire-games") || "[]");
  mine.push({id: made.id, title, here: made.here, seats: made.seats, links: made});
  localStorage.setItem("mire-games", JSON.stringify(mine.slice(-30)));
}

function showLinks(made, title) {
  const ul = $("links");
  ul.replaceChildren();
  if (made.here) ul.append(linkItem(`${title}: play at this screen`, `/play/${made.id}#t=${made.here}`));
  for (const [seat, token] of Object.entries(made.seats_links || {})) {
    ul.append(linkItem(`${title}: the link for ${made.seats[seat]} (send it to them)`, `/play/${made.id}#t=${token}`));
  }
  ul.append(linkItem(`${title}: watch`, `/play/${made.id}#t=${made.watch}`));
  $("links-section").hidden = false;
}

function showMine() {
  const ul = $("mine");
  ul.replaceChildren();
  for (const g of JSON.parse(localStorage.getItem("mire-games") || "[]").reverse()) {
    const token = g.here || Object.values(g.links.seats_links || {})[0] || g.links.watch;
    ul.append(linkItem(`${g.title} (${g.id})`, `/play/${g.id}#t=${token}`));
  }
}

async function showLive() {
  const ul = $("live");
  ul.replaceChildren();
  for (const g of await api("/api/games")) {
    ul.append(linkItem(`${g.game}: ${g.moves} moves (${g.seats.join(", ")})`, `/play/${g.id}#t=${g.watch}`));
  }
}

async function start(event) {
  event.preventDefault();
  const g = chosen();
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const options = [...document.querySelectorAll("#options input:checked")].map((b) => b.value)
    .concat($("more-options").value.split(/\s+/).filter((w) => w));
  const seedText = $("seed").value.trim();
  const body = {game: g.name, players: Number($("players").value), options, seats,
                seed: seedText === "" ? null : Number(seedText)};
  $("problems").hidden = true;
  try {
    body.position = await sourceOf("position");
    const hands = {};
    for (let i = 1; i <= seats.length; i++) {
      const h = await sourceOf(`hand-${i}`);
      if (h) hands[String(i)] = h;
    }
    if (Object.keys(hands).length) body.hands = hands;
    const made = await api("/api/games", body);
    made.seats_links = made.seats;
    made.seats = made.seats_names || made.seats;
    const names = (g.seats && g.seats[body.players]) || [];
    made.seats = names;
    remember(made, g.title);
    showLinks(made, g.title);
    $("made").textContent = "The game is ready: follow a link below.";
    showMine();
    showLive();
    if (made.here) window.location.assign(`/play/${made.id}#t=${made.here}`);
  } catch (err) {
    // the problems in `mire play`'s words, one a line: shown as text
    const lines = err.message.split("\n");
    $("made").textContent = "Not started: " + lines[0];
    $("problems").textContent = err.message;
    $("problems").hidden = lines.length < 2;
  }
}

async function importSave(event) {
  const file = event.target.files[0];
  if (!file) return;
  try {
    const made = await api("/api/import", JSON.parse(await file.text()));
    $("imported").textContent = "Imported.";
    window.location.assign(`/play/${made.id}#t=${made.here}`);
  } catch (err) {
    $("imported").textContent = "Not imported: " + err.message;
  }
}

async function main() {
  catalog = (await api("/api/catalog")).filter((g) => !g.broken);
  const sel = $("game");
  for (const g of catalog) sel.append(el("option", `${g.title} (${g.name})`, {value: g.name}));
  const wanted = new URLSearchParams(location.hash.slice(1)).get("game");
  if (wanted && catalog.some((g) => g.name === wanted)) sel.value = wanted;
  else if (catalog.some((g) => g.default)) sel.value = catalog.find((g) => g.default).name;
  sel.addEventListener("change", showGame);
  $("players").addEventListener("change", showSeats);
  $("new-game").addEventListener("submit", start);
  $("import").addEventListener("change", importSave);
  showGame();
  showMine();
  showLive();
  document.body.dataset.ready = "yes";
}

main();
