// The board: a game's SVG picture, made by the server from this page's own view and checked to
// hold only shapes and text. Elements a move concerns carry a data-target key; the server sends
// each legal choice's keys. Nothing here knows a game: one mechanism serves all of them.
"use strict";
const Board = (() => {
  const SVGNS = "http://www.w3.org/2000/svg";

  // The element's box in the picture's own coordinates (whatever transforms lie between).
  function boxOf(root, node) {
    let box;
    try { box = node.getBBox(); } catch (_) { return null; }
    const rootMatrix = root.getScreenCTM();
    const nodeMatrix = node.getScreenCTM();
    if (!rootMatrix || !nodeMatrix) return box;
    const m = rootMatrix.inverse().multiply(nodeMatrix);
    const xs = [], ys = [];
    for (const [x, y] of [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]) {
      xs.push(m.a * x + m.c * y + m.e);
      ys.push(m.b * x + m.d * y + m.f);
    }
    const left = Math.min(...xs), top = Math.min(...ys);
    return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
  }

  // Put the picture in `holder`; returns its root and a function drawing a frame round an element.
  function place(holder, svgText) {
    holder.innerHTML = svgText || "";
    const root = holder.querySelector("svg");
    if (!root) return null;
    root.setAttribute("role", "group"); // an image's children are hidden from screen readers
    root.removeAttribute("width");
    const layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "marks");
    layer.setAttribute("aria-hidden", "true");
    root.append(layer);
    return root;
  }

  function frame(root, node, kind) {
    const box = boxOf(root, node);
    if (!box) return;
    const layer = root.querySelector("g.marks");
    const pad = 2;
    for (const part of ["halo", "line"]) {
      const r = document.createElementNS(SVGNS, "rect");
      r.setAttribute("x", box.x - pad); r.setAttribute("y", box.y - pad);
      r.setAttribute("width", box.width + 2 * pad); r.setAttribute("height", box.height + 2 * pad);
      r.setAttribute("rx", 3);
      r.setAttribute("class", `mark ${kind} ${part}`);
      layer.append(r);
    }
  }

  function elementsByKey(root) {
    const found = new Map();
    for (const node of root.querySelectorAll("[data-target]")) {
      const key = node.getAttribute("data-target");
      if (!found.has(key)) found.set(key, []);
      found.get(key).push(node);
    }
    return found;
  }

  // Frame the elements of the last move (keys the server lets this viewer know).
  function markLast(root, keys) {
    if (!root || !keys) return;
    const nodes = elementsByKey(root);
    for (const key of keys) for (const node of nodes.get(key) || []) frame(root, node, "last");
  }

  return { place, frame, markLast, elementsByKey };
})();
