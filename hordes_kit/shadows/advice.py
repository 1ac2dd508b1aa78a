"""The odds behind a decision, for the player making it (the walkthrough asks, then shows
these): Predict guesses, targets, Responses and Dodge, and which card to play.

``decision_odds(state)`` looks at the decision on top and returns a table: one row per
legal move with exact chances (fractions), the measure it ranks by, the best move by
that measure (or none when the odds do not separate the moves) and the model or
assumptions behind the numbers. Everything comes from what the deciding player can know.
"""

from __future__ import annotations

from fractions import Fraction

from hordes_kit.core.state import evolve
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.card_model import ATTACK_TRAITS
from hordes_kit.shadows.combat import effect_at
from hordes_kit.shadows.hands import MODELS, opponent_hands, predict_odds
from hordes_kit.shadows.odds import icon_chances, monster_round, next_reveal
from hordes_kit.shadows.state import Position, Task, parse_seat
from hordes_kit.shadows.view import label

__all__ = ["decision_odds", "monster_threat", "odds_json", "idle_moves"]

HURT = ("attack", "lose", "creature")


def _row(s: Position, action: str, **values: Fraction) -> dict:
    return {"action": action, "label": label(s, action), "values": values}


def _best(rows: list[dict], *keys: str, low: bool = False) -> str | None:
    """The move ranked first by ``keys`` (highest, or lowest first key); None on a tie."""
    if not rows:
        return None

    def key(r):
        v = tuple(r["values"].get(k, Fraction(0)) for k in keys)
        return (-v[0], *v[1:]) if low else v

    ranked = sorted(rows, key=key, reverse=True)
    if len(ranked) > 1 and key(ranked[0]) == key(ranked[1]):
        return None
    return ranked[0]["action"]


def _result(t: Task, question: str, rows, measure: str, best, model) -> dict:
    return {
        "decision": t.kind,
        "seat": t.seat,
        "question": question,
        "options": rows,
        "measure": measure,
        "best": best,
        "model": list(model),
    }


def monster_threat(s: Position, seat: int) -> dict[tuple[int, int], Fraction]:
    """The Monster's card still to come against ``seat``: {(Attack, Spell damage): chance}.

    As ``seat`` sees it; ``{(0, 0): 1}`` when their card is revealed or there is none.
    """
    if not s.monster or not s.ma[seat] or s.ma_up[seat] or s.step > R.MONSTER_STEP:
        return {(0, 0): Fraction(1)}
    mon = s.card(s.monster)
    dist: dict[tuple[int, int], Fraction] = {}
    for kind, p in next_reveal(s, seat, seat).items():
        hit = spell = 0
        for icon in kind.split("+"):
            a = mon.action(icon)
            if a.verb == "attack":
                hit += int(a.args[0])
            elif a.verb == "lose":
                spell += int(a.args[0])
            elif a.verb == "creature" and s.creature:
                hit += int(s.card(s.creature).action.args[0])
        dist[(hit, spell)] = dist.get((hit, spell), Fraction(0)) + p
    return dist


def _queued_attack(s: Position, seat: int, attacker: int) -> dict[Fraction, Fraction]:
    """The damage of the attacker's next facedown card if it is an Attack aimed at ``seat``:
    one of the cards their Hand may hold for this step, each equally likely."""
    if s.queue_owner() != attacker:
        return {Fraction(0): Fraction(1)}
    hm = opponent_hands(s, seat, attacker)
    stats = s.hero_stats(attacker)
    out: dict[Fraction, Fraction] = {}
    for p, left in hm.posterior:
        cands = [hm.cards[i] for i in left if s.step in hm.pool[i]]
        for c in cands:
            n = Fraction(0)
            e = next((x for x in s.card(c).front.effects if x.verb == "attack"), None)
            if e is not None and s.card(c).front.traits & ATTACK_TRAITS:
                if R.dice_faces(e.args[0]):
                    n = Fraction(7, 2) + int(e.args[0].partition("+")[2] or 0)
                else:
                    n = Fraction(R.amount(e.args[0], stats, s.seats[seat].damage))
            out[n] = out.get(n, Fraction(0)) + p / len(cands)
    return out or {Fraction(0): Fraction(1)}


