"""The native backend (engine/native) against the interpreter, the reference: perft counts, divides and ended
games by depth; native playouts replayed move by move through the interpreter; outcome rates of both; the
refusal of what it does not handle, and `--backend auto`'s fallback.

The compiled games are shared by the whole file (compiling one costs seconds), in the cache directory of the test
run (tests/conftest.py: a game another file or worker compiled is read from there).
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.analysis.playout import random_playouts

pytest.importorskip("numba")

from mire.engine.native import NativeGame, Unsupported  # noqa: E402

TEST_GAMES = Path(__file__).parents[1] / "games"
OTHELLO = str(TEST_GAMES / "othello.mire")
# variables, triggers after a move, remove of a space; group(); BOARD of P, leaps, require, `when stuck: pass`
SLIDERS, HEX, LINES = (str(TEST_GAMES / f"{name}.mire") for name in ("sliders", "hex", "lines-of-action"))
# lists as values, border(), regions_of(), scores and `at end`; edges and corners boards, touching(), again
# (Go was native with simple ko; since it forbids positional superko with `ensure repetitions(points) == 0` it
# waits for `ensure` and `repetitions` in the native backend)
DOTS, DOTS_SMALL = (str(TEST_GAMES / f"{name}.mire") for name in ("dots-and-boxes", "dots-and-boxes-small"))
# a variable holding a list of numbers, its items written; constants, `sorted by`, reverse, index, `-` of lists
OWARE = str(TEST_GAMES / "oware.mire")
# zones (a store of each player: places without neighbours), at(), a place's pieces moved, lists of spaces and zones
KALAH = str(TEST_GAMES / "kalah.mire")
GAMES = ("tic-tac-toe", "connect-four", "breakthrough", OTHELLO, SLIDERS, HEX, LINES, DOTS, DOTS_SMALL, OWARE, KALAH)
# depths the interpreter counts in about a second each; the native walk goes deeper, to the oracle's depth (the
# small dots and boxes to its end: every game is over at depth 7, scored)
INTERPRETER_DEPTH = {"tic-tac-toe": 5, "connect-four": 4, "breakthrough": 3, OTHELLO: 4, SLIDERS: 4, HEX: 3,
                     LINES: 3, DOTS: 3, DOTS_SMALL: 7, OWARE: 5, KALAH: 5}
NATIVE_DEPTH = {"tic-tac-toe": 9, "connect-four": 6, "breakthrough": 4}
ORACLE = Path("/work/shared/oracle/perft.json")


@pytest.fixture(scope="module")
def cache(native_cache):
    """The cache directory of the test run (tests/conftest.py): a module compiled by any test file, in any worker,
    is read from there. A test of compiling itself uses an empty one of its own."""
    return native_cache


@pytest.fixture(autouse=True)
def in_the_module_cache(cache, monkeypatch):
    """(conftest.py points every test at the interpreter: these tests choose)"""
    monkeypatch.setenv("MIRE_CACHE_DIR", str(cache))
    monkeypatch.delenv("MIRE_BACKEND")


@pytest.fixture(scope="module")
def compiled(cache):
    return compiled_games(GAMES)


def compiled_games(names) -> dict:
    """Each game's NativeGame, perft compiled (the first thing the tests use), in the cache of the calling module
    (its `cache` fixture): for a module fixture `compiled`."""
    games = {name: NativeGame(load_game(name)) for name in names}
    for native in games.values():
        native.perft(1)
    return games


def assert_perft_is_the_interpreters(native, state, depth: int, st=None) -> tuple[list, list]:
    """perft counts and the games ended at each depth, natively from `st` (a native position; None: the native
    start) and in the interpreter from `state`, are the same. Returns them (counts, ended)."""
    ended_python: list = []
    ended_native: list = []
    counts = native.perft(depth, st, terminals=ended_native)
    assert counts == perft(state, depth, ended_python)
    assert ended_native == ended_python
    return counts, ended_native


def replayed(native, state, seed: int, index: int, check=None, where: str = "") -> tuple[list, object]:
    """Native playout `index` of the series `seed`, replayed move by move through the interpreter from `state`
    (the same start): every move legal there, by its text, and the game over there as it ended natively, with the
    same winners, draw and scores. `check(k, state, legal)` runs before move k (legal: the interpreter's moves by
    text). Returns the playout's texts and outcome."""
    texts, outcome = native.playout(seed=seed, index=index)
    for k, text in enumerate(texts):
        assert not state.is_over(), f"{where}game {index}: over before move {k + 1}"
        legal = {m.text: m for m in state.legal_moves()}
        if check is not None:
            check(k, state, legal)
        assert text in legal, \
            f"{where}game {index}, move {k + 1}: {text} is not legal in the interpreter: {list(legal)}"
        state.apply(legal[text])
    assert state.is_over() and outcome is not None
    python = state.outcome()
    assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
    return texts, outcome


