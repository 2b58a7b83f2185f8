// The lobby: build the new-table form from the game catalogue, list open tables, take seats.
"use strict";
const catalogue = JSON.parse(document.getElementById("catalogue").textContent);
const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
};
const spec = () => catalogue.find((g) => g.name === $("game").value);

function drawOptions() {
  const g = spec();
  $("players").min = g.min_players; $("players").max = g.max_players;
  if (!$("players").value || +$("players").value < g.min_players || +$("players").value > g.max_players)
    $("players").value = g.default_players;
  const box = $("options");
  box.replaceChildren(el("legend", {}, "Options (defaults shown)"));
  for (const o of g.options) {
    const label = el("label", { title: o.help }, o.name + " ");
    let input;
    if (o.kind === "bool") {
      input = el("input", { type: "checkbox", "data-option": o.name });
      input.checked = o.default;
    } else if (o.choices.length) {
      input = el("select", { "data-option": o.name });
      for (const c of o.choices) input.append(el("option", { value: c }, String(c)));
      input.value = o.default;
    } else {
      input = el("input", { type: o.kind === "str" ? "text" : "number", "data-option": o.name, value: o.default });
      if (o.low !== null) input.min = o.low;
      if (o.high !== null) input.max = o.high;
    }
    label.append(input);
    box.append(label);
  }
  drawSeats();
}

function drawSeats() {
  const g = spec();
  const box = $("seats");
  if (!box.querySelector("legend")) box.append(el("legend", {}, "Seats: a person (name optional), or a bot"));
  // Rows already drawn stay, with what was chosen and typed: a row is added or removed when the
  // number of players changes, and only its list of bots is redrawn when the game changes. The
  // field a person is typing in is never replaced (the count is redrawn as it is typed, and again
  // when it loses focus, which may be the click into a seat's name).
  const rows = [...box.querySelectorAll("label")];
  // A count being typed may be empty or out of range for a moment: the rows stay within the game's.
  const count = Math.min(Math.max(Math.trunc(+$("players").value) || rows.length, g.min_players), g.max_players);
  for (const row of rows.slice(count)) row.remove();
  for (let i = 0; i < count; i++) {
    let kind = box.querySelector(`[data-seat="${i}"]`);
    if (!kind) {
      kind = el("select", { "data-seat": i });
      const name = el("input", { "data-name": i, placeholder: i === 0 ? "your name" : "name (or leave open)" });
      const label = el("label", {}, `Seat ${i + 1} `);
      label.append(kind, name);
      box.append(label);
    }
    if (kind.dataset.game === g.name) continue;
    const was = kind.dataset.game ? kind.value : null;
    kind.dataset.game = g.name;
    kind.replaceChildren(el("option", { value: "human" }, "person"));
    for (const b of g.bots) kind.append(el("option", { value: b.code, title: b.summary }, "bot: " + b.code));
    if (i > 0 && g.bots.length) kind.value = g.bots.some((b) => b.code === "greedy") ? "greedy" : g.bots[0].code;
    if (was && [...kind.options].some((o) => o.value === was)) kind.value = was;
  }
}

async function post(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

$("game").addEventListener("change", drawOptions);
$("players").addEventListener("input", drawSeats);
$("players").addEventListener("change", () => {
  drawSeats();
  $("players").value = document.querySelectorAll("[data-seat]").length; // what will be created
});
$("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const options = {};
  for (const input of document.querySelectorAll("[data-option]"))
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
  const seats = [];
  for (const kind of document.querySelectorAll("[data-seat]")) {
    const name = document.querySelector(`[data-name="${kind.dataset.seat}"]`).value.trim();
    seats.push(kind.value === "human" ? { code: "human", name: name || null } : { code: kind.value });
  }
  const out = $("created");
  try {
    const made = await post("/api/tables", { game: $("game").value, options, seats, timer: Number($("timer").value) || 0 });
    out.replaceChildren(el("p", {}, "Table created. Each link below is a seat's private key: give it only to that player."));
    const list = el("ul");
    for (const s of made.seats) {
      const item = el("li", {}, `Seat ${s.seat + 1}: `);
      item.append(el("a", { href: s.link }, location.origin + s.link));
      list.append(item);
    }
    if (made.seats.length > 1) {
      // Hot-seat: the people named here take turns at this one screen, which hides each one's
      // seat before the next sits down. The link holds all their keys: it is for this screen.
      const hot = el("li", {}, "Everyone named here at this one screen, taking turns (hot-seat): ");
      const pairs = made.seats.map((s) => `${s.seat}:${s.token}`).join(",");
      hot.append(el("a", { href: `${made.table}#seats=${pairs}`, id: "hot-seat" }, "play here"));
      list.append(hot);
    }
    seats.forEach((s, i) => {
      if (s.code === "human" && !s.name)
        list.append(el("li", {}, `Seat ${i + 1}: open, for anyone to take from the open tables below (with a name)`));
    });
    const watch = el("li", {}, "Spectators: ");
    watch.append(el("a", { href: made.table }, location.origin + made.table));
    list.append(watch);
    out.append(list);
    loadTables();
  } catch (problem) {
    out.replaceChildren(el("p", { class: "error" }, problem.message));
  }
});

async function loadTables() {
  const list = $("tables");
  const tables = await (await fetch("/api/tables")).json();
  list.replaceChildren();
  if (!tables.length) list.append(el("li", {}, "no table yet"));
  for (const t of tables) {
    const item = el("li");
    item.append(el("a", { href: "/table/" + t.id }, `${t.title} (${t.id})`), " ");
    for (const s of t.seats) {
      const who = s.bot ? `bot ${s.bot}` : s.name || "open";
      item.append(el("span", {}, ` · seat ${s.seat + 1}: ${who} `));
      if (s.open) {
        const take = el("button", {}, "take");
        take.addEventListener("click", async () => {
          const name = prompt("Your name?");
          if (!name) return;
          try {
            const got = await post(`/api/tables/${t.id}/seats/${s.seat}`, { name });
            location.href = got.link;
          } catch (problem) { alert(problem.message); }
        });
        item.append(take);
      }
    }
    list.append(item);
  }
}
async function loadFinished() {
  const list = $("finished");
  const games = await (await fetch("/api/tables?status=over")).json();
  list.replaceChildren();
  if (!games.length) list.append(el("li", {}, "no finished game yet"));
  for (const g of games) {
    const item = el("li");
    const who = g.seats.map((s) => (s.bot ? `bot ${s.bot}` : s.name || `seat ${s.seat + 1}`));
    const when = new Date(g.finished * 1000).toLocaleString();
    item.append(
      el("a", { href: g.replay }, `${g.title}: replay`), " · ",
      el("a", { href: g.record, download: `${g.game}-${g.id}.jsonl` }, "record"),
      ` · ${who.join(", ")} · ended ${when}`,
    );
    list.append(item);
  }
}
drawOptions();
loadTables();
loadFinished();
// Tables open and end while the lobby is open: list them again now and then (not in a hidden tab).
setInterval(() => {
  if (!document.hidden) { loadTables().catch(() => {}); loadFinished().catch(() => {}); }
}, 10000);
