"""The coming turn, exactly: what the horde deck can bring and what it does to your board.

From any position before the end of the turn, every way the horde deck can fall (the
wave, card by card, and the treachery card) is explored through the rules engine with
its exact probability. The players' board stays as it is: in the alliance phase and the
reactions nobody acts ("done"), nobody draws when a monster falls, and the other choices
inside the turn (ties, targets, order) are the sensible bot's. The fight has no dice, so
the only chance left is the deck: "the castle takes 3 or more with 22%".

Which alliance cards a draw or a pillage turns up changes none of the figures (nobody
plays them), so those chance nodes follow one representative card; treachery cards with
the same symbols (or the same ability) do the same thing and are explored once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.state import evolve, gc_paused
from hordes_kit.skytear.bots import sensible_policy
from hordes_kit.skytear.flow import advance, do
from hordes_kit.skytear.game import SkyState
from hordes_kit.skytear.machine import Roll
from hordes_kit.skytear.state import quiet_log

__all__ = ["Outcome", "Forecast", "forecast", "turn_outcome", "forecast_choice", "HORDE_CHANCE"]

HORDE_CHANCE = ("horde", "treachery", "reveal", "random")
MEASURES = ("castle", "portal", "pillage", "allies_lost")
ONE = Fraction(1)
# steps of the turn whose queue names no unit: positions equal up to unit ids share a future
# (the reinforce phase: two orders of the wave often leave one board, then the same steps
# run to the treachery card)
MEMO_AT = ("reinforce_phase", "act:alliance", "treachery")
STOPS = frozenset(("reinforce_phase",))  # memo points that ask nothing: the walk stops there
GO_ON = object()  # the pick of a stop: its step runs (it asks nothing)
# the steps whose task never names a unit (the rest of a turn once its wave is in)
UNIT_FREE = frozenset(
    ("act", "end_alliance", "taunt", "treachery", "reactions", "fight_phase", "pillage_phase")
    + ("return_pillagers", "end_phase", "reinforce_phase", "outsider_pile", "rotate")
    + ("alliance_phase",)
)


@dataclass(frozen=True)
class Outcome:
    """What one way the turn can go does: damage, pillage, losses, and what arrived where."""

    castle: int = 0  # damage the castle takes
    portal: int = 0  # damage dealt to the portal
    pillage: int = 0  # cards each player loses to pillage
    allies_lost: int = 0  # allies and towers destroyed
    wave: tuple[str, ...] = ()  # "Skyboot Gunner: lane 2", in the order they came
    treachery: str = ""  # the treachery card's effect and the boosted monster
    result: str = ""  # "loss" or "win" if the game ends this turn

    def plus(self, other: Outcome) -> Outcome:
        """Two consecutive stretches of one turn, added up."""
        if other is NOTHING:
            return self
        if self is NOTHING:
            return other
        return Outcome(
            self.castle + other.castle,
            self.portal + other.portal,
            self.pillage + other.pillage,
            self.allies_lost + other.allies_lost,
            self.wave + other.wave,
            self.treachery or other.treachery,
            self.result or other.result,
        )


@dataclass(frozen=True)
class Forecast:
    """The exact distribution of the turn's outcomes (probabilities are Fractions)."""

    outcomes: dict[Outcome, Fraction]
    leaves: int = 0
    notes: tuple[str, ...] = field(default=())

    def dist(self, measure: str) -> dict:
        """P(measure = value) for castle, portal, pillage, allies_lost, wave, treachery, result."""
        out: dict = defaultdict(Fraction)
        for o, p in self.outcomes.items():
            out[getattr(o, measure)] += p
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], str(kv[0]))))

    def at_least(self, measure: str, k: int) -> Fraction:
        """P(measure >= k), e.g. the castle takes 3 or more."""
        return sum((p for o, p in self.outcomes.items() if getattr(o, measure) >= k), Fraction(0))

    def expected(self, measure: str) -> Fraction:
        """The mean of a numeric measure."""
        return sum((getattr(o, measure) * p for o, p in self.outcomes.items()), Fraction(0))

    def sentence(self, measure: str = "castle", k: int | None = None) -> str:
        """One line in words: 'the castle takes 3 or more with 22%'."""
        if k is None:
            k = max(1, round(float(self.expected(measure))))
        p = float(self.at_least(measure, k))
        what = {
            "castle": f"the castle takes {k} or more",
            "portal": f"the portal takes {k} or more",
            "pillage": f"each player loses {k} or more cards to pillage",
            "allies_lost": f"you lose {k} or more allies or towers",
        }[measure]
        return f"{what} with {p:.0%}"

    def to_json(self) -> dict:
        """JSON-ready summary: each distribution as [value, probability] lists."""

        def table(m):
            return [[k, float(v)] for k, v in self.dist(m).items()]

        return {
            "castle": table("castle"),
            "portal": table("portal"),
            "pillage": table("pillage"),
            "allies_lost": table("allies_lost"),
            "treachery": table("treachery"),
            "wave": [[list(k), float(v)] for k, v in list(self.dist("wave").items())[:12]],
            "result": table("result"),
            "expected": {m: float(self.expected(m)) for m in MEASURES},
            "leaves": self.leaves,
        }