def _meet(threats, blocks: list[int], dodge: bool) -> Fraction:
    """Expected damage from attacks still to come, met with Responses (in order), then
    Dodge when ready, else taken (taking Attack damage readies Dodge)."""
    total = Fraction(0)

    def walk(i, p, blocks, dodge, dmg):
        nonlocal total
        if i == len(threats):
            total += p * dmg
            return
        for (hit, spell), q in threats[i].items():
            b, d, got = list(blocks), dodge, Fraction(0)
            if hit and b:
                got = max(Fraction(0), hit - b.pop(0))
            elif hit and d:
                got, d = max(Fraction(0), hit - 5), False
            elif hit:
                got, d = Fraction(hit), True
            walk(i + 1, p * q, b, d, dmg + got + spell)

    walk(0, Fraction(1), blocks, dodge, Fraction(0))
    return total


def _predict(s: Position, t: Task) -> dict:
    cache, rows = {}, []
    for a in s.legal_actions():
        _, who, num = a.split(":")
        k = parse_seat(who, s.n)
        cache.setdefault(k, predict_odds(s, t.seat, k))
        rows.append(_row(s, a, hit=cache[k]["chance"].get(int(num), Fraction(0))))
    model = [
        "Model of their Hand: " + MODELS["uniform"] + ".",
        "Public this round: cards "
        "played, earlier yes/no answers, numbers already predicted (closed).",
    ]
    return _result(t, "Which guess most likely hits?", rows, "hit", _best(rows, "hit"), model)


def _gains(effects, no_response: bool, lost: bool) -> Fraction:
    n = 0
    for e in effects:
        if e.verb == "gain" and (
            not e.when
            or (e.when == "no-response" and no_response)
            or (e.when == "lost-health" and lost)
        ):
            n += int(e.args[1])
    return Fraction(n)


def _responder(s: Position, seat: int, k: int, trait: str) -> Fraction:
    """P(player ``k`` holds a card with ``trait`` they can use), as ``seat`` sees it."""
    if k == seat:
        return Fraction(int(any(s.card(c).front.has(trait) for c in s.seats[k].hand)))
    hm = opponent_hands(s, seat, k)
    stats = s.hero_stats(k)
    return hm.chance(lambda c: s.card(c).front.has(trait) and s.usable_by(k, s.card(c), stats))


def _target(s: Position, t: Task) -> dict:
    card_task = next(x for x in reversed(s.tasks) if x.kind == "card" and x.seat == t.seat)
    e = effect_at(s, card_task, t.index)
    effects = s.card(card_task.card).front.effects
    stats = s.hero_stats(t.seat)
    spell = t.has("lose")
    rows = []
    for a in s.legal_actions():
        target = a.split(":", 1)[1]
        k = parse_seat(target.partition(".")[0], s.n)
        amount = Fraction(R.amount(e.args[0], stats, s.seats[k].damage if k is not None else 0, 3))
        if R.dice_faces(e.args[0]):
            amount = Fraction(7, 2) + int(e.args[0].partition("+")[2] or 0)
        if target == "monster" and not spell:
            reward = dealt = block_p = Fraction(0)
            mon = s.card(s.monster)
            for kind, p in next_reveal(s, t.seat, t.seat).items():
                block = sum(
                    int(mon.action(i).args[0])
                    for i in kind.split("+")
                    if mon.action(i).verb == "block"
                )
                landed = max(Fraction(0), amount - block)
                reward += p * _gains(effects, not block, landed > 0)
                dealt += p * landed
                block_p += p * (block > 0)
            hurt = icon_chances(next_reveal(s, t.seat, t.seat))
            back = sum((hurt[i] for i in hurt if mon.action(i).verb in HURT), Fraction(0))
            rows.append(_row(s, a, reward=reward, damage=dealt, answered=block_p, hits_back=back))
            continue
        if k is None or spell:
            rows.append(_row(s, a, reward=_gains(effects, True, True), damage=amount))
            continue
        trait = "Response (Spell)" if spell else "Response (Attack)"
        answer = _responder(s, t.seat, k, trait)
        ff = s.flat_footed(k)
        if "." not in target and ff is not None and ff.back:
            answer = Fraction(1)  # their Dodge is ready (public)
        reward = (1 - answer) * _gains(effects, True, True) + answer * _gains(effects, False, False)
        rows.append(_row(s, a, reward=reward, damage=(1 - answer) * amount, answered=answer))
    model = [
        "A player answers an Attack whenever they can: Dodge when it is ready (public), or a "
        "Response card if their Hand may hold one (" + MODELS["uniform"] + ").",
        "The Monster answers with the Monster-Action card you reveal: your facedown card "
        "(known if you dealt it) or an unseen card; a die symbol counts 3.5.",
    ]
    best = _best(rows, "reward", "damage")
    return _result(t, "Which target pays best?", rows, "reward", best, model)


