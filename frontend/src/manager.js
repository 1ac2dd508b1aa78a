// The widget manager: models and views of ipywidgets 8 (base, controls, output) and
// anywidget, connected to the page's kernel (kernel.js). Modelled on ipywidgets'
// HTMLManager and Voila's KernelWidgetManager, without JupyterLab's rendermime.
import * as base from "@jupyter-widgets/base";
import { ManagerBase } from "@jupyter-widgets/base-manager";
import * as controls from "@jupyter-widgets/controls";
import { amd } from "./define.js";
import "anywidget";
import { renderOutputs } from "./outputs.js";

const anywidget = amd.factory(base);

// ipywidgets' Output widget: outputs the kernel sets, and those printed ``with out:``
// (the kernel names the request whose outputs it captures: ``msg_id``)
class OutputModel extends base.DOMWidgetModel {
  defaults() {
    return {
      ...super.defaults(),
      _model_name: "OutputModel",
      _view_name: "OutputView",
      _model_module: "@jupyter-widgets/output",
      _view_module: "@jupyter-widgets/output",
      msg_id: "",
      outputs: [],
    };
  }
  initialize(attributes, options) {
    super.initialize(attributes, options);
    this.clearNext = false;
    this.on("change:msg_id", this.capture, this);
    this.capture();
  }
  capture() {
    const kernel = this.widget_manager.kernel;
    if (this.hooked) kernel.hooks.delete(this.hooked);
    this.hooked = this.get("msg_id") || null;
    if (this.hooked) kernel.hooks.set(this.hooked, (msg) => this.take(msg));
  }
  take(msg) {
    const type = msg.header.msg_type;
    let outputs = this.clearNext ? [] : [...this.get("outputs")];
    if (type === "clear_output") {
      if (msg.content.wait) this.clearNext = true;
      else outputs = [];
    } else if (["stream", "display_data", "execute_result", "error"].includes(type)) {
      this.clearNext = false;
      const out = { ...msg.content, output_type: type };
      const last = outputs[outputs.length - 1];
      if (type === "stream" && last && last.output_type === "stream" && last.name === out.name) {
        outputs[outputs.length - 1] = { ...last, text: last.text + out.text };
      } else {
        outputs.push(out);
      }
    } else {
      return false;
    }
    this.set("outputs", outputs);
    this.save_changes();
    return true;
  }
}

class OutputView extends base.DOMWidgetView {
  render() {
    this.el.classList.add("jupyter-widgets", "widget-output", "jp-OutputArea");
    this.listenTo(this.model, "change:outputs", this.draw);
    this.draw();
  }
  draw() {
    renderOutputs(this.model.get("outputs"), this.el, this.model.widget_manager);
  }
}

const MODULES = {
  "@jupyter-widgets/base": base,
  "@jupyter-widgets/controls": controls,
  "@jupyter-widgets/output": { OutputModel, OutputView },
  anywidget,
};

export class LeanManager extends ManagerBase {
  constructor(kernel, baseUrl) {
    super();
    this.kernel = kernel;
    this.baseUrl = baseUrl;
    kernel.targets.set(this.comm_target_name, (comm, msg) => this.handle_comm_open(comm, msg));
  }

  async loadClass(className, moduleName, moduleVersion) {
    const module = MODULES[moduleName];
    if (!module || !module[className]) {
      throw new Error(`Class ${className} not found in module ${moduleName}@${moduleVersion}`);
    }
    return module[className];
  }

  async _create_comm(target, modelId, data, metadata, buffers) {
    const comm = this.kernel.comm(target, modelId);
    if (data || metadata) comm.open(data, undefined, metadata, buffers);
    return comm;
  }

  async _get_comm_info() {
    const reply = await this.kernel.request("comm_info_request", { target_name: this.comm_target_name });
    return reply.content.comms;
  }

  load() {
    return this._loadFromKernel();
  }
}
