// The page's stylesheet widget (ui.surface.Stylesheet) shows nothing; it also shows the
// chosen option written out under a drop-down (ui.controls.choice_note) only where the
// drop-down cuts it: a phone's narrow box, a narrow column. One watcher per page.

const canvas = document.createElement("canvas");

function cut(select) {
  const option = select.options[select.selectedIndex];
  if (!option || !select.clientWidth) return false;
  const css = getComputedStyle(select);
  const ctx = canvas.getContext("2d");
  ctx.font = `${css.fontStyle} ${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
  const pad = parseFloat(css.paddingLeft) + parseFloat(css.paddingRight);
  // ipywidgets pads the right of a drop-down for its arrow; a box sized to its longest
  // option measures within a pixel or two of its text, a cut one tens of pixels short
  return ctx.measureText(option.text).width > select.clientWidth - pad + 2;
}

function check() {
  for (const note of document.querySelectorAll(".hk-choice-note")) {
    const box = note.previousElementSibling;
    const select = box ? box.querySelector("select") : null;
    note.classList.toggle("hk-choice-cut", !!select && cut(select));
  }
}

let queued = false;
function soon() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    check();
  });
}

function render({ el }) {
  el.classList.add("hk-stylesheet");
  if (!window.hkChoicesWatched) {
    window.hkChoicesWatched = true;
    new MutationObserver(soon).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    window.addEventListener("resize", soon);
    document.addEventListener("change", soon, true);
  }
  soon();
}

export default { render };
