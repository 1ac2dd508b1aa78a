"""Campaign mode: four games, gold, scenarios, Recruit X, market decks, exile.

Rulebook "Campaign Mode", "Campaign Setup", "Scenario Setup", "Recruit Action",
"Limited Format". The castle's health and the gold carry over from game to game; each
player's campaign deck starts with at most 18 base and 2 legendary cards of their
market deck and grows by Recruit. Random choices (scenario, portal, henchman, the
market's cards) are chance nodes; a market deck is a list of segments, each shuffled.
"""

from __future__ import annotations

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.state import evolve, put, take
from hordes_kit.skytear.cards import CardSet
from hordes_kit.skytear.decks import deck_cards, find_deck, game_hordes, horde_deck, portal_stages
from hordes_kit.skytear.machine import Ask, Roll, draw_outcomes, handles, push
from hordes_kit.skytear.rules import (
    CAMPAIGN_GAMES,
    GOLD_MAX,
    START_GOLD,
    START_HAND,
    SkyConfig,
    clamp,
)
from hordes_kit.skytear.setup import castle_of, enchantment_of, outsider_line
from hordes_kit.skytear.state import Campaign, Deck, Market, Position, Seat, Task, emit

__all__ = ["campaign_position", "STARTING_LIMITS"]

STARTING_LIMITS = {"base": 18, "legendary": 2}  # "at most 18 base cards and 2 legendary cards"
OFFERS = 3


def _markets(cards: CardSet, cfg: SkyConfig) -> list[tuple[str, ...]]:
    if cfg.limited:
        decks = [d for d in cards.decks if not d.cards]
        need = 3 * cfg.players
        if len(decks) < need:
            raise InvalidInputError(
                f"the Limited Format shuffles three decks per player: {need} pre-made decks "
                f"needed, the card file has {len(decks)}"
            )
        return [
            tuple(sorted(c for d in decks[3 * i : 3 * i + 3] for c in deck_cards(cards, d)))
            for i in range(cfg.players)
        ]
    castles = [castle_of(cards, cfg.castle)]
    if cfg.players == 2:
        other = [c for c in cards.castles.values() if c.faction != castles[0].faction]
        castles.append(castle_of(cards, cfg.castle2) if cfg.castle2 else other[0])
    out = []
    for i in range(cfg.players):
        name = cfg.decks[i] if i < len(cfg.decks) and cfg.decks[i] else castles[i].faction
        out.append(deck_cards(cards, find_deck(cards, name)))
    return out


def campaign_position(cfg: SkyConfig, cards: CardSet) -> Position:
    """A campaign before its setup: market decks, gold 10, the scenario and portal piles."""
    castle = castle_of(cards, cfg.castle)
    hordes = game_hordes(cards, cfg.hordes, True)
    scenarios = tuple(sorted(s.id for s in cards.scenarios.values() if s.horde in hordes))
    portals = tuple(sorted(p.id for p in cards.portals.values() if p.stage == 1))
    if len(scenarios) < CAMPAIGN_GAMES + 2 or len(portals) < CAMPAIGN_GAMES:
        raise InvalidInputError(
            f"a campaign needs 6 scenarios and 4 stage I portals; {', '.join(hordes)} give "
            f"{len(scenarios)} scenarios and the file {len(portals)} stage I portals"
        )
    final = outsider_line(cards, cfg.outsider)
    if cards.cards[final[0]].kind == "henchman":
        raise InvalidInputError("the final outsider of a campaign is not a henchman")
    horde_deck(cards, hordes, cfg.difficulty, campaign=True)  # checks there are cards
    markets = tuple(Market((m,)) for m in _markets(cards, cfg))
    camp = Campaign(
        gold=START_GOLD,
        scenario_pile=scenarios,
        portal_pile=portals,
        decks=((),) * cfg.players,
        markets=markets,
        castle_hp=castle.health,
    )
    s = Position(
        config=cfg,
        seats=tuple(Seat() for _ in range(cfg.players)),
        castle=castle.id,
        castle_hp=castle.health,
        portal=portals[0],
        campaign=camp,
        phase="campaign",
        cards=cards,
    )
    s = emit(
        s,
        "campaign.setup",
        f"Campaign: {castle.name}, hordes {', '.join(hordes)} at "
        f"difficulty {cfg.difficulty}, final outsider {s.card(final[0]).name}; gold {START_GOLD}.",
    )
    tasks = [Task("starting_deck", (i,)) for i in range(cfg.players)] + [Task("campaign_game")]
    return evolve(s, tasks=tuple(tasks))


