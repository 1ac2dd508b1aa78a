"""The fast simulators' ``njit``: one build per argument types, callees optimised cheaply
and private to the build called from Python.

A function compiled only because compiled code calls it runs numba's cheap module passes;
the function called from Python runs the full pipeline over everything linked into it.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba.core import codegen, event

from hordes_kit.core import fastjit
from hordes_kit.core.fastjit import njit


@pytest.fixture
def pass_costs(monkeypatch):
    """For each library numba optimises, its name and the module pass managers it ran
    ('cheap' or 'full')."""
    libraries: dict[str, list[str]] = {}
    current: list[list[str]] = []
    build = codegen.JITCPUCodegen._module_pass_manager
    optimise = codegen.CPUCodeLibrary._optimize_final_module

    def spy_build(self, **kwargs):
        if current:
            current[-1].append(kwargs.get("cost") or "full")
        return build(self, **kwargs)

    def spy_optimise(self):
        current.append(libraries.setdefault(self.name, []))
        try:
            return optimise(self)
        finally:
            current.pop()

    monkeypatch.setattr(codegen.JITCPUCodegen, "_module_pass_manager", spy_build)
    monkeypatch.setattr(codegen.CPUCodeLibrary, "_optimize_final_module", spy_optimise)
    return libraries


def _pair():
    @njit
    def step(a, k):
        total = 0
        for i in range(a.shape[0]):
            total += a[i] * k
        return total

    @njit
    def run(a):
        return step(a, 3) + step(a, 5)  # two constants: one build of step

    return step, run


def test_a_callee_is_built_once_and_optimised_cheaply_its_caller_in_full(pass_costs):
    assert fastjit.CHEAP_CALLEES, "this numba's internals changed: see fastjit"
    step, run = _pair()
    a = np.arange(10, dtype=np.int64)
    assert run(a) == 45 * 3 + 45 * 5
    assert len(step.overloads) == 1  # not one per constant
    # step's library: the cheap passes only; run's: numba's own cheap-then-full pair
    (step_lib,) = [v for k, v in pass_costs.items() if k.endswith("<locals>.step")]
    (run_lib,) = [v for k, v in pass_costs.items() if k.endswith("<locals>.run")]
    assert step_lib == ["cheap"], pass_costs
    assert run_lib == ["cheap", "full"], pass_costs
    assert fastjit._callee_depth() == 0  # back at the top after the compile


def test_a_callee_called_from_python_still_answers(pass_costs):
    step, run = _pair()
    a = np.arange(4, dtype=np.int64)
    assert run(a) == 6 * 8
    assert step(a, 7) == 42  # the callee's own build, called directly


def test_numba_no_longer_times_each_call_into_llvm():
    """numba's callbacks on llvmlite's lock broadcast two events per call into LLVM (about
    190,000 calls while the Skytear Horde simulator compiles, 8 s of its 73 s of CPU), only
    to time them; importing fastjit unregisters them, and compiling still works."""
    import llvmlite.binding as llvm

    assert fastjit.LLVM_LOCK_TIMING_OFF, "this numba's internals changed: see fastjit"
    numba_callbacks = [
        a for a, _ in llvm.ffi.lib._lock._cblist if "llvm_lock_event" in a.__qualname__
    ]
    assert numba_callbacks == []
    seen = []

    class Count(event.Listener):
        def on_start(self, ev):
            seen.append(ev)

        def on_end(self, ev):
            pass

    listener = Count()
    event.register("numba:llvm_lock", listener)
    try:
        step, run = _pair()
        assert run(np.arange(3, dtype=np.int64)) == 3 * 8
    finally:
        event.unregister("numba:llvm_lock", listener)
    assert seen == []


def test_no_c_callable_wrappers_are_built():
    """Python calls a build through its CPython wrapper; the C-callable one (numba's cfunc
    entry, 4.6% of a simulator's compile) is left out."""
    step, run = _pair()
    assert run(np.arange(3, dtype=np.int64)) == 3 * 8
    for disp in (step, run):
        (cres,) = disp.overloads.values()
        code = cres.library.get_llvm_str()
        assert cres.fndesc.llvm_cpython_wrapper_name in code
        assert cres.fndesc.llvm_cfunc_wrapper_name not in code


def _shared_callee():
    """A callee LLVM cannot inline away (it calls itself twice), and its caller."""

    @njit
    def walk(a, b, c, k):  # reads b only for its size and never reads c
        if k < 2:
            return a[k] + b.shape[0]
        return walk(a, b, c, k - 1) + walk(a, b, c, k - 2) % 7

    @njit
    def run(a, b, c):
        return walk(a, b, c, 9) + walk(a, b, c, 6)

    return walk, run


def test_the_callees_linked_into_a_build_called_from_python_are_private_to_it():
    """So LLVM may drop the values a callee never reads and inline it (fastjit's docstring):
    in the build Python calls, only the function it calls and its wrapper stay shared, every
    copy linked in is private and renamed, and the callee's own build still answers."""
    import llvmlite.binding as llvm

    walk, run = _shared_callee()
    a, b, c = np.arange(5, dtype=np.int64), np.zeros(4), np.zeros((2, 2))
    expect = run.py_func(a, b, c)
    assert run(a, b, c) == expect
    (cres,) = run.overloads.values()
    defined = {f.name: f for f in cres.library._final_module.functions if not f.is_declaration}
    ours = {n: f.linkage for n, f in defined.items() if "_shared_callee" in n}
    shared = sorted(n for n, linkage in ours.items() if linkage != llvm.Linkage.internal)
    assert shared == sorted([cres.fndesc.mangled_name, cres.fndesc.llvm_cpython_wrapper_name])
    assert all(n.endswith(fastjit.PRIVATE) for n in ours if n not in shared)
    assert walk(a, b, c, 3) == walk.py_func(a, b, c, 3)  # found by its name, not run's copy
