"""Cards moving between an alliance deck, hand and discard pile: draw, pillage, discard,
Flux, Rebuild and the hand limit. Every unknown card is one chance node.
"""

from __future__ import annotations

from hordes_kit.core.options import reading_of
from hordes_kit.core.state import evolve, put, take
from hordes_kit.skytear.board import deck_outcomes, take_drawn
from hordes_kit.skytear.combat import lose
from hordes_kit.skytear.machine import Ask, Roll, draw_outcomes, handles, push
from hordes_kit.skytear.rules import GOLD_MAX, HAND_LIMIT, clamp
from hordes_kit.skytear.state import Deck, Position, Task, emit

__all__ = ["who", "lose_gold"]


def who(s: Position, seat: int) -> str:
    """A seat in words ("You" solo, "Player 2" co-op)."""
    return "You" if s.players == 1 else f"Player {seat + 1}"


def _empty(s: Position, seat: int, what: str) -> Position | None:
    if s.seats[seat].deck.size:
        return None
    if s.config.empty_deck == "on-draw":
        why = f"{who(s, seat)} must {what} from an empty deck."
        return lose(s, reading_of(s.config, "empty_deck"), why)
    return s  # "at-zero": the state check has ended the game already


def _next_card(s: Position, seat: int, t: Task):
    """The card on top of a seat's deck: known, or a chance node by the task's pick."""
    if t.picks:
        return t.picks[-1]
    kind, out = deck_outcomes(s.seats[seat].deck)
    if kind == "sure":
        return out
    return Roll(out)


@handles("draw")
def draw(s: Position, t: Task):
    """Draw ``n`` cards one at a time from the top of the deck."""
    seat, n, rule = t.args
    if n <= 0:
        return s
    stop = _empty(s, seat, "draw")
    if stop is not None:
        return stop
    card = _next_card(s, seat, t)
    if isinstance(card, Roll):
        return card
    st = s.seats[seat]
    s = emit(
        s,
        rule,
        f"{who(s, seat)} draw{'s' if s.players > 1 else ''} {s.name(card)}.",
        {"seat": seat, "card": card},
        seats=s.seat_with(seat, deck=take_drawn(st.deck, card), hand=put(st.hand, card)),
    )
    return push(s, Task("draw", (seat, n - 1, rule))) if n > 1 else s


def lose_gold(s: Position, n: int) -> Position:
    """Campaign: each pillage of X cards costs X gold (once for both players), never below 0."""
    if s.campaign is None or n <= 0:
        return s
    g = clamp(s.campaign.gold - n, 0, GOLD_MAX)
    return emit(
        s,
        "campaign.gold",
        f"Pillage costs the Alliance {s.campaign.gold - g} gold ({s.campaign.gold} -> {g}).",
        campaign=evolve(s.campaign, gold=g),
    )


@handles("pillage_cards")
def pillage_cards(s: Position, t: Task):
    """PILLAGE X: each player puts the top X cards of their deck into their discard pile."""
    n, why = t.args
    if n <= 0:
        return s
    s = emit(s, "pillage", f"{why}: each player pillages {n} card(s).", {"pillage": n})
    s = lose_gold(s, n)
    return push(s, *(Task("mill", (seat, n)) for seat in range(s.players)))


@handles("mill")
def mill(s: Position, t: Task):
    """One player's top cards go to their discard pile, one chance node per unknown card."""
    seat, n = t.args
    if n <= 0:
        return s
    stop = _empty(s, seat, "pillage")
    if stop is not None:
        return stop
    card = _next_card(s, seat, t)
    if isinstance(card, Roll):
        return card
    st = s.seats[seat]
    s = emit(
        s,
        "pillage",
        f"{who(s, seat)} lose{'s' if s.players > 1 else ''} {s.name(card)} to the pillage.",
        {"seat": seat, "card": card, "pillaged": 1},
        seats=s.seat_with(seat, deck=take_drawn(st.deck, card), discard=put(st.discard, card)),
    )
    return push(s, Task("mill", (seat, n - 1))) if n > 1 else s


@handles("may_draw")
def may_draw(s: Position, t: Task):
    """A non-token monster destroyed: one player of your choice may draw a card."""
    (card,) = t.args
    if t.picks:
        seat = t.picks[0]
        if seat < 0:
            return emit(s, "destruction.draw", "Nobody draws.")
        return push(s, Task("draw", (seat, 1, "destruction.draw")))
    opts = [(f"draw:{i + 1}", i) for i in range(s.players) if s.seats[i].deck.size]
    opts.append(("draw:none", -1))
    return Ask(0, tuple(opts), f"{s.name(card)} is destroyed: one player may draw a card.")


