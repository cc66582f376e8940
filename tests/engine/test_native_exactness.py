"""Loose ends of the native backend's exactness, each against the interpreter, the reference: the draws' log taken
back by an undo (a move tried for its `ensure`s draws nothing of the game's), perft's note that chance was met
where the start drew through a trigger, `perft --json` the same text on both backends, a game of one player lost
a draw as in the interpreter, and solve's positions of an area game the interpreter's.

Three small games are compiled (tests/engine/native_games/careful-race.mire, once for the file; farms.mire for
solve, count-to-three.mire for perft).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.perft import perft_report

pytest.importorskip("numba")

from mire.engine.native import NativeGame  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))  # (test_native.py's fixtures, shared)
from test_native import cache, in_the_module_cache  # noqa: E402,F401,I001

# the first player's start drawn by a trigger at the first turn's start; a move that draws, with an `ensure`
CAREFUL = str(Path(__file__).parent / "native_games" / "careful-race.mire")
# an area of each player's, grown by `frontier`: solve's transpositions
FARMS = str(Path(__file__).parent / "native_games" / "farms.mire")
# a game of one player that may be lost
COUNT = str(Path(__file__).parent / "native_games" / "count-to-three.mire")


@pytest.fixture(scope="module")
def careful(cache):  # noqa: F811
    native = NativeGame(load_game(CAREFUL))
    native.perft(1)
    return native


def test_an_undo_takes_the_draws_log_back_with_the_stream(careful):
    """A move applied and undone leaves the whole vector as it was, the count of draws logged (NDRAWN) included:
    the log is part of the position as the chance stream is (an entry past its length is unreachable)."""
    import numpy as np
    m = careful.module
    st = careful.start_of(5, 0)
    before = st.copy()
    jr = np.zeros(1 + 2 * m.JCAP, np.int64)
    rows = np.zeros((m.MAXMOVES, m.WIDTH), np.int64)
    assert m.list_moves(st, rows) == 1  # (roll)
    m.apply_move(st, jr, rows[0])
    assert st[m.NDRAWN] == before[m.NDRAWN] + 1
    m.undo_to(st, jr, 0)
    assert st[:m.DRAWLOG].tolist() == before[:m.DRAWLOG].tolist()


def test_a_move_tried_for_its_ensures_leaves_no_draw_in_either_backends_record(careful):
    """The interpreter tries each move's effect for its `ensure`s, draws and all, and takes it back; the native
    lister does the same (dash, from the third turn). Neither try is a draw of the game: a move's draws (the
    interpreter's `drawn`, the native log a playout hands back) are its own, one die here, so every native game
    replays through the interpreter draw for draw. (Before, the native log kept each move tried when the next
    moves were listed, and the interpreter's record the tries of its check that the next player can move.)"""
    game = load_game(CAREFUL)
    ends = set()
    for index in range(40):
        texts, outcome, draws = careful.playout_with_draws(seed=3, index=index)
        state = game.new_state(seed=index, chance=draws.start)
        assert state.setup_drawn == draws.start and len(draws.start) == 1
        for k, (text, drawn) in enumerate(zip(texts, draws.moves)):
            assert len(drawn) == 1, f"game {index}, move {k + 1}: the native log holds {drawn}"
            state.apply(state.parse_move(text), chance=drawn)
            assert tuple(state.drawn[-1]) == drawn, f"game {index}, move {k + 1}: other draws"
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw) == (outcome.winners, outcome.draw)
        ends.add(outcome.winners)
    assert len(ends) == 2  # (both seats win some)


def test_perft_from_a_start_drawn_by_a_trigger_says_chance_on_both_backends(careful):
    """The start drew (a trigger at the first turn's start, as Backgammon's opening roll): the interpreter's perft
    says chance was met at every depth, the native one too (before, only where the setup or a variable drew)."""
    runner = CliRunner()
    for args in (["--depth", "1"], ["--depth", "1", "--seed", "2"], ["--depth", "3", "--seed", "4"]):
        out = [runner.invoke(main, ["perft", CAREFUL, *args, "--backend", backend]) for backend in ("python", "native")]
        assert [o.exit_code for o in out] == [0, 0]
        assert out[0].stdout == out[1].stdout
        assert out[0].stdout.splitlines()[-1] == \
            f"chance: each draw as seed {args[-1] if '--seed' in args else 0} gives it (--chance expand counts every " \
            "outcome)"
    for seed in (0, 2):  # (and the report: a depth whose moves are not played, the start alone drew)
        state = load_game(CAREFUL).new_state(seed=seed)
        assert state.setup_draws and perft_report(state, 1).met_chance
        assert careful.perft_report(1, seed=seed).met_chance


