"""The floor of the engine loop: what the rules' own work costs a move, against the time a move may take.

    python bench/floor.py [--positions N] [--game NAME ...]

For tic-tac-toe and connect four, from N positions met in random games, times the parts of a move that any
engine running these rules as they are written must do, each alone, in this process:

* listing the legal moves (the actions' compiled listings, the cache set aside);
* the move's effect (its compiled body) and taking it back (the journal);
* the rules after a move (`trigger ... after move`);

and prints their sum beside the time a move may take for the engine loop to reach issue 10's targets (0.35x
hand-written for tic-tac-toe, 0.4x for connect four), worked out from the hand-written rate measured in the same
run and the mean length of a random game. When the sum is over the budget, no bookkeeping around the rules can
reach the target: the rules' own work has to get cheaper (another form of the rules, or another representation).
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import handwritten  # noqa: E402

TARGETS = {"tic-tac-toe": 0.35, "connect-four": 0.4}


def each_call(fn, count=20000):
    """Seconds one call of fn() takes, the empty loop taken off."""
    clock = time.perf_counter
    start = clock()
    for _ in range(count):
        fn()
    spent = clock() - start
    start = clock()
    for _ in range(count):
        pass
    return max(0.0, spent - (clock() - start)) / count


def positions(game, n, seed=0):
    """(state, a legal move) pairs from random games of the bundled rules, each a state of its own."""
    from mire.engine import load_game
    rng = random.Random(seed)
    rules = load_game(game)
    out = []
    while len(out) < n:
        state = rules.new_state(seed=len(out), records=False)
        for _ in range(rng.randrange(6)):
            state.apply(state.random_move(rng))
            if state.is_over():
                break
        if not state.is_over():
            out.append((state, rng.choice(state.legal_moves())))
    return out


def parts(state, move):
    """Seconds of (listing, effect and taking it back, rules after a move) in this position."""
    from mire.engine.run.runtime import GameOver
    from mire.grammar.limits import MAX_LOOP_STEPS

    def listing():
        state._version += 1
        state.legal_moves()

    def effect():
        state._budget = MAX_LOOP_STEPS  # (each move has a budget of steps of its own)
        mark = len(state._journal)
        try:
            move.action.body(state, [*move.args])
        except GameOver:
            pass
        state._rollback(mark)

    after = state._after_move[state.phase] or []

    def triggers():
        state._budget = MAX_LOOP_STEPS
        mark = len(state._journal)
        for rule in after:
            try:
                rule.body(state, [])
            except GameOver:
                pass
        state._rollback(mark)
    # (a game with no rules after a move spends nothing there: its harness is not timed)
    return each_call(listing), each_call(effect), each_call(triggers) if after else 0.0


def hand_written_rate(game, seconds=1.0):
    """Playouts a second of the hand-written version."""
    rng = random.Random(0)
    start, count = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        handwritten.GAMES[game](rng)
        count += 1
    return count / (time.perf_counter() - start)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--game", action="append", choices=sorted(TARGETS))
    args = ap.parse_args(argv)
    from mire.engine import load_game
    from mire.engine.analysis.playout import random_playouts
    print(f"{'game':14} {'list':>7} {'effect':>7} {'after':>7} {'rules':>7} {'budget':>7}  (microseconds a move)")
    for game in args.game or sorted(TARGETS, reverse=True):
        spots = positions(game, args.positions)
        before = hand_written_rate(game)
        measured = [parts(s, m) for s, m in spots]
        hand_rate = (before + hand_written_rate(game)) / 2  # (either side of the parts: the machine's load drifts)
        listing, effect, after = (sum(p[i] for p in measured) / len(measured) * 1e6 for i in range(3))
        moves = random_playouts(load_game(game), 300).length_stats()["mean"]
        budget = 1e6 / (hand_rate * TARGETS[game] * moves)
        print(f"{game:14} {listing:7.2f} {effect:7.2f} {after:7.2f} {listing + effect + after:7.2f} {budget:7.2f}"
              f"  ({hand_rate:,.0f} hand-written playouts/s, {moves:.1f} moves a game)")


if __name__ == "__main__":
    main()
