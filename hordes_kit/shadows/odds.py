"""Odds for the table, exact (fractions): the next Monster-Action card and this round
against the Monster. (What an opponent's Hand holds is in ``hands.py``.)

Each calculator works from what one player (``viewer``) can know: the discard pile and
the cards revealed are seen; the Leader knows the cards they dealt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.card_effects import group_of
from hordes_kit.shadows.card_model import ICONS
from hordes_kit.shadows.state import Position

__all__ = [
    "unseen_ma",
    "deck_next",
    "next_reveal",
    "icon_chances",
    "RoundOdds",
    "monster_round",
    "ASSUMPTIONS",
]


def unseen_ma(s: Position, viewer: int) -> Counter:
    """Monster-Action cards (kinds) ``viewer`` has not seen: the deck and facedown cards."""
    left = Counter({k: n for k, n in s.data.actions})
    left.subtract(s.ma_discard)
    left.subtract(s.revealed)
    if viewer == s.leader:
        left.subtract(s.ma_held)
    for k in range(s.n):
        if s.ma[k] and not s.ma_up[k] and s.ma_known[k] == viewer:
            left.subtract([s.ma[k]])
    return +left


def _dist(counts: Counter) -> dict[str, Fraction]:
    n = sum(counts.values())
    return {k: Fraction(v, n) for k, v in sorted(counts.items()) if v}


def deck_next(actions, seen) -> dict[str, Fraction]:
    """The next card of a Monster-Action deck (``actions``: kind -> copies) after the cards
    ``seen`` left it (discard pile, revealed, known facedown): kind -> exact chance.

    >>> deck_next((("MxAttack", 2), ("MxSpell", 1)), ["MxAttack"])
    {'MxAttack': Fraction(1, 2), 'MxSpell': Fraction(1, 2)}
    """
    left = Counter(dict(actions))
    for kind, n in Counter(seen).items():
        if n > left[kind]:
            raise InvalidInputError(f"the deck has {left[kind]} {kind} card(s), not {n}")
    left.subtract(seen)
    if not +left:
        raise InvalidInputError("every Monster-Action card has been seen: the deck is empty")
    return _dist(+left)


def next_reveal(s: Position, seat: int, viewer: int) -> dict[str, Fraction]:
    """The card ``seat`` reveals next, as ``viewer`` sees it: kind -> exact chance.

    Its facedown card if still down, else the deck's top.

    The facedown cards ``viewer`` does not know and the deck are exchangeable, so any of
    them is uniform over the unseen cards; an empty deck is the discard pile reshuffled.
    """
    own = s.ma[seat] and not s.ma_up[seat]
    if own and s.ma_known[seat] == viewer:
        return {s.ma[seat]: Fraction(1)}
    if not own and not s.ma_deck:
        if not s.ma_discard:
            return {}
        return _dist(Counter(s.ma_discard))
    return _dist(unseen_ma(s, viewer))


def icon_chances(dist: dict[str, Fraction]) -> dict[str, Fraction]:
    """The chance each icon shows on the card (a two-icon card counts for both).

    >>> icon_chances({"MxAttack": Fraction(1, 2), "MxAttack+MxSpell": Fraction(1, 2)})["MxSpell"]
    Fraction(1, 2)
    """
    out = {i: Fraction(0) for i in ICONS}
    for kind, p in dist.items():
        for icon in set(kind.split("+")):
            out[icon] += p
    return out


# --- this round against the Monster ----------------------------------------------------

ASSUMPTIONS = (
    "Only your own Damage tokens count: another player's never defeat the Monster for you, "
    "and nobody else attacks you or draws a Monster-Action card this round.",
    "Your planned Attacks all go at the Monster, in Initiative order (a card with two steps "
    "at its first one still to come); once it is defeated they are not used.",
    "The Monster-Action cards you have not seen are equally likely, drawn one at a time "
    "(your facedown card is known if you dealt it); die symbols are rolled exactly.",
    "A Monster Attack on your Hero is met by your planned Response cards in order while they "
    "last, then by Dodge when it is ready, else taken on Health; no Shield Points are used.",
    "If the Monster KnocksDown your Hero you lose 1 Gold (else 1 Experience, else 1 Shadow "
    "Stone), recover full health, and the rest of that card's attacks on you are cancelled.",
    "Gold, Experience and Shadow Stones are what this round adds: your cards' rewards, the "
    "Monster's reward, less a KnockDown's loss; stats stay as they are now.",
)


@dataclass(frozen=True)
class RoundOdds:
    """Exact odds of a planned Hand against the Monster this round, with its assumptions."""

    defeat: Fraction
    gold: Fraction
    xp: Fraction
    stones: Fraction
    items: Fraction
    damage: Fraction  # expected Damage tokens the Monster puts on your Hero
    knockdown: Fraction  # chance the Monster KnocksDown your Hero at least once
    plan: tuple[str, ...] = ()
    responses: tuple[str, ...] = ()
    assumptions: tuple[str, ...] = field(default=ASSUMPTIONS)

    def to_json(self) -> dict:
        """JSON-ready numbers (floats and exact strings) and the assumptions in words."""
        out: dict = {"plan": list(self.plan), "responses": list(self.responses)}
        for k in ("defeat", "gold", "xp", "stones", "items", "damage", "knockdown"):
            v = getattr(self, k)
            out[k] = float(v)
            out[k + "_exact"] = f"{v.numerator}/{v.denominator}"
        out["assumptions"] = list(self.assumptions)
        return out


def _gains(sk, blocked: bool, landed: int) -> tuple[int, int, int]:
    g = x = st = 0
    first = next((e for e in sk.front.effects if e.verb == "attack"), None)
    mine = group_of(sk.front.effects, first.trait) if first is not None else ()
    for e in mine:
        if e.verb != "gain":
            continue
        ok = not e.when or (e.when == "no-response" and not blocked)
        ok = ok or (e.when == "lost-health" and landed > 0)
        if ok:
            n = int(e.args[1])
            g += n * (e.args[0] == "gold")
            x += n * (e.args[0] == "xp")
            st += n * (e.args[0] == "stone")
    return g, x, st


def _response(sk, stats) -> tuple[int, tuple[int, int, int]]:
    """A Response card's block and what using it as a Response earns (Gold, XP, Stones)."""
    block, got = 0, [0, 0, 0]
    for e in group_of(sk.front.effects, "Response (Attack)"):
        if e.verb == "block":
            block = R.amount(e.args[0], stats)
        elif e.verb == "gain" and e.when in ("", "response"):
            got[("gold", "xp", "stone").index(e.args[0])] += int(e.args[1])
    return block, tuple(got)


