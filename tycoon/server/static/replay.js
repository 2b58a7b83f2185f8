// A finished game stepped through: each step is drawn from the chosen seat's (or a spectator's)
// view by the server. Only finished games are replayed: a running game's record is secret.
"use strict";
const table = JSON.parse(document.getElementById("replay-data").textContent);
const $ = (id) => document.getElementById(id);
let replay = null; // {replay, seats, steps, title}
let step = 0;
let asked = 0; // the newest request: an older answer arriving late is dropped

async function call(url, options = {}) {
  const response = await fetch(url, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function start(summary) {
  replay = summary;
  $("error").textContent = "";
  $("title").textContent = `${summary.title}: ${summary.steps} moves`;
  const viewer = $("viewer");
  viewer.replaceChildren(new Option("a spectator", ""));
  summary.seats.forEach((label, s) => viewer.append(new Option(label, String(s))));
  $("step").max = summary.steps;
  $("of").textContent = `of ${summary.steps}`;
  $("replay-main").hidden = false;
  show(summary.steps);
}

async function show(number) {
  if (!replay) return;
  step = Math.max(0, Math.min(replay.steps, number));
  const mine = ++asked;
  const who = $("viewer").value;
  const query = who === "" ? "" : `?seat=${who}`;
  try {
    const m = await call(`/api/replays/${replay.replay}/steps/${step}${query}`);
    if (mine !== asked) return;
    $("step").value = m.step;
    document.body.dataset.step = m.step;
    const root = Board.place($("picture"), m.svg);
    if (root && m.last) Board.markLast(root, m.last.targets);
    $("text-board").open = !root || $("text-board").open;
    $("board").innerHTML = m.board; // escaped HTML made by the server from the game's text
    $("move").textContent = m.move || "The game is set up.";
    $("narration").textContent = m.narration.join("\n");
    $("result").hidden = !m.over;
    if (m.over) $("outcome").innerHTML = m.result; // escaped HTML made by the server
    $("first").disabled = $("prev").disabled = m.step === 0;
    $("last").disabled = $("next").disabled = m.step === m.steps;
  } catch (problem) {
    $("error").textContent = problem.message;
  }
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(step - 1));
$("next").addEventListener("click", () => show(step + 1));
$("last").addEventListener("click", () => show(replay ? replay.steps : 0));
$("step").addEventListener("change", () => show(Number($("step").value) || 0));
$("viewer").addEventListener("change", () => show(step));
document.addEventListener("keydown", (event) => {
  if (!replay || ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: replay.steps };
  if (event.key in moves) { event.preventDefault(); show(moves[event.key]); }
});

if (table) {
  call(`/api/tables/${table.id}/replay`, { method: "POST" }).then(start, (problem) => { $("error").textContent = problem.message; });
} else {
  $("upload").addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = $("file").files[0];
    if (!file) { $("error").textContent = "choose a record file first"; return; }
    try {
      const text = await file.text();
      start(await call("/api/replays", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text, number: Number($("number").value) || 1 }) }));
    } catch (problem) {
      $("error").textContent = problem.message;
    }
  });
}