def test_a_first_use_says_it_compiles_and_a_second_reads_the_cache(tmp_path, monkeypatch):
    cache = tmp_path / "cache"  # (empty: the run's cache may hold tic-tac-toe already)
    monkeypatch.setenv("MIRE_CACHE_DIR", str(cache))
    told: list[str] = []
    NativeGame(load_game("tic-tac-toe"), say=told.append).perft(1)
    assert told[0].startswith(f"compiling Tic-tac-toe (perft) to native code (once: it is cached in {cache})...")
    assert re.fullmatch(r"compiled Tic-tac-toe in \d+\.\d s", told[1])
    assert len(told) == 2
    again: list[str] = []
    NativeGame(load_game("tic-tac-toe"), say=again.append).perft(2)
    assert again == []
    source = next(cache.glob("tic_tac_toe_2p_*.py")).read_text()
    assert "games/tic-tac-toe.mire:8: if in_a_row(c, 3): win mover" in source  # (readable: the rules' lines)


@pytest.mark.parametrize("name", GAMES)
def test_perft_counts_are_the_interpreters(compiled, name):
    assert_perft_is_the_interpreters(compiled[name], load_game(name).new_state(), INTERPRETER_DEPTH[name])


@pytest.mark.parametrize("name", GAMES[:3])
def test_perft_counts_are_the_oracles(compiled, name):
    if not ORACLE.exists():
        pytest.skip("no oracle file here")
    oracle = json.loads(ORACLE.read_text())["games"][name]["counts"]
    depth = min(NATIVE_DEPTH[name], len(oracle))
    assert compiled[name].perft(depth) == oracle[:depth]


def test_games_that_end_by_depth_are_the_interpreters_where_games_end(compiled):
    state = load_game("tic-tac-toe").new_state()
    ended_python: list = []
    ended_native: list = []
    assert compiled["tic-tac-toe"].perft(7, terminals=ended_native) == perft(state, 7, ended_python)
    assert ended_native == ended_python
    assert ended_native[4] == {"ended": 1440, "wins": {"X": 1440}, "shared": 0, "draws": 0}


def test_othello_counts_to_depth_7_are_the_known_ones(compiled):
    # (Othello's published perft: 4, 12, 56, 244, 1396, 8200, 55092; flips, passes and the ranking all native)
    assert compiled[OTHELLO].perft(7) == [4, 12, 56, 244, 1396, 8200, 55092]


@pytest.mark.parametrize("name", ["breakthrough", SLIDERS, HEX, LINES, DOTS_SMALL])
def test_the_divide_is_the_interpreters(compiled, name):
    from mire.engine.analysis.perft import perft_report
    state = load_game(name).new_state()
    assert compiled[name].divide(2) == perft_report(state, 2).divide



@pytest.mark.parametrize("name, playouts", [("tic-tac-toe", 300), ("connect-four", 100), ("breakthrough", 25),
                                            (OTHELLO, 25), (SLIDERS, 30), (HEX, 40), (LINES, 8),
                                            (DOTS, 30), (DOTS_SMALL, 50), (OWARE, 10), (KALAH, 20)])
def test_native_playouts_replay_through_the_interpreter(compiled, name, playouts):
    """Every move of a native playout is legal in the interpreter, and the game ends there as it did."""
    native = compiled[name]
    game = load_game(name)
    endings = set()
    for index in range(playouts):
        texts, outcome = replayed(native, game.new_state(seed=index), 7, index)
        endings.add((outcome.winners, outcome.draw, tuple(texts)))
    assert len(endings) >= 2  # (the playouts are not all the same game)


@pytest.mark.parametrize("name, moves", [(OWARE, 9), (DOTS, 7), (LINES, 6), (KALAH, 10)])
def test_a_position_handed_over_in_the_middle_of_a_game_counts_as_the_interpreters(compiled, name, moves):
    """Layout.encode of a position the interpreter reached (its variables, a list's items, pieces in zones, the
    turn, the decisions so far): perft from there is the interpreter's, games ended included."""
    import random
    state = load_game(name).new_state(seed=3)
    rng = random.Random(5)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_moves()))
    native = compiled[name]
    assert_perft_is_the_interpreters(native, state, 2, native.encode(state))


