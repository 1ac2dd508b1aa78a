"""jsonschema's IRI syntax check, built when it is first used instead of at import.

Voila's server imports jsonschema (through nbformat and jupyter_events); jsonschema imports
``rfc3987_syntax`` for its "iri" format, and that package builds three Earley parsers of
the RFC 3987 grammar as it is imported: about a second of CPU, more than half of what
starting ``hordes-kit serve`` costs, for a check no schema the server reads asks for.

:func:`install` (called by ``hordes-kit serve`` before it imports the server) puts a
stand-in for the package in ``sys.modules``: jsonschema finds its ``is_valid_syntax``
there, and the real parsers are built the first time a value is checked, with the same
answers. Nothing changes if the package is missing or already imported.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

__all__ = ["install"]

_NAME = "rfc3987_syntax"


def _helpers() -> types.ModuleType:
    return importlib.import_module(f"{_NAME}.syntax_helpers")


def _is_valid_syntax(term: str, value: str) -> bool:
    return _helpers().is_valid_syntax(term, value)


def _getattr(name: str):
    if name.startswith("__") and name.endswith("__"):
        # a module's own attributes, asked by tools that walk sys.modules (hypothesis reads
        # every module's __file__ as a test run collects): no reason to build the parsers
        raise AttributeError(name)
    return getattr(_helpers(), name)


def install() -> bool:
    """Put the stand-in in place; True if it was installed (False: nothing to defer)."""
    if _NAME in sys.modules or "jsonschema._format" in sys.modules:
        return False
    try:
        spec = importlib.util.find_spec(_NAME)
    except (ImportError, ValueError):
        return False
    if spec is None or not spec.submodule_search_locations:
        return False
    stand_in = types.ModuleType(_NAME, "RFC 3987 syntax, its parsers built on first use")
    stand_in.__path__ = list(spec.submodule_search_locations)  # its submodules import as usual
    stand_in.__file__ = spec.origin
    stand_in.is_valid_syntax = _is_valid_syntax
    stand_in.__getattr__ = _getattr  # anything else: the real module's (PEP 562)
    sys.modules[_NAME] = stand_in
    return True
