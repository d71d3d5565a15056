// The page of `sokoengine play`: a thin client. It sends keys and clicks to the
// server, which plays them with the engine's rules, and draws what comes back: the
// whole board (the render crate's SVG) or the pieces that changed.
"use strict";

const TOKEN = document.querySelector('meta[name="play-token"]').content;
const SVG_NS = "http://www.w3.org/2000/svg";

// Timings the end-to-end test reads: a move's round trip (request sent to pieces
// redrawn) and a whole board's redraw (answer received to the next frame), in ms.
window.playTimings = { moves: [], redraws: [] };

const page = {
  version: -1,
  level: 0,
  levelCount: 0,
  svg: null,
  pieces: new Map(),
  selection: null,
  busy: false,
  ready: false,
};

let queue = Promise.resolve();
// Runs `task` after every task queued before it, so keys pressed quickly are played
// in order, and the first ones wait for the page's first state.
function enqueue(task) {
  queue = queue.then(task).catch((error) => showMessage(String(error.message || error)));
  return queue;
}

async function api(path, body) {
  const options = { headers: { "X-Play-Token": TOKEN } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch("/api/" + path, options);
  if (!response.ok) {
    throw new Error(await response.text());
  }
  return response.json();
}

function $(id) {
  return document.getElementById(id);
}

function showMessage(text) {
  $("message").textContent = text || "";
}

// Draws the whole board: the SVG, with the map from positions to piece elements
// (the picture's last elements, one per piece in position order).
async function drawBoard(board) {
  const start = performance.now();
  const box = $("board-box");
  box.innerHTML = board.svg;
  const svg = box.querySelector("svg");
  page.svg = svg;
  page.pieces = new Map();
  page.selection = null;
  if (svg) {
    svg.setAttribute("data-testid", "board");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", board.title);
    const uses = Array.from(svg.children).filter((el) => el.tagName === "use");
    const first = uses.length - board.pieces.length;
    board.pieces.forEach((position, index) => page.pieces.set(position, uses[first + index]));
    svg.addEventListener("click", onBoardClick);
    fitBoard(svg);
    svg.getBoundingClientRect();
  }
  $("level-title").textContent = board.title;
  drawLegend(board.legend);
  drawSnapshots(board.snapshots);
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  window.playTimings.redraws.push(performance.now() - start);
}

// Shows small boards larger (up to three times their drawn size) and large ones
// scaled down to the window.
function fitBoard(svg) {
  const width = Number(svg.getAttribute("width"));
  const height = Number(svg.getAttribute("height"));
  if (!(width > 0 && height > 0)) {
    return;
  }
  const room = $("board-box").clientWidth || 800;
  const scale = Math.min(3, room / width, (window.innerHeight * 0.72) / height);
  svg.style.width = Math.floor(width * scale) + "px";
}

// Swaps the elements of the pieces that changed.
function patchPieces(changes) {
  const holder = document.createElementNS(SVG_NS, "g");
  for (const [position, markup] of changes) {
    const old = page.pieces.get(position);
    if (old) {
      old.remove();
      page.pieces.delete(position);
    }
    if (markup) {
      holder.innerHTML = markup;
      const element = holder.firstElementChild;
      page.svg.appendChild(element);
      page.pieces.set(position, element);
    }
  }
}

function drawSelection(mark) {
  if (page.selection) {
    page.selection.remove();
    page.selection = null;
  }
  if (mark && page.svg) {
    const circle = document.createElementNS(SVG_NS, "circle");
    circle.setAttribute("class", "selection");
    circle.setAttribute("cx", mark.x);
    circle.setAttribute("cy", mark.y);
    circle.setAttribute("r", mark.r * 0.92);
    circle.setAttribute("data-testid", "selected-box");
    page.svg.appendChild(circle);
    page.selection = circle;
  }
}

async function show(view, sentAt) {
  if (view.board) {
    await drawBoard(view.board);
  } else if (view.base !== page.version || !page.svg) {
    // Out of step (another tab played): draw everything again.
    return show(await api("state"));
  } else {
    patchPieces(view.changes);
    if (sentAt !== undefined) {
      window.playTimings.moves.push(performance.now() - sentAt);
    }
  }
  page.version = view.version;
  if (view.level !== page.level) {
    page.level = view.level;
    markCurrentLevel();
  }
  drawSelection(view.selected);
  $("moves").textContent = view.moves;
  $("pushes").textContent = view.pushes;
  const status = $("status");
  status.textContent = view.status;
  status.className = view.solved ? "solved" : "";
  $("undo").disabled = !view.can_undo;
  $("redo").disabled = !view.can_redo;
  $("redo-all").disabled = !view.can_redo;
  $("reverse").checked = view.reverse;
  showMetrics(view.metrics);
  showMessage(view.message);
  if (view.board || view.boxes_moved || view.solved) {
    $("warning").hidden = true;
  }
  if (view.boxes_moved && !view.solved) {
    checkDead(view.version);
  }
}

function showMetrics(metrics) {
  const section = $("metrics");
  if (!metrics) {
    section.hidden = true;
    return;
  }
  const row = $("metric-values");
  row.replaceChildren();
  for (const name of ["moves", "pushes", "box_lines", "box_changes", "pushing_sessions", "player_lines"]) {
    const cell = document.createElement("td");
    cell.textContent = metrics[name];
    cell.setAttribute("data-testid", "metric-" + name.replace("_", "-"));
    row.appendChild(cell);
  }
  section.hidden = false;
}

// Asks, apart from the move, whether the position is provably dead.
function checkDead(version) {
  api("dead", { version })
    .then((answer) => {
      if (answer.version === page.version && answer.dead) {
        const warning = $("warning");
        warning.textContent = "Dead position: " + answer.dead + ". Undo the last push.";
        warning.hidden = false;
      }
    })
    .catch(() => {});
}

function drawLegend(lines) {
  const table = $("legend");
  table.replaceChildren();
  for (const line of lines) {
    const row = document.createElement("tr");
    const keys = document.createElement("td");
    keys.textContent = line.keys;
    const action = document.createElement("td");
    action.textContent = line.action;
    row.append(keys, action);
    table.appendChild(row);
  }
}

function drawSnapshots(snapshots) {
  const list = $("snapshots");
  list.replaceChildren();
  if (snapshots.length === 0) {
    const none = document.createElement("li");
    none.className = "quiet";
    none.textContent = "none yet";
    list.appendChild(none);
  }
  for (const snapshot of snapshots) {
    const item = document.createElement("li");
    item.setAttribute("data-testid", "snapshot-" + snapshot.number);
    const kind = snapshot.solution ? "\u2714 " : "";
    item.append(
      kind + (snapshot.title || "Snapshot " + snapshot.number) + ` (${snapshot.moves}/${snapshot.pushes})`,
    );
    const play = document.createElement("button");
    play.textContent = "Play back";
    play.setAttribute("data-testid", "playback-" + snapshot.number);
    play.addEventListener("click", () => playBack(snapshot.number));
    const load = document.createElement("button");
    load.textContent = "Continue";
    load.setAttribute("data-testid", "load-" + snapshot.number);
    load.addEventListener("click", () => enqueue(async () => show(await api("load", { snapshot: snapshot.number }))));
    item.append(play, load);
    list.appendChild(item);
  }
  $("playback").hidden = true;
}

function playBack(number) {
  const frame = $("playback");
  frame.src = `/playback?level=${page.level}&snapshot=${number}&token=${TOKEN}`;
  frame.hidden = false;
}

async function loadLevels() {
  const data = await api("levels");
  $("collection-title").textContent = data.title || "sokoengine play";
  $("file").textContent = data.file + (data.save_file !== data.file ? " \u2192 saves to " + data.save_file : "");
  const list = $("levels");
  list.replaceChildren();
  page.levelCount = data.levels.length;
  for (const level of data.levels) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.setAttribute("data-testid", "level-" + level.number);
    button.dataset.level = level.number;
    const mark = document.createElement("span");
    mark.className = "mark";
    mark.textContent = level.solved ? "\u2714" : "";
    mark.setAttribute("aria-label", level.solved ? "solved" : "");
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = `${level.number}. ${level.title}`;
    const best = document.createElement("span");
    best.className = "best";
    best.textContent = level.best ? `${level.best[0]}/${level.best[1]}` : "";
    button.append(mark, name, best);
    button.addEventListener("click", () => switchLevel(level.number));
    item.appendChild(button);
    list.appendChild(item);
  }
  markCurrentLevel();
}

