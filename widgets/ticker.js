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

  function schedule() {
    clearTimeout(timer);
    timer = null;
    if (!model.get("running")) return;
    const n = model.get("ticks");
    timer = setTimeout(() => model.send({ type: "tick", n }), model.get("interval_ms"));
  }
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
    model.off("change:running", schedule);
    model.off("change:ticks", schedule);
    model.off("change:interval_ms", schedule);
    model.off("change:status", draw);
  };
}

export default { render };