NOTHING = Outcome()
# the rules whose lines ``_events`` reads beyond their numbers
_READ = frozenset(
    "skytear." + r
    for r in ("destruction", "horde.monster", "horde.summon", "keywords.pillager")
    + ("horde.lanes-full", "treachery.boosted", "treachery.card")
)
_KEEP = _READ | {"skytear.turn"}  # and the new turn's line, where a turn's events end
_NUMBERS = frozenset(("castle_damage", "portal_damage", "pillaged"))  # read from any line


def _events(before: int, s: SkyState) -> Outcome:
    castle = portal = pillage = lost = 0
    wave: list[str] = []
    tre = ""
    for e in s.log[before:]:
        rule = e.rule
        if rule == "skytear.turn":
            break  # the next turn has begun
        d = e.data
        if d:
            castle += d.get("castle_damage", 0)
            portal += d.get("portal_damage", 0)
            if d.get("pillaged") and d.get("seat") == 0:
                pillage += 1
        if rule not in _READ:
            continue  # most lines: what they say counts in no figure
        r = rule.split(".", 1)[1]
        if r == "destruction" and "card" in d and s.cards.cards[d["card"]].kind == "alliance":
            lost += 1
        if r == "horde.monster":
            wave.append(f"{s.name(d['card'])}: lane {d['lane']}")
        elif r in ("horde.summon",) and s.cards.cards[d["card"]].type != "monster":
            wave.append(f"{s.name(d['card'])}: {s.cards.cards[d['card']].type}")
        elif r == "keywords.pillager":
            wave.append(e.text.split(" has ")[0] + ": back line")
        elif r == "horde.lanes-full" and "card" in d:
            wave.append(f"{s.name(d['card'])}: outsider pile")
        elif r == "treachery.boosted":
            who = d["target"] or "no monster in the front line"
            tre = f"+{d['bonus']} on the {d['side']}: {who}"
        elif r == "treachery.card":
            c = s.cards.cards[d["card"]]
            if not c.treachery_side:
                tre = (
                    f"{c.name}: "
                    + "; ".join(
                        a.text.split(":", 1)[1].strip()
                        for a in c.abilities
                        if a.trigger == "treachery"
                    )
                    if any(a.trigger == "treachery" for a in c.abilities)
                    else f"{c.name}: nothing"
                )
    if not (castle or portal or pillage or lost or wave or tre):
        return NOTHING  # (the same value; ``plus`` passes it by)
    return Outcome(castle, portal, pillage, lost, tuple(wave), tre)


def forecast_choice(s: SkyState) -> str:
    """The board stays as it is: nobody acts or draws; other choices are the sensible bot's."""
    kind = s.head().kind
    if kind == "act":
        return "done"
    if kind == "may_draw":
        return "draw:none"
    return sensible_policy(s, None)  # type: ignore[arg-type]  # deterministic


def _treachery_group(s: SkyState, card: str) -> tuple:
    c = s.card(card)
    if c.treachery_side:
        return ("bonus", c.treachery_side, c.treachery_bonus)
    return ("ability",) + tuple(a.text for a in c.abilities if a.trigger == "treachery")


def _step(head) -> str:
    """A step and its phase ('act:alliance'): the memo's points."""
    return f"{head.kind}:{head.args[0]}" if head.args else head.kind


def _board_key(x: SkyState) -> tuple:
    """The position with unit ids erased: equal keys have the same future when no pending
    task refers to a unit (true at the steps in ``MEMO_AT``)."""

    def bare(u):
        return None if u is None else evolve(u, uid=0)

    return (
        tuple(map(bare, x.monsters)),
        tuple(map(bare, x.allies)),
        tuple(map(bare, x.back)),
        x.dead_minions,
        x.castle_hp,
        x.castle_exhausted,
        x.portal,
        x.portal_damage,
        x.rotation,
        x.portal_pile,
        x.portal_down,
        x.outsider_line,
        x.outsider_pile,
        x.outsider_out,
        x.horde_deck,
        x.horde_discard,
        x.hidden,
        x.concealed_pool,
        x.lane_tokens,
        x.seats,
        x.tasks,
        x.win_pending,
        x.turn,
        x.campaign,
        x.ref(x.boosted) if x.boosted else "",
        x.treachery,
    )


TAIL = {"mill", "return_pillagers", "end_phase"}
# what ``forecast_choice`` answers whatever the position: the steps take it without asking
# (an alliance step would list every action the player could take, only to hear "done")
ANSWERS = {"act": ("done",), "may_draw": -1}


def _pillage_key(x: SkyState) -> tuple | None:
    """At a pillaged card with only the pillage, return pillagers and the end phase left, the
    rest of the turn is decided by the queue, the decks' sizes and whether the outsider fell
    (which cards are pillaged changes nothing); None otherwise."""
    if any(t.kind not in TAIL for t in x.tasks) or x.tasks[0].picks:
        return None
    return ("tail", x.tasks, tuple(st.deck.size for st in x.seats), x.win_pending, x.turn)


