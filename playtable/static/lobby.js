// rules-lab playtest lobby: the designer's list of tables, their links, and a form for more.

import { connect, el } from "./client.js";

const secret = decodeURIComponent(location.hash.slice(1));
const conn = document.querySelector(".pt-conn");
const banner = document.querySelector(".pt-banner");
const tablesBox = document.querySelector(".pt-tables");
const form = document.querySelector(".pt-form");
const note = document.querySelector(".pt-form-note");
let games = [];

const client = connect({
  hello: () => ({ type: "hello", lobby: true, secret }),
  onState: (state, event) => {
    conn.dataset.state = state;
    document.documentElement.dataset.conn = state;
    conn.textContent = state === "closed" ? `closed: ${event && event.reason ? event.reason : "refused"}` : state;
  },
  onMessage: (msg) => {
    if (msg.type === "lobby") draw(msg);
    else if (msg.type === "error") {
      note.textContent = msg.message;
      note.dataset.kind = "error";
      if (msg.code === "forbidden") {
        banner.hidden = false;
        banner.textContent = msg.message;
      }
    } else if (msg.type === "ack") {
      note.textContent = msg.message;
      note.dataset.kind = "ok";
    }
  },
});

function link(url, text) {
  const a = el("a", "", text);
  a.href = url;
  a.target = "_blank";
  a.rel = "noopener noreferrer";
  return a;
}

function draw(state) {
  document.documentElement.dataset.tables = String(state.tables.length);
  tablesBox.replaceChildren(el("h2", "", `tables (${state.tables.length})`));
  for (const t of state.tables) {
    const box = el("article", "pt-table");
    box.dataset.table = t.id;
    box.append(el("h3", "", `${t.label} — ${t.status}${t.note ? ` (${t.note})` : ""}`));
    box.append(el("div", "pt-variant", `${t.variant} · game ${t.game_no} · seed ${t.seed} · move ${t.move} · ${t.spectators} spectator(s)`));
    const list = el("ul");
    for (const s of t.seats) {
      const item = el("li", s.connected ? "pt-online" : "");
      item.append(`seat ${s.seat}: ${s.kind === "human" ? (s.name || "(no name)") : `agent ${s.kind}`} `);
      if (s.kind === "human") item.append(link(t.links.seats[String(s.seat)], "invite link"), s.connected ? " ● online" : " ○");
      const swap = el("button", "", s.kind === "human" ? "hand to agent" : "give back to a person");
      swap.addEventListener("click", () => {
        const kind = s.kind === "human" ? (gameAgents(t.game)[0] || "random") : "human";
        client.send({ type: "seat", table: t.id, seat: s.seat, kind });
      });
      const relink = el("button", "", "new link");
      relink.addEventListener("click", () => client.send({ type: "relink", table: t.id, seat: s.seat }));
      item.append(" ", swap, " ", relink);
      list.append(item);
    }
    box.append(list);
    const row = el("div", "pt-row");
    row.append(link(t.links.spectator, "spectator link"), " · ", link(t.links.designer, "designer's view"), " ");
    const rematch = el("button", "", "rematch");
    rematch.addEventListener("click", () => client.send({ type: "rematch", table: t.id }));
    const close = el("button", "", "close");
    close.addEventListener("click", () => client.send({ type: "close", table: t.id }));
    row.append(rematch, " ", close);
    box.append(row);
    tablesBox.append(box);
  }
  if (!games.length && state.games.length) {
    games = state.games;
    const select = form.elements.game;
    select.replaceChildren(...games.map((g) => {
      const option = el("option", "", `${g.title} (${g.name})`);
      option.value = g.name;
      return option;
    }));
  }
}

function gameAgents(name) {
  const game = games.find((g) => g.name === name);
  return game ? game.agents.filter((a) => a !== "random") : [];
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const params = {};
  for (const line of form.elements.params.value.split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) params[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  const seats = form.elements.seats.value.split(",").map((s) => s.trim()).filter(Boolean);
  client.send({
    type: "create", game: form.elements.game.value, params, seats,
    seed: Number(form.elements.seed.value || 0), label: form.elements.label.value,
  });
});
