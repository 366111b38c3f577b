// rules-lab playtest table: the websocket every page speaks through.
// It says hello (the link's secret travels only inside this first message), answers the
// server's pings at once (the server measures each browser's network delay from them) and
// reconnects by itself with a growing, jittered delay after any close the server did not mean
// as final (a restart, a lost network); a refused link or a replaced tab is final.

const FINAL = new Set([4400, 4403, 4000]);

export function connect({ hello, onMessage, onState }) {
  let ws = null;
  let attempt = 0;
  let refs = 0;
  let stopped = false;
  let frames = 0;

  function open() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${scheme}//${location.host}/ws`);
    onState("connecting", null);
    ws.onopen = () => {
      attempt = 0;
      ws.send(JSON.stringify(hello()));
      onState("connected", null);
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      frames += 1;
      document.documentElement.dataset.frames = String(frames);
      if (msg.type === "ping") {
        ws.send(JSON.stringify({ type: "pong", id: msg.id }));
        return;
      }
      onMessage(msg);
    };
    ws.onclose = (event) => {
      if (stopped) return;
      if (FINAL.has(event.code)) {
        stopped = true;
        onState("closed", event);
        return;
      }
      const delay = Math.min(5000, 250 * 2 ** attempt) * (0.6 + 0.8 * Math.random());
      attempt += 1;
      onState("reconnecting", event);
      setTimeout(open, delay);
    };
  }

  open();
  return {
    send(message) {
      refs += 1;
      const msg = { ...message, ref: refs };
      if (ws && ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify(msg));
        return refs;
      }
      return -1;
    },
  };
}

// The small model the widgets' board.js expects from anywidget: get, on, off, send.
export class Model {
  constructor(values, sender) {
    this.values = { ...values };
    this.handlers = new Map();
    this.sender = sender;
  }
  get(key) {
    return this.values[key];
  }
  on(event, handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(handler);
  }
  off(event, handler) {
    const set = this.handlers.get(event);
    if (set) set.delete(handler);
  }
  send(content) {
    if (this.sender) this.sender(content);
  }
  set(values) {
    const changed = [];
    for (const [key, value] of Object.entries(values)) {
      if (JSON.stringify(this.values[key]) !== JSON.stringify(value)) {
        this.values[key] = value;
        changed.push(key);
      }
    }
    for (const key of changed) {
      const set = this.handlers.get(`change:${key}`);
      if (set) for (const handler of [...set]) handler();
    }
  }
}

export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}
