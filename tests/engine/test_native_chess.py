"""Chess-like games on the native backend (engine/native/directions.py, positions.py) against the interpreter:
chess (castling, en passant, promotion choices, `can_move` for checkmate, `repetitions` of the whole position with
the pieces' attributes, the fifty-move rule), Los Alamos chess (knights' leaps from a constant `symmetric((1, 2))`,
pawns' captures by `relative` offsets, lines cut by `until`) and the rook ending (`repetitions` of the whole
position, `can_move`). Each game is compiled once for the module.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report
from mire.engine.analysis.playout import random_playouts

pytest.importorskip("numba")

from mire.engine.native import NativeGame  # noqa: E402

from .test_native import CHI2_CRITICAL, cache, chi_square, in_the_module_cache  # noqa: E402,F401

CHESS, LOS_ALAMOS, ROOK = (str(Path(__file__).parents[1] / "games" / f"{name}.mire")
                           for name in ("chess", "los-alamos", "rook-ending"))
GAMES = (CHESS, LOS_ALAMOS, ROOK)
# depths the interpreter counts in about 3 s each
INTERPRETER_DEPTH = {CHESS: 3, LOS_ALAMOS: 3, ROOK: 4}
# chess's published perft from the start (the interpreter gives the same to depth 4: tests/each_game/test_chess.py)
CHESS_PERFT = [20, 400, 8902, 197281, 4865609]


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    games = {}
    for name in GAMES:
        games[name] = NativeGame(load_game(name))
        games[name].perft(1)
    return games


@pytest.mark.parametrize("name", GAMES)
def test_perft_counts_and_games_ended_are_the_interpreters(compiled, name):
    depth = INTERPRETER_DEPTH[name]
    ended_python: list = []
    ended_native: list = []
    counts = compiled[name].perft(depth, terminals=ended_native)
    assert counts == perft(load_game(name).new_state(), depth, ended_python)
    assert ended_native == ended_python


def test_chess_counts_to_depth_5_are_the_published_ones(compiled):
    assert compiled[CHESS].perft(5) == CHESS_PERFT


@pytest.mark.parametrize("name", GAMES)
def test_the_divide_is_the_interpreters(compiled, name):
    assert compiled[name].divide(2) == perft_report(load_game(name).new_state(), 2).divide


def replay(name: str, texts: list[str], index: int):
    """The native game's moves played through the interpreter (each one legal there); the interpreter's state."""
    state = load_game(name).new_state(seed=index)
    for k, text in enumerate(texts):
        assert not state.is_over(), f"game {index}: over before move {k + 1}"
        legal = {m.text: m for m in state.legal_moves()}
        assert text in legal, f"game {index}, move {k + 1}: {text} is not legal in the interpreter"
        state.apply(legal[text])
    return state


@pytest.mark.parametrize("name, playouts", [(CHESS, 4), (LOS_ALAMOS, 8), (ROOK, 40)])
def test_native_playouts_replay_through_the_interpreter(compiled, name, playouts):
    """Every move of a native playout is legal in the interpreter, and the game ends there as it did (the draws by
    repetition, by fifty moves, by the material, stalemates and checkmates alike)."""
    native = compiled[name]
    reasons = set()
    games = set()
    for index in range(playouts):
        texts, outcome = native.playout(seed=11, index=index)
        state = replay(name, texts, index)
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        reasons.add(python.reason)
        games.add(tuple(texts))
    assert len(games) == playouts
    if name == ROOK:  # (the king alone takes the rook often enough: the kings then walk until a repetition)
        assert "the same position for the third time" in reasons


def test_chess_playouts_meet_castling_and_promotion_and_replay_then(compiled):
    """(the replayed games test the special moves only if native games make them: random movers seldom castle, so
    the first native game that castles is replayed through the interpreter too)"""
    made: dict = {}
    for index in range(30):
        texts, _ = compiled[CHESS].playout(seed=11, index=index)
        for text in texts:
            made.setdefault(text.split()[0], index)
    assert {"castle", "advance", "promote", "push", "go"} <= set(made)
    texts, outcome = compiled[CHESS].playout(seed=11, index=made["castle"])
    python = replay(CHESS, texts, made["castle"]).outcome()
    assert (python.winners, python.draw) == (outcome.winners, outcome.draw)


def test_native_chess_playouts_are_python_chess_games_ply_by_ply(compiled):
    """Native chess against an independent implementation: seeded native playouts replayed through python-chess
    (tests/each_game/test_chess.py's move words and results), the native legal moves at every ply python-chess's,
    and each game over exactly where python-chess finds it over, with the same winner."""
    import numpy as np

    chess = pytest.importorskip("chess")
    from ..each_game.test_chess import expected_result, position_key, uci
    native = compiled[CHESS]
    applied = native.entry("applied")
    ends = set()
    for index in range(3):
        texts, outcome = native.playout(seed=5, index=index)
        board = chess.Board()
        seen = {position_key(board): 1}
        st = native.begun
        for k, text in enumerate(texts):
            assert expected_result(board, seen) is None, f"game {index}: over in python-chess before ply {k + 1}"
            rows = native.moves(st)
            assert sorted(uci(native.move_text(r, st)) for r in rows) == sorted(m.uci() for m in board.legal_moves), \
                f"game {index}, ply {k + 1}: {board.fen()}"
            board.push_uci(uci(text))
            seen[position_key(board)] = seen.get(position_key(board), 0) + 1
            st = applied(st, np.array(next(r for r in rows if native.move_text(r, st) == text), np.int64))
        assert outcome is not None
        found = expected_result(board, seen)
        assert found is not None, f"game {index}: not over in python-chess ({board.fen()})"
        winner, reason = found
        assert list(outcome.winners) == ([] if winner is None else [0 if winner == chess.WHITE else 1])
        assert outcome.draw is (winner is None)
        ends.add(reason)
    assert len(ends) >= 2


def test_a_threefold_repetition_ends_the_game_natively_as_in_the_interpreter(compiled):
    """Knights out and back twice: the start position begins a turn for the third time after 8 moves (castling
    rights and en passant unchanged), a draw, in both backends; pawns' moves in the middle leave no repetition."""
    import numpy as np

    from mire.engine.native.game import HEADER
    out_and_back = ["go b1 c3", "go b8 c6", "go c3 b1", "go c6 b8"]
    native = compiled[CHESS]
    pawns = ["advance a2 a4", "advance a7 a5"]
    for line, drawn in ((out_and_back * 2, True), (out_and_back + pawns + out_and_back, False)):
        state = replay(CHESS, line, 0)
        assert state.is_over() is drawn
        st = native.encode(load_game(CHESS).new_state())
        for text in line:
            assert st[HEADER.index("OVER")] == 0
            row = next(r for r in native.moves(st) if native.move_text(r, st) == text)
            st = native.entry("applied")(st, np.array(row, np.int64))
        assert bool(st[HEADER.index("OVER")]) is drawn
        if drawn:
            assert state.outcome().reason == "the same position for the third time"
            assert st[HEADER.index("END_KIND")] == 3  # (a draw)


def test_a_position_handed_over_with_its_past_counts_repetitions_as_the_interpreter(compiled):
    """The hand-off writes each position the interpreter met (its key, with the pieces' attributes and the
    variables) into the native history: a knight's move back that makes the start's third repetition draws in
    both; and the sequence hashed from a key is the one hashed from the encoded position, in positions of random
    games (castling rights lost, pawns just advanced two squares, pieces taken and promoted)."""
    from mire.engine.native.positions import key_sequence, position_sequence
    from mire.engine.run.repetition import position_key
    native = compiled[CHESS]
    state = replay(CHESS, ["go b1 c3", "go b8 c6", "go c3 b1", "go c6 b8", "go b1 c3", "go b8 c6", "go c3 b1"], 0)
    for depth in (1, 2):
        ended_python: list = []
        ended_native: list = []
        counts = native.perft(depth, native.encode(state), terminals=ended_native)
        assert counts == perft(state, depth, ended_python)
        assert ended_native == ended_python
    assert ended_native[0]["draws"] == 1  # (go c6 b8: the start a third time)
    rng = random.Random(4)
    for game in range(6):
        state = load_game(CHESS).new_state(seed=game)
        for _ in range(rng.randrange(20, 120)):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_moves()))
            assert key_sequence(position_key(state), state, native.layout) == \
                position_sequence(native.encode(state), native.layout)


