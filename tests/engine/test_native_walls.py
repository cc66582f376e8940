"""The native backend's walls (engine/native/walls.py) against the interpreter: Quoridor, whose `walls of` board cuts
the steps of its pawns (`c + d`, `region` in its path check, an `ensure`) and whose defs take untyped parameters
(typed at each call for its arguments, defs inside defs and `[]` against a list included), and Walled maze (of this
folder's own), whose walls cut `neighbors(c)`, `neighbors(c, [north, east])` and `region`, and whose edges read
their own links (`neighbors(e)`). Perft counts, the divide, crafted positions where a wall would cut the only path,
native playouts replayed move by move, outcome rates; and what stays refused on a board with walls.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report

pytest.importorskip("numba")

from mire.engine.native import NativeGame, Unsupported  # noqa: E402

from .test_native import (  # noqa: E402,F401
    assert_outcome_rates_agree,
    cache,
    in_the_module_cache,
)

QUORIDOR = str(Path(__file__).parents[1] / "games" / "quoridor.mire")
MAZE = str(Path(__file__).parent / "native_games" / "walled-maze.mire")
# nine men's morris: its move's domain `reach(a)` is a list chosen by a condition (`points if C else neighbors(a)`),
# which translates since such a list has a bound (walls.chosen_list_bound, for Quoridor's `hops`)
MORRIS = str(Path(__file__).parents[1] / "games" / "nine-mens-morris.mire")
GAMES = (QUORIDOR, MAZE, MORRIS)
# depths the interpreter counts in about a second (Quoridor's path checks are answered by their witnesses there);
# the games ended by depth, which takes playing every move of the last depth, to a shallower one for Quoridor
INTERPRETER_DEPTH = {QUORIDOR: 2, MAZE: 4, MORRIS: 3}
ENDED_DEPTH = {QUORIDOR: 1, MAZE: 4, MORRIS: 3}
# the maze's pawn in the corner d1: d2-e2 is up, so the wall d1-d2 would shut it in (it touches one wall only: the
# rule of the walls lets it stand, the `ensure` refuses it)
POCKETS = [(MAZE, ["walk b1", "build d2-e2", "walk c1", "build a3-b3", "walk d1"], ["build d1-d2"]),
           # white's pawn at e1 between two standing walls: laying E2 would close d1 and e1 from above
           # (tests/engine/test_witness.py)
           (QUORIDOR, ["stand D2", "go e8", "stand F2", "go e7"], ["lay E2"])]


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    games = {}
    for name in GAMES:
        games[name] = NativeGame(load_game(name))
        games[name].perft(1)
    return games


def played(name: str, texts: list[str]):
    state = load_game(name).new_state(seed=0)
    for text in texts:
        legal = {m.text: m for m in state.legal_moves()}
        assert text in legal, text
        state.apply(legal[text])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_perft_counts_and_games_ended_are_the_interpreters(compiled, name):
    depth = INTERPRETER_DEPTH[name]
    assert compiled[name].perft(depth) == perft(load_game(name).new_state(), depth)
    ended_python: list = []
    ended_native: list = []
    compiled[name].perft(ENDED_DEPTH[name], terminals=ended_native)
    perft(load_game(name).new_state(), ENDED_DEPTH[name], ended_python)
    assert ended_native == ended_python


def test_the_counts_are_the_known_ones(compiled):
    # Quoridor: 3 pawn steps and 64 + 64 walls, then 16,677 (tests/engine/test_witness.py's count); the maze to a
    # depth where pawns have been shut in and walls refused
    assert compiled[QUORIDOR].perft(2) == [131, 16677]
    assert compiled[MAZE].perft(6) == [4, 90, 377, 8994, 37889, 795222]


@pytest.mark.parametrize("name, depth", [(QUORIDOR, 2), (MAZE, 4)])
def test_the_divide_is_the_interpreters(compiled, name, depth):
    assert compiled[name].divide(depth) == perft_report(load_game(name).new_state(), depth).divide


@pytest.mark.parametrize("name, moves, refused", POCKETS)
def test_a_wall_that_would_cut_the_only_path_is_refused_on_both(compiled, name, moves, refused):
    state = played(name, moves)
    texts = sorted(m.text for m in state.legal_moves())
    native = compiled[name]
    st = native.encode(state)  # (the walls up handed over as pieces on their edges)
    assert sorted(native.move_text(row) for row in native.moves(st)) == texts
    assert not set(refused) & set(texts)
    assert any(t.startswith(refused[0].split()[0]) for t in texts)  # (other walls stand)
    assert native.perft(2, st) == perft(state, 2)
    if name == QUORIDOR:
        assert perft(state, 2) == [122, 14677]


def test_a_wall_put_up_and_taken_back_opens_the_step_again(compiled):
    """perft walks every wall's placement and takes it back: after it, the position's moves are the start's (the
    journal restores the edge's slot, and with it every step across it)."""
    native = compiled[QUORIDOR]
    st = native.encode(load_game(QUORIDOR).new_state(seed=0))
    before = sorted(native.move_text(row) for row in native.moves(st))
    native.perft(2, st)
    assert sorted(native.move_text(row) for row in native.moves(st)) == before