function markCurrentLevel() {
  for (const button of document.querySelectorAll("#levels button")) {
    const current = Number(button.dataset.level) === page.level;
    button.setAttribute("aria-current", current ? "true" : "false");
    if (current) {
      button.scrollIntoView({ block: "nearest" });
    }
  }
}

function switchLevel(number) {
  if (number < 1 || (page.levelCount && number > page.levelCount)) {
    return;
  }
  enqueue(async () => show(await api("level", { level: number })));
}

// The moves go over a WebSocket while it is open (one message each way on an open
// connection), else as HTTP requests; both get the same answer.
const SOCKET_OPS = new Set(["step", "click", "undo", "redo", "restart"]);
const socket = { ws: null, waiting: [] };

function openSocket() {
  const ws = new WebSocket(`ws://${location.host}/api/socket?token=${TOKEN}`);
  ws.onopen = () => {
    socket.ws = ws;
  };
  ws.onmessage = (event) => {
    const answer = socket.waiting.shift();
    if (answer) {
      const data = JSON.parse(event.data);
      data.error ? answer.reject(new Error(data.error)) : answer.resolve(data);
    }
  };
  ws.onclose = () => {
    socket.ws = null;
    for (const answer of socket.waiting.splice(0)) {
      answer.reject(new Error("the connection to the player closed"));
    }
  };
}

