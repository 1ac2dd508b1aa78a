"""Heroes & Hordes' risk ahead and bots compared in the page's address.

Risk ahead: ``?goblins=2&undead=0&dragons=4&draws=5`` (cards in each horde pile now, the
Fate draws ahead). Bots compared: ``?bots=greedy,lookahead&games=10000&seed=3&compare=yes``
(``compare=yes`` when the games were played: they are played again on opening, over the
same seeded deals); the table's readings travel as the Table rules panel writes them."""

from __future__ import annotations

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.query import list_of, one_of, whole_number
from hordes_kit.core.table_rules import link_params
from hordes_kit.heroes_hordes.rules import GAME
from hordes_kit.ui.common import error_html
from hordes_kit.ui.query import follow_address

__all__ = ["risk_params", "open_risk", "bots_params", "open_bots", "MAX_SEED"]

MAX_SEED = 2**31 - 1


def risk_params(risk) -> dict[str, object]:
    """The risk question as a link's parameters."""
    return {pile: box.value for pile, box in risk.sizes.items()} | {"draws": risk.draws.value}


def _risk_checks(risk) -> dict:
    sizes = {p: one_of({str(v) for v in box.options}) for p, box in risk.sizes.items()}
    return sizes | {"draws": one_of({str(v) for v in risk.draws.options})}


def _show_risk(risk, wanted: dict) -> None:
    for pile, box in risk.sizes.items():
        if pile in wanted:
            box.value = int(wanted[pile])
    if "draws" in wanted:
        risk.draws.value = int(wanted["draws"])


def open_risk(risk) -> str:
    """Show the risk question the page's address names; what was wrong with it ("")."""
    return follow_address(
        lambda: _risk_checks(risk),
        lambda wanted: _show_risk(risk, wanted),
        lambda problem: setattr(risk.message, "value", error_html(problem)),
    )


def bots_params(bots) -> dict[str, object]:
    """The bots compared as a link's parameters (``compare=yes`` when the games are shown)."""
    params: dict[str, object] = {
        "bots": ",".join(bots.policies),
        "games": bots.games.value,
        "seed": bots.seed.value,
    }
    if bots.results:
        params["compare"] = "yes"
    return params | link_params(GAME, bots.table_rules)


def _bots_checks(bots) -> dict:
    return {
        "bots": list_of(bots.checks, len(bots.checks)),
        "games": one_of({str(v) for _, v in bots.games.options}),
        "seed": whole_number(0, MAX_SEED),
        "compare": one_of({"yes", "no"}),
    }


def _show_bots(bots, wanted: dict) -> None:
    if "bots" in wanted and not wanted["bots"] and wanted.get("compare") == "yes":
        raise InvalidInputError("bots= in the address names no bot to play")
    if "bots" in wanted:
        for name, box in bots.checks.items():
            box.value = name in wanted["bots"]
    if "games" in wanted:
        bots.games.value = int(wanted["games"])
    if "seed" in wanted:
        bots.seed.value = wanted["seed"]
    if wanted.get("compare") == "yes":
        bots.run()


def open_bots(bots) -> str:
    """Show (and, with ``compare=yes``, play) the comparison the page's address names;
    what was wrong with it ("")."""
    return follow_address(
        lambda: _bots_checks(bots),
        lambda wanted: _show_bots(bots, wanted),
        lambda problem: setattr(bots.status, "value", error_html(problem)),
    )
