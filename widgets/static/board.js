// rules-lab Board: the SVG one seat may see, legal targets highlighted, clicks sent to the kernel.
// Plain ES module for anywidget: render({model, el}) touches only `el` and returns a cleanup.
// The kernel decides everything; this file only draws what it is sent and reports clicks.
// memm3d.js bundles this file: after a change, rebuild it (cd widgets/js && npm run build).

function make(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function short(value) {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length <= 60 ? text : text.slice(0, 57) + "...";
}

// one move-log line: step, clause ID and the words (as widgets._session.format_entry)
const LOG_KEYS = new Set(["step", "clause", "kind", "text"]);
function formatEntry(e) {
  const clause = e.clause ? ` [${e.clause}]` : "";
  if (e.text) return `#${e.step}${clause} ${e.text}`;
  const keys = Object.keys(e).filter((k) => !LOG_KEYS.has(k)).sort();
  const data = keys.map((k) => `${k}=${short(e[k])}`).join(" ");
  return `#${e.step}${clause} ${e.kind}${data ? " " + data : ""}`;
}

const MANY = 12;  // more legal places than this, and most of the board: highlight on hover only

function render({ model, el }) {
  const root = make("div", "rl-board");
  const status = make("div", "rl-status");
  const result = make("div", "rl-result");  // the end screen: the result in plain words
  const svgBox = make("div", "rl-svg");
  const side = make("div", "rl-side");
  const speed = make("div", "rl-speed");
  const buttons = make("div", "rl-buttons");
  const note = make("div", "rl-note");
  const logBox = make("details", "rl-log");
  const logTitle = make("summary", "", "move log (clause IDs)");
  const logPre = make("pre", "rl-log-lines");
  logBox.append(logTitle, logPre);
  logBox.open = true;
  side.append(speed, buttons, note, logBox);
  const main = make("div", "rl-main");
  main.append(svgBox, side);
  root.append(status, result, main);
  el.append(root);

  let clickedAt = null;      // performance.now() of the last click (latency measure)
  let signalShownAt = null;  // speed play: when the closing signal was painted
  let redraws = 0;

  function send(content) {
    clickedAt = performance.now();
    model.send({ ...content, seat: model.get("seat"), token: model.get("token") });
  }

  let shownSvg = null;  // the SVG text now in the page (an unchanged board is not re-parsed)
  function drawSvg() {
    const text = model.get("svg");
    if (text !== shownSvg) {
      svgBox.innerHTML = text;
      shownSvg = text;
    }
    const legal = new Set(model.get("targets"));
    const chosen = new Set(model.get("chosen"));
    const all = svgBox.querySelectorAll("[data-target]");
    let lit = 0;
    for (const node of all) {
      const id = node.getAttribute("data-target");
      const on = legal.has(id) && !chosen.has(id);
      node.classList.toggle("rl-legal", on);
      node.classList.toggle("rl-chosen", chosen.has(id));
      if (on) lit += 1;
    }
    // When most of the board is legal (every face-down tile in a hunt), a glow on all of it
    // says nothing and hides the board: the legal places then light up under the pointer only.
    svgBox.classList.toggle("rl-many", lit > MANY && lit * 2 > all.length);
    redraws += 1;
    root.dataset.redraws = String(redraws);
    if (clickedAt !== null) {
      root.dataset.latencyMs = (performance.now() - clickedAt).toFixed(1);
      clickedAt = null;
    }
  }

  function drawButtons() {
    buttons.replaceChildren();
    const list = model.get("buttons");
    const chosen = model.get("chosen");
    if (chosen.length) buttons.append(make("div", "rl-choice-title", `moves with ${chosen.join(" + ")}:`));
    list.forEach((b, i) => {
      const btn = make("button", "rl-action", b.label);
      btn.dataset.index = String(i);
      btn.disabled = !model.get("your_turn");
      btn.addEventListener("click", () => send({ kind: "choose", action: b.action }));
      buttons.append(btn);
    });
    const more = model.get("more_buttons");
    if (more > 0) buttons.append(make("div", "rl-choice-title", `... and ${more} more: click the board to narrow`));
    if (chosen.length) {
      const cancel = make("button", "rl-cancel", "cancel");
      cancel.addEventListener("click", () => send({ kind: "cancel" }));
      buttons.append(cancel);
    }
  }

  function drawSpeed() {
    // Speed play: the closing signal is shown; the reaction time runs from its first paint.
    speed.replaceChildren();
    const timed = model.get("timed");
    if (!timed || !timed.label) {
      signalShownAt = null;
      return;
    }
    const sig = make("div", "rl-signal", timed.signal || "");
    const row = make("div", "rl-slap-row");
    (timed.options || [timed.label]).forEach((label, option) => {
      const btn = make("button", "rl-slap", label);
      btn.dataset.option = String(option);
      btn.addEventListener("click", () => {
        const now = performance.now();
        const ms = signalShownAt === null ? timed.max_ms : Math.round(now - signalShownAt);
        root.dataset.lastReactionMs = String(ms);
        send({ kind: "timed", ms, option });
      });
      row.append(btn);
    });
    speed.append(sig, row);
    signalShownAt = null;
    // the clock starts once the frame holding the signal has been painted
    requestAnimationFrame(() => setTimeout(() => { signalShownAt = performance.now(); }, 0));
  }

  function drawText() {
    status.textContent = model.get("status");
    const res = model.get("result");
    result.textContent = res ? `Game over: ${res}` : "";
    result.hidden = !res;
    root.classList.toggle("rl-finished", Boolean(res));
    root.dataset.token = String(model.get("token"));
    root.dataset.ack = String(model.get("ack"));
    root.classList.toggle("rl-your-turn", model.get("your_turn"));
    root.classList.toggle("rl-busy", model.get("busy"));
    const err = model.get("error");
    note.textContent = err || model.get("message");
    note.classList.toggle("rl-error", Boolean(err));
    logPre.textContent = model.get("log").map(formatEntry).join("\n");
    logPre.scrollTop = logPre.scrollHeight;
  }

  function onSvgClick(event) {
    const hit = event.target.closest ? event.target.closest("[data-target]") : null;
    if (!hit || !svgBox.contains(hit)) return;
    event.preventDefault();
    send({ kind: "click", target: hit.getAttribute("data-target") });
  }

  svgBox.addEventListener("click", onSvgClick);
  const onSvg = () => drawSvg();
  const onButtons = () => drawButtons();
  const onText = () => drawText();
  const onTimed = () => drawSpeed();
  model.on("change:svg", onSvg);
  model.on("change:targets", onSvg);
  const onChosen = () => { drawSvg(); drawButtons(); };
  model.on("change:chosen", onChosen);
  model.on("change:buttons", onButtons);
  model.on("change:more_buttons", onButtons);
  const onTurn = () => { drawButtons(); drawText(); };
  model.on("change:your_turn", onTurn);
  for (const name of ["status", "error", "message", "log", "busy", "token", "ack", "result"]) model.on(`change:${name}`, onText);
  model.on("change:timed", onTimed);
  drawSvg();
  drawButtons();
  drawText();
  drawSpeed();

  return () => {
    svgBox.removeEventListener("click", onSvgClick);
    model.off("change:svg", onSvg);
    model.off("change:targets", onSvg);
    model.off("change:buttons", onButtons);
    model.off("change:more_buttons", onButtons);
    for (const name of ["status", "error", "message", "log", "busy", "token", "ack", "result"]) model.off(`change:${name}`, onText);
    model.off("change:timed", onTimed);
    model.off("change:chosen", onChosen);
    model.off("change:your_turn", onTurn);
  };
}

export default { render };
