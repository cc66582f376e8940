"""Variables holding lists on the native backend (engine/native/lists.py: a list of each player, a list written
whole, an item written; `next`; a player's `.seat`; `win` of a list of players; choices among an enum's values)
and actions each turn (engine/native/by_itself.py), against the interpreter, the reference: the games they made
native (Goofspiel, Backgammon, Whist, Crazy eights) and a small game of tests/engine/native_games/: perft counts,
ended games and divides (from seeded starts where the start draws), native playouts replayed move by move through
the interpreter (draw for draw where the game draws), outcome rates, undo, the hand-off of a position, and the
refusals.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft, perft_report
from mire.engine.analysis.playout import random_playouts

pytest.importorskip("numba")

from mire.engine.native import NativeGame  # noqa: E402
from mire.engine.native.by_itself import begins_by_itself  # noqa: E402

from .test_native import (  # noqa: E402,F401
    CHI2_CRITICAL,
    assert_refused_with_its_line,
    cache,
    chi_square,
    in_the_module_cache,
)

HERE = Path(__file__).parent
# lists of each player and of the game written whole, an item written, `next`, `==` of lists
LISTS = str(HERE / "native_games" / "list-variables.mire")
GAMES_DIR = HERE.parent / "games"
GOOFSPIEL = str(GAMES_DIR / "goofspiel.mire")  # a list of each player, an action each turn, `at once`
BACKGAMMON = str(GAMES_DIR / "backgammon.mire")  # a list written whole, a constant list of lists, `next` at turn start
WHIST = str(GAMES_DIR / "whist.mire")  # `next`, `.seat`, `win` of a list of players, four players
CRAZY_EIGHTS = str(GAMES_DIR / "crazy-eights.mire")  # a choice among an enum's values
GAMES = (LISTS, GOOFSPIEL, BACKGAMMON, WHIST, CRAZY_EIGHTS)


@pytest.fixture(scope="module")
def compiled(cache):  # noqa: F811
    return {name: NativeGame(load_game(name)) for name in GAMES}


# ---------------------------------------------------------------- perft and divide

def test_the_small_games_perft_counts_ended_games_and_divide_are_the_interpreters(compiled):
    native = compiled[LISTS]
    ended_python: list = []
    ended_native: list = []
    counts = native.perft(7, terminals=ended_native)
    assert counts == perft(load_game(LISTS).new_state(), 7, ended_python)
    assert counts == [5, 21, 69, 169, 301, 425, 713]
    assert ended_native == ended_python
    assert native.divide(4) == perft_report(load_game(LISTS).new_state(), 4).divide


def test_whist_perft_from_seeded_starts_is_the_interpreters(compiled):
    """Whist's start draws (the dealer, the deal): counted from the interpreter's start with each seed, as the
    interpreter's perft counts it."""
    native = compiled[WHIST]
    game = load_game(WHIST)
    for seed in range(3):
        state = game.new_state(seed=seed)
        python = perft_report(state, 4, terminals=True)
        report = native.perft_report(4, terminals=True, divide=False, seed=seed)
        assert report.counts == python.counts
        assert report.terminals == python.terminals
        assert native.perft_report(2, seed=seed).divide == perft_report(state, 2).divide


def test_the_games_whose_moves_draw_list_the_interpreters_moves_at_each_position(compiled):
    """Goofspiel, Backgammon and Crazy eights draw in their moves (perft follows the interpreter's draws there):
    along interpreter games, each position handed over lists the interpreter's moves (a Goofspiel position waits at
    its turn's bids, begun by itself: handed over as the position before it, the turn begun again natively; a
    position in the middle of a move of Crazy eights, its suit to name, stays the interpreter's)."""
    for name in (GOOFSPIEL, BACKGAMMON, CRAZY_EIGHTS):
        native = compiled[name]
        game = load_game(name)
        for seed in range(3):
            state = game.new_state(seed=seed)
            for _ in range(12):
                if state.is_over():
                    break
                if state.pending is not None and not begins_by_itself(state):
                    state.apply(state.legal_moves()[0])  # (a choice in the middle of a move stays the interpreter's)
                    continue
                st = native.encode(state)
                python = sorted(m.text for m in state.legal_moves())
                assert sorted(native.move_text(row, st) for row in native.moves(st)) == python, (name, seed)
                state.apply(state.legal_moves()[0])


