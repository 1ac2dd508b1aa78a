"""Stepping a walkthrough player through every scenario, question by question (tests)."""

from __future__ import annotations

from collections.abc import Iterator


def open_questions(player) -> Iterator[tuple[int, object]]:
    """Each question of each scenario in turn, as (scenario index, frame): the steps
    between are stepped through; the caller answers each before asking for the next."""
    for i in range(len(player.scenarios)):
        player.load(i)
        while player.i < len(player.frames):
            q = player.pending_question()
            if q is None:
                player.next()
                continue
            yield i, q