# Outcome rates: the chi-square test of test_native.py ((white wins, black wins, draws), refused at the 0.001
# level) and the mean lengths within 4 standard errors. The interpreter plays these slowly (chess ~1 game a second,
# Los Alamos ~2.5, the rook ending ~17, on a quiet core), so its series are small and the power low; a change is
# caught with probability ~0.8 when it is about 4.1 (1 degree of freedom) to 4.4 (2) standard errors of the
# interpreter's series: the rook ending (200 and 20,000 games, draws ~99%) a fall of the draw rate to ~94%, or of
# the mean length (~87 moves) by ~17 moves; Los Alamos (40 and 2,000, draws ~80%) a shift of ~28 points in a rate,
# ~115 moves of its mean length (~240); chess (20 and 500, draws ~90%) ~29 points, ~140 moves of ~336. The replays
# above are the exact test; this one would catch a native random mover drawing its moves with another distribution
# grossly.
@pytest.mark.slow
@pytest.mark.parametrize("name, python_games, native_games", [(ROOK, 200, 20000), (LOS_ALAMOS, 40, 2000),
                                                               (CHESS, 20, 500)])
def test_outcome_rates_agree(compiled, name, python_games, native_games):
    python = random_playouts(load_game(name), python_games, seed=1)
    native = compiled[name].summary(native_games, seed=1)

    def row(s):
        first, second = s.wins.values()
        return [first, second, s.draws]
    rows = [row(python), row(native)]
    statistic, freedom = chi_square(rows)
    if freedom > 0:
        assert statistic < CHI2_CRITICAL.get(freedom, 13.82), (rows, statistic)
    mean_p, mean_n = sum(python.lengths) / python.n, sum(native.lengths) / native.n
    spread = (sum((x - mean_p) ** 2 for x in python.lengths) / (python.n - 1)) ** 0.5
    assert not native.unfinished and abs(mean_p - mean_n) < 4 * spread / python.n ** 0.5, (mean_p, mean_n)
