// ActionView: shows the HTML that Python drew (dice, cards, piles, lanes) and sends
// back the data-action of the button clicked. Python decides everything; the browser
// only keeps keyboard focus on the same piece across redraws and marks a pressed
// piece until Python answers.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "hk-ui hk-surface";
  el.appendChild(root);

  function focusedAction() {
    const a = document.activeElement;
    return a && root.contains(a) && a.dataset ? a.dataset.action || null : null;
  }

  function draw() {
    const keep = focusedAction();
    const label = model.get("label");
    if (label) {
      root.setAttribute("role", "region");
      root.setAttribute("aria-label", label);
    } else {
      root.removeAttribute("role");
      root.removeAttribute("aria-label");
    }
    root.innerHTML = model.get("html");
    if (keep) {
      const again = Array.from(root.querySelectorAll("[data-action]")).find(
        (b) => b.dataset.action === keep
      );
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  function onClick(event) {
    const target = event.target.closest("[data-action]");
    if (!target || !root.contains(target) || target.disabled) return;
    if (target.getAttribute("aria-disabled") === "true") return;
    target.classList.add("hk-pending");
    model.send({ type: "action", id: target.dataset.action });
  }

  // a piece of a picture made clickable (role="button", not a <button>): Enter and
  // Space press it, as they press a button
  function onKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target;
    if (!target || target.tagName === "BUTTON" || !root.contains(target)) return;
    if (!target.matches("[data-action][role='button']")) return;
    event.preventDefault();
    target.click();
  }

  function onMsg(msg) {
    // "stale": the click came after its button was replaced; "done": the click was
    // handled and left the picture as it was. Either way the piece is no longer pending.
    if (msg && (msg.type === "stale" || msg.type === "done")) {
      root.querySelectorAll(".hk-pending").forEach((b) => b.classList.remove("hk-pending"));
    }
  }

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  model.on("change:html", draw);
  model.on("change:label", draw);
  model.on("msg:custom", onMsg);
  draw();
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    model.off("change:html", draw);
    model.off("change:label", draw);
    model.off("msg:custom", onMsg);
  };
}

export default { render };
