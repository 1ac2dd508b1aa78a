"""The page's address: what ``?scenario=...&step=...`` or ``?rule=...`` asks a page to open.

Voila hands a page's query string to its kernel in two ways. A kernel started for the
request has it in ``os.environ["QUERY_STRING"]``. A preheated kernel ran the notebook
before anyone asked, so its environment is empty until the page is opened:
``voila.utils.get_query_string()`` waits for the request and then returns it (call it
where the address matters, after the slow work). In plain Jupyter or Python there is
no address: the query is empty. :func:`query_string` does the right one of the three;
:func:`page_query` checks the parameters a page reads (``core.query``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.query import Check, parse_query

__all__ = ["query_string", "page_query"]

_preheated: str | None = None  # the preheated kernel's query, once the page has been opened


def query_string() -> str:
    """The query string of the page this kernel serves ("" outside Voila)."""
    global _preheated
    if os.environ.get("VOILA_PREHEAT") == "True":
        if _preheated is None:
            from voila.utils import get_query_string  # only a preheated kernel needs voila

            _preheated = get_query_string() or ""
        return _preheated
    return os.environ.get("QUERY_STRING", "")


def page_query(checks: Mapping[str, Check]) -> tuple[dict[str, object], str]:
    """The parameters a page reads, checked, and what was wrong in words ("" if nothing).

    A bad address never stops the page: it opens as if the query were empty and says why.
    """
    try:
        return parse_query(query_string(), checks), ""
    except HordesKitError as e:
        return {}, str(e)