def _add(total: dict, key, p: Fraction) -> None:
    """``total[key] += p``, no zero Fraction made first (exact: the same sums, same order)."""
    v = total.get(key)
    total[key] = p if v is None else v + p


def _stopped(x: SkyState) -> bool:
    """``settle`` stopped before a step in ``STOPS`` (it asks nothing; the game goes on)."""
    return bool(x.tasks) and not x.result and x.tasks[0].kind in STOPS and not x.tasks[0].picks


def turn_outcome(
    s: SkyState, choose: Callable[[SkyState], str] = forecast_choice
) -> tuple[dict[Outcome, Fraction], int]:
    """Every outcome of the rest of this turn with its probability, and the leaves explored."""
    start_turn = s.turn
    leaves = 0
    answers = ANSWERS if choose is forecast_choice else None
    memo: dict[tuple, dict[Outcome, Fraction]] = {}

    def branches(x: SkyState) -> list[tuple[object, Fraction]]:
        head = x.tasks[0]
        if head.kind in STOPS and not head.picks:
            return [(GO_ON, ONE)]
        r = x.choice()
        if not isinstance(r, Roll):
            return [(dict(r.options)[choose(x)], ONE)]
        kind = r.outcomes[0][0].split(":", 1)[0]
        if kind not in HORDE_CHANCE:
            return [(r.outcomes[0][2], ONE)]
        if kind != "treachery":
            return [(pick, p) for _, p, pick in r.outcomes]
        groups: dict = {}
        for _, p, card in r.outcomes:
            g = _treachery_group(x, card)
            first, q = groups.get(g, (card, Fraction(0)))
            groups[g] = (first, q + p)
        return list(groups.values())

    def split(x: SkyState, picks: list[tuple[object, Fraction]]) -> dict[Outcome, Fraction]:
        total: dict[Outcome, Fraction] = {}
        mark = len(x.log)
        for pick, p in picks:
            y = advance(x, answers, STOPS) if pick is GO_ON else do(x, pick, answers, STOPS)
            here = _events(mark, y)
            for o, q in walk(y).items():
                _add(total, here.plus(o), q if p is ONE else p * q)
        return total

    def walk(x: SkyState) -> dict[Outcome, Fraction]:
        # Most steps have one branch (a decision, a card of no consequence): their events
        # are summed as the walk goes and joined to what follows once, not at every step.
        nonlocal leaves
        before = NOTHING
        while True:
            if x.turn != start_turn:
                # the turn is over: on to the first decision or chance node past it, as
                # without the stops (what happens there counts for nothing but the result)
                while _stopped(x):
                    x = advance(x, answers, STOPS)
            if x.turn != start_turn or (not _stopped(x) and x.is_terminal):
                leaves += 1
                rest = {Outcome(result=x.result): ONE}
                break
            head = x.head()
            key = None
            if head.kind == "mill":
                key = _pillage_key(x)
            elif (
                not head.picks
                and (head.kind in MEMO_AT or _step(head) in MEMO_AT)
                and all(t.kind in UNIT_FREE for t in x.tasks)
            ):
                key = _board_key(x)
            if key is not None:
                rest = memo.get(key)
                if rest is None:
                    rest = memo[key] = split(x, branches(x))
                break
            picks = branches(x)
            if len(picks) > 1:
                rest = split(x, picks)
                break
            pick = picks[0][0]
            y = advance(x, answers, STOPS) if pick is GO_ON else do(x, pick, answers, STOPS)
            before = before.plus(_events(len(x.log), y))
            x = y
        if before == NOTHING:
            return rest
        total: dict[Outcome, Fraction] = {}
        for o, p in rest.items():
            _add(total, before.plus(o), p)
        return total

    if s.is_terminal:
        raise InvalidInputError("the game is over: there is no coming turn")
    # The walk reads only the events it makes, and no rule reads the log or the moves (the
    # log is the players' record): it starts without them, so that no step copies them, and
    # keeps only the lines it reads (with the numbers it counts, or a rule in _KEEP).
    with gc_paused():  # the walk's positions hold no cycles: refcounting frees them
        out = walk(evolve(s, log=quiet_log(_KEEP, _NUMBERS), history=()))
    return out, leaves


def forecast(state: SkyState) -> Forecast:
    """The exact forecast of the rest of this turn (from the start of a turn: the whole turn).

    >>> from hordes_kit.skytear import new_game
    >>> s = new_game({"position": {"phase": "treachery", "units": [
    ...     {"lane": 1, "card": "Skyboot Gunner"}], "horde_deck": ["Skyboot Deckhand",
    ...     "Plank Walker", "Cannon Volley"]}})
    >>> f = forecast(s)
    >>> f.dist("castle")  # the Gunner's Fight (1) and its strike (2), +1 or +2 treachery
    {4: Fraction(2, 3), 5: Fraction(1, 3)}
    """
    if state.is_terminal:
        raise InvalidInputError("the game is over: there is no coming turn")
    outcomes, leaves = turn_outcome(state)
    return Forecast(outcomes, leaves)