def test_perft_json_is_the_same_text_on_both_backends(careful):
    """`perft --json`: each depth's wins by seat name in sorted order, so both backends write the same text
    (the interpreter's walk met blue's wins first at depth 7 with seed 3, the native tally red's)."""
    runner = CliRunner()
    out = [runner.invoke(main, ["perft", CAREFUL, "--depth", "8", "--seed", "3", "--json", "--backend", backend])
           for backend in ("python", "native")]
    assert [o.exit_code for o in out] == [0, 0]
    assert out[0].stdout == out[1].stdout
    seventh = json.loads(out[0].stdout)["terminals"][6]
    assert seventh == {"depth": 7, "ended": 6, "wins": {"blue": 3, "red": 3}, "shared": 0, "draws": 0}


def test_a_game_of_one_player_lost_is_a_draw_natively_as_in_the_interpreter():
    """Before edition 3 a game nobody won is a draw, `lose` in a game of one player too (ending.outcome): the
    native outcome says so (it said a loss with no draw), so perft's JSON, solve and the series count it as the
    interpreter does."""
    runner = CliRunner()
    out = [runner.invoke(main, ["perft", COUNT, "--depth", "4", "--json", "--backend", backend])
           for backend in ("python", "native")]
    assert [o.exit_code for o in out] == [0, 0]
    assert out[0].stdout == out[1].stdout
    assert json.loads(out[0].stdout)["terminals"][1] == {"depth": 2, "ended": 8, "wins": {"1": 4}, "shared": 0,
                                                          "draws": 4}


def test_a_search_values_a_game_of_one_player_lost_as_the_interpreters_bots(cache):  # noqa: F811
    """The native search's reward of a line (line_rewards) is bots/search.rewards': a game of one player lost is a
    draw before edition 3, worth 1/2 (natively it was worth 0, a loss); won, 1. (The generated function's own
    source run by Python, `py_func`: the search itself is not compiled for this.)"""
    import numpy as np

    from mire.engine.bots.search import rewards
    native = NativeGame(load_game(COUNT))
    applied = native.entry("applied")
    for line in (["add 2", "add 2"], ["add 2", "add 1"]):
        state = load_game(COUNT).new_state()
        st = native.begun
        for text in line:
            state.apply(state.parse_move(text))
            st = applied(st, np.array(next(r for r in native.moves(st) if native.move_text(r, st) == text), np.int64))
        res = np.zeros(1, np.float64)
        native.module.line_rewards.py_func(st, res)
        assert state.is_over() and res.tolist() == rewards(state) == ([0.5] if line[-1] == "add 2" else [1.0])


def test_perft_json_meets_chance_only_in_the_moves_it_plays_as_the_interpreter():
    """`perft --json` tallies the ends of the depths whose moves the walk plays anyway, and counts the last depth's
    moves without playing them (the interpreter's "played" terminals): their draws are not met. Natively the last
    depth's moves were played for the tally, and a game whose start draws nothing said `"chance"` at depth 1."""
    runner = CliRunner()
    for depth, met in (("1", False), ("2", True)):
        out = [runner.invoke(main, ["perft", COUNT, "--depth", depth, "--json", "--backend", backend])
               for backend in ("python", "native")]
        assert [o.exit_code for o in out] == [0, 0]
        assert out[0].stdout == out[1].stdout
        assert ("chance" in json.loads(out[0].stdout)) is met


def test_solve_of_an_area_game_merges_the_positions_the_interpreter_merges():
    """An area's spaces are keyed as the interpreter's solve keys them (engine/native/area_keys.py): the spaces that
    hold pieces, in the order they were made, by column and row; not the empty ones a listing made, nor the
    native places' numbers. Farms reaches one position by lines that made other empty spaces: both backends visit
    374 positions (natively 1,469 before) with the same fractions."""
    runner = CliRunner()
    out = [runner.invoke(main, ["solve", FARMS, "--json", "--backend", backend]) for backend in ("python", "native")]
    assert [o.exit_code for o in out] == [0, 0]
    assert out[0].stdout == out[1].stdout
    solved = json.loads(out[0].stdout)
    assert solved["positions"] == 374
    assert solved["seats"]["1"] == {"win": "4355/10368", "shared": "0", "draw": "829/5184", "loss": "4355/10368",
                                    "score": "509/144"}

