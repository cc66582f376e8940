"""Area boards on the native backend (engine/native/areas.py), against the interpreter: a board of each player that
grows as it is played (`board farm: area per player`), its spaces made by `at` and `frontier` (a listing's too),
read by `s + d`, `.x`, `.y` and loops over the area. Perft counts, ended games and the divide equal the
interpreter's, from the start and from a position handed over in the middle of a game; native games replay move
by move through the interpreter with the same end and scores; outcome rates agree. What an area game still needs
is refused with its file:line. The tiles game and Queensland, at each player count, the same way."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report
from mire.engine.analysis.playout import random_playouts

pytest.importorskip("numba")

from mire.engine.native import NativeGame, Unsupported  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))  # (test_native.py's fixtures and helpers, shared)
from test_native import CHI2_CRITICAL, cache, chi_square, in_the_module_cache  # noqa: E402,F401,I001

ROOT = Path(__file__).parents[2]

# Each player lays stones on a farm of their own, next to the stones there (frontier: the listing grows the farm),
# and walks a marker along it (`s + d`: a space made before, or none); a stone laid on row 2 brings one more to
# (0, -2) (`at` in an effect grows the farm where nothing touches it); the score reads columns and the spaces
# with nothing made to their west.
STONES = """game "Area stones"
players 2 to 3
board farm: area per player
piece stone
piece marker
zone pile
zone markers
pieces marker in markers:
    count
    3
pieces stone in pile:
    count
    9
var score: int = 0 per player

setup:
    for p in players:
        move top(pile) to at(p.farm, 0, 0)
        move top(markers) to at(p.farm, 0, 0)
        top(at(p.farm, 0, 0)).owner = p

action lay(s in frontier(mover.farm) where s.x + s.y <= 2 and s.x + s.y >= -1, k in 0..1):
    move top(pile) to s
    let m = first(marker of mover)
    if k == 0 and not empty(m.space + north):
        move m to m.space + north
    if k == 1 and not empty(m.space + east):
        move m to m.space + east
    for t in mover.farm where t.x == s.x:
        mover.score += 1
    if s.y == 2:
        move top(pile) to at(mover.farm, 0, 0 - 2)

fallback action pass():
    pass

trigger out after move:
    if empty(pile):
        for p in players:
            p.score += count(s in p.farm where empty(s + west))
        finish
