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
  try {
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
    $("made").textContent = "Not started: " + err.message;
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
