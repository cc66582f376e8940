"""`legend "TERM": "TEXT"`: what a game's own notation means, told to players by the REPL's `legend` command."""
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from terminal import Terminal, fits

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.run.library import LIBRARY
from mire.grammar.frontend import check_game

GAME = '''game "Tiles"
players 2
board cells: grid 2 x 1
piece tile
legend "2N": "a double arrow," "pointing north"
legend "~": "a pond"

action place(c in cells where empty(c)):
    place tile for mover at c

when stuck: draw
'''


def check(text):
    return check_game(Path("tiles.mire"), text, LIBRARY)


def test_a_legend_is_kept_in_order_its_strings_joined():
    analysis = check(GAME)
    assert not analysis.diagnostics, analysis.diagnostics
    assert [(x.term, x.meaning) for x in analysis.checked.symbols.legend] == \
        [("2N", "a double arrow, pointing north"), ("~", "a pond")]


def test_a_legend_needs_a_colon_and_a_meaning():
    analysis = check(GAME.replace('legend "~": "a pond"', 'legend "~" "a pond"'))
    assert [(d.span.line, d.code) for d in analysis.diagnostics] == [(6, "E002")], analysis.diagnostics
    assert "`legend` is written `legend \"2N\": " in analysis.diagnostics[0].hint


def test_queensland_explains_its_tiles():
    legend = dict(load_game("queensland").compiled.legend)
    assert "2N" in legend and "single" in legend["2N"] and "double" in legend["2N"]
    assert legend["~"] == "a pond"


def test_the_repl_tells_the_legend_and_help_names_it():
    result = CliRunner().invoke(main, ["play", "queensland", "--seed", "1"], input="help\nlegend\nabout\nquit\n")
    out = result.output
    assert "  legend        what the game's notation means" in out
    assert "cc..             its sides north, east, south and west as it lies now: c cane" in out
    assert "'legend' says what the game's notation means" in out
    # a game without a legend says so, and its help does not offer the command
    result = CliRunner().invoke(main, ["play", "tic-tac-toe", "--seed", "1"], input="help\nlegend\nquit\n")
    assert "legend        " not in result.output
    assert "Tic-tac-toe declares no legend" in result.output


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_the_legend_fits_80_by_24():
    term = Terminal(["play", "queensland", "--seed", "1", "--seat", "2=random"], 80, 24)
    try:
        record = term.send("legend")
        shown = "\n".join(record["screen"])
        assert "2N               its arrow: 1 single, 2 double, g group movement" in shown, shown
        assert fits(record, 24) and term.widest() <= 80
    finally:
        term.close()


def test_a_queensland_take_is_previewed_as_the_tile_would_lie_and_not_played():
    state = load_game("queensland").new_state(seed=1, players=2)
    state.apply(state.legal_moves()[0])            # red faces north
    result = CliRunner().invoke(main, ["play", "queensland", "--seed", "1", "--seat", "2=random"],
                                input="1\npreview take 2 0,2 east\nhistory\nquit\n")
    out = result.output
    after = out[out.index("red> preview take 2 0,2 east"):]
    assert after.splitlines()[1] == "after take 2 0,2 east (not played):"
    assert "2  F49 cwCW gE crow +2" in after or "F49 cwCW gE crow +2" in after, after
    history = after[after.index("red> history"):]
    assert "take" not in history                  # previewed, not played