def _block(s: Position, seat: int, card: str) -> int:
    effects = s.card(card).front.effects
    return next((R.amount(x.args[0], s.hero_stats(seat)) for x in effects if x.verb == "block"), 0)


def _defend(s: Position, t: Task) -> dict:
    seat, amount = t.seat, t.amount
    via = t.notes[0] if t.notes else "attack"
    by = t.note("by")
    attacker = s.card(t.card).front.effects if t.card else ()
    hand = [c for c in s.seats[seat].hand if s.card(c).front.has("Response (Attack)")]
    ff = s.flat_footed(seat)
    threats = []
    if by.isdigit():
        queued = _queued_attack(s, seat, int(by))
        threats.append({(n, 0): p for n, p in queued.items()})
    threats.append(monster_threat(s, seat))
    rows = []
    for a in s.legal_actions():
        verb, _, arg = a.partition(":")
        gain, dodge, left = Fraction(0), bool(ff and ff.back), list(hand)
        if verb == "respond":
            sk = s.card(arg)
            block = _block(s, seat, arg)
            gain = sum(
                (
                    Fraction(int(x.args[1]))
                    for x in sk.front.effects
                    if x.verb == "gain" and x.when in ("", "response")
                ),
                Fraction(0),
            )
            if arg in left:
                left.remove(arg)
        elif verb == "dodge":
            block, dodge = 5, False
        else:
            block = 0
            dodge = dodge or (via == "attack" and amount > 0)
        now = Fraction(max(0, amount - block))
        later = _meet(threats, [_block(s, seat, c) for c in left], dodge)
        theirs = _gains(attacker, verb == "take", now > 0) if by.isdigit() else Fraction(0)
        rows.append(_row(s, a, now=now, gain=gain, their_reward=theirs, this_round=now + later))
    hurt = 1 - threats[-1].get((0, 0), Fraction(0))
    model = [
        f"The Monster's facedown card in front of you hurts you with chance {hurt} (from the "
        "cards you have not seen)."
        if hurt
        else "The Monster has no card left to play against you this round.",
        "An attacker's next facedown card is one of the cards their Hand may hold for this "
        "step, each equally likely (" + MODELS["uniform"] + "), and comes at you.",
        "Later Attacks are met with your Responses left, then Dodge when ready, else taken; "
        "no Shield Points. Ranked by the damage you expect this round, then what you gain.",
    ]
    best = _best(rows, "this_round", "gain", low=True)
    return _result(t, "Respond, Dodge or take it?", rows, "this_round", best, model)


def _attack_cards(s: Position, seat: int, cards) -> list[str]:
    """The cards of a plan against the Monster: Attacks still to come and Responses."""
    out = []
    for c in cards:
        sk = s.card(c)
        later = [n for n in sk.initiative if n >= max(s.step, 1)]
        if sk.front.has("Response (Attack)") or (
            sk.front.traits & ATTACK_TRAITS and later and s.usable_by(seat, sk)
        ):
            out.append(c)
    return sorted(set(out))


