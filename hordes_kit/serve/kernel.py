"""A dashboard page's kernel: ipykernel's own launcher, without the debugger.

``hordes-kit serve`` starts each page's kernel with ``python -m hordes_kit.serve.kernel`` in
place of ``python -m ipykernel_launcher`` (``launch.KitKernel``) when it does not fork it
from its template (``template.py``, which imports ipykernel the same way). ipykernel imports
debugpy's pydevd as it starts, for a debugger that a Voila page never offers; without it a
kernel starts in 0.28-0.29 s of CPU instead of 0.43-0.53 s, and holds 43 MB instead of 51
(measured on this machine, a kernel started and then running the Fantahzee odds page). A
visitor's kernel has no debugger to attach to, either. JupyterLab's own kernels are not
changed.
"""

import sys

if __name__ == "__main__":
    if sys.path and sys.path[0] == "":  # as ipykernel_launcher: not the folder it runs in
        del sys.path[0]
    sys.modules["debugpy"] = None  # an import of it fails: ipykernel runs without a debugger
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()