@pytest.mark.parametrize("name, playouts", [(QUORIDOR, 6), (MAZE, 60), (MORRIS, 4)])
def test_native_playouts_replay_through_the_interpreter_with_the_same_legal_moves(compiled, name, playouts):
    """Every move of a native playout is legal in the interpreter, the game ends there as it did with the same
    scores, and at positions along it the legal moves of both backends are the same (the position handed over)."""
    native = compiled[name]
    game = load_game(name)
    endings = set()
    walls = 0
    for index in range(playouts):
        texts, outcome = native.playout(seed=11, index=index)
        state = game.new_state(seed=index)
        for k, text in enumerate(texts):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            legal = {m.text: m for m in state.legal_moves()}
            if k % (1 if name == MAZE else 10) == 0 and state.pending is None:  # (morris asks in its moves)
                assert sorted(native.move_text(row) for row in native.moves(native.encode(state))) == sorted(legal)
            assert text in legal, f"game {index}, move {k + 1}: {text} is not legal in the interpreter"
            state.apply(legal[text])
            walls += not text.startswith(("go ", "walk ", "run "))
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        endings.add((outcome.winners, tuple(texts)))
    assert len({winners for winners, _ in endings}) == 2 and walls > 0


def test_a_position_handed_over_in_the_middle_of_a_game_counts_as_the_interpreters(compiled):
    state = load_game(QUORIDOR).new_state(seed=3)
    rng = random.Random(5)
    for _ in range(14):  # (walls put up, pawns moved round them)
        state.apply(rng.choice(state.legal_moves()))
    assert not state.is_over() and state.boards["fences"].spaces and any(
        s.pieces for s in state.boards["fences"].spaces)
    native = compiled[QUORIDOR]
    assert native.perft(2, native.encode(state)) == perft(state, 2)


# Outcome rates: the chi-square test of tests/engine/test_native.py (first seat wins, second seat wins, draws;
# refused at the 0.001 level). Power: the maze (2,000 interpreter and 20,000 native games) catches a shift of 5 points
# in a seat's win rate with probability ~0.8; Quoridor (its interpreter plays ~10 random games a second: 80 and 800)
# only a shift of about 24 points with probability ~0.8 -- its exactness rests on the replays and the counts.
@pytest.mark.parametrize("name, python_games, native_games", [(MAZE, 2000, 20000), (QUORIDOR, 80, 800)])
def test_outcome_rates_agree(compiled, name, python_games, native_games):
    _, native = assert_outcome_rates_agree(compiled[name], name, python_games, native_games)
    assert not native.unfinished


@pytest.mark.parametrize("rule, refused", [
    ("action go(c in cells where count(ray(c, north)) > 1):\n",
     r"walls.mire:8: the native backend does not handle `ray` on a board with walls yet"),
    ("action go(c in cells where count(group(c)) > 1):\n", r"walls.mire:8: the native backend does not handle `group` "
                                                          r"on a board with walls yet"),
    ("const ups = neighbors(at(cells, 1, 1))\naction go(c in ups):\n",
     r"walls.mire:8: the native backend does not handle a constant made of steps on a board with walls yet"),
])
def test_what_steps_by_the_fixed_table_stays_refused_on_a_board_with_walls(tmp_path, rule, refused):
    game = tmp_path / "walls.mire"
    game.write_text('game "Walls"\nplayers 2\nboard cells: grid 3 x 3\nboard fences: walls of cells\npiece wall\n'
                    'piece stone\n\n' + rule + "    place stone for mover at c\n")
    with pytest.raises(Unsupported, match=refused):
        NativeGame(load_game(str(game)))