def _market_take(m: Market, card: str) -> Market:
    segs = list(m.segments)
    i = next(k for k, seg in enumerate(segs) if seg)
    segs[i] = take(segs[i], card)
    return Market(tuple(seg for seg in segs if seg))


def _set_camp(s: Position, **changes) -> Position:
    return evolve(s, campaign=evolve(s.campaign, **changes))


def _with(seq: tuple, i: int, value) -> tuple:
    return seq[:i] + (value,) + seq[i + 1 :]


@handles("starting_deck")
def starting_deck(s: Position, t: Task):
    """Campaign Setup: take at most 18 base and 2 legendary cards from your market deck."""
    (seat,) = t.args
    c = s.campaign
    if t.picks:
        card = t.picks[0]
        if card is None:
            return emit(
                s,
                "campaign.starting-deck",
                f"Player {seat + 1}'s starting deck: {len(c.decks[seat])} cards.",
            )
        market = c.markets[seat]
        whole = tuple(x for seg in market.segments for x in seg)
        market = Market((take(tuple(sorted(whole)), card),))
        s = _set_camp(
            s,
            markets=_with(c.markets, seat, market),
            decks=_with(c.decks, seat, put(c.decks[seat], card)),
        )
        return push(s, Task("starting_deck", (seat,)))
    counts = {r: sum(s.card(x).rarity == r for x in c.decks[seat]) for r in STARTING_LIMITS}
    pool = sorted({x for seg in c.markets[seat].segments for x in seg})
    opts = [
        (f"pick:{x}", x)
        for x in pool
        if s.card(x).rarity in STARTING_LIMITS
        and counts[s.card(x).rarity] < STARTING_LIMITS[s.card(x).rarity]
    ]
    if not opts:
        return push(s, t.with_pick(None))
    opts.append(("done", None))
    have = f"{counts['base']}/18 base, {counts['legendary']}/2 legendary"
    return Ask(seat, tuple(opts), f"Starting deck ({have}): take a card from your market deck.")


@handles("campaign_game")
def campaign_game(s: Position, t: Task):
    """Scenario Setup: a random scenario, a random stage I portal, and the game's outsider."""
    c = s.campaign
    need = 2 if c.game in (2, 3) else 1
    picks = t.picks
    if len(picks) == 0:
        return Roll(draw_outcomes("scenario", c.scenario_pile))
    if len(picks) == 1:
        return Roll(draw_outcomes("portal", c.portal_pile))
    if len(picks) == 2 and need == 2:
        rest = take(c.scenario_pile, picks[0])
        return Roll(draw_outcomes("henchman", rest))
    scenario, portal = picks[0], picks[1]
    pile = take(c.scenario_pile, scenario)
    if c.game == 1:
        line: tuple[str, ...] = ()
        who = "the stage I portal is the outsider: destroy it to win"
    elif c.game in (2, 3):
        hench = picks[2]
        pile = take(pile, hench)
        line = (s.cards.scenarios[hench].henchman.id,)
        who = f"the outsider is {s.name(line[0])}, the henchman on the back of {s.name(hench)}"
    else:
        line = outsider_line(s.cards, s.config.outsider)
        who = f"the outsider is {s.name(line[0])}"
    cfg = s.config
    hordes = game_hordes(s.cards, cfg.hordes, True)
    fixed, pool, extra = horde_deck(s.cards, hordes, cfg.difficulty, campaign=True)
    fixed = tuple(x for x in fixed if x not in c.exiled)
    seats = tuple(Seat(deck=Deck(middle=d)) for d in c.decks)
    minions = tuple(sorted(m.id for m in s.cards.of_kind("minion")))
    s = evolve(
        s,
        seats=seats,
        monsters=(None,) * 6,
        allies=(None,) * 6,
        back=(),
        dead_minions=minions,
        castle_hp=c.castle_hp,
        castle_exhausted=False,
        portal=portal,
        portal_damage=0,
        rotation=0,
        portal_pile=portal_stages(s.cards),
        portal_down=False,
        outsider_line=line,
        outsider_pile=(),
        outsider_out=(),
        horde_deck=fixed,
        horde_discard=(),
        hidden=0,
        concealed_pool=(),
        lane_tokens=(),
        treachery="",
        boosted=0,
        turn=0,
        phase="setup",
        doomed=(),
        destroying=0,
        win_pending=False,
        enchant=enchantment_of(s.cards, line),
        campaign=evolve(
            c,
            scenario=scenario,
            henchman=picks[2] if need == 2 else "",
            scenario_pile=pile,
            portal_pile=take(c.portal_pile, portal),
            used=(),
        ),
    )
    s = emit(
        s,
        "campaign.scenario-setup",
        f"Campaign game {c.game}: scenario {s.name(scenario)}, "
        f"portal {s.name(portal)}; {who}. Castle health {c.castle_hp}, gold {c.gold}.",
        {"game": c.game},
    )
    tasks = []
    if extra:
        tasks.append(Task("level3", (pool, extra)))
    tasks += [Task("minion_pick")] * 2 if s.players == 1 else [Task("minion_all")]
    sc = s.cards.scenarios[scenario]
    tasks += [Task("effect", (0, scenario, e, 0)) for e in sc.mandatory]
    tasks += [Task("scenario_actions"), Task("scenario_income")]
    for i in range(s.players):
        tasks += [Task("draw", (i, START_HAND, "setup.draw")), Task("mulligan", (i,))]
    tasks.append(Task("turn"))
    return push(s, *tasks)


