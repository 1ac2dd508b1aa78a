"""How big the statistical and sweeping tests are: quick for `make test`, long for
`make test-long` (HORDES_KIT_LONG=1). A quick test still proves its claim, at the power
it needs; the long one repeats it at scale."""

from __future__ import annotations

import os

__all__ = ["LONG", "sized"]

LONG = os.environ.get("HORDES_KIT_LONG", "") == "1"


def sized(quick: int, long: int) -> int:
    """``quick`` in `make test`, ``long`` in `make test-long`."""
    return long if LONG else quick
