// rules-lab playtest table: one seat's page (or the spectator's, or the designer's).
// The board is the widgets' own board.js, fed by the server's views instead of a kernel, so a
// game looks the same here and in a notebook. The server decides everything; this page draws
// what it is sent and reports clicks.

import board from "./board.js";
import { connect, el, Model } from "./client.js";

const BOARD_KEYS = {
  game: "", title: "", seat: -1, token: 0, svg: "", targets: [], buttons: [], chosen: [],
  more_buttons: 0, status: "", message: "", error: "", your_turn: false, finished: false,
  busy: false, can_undo: false, undo_note: "", result: "", log: [], timed: {}, ack: 0,
};

const tableId = location.pathname.split("/").filter(Boolean).pop() || "";
const secret = decodeURIComponent(location.hash.slice(1));
const root = document.documentElement;
const conn = document.querySelector(".pt-conn");
const banner = document.querySelector(".pt-banner");
const roleBox = document.querySelector(".pt-role");
const nameBox = document.querySelector(".pt-name");
const nameInput = nameBox.querySelector("input");
const seatsBox = document.querySelector(".pt-seats");
const designerBox = document.querySelector(".pt-designer");
const boardsBox = document.querySelector(".pt-boards");
const eventsBox = document.querySelector(".pt-events");
const controlsBox = document.querySelector(".pt-controls");
const fullBox = document.querySelector(".pt-full");

let role = "";
let seat = null;
let agents = [];  // the game's agents (the designer's seat controls)
const model = new Model(BOARD_KEYS, (content) => {
  const { seat: _s, ...rest } = content; // the server knows the seat from the link
  client.send({ type: "move", ...rest, token: model.get("token") });
});
board.render({ model, el: document.querySelector(".pt-board") });

function showBanner(text, kind) {
  banner.hidden = !text;
  banner.textContent = text || "";
  banner.dataset.kind = kind || "";
}

function storedName() {
  try {
    return localStorage.getItem(`rl-name-${tableId}`) || "";
  } catch (err) {
    return "";
  }
}

const client = connect({
  hello: () => {
    const hello = { type: "hello", table: tableId, secret };
    const name = storedName();
    if (name) hello.name = name;
    return hello;
  },
  onState: (state, event) => {
    conn.dataset.state = state;
    root.dataset.conn = state;
    if (state === "connected") conn.textContent = "connected";
    else if (state === "reconnecting") conn.textContent = "reconnecting…";
    else if (state === "connecting") conn.textContent = "connecting…";
    else conn.textContent = `closed: ${event && event.reason ? event.reason : "refused"}`;
  },
  onMessage,
});

function onMessage(msg) {
  if (msg.type === "welcome") {
    role = msg.role;
    seat = msg.seat;
    root.dataset.role = role;
    root.dataset.seat = seat === null ? "" : String(seat);
    document.title = `${msg.title}: ${role === "seat" ? `seat ${seat}` : role}`;
    document.querySelector(".pt-title").textContent = `${msg.title} · ${msg.label}`;
    roleBox.textContent = role === "seat" ? `you play seat ${seat}` : role === "spectator"
      ? "spectator: public information only" : "designer: you see everything";
    nameBox.hidden = role !== "seat";
    designerBox.hidden = role !== "designer";
    agents = msg.agents || [];
    model.set({ seat: seat === null ? -1 : seat });
    showBanner("", "");
  } else if (msg.type === "view") {
    root.dataset.token = String(msg.token);
    root.dataset.at = JSON.stringify(msg.at);
    if (role === "designer") {
      drawDesigner(msg);
      return;
    }
    const values = {};
    for (const key of Object.keys(BOARD_KEYS)) if (key in msg && key !== "seat") values[key] = msg[key];
    values.busy = false;
    model.set(values);
    root.dataset.race = msg.race || "";
    root.dataset.finished = String(Boolean(msg.finished));
    if (msg.broken) showBanner(msg.broken, "error");
    else if (msg.table_status && msg.table_status !== "playing" && msg.table_status !== "finished")
      showBanner(`this table is ${msg.table_status}`, "note");
    else showBanner("", "");
  } else if (msg.type === "ack") {
    model.set({ message: msg.message || "", error: "", ack: model.get("ack") + 1 });
  } else if (msg.type === "error") {
    root.dataset.lastError = msg.code;
    model.set({ error: msg.message, message: "", ack: model.get("ack") + 1 });
    if (["forbidden", "unknown_table", "bad_origin", "hello_first"].includes(msg.code)) showBanner(msg.message, "error");
  } else if (msg.type === "note") {
    model.set({ message: msg.message, error: "" });
  } else if (msg.type === "seats") {
    drawSeats(msg.seats, msg.status);
  }
}

