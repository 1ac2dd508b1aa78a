"""``njit`` for the fast simulators: one compiled build per argument types.

numba's own ``njit`` compiles a function called from compiled code once per *constant*
passed to it (``push(S, TK_DRAW, a)`` and ``push(S, TK_LEAVE, a)`` are two builds, each
linking everything it calls). The Skytear Horde simulator passes task and keyword numbers
everywhere, so it made 292 builds of 140 functions and compiled for over a minute and a
half on first use. This ``njit`` types every constant argument as its plain type (an
``int`` as int64), so each function is built once per argument types, as a call from
Python would build it; the code is the same, only compiled fewer times.

It also optimises a function compiled only because another compiled function calls it
more cheaply. numba links every callee's module into its caller and optimises the whole
again, so each level of a call tree was optimised in full once for itself and once more
inside every caller: the same code went through LLVM's full pipeline many times. A
callee's module now gets only numba's cheap pass (the inlining that lets reference counts
be pruned); the function called from Python gets the full pipeline over everything linked
into it, as before, so the code that runs is optimised as fully as it was. Measured on
the Fantahzee simulator: 81-87 s of CPU to compile before, 55-68 s after, and 4,000 games
in the same time (22.0 s against 21.7 s).

The functions linked into a build called from Python are made private to it. numba links
each callee into its caller as ``linkonce_odr`` (a definition another module may share), so
LLVM must keep every callee's calling convention as numba made it: an array passed as 7 to 9
values (its meminfo, parent, size, item size, data, shapes and strides), so a call passing
the Skytear Horde simulator's four tables copies some 40 values, and a callee called from
many places is not inlined. Private (internal linkage, and renamed so that no other build
looking a function up by name finds this copy), LLVM drops the values a callee never reads,
inlines a callee called once or small, and folds what is left; the function Python calls
and its wrapper stay as they were. Measured on the Skytear Horde simulator, one core: 164
to 95 us of CPU per solo game, 307 to 169 per co-op game; the same games.

Importing it also stops numba timing each call into LLVM. numba registers a callback on
llvmlite's lock that broadcasts a start and an end event on every one of those calls (some
190,000 while the Skytear Horde simulator compiles), only to store the total as a timer in
each build's metadata, which nothing here reads. Measured from an empty cache: Skytear
Horde 73.0 s of CPU to compile with it, 65.0 s without; Fantahzee 83.4 s and 75.8 s;
Heroes & Hordes 32.6 s and 31.1 s. The builds are the same.

Nor does it build each function's C-callable wrapper (numba's ``cfunc`` entry, for passing
a compiled function as a first-class value, which the simulators never do): sampled while
compiling from an empty cache, building those wrappers took 4.6% of the Skytear Horde
simulator's compile and 4.6% of Fantahzee's. Python calls go through the CPython wrapper,
which is still built.

The code is built for any x86-64 CPU (numba's ``NUMBA_CPU_NAME=generic``, set as the kit
is imported, in ``hordes_kit/__init__.py``), unless numba was told otherwise: the kit
ships the simulators compiled (``fastcache``), and a build for this machine's own CPU
could only be loaded on machines with the same one. Measured on the
Skytear Horde simulator, 3,000 games: 1.75-1.79 s of CPU built for this machine's CPU,
1.76-1.83 s built for any. Before a function compiles, its game's shipped build is copied
into numba's cache if it was made from these sources (``fastcache.seed``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from types import ModuleType

import llvmlite.binding as _llvm
from numba import njit as _numba_njit
from numba.core import base as _base  # noqa: F401  (registers numba's LLVM lock timing)
from numba.core import codegen as _codegen
from numba.core import types
from numba.core.registry import CPUDispatcher

from hordes_kit.core import fastcache

__all__ = ["njit", "cache_dirs"]

_nested = threading.local()  # how deep this thread is in compiles called from compiled code


def _callee_depth() -> int:
    return getattr(_nested, "depth", 0)


PRIVATE = ".hk_private"  # ends the name of a function made private to the build holding it
_WRAPPER = "_ZN7cpython"  # numba's CPython wrapper of a function: "_ZN7cpython" + its name[3:]


def _privatise(module) -> int:
    """Make the functions linked into a build called from Python private to it (see the
    module's docstring): every compiled Python function but the one Python calls (numba's
    own helpers are left as they are). Returns how many; 0 if numba names things otherwise."""
    defined = {f.name: f for f in module.functions if not f.is_declaration}
    wrappers = {name for name in defined if name.startswith(_WRAPPER)}
    called = {"_ZN" + name[len(_WRAPPER) :] for name in wrappers}
    if not wrappers or not called <= defined.keys():
        return 0
    shared = (_llvm.Linkage.linkonce_odr, _llvm.Linkage.external)
    n = 0
    for name, f in defined.items():
        if name in wrappers or name in called or not name.startswith("_ZN"):
            continue
        if name.startswith("_ZN5numba") or f.linkage not in shared:
            continue
        f.linkage = _llvm.Linkage.internal
        f.name = name + PRIVATE
        n += 1
    return n


def _install_cheap_callee_optimisation() -> bool:
    """Have a library compiled as a callee run only numba's cheap module passes (see the
    module's docstring). Leaves numba as it is (and says False) if its internals differ."""
    lib = getattr(_codegen, "CPUCodeLibrary", None)
    full = getattr(lib, "_optimize_final_module", None)
    prune = getattr(_codegen, "remove_redundant_nrt_refct", None)
    if getattr(full, "_hk_cheap_callees", False):  # installed already (a reload)
        return True
    if full is None or prune is None:
        return False

    def optimize_final_module(self):
        if _callee_depth() == 0:
            _privatise(self._final_module)
            return full(self)
        try:
            mpm, pb = self._codegen._module_pass_manager(
                loop_vectorize=self._codegen._loopvect,
                slp_vectorize=False,
                opt=self._codegen._opt_level,
                cost="cheap",
            )
        except (AttributeError, TypeError):  # another numba: its own passes, unchanged
            return full(self)
        mpm.run(self._final_module, pb)
        if not _codegen.config.LLVM_REFPRUNE_PASS:
            self._final_module = prune(self._final_module)

    optimize_final_module._hk_cheap_callees = True
    lib._optimize_final_module = optimize_final_module
    return True