def test_a_native_series_is_deterministic_and_its_seed_matters(compiled):
    native = compiled["connect-four"]
    first, again, other = (native.summary(500, seed).as_dict() for seed in (3, 3, 4))
    assert first == again
    assert first != other
    # a series cut in two parts is the series (game i depends on (seed, i) alone)
    parts = native.summary(200, 3)
    native.summary(300, 3, first=200, summary=parts)
    assert parts.as_dict() == first


# Outcome rates: a chi-square test of homogeneity of (first seat wins, second seat wins, draws) between
# the interpreter's series and the native one (2 x 3 table, 2 degrees of freedom; 1 for a game without draws,
# Hex, whose draws column is empty), refused at the 0.001 level (13.82 for 2 degrees, 10.83 for 1: a false
# alarm once in 1,000 runs). Power: with 5,000 interpreter and 50,000 native games of tic-tac-toe, a shift of
# 3 points in a seat's win rate (X 58.5% -> 55.5%) is 4.1 standard errors, a non-centrality of ~17: caught with
# probability ~0.85; connect four (2,000 and 20,000) catches a shift of 5 points with probability ~0.8; Hex
# (1,000 and 10,000) a shift of 6 points (3.6 standard errors) with probability ~0.5, of 8 points with ~0.9;
# the small dots and boxes (3,000 and 30,000, its scores deciding) a shift of 4 points with probability ~0.7;
# Kalah (2,000 and 20,000: zones, again, a ranking by the stores) a shift of 5 points with probability ~0.75.
# Both series are seeded, so the test gives the same answer every run.
CHI2_CRITICAL = {1: 10.83, 2: 13.82}


def chi_square(rows) -> tuple[float, int]:
    """The statistic and its degrees of freedom (the columns that are not empty, less one)."""
    total = sum(map(sum, rows))
    columns = [sum(col) for col in zip(*rows)]
    out = 0.0
    for row in rows:
        for observed, column in zip(row, columns):
            expected = sum(row) * column / total
            out += (observed - expected) ** 2 / expected if expected else 0.0
    return out, sum(1 for c in columns if c) - 1


def first_second_draws(summary) -> list:
    """A series' (first seat's wins, second seat's wins, draws)."""
    first, second = summary.wins.values()
    return [first, second, summary.draws]


def assert_outcome_rates_agree(native, name, python_games: int, native_games: int, seed: int = 1) -> tuple:
    """The chi-square test above on (first seat wins, second seat wins, draws) between `python_games` interpreter
    playouts of the game `name` and `native_games` native ones, both series seeded `seed`. Returns both summaries
    (the interpreter's, the native one), for what a test checks besides."""
    python = random_playouts(load_game(name), python_games, seed=seed)
    summary = native.summary(native_games, seed=seed)
    rows = [first_second_draws(python), first_second_draws(summary)]
    statistic, freedom = chi_square(rows)
    assert statistic < CHI2_CRITICAL[freedom], (rows, statistic)
    return python, summary


def assert_finished_and_as_long(python, native, rel_tol: float = 0.05) -> None:
    """No native game left unfinished, and the native games' mean length the interpreter's, within `rel_tol`."""
    assert not native.unfinished and math.isclose(sum(native.lengths) / native.n,
                                                  sum(python.lengths) / python.n, rel_tol=rel_tol)


@pytest.mark.parametrize("name, python_games, native_games", [("tic-tac-toe", 5000, 50000),
                                                               ("connect-four", 2000, 20000), (HEX, 1000, 10000),
                                                               (DOTS_SMALL, 3000, 30000), (KALAH, 2000, 20000)])
def test_outcome_rates_agree(compiled, name, python_games, native_games):
    assert_finished_and_as_long(*assert_outcome_rates_agree(compiled[name], name, python_games, native_games))


