// "Copy link": Python makes the page's query (a board position, an odds question); the link
// is this page's own address (window.location) with that query. It goes on the clipboard
// when the browser allows, and always into a read-only box (a phone user long-presses it).

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "hk-ui hk-links";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "hk-file-button hk-copy-link";
  const box = document.createElement("input");
  box.type = "text";
  box.readOnly = true;
  box.className = "hk-link-text";
  box.setAttribute("aria-label", "Link to this page as it is now");
  box.hidden = true;
  const message = document.createElement("span");
  message.className = "hk-file-message hk-link-message";
  message.setAttribute("role", "status");
  const warning = document.createElement("span");
  warning.className = "hk-note hk-link-warning";
  root.append(button, box, message, warning);
  el.appendChild(root);

  function linkOf(query) {
    const here = window.location;
    return here.origin + here.pathname + (query ? "?" + query : "");
  }
  function draw() {
    button.textContent = model.get("label");
    message.textContent = model.get("message");
    message.classList.toggle("hk-bad", model.get("bad"));
    warning.textContent = model.get("warning");
  }
  async function onMsg(msg) {
    if (!msg || msg.type !== "link") return;
    const link = linkOf(msg.query);
    box.value = link;
    box.hidden = false;
    box.dataset.query = msg.query;
    box.focus();
    box.select();
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(link);
        copied = true;
      }
    } catch (e) {
      copied = false;
    }
    message.classList.remove("hk-bad");
    const note = model.get("message"); // what Python says of this link (a short one)
    message.textContent =
      (copied
        ? "Copied: paste it anywhere to open the page as it is now."
        : "Copy the link from the box (press and hold it on a phone).") +
      (note ? " " + note : "");
  }
  button.addEventListener("click", () => model.send({ type: "make" }));
  model.on("msg:custom", onMsg);
  ["label", "message", "bad", "warning"].forEach((k) => model.on("change:" + k, draw));
  draw();
  return () => model.off("msg:custom", onMsg);
}

export default { render };
