"""Where a random playout's machine instructions go, part by part: the start of a game, the listing of the
legal moves (and each action's share of it), and the rest (the moves' effects, the turns' bookkeeping, the bot).

    python bench/parts.py [--games N] GAME[:PLAYERS] ...

Each part is measured by doing it again: the games are played as `mire simulate` plays them (State.restart,
then a random game) once as they are and once with the part done three times more at every decision (or at
every start); the difference of the two valgrind counts, over three and over the games, is one doing of the
part. Listing each action alone counts what the actions share (`KIND of OWNER`, worked out once a listing) in
each of them, so their sum is over the listing's whole cost: both are printed.

Needs valgrind (callgrind); each item takes a few minutes. Bytecodes by function: bench/bytecodes.py.
"""
import argparse
import os
import re
import subprocess
import sys

EXTRA = 3
PLAY = """
import sys
from mire.engine import load_game
from mire.engine.analysis.playout import play_game, series_rng
from mire.engine.bots import RandomBot
game, players, n, part, extra = {game!r}, {players}, {n}, {part!r}, {extra}
g = load_game(game)
s = g.new_state(seed=0, players=players, records=False)

def again(state, seat, move):
    if part == "listing":
        for _ in range(extra):
            state._list_moves()
    elif part.startswith("action "):
        if state.pending is not None:
            return
        regular, fallback = state._listers[state.phase]
        listers = [*regular, *fallback]
        k = int(part.split()[1])
        for _ in range(extra if k < len(listers) else 0):
            state._listed_at = ()
            state._budget = 10 ** 9
            listers[k](state, [])

for i in range(n):
    s.restart(i)
    if part == "start":
        for _ in range(extra):
            s.restart(i)
    play_game(s, [RandomBot(series_rng(0, i))] * s.num_players, on_move=again)
"""


def instructions(game, players, n, part, extra):
    code = PLAY.format(game=game, players=players, n=n, part=part, extra=extra)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          code], capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode != 0 or found is None:
        raise RuntimeError(f"{game} failed under valgrind:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def action_names(game, players):
    from mire.engine import load_game
    state = load_game(game).new_state(seed=0, players=players, records=False)
    names = []
    for phase, (regular, fallback) in state._listers.items():
        acts = [a for a in state._by_phase[phase][0]] + [a for a in state._by_phase[phase][1]]
        names.append((phase, [a.name for a in acts], len(regular) + len(fallback)))
    return names


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("items", nargs="+", metavar="GAME[:PLAYERS]")
    ap.add_argument("--games", type=int, default=10, help="games played per count (default 10)")
    args = ap.parse_args(argv)
    for item in args.items:
        game, _, count = item.partition(":")
        players = int(count) if count else None
        n = args.games
        base = instructions(game, players, n, "", 0)
        whole = (base - instructions(game, players, 0, "", 0)) / n
        print(f"{item}: {whole:,.0f} instructions a game")

        def part(name, game=game, players=players, n=n, base=base):
            return (instructions(game, players, n, name, EXTRA) - base) / EXTRA / n

        print(f"  {'the start (restart)':34} {part('start'):12,.0f} a game")
        print(f"  {'one listing at every decision':34} {part('listing'):12,.0f} a game")
        phases = action_names(game, players)
        if len(phases) == 1:  # (the listers of the first phase are those of the only phase)
            _, names, k = phases[0]
            total = 0.0
            for i in range(k):
                cost = part(f"action {i}")
                total += cost
                print(f"    {names[i] if i < len(names) else f'action {i}':32} {cost:12,.0f} a game")
            print(f"    {'(their sum)':32} {total:12,.0f}")


if __name__ == "__main__":
    main()
