"""Card files fuzzed field by field and row by row (issue 40): every field of every card
given every kind of TOML value, counts at and past their bounds, rows dropped, repeated,
renamed to another row's name in any case or to a name that makes no id.

The property, for each game whose card file is TOML: the loader refuses the file with one
``CardDataError`` naming the file, or the cards it returns start a game that plays (the
semantic checks live in the loader: nothing loads and then sticks). ``make test`` tries
a quick sample; ``make test-long`` twenty times as many.
"""

from __future__ import annotations

import pytest
from budget import sized
from card_strategies import card_file_edits
from hypothesis import HealthCheck, given, settings

from hordes_kit.core.errors import CardDataError
from hordes_kit.core.smoke import smoke_test


def _skytear(text):
    from hordes_kit.skytear.cards import load_card_text
    from hordes_kit.skytear.cli import _trial_configs

    return [c | {"cards": text} for c in _trial_configs(load_card_text(text, "mine.toml"), text)]


def _shadows(text):
    from hordes_kit.shadows.cards import load_cards

    heroes = len(load_cards(text, "mine.toml").heroes)
    return [{"players": p, "cards": text} for p in (3, 2) if p <= heroes]


def _fantahzee(text):
    from hordes_kit.fantahzee.cards import cards_from_text

    cards_from_text(text, "mine.toml")
    return [{"players": p, "cards": text} for p in (5, 2)]


LOADERS = {"skytear": _skytear, "shadows": _shadows, "fantahzee": _fantahzee}


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_an_edited_card_file_is_refused_by_name_or_plays(game):
    @settings(
        max_examples=sized(40, 800),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(card_file_edits(game))
    def run(text):
        try:
            configs = LOADERS[game](text)
        except CardDataError as e:
            assert e.file == "mine.toml" and "\n" not in str(e), str(e)
            return
        for config in configs[:2]:
            smoke_test(game, config, moves=100)  # a CardDataError here is a file that stuck

    run()
