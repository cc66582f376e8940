"""A board that grows as it is played (`area`) in a position file (issue 30: every board kind round-trips
through save and position files): each space that holds pieces written `X,Y: SYMBOLS`, a tile's turn in its
legend (`turned N`), and a position written out from a played game (engine/run/position_text.py) read back to
the same views and the same legal moves."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.run.arrange import arrange
from mire.engine.run.position_text import write_position
from mire.engine.run.view import view
from mire.grammar.position import PositionError, parse_position


def played(game: str, seed: int, moves: int):
    """A game played `moves` random moves from `seed`, stopped between moves (a position cannot hold a choice in
    the middle of one)."""
    state = load_game(game).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    while state.pending is not None:  # (answer a choice left open, to stop between moves)
        state.apply(state.legal_moves()[0])
    return state


GAMES = Path(__file__).parents[1] / "games"


def read_back(game: str, text: str):
    state = load_game(game).new_state(seed=99)  # (another seed: the position alone makes the state)
    arrange(state, parse_position(text, "p.pos"), "p.pos")
    return state


def without_supply(v: dict) -> dict:
    """A view but the supply's: a position writes no supply (nor box), so the pieces out of play are all in the
    supply once it is read back, the removed ones too."""
    return {**v, "zones": [z for z in v["zones"] if z["name"] != "supply"]}


# every kind of board: a grid, a hex grid, the edges of a grid, a graph, each player's own board, tiles, an area
@pytest.mark.parametrize("game", ["tic-tac-toe", "breakthrough", "queensland", "quagmire", *(str(GAMES / f"{name}.mire")
                                  for name in ("chess", "hex", "dots-and-boxes", "nine-mens-morris", "phantom",
                                               "tiles", "memory", "othello"))])
def test_a_played_game_of_every_board_kind_is_written_out_and_read_back_the_same(game):
    before = played(game, 1, 7)
    text = write_position(before)
    after = read_back(game, text)
    assert [m.text for m in after.legal_moves()] == [m.text for m in before.legal_moves()]
    for seat in range(len(before.players)):
        assert without_supply(view(after, seat)) == without_supply(view(before, seat))
    assert write_position(after) == text


def test_what_a_position_file_cannot_say_is_refused_not_written_wrong():
    over = played("tic-tac-toe", 2, 14)
    assert over.is_over()
    with pytest.raises(PositionError, match="^the game is over, and a position file writes a game in play$"):
        write_position(over)
    with pytest.raises(PositionError, match="^space .* of board 'pond' holds a stack of 2 pieces, and a board laid "
                                            "out in rows writes one piece a space$"):
        write_position(played("mosquito-show", 1, 7))
    with pytest.raises(PositionError, match="^variable 'seeds' holds a value that a position file cannot write"):
        write_position(played(str(GAMES / "oware.mire"), 1, 7))


@pytest.mark.parametrize("seed, moves", [(1, 8), (3, 25), (5, 40)])
def test_a_played_farm_is_written_out_and_read_back_to_the_same_views_and_moves(seed, moves):
    before = played("queensland", seed, moves)
    text = write_position(before)
    assert "farm of red:\n    0,0: " in text or "farm of red:\n" in text
    after = read_back("queensland", text)
    assert [m.text for m in after.legal_moves()] == [m.text for m in before.legal_moves()]
    for seat in range(len(before.players)):
        assert view(after, seat) == view(before, seat)
    # and what it writes of the state read back is the same file
    assert write_position(after) == text


def test_a_farm_writes_its_tiles_turned_and_the_toads_on_them():
    text = write_position(played("queensland", 3, 25))
    lines = text.splitlines()
    farm = lines[lines.index("farm of red:") + 1:lines.index("farm of yellow:")]
    # each space that holds pieces: its column and row, then its pieces bottom first (a tile, then its toads)
    assert all(line.startswith("    ") and ": " in line for line in farm)
    assert any(line.endswith(" toad toad") for line in farm)
    assert "toad = toad" in lines and any(line.endswith(" of red turned 2") for line in lines)


DOCS_FARM = """position of queensland
S1 = start_tile(name: S1) of red
S2 = start_tile(name: S2) of red
F18 = tile(name: F18) of red turned 1
toad = toad
farm of red:
    0,0: S1
    1,0: S2 toad
    -1,0: F18
