// A table: one WebSocket; every message is this seat's own view. Moves go back on the socket.
// Hot-seat (#seats=0:TOKEN,2:TOKEN): several people take turns at this one screen. The page
// plays one of their seats at a time; when another of them is to move, it hides everything and
// asks for the screen to be passed, and only then connects as that seat.
// The board is played by clicking: an element whose data-target key some legal move concerns is
// framed and focusable; a click (or Enter/Space) offers the moves concerning it. Clicking a
// second element narrows them down to the moves concerning both (a counter, then its square).
"use strict";
const info = JSON.parse(document.getElementById("table-data").textContent);
const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
};
const key = new URLSearchParams(location.hash.slice(1));
const local = (key.get("seats") || "").split(",").filter((pair) => /^\d+:[\w-]+$/.test(pair))
  .map((pair) => ({ seat: Number(pair.split(":")[0]), token: pair.split(":")[1] }));
let seat = local.length ? String(local[0].seat) : key.get("seat");
let token = local.length ? local[0].token : key.get("token") || "";
let revealed = local.length < 2; // hot-seat: nothing is shown before a person asks to see it
let waiting = null; // hot-seat: the last message held back behind the cover
let socket = null;
let version = null;
let retry = 500;
let current = null; // the last state message
let selected = []; // the keys clicked so far towards one move
let drawn = null; // the picture on the page
const MENU_LIMIT = 30; // moves listed in a menu; more: click another element to narrow them

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = seat !== null ? `?seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/table/${info.id}${query}`);
  socket.onopen = () => { $("status").textContent = "connected"; retry = 500; };
  socket.onclose = () => {
    $("status").textContent = "reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state" && handOver(message)) return;
    if (message.type === "error") {
      $("error").textContent = message.reason;
      // A move refused because the table had moved on: ask for the present, in case an update
      // was missed, so the page never offers moves from a view the table has left.
      if (/moved on|not your turn/.test(message.reason)) socket.send(JSON.stringify({ type: "view" }));
    }
    if (message.type === "state") draw(message);
  };
}

function send(message) {
  $("error").textContent = "";
  closeMenu();
  selected = [];
  socket.send(JSON.stringify({ type: "move", version, ...message }));
}

// -- playing by clicking on the board -----------------------------------------------------------
const isAmount = (choice) => choice.low !== undefined;
const targeted = () => (current ? current.legal.filter((c) => c.targets && c.targets.length) : []);
const candidates = () => targeted().filter((c) => selected.every((k) => c.targets.includes(k)));

function describe(choices) {
  const names = choices.slice(0, 4).map((c) => (isAmount(c) ? c.notation.replace(/\d+(?!.*\d)/, "…") : c.notation));
  return names.join(", ") + (choices.length > 4 ? `, … (${choices.length} moves)` : "");
}

function amountBox(choice) {
  const box = el("span", { class: "amount" });
  const label = el("label", {}, choice.notation.replace(/\d+(?!.*\d)/, "") + " ");
  const amount = el("input", { type: "number", min: choice.low, max: choice.high, step: choice.step, value: choice.low, "aria-label": `amount from ${choice.low} to ${choice.high}` });
  const play = el("button", { type: "button" }, "play");
  const go = () => send({ choice: choice.choice, amount: Number(amount.value) });
  play.addEventListener("click", go);
  amount.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); go(); } });
  label.append(amount);
  box.append(label, play);
  return box;
}

function closeMenu() { $("menu").hidden = true; $("menu").replaceChildren(); }