function drawSeats(seats, status) {
  seatsBox.replaceChildren();
  for (const s of seats) {
    const item = el("span", "pt-seat");
    item.dataset.seat = String(s.seat);
    item.classList.toggle("pt-online", s.connected);
    item.classList.toggle("pt-me", role === "seat" && s.seat === seat);
    const who = s.kind === "human" ? (s.name || "(no name)") : `agent: ${s.kind}`;
    item.textContent = `seat ${s.seat}: ${who}${s.kind === "human" ? (s.connected ? " ●" : " ○") : ""}`;
    seatsBox.append(item);
  }
  seatsBox.append(el("span", "pt-table-status", status));
  if (role === "seat" && !nameInput.value) {
    const mine = seats.find((s) => s.seat === seat);
    if (mine && mine.name) nameInput.value = mine.name;
  }
  if (role === "designer") drawControls(seats);
}

nameBox.querySelector("button").addEventListener("click", () => {
  const name = nameInput.value.trim();
  try {
    localStorage.setItem(`rl-name-${tableId}`, name);
  } catch (err) {
    // private mode: the name is still sent
  }
  client.send({ type: "name", name });
});

// ------------------------------------------------------------------ the designer's view
function drawDesigner(view) {
  const spectator = view.spectator;
  model.set({ svg: spectator.svg, status: `spectator's view · ${spectator.status}`, log: spectator.log,
    result: spectator.result, targets: [], buttons: [], your_turn: false, timed: {} });
  boardsBox.replaceChildren();
  for (const b of view.boards) {
    const box = el("figure", "pt-seat-board");
    box.append(el("figcaption", "", `seat ${b.seat} (${typeof view.kinds[b.seat] === "string" ? view.kinds[b.seat] : view.kinds[b.seat].name})${view.pending.includes(b.seat) ? " · chose" : ""}: ${b.status}`));
    const svg = el("div", "pt-mini");
    svg.innerHTML = b.svg;
    box.append(svg);
    boardsBox.append(box);
  }
  eventsBox.textContent = view.events.map((e) => `#${e.step} [${e.clause}] ${e.kind} ${JSON.stringify(e)}`).join("\n");
  fullBox.textContent = JSON.stringify(view.full_state, null, 1);
}

function drawControls(seats) {
  controlsBox.replaceChildren();
  for (const s of seats) {
    const row = el("div", "pt-control");
    row.append(el("span", "", `seat ${s.seat}: ${s.kind}`));
    const input = el("select");
    for (const name of s.kind === "human" ? agents : ["human", ...agents.filter((a) => a !== s.kind)]) {
      const option = el("option", "", name);
      option.value = name;
      input.append(option);
    }
    const go = el("button", "", s.kind === "human" ? "hand to agent" : "change");
    go.addEventListener("click", () => client.send({ type: "seat", seat: s.seat, kind: input.value }));
    row.append(input, go);
    controlsBox.append(row);
  }
  const rematch = el("button", "pt-rematch", "rematch (same seats)");
  rematch.addEventListener("click", () => client.send({ type: "rematch" }));
  const close = el("button", "pt-close", "close table");
  close.addEventListener("click", () => client.send({ type: "close" }));
  controlsBox.append(rematch, close);
}
