// Dice tray: shows dice as pips. Click a die to turn it to the next number;
// click the lock under it to mark it locked on a hero. Highlighted dice are the
// advised keep. The browser only edits `values` and `locked`; Python decides
// everything else (the engine is the single source of truth).

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

function dieSvg(value) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "hk-die-face");
  const rect = document.createElementNS(ns, "rect");
  Object.entries({ x: 4, y: 4, width: 92, height: 92, rx: 16 }).forEach(([k, v]) =>
    rect.setAttribute(k, v)
  );
  svg.appendChild(rect);
  for (const [cx, cy] of PIPS[value] || []) {
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", cx);
    c.setAttribute("cy", cy);
    c.setAttribute("r", 9);
    svg.appendChild(c);
  }
  return svg;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "hk-dice-tray";
  el.appendChild(root);

  function draw() {
    const values = model.get("values");
    const locked = model.get("locked");
    const highlight = model.get("highlight");
    const editable = model.get("editable");
    root.replaceChildren();
    values.forEach((v, i) => {
      const slot = document.createElement("div");
      slot.className = "hk-die-slot";
      const die = document.createElement("button");
      die.type = "button";
      die.className = "hk-die";
      if (locked[i]) die.classList.add("hk-locked");
      if (highlight[i]) die.classList.add("hk-keep");
      die.dataset.index = i;
      die.dataset.value = v;
      die.title = locked[i]
        ? `Die ${i + 1} shows ${v}, locked on a hero`
        : `Die ${i + 1} shows ${v}: click to change`;
      die.setAttribute("aria-label", die.title);
      die.appendChild(dieSvg(v));
      die.disabled = !editable || locked[i];
      die.addEventListener("click", () => {
        const next = model.get("values").slice();
        next[i] = (next[i] % 6) + 1;
        model.set("values", next);
        model.save_changes();
      });
      const lock = document.createElement("button");
      lock.type = "button";
      lock.className = "hk-lock";
      lock.dataset.index = i;
      lock.textContent = locked[i] ? "🔒 locked" : "unlocked";
      lock.title = "Toggle: is this die locked on a hero?";
      lock.disabled = !editable;
      lock.addEventListener("click", () => {
        const next = model.get("locked").slice();
        next[i] = !next[i];
        model.set("locked", next);
        model.save_changes();
      });
      slot.appendChild(die);
      slot.appendChild(lock);
      root.appendChild(slot);
    });
  }

  draw();
  model.on("change:values", draw);
  model.on("change:locked", draw);
  model.on("change:highlight", draw);
  model.on("change:editable", draw);
}

export default { render };
