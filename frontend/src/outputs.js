// Notebook outputs on the page: a cell's (Voila writes them into the page as JSON) and an
// Output widget's. Only the kinds the dashboards show: widgets, HTML, images, text, errors,
// plotly's charts (plotly.js fetched from this server the first time one is shown).
import { Widget } from "@lumino/widgets";

const WIDGET = "application/vnd.jupyter.widget-view+json";
const PLOTLY = "application/vnd.plotly.v1+json";
const ORDER = [WIDGET, PLOTLY, "text/html", "image/svg+xml", "image/png", "image/jpeg", "text/plain"];
let plotly = null;

// ANSI colour codes in tracebacks and streams: dropped, the text kept
const plain = (text) => String(Array.isArray(text) ? text.join("") : text).replace(/\x1b\[[0-9;]*m/g, "");

function loadPlotly(baseUrl) {
  plotly ??= new Promise((resolve, reject) => {
    const s = document.createElement("script");
    // (the server's plotly version in its address: kept by the browser for a year)
    const kit = JSON.parse(document.getElementById("hordes-kit-config")?.textContent || "{}");
    s.src = `${baseUrl}voila/hk/plotly.min.js?v=${encodeURIComponent(kit.plotly || "")}`;
    s.onload = () => resolve(window.Plotly);
    s.onerror = () => reject(new Error("plotly.js could not be loaded"));
    document.head.appendChild(s);
  });
  return plotly;
}

function textNode(text, mime) {
  const pre = document.createElement("pre");
  pre.textContent = plain(text);
  const div = document.createElement("div");
  div.className = "lm-Widget jp-RenderedText jp-OutputArea-output";
  div.setAttribute("data-mime-type", mime);
  div.appendChild(pre);
  return div;
}

/** One output (nbformat's JSON) as a node appended to ``parent``. */
export async function renderOutput(output, parent, manager) {
  const type = output.output_type;
  if (type === "stream") {
    parent.appendChild(textNode(output.text, `application/vnd.jupyter.${output.name === "stderr" ? "stderr" : "stdout"}`));
    return;
  }
  if (type === "error") {
    parent.appendChild(textNode((output.traceback || []).join("\n") || `${output.ename}: ${output.evalue}`, "application/vnd.jupyter.stderr"));
    return;
  }
  const data = output.data || {};
  const mime = ORDER.find((m) => m in data);
  if (!mime) return;
  const value = data[mime];
  if (mime === WIDGET) {
    if (!manager || !manager.has_model(value.model_id)) {
      parent.appendChild(textNode(data["text/plain"] || "", "text/plain")); // as Voila does
      return;
    }
    const model = await manager.get_model(value.model_id);
    const view = await manager.create_view(model, {});
    const holder = document.createElement("div");
    holder.className = "lm-Widget jp-OutputArea-output";
    holder.setAttribute("data-mime-type", WIDGET);
    parent.appendChild(holder);
    Widget.attach(view.luminoWidget, holder);
    view.on("remove", () => holder.remove());
    return;
  }
  const div = document.createElement("div");
  div.className = "lm-Widget jp-OutputArea-output";
  div.setAttribute("data-mime-type", mime);
  if (mime === "text/plain") {
    parent.appendChild(textNode(value, mime));
    return;
  }
  parent.appendChild(div);
  if (mime === "text/html" || mime === "image/svg+xml") {
    div.classList.add("jp-RenderedHTMLCommon", "jp-RenderedHTML");
    div.innerHTML = plain(value);
  } else if (mime === PLOTLY) {
    const Plotly = await loadPlotly(manager.baseUrl);
    const layout = { ...(value.layout || {}) };
    await Plotly.newPlot(div, value.data || [], layout, value.config || {});
    new ResizeObserver(() => div.isConnected && Plotly.Plots.resize(div)).observe(div);
  } else {
    div.classList.add("jp-RenderedImage");
    const img = document.createElement("img");
    img.src = `data:${mime};base64,${String(value).replace(/\n/g, "")}`;
    div.appendChild(img);
  }
}

/** Every output of a list, in order, as the children of ``node`` (replacing them). */
export async function renderOutputs(outputs, node, manager) {
  node.replaceChildren();
  for (const output of outputs) {
    const child = document.createElement("div");
    child.className = "jp-OutputArea-child";
    node.appendChild(child);
    try {
      await renderOutput(output, child, manager);
    } catch (error) {
      child.appendChild(textNode(`Javascript Error: ${error.message}`, "application/vnd.jupyter.stderr"));
    }
  }
}