@handles("scenario_actions")
def scenario_actions(s: Position, t: Task):
    """The scenario's actions, each once unless marked infinity, paid (or earned) in gold."""
    c = s.campaign
    sc = s.cards.scenarios[c.scenario]
    if t.picks:
        i = t.picks[0]
        if i is None:
            return s
        a = sc.actions[i]
        g = clamp(c.gold + a.gold, 0, GOLD_MAX)
        used = c.used if a.repeat else c.used + (i,)
        s = emit(
            s,
            "campaign.scenario-action",
            f"{a.name}: gold {c.gold} -> {g}.",
            campaign=evolve(c, gold=g, used=used),
        )
        return push(
            s, *(Task("effect", (0, c.scenario, e, 0)) for e in a.effects), Task("scenario_actions")
        )
    opts = [
        (f"action:{i + 1}", i)
        for i, a in enumerate(sc.actions)
        if i not in c.used and c.gold + a.gold >= 0
    ]
    if not opts:
        return s
    opts.append(("done", None))
    return Ask(0, tuple(opts), f"{sc.name}: take an action (gold {c.gold}) or be done.")


@handles("scenario_income")
def scenario_income(s: Position, t: Task):
    """Earn the gold in the scenario card's corner."""
    c = s.campaign
    sc = s.cards.scenarios[c.scenario]
    g = clamp(c.gold + sc.income, 0, GOLD_MAX)
    return emit(
        s, "campaign.income", f"{sc.name} income: gold {c.gold} -> {g}.", campaign=evolve(c, gold=g)
    )


@handles("recruit")
def recruit(s: Position, t: Task):
    """RECRUIT X: each player forms three offers of X cards from the market and takes one."""
    (x,) = t.args
    return push(s, *(Task("offers", (i, x)) for i in range(s.players)))


