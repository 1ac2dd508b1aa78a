"""The Horde's survival explorer in the page's address: the policy, its tuning, the games,
the seed and (when the games were played) whether to play them again on opening.

``?policy=balanced&buys=ring-of-speed,flute&reserve=2&flips=1&heal=yes&games=10000&seed=7
&run=policy`` (``run=compare``: every named policy). The table's readings travel too,
written as the Table rules panel writes them (it reads them back)."""

from __future__ import annotations

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.query import list_of, one_of, whole_number
from hordes_kit.core.table_rules import link_params
from hordes_kit.the_horde.bots import POLICIES
from hordes_kit.the_horde.rules import GAME
from hordes_kit.ui.common import error_html
from hordes_kit.ui.query import follow_address

__all__ = ["survival_params", "open_survival", "YES_NO"]

YES_NO = {"yes": True, "no": False}
RUNS = ("policy", "compare")


def survival_params(ex) -> dict[str, object]:
    """The explorer's question as a link's parameters (``run`` when its games are shown)."""
    params: dict[str, object] = {
        "policy": ex.policy.value,
        "buys": ",".join(ex.wants.value),
        "reserve": ex.reserve.value,
        "flips": ex.extra.value,
        "heal": "yes" if ex.heal.value else "no",
        "games": ex.games.value,
        "seed": ex.seed.value,
    }
    if ex.results:
        params["run"] = ex.ran
    return params | link_params(GAME, ex.table_rules)


def _checks(ex) -> dict:
    return {
        "policy": one_of(POLICIES),
        "buys": list_of({i for _, i in ex.wants.options}, ex.wants.max_items),
        "reserve": whole_number(ex.reserve.min, ex.reserve.max),
        "flips": one_of({str(v) for v in ex.extra.options}),
        "heal": one_of(YES_NO),
        "games": whole_number(ex.games.min, ex.games.max),
        "seed": whole_number(ex.seed.min, ex.seed.max),
        "run": one_of(RUNS),
    }


def _show(ex, wanted: dict) -> None:
    if wanted.get("run") == "policy" and "buys" in wanted and not wanted["buys"]:
        raise InvalidInputError("buys= in the address is empty: the policy has nothing to buy")
    if "policy" in wanted:
        ex.policy.value = wanted["policy"]
    if "buys" in wanted:
        ex.wants.set(wanted["buys"])
    for key, box, value in (
        ("reserve", ex.reserve, wanted.get("reserve")),
        ("flips", ex.extra, int(wanted["flips"]) if "flips" in wanted else None),
        ("heal", ex.heal, YES_NO.get(wanted.get("heal", ""))),
        ("games", ex.games, wanted.get("games")),
        ("seed", ex.seed, wanted.get("seed")),
    ):
        if key in wanted:
            box.value = value
    if wanted.get("run") == "policy":
        ex.run()
    elif wanted.get("run") == "compare":
        ex.compare()


def open_survival(ex) -> str:
    """Show (and play, with ``run``) the question the page's address names; what was
    wrong with it ("")."""

    def say(problem: str) -> None:
        ex.status.value = error_html(problem)

    return follow_address(lambda: _checks(ex), lambda wanted: _show(ex, wanted), say)