function openMenu(node, choices) {
  const menu = $("menu");
  menu.replaceChildren();
  menu.append(el("p", { class: "menu-head" }, choices.length === 1 ? "Play:" : `${choices.length} moves here:`));
  for (const choice of choices.slice(0, MENU_LIMIT)) {
    if (isAmount(choice)) menu.append(amountBox(choice));
    else {
      const button = el("button", { type: "button", "data-move": choice.notation }, choice.notation);
      button.addEventListener("click", () => send({ choice: choice.choice }));
      menu.append(button);
    }
  }
  if (choices.length > MENU_LIMIT) menu.append(el("p", {}, "…or click another framed element to narrow them down."));
  const cancel = el("button", { type: "button", class: "cancel" }, "cancel");
  cancel.addEventListener("click", () => { selected = []; closeMenu(); drawTargets(); });
  menu.append(cancel);
  menu.hidden = false;
  const holder = $("board-box").getBoundingClientRect();
  const spot = node.getBoundingClientRect();
  const left = Math.max(0, Math.min(spot.left - holder.left, holder.width - menu.offsetWidth));
  menu.style.left = `${left}px`;
  menu.style.top = `${spot.bottom - holder.top + 4}px`;
  const first = menu.querySelector("input, button");
  if (first) first.focus();
}

function choose(targetKey, node) {
  if (selected.includes(targetKey)) {
    selected = selected.filter((k) => k !== targetKey);
  } else {
    selected.push(targetKey);
  }
  const left = candidates();
  if (!selected.length || !left.length) {
    selected = [];
    closeMenu();
  } else if (left.length === 1 && !isAmount(left[0])) {
    send({ choice: left[0].choice });
    return;
  } else {
    openMenu(node, left);
  }
  drawTargets();
}

// Frame what may be clicked now: with nothing selected, every target of a legal move; after a
// click, the other targets of the moves still possible.
function drawTargets() {
  const root = $("picture").querySelector("svg");
  if (!root) return;
  for (const node of root.querySelectorAll("g.marks .target, g.marks .selected")) node.remove();
  for (const node of root.querySelectorAll("[data-target]")) {
    node.removeAttribute("tabindex"); node.removeAttribute("role"); node.removeAttribute("aria-label");
    node.classList.remove("clickable", "chosen");
  }
  const left = candidates();
  const byKey = new Map();
  for (const choice of left) for (const k of choice.targets) {
    if (!byKey.has(k)) byKey.set(k, []);
    byKey.get(k).push(choice);
  }
  const nodes = Board.elementsByKey(root);
  for (const [k, choices] of byKey) {
    const chosen = selected.includes(k);
    for (const node of nodes.get(k) || []) {
      node.classList.add("clickable");
      if (chosen) node.classList.add("chosen");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", chosen ? `${k} (selected): ${describe(choices)}` : `${k}: ${describe(choices)}`);
      Board.frame(root, node, chosen ? "selected" : "target");
    }
  }
}

function activate(event) {
  const node = event.target.closest && event.target.closest("[data-target].clickable");
  if (!node) return false;
  event.preventDefault();
  choose(node.getAttribute("data-target"), node);
  return true;
}

$("picture").addEventListener("click", (event) => { activate(event); });
$("picture").addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") activate(event);
});
$("picture").addEventListener("focusin", (event) => {
  const node = event.target.closest && event.target.closest("[data-target].clickable");
  const root = $("picture").querySelector("svg");
  if (node && root) Board.frame(root, node, "focus");
});
$("picture").addEventListener("focusout", () => {
  for (const node of $("picture").querySelectorAll("g.marks .focus")) node.remove();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && (selected.length || !$("menu").hidden)) {
    selected = []; closeMenu(); drawTargets();
  }
});

// -- hot-seat: passing the screen ---------------------------------------------------------------
// The local person to see the screen next: the one already shown while it is their move (or
// while no local person is to move), else the first local person to move.
function handOver(m) {
  if (local.length < 2) return false;
  const toAct = local.filter((l) => m.seats[l.seat].to_act);
  const shownToAct = toAct.some((l) => l.seat === m.seat);
  if (revealed && (m.over || shownToAct || !toAct.length)) return false;
  const next = shownToAct || !toAct.length ? local.find((l) => l.seat === m.seat) : toAct[0];
  cover(next, m);
  return true;
}

