// The dashboards' front end: connect to the kernel Voila started (or took from a pool) for
// this page, load its widgets' state, draw each cell's outputs where Voila wrote them.
// Why not Voila's own: hordes_kit/serve/lean.py.

function show() {
  // Voila's page shows its cells once its script is running (``display_cells``), before
  // the widgets are drawn: a slow kernel still leaves the page's text readable
  window.themeLoaded = true;
  window.display_cells?.();
}
import "./style.css";
import { Kernel } from "./kernel.js";
import { LeanManager } from "./manager.js";
import { renderOutput } from "./outputs.js";

async function main() {
  const cells = document.getElementById("rendered_cells");
  const shell = document.createElement("div"); // (style.css says why)
  shell.className = "hk-lean-shell";
  cells.before(shell);
  shell.appendChild(cells);
  const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  const baseUrl = config.baseUrl;
  const scripts = [...document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')];
  show();
  let manager = null;
  if (config.kernelId) {
    const kernel = new Kernel(baseUrl, config.kernelId);
    kernel.shutdownOnLeave(baseUrl);
    manager = new LeanManager(kernel, baseUrl);
    await kernel.ready;
    await manager.load();
  }
  await Promise.all(
    scripts.map(async (script) => {
      const output = JSON.parse(script.textContent);
      const holder = script.parentElement; // Voila's .jp-OutputArea-child, in the page
      script.remove();
      try {
        await renderOutput(output, holder, manager);
      } catch (error) {
        console.error(error);
      }
    }),
  );
}

main().catch((error) => {
  console.error(error);
  show();
});
