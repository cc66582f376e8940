"""Hostile rules files as `mire play` and the other commands meet them: the REPL stays responsive and bounded
(the work it does for a screen is linear in what it shows, a board is drawn by its spaces, a hint stops on
time), nothing from a file acts on the terminal, and running out of memory ends in one line, not a traceback.
The REPL is seen through a real pseudo-terminal of 80 x 24 (tests/terminal.py)."""
import sys
from pathlib import Path

import pytest

from mire.cli import move_list
from mire.cli.play import Session
from mire.engine import load_game

sys.path.insert(0, str(Path(__file__).parent))
from terminal import Terminal, fits  # noqa: E402

HOSTILE = Path(__file__).parent / "hostile"
COLS, ROWS = 80, 24
needs_a_pty = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


def session(path, seed=1, out=None):
    game = load_game(str(path))
    state = game.new_state(seed=seed, players=game.min_players)
    lines = [] if out is None else out
    return Session(game, str(path), state, seed, game.min_players, [], ["human"] * game.min_players,
                   out=lambda text="", nl=True: lines.append(text)), lines


def screen_text(record) -> str:
    return "\n".join(record["screen"])


# ---------------------------------------------------------------------------------
# the legal moves on screen: linear in the moves, once a position

class _CountedText(str):
    """A field's text that counts how often it is compared with another."""
    compared = 0

    def __eq__(self, other):
        _CountedText.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_the_move_summary_compares_each_value_a_bounded_number_of_times(monkeypatch, tmp_path):
    path = tmp_path / "pick.mire"
    path.write_text((HOSTILE / "many_moves.mire").read_text().replace("1..49999", "1..3000"))
    real = move_list.move_fields

    def fields(move):
        return [type(f)(_CountedText(f.text), f.kind, f.number) for f in real(move)]
    monkeypatch.setattr(move_list, "move_fields", fields)
    moves = load_game(str(path)).new_state(seed=1).legal_moves()
    _CountedText.compared = 0
    lines = move_list.summary_lines(moves, 80)
    assert lines[0] == "pick ×3000:" and lines[1].startswith("  number 1 2 3 4 5")
    # each value is looked up once among those seen before it (a list would compare it with all of them)
    assert _CountedText.compared <= 2 * len(moves)


def test_a_screen_works_out_the_moves_once_a_position(monkeypatch):
    calls = []
    real = move_list.move_fields
    monkeypatch.setattr(move_list, "move_fields", lambda move: calls.append(move) or real(move))
    s, lines = session(HOSTILE / "wide_moves.mire")
    n = len(s.state.legal_moves())
    assert n == 64 * 64 * 12
    s.show_screen(0)
    s.show_screen(0)               # ('board': the same position)
    s.banner_lines()
    assert len(calls) == n         # the fields of each move, once for this position
    assert "place ×49152" in "\n".join(lines)
    s.apply(s.state.legal_moves()[0], 0)
    s.show_screen(1)
    assert len(calls) == n + len(s.state.legal_moves())


@needs_a_pty
@pytest.mark.parametrize("name, summary, tall", [("many_moves.mire", "pick ×49999:", False),
                                                 ("wide_moves.mire", "place ×", True)])
def test_tens_of_thousands_of_moves_at_the_terminal(name, summary, tall):
    """(A board of 64 rows cannot fit in 24: it scrolls, but the moves under it are summed up on one line.)"""
    term = Terminal(["play", str(HOSTILE / name), "--seed", "1"], COLS, ROWS)
    try:
        first = term.first
        assert first["alive"] and first["prompt"].endswith("1>"), screen_text(first)
        assert summary in screen_text(first) and (tall or fits(dict(first, input_row=None), ROWS))
        for seat in ("2>", "1>"):
            record = term.send("1")
            assert record["prompt"].endswith(seat), screen_text(record)
            assert summary in screen_text(record) and (tall or fits(record, ROWS))
        assert term.widest() <= COLS
        term.send("quit")
        assert term.exit_code == 0
    finally:
        term.close()


# ---------------------------------------------------------------------------------
# boards far apart on the plane: drawn by their spaces, not by the distances

def _far_view(distance):
    spaces = [{"name": f"{c}{r}", "x": x, "y": y, "px": distance * x, "py": distance * y, "pieces": []}
              for x, c in ((1, "a"), (2, "b")) for y, r in ((1, "1"), (2, "2"))]
    return {"boards": [{"name": "cells", "owner": None, "shape": "grid", "spaces": spaces}],
            "zones": [], "players": [], "to_move": "1", "seat": "1"}


