"""Shared fixtures: the demo game registered for the core tests, Voila and Chromium for e2e."""

from __future__ import annotations

import pytest
from demo_game import DEMO

from hordes_kit.core.registry import register

register(DEMO)


@pytest.fixture
def demo():
    return DEMO
