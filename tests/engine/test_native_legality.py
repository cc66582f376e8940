"""The native backend's post-move legality (engine/native/legality.py) against the interpreter: `ensure` (a move's
effect tried and taken back) and `repetitions(PART)` (a history of each part's hash at every turn's start). Go
with its positional superko, and two small games of this folder's own: No three (an `ensure` that refuses, an
ending before it, `when stuck: pass` asked with the moves tried) and Shuttle (a repetition that ends the game, a
part that is a list of spaces compared in an `ensure`). The walled race, whose path check is an `ensure` over
`region` (engine/native/paths.py); Y, on a triangle of hexagonal cells, and Havannah, on a hexagon of them, whose
rings, bridges and forks read `neighbors`, `regions_of` and `unique` along the six hex directions
(engine/native/boards.py); Pentago, whose quarters turn (`rotate`) by a parameter of an enum; ultimate
tic-tac-toe, on a grid cut into `blocks`; Conveyor (of this folder), whose belt moves with `move each ... at once`.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report

pytest.importorskip("numba")

from mire.engine.native import NativeGame  # noqa: E402

from .test_native import (  # noqa: E402,F401
    assert_outcome_rates_agree,
    assert_perft_is_the_interpreters,
    cache,
    compiled_games,
    in_the_module_cache,
    replayed,
)

GO, RACE, Y, HAVANNAH, PENTAGO, ULTIMATE = (
    str(Path(__file__).parents[1] / "games" / f"{name}.mire")
    for name in ("go", "walled-race", "y", "havannah", "pentago", "ultimate-tic-tac-toe"))
OWN = Path(__file__).parent / "native_games"
NO_THREE, SHUTTLE, CONVEYOR = (str(OWN / f"{name}.mire") for name in ("no-three", "shuttle", "conveyor"))
GAMES = (GO, NO_THREE, SHUTTLE, RACE, Y, HAVANNAH, PENTAGO, ULTIMATE, CONVEYOR)
# depths the interpreter counts in a few seconds, the games that end included (the walled race's path checks make
# its moves slow to play: its second depth is counted by the divide)
INTERPRETER_DEPTH = {GO: 3, NO_THREE: 5, SHUTTLE: 12, RACE: 1, Y: 3, HAVANNAH: 2, PENTAGO: 1, ULTIMATE: 3, CONVEYOR: 6}
# a ko on the 5 x 5 board: white's b3 is taken by black's c3; white's b3 again would make the stones as they were
# at the start of black's last turn
KO = ["play b2", "play c2", "play a3", "play d3", "play b4", "play c4", "play e5", "play b3", "play c3"]


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    return compiled_games(GAMES)


def played(name: str, texts: list[str], seed: int = 0):
    state = load_game(name).new_state(seed=seed)
    for text in texts:
        legal = {m.text: m for m in state.legal_moves()}
        assert text in legal, text
        state.apply(legal[text])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_perft_counts_and_games_ended_are_the_interpreters(compiled, name):
    assert_perft_is_the_interpreters(compiled[name], load_game(name).new_state(), INTERPRETER_DEPTH[name])


def test_the_counts_show_the_refusals():
    """(the test games refuse moves within the depths counted: else they would test nothing)"""
    # 12 x 11 x 10 x 9 x 8 puts of five stones, less those that make three in a row of the first player's
    assert perft(load_game(NO_THREE).new_state(), 5)[-1] == 88992 < 12 * 11 * 10 * 9 * 8
    ended: list = []
    perft(load_game(SHUTTLE).new_state(), 10, ended)
    assert ended[8]["draws"] == 4 and ended[6]["wins"] == {"1": 4}  # a third repetition; a player stuck


def test_go_counts_deeper_natively(compiled):
    # (the interpreter's counts of 4 and 5 moves, worked out once: a superko needs more moves than these)
    assert compiled[GO].perft(5) == [26, 651, 15650, 361041, 7984104]


@pytest.mark.parametrize("name, depth", [(GO, 2), (NO_THREE, 5), (SHUTTLE, 12), (RACE, 2), (Y, 2), (HAVANNAH, 2),
                                         (PENTAGO, 2), (ULTIMATE, 2), (CONVEYOR, 4)])
def test_the_divide_is_the_interpreters(compiled, name, depth):
    assert compiled[name].divide(depth) == perft_report(load_game(name).new_state(), depth).divide


def test_a_ko_is_refused_as_the_interpreter_refuses_it(compiled):
    state = played(GO, KO)
    texts = sorted(m.text for m in state.legal_moves())
    assert "play b3" not in texts and "play a1" in texts
    native = compiled[GO]
    st = native.encode(state)  # (the history handed over: the nine turns' starts and the first)
    assert sorted(native.move_text(row) for row in native.moves(st)) == texts
    assert_perft_is_the_interpreters(native, state, 3, st)
    # played on natively from the start, the same position refuses the same move
    start_moves = [r for r in native.moves()]
    assert len(start_moves) == 26


@pytest.mark.parametrize("name, playouts", [(GO, 12), (NO_THREE, 60), (SHUTTLE, 60), (RACE, 4), (Y, 30),
                                            (HAVANNAH, 30), (PENTAGO, 30),
                                            (ULTIMATE, 30), (CONVEYOR, 60)])
def test_native_playouts_replay_through_the_interpreter_with_the_same_legal_moves(compiled, name, playouts):
    """Every move of a native playout is legal in the interpreter, the game ends there as it did with the same
    scores, and at every position of it the legal moves of both backends are the same (the position, its
    history of repetitions included, handed over)."""
    native = compiled[name]
    game = load_game(name)
    endings = set()
    refused = 0
    def same_moves(k, state, legal):
        nonlocal refused
        if name == GO or k % (4 if name != RACE else 12) == 0:
            assert sorted(native.move_text(row) for row in native.moves(native.encode(state))) == sorted(legal)
        if name == GO:
            refused += sum(1 for s in state.boards["points"].spaces if not s.pieces) + 1 - len(legal)
    for index in range(playouts):
        texts, outcome = replayed(native, game.new_state(seed=index), 11, index, same_moves)
        endings.add((outcome.winners, outcome.draw, tuple(texts)))
    assert len(endings) >= 2
    if name == GO:
        assert refused > 0  # (moves without room or repeating the stones were refused on the way)


@pytest.mark.parametrize("name, moves", [(GO, 40), (RACE, 12), (PENTAGO, 9), (ULTIMATE, 11)])
def test_a_position_handed_over_in_the_middle_of_a_game_counts_as_the_interpreters(compiled, name, moves):
    state = load_game(name).new_state(seed=3)
    rng = random.Random(5)
    for _ in range(moves):  # (Go: stones put where they may be, as two passes in a row would end the game)
        legal = state.legal_moves()
        state.apply(rng.choice([m for m in legal if m.text != "pass_turn"] or legal))
    assert not state.is_over()
    native = compiled[name]
    if name == RACE:  # (the moves of the second depth not played: see INTERPRETER_DEPTH)
        assert native.perft(2, native.encode(state)) == perft(state, 2)
        return
    assert_perft_is_the_interpreters(native, state, 2, native.encode(state))


# Outcome rates: the chi-square test of tests/engine/test_native.py (first seat wins, second seat wins, draws;
# refused at the 0.001 level). Power: Go 5 x 5 with 300 interpreter and 3,000 native games catches a shift of 12
# points in a seat's win rate (4.1 standard errors) with probability ~0.85; No three, Shuttle, Conveyor (2,000 and
# 20,000) a shift of 5 points with probability ~0.8; Y, Havannah, Pentago and ultimate tic-tac-toe (1,000 and
# 10,000) a shift of 6 points with probability ~0.5, of 8 with ~0.9 (as Hex); the walled race (its interpreter
# plays ~8 games a second: 80 and 2,000) only a shift of about 25 points with probability ~0.8 -- its exactness
# rests on the replays.
@pytest.mark.parametrize("name, python_games, native_games", [(GO, 300, 3000), (NO_THREE, 2000, 20000),
                                                               (SHUTTLE, 2000, 20000), (Y, 1000, 10000),
                                                               (HAVANNAH, 1000, 10000), (PENTAGO, 1000, 10000),
                                                               (ULTIMATE, 1000, 10000), (CONVEYOR, 2000, 20000),
                                                               (RACE, 80, 2000)])
def test_outcome_rates_agree(compiled, name, python_games, native_games):
    _, native = assert_outcome_rates_agree(compiled[name], name, python_games, native_games)
    assert not native.unfinished


def test_a_repetition_of_the_whole_position_translates(tmp_path):
    """(refused until engine/native/positions.py: tests/engine/test_native_chess.py plays it against the
    interpreter)"""
    game = tmp_path / "threefold.mire"
    game.write_text('game "Threefold"\nplayers 2\nboard cells: grid 3 x 1\npiece stone\n\n'
                    'action put(c in cells where empty(c)):\n    place stone for mover at c\n\n'
                    'trigger threefold at turn start:\n    if repetitions >= 3: draw\n')
    assert NativeGame(load_game(str(game))).actions  # (no Unsupported)


def test_solve_tells_positions_apart_by_their_histories_as_the_interpreter(compiled):
    """solve's memo on the native position holds a digest of the histories of `repetitions` (the interpreter's key
    holds its counts): the same positions, and the same fractions, with games drawn by a third repetition."""
    from mire.engine.analysis.solve import solve
    game = load_game(SHUTTLE)
    python = solve(game, 2, max_moves=12)
    native = solve(game, 2, max_moves=12, native=compiled[SHUTTLE])
    assert native.as_dict() == python.as_dict()
    assert python.as_dict()["seats"]["1"]["draw"] != "0"