NEAR = """\
     a                 b
  +-----+           +-----+
  |a2   |           |b2   |
2 |     |           |     |
  +-----+           +-----+



  +-----+           +-----+
  |a1   |           |b1   |
1 |     |           |     |
  +-----+           +-----+
     a                 b
1 to move"""


def test_a_board_is_drawn_by_its_spaces_not_by_the_span_of_the_plane():
    from mire.cli.glyphs import Glyphs
    from mire.cli.plane import MAX_GAP, Plane
    from mire.cli.render import view_lines
    assert MAX_GAP == 3
    assert "\n".join(view_lines(_far_view(3), width=COLS, height=ROWS)) == NEAR   # a gap of 2: drawn as it is
    far = _far_view(10 ** 12)
    plane = Plane(far["boards"], Glyphs(far))
    assert plane.xs == [10 ** 12, 10 ** 12 + 1, 10 ** 12 + 2, 10 ** 12 + 3, 2 * 10 ** 12]
    assert plane.ys == plane.xs[::-1]
    # a gap of a million million columns and rows is drawn as one of three, as boards 4 apart are
    assert view_lines(far, width=COLS, height=ROWS) == view_lines(_far_view(4), width=COLS, height=ROWS)
    assert len(view_lines(far, width=COLS)) == 16


@needs_a_pty
def test_boards_far_apart_at_the_terminal():
    term = Terminal(["play", str(HOSTILE / "far_boards.mire"), "--seed", "1"], COLS, ROWS)
    try:
        first = term.first
        assert first["alive"] and first["prompt"].endswith("1>"), screen_text(first)
        assert fits(dict(first, input_row=None), ROWS) and term.widest() <= COLS
        played = term.send("1")
        shown = screen_text(played)
        assert played["prompt"].endswith("2>") and "a1 1" in shown and "other.a1" in shown, shown
        assert fits(played, ROWS)
        whole = term.send("board cells")
        assert whole["prompt"].endswith("2>") and fits(whole, ROWS) and term.widest() <= COLS
    finally:
        term.close()


# ---------------------------------------------------------------------------------
# `hint`: the search stops on time, inside a line of play too

def test_a_hint_in_a_game_that_never_ends_makes_a_bounded_number_of_moves(monkeypatch):
    """(tests/test_bots.py counts the same for the search itself.) Its clock moves on 0.1 s at each reading:
    the hint's second is ten readings, each before a move, where one line of play used to be 1000 moves."""
    from mire.engine.bots.search import SearchBot
    from mire.engine.state import State
    readings = iter(range(10 ** 6))
    monkeypatch.setattr(SearchBot, "clock", staticmethod(lambda: next(readings) / 10), raising=False)
    made = []
    real_apply = State.apply
    monkeypatch.setattr(State, "apply", lambda self, move, *a, **k: made.append(move) or real_apply(self, move, *a,
                                                                                                     **k))
    s, lines = session(HOSTILE / "endless_game.mire")
    s.hint(0)
    assert lines[-1] in ("hint: go 1", "hint: go 2")
    assert len(made) <= 10


# ---------------------------------------------------------------------------------
# out of memory: one line, never a traceback

def _run_guarded(action):
    import click
    from click.testing import CliRunner

    from mire.cli.main import guarded

    @click.command()
    @guarded
    def command():
        action()
    return CliRunner().invoke(command, [])


class _Unprintable(Exception):
    def __str__(self):
        raise MemoryError


def _raise(err):
    raise err


def _raise_while_handling(first, then):
    try:
        raise first
    except type(first):
        raise then  # noqa: B904 - as a rollback that fails would: the MemoryError is its context


@pytest.mark.parametrize("action", [
    lambda: _raise(MemoryError()),
    # the error is reported, and the report runs out of memory (str() of the error)
    lambda: _raise(_Unprintable("x")),
    # a rule error, and another error, raised while a MemoryError was handled (a rollback that ran out too)
    lambda: _raise_while_handling(MemoryError(), __import__("mire.engine").engine.RuleError("rolled back")),
    lambda: _raise_while_handling(MemoryError(), KeyError("journal")),
], ids=["memory", "while reporting", "a rule error while handling", "a key error while handling"])
def test_running_out_of_memory_says_so_in_one_line(action):
    from mire.cli.main import OUT_OF_MEMORY
    done = _run_guarded(action)
    assert done.exit_code == 1 and isinstance(done.exception, SystemExit), done.exception
    assert done.output == OUT_OF_MEMORY + "\n"