CHEAP_CALLEES = _install_cheap_callee_optimisation()


def _drop_llvm_lock_timing() -> bool:
    """Unregister numba's event callbacks on llvmlite's lock (see the module's docstring).
    Says whether they are off; leaves numba as it is if its internals differ."""
    lock = getattr(getattr(getattr(_llvm, "ffi", None), "lib", None), "_lock", None)
    callbacks = getattr(lock, "_cblist", None)
    if not isinstance(callbacks, list):
        return False
    numba_timing = [
        (acquire, release)
        for acquire, release in callbacks
        if "_initialize_llvm_lock_event" in getattr(acquire, "__qualname__", "")
    ]
    for acquire, release in numba_timing:
        _llvm.ffi.unregister_lock_callback(acquire, release)
    return not any(pair in callbacks for pair in numba_timing)


LLVM_LOCK_TIMING_OFF = _drop_llvm_lock_timing()


class _PlainArgsDispatcher(CPUDispatcher):
    """A CPU dispatcher that types constant arguments by their plain type when called from
    compiled code (no specialisation per constant value), and that has its game's shipped
    build put in numba's cache before it first compiles."""

    def compile(self, sig):
        fastcache.seed(self)  # once a game per process
        return super().compile(sig)

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        _nested.depth = _callee_depth() + 1  # a compile from here is a callee's
        try:
            return super().get_call_template(args, kws)
        finally:
            _nested.depth -= 1


def cache_dirs(module: ModuleType) -> Iterator[str]:
    """The folders numba caches a module's compiled functions in."""
    for value in vars(module).values():
        path = getattr(getattr(value, "_cache", None), "_cache_path", None)
        if isinstance(value, _PlainArgsDispatcher) and path:
            yield path


def njit(fn=None, **options):
    """``numba.njit(**options)``, building ``fn`` once per argument types (not per constant),
    without a C-callable wrapper unless asked (``no_cfunc_wrapper=False``)."""
    options.setdefault("no_cfunc_wrapper", True)

    def wrap(f):
        disp = _numba_njit(**options)(f)
        if type(disp) is CPUDispatcher:  # not under NUMBA_DISABLE_JIT (a plain function)
            disp.__class__ = _PlainArgsDispatcher
        return disp

    return wrap if fn is None else wrap(fn)
