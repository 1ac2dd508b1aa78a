// The page's connection to its kernel: Jupyter's kernel websocket (the JSON form, binary
// frames for messages with buffers) and the comms the widgets talk through. Written for
// what the dashboards need instead of @jupyterlab/services, which brings the JupyterLab
// application's code with it.

// a random id (32 hex digits): crypto.randomUUID exists only on secure pages (https or
// this machine's own address), and a playgroup's server is usually plain http on the LAN
const uuid = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

// jupyter_server's binary frame: [n][offset of each of n parts]...[JSON][buffers]
// (uint32, big-endian; the first part is the message's JSON)
function decode(data) {
  const view = new DataView(data);
  const n = view.getUint32(0);
  const offsets = [];
  for (let i = 1; i <= n; i++) offsets.push(view.getUint32(i * 4));
  offsets.push(data.byteLength);
  const msg = JSON.parse(new TextDecoder().decode(new Uint8Array(data, offsets[0], offsets[1] - offsets[0])));
  msg.buffers = [];
  for (let i = 1; i < n; i++) msg.buffers.push(new DataView(data.slice(offsets[i], offsets[i + 1])));
  return msg;
}

function encode(msg) {
  const { buffers, ...rest } = msg;
  const parts = [new TextEncoder().encode(JSON.stringify(rest)), ...buffers.map(asBytes)];
  const n = parts.length;
  const head = new DataView(new ArrayBuffer(4 * (n + 1)));
  head.setUint32(0, n);
  let at = 4 * (n + 1);
  parts.forEach((p, i) => {
    head.setUint32(4 * (i + 1), at);
    at += p.byteLength;
  });
  const out = new Uint8Array(at);
  out.set(new Uint8Array(head.buffer), 0);
  let pos = head.byteLength;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.byteLength;
  }
  return out.buffer;
}