def _plan_for(s: Position, t: Task, action: str) -> list[str]:
    """The cards that would go at the Monster this round after ``action``."""
    verb, _, arg = action.partition(":")
    seat = t.seat
    hand = list(s.seats[seat].hand)
    if t.kind == "!pick":
        return _attack_cards(s, seat, hand + ([arg] if verb == "pick" else []))
    later = [c for c in hand if any(n > s.step for n in s.card(c).initiative)]
    if verb == "lay":
        return _attack_cards(s, seat, [*s.queue, arg, *later])
    if verb in ("go", "flip"):
        return _attack_cards(s, seat, [*s.queue, *later])
    if verb == "skip":
        return _attack_cards(s, seat, [*s.queue[1:], *later])
    return _attack_cards(s, seat, later)  # pass, or an Active Ability first


def _outcome(s: Position, action: str) -> Position | None:
    """What ``action`` leaves on the table up to the next decision, the card it played
    counted as still in hand (None when the position cannot play moves)."""
    apply = getattr(s, "apply", None)
    if apply is None:
        return None
    after = apply(action)
    seats = tuple(
        evolve(st, hand=tuple(sorted(st.hand + tuple(p.card for p in st.combat))), combat=())
        for st in after.seats
    )
    # the Attack count aside: an Attack that changed nothing on the table (announced for
    # 0 damage) is "not a valid use of an Attack Trait" (FAQ), so it cannot have used one
    return evolve(after, seats=seats, log=(), history=(), played=(), attacks=(), standalone=())


def idle_moves(s: Position) -> set[str]:
    """The moves of the decision on top that change nothing passing would not: the card
    is laid and does nothing (an Attack for 0 damage). Never advised."""
    legal = s.legal_actions()
    if "pass" not in legal:
        return set()
    passed = _outcome(s, "pass")
    if passed is None:
        return set()
    return {a for a in legal if a != "pass" and _outcome(s, a) == passed}


def _plans(s: Position, t: Task) -> dict:
    if not s.monster:
        return _result(t, "Which card now?", [], "defeat", None, ["There is no active Monster."])
    rows = []
    idle = idle_moves(s)
    for a in s.legal_actions():
        odds = monster_round(s, t.seat, _plan_for(s, t, a))
        values = {k: getattr(odds, k) for k in ("defeat", "gold", "xp", "stones", "damage")}
        # "active" ranks last: a move that does nothing never beats passing on a tie
        flags = {"idle": Fraction(a in idle), "active": Fraction(a not in idle)}
        rows.append(_row(s, a, **values, knockdown=odds.knockdown, **flags))
    model = list(monster_round(s, t.seat, []).assumptions)
    if idle:
        model.append(
            "A move that changes nothing passing would not (the card laid does nothing) is "
            "marked and ranked below passing: it is never the advice."
        )
    best = _best(rows, "defeat", "xp", "gold", "active")
    return _result(t, "Which card now, against the Monster?", rows, "defeat", best, model)


def decision_odds(s: Position) -> dict:
    """The odds behind the decision on top for the player deciding it (a table of moves)."""
    t = s.top()
    if t is None or t.kind.startswith("?") or s.finished:
        return {
            "decision": "",
            "seat": -1,
            "question": "",
            "options": [],
            "measure": "",
            "best": None,
            "model": [],
        }
    fn = {
        "!predict": _predict,
        "!target": _target,
        "!defend": _defend,
        "!turn": _plans,
        "!next": _plans,
        "!pick": _plans,
    }.get(t.kind)
    if fn is None:
        return _result(t, "", [], "", None, ["No odds for this decision: it is a choice of plan."])
    return fn(s, t)


def odds_json(result: dict) -> dict:
    """``decision_odds`` with every fraction as a float and an exact string."""
    rows = []
    for r in result["options"]:
        vals = {
            k: {"p": float(v), "exact": f"{v.numerator}/{v.denominator}"}
            for k, v in r["values"].items()
        }
        rows.append({**r, "values": vals})
    return {**result, "options": rows}