"""


@pytest.fixture(scope="module")
def stones(tmp_path_factory):
    path = tmp_path_factory.mktemp("areas") / "stones.mire"
    path.write_text(STONES)
    return str(path)


TILES = str(ROOT / "tests" / "games" / "tiles.mire")
QUEENSLAND = str(ROOT / "games" / "queensland.mire")


@pytest.fixture(scope="module")
def compiled(cache, stones):  # noqa: F811
    return {n: NativeGame(load_game(stones), players=n) for n in (2, 3)}


@pytest.fixture(scope="module")
def tiles(cache):  # noqa: F811
    return NativeGame(load_game(TILES))


@pytest.fixture(scope="module")
def queensland(cache):  # noqa: F811
    return {n: NativeGame(load_game(QUEENSLAND), players=n) for n in (2, 3, 4)}


@pytest.mark.parametrize("players", [2, 3])
def test_perft_and_the_divide_are_the_interpreters(compiled, stones, players):
    native = compiled[players]
    for seed in (0, 4):
        python = perft_report(load_game(stones).new_state(seed=seed, players=players), 4, terminals=True)
        report = native.perft_report(4, terminals=True, divide=True, seed=seed)
        assert report.counts == python.counts
        assert report.terminals == python.terminals
        assert report.divide == python.divide
    assert native.perft_report(4).counts == ([8, 64, 640, 6400] if players == 2 else [8, 64, 512, 5120])


@pytest.mark.parametrize("players, moves", [(2, 3), (3, 4)])
def test_a_position_handed_over_counts_as_the_interpreters(compiled, stones, players, moves):
    """Layout.encode of a grown farm (its spaces in the order they were made, their neighbours, the empty ones
    the listings made): perft from there, ended games included."""
    state = load_game(stones).new_state(seed=1, players=players)
    rng = random.Random(2)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_moves()))
    native = compiled[players]
    ended_python: list = []
    ended_native: list = []
    assert native.perft(3, native.encode(state), terminals=ended_native) == perft(state, 3, ended_python)
    assert ended_native == ended_python


@pytest.mark.parametrize("players", [2, 3])
def test_native_games_replay_through_the_interpreter(compiled, stones, players):
    """Every move of 25 native games is legal in the interpreter (a space of a farm named `x,y` as there), and
    the game ends there as it did, with the same scores."""
    native = compiled[players]
    game = load_game(stones)
    seen = set()
    for index in range(25):
        texts, outcome = native.playout(seed=3, index=index)
        state = game.new_state(seed=index, players=players)
        for k, text in enumerate(texts):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            legal = {m.text: m for m in state.legal_moves()}
            assert text in legal, f"game {index}, move {k + 1}: {text} is not legal in the interpreter"
            state.apply(legal[text])
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        seen.add(tuple(texts))
    assert len(seen) >= 20


# Outcome rates, chi-square at 0.001 (test_native.py) between 1,500 interpreter games and 20,000 native ones
# (2 players: first seat wins ~75%, second ~17%, draws ~8%): a shift of 4 points in the second seat's rate
# (4.1 standard errors) is caught with probability ~0.8, of 3 points ~0.45.
def test_outcome_rates_agree_with_the_interpreters(compiled, stones):
    native = compiled[2].summary(20000, seed=2)
    python = random_playouts(load_game(stones), 1500, seed=2)

    def row(s):
        return [s.wins.get("1", 0), s.wins.get("2", 0), s.draws]
    statistic, freedom = chi_square([row(python), row(native)])
    assert statistic < CHI2_CRITICAL[freedom], (row(python), row(native))
    assert not native.unfinished


# ---------------------------------------------------------------- the tiles game (tests/games/tiles.mire)
# its farms, a tile's turns, edge and land, the sizes of closed regions; its stack shuffled in the setup

def test_tiles_perft_from_seeded_starts_is_the_interpreters(tiles):
    game = load_game(TILES)
    for seed in (0, 3, 8):
        python = perft_report(game.new_state(seed=seed), 3, terminals=True)
        report = tiles.perft_report(3, terminals=True, divide=True, seed=seed)
        assert report.counts == python.counts
        assert report.terminals == python.terminals
        assert report.divide == python.divide
    assert tiles.perft_report(4, seed=3).counts == [8, 96, 1152, 13824]


def test_tiles_games_replay_through_the_interpreter_draw_for_draw(tiles):
    """The stack shuffled natively, given to the interpreter as its chance script, makes the same game: every
    move legal there (each farm's spaces named as there), the same end, the same scores (the closed fields)."""
    game = load_game(TILES)
    seen = set()
    for index in range(25):
        texts, outcome, draws = tiles.playout_with_draws(seed=5, index=index)
        state = game.new_state(seed=index, chance=draws.start)
        for k, (text, drawn) in enumerate(zip(texts, draws.moves)):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            state.apply(state.parse_move(text), chance=drawn)
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        seen.add(tuple(texts))
    assert len(seen) == 25


# (1,000 interpreter games and 10,000 native ones, about a third each of first seat, second seat and draws: a
# shift of 5 points in a rate (3.2 standard errors) is caught at 0.001 with probability ~0.45, of 6 points ~0.7)
def test_tiles_outcome_rates_agree_with_the_interpreters(tiles):
    native = tiles.summary(10000, seed=2)
    python = random_playouts(load_game(TILES), 1000, seed=2)

    def row(s):
        return [s.wins.get("1", 0), s.wins.get("2", 0), s.draws]
    statistic, freedom = chi_square([row(python), row(native)])
    assert statistic < CHI2_CRITICAL[freedom], (row(python), row(native))
    assert not native.unfinished


# ---------------------------------------------------------------- Queensland (games/queensland.mire)
# its farms (areas of each player), tiles turned and matched, toads hopping, the group movement's secret choices
# at once, its final scoring (closed fields, traits, ponds); who starts and the pile drawn in the setup

@pytest.mark.parametrize("players", [2, 3, 4])
def test_queensland_perft_from_seeded_starts_is_the_interpreters(queensland, players):
    """Through the farms' orientation to the first tile laid (the farms grown by the listing after it)."""
    game = load_game(QUEENSLAND)
    depth = players + 1
    for seed in (2,):
        python = perft_report(game.new_state(seed=seed, players=players), depth, terminals=True)
        report = queensland[players].perft_report(depth, terminals=True, divide=True, seed=seed)
        assert report.counts == python.counts
        assert report.terminals == python.terminals
        assert report.divide == python.divide


@pytest.mark.parametrize("players", [2, 3, 4])
def test_queensland_from_a_grown_farm_counts_as_the_interpreters(queensland, players):
    """A position the interpreter reached some tiles into the game (its farms grown, toads on them, a question
    of the group movement perhaps pending is skipped), handed over: perft from there."""
    game = load_game(QUEENSLAND)
    rng = random.Random(players)
    state = game.new_state(seed=4, players=players)
    while state.pending is not None or state.decisions < 3 * players:
        state.apply(rng.choice(state.legal_moves()))
    native = queensland[players]
    ended_python: list = []
    ended_native: list = []
    assert native.perft(2, native.encode(state), terminals=ended_native) == perft(state, 2, ended_python)
    assert ended_native == ended_python


@pytest.mark.parametrize("players", [2, 3, 4])
def test_queensland_games_replay_through_the_interpreter_draw_for_draw(queensland, players):
    """25 native games (who starts and the pile drawn natively, given to the interpreter as its chance script):
    every move and every answer to the group movement legal there, the same end, the same scores."""
    game = load_game(QUEENSLAND)
    seen = set()
    for index in range(25):
        texts, outcome, draws = queensland[players].playout_with_draws(seed=9, index=index)
        state = game.new_state(seed=index, players=players, chance=draws.start)
        for k, (text, drawn) in enumerate(zip(texts, draws.moves)):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            state.apply(state.parse_move(text), chance=drawn)
        assert state.is_over() and outcome is not None
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        seen.add(tuple(texts))
    assert len(seen) == 25


# Outcome rates: each seat's wins (a shared win counts for each winner) and the shared games, chi-square at 0.001
# between 400 interpreter games (some 6-8 s a player count) and 8,000 native ones. Power: with 2 players (seats
# ~50% each) a shift of 10 points in a seat's rate (4.1 standard errors) is caught with probability ~0.85, of 8
# points ~0.5; with 4 players (~25% a seat) a shift of 9 points ~0.7. A coarse test: the replays above are the
# exact one.
@pytest.mark.parametrize("players", [2, 3, 4])
def test_queensland_outcome_rates_agree_with_the_interpreters(queensland, players):
    native = queensland[players].summary(8000, seed=2)
    python = random_playouts(load_game(QUEENSLAND), 400, seed=2, players=players)
    seats = ["red", "yellow", "green", "blue"][:players]

    def row(s):
        return [s.wins.get(seat, 0) for seat in seats] + [s.draws]
    rows = [row(python), row(native)]
    statistic, freedom = chi_square(rows)
    assert statistic < {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47}[freedom], rows
    assert not native.unfinished


def test_a_shared_area_and_what_area_games_still_need_are_refused_with_file_and_line(tmp_path):
    shared = tmp_path / "shared.mire"
    shared.write_text('game "Shared"\nplayers 2\nboard farm: area\npiece stone\n\n'
                      'action lay(s in frontier(farm) + [at(farm, 0, 0)] where empty(s)):\n'
                      '    place stone for mover at s\n')
    with pytest.raises(Unsupported, match=r"shared\.mire:3: .*an area board shared by the players"):
        NativeGame(load_game(str(shared)))
    walked = tmp_path / "walked.mire"
    walked.write_text(STONES.replace("    for t in mover.farm where t.x == s.x:",
                                     "    for t in neighbors(s):"))
    with pytest.raises(Unsupported, match=r"walked\.mire:\d+: .*`neighbors` in a game with an area board"):
        NativeGame(load_game(str(walked)))