@handles("offers")
def offers(s: Position, t: Task):
    """Deal three offers of X cards (one chance node per card), then choose one."""
    seat, x = t.args
    c = s.campaign
    market = c.markets[seat]
    dealt = [p for p in t.picks if isinstance(p, str)]
    total = min(OFFERS * x, market.size)
    if len(dealt) < total:
        m = market
        for card in dealt:
            m = _market_take(m, card)
        seg = next(seg for seg in m.segments if seg)
        if seg[0] == seg[-1]:
            return push(s, t.with_pick(seg[0]))
        return Roll(draw_outcomes("market", seg))
    groups = [
        tuple(dealt[k * x : (k + 1) * x]) for k in range(OFFERS) if dealt[k * x : (k + 1) * x]
    ]
    choice = [p for p in t.picks if isinstance(p, int)]
    if not groups:
        return emit(s, "campaign.recruit", "The market deck is empty: no offers.")
    if not choice:
        opts = tuple((f"offer:{k + 1}", k) for k in range(len(groups)))
        text = "; ".join(
            f"{k + 1}: {', '.join(s.name(c) for c in g)}" for k, g in enumerate(groups)
        )
        return Ask(seat, opts, f"Recruit {x}: offers {text}. Which one?")
    k = choice[0]
    m = market
    for card in dealt:
        m = _market_take(m, card)
    rest = tuple(sorted(card for j, g in enumerate(groups) if j != k for card in g))
    m = Market(m.segments + ((rest,) if rest else ()))
    got = groups[k]
    c2 = evolve(
        c, markets=_with(c.markets, seat, m), decks=_with(c.decks, seat, put(c.decks[seat], *got))
    )
    s = emit(
        s,
        "campaign.recruit",
        f"Player {seat + 1} recruits {', '.join(s.name(x) for x in got)}; "
        "the other offers go to the bottom of the market deck in random order.",
        campaign=c2,
    )
    return push(s, Task("on_top", (seat, tuple(sorted(got)))))


@handles("on_top")
def on_top(s: Position, t: Task):
    """Recruited cards go on top of the deck in any order (you choose, one at a time)."""
    seat, cards = t.args
    if not cards:
        return s
    if t.picks or len(set(cards)) == 1:
        card = t.picks[0] if t.picks else cards[0]
        st = s.seats[seat]
        s = evolve(s, seats=s.seat_with(seat, deck=evolve(st.deck, top=(card,) + st.deck.top)))
        return push(s, Task("on_top", (seat, take(cards, card))))
    opts = tuple((f"top:{c}", c) for c in dict.fromkeys(cards))
    return Ask(seat, opts, "Which recruited card goes on the deck first (the last one on top)?")


@handles("exile")
def exile(s: Position, t: Task):
    """EXILE: remove a card from your deck for this and future games; it goes to the bottom
    of its market deck."""
    seat, n = t.args
    c = s.campaign
    if c is None or n <= 0:
        return s
    st = s.seats[seat]
    if t.picks:
        card = t.picks[0]
        if card is None:
            return s
        deck = _drop(st.deck, card)
        m = Market(c.markets[seat].segments + ((card,),))
        s = evolve(s, seats=s.seat_with(seat, deck=deck))
        s = _set_camp(
            s,
            markets=_with(c.markets, seat, m),
            decks=_with(c.decks, seat, take(c.decks[seat], card)),
        )
        s = emit(s, "campaign.exile", f"Player {seat + 1} exiles {s.name(card)}.")
        return push(s, Task("exile", (seat, n - 1)))
    pool = dict.fromkeys(st.deck.cards())
    if not pool:
        return s
    opts = tuple((f"exile:{x}", x) for x in pool) + (("done", None),)
    return Ask(seat, opts, f"Exile up to {n} card(s) from your deck, or be done.")


def _drop(deck: Deck, card: str) -> Deck:
    if card in deck.top:
        i = deck.top.index(card)
        return Deck(deck.top[:i] + deck.top[i + 1 :], deck.middle, deck.bottom)
    if card in deck.middle:
        return Deck(deck.top, take(deck.middle, card), deck.bottom)
    i = deck.bottom.index(card)
    return Deck(deck.top, deck.middle, deck.bottom[:i] + deck.bottom[i + 1 :])


@handles("campaign_next")
def campaign_next(s: Position, t: Task):
    """A game won: the castle's health carries over; after the fourth, the campaign is won."""
    c = s.campaign
    won = c.won + 1
    if c.game >= CAMPAIGN_GAMES:
        return emit(
            s,
            "campaign.won",
            "All four games won: the campaign is yours!",
            {"result": "win"},
            result="win",
            phase="over",
            tasks=(),
            campaign=evolve(c, won=won, castle_hp=s.castle_hp),
        )
    s = emit(
        s,
        "campaign.next-game",
        f"Game {c.game} won. The castle keeps {s.castle_hp} health "
        f"and the Alliance {c.gold} gold for game {c.game + 1}.",
        campaign=evolve(c, won=won, game=c.game + 1, castle_hp=s.castle_hp),
        phase="campaign",
    )
    return push(s, Task("campaign_game"))