"""


def test_the_farm_of_the_docs():
    """docs/language.md, "Starting from a position": red's two starting tiles, a toad on the second, a farm tile
    turned a quarter turn west of them; the rest keeps its start."""
    state = read_back("queensland", DOCS_FARM)
    red = state.players[0].boards["farm"]
    assert [(s.name, [(p.attrs["name"] if p.attrs else p.kind.name, p.turns) for p in s.pieces])
            for s in red.in_play()] == [("0,0", [("S1", 0)]), ("1,0", [("S2", 0), ("toad", 0)]),
                                        ("-1,0", [("F18", 1)])]
    assert [p.attrs["name"] for p in state.players[0].zones["start"].pieces] == ["S3", "S4"]
    # (the farm tile came from the pile or the market: the other 49 are still there)
    assert len(state.zones["pile"].pieces) + sum(len(s.pieces) for s in state.boards["market"].spaces) == 49


def test_a_piece_turned_on_a_grid_too():
    state = read_back("tic-tac-toe", "position of tic-tac-toe\nX = mark of X turned 3\ncells:\n    X . .\n"
                                     "    . . .\n    . . .\nto move: O\n")
    assert [p.turns for s in state.spaces for p in s.pieces] == [3]


def test_a_position_from_a_farm_starts_a_game_that_saves_and_loads_whole(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    state = played("queensland", 3, 25)
    text = write_position(state)
    (tmp_path / "q.pos").write_text(text)
    out = CliRunner().invoke(main, ["perft", "queensland", "--position", "q.pos", "--depth", "1"]).output
    assert f"depth 1: {len(state.legal_moves())}\n" in out, out
    first = state.legal_moves()[0].text
    out = CliRunner().invoke(main, ["play", "queensland", "--position", "q.pos", "--seed", "2"],
                             input=f"{first}\nsave g.json\nquit\n").output
    assert "saved g.json (1 move)" in out, out[-1500:]
    assert json.loads((tmp_path / "g.json").read_text())["position"] == text
    out = CliRunner().invoke(main, ["play", "queensland", "--seed", "9"], input="load g.json\nquit\n").output
    assert "loaded g.json (1 move)" in out, out[-1500:]


_FARM = "position of queensland\nT = toad\nfarm of red:\n"


@pytest.mark.parametrize("text, said", [
    # a space of an area outside any board's lines
    ("position of queensland\nT = toad\n0,0: T\n",
     "p.pos:3:1: '0,0' names a space of an area: write it on the lines below its board's line (`BOARD:` or "
     "`BOARD of PLAYER:`), one space a line"),
    (_FARM + "    2,1:\n",
     "p.pos:4:5: space 2,1 holds nothing here: write its pieces after the colon, bottom first (an empty space of "
     "an area is left out)"),
    (_FARM + "    0,0: T\n    1,0: T\n    0,0: T T\n",
     "p.pos:6:5: space 0,0 of board 'farm' is written already (line 4): write all its pieces on one line, bottom "
     "first"),
    (_FARM + "    0,0: T .\n",
     "p.pos:4:5: '.' is an empty space of a grid: `0,0:` lists the pieces of that space, bottom first (an empty "
     "space of an area is left out)"),
    (_FARM + "    0,0: Q\n", "p.pos:4: the symbol 'Q' is not in the legend (`Q = KIND of PLAYER`)"),
    (_FARM + "    T T\n",
     "p.pos:4:1: board 'farm' is an area, which grows as it is played: write each space that holds pieces as "
     "`X,Y: SYMBOLS` (its column and row, then its pieces bottom first), one a line, not rows of symbols"),
    ("position of queensland\nT = toad\nmarket:\n    0,0: T\n",
     "p.pos:4:5: `0,0:` writes a space of an area, and board 'market' is laid out in rows: write its rows below "
     "`market:`, from its top row down"),
    ("position of queensland\nT = toad\ntoads: T\n    1,1: T\n",
     "p.pos:4:5: `1,1:` writes a space of an area, and zone 'toads' is a zone: its pieces follow its line, bottom "
     "first"),
    ("position of queensland\nT = toad turned 4\n",
     "p.pos:2: a piece is `turned` 0 to 3 quarter turns clockwise, not '4'"),
    (_FARM + "    0,0x: T\n", "p.pos:4:8: this line is not a position line"),
])
def test_a_bad_area_entry_is_refused_with_its_line_column_and_what_to_write(text, said):
    with pytest.raises(PositionError) as err:
        read_back("queensland", text)
    assert str(err.value).startswith(said)


def test_a_position_file_cannot_write_a_choice_in_the_middle_of_a_move():
    state = load_game("queensland").new_state(seed=1)
    rng = random.Random(7)
    for _ in range(400):  # (until a group movement asks the others in the middle of a move)
        if state.pending is not None or state.is_over():
            break
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.pending is not None  # (these moves meet one)
    with pytest.raises(PositionError) as err:
        write_position(state)
    assert str(err.value) == "a position file cannot write a choice in the middle of a move: write it between moves"


def test_a_bad_area_entry_is_shown_with_its_line_a_caret_and_a_hint(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.pos").write_text(_FARM + "    0,0: T\n    -12,3: T\n    -12,3: T T\n")
    result = CliRunner().invoke(main, ["perft", "queensland", "--position", "p.pos", "--depth", "1"])
    assert result.exit_code == 2
    assert result.output.endswith(
        "p.pos:6:5: error: space -12,3 of board 'farm' is written already (line 5)\n"
        "  |\n"
        "6 |     -12,3: T T\n"
        "  |     ^^^^^\n"
        "  = hint: write all its pieces on one line, bottom first\n"), result.output
    # (a character that shows nothing is refused before any line is shown)
    (tmp_path / "p.pos").write_text(_FARM.replace("T = toad", "T\u202e = toad") + "    0,0: T\u202e\n    0,0: x\n")
    out = CliRunner().invoke(main, ["perft", "queensland", "--position", "p.pos", "--depth", "1"]).output
    assert "\u202e" not in out


def test_a_refusal_without_a_column_renders_as_its_one_line():
    with pytest.raises(PositionError) as err:
        read_back("queensland", _FARM + "    0,0: Q\n")
    assert err.value.render() == str(err.value) == \
        "p.pos:4: the symbol 'Q' is not in the legend (`Q = KIND of PLAYER`)"
