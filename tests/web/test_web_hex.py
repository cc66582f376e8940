"""Hex boards on the web board: drawn as hexagons (an SVG snapshot, read it before accepting a change), and in
a real Chromium a click on a hex cell of hex.mire places a stone there."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from clicking import TIMEOUT, arrive, wait_moves
from web_server import Server

from mire.cli.web.svg import boards_html
from mire.engine import load_game

TESTS = Path(__file__).resolve().parents[1]
HEX = TESTS / "games" / "hex.mire"


def played(game: Path, moves: list):
    s = load_game(str(game)).new_state(seed=1)
    for m in moves:
        s.apply(s.parse_move(m))
    return s


@pytest.mark.parametrize("game, moves", [
    (HEX, ["place d4", "place c3"]),
    (TESTS / "games" / "havannah.mire", ["place d4"]),
    (TESTS / "games" / "y.mire", ["place a1", "place e1"]),
], ids=["rhombus", "hexagon", "triangle"])
def test_the_drawing_of_a_hex_board(game, moves, snapshot):
    drawn = boards_html(played(game, moves).view(0))
    cells = re.findall(r'<polygon points="([^"]+)" class="cell"/>', drawn)
    assert len(cells) == len(played(game, []).boards["cells"].spaces)
    assert all(len(points.split()) == 6 for points in cells)  # hexagons
    assert drawn.count("<circle") == len(moves)  # a stone on each cell played
    assert drawn.replace("><", ">\n<") == snapshot


def test_neighbouring_cells_are_drawn_side_by_side():
    """d4's six neighbours are one cell's width from it, and no other cell is."""
    drawn = boards_html(played(HEX, []).view(0))
    centres = {}
    for name, points in re.findall(r'data-target="s:0:(\w+)".*?<polygon points="([^"]+)"', drawn):
        xy = [tuple(map(float, p.split(","))) for p in points.split()]
        centres[name] = (sum(x for x, _ in xy) / 6, sum(y for _, y in xy) / 6)
    d4 = centres["d4"]
    near = sorted(n for n, (x, y) in centres.items() if n != "d4" and ((x - d4[0]) ** 2 + (y - d4[1]) ** 2) ** 0.5 < 60)
    assert near == ["c4", "c5", "d3", "d5", "e3", "e4"]


@pytest.fixture(scope="module")
def hex_server(browser, tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("serve-hex"), game=str(HEX)).start()
    yield s
    s.stop()


def test_clicking_a_hex_cell_places_a_stone(browser, hex_server, artifacts):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        made = hex_server.new_game("hex", ["here", "here"], seed=1)
        page.goto(hex_server.link(made["id"], made["here"]))
        arrive(page)
        assert page.locator("svg.hexes polygon.cell").count() == 49
        assert page.locator("svg.hexes [data-target].legal").count() == 49
        page.click('svg.hexes [data-target$=":d4"]')
        wait_moves(page, 1)
        assert page.inner_text("#history li:last-child") == "red plays place d4"
        d4 = page.locator('svg.hexes [data-target$=":d4"]')
        assert d4.locator("circle").count() == 1 and "stone" in (d4.get_attribute("aria-label") or "")
        page.wait_for_selector('svg.hexes [data-target$=":e4"].legal', timeout=TIMEOUT)
        page.click('svg.hexes [data-target$=":e4"]')
        wait_moves(page, 2)
        assert page.inner_text("#history li:last-child") == "blue plays place e4"
        page.screenshot(path=str(artifacts / "hex-1280x800.png"))
    finally:
        context.close()
