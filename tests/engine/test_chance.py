"""Chance points: every draw with its outcomes and their probabilities, outcomes forced and enumerated, perft
that says what it counts, and the exact expected result of random play (against counts made independently)."""
import itertools
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_game
from mire.engine.analysis.solve import TooLarge, solve
from mire.engine.analysis.testing import snapshot
from mire.engine.run.chance import TooManyOutcomes, enumerate_outcomes, outcomes, setup_outcomes

GAMES = Path(__file__).parents[1] / "games"


def dice(seed=0, players=2):
    return load_game(str(GAMES / "dice.mire")).new_state(seed=seed, players=players)


def guess():
    return load_game(str(GAMES / "guess.mire"))


def run(args):
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_every_draw_is_a_chance_point_with_its_outcomes_and_probability():
    state = dice()
    state.apply(state.parse_move("roll"))
    roll = state.chance[-1]
    assert (roll.kind, roll.options, roll.outcomes, roll.probability) == ("pick", (1, 2, 3, 4, 5, 6), 6,
                                                                           Fraction(1, 6))
    assert roll.options[roll.outcome] == state.vars["shown"]
    start = guess().new_state(seed=3)
    shuffle = start.chance[0]
    assert (shuffle.kind, shuffle.outcomes, shuffle.probability, shuffle.draws) == ("shuffle", 6, Fraction(1, 6),
                                                                                     (0, 2))
    assert sorted(shuffle.outcome) == [0, 1, 2]
    first = load_game("mudwater").new_state(seed=1).chance[0]   # `first random` picks a seat
    assert first.kind == "pick" and [p.name for p in first.options] == ["black", "white"]


def test_forced_outcomes_play_exactly_what_they_say_and_the_seed_is_untouched():
    state = dice(seed=5)
    before = snapshot(state)
    for i in range(6):
        state.apply(state.parse_move("roll"), chance=(i,))
        assert state.vars["shown"] == i + 1 and state.last_draws == [6]
        state.undo()
    assert snapshot(state) == before
    # a choice in the middle of a move keeps the draws made before it
    state.apply(state.parse_move("gamble"), chance=(3,))
    assert state.vars["shown"] == 4 and state.pending.drawn == (3,)
    state.apply(state.parse_move("2"), chance=(5,))
    assert state.vars["shown"] == 4 and state.players[0].vars["total"] == 2 * 6 - 2 * 3
    state.undo()
    assert state.vars["shown"] == 4 and state.pending is not None


def test_a_moves_outcomes_are_every_way_its_draws_can_fall():
    state = dice()
    assert outcomes(state, state.parse_move("roll")) == [(Fraction(1, 6), (i,)) for i in range(6)]
    state.apply(state.parse_move("gamble"), chance=(0,))
    found = outcomes(state, state.parse_move("2"))
    assert sum(p for p, _ in found) == 1 and len(found) == 6
    tic = load_game("tic-tac-toe").new_state()
    assert outcomes(tic, tic.legal_moves()[0]) == [(1, ())]


def test_a_shuffle_has_each_order_once_and_equally_likely():
    found = setup_outcomes(guess())
    assert len(found) == 6 and {p for p, _ in found} == {Fraction(1, 6)}
    orders = set()
    for _, steps in found:
        state = guess().new_state(chance=steps)
        orders.add(tuple(c.attrs["rank"] for c in state.zones["deck"].pieces + state.zones["kept"].pieces))
    assert orders == set(itertools.permutations([1, 2, 3]))


def test_enumeration_is_bounded():
    with pytest.raises(TooManyOutcomes):   # one line of draws alone has 27! outcomes
        setup_outcomes(load_game("mosquito-show"))
    with pytest.raises(TooManyOutcomes):   # or the tree grows past the limit
        enumerate_outcomes(lambda steps: [2] * 4 if len(steps) < 4 else [2] * len(steps), limit=10)


def test_perft_says_what_it_counts_of_chance():
    # guess: the start shuffles 3 cards (6 orders), then 3 guesses each end the game
    assert perft_game(guess(), 2).counts == [3, 0]
    assert perft_game(guess(), 2, chance="expand").counts == [6 * 3, 0]
    # dice: a roll has 6 outcomes; a gamble rolls one die (6), then a choice of 3, each rolling one more (6)
    expanded = perft_game(load_game(str(GAMES / "dice.mire")), 2, chance="expand")
    assert expanded.counts == [6 + 6, 6 * (6 + 6) + 6 * 3 * 6] and expanded.met_chance
    assert not perft_game(load_game("tic-tac-toe"), 2, chance="expand").met_chance
    assert perft(dice(), 2) == perft_game(load_game(str(GAMES / "dice.mire")), 2).counts
    assert run(["perft", str(GAMES / "guess.mire"), "--depth", "1"]).output == \
        "depth 1: 3\nchance: each draw as seed 0 gives it (--chance expand counts every outcome)\n"
    assert json.loads(run(["perft", str(GAMES / "guess.mire"), "--depth", "2", "--chance", "expand",
                           "--json"]).output) == {"game": "guess", "counts": [18, 0], "chance": "expand", "terminals": [
        {"depth": 1, "ended": 18, "wins": {"1": 6, "2": 12}, "shared": 0, "draws": 0}]}   # a third right
    assert run(["perft", str(GAMES / "guess.mire"), "--depth", "1", "--chance", "expand", "--divide"]).output == \
        "guess 1: 6\nguess 2: 6\nguess 3: 6\ntotal: 18\nchance: every outcome of every draw counted\n"
    refused = run(["perft", "mosquito-show", "--depth", "1", "--chance", "expand"])
    assert refused.exit_code == 2 and "more than 10000 outcomes of chance" in refused.output


