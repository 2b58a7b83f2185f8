// A table: one WebSocket; every message is this seat's own view. Moves go back on the socket.
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
const seat = key.get("seat");
const token = key.get("token") || "";
let socket = null;
let version = null;
let retry = 500;

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
    if (message.type === "error") $("error").textContent = message.reason;
    if (message.type === "state") draw(message);
  };
}

function send(message) {
  $("error").textContent = "";
  socket.send(JSON.stringify({ type: "move", version, ...message }));
}

function draw(m) {
  version = m.version;
  $("who").textContent = m.seat === null ? "spectator" : `you are seat ${m.seat + 1}`;
  $("board").innerHTML = m.board; // escaped HTML made by the server from the game's text
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of m.seats) {
    const who = s.name || (s.bot ? `bot ${s.bot}` : "open seat");
    const item = el("li", { class: (s.to_act ? "to-act " : "") + (s.connected || s.bot ? "" : "offline") },
      `${s.label}: ${who}${s.connected ? " (here)" : ""}${s.zombie ? " (a bot plays for them)" : ""}${s.to_act ? " (to move)" : ""}`);
    seats.append(item);
  }
  const moves = $("moves");
  moves.replaceChildren();
  for (const choice of m.legal) {
    if (choice.low === undefined) {
      const button = el("button", { "data-move": choice.notation }, choice.notation);
      button.addEventListener("click", () => send({ choice: choice.choice }));
      moves.append(button);
    } else {
      const box = el("span", { class: "amount" }, choice.notation.replace(/\d+(?!.*\d)/, "…") + " ");
      const amount = el("input", { type: "number", min: choice.low, max: choice.high, step: choice.step, value: choice.low });
      const button = el("button", {}, "play");
      button.addEventListener("click", () => send({ choice: choice.choice, amount: Number(amount.value) }));
      box.append(amount, button);
      moves.append(box);
    }
  }
  if (m.can_undo) {
    const undo = el("button", { class: "undo" }, "Undo my last move");
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
