"""Recompute the lab's shipped answers from their fixed seeds: data/lab/answers.toml.

    python scripts/lab_answers.py [--scale S] [--workers K] [--scheduler ADDRESS]
                                  [--only GAME[:QUESTION]] [--merge] [--out FILE]

``--scale`` multiplies every question's games (1 = the figures shipped). Same seeds,
same games, same numbers, on one process, K processes or a Dask cluster. ``--merge``
keeps the answers already in the file that this run does not recompute.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

from hordes_kit.core.lab import DEFAULT_CANDIDATES
from hordes_kit.core.lab.report import ANSWERS, answer_record, read_answers, to_toml
from hordes_kit.core.lab.search import ask
from hordes_kit.fantahzee.lab import QUESTIONS as FANTAHZEE
from hordes_kit.heroes_hordes.lab import QUESTIONS as HEROES
from hordes_kit.shadows.lab import QUESTIONS as SHADOWS
from hordes_kit.skytear.lab import QUESTIONS as SKYTEAR
from hordes_kit.the_horde.lab import QUESTIONS as HORDE

SEED = 2026
PLAN = (  # (game, questions, question key, games at scale 1, search candidates): shipped
    ("the-horde", HORDE, "policies", 200_000, 0),
    ("the-horde", HORDE, "best-policy", 10_000, 16),  # first round; 40,000 fresh at the end
    ("the-horde", HORDE, "card-value", 50_000, 0),
    ("the-horde", HORDE, "table-rules", 50_000, 0),
    # the coach as a bot, up to 4,096 simulated games a move on keyed luck: ~3.6 CPU-s a
    # game. The size was fixed by the clock before any game was played (two processes from
    # 04:14 to 06:00 UTC, the longest run of games 0..K-1 finished by then): 27 games only
    # the coach won and 27 only the best policy (at 256 a move, 220 games: 4 and 3)
    ("the-horde", HORDE, "coach", 3_280, 0),
    # the coach's lead move by move: every move it plays over the policy's checked on
    # 20,000 fresh games after each (~4.5 CPU-s a game); size fixed by the clock before
    # any game was played (10:20-12:20 UTC, two processes): +0.031% (+0.012 to +0.050)
    ("the-horde", HORDE, "coach-lead", 3_049, 0),
    ("heroes-hordes", HEROES, "best-policy", 25_000, 0),
    ("heroes-hordes", HEROES, "table-rules", 25_000, 0),
    # the coach as a bot, up to 256 simulated games a move: ~0.9 CPU-s a game; at 2,300
    # games 13 only the coach won and 5 only the best policy (+0.35%, -0.01 to +0.71), so
    # 3,000 were set (17 and 6: +0.37%, +0.05 to +0.68; two looks at the same games)
    ("heroes-hordes", HEROES, "coach", 3_000, 0),
    ("fantahzee", FANTAHZEE, "first-player", 20_000, 0),  # fast simulator, ~130 games/s
    ("fantahzee", FANTAHZEE, "table-rules", 8_000, 0),  # 3 arms
    ("fantahzee", FANTAHZEE, "hero-value", 2_000, 0),  # 21 arms
    ("fantahzee", FANTAHZEE, "best-policy", 500, 16),  # first round; 2,000 fresh at the end
    # the coach as a bot, 2 then 3 players, every seat in turn: 1-8 minutes a game (its
    # 16 games a move at ~25 moves a roll make ~35,000 fast games a game)
    ("fantahzee", FANTAHZEE, "coach", 15, 0),
    ("shadows", SHADOWS, "heroes", 20_000, 0),  # 6 pairs of Heroes, fast simulator
    ("shadows", SHADOWS, "heroes-3p", 10_000, 0),  # 4 tables of three
    ("shadows", SHADOWS, "item-value", 4_000, 0),  # 38 arms
    ("shadows", SHADOWS, "study-or-buy", 10_000, 0),  # 8 arms
    ("shadows", SHADOWS, "best-policy", 2_000, 16),  # first round; 8,000 fresh at the end
    # the coach as a bot, 2 then 3 players, every seat in turn: ~20-60 s a game
    ("shadows", SHADOWS, "coach", 80, 0),
    ("skytear", SKYTEAR, "best-policy", 2_000, 16),  # first round; 8,000 fresh at the end
    ("skytear", SKYTEAR, "win-rates", 500, 0),  # 45 arms
    ("skytear", SKYTEAR, "coop-win-rates", 500, 0),  # 45 arms
    ("skytear", SKYTEAR, "castle-value", 5_000, 0),  # 6 arms
    # the coach as a bot: ~9 CPU-s a solo game, ~22 a co-op game (levels 1-3; level 5 solo
    # ~1, co-op levels 1, 4, 5 ~5-9); a pilot of 20 solo games at level 2 had 10 games only
    # the coach won and none only the policy: 20 games tell that apart. At level 5, where
    # both rarely win, 20 games did not (solo 1-0, co-op 3-0): more games there
    ("skytear", SKYTEAR, "coach-solo-1", 20, 0),
    ("skytear", SKYTEAR, "coach-solo-2", 20, 0),
    ("skytear", SKYTEAR, "coach-solo-3", 20, 0),
    ("skytear", SKYTEAR, "coach-solo-4", 20, 0),
    ("skytear", SKYTEAR, "coach-solo-5", 200, 0),
    ("skytear", SKYTEAR, "coach-coop-1", 20, 0),
    ("skytear", SKYTEAR, "coach-coop-2", 20, 0),
    ("skytear", SKYTEAR, "coach-coop-3", 20, 0),
    ("skytear", SKYTEAR, "coach-coop-4", 20, 0),
    ("skytear", SKYTEAR, "coach-coop-5", 100, 0),
)


def main() -> None:
    """Compute every planned answer and write the TOML file."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--scheduler", default=None)
    ap.add_argument("--only", default=None, help="GAME or GAME:QUESTION")
    ap.add_argument("--merge", action="store_true")
    ap.add_argument("--out", default=str(ANSWERS))
    args = ap.parse_args()
    out = Path(args.out)
    kept = {(a["game"], a["question"]): a for a in read_answers(out)} if args.merge else {}
    records = []
    for game, questions, key, games, cands in PLAN:
        if args.only and args.only not in (game, f"{game}:{key}"):
            if (game, key) in kept:
                records.append(kept[(game, key)])
            continue
        q = next(x for x in questions if x.key == key)
        n = max(1, int(games * args.scale))
        t = time.time()
        cands = cands or DEFAULT_CANDIDATES
        res = ask(q, n, SEED, workers=args.workers, scheduler=args.scheduler, candidates=cands)
        rec = answer_record(game, key, q.title, res, SEED, time.time() - t, cands)
        records.append(rec)
        print(f"{game} {key}: {rec['games']:,} games, {rec['seconds']} s", flush=True)
    header = (
        "The strategy lab's shipped answers (scripts/lab_answers.py recomputes them from their"
        f"\nseeds; each answer's command gives its numbers). Computed on {platform.machine()}."
        "\nIntervals are 95%; 'no difference found' where the difference's interval holds 0."
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(to_toml(records, header))


if __name__ == "__main__":
    main()