function overSocket(message) {
  return new Promise((resolve, reject) => {
    socket.waiting.push({ resolve, reject });
    socket.ws.send(JSON.stringify(message));
  });
}

function send(path, body) {
  enqueue(async () => {
    const sentAt = performance.now();
    const message = body === undefined ? {} : body;
    const view =
      socket.ws && socket.ws.readyState === WebSocket.OPEN && SOCKET_OPS.has(path)
        ? await overSocket({ op: path, ...message })
        : await api(path, message);
    await show(view, sentAt);
  });
}

// A long solver request: the page stays usable (Stop cancels it).
function solverRequest(path, body, waiting) {
  showMessage(waiting);
  send(path, body);
}

// Saves the game into the file; the level list then shows the new solved mark.
function saveGame() {
  enqueue(async () => {
    await show(await api("save", {}));
    await loadLevels();
  });
}

function onBoardClick(event) {
  const svg = page.svg;
  if (!svg) {
    return;
  }
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  send("click", { x: point.x, y: point.y });
}

const DIRECTION_KEYS = {
  ArrowLeft: "left", a: "left", 4: "left",
  ArrowRight: "right", d: "right", 6: "right",
  ArrowUp: "up", w: "up", 8: "up",
  ArrowDown: "down", s: "down", x: "down", 2: "down",
  q: "up-left", 7: "up-left",
  e: "up-right", 9: "up-right",
  z: "down-left", 1: "down-left",
  c: "down-right", 3: "down-right",
};

function onKey(event) {
  // Keys that a focused control uses itself stay with it (a check box uses none).
  const target = event.target;
  const typing = target && target.tagName === "INPUT" && target.type !== "checkbox";
  if (typing || (target && (target.tagName === "SELECT" || target.tagName === "TEXTAREA"))) {
    return;
  }
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  let handled = true;
  if (ctrl && key === "z" && !event.shiftKey) {
    send("undo");
  } else if (ctrl && (key === "y" || (key === "z" && event.shiftKey))) {
    send("redo");
  } else if (ctrl && key === "s") {
    saveGame();
  } else if (ctrl || event.altKey) {
    handled = false;
  } else if (key === "Backspace" || key === "u") {
    send("undo");
  } else if (key === "y") {
    send("redo");
  } else if (key === "Escape") {
    send("restart");
  } else if (key === "h") {
    solverRequest("hint", undefined, "looking for a hint\u2026");
  } else if (key === "PageDown") {
    switchLevel(page.level + 1);
  } else if (key === "PageUp") {
    switchLevel(page.level - 1);
  } else if (DIRECTION_KEYS[key] !== undefined) {
    send("step", { key: DIRECTION_KEYS[key], pull: !event.shiftKey });
  } else {
    handled = false;
  }
  if (handled) {
    event.preventDefault();
  }
}

// Keys work from the start: the first ones wait in the queue for the first state.
document.addEventListener("keydown", onKey);

function wire() {
  $("undo").addEventListener("click", () => send("undo"));
  $("redo").addEventListener("click", () => send("redo"));
  $("redo-all").addEventListener("click", () => send("redo", { all: true }));
  $("restart").addEventListener("click", () => send("restart"));
  $("hint").addEventListener("click", () => solverRequest("hint", undefined, "looking for a hint\u2026"));
  $("solve").addEventListener("click", () => solverRequest("solve", undefined, "solving from here\u2026"));
  $("optimize").addEventListener("click", () =>
    solverRequest("optimize", { metric: $("metric").value }, "optimizing\u2026"),
  );
  $("cancel").addEventListener("click", () => {
    api("cancel", {}).catch(() => {});
  });
  $("save").addEventListener("click", saveGame);
  $("reverse").addEventListener("change", (event) => {
    send("mode", { reverse: event.target.checked });
    event.target.blur();
  });
  // Buttons keep no focus, so Space and Enter never press one by accident while playing.
  for (const button of document.querySelectorAll(".toolbar button")) {
    button.addEventListener("mouseup", () => button.blur());
  }
}

enqueue(async () => {
  wire();
  openSocket();
  await loadLevels();
  await show(await api("state"));
  page.ready = true;
  document.body.dataset.ready = "true";
});