def assert_refused_with_its_line(tmp_path, rules: str, line: int, words: str, after: str = " yet") -> None:
    """A small game of these rules (a 2 x 1 board, a piece `stone`, `when stuck: draw`) is refused by the native
    backend, naming refused.mire:LINE and what it does not handle (`words`, then `after`)."""
    path = tmp_path / "refused.mire"
    path.write_text('game "Refused"\nplayers 2\nboard cells: grid 2 x 1\npiece stone\n\n' + rules
                    + "\nwhen stuck: draw\n")
    with pytest.raises(Unsupported) as refused:
        NativeGame(load_game(str(path)))
    assert re.search(rf"refused\.mire:{line}: the native backend does not handle {re.escape(words)}{after}",
                     str(refused.value)), str(refused.value)


# ---------------------------------------------------------------- refusals and the fallback

UNSUPPORTED = """game "Counter"
players 2
board cells: grid 3 x 1
piece stone
var taken: list of text = []

action put(c in cells where empty(c)):
    place stone for mover at c
    taken += ["a"]

when stuck: draw
"""


def test_an_unsupported_construct_is_named_with_its_file_and_line(tmp_path):
    path = tmp_path / "counter.mire"
    path.write_text(UNSUPPORTED)
    with pytest.raises(Unsupported) as refused:
        NativeGame(load_game(str(path)))
    assert re.search(r"counter\.mire:5: the native backend does not handle a variable of type list of text that the "
                     r"rules write whole yet", str(refused.value))


def test_backend_native_refuses_with_exit_code_2_and_no_traceback(tmp_path):
    path = tmp_path / "counter.mire"
    path.write_text(UNSUPPORTED)
    result = CliRunner().invoke(main, ["simulate", str(path), "-n", "5", "--backend", "native"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert re.search(r"Error: --backend native: \S*counter\.mire:5: the native backend does not handle "
                     r"a variable of type list of text that the rules write whole yet", result.output)


def test_backend_auto_falls_back_to_the_interpreter_and_says_so_once(tmp_path):
    path = tmp_path / "counter.mire"
    path.write_text(UNSUPPORTED)
    runner = CliRunner()
    result = runner.invoke(main, ["simulate", str(path), "-n", "5", "--json"])  # (auto: the default)
    assert result.exit_code == 0, result.output
    notices = [line for line in result.stderr.splitlines() if line]
    assert len(notices) == 1 and notices[0].startswith("mire: the interpreter plays this (")
    assert json.loads(result.stdout)["n"] == 5


def test_auto_without_numba_plays_the_interpreter(monkeypatch):
    import mire.engine.native.game as native_game
    monkeypatch.setattr(native_game, "numba_missing", lambda: "No module named 'numba'")
    result = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "2"])
    assert result.exit_code == 0
    assert result.stdout == "depth 1: 9\ndepth 2: 72\n"
    assert result.stderr == "mire: the interpreter plays this (numba is not installed (No module named " \
                            "'numba'))\n"
    result = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "2", "--backend", "native"])
    assert result.exit_code == 2


def test_mire_perft_and_simulate_on_the_native_backend(compiled):
    runner = CliRunner()
    result = runner.invoke(main, ["perft", "connect-four", "--depth", "5", "--backend", "native"])
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.splitlines()[-1] == "depth 5: 16807"
    result = runner.invoke(main, ["simulate", "tic-tac-toe", "-n", "1000", "--seed", "5", "--json"])
    # (native, no notice of the interpreter; the playouts may be compiled here first, which it says)
    assert result.exit_code == 0 and all(line.startswith("mire: compil") for line in result.stderr.splitlines())
    assert json.loads(result.stdout)["n"] == 1000


def test_search_rollouts_run_native_from_the_imagined_world(compiled, monkeypatch):
    """A search with native rollouts hands over the world its seat imagines (never the state it was given),
    finds the winning move, and is the same search for the same seed."""
    from mire.engine.bots.search import SearchBot
    from mire.engine.native.layout import Layout
    state = load_game("tic-tac-toe").new_state()
    for text in ("place a1", "place a2", "place b1", "place b2"):
        state.apply(state.parse_move(text))
    handed: list = []
    encode_into = Layout.encode_into
    monkeypatch.setattr(Layout, "encode_into", lambda self, world, st: handed.append(world) or
                        encode_into(self, world, st))
    bot = SearchBot(iterations=200, seed=1, rollouts="native", tree="python")  # (the rollouts alone native)
    assert bot.choose(state, 0).text == "place c1"
    assert len(handed) > 10 and all(world is not state for world in handed)  # (lines ending in the tree: none)
    again = SearchBot(iterations=200, seed=1, rollouts="native", tree="python")
    again.choose(state, 0)
    assert again.last["visits"] == bot.last["visits"]
