// Save / Load buttons: Save asks Python for the file and downloads it; Load opens the
// file chooser (a real button, no "(1)" counter), reads the file and sends its text.

const SAVE_ICON =
  "<svg viewBox='0 0 24 24' aria-hidden='true'><path d='M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16 6.3 10.3l1.4-1.4L11 12.2zM4 18h16v2H4z'/></svg>";
const LOAD_ICON =
  "<svg viewBox='0 0 24 24' aria-hidden='true'><path d='M11 20h2v-9.2l3.3 3.3 1.4-1.4L12 7l-5.7 5.7 1.4 1.4L11 10.8zM4 3h16v2H4z'/></svg>";

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "hk-ui hk-files";
  const save = document.createElement("button");
  save.type = "button";
  save.className = "hk-file-button hk-save";
  const load = document.createElement("button");
  load.type = "button";
  load.className = "hk-file-button hk-load";
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  input.tabIndex = -1;
  const message = document.createElement("span");
  message.className = "hk-file-message";
  message.setAttribute("role", "status");
  root.append(save, load, input, message);
  el.appendChild(root);

  function draw() {
    save.innerHTML = SAVE_ICON + " ";
    save.append(model.get("save_label"));
    load.innerHTML = LOAD_ICON + " ";
    load.append(model.get("load_label"));
    input.accept = model.get("accept");
    message.innerHTML = model.get("message");
    message.classList.toggle("hk-bad", model.get("bad"));
  }

  save.addEventListener("click", () => model.send({ type: "save" }));
  load.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      model.send({ type: "too-big" });
      return;
    }
    model.send({ type: "load", name: file.name, text: await file.text() });
  });
  function onMsg(msg) {
    if (!msg || msg.type !== "download") return;
    const blob = new Blob([msg.text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = msg.filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
  model.on("msg:custom", onMsg);
  ["save_label", "load_label", "accept", "message", "bad"].forEach((k) =>
    model.on("change:" + k, draw)
  );
  draw();
  return () => model.off("msg:custom", onMsg);
}

export default { render };
