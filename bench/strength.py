"""How strong is the search bot? Measured here, never asserted in tests (they use small fixed budgets).

    python bench/strength.py [--games N] [--iterations K] [--only KIND ...] [--game NAME ...] [--out FILE]

Three measurements, each a series of seeded games through mire.engine.analysis.arena (the bots change seats from
game to game):

* vs-random: the search (K iterations a move) at one seat, random movers at the others, for every
  bundled game at every player count;
* self: tic-tac-toe, the search against itself (how often it draws);
* peek: in the games with hidden information, the honest search against the same search allowed to
  see everything (chance stays unknown to both): the price of honesty.

Each row prints as it finishes (and goes to --out as a JSON line); a row's games and iterations can be set
per game with NAME=GAMES/ITERATIONS (e.g. --budget queensland=4/20) where the full measurement takes too
long. The figures in bench/README.md were made with the commands written there.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from mire.engine import load_game
from mire.engine.analysis.arena import arena
from mire.engine.analysis.playout import wilson

HIDDEN = ("mosquito-show", "mudwater", "mudwater-advanced", "quagmire", "queensland")
ORDER = ("tic-tac-toe", "connect-four", "breakthrough", "mosquito-show", "mudwater", "mudwater-advanced",
         "quagmire", "queensland")


def rows(only, games):
    for name in games:
        game = load_game(name)
        if "vs-random" in only:
            for players in range(game.min_players, game.max_players + 1):
                yield "vs-random", name, players
    if "self" in only and "tic-tac-toe" in games:
        yield "self", "tic-tac-toe", 2
    if "peek" in only:
        for name in games:
            if name in HIDDEN:
                yield "peek", name, 2


def measure(kind, name, players, games, iterations, seed):
    game = load_game(name)
    search = f"mcts:{iterations}"
    if kind == "vs-random":
        specs = [search] + ["random"] * (players - 1)
    elif kind == "self":
        specs = [search, search]
    else:
        specs = [search, f"peek:{iterations}"]
    began = time.perf_counter()
    result = arena(game, specs, games, seed=seed, players=players)
    seconds = time.perf_counter() - began
    out = {"kind": kind, "game": name, "players": players, "iterations": iterations, "games": result.summary.n,
           "seconds": round(seconds, 1), "seat_wins": result.summary.wins, "draws": result.summary.draws}
    labels = list(result.by_bot)
    first = result.by_bot[labels[0]]
    out["search"] = first.as_dict()
    if kind == "self":
        out["draw_rate"] = list(wilson(result.summary.draws, result.summary.n))
    if kind == "peek":
        out["peek"] = result.by_bot[labels[1]].as_dict()
    return out


def line(row):
    s = row["search"]
    n = s["n"]
    low, high = s["win_rate"]
    text = (f"{row['kind']:9} {row['game']:18} {row['players']}p  {row['iterations']:>5} it  {n:>3} games  "
            f"wins {s['wins']:>3} ({100 * s['wins'] / n:5.1f}%, 95% {100 * low:.0f}-{100 * high:.0f}%)  "
            f"shared {s['shared']}  draws {s['draws']}  losses {s['losses']}  "
            f"non-losses {100 * (n - s['losses']) / n:5.1f}%  {row['seconds']:.0f}s")
    if row["kind"] == "peek":
        text += f"   peek wins {row['peek']['wins']}"
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games a row (default 100)")
    ap.add_argument("--iterations", type=int, default=1000, help="search iterations a move (default 1000)")
    ap.add_argument("--only", action="append", choices=("vs-random", "self", "peek"))
    ap.add_argument("--game", action="append", choices=ORDER)
    ap.add_argument("--players", type=int, help="only this player count (vs-random)")
    ap.add_argument("--budget", action="append", default=[], metavar="NAME=GAMES/ITERATIONS",
                    help="another budget for one game's rows (repeatable)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="append each row to this file as a JSON line")
    args = ap.parse_args(argv)
    budgets = {}
    for b in args.budget:
        name, _, rest = b.partition("=")
        g, _, it = rest.partition("/")
        budgets[name] = (int(g), int(it))
    for kind, name, players in rows(args.only or ("vs-random", "self", "peek"), args.game or ORDER):
        if args.players and kind == "vs-random" and players != args.players:
            continue
        games, iterations = budgets.get(name, (args.games, args.iterations))
        row = measure(kind, name, players, games, iterations, args.seed)
        print(line(row), flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