# ---------------------------------------------------------------- replays

@pytest.mark.parametrize("name, games", [(LISTS, 100), (GOOFSPIEL, 120), (BACKGAMMON, 6), (WHIST, 20),
                                         (CRAZY_EIGHTS, 20)])
def test_native_playouts_replay_through_the_interpreter_draw_for_draw(compiled, name, games):
    """The draws a native game made, handed to the interpreter as its chance script, make the same game: every
    move legal there by its text with exactly the draws it made natively, the same end and scores."""
    native = compiled[name]
    game = load_game(name)
    seen = set()
    for index in range(games):
        texts, outcome, draws = native.playout_with_draws(seed=11, index=index)
        state = game.new_state(seed=index, chance=draws.start)
        assert state.setup_drawn == draws.start, f"game {index}: the start drew otherwise"
        for k, (text, drawn) in enumerate(zip(texts, draws.moves)):
            assert not state.is_over(), f"game {index}: over before move {k + 1}"
            legal = {m.text: m for m in state.legal_moves()}
            assert text in legal, f"game {index}, move {k + 1}: {text} is not legal: {sorted(legal)[:20]}"
            state.apply(legal[text], chance=drawn)
            assert tuple(state.drawn[-1]) == drawn if drawn else True, f"game {index}, move {k + 1}: other draws"
        assert state.is_over() and outcome is not None, f"game {index}"
        python = state.outcome()
        assert (python.winners, python.draw, python.scores) == (outcome.winners, outcome.draw, outcome.scores)
        seen.add(tuple(texts))
    assert len(seen) >= games // 2


def test_a_goofspiel_turn_is_its_joint_bid_and_a_crazy_eight_names_a_suit(compiled):
    texts = compiled[GOOFSPIEL].playout(seed=5, index=0)[0]
    assert len(texts) == 4 and all(re.fullmatch(r"(red|blue): [1-4]; (red|blue): [1-4]", t) for t in texts)
    suits = {"clubs", "diamonds", "hearts", "spades"}
    named = [t for i in range(10) for t in compiled[CRAZY_EIGHTS].playout(seed=5, index=i)[0] if t in suits]
    assert named and set(named) <= suits


# ---------------------------------------------------------------- undo, the hand-off