function cover(next, m) {
  waiting = m;
  revealed = false;
  document.body.dataset.version = m.version; // public: the table moved on (the move was taken)
  // Nothing of the seat shown so far stays on the page: the next person may look at it.
  for (const id of ["picture", "board", "moves", "help", "log", "outcome", "menu", "seats"]) $(id).replaceChildren();
  drawn = null; selected = []; current = null;
  $("error").textContent = "";
  $("who").textContent = `hot-seat: ${local.length} people at this screen`;
  $("table-main").hidden = true;
  const person = m.seats[next.seat];
  const name = person.name || person.label;
  $("cover-text").textContent = `Pass the screen to ${name}, ${person.label}.`;
  $("cover-show").textContent = `I am ${name}: show my seat`;
  $("cover-show").onclick = () => reveal(next);
  $("cover").hidden = false;
  document.body.dataset.cover = String(next.seat);
  $("cover-show").focus();
}

function reveal(next) {
  $("cover").hidden = true;
  $("table-main").hidden = false;
  delete document.body.dataset.cover;
  revealed = true;
  if (String(next.seat) === String(seat)) { if (waiting) draw(waiting); return; }
  seat = String(next.seat); token = next.token; version = null; waiting = null;
  const old = socket;
  old.onclose = null; old.onmessage = null; old.close();
  connect();
}

// -- one state message --------------------------------------------------------------------------
function draw(m) {
  const fresh = version !== m.version;
  version = m.version;
  current = m;
  document.body.dataset.version = m.version;
  document.body.dataset.over = m.over ? "yes" : "no";
  $("who").textContent = (m.seat === null ? "spectator" : `you are ${m.seats[m.seat].label}`) +
    (local.length > 1 ? ` (hot-seat: ${local.length} people at this screen)` : "");
  $("board").innerHTML = m.board; // escaped HTML made by the server from the game's text
  if (fresh) { selected = []; closeMenu(); if (m.over) $("error").textContent = ""; }
  if (fresh || m.svg !== drawn) { // the same picture again (someone came or went): keep focus
    drawn = m.svg;
    const root = Board.place($("picture"), m.svg);
    $("text-board").open = !root || $("text-board").open;
    if (root && m.last) Board.markLast(root, m.last.targets);
  }
  drawTargets();
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of m.seats) {
    const who = s.name || (s.bot ? `bot ${s.bot}` : "open seat");
    const item = el("li", { class: (s.to_act ? "to-act " : "") + (s.connected || s.bot ? "" : "offline") },
      `${s.label}: ${who}${s.connected ? " (here)" : ""}${s.zombie ? " (a bot plays for them)" : ""}${s.to_act ? (s.bot || s.zombie ? " (thinking…)" : " (to move)") : ""}`);
    seats.append(item);
  }
  const moves = $("moves");
  moves.replaceChildren();
  const onBoard = m.legal.filter((c) => c.targets && c.targets.length).length;
  if (onBoard) moves.append(el("p", { class: "hint" }, "Your move: click a framed element on the board (or Tab to it and press Enter)."));
  for (const choice of m.legal) {
    if (choice.targets && choice.targets.length) continue; // played on the board
    if (!isAmount(choice)) {
      const button = el("button", { type: "button", "data-move": choice.notation }, choice.notation);
      button.addEventListener("click", () => send({ choice: choice.choice }));
      moves.append(button);
    } else {
      moves.append(amountBox(choice));
    }
  }
  if (m.can_undo) {
    const undo = el("button", { type: "button", class: "undo" }, "Undo my last move");
    undo.addEventListener("click", () => { $("error").textContent = ""; socket.send(JSON.stringify({ type: "undo" })); });
    moves.append(undo);
  }
  if (m.deadline !== null && m.legal.length) moves.append(el("p", {}, `You have ${Math.round(m.deadline)} s for this move.`));
  if (m.legal_count > m.legal.length) moves.append(el("p", {}, `${m.legal_count} moves: type one below`));
  $("notation").hidden = !m.legal.length;
  $("help").textContent = m.help.join("\n");
  $("log").textContent = m.log.join("\n");
  $("log").scrollTop = $("log").scrollHeight;
  if (m.over) {
    $("result").hidden = false;
    $("outcome").innerHTML = m.result;
  }
}

$("notation").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("notation-text").value.trim();
  if (text) send({ notation: text });
  $("notation-text").value = "";
});
connect();