function asBytes(b) {
  if (b instanceof ArrayBuffer) return new Uint8Array(b);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

// milliseconds before each try to open a dropped connection again (about 15 s in all)
const RETRIES = [250, 500, 1000, 2000, 4000, 8000];
const LOST_ID = "hk-connection-lost";

function lost() {
  if (document.getElementById(LOST_ID)) return;
  const note = document.createElement("div");
  note.id = LOST_ID;
  note.className = "hk-connection-lost";
  note.setAttribute("role", "alert");
  note.textContent = "This page lost its connection to the server: reload the page to go on.";
  document.body.prepend(note);
}

export class Kernel {
  constructor(baseUrl, id) {
    this.id = id;
    this.session = uuid();
    this.comms = new Map(); // comm id -> Comm
    this.targets = new Map(); // target name -> (comm, msg) => void
    this.replies = new Map(); // msg id -> {shell, iopub} callbacks of a message sent
    this.hooks = new Map(); // parent msg id -> hook(msg): true when it took the message
    this.pending = []; // messages sent while the websocket is not open
    this.leaving = false;
    this.url = new URL(`${baseUrl}api/kernels/${encodeURIComponent(id)}/channels`, location.href);
    this.url.protocol = this.url.protocol === "https:" ? "wss:" : "ws:";
    this.url.searchParams.set("session_id", this.session);
    // one message at a time, each after the last one's handling has finished, as
    // @jupyterlab/services does: a widget's first update follows its comm_open at once,
    // while its model is still being made (its class, its children), and must wait for it
    this.chain = Promise.resolve();
    this.ready = new Promise((resolve, reject) => this.connect(0, resolve, reject));
  }

  // A dropped connection (a phone asleep, a Wi-Fi blip, a server restarted) is opened
  // again with the same session: the server kept the kernel's messages meanwhile and sends
  // them on, and what the page sent meanwhile waits in ``pending``. After RETRIES.length
  // failed tries the page says so (``lost``).
  connect(attempt, resolve, reject) {
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      const waiting = this.pending;
      this.pending = null;
      for (const m of waiting) ws.send(m);
      document.getElementById(LOST_ID)?.remove();
      resolve?.(this);
      resolve = reject = null;
    };
    ws.onmessage = (e) => {
      const msg = typeof e.data === "string" ? JSON.parse(e.data) : decode(e.data);
      this.chain = this.chain.then(() => this.receive(msg)).catch((error) => console.error(error));
    };
    ws.onclose = () => {
      if (this.leaving) return;
      if (this.pending === null) this.pending = [];
      const next = opened ? 0 : attempt + 1;
      if (next >= RETRIES.length) {
        lost();
        reject?.(new Error("the page lost its connection to the server"));
        return;
      }
      setTimeout(() => this.connect(next, resolve, reject), RETRIES[next]);
    };
  }

  send(channel, msgType, content, { metadata = {}, buffers = [], callbacks } = {}) {
    const msgId = uuid();
    const msg = {
      header: { msg_id: msgId, username: "", session: this.session, msg_type: msgType, version: "5.3", date: new Date().toISOString() },
      parent_header: {},
      metadata,
      content,
      channel,
      buffers: [],
    };
    if (callbacks) this.replies.set(msgId, callbacks);
    const data = buffers.length ? encode({ ...msg, buffers }) : JSON.stringify(msg);
    if (this.pending) this.pending.push(data);
    else this.ws.send(data);
    return msgId;
  }

  request(msgType, content) {
    return new Promise((resolve) => {
      this.send("shell", msgType, content, { callbacks: { shell: { reply: resolve } } });
    });
  }

  async receive(msg) {
    const parent = msg.parent_header && msg.parent_header.msg_id;
    const callbacks = parent && this.replies.get(parent);
    const type = msg.header.msg_type;
    if (msg.channel === "shell") {
      callbacks?.shell?.reply?.(msg);
      return;
    }
    if (msg.channel !== "iopub") return;
    if (type === "comm_open") {
      const open = this.targets.get(msg.content.target_name);
      if (open) await open(this.comm(msg.content.target_name, msg.content.comm_id), msg);
      return;
    }
    if (type === "comm_msg" || type === "comm_close") {
      const comm = this.comms.get(msg.content.comm_id);
      if (comm) await comm.receive(msg, type === "comm_close");
    } else if (type === "status") {
      if (callbacks) {
        callbacks.iopub?.status?.(msg);
        if (msg.content.execution_state === "idle") this.replies.delete(parent);
      }
      return;
    } else if (parent && this.hooks.has(parent) && this.hooks.get(parent)(msg)) {
      return; // an Output widget took it (``with out:`` in the kernel)
    }
    if (type !== "comm_msg" && type !== "comm_close") callbacks?.iopub?.output?.(msg);
  }

  comm(target, commId) {
    const comm = new Comm(this, target, commId || uuid());
    this.comms.set(comm.comm_id, comm);
    return comm;
  }

  shutdownOnLeave(baseUrl) {
    // as Voila's page does: the server shuts a left page's kernel down at once
    window.addEventListener("beforeunload", () => {
      const data = new FormData();
      const xsrf = document.cookie.match("\\b_xsrf=([^;]*)\\b");
      data.append("_xsrf", (xsrf && xsrf[1]) || "");
      navigator.sendBeacon(`${baseUrl}voila/api/shutdown/${this.id}`, data);
      this.leaving = true;
      this.ws.close();
    });
  }
}

// The comm interface @jupyter-widgets/base expects (its IClassicComm)
class Comm {
  constructor(kernel, target, commId) {
    this.kernel = kernel;
    this.target_name = target;
    this.comm_id = commId;
    this.onMsg = null;
    this.onClose = null;
  }
  open(data, callbacks, metadata, buffers) {
    const content = { comm_id: this.comm_id, target_name: this.target_name, data };
    return this.kernel.send("shell", "comm_open", content, { metadata, buffers, callbacks });
  }
  send(data, callbacks, metadata, buffers) {
    const content = { comm_id: this.comm_id, data };
    return this.kernel.send("shell", "comm_msg", content, { metadata, buffers, callbacks });
  }
  close(data, callbacks, metadata, buffers) {
    this.kernel.comms.delete(this.comm_id);
    const content = { comm_id: this.comm_id, data: data || {} };
    return this.kernel.send("shell", "comm_close", content, { metadata, buffers, callbacks });
  }
  on_msg(cb) {
    this.onMsg = cb;
  }
  on_close(cb) {
    this.onClose = cb;
  }
  receive(msg, closing) {
    if (closing) {
      this.kernel.comms.delete(this.comm_id);
      return this.onClose?.(msg);
    }
    return this.onMsg?.(msg);
  }
}
