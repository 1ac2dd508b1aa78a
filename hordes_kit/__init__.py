"""hordes_kit: rules engines, exact odds and dashboards for five fantasy card-and-dice games.

The package imports no widget library at top level; dashboards import
``hordes_kit.ui``.
"""

import os as _os
import sys as _sys

__version__ = "0.1.0"
__all__ = ["__version__"]


def _numba_for_any_cpu() -> None:
    """Have numba build the fast simulators for any x86-64 CPU (the kit ships them built
    so: ``core/fastcache.py``), before the first compiled function of the process, whatever
    imports numba first. Leaves a CPU named by the user, or a numba already building."""
    config = _sys.modules.get("numba.core.config")
    if config is None:  # numba reads it when imported (this process and its children)
        _os.environ.setdefault("NUMBA_CPU_NAME", "generic")
        return
    registry = _sys.modules.get("numba.core.registry")
    built = registry is not None and "_toplevel_target_context" in vars(registry.cpu_target)
    if not built and config.CPU_NAME is None and config.CPU_FEATURES is None:
        config.CPU_NAME, config.CPU_FEATURES = "generic", ""


_numba_for_any_cpu()
