"""``njit`` for the fast simulators: one compiled build per argument types.

numba's own ``njit`` compiles a function called from compiled code once per *constant*
passed to it (``push(S, TK_DRAW, a)`` and ``push(S, TK_LEAVE, a)`` are two builds, each
linking everything it calls). The Skytear Horde simulator passes task and keyword numbers
everywhere, so it made 292 builds of 140 functions and compiled for over a minute and a
half on first use. This ``njit`` types every constant argument as its plain type (an
``int`` as int64), so each function is built once per argument types, as a call from
Python would build it; the code is the same, only compiled fewer times.
"""

from __future__ import annotations

from numba import njit as _numba_njit
from numba.core import types
from numba.core.registry import CPUDispatcher

__all__ = ["njit"]


class _PlainArgsDispatcher(CPUDispatcher):
    """A CPU dispatcher that types constant arguments by their plain type when called from
    compiled code (no specialisation per constant value)."""

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


def njit(fn=None, **options):
    """``numba.njit(**options)``, building ``fn`` once per argument types (not per constant)."""

    def wrap(f):
        disp = _numba_njit(**options)(f)
        if type(disp) is CPUDispatcher:  # not under NUMBA_DISABLE_JIT (a plain function)
            disp.__class__ = _PlainArgsDispatcher
        return disp

    return wrap if fn is None else wrap(fn)
