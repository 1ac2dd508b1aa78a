// TableClock: the live link of a page to its table. While `running`, it asks Python to
// look at the table every `interval_ms` (the next ask only after Python answered the last:
// Python bumps `ticks`); the kernel looks more often by itself, so this is mostly a check
// that the kernel still answers. It writes the page's own address (`address`: the table's code and
// this browser's seat key) into the address bar, so a reload or a bookmark comes back to
// the same seat. If the kernel stops answering (the server restarted), it says so and
// reloads the page once the server answers again: the page picks the table up again.
// Its asks are the page's heartbeat for the server (`beat`): a page whose beat stops (its
// browser died without a word) has its kernel shut down; when the page stops asking (it
// left the table) it says so (`rest`), and the server stops waiting for its beat.

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "hk-ui hk-ticker hk-table-live";
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  el.appendChild(line);
  let timer = null;
  let watchdog = null;
  let leaving = false;
  let lost = false;

  function tick(n) {
    timer = null;
    if (leaving || lost) return;
    try {
      model.send({ type: "tick", n, beat: true });
    } catch (e) {
      return connectionLost();
    }
    clearTimeout(watchdog);
    watchdog = setTimeout(connectionLost, model.get("patience_ms"));
  }
  function schedule() {
    clearTimeout(timer);
    clearTimeout(watchdog);
    timer = null;
    if (leaving || lost || !model.get("running")) return;
    const n = model.get("ticks");
    timer = setTimeout(() => tick(n), model.get("interval_ms"));
  }
  async function serverAnswers() {
    try {
      await fetch(window.location.origin + "/voila/static/voila.js", {
        method: "HEAD",
        cache: "no-store",
      });
      return true; // any answer at all: the server is up
    } catch (e) {
      return false;
    }
  }
  function connectionLost() {
    if (leaving || lost) return;
    lost = true;
    line.textContent = "The connection to the table was lost: this page reopens the table as soon as the server answers.";
    const retry = async () => {
      if (leaving) return;
      if (await serverAnswers()) {
        window.location.reload();
      } else {
        setTimeout(retry, 2000);
      }
    };
    setTimeout(retry, 1500);
  }
  function stop() {
    leaving = true;
    clearTimeout(timer);
    clearTimeout(watchdog);
  }
  function address() {
    const query = model.get("address");
    if (query === null || query === undefined || query === "-") return;
    const here = window.location;
    const want = here.pathname + (query ? "?" + query : "");
    if (here.pathname + here.search !== want) {
      try {
        window.history.replaceState(null, "", want);
      } catch (e) {
        // a page in a frame may not change its address: the seat link still works
      }
    }
  }
  window.addEventListener("beforeunload", stop);
  window.addEventListener("pagehide", stop);
  function draw() {
    if (!lost) line.innerHTML = model.get("status");
  }
  let beating = !!model.get("running"); // asked while at a table: the server hears the beat
  function runningChanged() {
    if (model.get("running")) {
      beating = true;
    } else if (beating && !leaving && !lost) {
      beating = false;
      try {
        model.send({ type: "rest" });
      } catch (e) {
        // no connection: nothing to tell
      }
    }
    schedule();
  }
  model.on("change:running", runningChanged);
  model.on("change:ticks", schedule);
  model.on("change:interval_ms", schedule);
  model.on("change:status", draw);
  model.on("change:address", address);
  draw();
  address();
  schedule();
  return () => {
    stop();
    window.removeEventListener("beforeunload", stop);
    window.removeEventListener("pagehide", stop);
    model.off("change:running", runningChanged);
    model.off("change:ticks", schedule);
    model.off("change:interval_ms", schedule);
    model.off("change:status", draw);
    model.off("change:address", address);
  };
}

export default { render };