@handles("discard_hand")
def discard_hand(s: Position, t: Task):
    """A player discards cards of their choice from hand (``n`` of them)."""
    seat, n, rule = t.args
    st = s.seats[seat]
    if t.picks:
        card = t.picks[0]
        s = emit(
            s,
            rule,
            f"{who(s, seat)} discard{'s' if s.players > 1 else ''} {s.name(card)}.",
            seats=s.seat_with(seat, hand=take(st.hand, card), discard=put(st.discard, card)),
        )
        return push(s, Task("discard_hand", (seat, n - 1, rule))) if n > 1 else s
    if n <= 0 or not st.hand:
        return s
    opts = tuple((f"drop:{c}", c) for c in dict.fromkeys(st.hand))
    return Ask(seat, opts, f"{who(s, seat)}: discard {n} card(s) from your hand.")


@handles("hand_limit")
def hand_limit(s: Position, t: Task):
    """End phase: discard down to 7 cards."""
    (seat,) = t.args
    over = len(s.seats[seat].hand) - HAND_LIMIT
    if over <= 0:
        return s
    return push(s, Task("discard_hand", (seat, over, "end.hand-limit")))


@handles("flux")
def flux(s: Position, t: Task):
    """FLUX X: reveal from the bottom until a card costing X or less; draw it, the rest stay."""
    seat, x = t.args
    deck = s.seats[seat].deck
    revealed = tuple(t.picks)
    # cards revealed so far left the bottom in order; what is left to reveal from
    rest = Deck(deck.top, deck.middle, deck.bottom)
    for c in revealed:
        rest = _off_bottom(rest, c)
    hit = revealed and s.card(revealed[-1]).cost <= x
    if hit or rest.size == 0:
        keep = revealed[:-1] if hit else revealed
        new = Deck(rest.top, rest.middle, rest.bottom + keep[::-1]) if keep else rest
        hand = put(s.seats[seat].hand, revealed[-1]) if hit else s.seats[seat].hand
        names = ", ".join(s.name(c) for c in revealed) or "nothing"
        got = (
            f": {who(s, seat)} draw{'s' if s.players > 1 else ''} {s.name(revealed[-1])}"
            if hit
            else ""
        )
        return emit(
            s,
            "keywords.flux",
            f"Flux {x}: revealed from the bottom {names}{got}; the "
            "others go back to the bottom in order.",
            seats=s.seat_with(seat, deck=new, hand=hand),
        )
    if rest.bottom:
        return push(s, t.with_pick(rest.bottom[-1]))
    if rest.middle:
        if rest.middle[0] == rest.middle[-1]:
            return push(s, t.with_pick(rest.middle[0]))
        return Roll(draw_outcomes("bottom", rest.middle))
    return push(s, t.with_pick(rest.top[-1]))


def _off_bottom(deck: Deck, card: str) -> Deck:
    if deck.bottom:
        return Deck(deck.top, deck.middle, deck.bottom[:-1])
    if deck.middle:
        return Deck(deck.top, take(deck.middle, card), ())
    return Deck(deck.top[:-1], (), ())


@handles("rebuild")
def rebuild(s: Position, t: Task):
    """REBUILD X: up to X cards of any alliance discard pile to the bottom of their deck."""
    n, seat = t.args
    if t.picks:
        if t.picks[0] is None:
            return s
        owner, card = t.picks[0]
        st = s.seats[owner]
        deck = Deck(st.deck.top, st.deck.middle, st.deck.bottom + (card,))
        whose = "the" if s.players == 1 else f"Player {owner + 1}'s"
        s = emit(
            s,
            "keywords.rebuild",
            f"Rebuild: {s.name(card)} goes to the bottom of {whose} deck.",
            seats=s.seat_with(owner, discard=take(st.discard, card), deck=deck),
        )
        return push(s, Task("rebuild", (n - 1, seat))) if n > 1 else s
    opts = [
        (f"rebuild:{i + 1}:{c}", (i, c))
        for i in range(s.players)
        for c in dict.fromkeys(s.seats[i].discard)
    ]
    if n <= 0 or not opts:
        return s
    opts.append(("done", None))
    return Ask(seat, tuple(opts), f"Rebuild: choose a discarded card ({n} left) or stop.")
