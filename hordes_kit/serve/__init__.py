"""``hordes-kit serve``: every dashboard served to a playgroup with Voila.

Which module holds what (``server`` imports the others; nothing here imports ``server``):

- ``server``: the command itself (``serve``, ``voila_argv``) and what it adds to Voila:
  the kit's handlers, its page template (``templates/index.html.j2``), the token,
  compiled templates kept for the server's life, the fast simulators compiled at start.
- ``kernels``: the kernel budget (a cap on kernels, preheated pools kept within it,
  memory handed back).
- ``launch``: how a page's kernel starts: forked from the kernel template, else without
  ipykernel's debugger (``without_debugger``, ``is_kernel``, ``kernel_processes``).
- ``template``: the kernel template, ``python -m hordes_kit.serve.template``: one process
  that has imported the kit and forks each page's kernel from itself.
- ``kernel``: the launcher of a kernel started without it, ``python -m hordes_kit.serve.kernel``.
- ``gate``: the names the server answers to, its kernels' own key, the host's Dask cluster.
- ``guard``: floods bounded: connections and websockets per address and per kernel, idle
  ones closed, the open-files limit raised, odd addresses not found.
- ``assets``: the front end's static files sent gzip-compressed, with cache lifetimes.
- ``lean``: the pages' front end, the kit's own script (``static/``, built from
  ``frontend/`` by ``make frontend``) instead of Voila's JupyterLab application.
- ``frontend``: what Voila's front end (``HORDES_KIT_FRONTEND=voila``) is spared
  (MathJax: a stand-in).
- ``listen``: how it listens (TLS with --certfile, through ``guard``'s bounded server).
- ``liveness``: the kernel of a page whose browser never came, or is gone, shut down.
- ``log``: the server's log, a line repeated many times counted.
- ``pages``: the server's own pages (the table is full, ask for the link, went wrong) and
  the text-only dashboards served without a kernel.
- ``dashboard``: the kernels' side, imported by the pages themselves (``hordes_kit.ui``):
  no tracebacks in the browser, the host's cluster, the kernel's key.

This package's own module imports nothing, so a page's kernel that imports
``serve.dashboard`` loads none of the server.
"""