def test_undo_takes_every_move_back_exactly(compiled):
    """Each move of native playouts applied with a journal, then taken back (undo_to): the vector is as it was,
    the list slots past a list's length included."""
    for name in (LISTS, GOOFSPIEL, BACKGAMMON):
        native = compiled[name]
        m = native.module
        apply, undo = native.entry("apply_move"), native.entry("undo_to")
        for index in range(3):
            st = native.start_of(7, index).copy()
            jr = np.zeros(1 + 2 * m.JCAP, np.int64)
            for _ in range(60):
                rows = native.moves(st)
                if not rows or st[m.OVER]:
                    break
                before = st.copy()
                mark = int(jr[0])
                for row in rows:  # (every move, each taken back)
                    apply(st, jr, np.asarray(row, np.int64))
                    undo(st, jr, mark)
                    # (but the count of draws and their log, which are the game's record, not its position)
                    same = st[:m.DRAWLOG] == before[:m.DRAWLOG]
                    same[m.NDRAWN] = True
                    assert same.all(), (name, row, np.nonzero(~same))
                apply(st, jr, np.asarray(rows[len(rows) // 2], np.int64))


def test_a_list_variable_is_a_length_and_its_bound_of_slots(compiled):
    native = compiled[LISTS]
    layout, st = native.layout, native.begun
    assert layout.list_vars == {"taken": (5, "int"), "pool": (5, "int"), "last": (2, "int")}
    pool = layout.var_slot["pool"]
    assert st[pool:pool + 6].tolist() == [5, 1, 2, 3, 4, 5]
    taken = layout.var_slot["taken"]
    assert st[taken:taken + 12].tolist() == [0] * 12  # (a block of 1 + 5 slots per seat)
    state = load_game(LISTS).new_state()
    state.apply(state.parse_move("take 4"))
    state.apply(state.parse_move("take 3"))
    handed = native.encode(state)
    assert handed[taken:taken + 12].tolist() == [1, 4, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0]
    assert handed[pool:pool + 6].tolist() == [3, 1, 2, 5, 0, 0]
    last = layout.var_slot["last"]
    assert handed[last:last + 3].tolist() == [1, 3, 0]
    # (the 3 takes the turn again: `next mover`)
    assert sorted(native.move_text(r, handed) for r in native.moves(handed)) == \
        sorted(m.text for m in state.legal_moves())


# ---------------------------------------------------------------- outcome rates

def rates(summary) -> list:
    return [*summary.wins.values(), summary.draws]


# The chi-square test of test_native.py, refused at the 0.001 level. Power: Goofspiel, 2,000 interpreter and 20,000
# native games: a shift of 4 points in a seat's win rate near 40% is ~3.6 standard errors, caught with probability
# ~0.6, a shift of 5 points ~0.85. Crazy eights, 200 and 4,000: a shift of 12 points near 50% is ~3.3 standard
# errors (probability ~0.5), of 15 points ~0.8. Whist (every game is won by a side), 300 and 10,000: the north-south
# side's rate, a shift of 10 points ~3.4 standard errors (~0.55), of 12 points ~0.85. Backgammon's interpreter plays
# ~6 games a second: its replays above stand for it.
@pytest.mark.parametrize("name, python_games, native_games", [(GOOFSPIEL, 2000, 20000), (CRAZY_EIGHTS, 200, 4000)])
def test_outcome_rates_agree(compiled, name, python_games, native_games):
    python = random_playouts(load_game(name), python_games, seed=1)
    native = compiled[name].summary(native_games, seed=1)
    statistic, freedom = chi_square([rates(python), rates(native)])
    assert statistic < CHI2_CRITICAL[freedom], (rates(python), rates(native), statistic)


def test_whist_sides_win_as_often_as_in_the_interpreter(compiled):
    python = random_playouts(load_game(WHIST), 300, seed=1)
    native = compiled[WHIST].summary(10000, seed=1)
    # (each game is won by a side, shared by its two seats: north's shared wins are north and south's)
    python_row = [python.shared["north"], python.shared["east"]]
    native_row = [native.shared["north"], native.shared["east"]]
    assert sum(python_row) == 300 and sum(native_row) == 10000
    assert python.shared["north"] == python.shared["south"] and native.shared["north"] == native.shared["south"]
    statistic, freedom = chi_square([python_row, native_row])
    assert statistic < CHI2_CRITICAL[freedom], (python_row, native_row, statistic)


# ---------------------------------------------------------------- what stays refused

REFUSED = {
    "grows": ("var seen: list of int = []\n\naction note(s in cells):\n    seen = seen + [1]\n", 9,
              "a list variable whose size grows without a bound"),
    "+=": ("var seen: list of int = []\n\naction note(s in cells):\n    seen += [1]\n", 9,
           "`+=` of a variable holding a list"),
    "a list of lists": ("var rows: list of list of int = [] per player\n\naction note(s in cells):\n    pass\n", 6,
                        "a variable of type list of list of int"),
    "before the choice": ("var n: int = 0\n\naction take() each turn:\n    n += 1\n    choose k in 1..2:\n"
                          "        pass\n", 9,
                          "a rule of an action each turn before its first choice (but `let` and `log`)"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_what_is_not_native_is_refused_with_its_line(tmp_path, case):
    assert_refused_with_its_line(tmp_path, *REFUSED[case], after="")
