// Ticker: the clock of a paced bot turn. While `running`, it sends one "tick" every
// `interval_ms`, and the next only after Python has answered the last one (Python
// bumps `ticks`), so a slow kernel is never flooded. It also shows the status line.

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "hk-ui hk-ticker";
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  el.appendChild(line);
  let timer = null;
  let leaving = false;

  function tick(n) {
    timer = null;
    if (leaving) return;
    try {
      model.send({ type: "tick", n });
    } catch (e) {
      // the page is closing and its kernel is gone ("Cannot send"): nothing left to pace
      leaving = true;
    }
  }
  function schedule() {
    clearTimeout(timer);
    timer = null;
    if (leaving || !model.get("running")) return;
    const n = model.get("ticks");
    timer = setTimeout(() => tick(n), model.get("interval_ms"));
  }
  function stop() {
    // Voila shuts the page's kernel down when the page is left: no tick after that
    leaving = true;
    clearTimeout(timer);
    timer = null;
  }
  window.addEventListener("beforeunload", stop);
  window.addEventListener("pagehide", stop);
  function draw() {
    line.innerHTML = model.get("status");
  }
  model.on("change:running", schedule);
  model.on("change:ticks", schedule);
  model.on("change:interval_ms", schedule);
  model.on("change:status", draw);
  draw();
  schedule();
  return () => {
    clearTimeout(timer);
    window.removeEventListener("beforeunload", stop);
    window.removeEventListener("pagehide", stop);
    model.off("change:running", schedule);
    model.off("change:ticks", schedule);
    model.off("change:interval_ms", schedule);
    model.off("change:status", draw);
  };
}

export default { render };
