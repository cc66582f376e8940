"""Hex boards in the terminal: a honeycomb of cells with the rows offset (two lines a row), or one line a row
when that is too tall; pinned by snapshots (read them before accepting a change), and an 11 x 11 Hex played in
a real pseudo-terminal at 80 x 24."""
import sys
from pathlib import Path

import pytest
from terminal import Terminal

from mire.cli.glyphs import Glyphs
from mire.cli.hex_drawing import hex_options
from mire.cli.render import render_view
from mire.engine import load_game

GAMES = Path(__file__).parents[1] / "games"


def view_after(game, moves):
    s = load_game(str(game)).new_state(seed=1)
    for m in moves:
        s.apply(s.parse_move(m))
    return s.view(0)


@pytest.mark.parametrize("game, moves", [
    ("hex.mire", ["place d4", "place c3"]),
    ("havannah.mire", ["place d4", "place a4"]),
    ("y.mire", ["place a1", "place c2"]),
], ids=["rhombus", "hexagon", "triangle"])
def test_the_two_drawings_of_a_hex_board(game, moves, snapshot):
    view = view_after(GAMES / game, moves)
    honeycomb, rows = hex_options(view["boards"][0], Glyphs(view), False, 80)
    assert [line.count("|") for line in honeycomb[1::2]][-1] == len(
        [s for s in view["boards"][0]["spaces"] if s["y"] == min(t["y"] for t in view["boards"][0]["spaces"])]) + 1
    assert "\n".join(honeycomb + [""] + rows) == snapshot


def test_an_eleven_by_eleven_hex_board_fits_eighty_columns(tmp_path):
    text = (GAMES / "hex.mire").read_text().replace("hex 7 x 7", "hex 11 x 11").replace("== 7", "== 11")
    path = tmp_path / "hex11.mire"
    path.write_text(text)
    view = view_after(path, ["place f6", "place k1"])
    honeycomb, rows = hex_options(view["boards"][0], Glyphs(view), False, 80)
    assert max(len(line) for line in honeycomb) <= 80 and len(honeycomb) == 23
    assert rows[5].split() == ["6", ".", ".", ".", ".", ".", "R", ".", ".", ".", ".", "."]
    assert rows[-1].split() == list("abcdefghijk")
    drawn = render_view(view, width=80, height=24).splitlines()
    assert len(drawn) <= 24 and max(len(line) for line in drawn) <= 80


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_hex_played_in_a_terminal(tmp_path):
    text = (GAMES / "hex.mire").read_text().replace("hex 7 x 7", "hex 11 x 11").replace("== 7", "== 11")
    path = tmp_path / "hex11.mire"
    path.write_text(text)
    term = Terminal(["play", str(path)], 80, 24)
    try:
        term.send("place f6")
        shown = term.send("place k1")["screen"]
        board = [line for line in shown if line.strip().startswith(("6 ", "1 "))]
        assert any(line.split()[:8] == ["6", ".", ".", ".", ".", ".", "R", "."] for line in board), "\n".join(shown)
        assert any(line.split()[-1] == "B" and line.split()[0] == "1" for line in board), "\n".join(shown)
        assert term.widest() <= 80
    finally:
        term.close()


def test_a_seat_at_the_north_edge_sees_the_hex_board_turned_half_round(tmp_path):
    text = (GAMES / "hex.mire").read_text().replace("players 2 named red, blue",
                                                    "players 2 named red, blue at south, north")
    path = tmp_path / "facing.mire"
    path.write_text(text)
    state = load_game(str(path)).new_state(seed=1)
    state.apply(state.parse_move("place a1"))
    south, north = state.view(0), state.view(1)
    honeycomb, rows = hex_options(north["boards"][0], Glyphs(north), False, 80, north.get("facing"))
    assert north.get("facing") == "north"
    assert honeycomb[1].split("|")[1:-1] == [" g1", " f1", " e1", " d1", " c1", " b1", " R "]  # row 1 on top
    assert rows[0].split()[0] == "1" and rows[0].split()[-1] == "R" and rows[-2].split()[0] == "7"
    own, _ = hex_options(south["boards"][0], Glyphs(south), False, 80, south.get("facing"))
    assert own[-2].split("|")[1:-1] == [" R ", " b1", " c1", " d1", " e1", " f1", " g1"]  # row 1 at the bottom
    from mire.cli.web.svg import boards_html
    drawn = boards_html(north)
    import re
    centres = {n: tuple(map(float, p.split()[0].split(","))) for n, p in
               re.findall(r'data-target="s:0:(\w+)".*?<polygon points="([^"]+)"', drawn)}
    assert centres["a1"][1] < centres["a7"][1] and centres["a1"][0] > centres["g1"][0]  # a1 at the top right