def monster_round(
    s: Position, seat: int, plan: Sequence[str], viewer: int | None = None
) -> RoundOdds:
    """This round against the Monster: defeat chance, expected rewards, with assumptions.

    Over the Monster-Action cards ``viewer`` (default: ``seat``) has not seen; the
    result's ``assumptions`` say how the round is played.

    ``plan``: card ids. Cards with an ``attack`` effect Attack the Monster; Response
    (Attack) cards answer the Monster's Attacks on your Hero. Die symbols are exact.
    """
    if not s.monster:
        raise InvalidInputError("there is no active Monster")
    viewer = seat if viewer is None else viewer
    mon = s.card(s.monster)
    stats = s.hero_stats(seat)
    attacks, responses = [], []
    for c in plan:
        sk = s.card(c)
        if sk.front.has("Response (Attack)"):
            responses.append(c)
            continue
        later = [n for n in sk.initiative if n and n >= s.step] or [6]
        for e in sk.front.effects:
            if e.verb == "attack":
                attacks.append((later[0], e.args[0], sk))
    attacks.sort(key=lambda a: a[0])
    blocks = tuple(_response(s.card(c), stats) for c in responses)
    own = s.ma[seat] if s.ma[seat] and not s.ma_up[seat] else ""
    own_known = bool(own) and s.ma_known[seat] == viewer
    unseen = unseen_ma(s, viewer)
    if s.phase == "teamup" and not own:
        # the Leader has yet to deal this player's facedown card: one of the unseen cards
        own = "?"
        unseen.update(s.ma_held if viewer == s.leader else ())
    deck0 = tuple(sorted(unseen.items()))
    reward = dict(mon.reward)
    prize = (reward.get("gold", 0), reward.get("xp", 0), reward.get("stones", 0))
    st0 = s.seats[seat]
    g0, x0, s0 = st0.earned
    hold0 = (st0.gold + g0, st0.xp + x0, st0.stones + s0)
    health = s.hero_stats(seat)[3]
    ff = s.flat_footed(seat)
    dodge_amount = 5
    if ff is not None and s.card(ff.card).back is not None:
        for e in s.card(ff.card).back.effects:
            if e.verb == "block":
                dodge_amount = R.amount(e.args[0], stats)
    step3_done = s.step > R.MONSTER_STEP or (s.step == R.MONSTER_STEP and s.phase == "combat")
    cr = s.card(s.creature) if s.creature else None
    zero = Fraction(0)

    def draws(deck, own_used):
        """(kind, chance, deck after) for the next card revealed."""
        if own and not own_used and own_known:
            yield own, Fraction(1), deck
            return
        total = sum(n for _, n in deck)
        if total == 0:
            yield "", Fraction(1), deck
            return
        for k, (kind, n) in enumerate(deck):
            d2 = deck[:k] + (((kind, n - 1),) if n > 1 else ()) + deck[k + 1 :]
            yield kind, Fraction(n, total), d2

    def hits(kind: str):
        """Per icon in order: ('attack'|'lose', n), block and recover totals."""
        out, block, rec = [], 0, 0
        for icon in kind.split("+") if kind else ():
            a = mon.action(icon)
            n = int(a.args[0]) if a.args else 0
            if a.verb == "block":
                block += n
            elif a.verb == "recover":
                rec += n
            elif a.verb in ("attack", "lose"):
                out.append((a.verb, n))
            elif a.verb == "creature" and cr is not None:
                out.append(("attack", int(cr.action.args[0])))
        return out, block, rec

    def defend(hurts, hero, dodge, resp, hold):
        """The Monster's hits on the Hero: (hero, dodge, resp, hold, dealt, knocked, gains)."""
        dealt, knocked, gains = 0, False, (0, 0, 0)
        for verb, n in hurts:
            if verb == "attack" and resp < len(blocks):
                b, got = blocks[resp]
                resp += 1
                gains = tuple(a + c for a, c in zip(gains, got))
                hold = tuple(a + c for a, c in zip(hold, got))
                n, responded = max(0, n - b), True
            elif verb == "attack" and dodge:
                n, dodge, responded = max(0, n - dodge_amount), False, True
            else:
                responded = False
            if n and verb == "attack" and not responded:
                dodge = True  # No Response: Flat-Footed flips to Dodge
            hero += n
            dealt += n
            if hero >= health:
                knocked, hero = True, 0
                k = next(i for i in range(3) if hold[i] or i == 2)
                if hold[k]:
                    hold = tuple(v - (i == k) for i, v in enumerate(hold))
                    gains = tuple(v - (i == k) for i, v in enumerate(gains))
                break  # the rest of this card's attacks on the Hero are cancelled
        return hero, dodge, resp, hold, dealt, knocked, gains

    @cache
    def go(i, dmg, hero, deck, own_used, step3, dodge, resp, hold, ko):
        """Expected (defeat, gold, xp, stones, items, damage, knockdown) from attack i on."""
        if dmg >= mon.health:
            g, x, st = prize
            return (
                Fraction(1),
                Fraction(g),
                Fraction(x),
                Fraction(st),
                Fraction(reward.get("item", 0)),
                zero,
                Fraction(ko),
            )
        if (
            not step3
            and own
            and not own_used
            and (i >= len(attacks) or attacks[i][0] > R.MONSTER_STEP)
        ):
            # Initiative Step 3: the facedown card is revealed against the Hero
            out = [zero] * 7
            for kind, p, d2 in draws(deck, own_used):
                hurts, _, rec = hits(kind)
                h2, dg, rs, hd, dealt, kn, gains = defend(hurts, hero, dodge, resp, hold)
                sub = go(i, max(0, dmg - rec), h2, d2, True, True, dg, rs, hd, ko or kn)
                add = (0, *gains, 0, dealt, 0)
                for j in range(7):
                    out[j] += p * (sub[j] + add[j])
            return tuple(out)
        if i >= len(attacks):
            return (zero,) * 6 + (Fraction(ko),)
        _, amount, sk = attacks[i]
        faces = range(1, 7) if R.dice_faces(amount) else [None]
        out = [zero] * 7
        for face in faces:
            pf = Fraction(1, 6) if face is not None else Fraction(1)
            amt = R.amount(amount, stats, 0, face)
            if amt <= 0:
                sub = go(i + 1, dmg, hero, deck, own_used, step3, dodge, resp, hold, ko)
                for j in range(7):
                    out[j] += pf * sub[j]
                continue
            for kind, p, d2 in draws(deck, own_used):
                hurts, block, rec = hits(kind)
                landed = max(0, amt - block)
                h2, dg, rs, hd, dealt, kn, gains = defend(hurts, hero, dodge, resp, hold)
                card = _gains(sk, block > 0, landed)
                hd = tuple(a + c for a, c in zip(hd, card))
                used = own_used or bool(own)
                # the card this Attack revealed recovers the Monster right after it lands
                new = max(0, dmg + landed - rec)
                sub = go(i + 1, new, h2, d2, used, step3 or used, dg, rs, hd, ko or kn)
                add = (0, gains[0] + card[0], gains[1] + card[1], gains[2] + card[2], 0, dealt, 0)
                for j in range(7):
                    out[j] += pf * p * (sub[j] + add[j])
        return tuple(out)

    dodge0 = ff is not None and ff.back
    res = go(0, s.mdamage[seat], st0.damage, deck0, False, step3_done, dodge0, 0, hold0, False)
    return RoundOdds(*res, plan=tuple(plan), responses=tuple(responses))