def random_tic_tac_toe(board, turn):
    """An independent count: X's, O's and the draw's probabilities when both play uniformly at random from a
    board (a1 b1 c1 a2 ... c3, '.' for empty)."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    memo = {}

    def value(board, turn):
        if board in memo:
            return memo[board]
        for a, b, c in lines:
            if board[a] != "." and board[a] == board[b] == board[c]:
                return (Fraction(1), Fraction(0), Fraction(0)) if board[a] == "X" else \
                    (Fraction(0), Fraction(1), Fraction(0))
        free = [i for i, v in enumerate(board) if v == "."]
        if not free:
            return (Fraction(0), Fraction(0), Fraction(1))
        total = [Fraction(0)] * 3
        for i in free:
            v = value(board[:i] + turn + board[i + 1:], "O" if turn == "X" else "X")
            total = [t + x / len(free) for t, x in zip(total, v)]
        memo[board] = tuple(total)
        return memo[board]
    return value(board, turn)


def test_solve_gives_random_tic_tac_toe_exactly():
    # (from the start it gives X 737/1260, O 121/420, a draw 8/63: the well-known figures; too slow for a test)
    state = load_game("tic-tac-toe").new_state()
    for move in ("place a1", "place b2"):
        state.apply(state.parse_move(move))
    sol = solve(state.game, start=state)
    x, o, draw = random_tic_tac_toe("X...O....", "X")
    assert (sol.results[0].win, sol.results[1].win, sol.results[0].draw) == (x, o, draw)
    assert (sol.results[1].loss, sol.results[1].draw) == (x, draw) and x > o > 0 and draw > 0


def test_solve_works_out_each_position_once():
    # tic-tac-toe has 5,478 positions (the empty board and every end included): transpositions are met again,
    # not walked again, and the figures are the well-known ones
    sol = solve(load_game("tic-tac-toe"))
    assert sol.positions == 5478
    assert (sol.results[0].win, sol.results[1].win, sol.results[0].draw) == \
        (Fraction(737, 1260), Fraction(121, 420), Fraction(8, 63))
    text = run(["solve", "tic-tac-toe"]).output   # exact is what solve does: no flag needed
    assert text.splitlines()[0].startswith("Tic-tac-toe: exact result of uniform random play, 2 players "
                                           "(5,478 positions, ")
    assert text.splitlines()[2].split()[:3] == ["X", "737/1260", "(58.49%)"]


def test_solve_enumerates_the_starts_chance():
    sol = solve(guess())
    assert [(r.win, r.loss) for r in sol.results] == [(Fraction(1, 3), Fraction(2, 3)), (Fraction(2, 3),
                                                                                        Fraction(1, 3))]
    # each start: the position before the guess, and the two ends (the guesser wins or the other does)
    assert sol.positions == 6 * (1 + 2) and sol.unfinished == 0
    text = run(["solve", str(GAMES / "guess.mire"), "--exact"]).output
    assert text.splitlines()[2].split() == ["1", "1/3", "(33.33%)", "0", "(0.00%)", "0", "(0.00%)", "2/3", "(66.67%)"]
    assert json.loads(run(["solve", str(GAMES / "guess.mire"), "--exact", "--json"]).output)["seats"]["2"] == \
        {"win": "2/3", "shared": "0", "draw": "0", "loss": "1/3"}


def test_solve_is_bounded():
    with pytest.raises(TooLarge):
        solve(load_game(str(GAMES / "dice.mire")), limit=1000)
    refused = run(["solve", "connect-four", "--exact", "--max-positions", "500"])
    assert refused.exit_code == 1 and "too large to solve exactly" in refused.output
    cut = solve(load_game(str(GAMES / "dice.mire")), max_moves=1)
    assert cut.unfinished > 0 and sum(r.win for r in cut.results) + cut.unfinished == 1
    assert math.isclose(float(cut.results[0].win), 0.0)
