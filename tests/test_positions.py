"""Positions (docs/language.md, "Positions"): a game started, or counted, from a position written out."""
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.arrange import arrange
from mire.grammar.position import PositionError, parse_position

# X to move: X holds b2 and c1, O holds a1 and a3; O wins at once on a2 unless X takes it
TTT = """position of tic-tac-toe
# X to play
X = mark of X
O = mark of O
cells:
    O . .
    . X .
    O . X
to move: X
"""


def arranged(game, text):
    state = load_game(game).new_state(seed=1)
    arrange(state, parse_position(text, "p.pos"), "p.pos")
    return state


def test_a_position_sets_the_boards_and_whose_turn_it_is():
    state = arranged("tic-tac-toe", TTT)
    assert [m.text for m in state.legal_moves()] == ["place b1", "place a2", "place c2", "place b3", "place c3"]
    owners = {sp.name: sp.pieces[0].owner.name for sp in state.spaces if sp.pieces}
    assert owners == {"a1": "O", "c1": "X", "b2": "X", "a3": "O"}
    # it is the start: nothing before it can be undone
    state.apply(state.parse_move("place c3"))
    state.undo()
    with pytest.raises(IndexError):
        state.undo()


def test_perft_from_a_position(tmp_path):
    (tmp_path / "p.pos").write_text(TTT)
    out = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "3", "--position", str(tmp_path / "p.pos")])
    # 5 moves; 4 replies each; then 3 each, but for the 4 games where O took a2 and won (hand count: 12 + 36)
    assert out.output == "depth 1: 5\ndepth 2: 20\ndepth 3: 48\n"


def test_pieces_with_attributes_a_phase_and_variables():
    state = arranged("mosquito-show", """position of mosquito-show
C = animal(species: chameleon) of orange
T = animal(species: toucan) of orange
c = animal(species: chameleon) of blue
t = animal(species: toucan) of blue
jungle:
    C . . t
    . . . .
    . . . .
    T . . c
phase: movement
to move: blue
""")
    assert state.to_move == 1 and state.game.phases[state.phase].name == "movement"
    assert {sp.name for sp in state.spaces if sp.pieces and sp.board.name == "jungle"} == {"a1", "d1", "a4", "d4"}
    assert all(m.text.split()[0] in ("chameleon", "toucan") for m in state.legal_moves())


@pytest.mark.parametrize("text, said", [
    (TTT.replace("O = mark of O\n", ""), "p.pos:5: the symbol 'O' is not in the legend (`O = KIND of PLAYER`)"),
    (TTT.replace("    O . X\n", ""),
     "p.pos:5: board 'cells' is 3 x 3: write 3 rows of 3 symbols, from its top row down"),
    (TTT.replace("mark of X", "stone of X"), "p.pos:3: there is no piece kind 'stone'"),
    (TTT.replace("to move: X", "to move: Z"), "p.pos: there is no player 'Z'; the players are X, O"),
    (TTT.replace("cells:", "cell:"), "p.pos:5: there is no board 'cell' (did you mean 'cells'?) among the boards"),
    (TTT.replace("position of tic-tac-toe", "position of chess"), "p.pos: this is a position of 'chess', not of"),
    (TTT + "pot = 3\n", "p.pos:10: there is no variable 'pot' of the game"),
    (TTT.replace("to move: X", "to move X"), "p.pos:9: board 'cells' is 3 x 3, and this line would be row 4: the "
                                             "board's rows end above it"),
    (TTT.replace(" . X\n", " . X .\n", 1), "p.pos:8: board 'cells' is 3 x 3: this row has 4 symbols, not 3"),
    (TTT.replace("X = mark", "X \x1b= mark"), "p.pos: it holds the character '\\x1b'"),
    ("position of tic-tac-toe\n" + "#" * 70_000 + "\n", "p.pos: a position file has at most 65,536 characters"),
])
def test_a_position_that_does_not_fit_is_refused_with_where_and_why(text, said):
    with pytest.raises(PositionError) as err:
        arranged("tic-tac-toe", text)
    assert str(err.value).startswith(said), str(err.value)


def test_a_game_from_a_position_saves_and_loads_whole(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.pos").write_text(TTT)
    out = CliRunner().invoke(main, ["play", "tic-tac-toe", "--position", "p.pos", "--seed", "2"],
                             input="c3\nsave g.json\nquit\n").output
    assert "saved g.json (1 move)" in out
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["position"] == TTT and data["moves"] == ["place c3"]
    out = CliRunner().invoke(main, ["play", "tic-tac-toe", "--seed", "9"], input="load g.json\nmoves\nquit\n").output
    assert "loaded g.json (1 move)" in out
    assert "1. place b1   2. place a2   3. place c2   4. place b3" in out
    data["position"] = TTT.replace("to move: X", "to move: Q")
    (tmp_path / "bad.json").write_text(json.dumps(data))
    out = CliRunner().invoke(main, ["play", "tic-tac-toe"], input="load bad.json\nquit\n").output
    assert "cannot load bad.json: its position: there is no player 'Q'; the players are X, O" in out


MORRIS = str(__import__("pathlib").Path(__file__).parent / "games" / "nine-mens-morris.mire")
MORRIS_POSITION = """position of nine-mens-morris
W = man of white
points:
    W . .
    . . .
    . . .
    . . . . . .
    . . .
    . . .
    . . .
"""


@pytest.mark.parametrize("text, said", [
    (MORRIS_POSITION.replace("    . . . . . .\n", "    . . .\n"),
     "p.pos:7: board 'points' has 7 rows of spaces (3, 3, 3, 6, 3, 3, 3): this row has 3 symbols, not 6"),
    (MORRIS_POSITION.replace("    W . .\n", ""),
     "p.pos:3: board 'points' has 7 rows of spaces (3, 3, 3, 6, 3, 3, 3): write its rows from the top down, each "
     "the symbols of that row's spaces from the left"),
])
def test_a_graph_is_written_out_row_by_row_of_its_points(text, said):
    with pytest.raises(PositionError) as err:
        arranged(MORRIS, text)
    assert str(err.value) == said
    assert arranged(MORRIS, MORRIS_POSITION).space_by_name["a7"].pieces[0].owner.name == "white"


def test_pieces_made_from_nothing_that_a_position_clears_leave_the_game():
    # Breakthrough's setup places 16 pawns a side; the position keeps one each. The cleared pawns are out of the
    # game (in the box), so `pawn of opponent` counts only the black pawn, and taking it wins.
    state = arranged("breakthrough", """position of breakthrough
W = pawn of white
B = pawn of black
cells:
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . B . . . .
    . . W . . . . .
    . . . . . . . .
    . . . . . . . .
to move: white
""")
    assert sorted(p.loc.name for ps in state.kind_pieces.values() for p in ps if p.loc is not state.box) == ["c3", "d4"]
    state.apply(state.parse_move("step c3 d4"))
    assert state.is_over() and state.outcome().reason == "every pawn of the other side is taken"


# ---------------------------------------------------------------- zones: hands, decks, piles

GAMES = Path(__file__).parent / "games"
CRAZY_EIGHTS = str(GAMES / "crazy-eights.mire")
# Crazy eights for two (tests/games/crazy-eights.mire): 1 to move holds the 8 of clubs, the 5 of hearts and the
# king of spades, 2 holds the 5 of spades and the 9 of hearts; each zone is written bottom first, so the 5 of
# diamonds is the top discard and the 3 of hearts the top of the stock, the next card drawn. The 43 cards
# written nowhere are in the supply, out of the game.
CRAZY_EIGHTS_POSITION = """position of crazy-eights
# the cards in play
8c = card(rank: 8, suit: clubs)
5h = card(rank: 5, suit: hearts)
Ks = card(rank: K, suit: spades)
5s = card(rank: 5, suit: spades)
9h = card(rank: 9, suit: hearts)
2c = card(rank: 2, suit: clubs)
5d = card(rank: 5, suit: diamonds)
7s = card(rank: 7, suit: spades)
3h = card(rank: 3, suit: hearts)
hand of 1: 8c 5h Ks
hand of 2: 5s 9h
discard: 2c 5d
stock: 7s 3h
to move: 1
"""


def labels(zone):
    return [f"{p.attrs['rank']}-{p.attrs['suit']}" for p in zone.pieces]


def test_a_position_writes_out_each_zone_bottom_first():
    state = arranged(CRAZY_EIGHTS, CRAZY_EIGHTS_POSITION)
    one, two = state.players
    assert labels(one.zones["hand"]) == ["8-clubs", "5-hearts", "K-spades"]
    assert labels(two.zones["hand"]) == ["5-spades", "9-hearts"]
    assert labels(state.zones["discard"]) == ["2-clubs", "5-diamonds"]
    assert labels(state.zones["stock"]) == ["7-spades", "3-hearts"]
    assert len(state.supply.pieces) == 43 and not state.box.pieces
    assert all(p.up and p.owner is None for p in state.kind_pieces["card"])
    # the 5 of diamonds on top: the 8 (always), the 5 of hearts (its rank) follow, the king of spades does not
    assert [m.text for m in state.legal_moves()] == ["play 8-clubs", "play 5-hearts", "draw"]
    state.apply(state.parse_move("draw"))
    assert labels(one.zones["hand"])[-1] == "3-hearts"  # the top of the stock: the last written
    # a zone goes on over the lines below its line, as many as it takes
    split = CRAZY_EIGHTS_POSITION.replace("stock: 7s 3h\n", "stock:\n    7s\n    3h  # drawn next\n")
    assert labels(arranged(CRAZY_EIGHTS, split).zones["stock"]) == ["7-spades", "3-hearts"]


def test_perft_from_a_position_with_hands_and_piles(tmp_path):
    (tmp_path / "p.pos").write_text(CRAZY_EIGHTS_POSITION)
    out = CliRunner().invoke(main, ["perft", CRAZY_EIGHTS, "--depth", "4", "--position", str(tmp_path / "p.pos")])
    # Counted by hand. 1 plays the 8 of clubs, the 5 of hearts, or draws (3).
    # Depth 2: the 8 asks for a suit (4); after the 5 of hearts, 2 plays the 5 of spades, the 9 of hearts or
    # draws (3); after drawing the 3 of hearts, which does not follow the 5 of diamonds, 1 may only keep it (1): 8.
    # Depth 3: after the 8 and a suit, 2 holds no 8 and may play only a card of the suit named: clubs or
    # diamonds, draw (1 each); hearts, the 9 or draw; spades, the 5 or draw (2 each): 6. After the 5 of hearts:
    # 2's 5 of spades leaves 1 the 8, the king or a draw (3), its 9 of hearts the 8 or a draw (2), its draw of
    # the 3 of hearts playing it or keeping it (2): 7. After 1 draws and keeps, 2 plays the 5 of spades or
    # draws the 7 of spades (2): 15.
    # Depth 4: after the 8 and clubs or diamonds, 2's 3 of hearts drawn does not follow and is kept (1 each);
    # hearts: the 9 leaves 1 the 5 of hearts or a draw (2), the 3 drawn is played or kept (2); spades: the 5
    # leaves 1 the 5 of hearts, the king or a draw (3), the 3 drawn is kept (1): 10. After the 5 of hearts and
    # 2's 5 of spades: 1's 8 names a suit (4), its king leaves 2 a draw (1), its draw of the 3 is kept (1); and
    # 2's 9 of hearts: the 8 (4), a draw whose 3 of hearts follows (2); and 2's draw: its 3 played leaves 1
    # the 8 or a draw (2), kept, the 8 or a draw too (2): 16. After 1 draws and keeps: 2's 5 of spades leaves
    # 1 the 8, the 5 of hearts, the king or a draw (4); its draw of the 7 of spades is kept (1): 5. 31 in all.
    assert out.output == ("depth 1: 3\ndepth 2: 8\ndepth 3: 15\ndepth 4: 31\n"
                          "chance: each draw as seed 0 gives it (--chance expand counts every outcome)\n")


def test_what_each_seat_sees_of_a_position_written_out(tmp_path):
    state = arranged(CRAZY_EIGHTS, CRAZY_EIGHTS_POSITION)
    hands = [["8-clubs", "5-hearts", "K-spades"], ["5-spades", "9-hearts"]]
    for seat in (0, 1):
        view = state.view(seat)
        zones = {(z["name"], z["owner"]): z for z in view["zones"]}
        shown = {(name, owner): [f"{p['attrs']['rank']}-{p['attrs']['suit']}" for p in z["pieces"]]
                 for (name, owner), z in zones.items()}
        # its own hand and the discards, card by card; the other hand, the stock and the supply, as counts
        assert {k: v for k, v in shown.items() if v} == {("hand", str(seat + 1)): hands[seat],
                                                         ("discard", None): ["2-clubs", "5-diamonds"]}
        assert {k: z["count"] for k, z in zones.items() if not z["visible"]} == {
            ("hand", str(2 - seat)): len(hands[1 - seat]), ("stock", None): 2, ("supply", None): 43}
        assert state.history_for(seat) == [] and state.log_for(seat) == []
    # a seeded game from it at the terminal: each player is shown their own hand, the others' as counts
    (tmp_path / "p.pos").write_text(CRAZY_EIGHTS_POSITION)
    out = CliRunner().invoke(main, ["play", CRAZY_EIGHTS, "--position", str(tmp_path / "p.pos"), "--seed", "3"],
                             input="5-hearts\n\ndraw\n3-hearts\n\nquit\n").output
    first, second, third = out.split("Pass to ")
    assert "hand (1): 8-clubs, 5-hearts, K-spades\nstock: 2 hidden · hand (2): 2 hidden · supply: 43 hidden" in first
    assert "1. play 8-clubs    2. play 5-hearts   3. draw" in first
    # 2 draws the top of the stock, the 3 of hearts, and plays it on the 5 of hearts
    assert "hand (2): 5-spades, 9-hearts\nstock: 2 hidden · hand (1): 2 hidden" in second
    assert "you draw the 3-hearts" in second and "hand (2): 5-spades, 9-hearts, 3-hearts\nstock: 1 hidden" in second
    assert "2 plays 3-hearts\ndiscard: 2-clubs, 5-diamonds, 5-hearts, 3-hearts\nhand (1): 8-clubs, K-spades\n" \
           "stock: 1 hidden · hand (2): 2 hidden" in third
    assert "1. play 8-clubs   2. draw" in third
    assert "K-spades" not in second and "9-hearts" not in first + third and "7-spades" not in out


def hidden_hands(tmp_path):
    """Five cards, two private hands and a secret deck: nothing is shuffled, so the rules file alone would tell
    every seat where each card is."""
    rules = tmp_path / "hands.mire"
    rules.write_text('game "Hands"\nplayers 2\npiece card(rank: int)\nzone hand per player private\n'
                     'zone deck secret\nzone table\npieces card in deck:\n    rank\n    1\n    2\n    3\n    4\n'
                     '    5\n\naction play(c in mover.hand):\n    move c to table\n')
    return str(rules)


def test_a_seat_knows_of_a_position_only_what_it_sees(tmp_path):
    from mire.engine.run.knowledge import Worlds
    rules = hidden_hands(tmp_path)
    legend = "position of hands\n" + "".join(f"c{i} = card(rank: {i})\n" for i in range(1, 6))

    def imagined(cards, seat, k):
        """Where the cards lie in a world that `seat` imagines of the position."""
        state = arranged(rules, legend + cards)
        world = Worlds(state, seat).sample(random.Random(k))
        return [[p.attrs["rank"] for p in z.pieces] for z in (world.players[0].zones["hand"],
                                                              world.players[1].zones["hand"], world.zones["deck"])]
    # two positions 1 cannot tell apart (its own hand is the 1; 2 holds two cards and the deck two): 1 imagines
    # the same worlds of both, the cards it cannot see dealt again among the places it cannot look into
    one = "hand of 1: c1\nhand of 2: c2 c3\ndeck: c4 c5\n"
    other = "hand of 1: c1\nhand of 2: c5 c3\ndeck: c2 c4\n"
    worlds = [imagined(one, 0, k) for k in range(8)]
    assert worlds == [imagined(other, 0, k) for k in range(8)]
    assert all(w[0] == [1] and sorted(w[1] + w[2]) == [2, 3, 4, 5] for w in worlds)
    assert len({repr(w) for w in worlds}) > 1
    # 2 sees its own hand, which differs: its worlds keep it, and deal the rest
    assert all(imagined(one, 1, k)[1] == [2, 3] and imagined(other, 1, k)[1] == [5, 3] for k in range(4))


ERRORS = [
    ("hand of 1:", "hnad of 1:", "p.pos:12: there is no zone 'hnad' (did you mean 'hand'?) among 1's zones"),
    ("hand of 2:", "hand of 3:", "p.pos:13: there is no player '3'; the players are 1, 2"),
    ("hand of 1:", "hand:", "p.pos:12: zone 'hand' is each player's: write `hand of PLAYER:`"),
    ("stock:", "stock of 2:", "p.pos:15: zone 'stock' is no player's own: write `stock:`"),
    ("stock: 7s 3h", "stock: 7s Qh", "p.pos:15: the symbol 'Qh' is not in the legend (`Qh = KIND of PLAYER`)"),
    ("stock: 7s 3h", "stock: 7s\n    3h 9h",
     "p.pos:16: there is no card(rank: 9, suit: hearts) left to put in zone 'stock': the game has 1, and it is "
     "put before this one"),
    ("(rank: 3, suit: hearts)", "(rank: 3, suit: stars)", "p.pos:15: the game has no card(rank: 3, suit: stars)"),
    ("discard: 2c 5d", "discard: 2c . 5d",
     "p.pos:14: '.' is an empty space of a board: a zone's line lists its pieces, bottom first (`discard:` with "
     "nothing after it empties the zone)"),
    ("to move: 1", "discard: 7s\nto move: 1", "p.pos:16: zone 'discard' is written out already (line 14)"),
    ("to move: 1", "supply: 7s\nto move: 1",
     "p.pos:16: the supply is not written out: it holds the pieces that the position puts nowhere"),
    ("to move: 1", "stok:\nto move: 1", "p.pos:16: there is no zone 'stok' (did you mean 'stock'?) among the zones"),
]


@pytest.mark.parametrize("old, new, said", ERRORS)
def test_a_zone_that_does_not_fit_is_refused_with_its_line_and_why(old, new, said):
    with pytest.raises(PositionError) as err:
        arranged(CRAZY_EIGHTS, CRAZY_EIGHTS_POSITION.replace(old, new, 1))
    assert str(err.value) == said


def test_a_board_is_written_on_the_lines_below_its_own():
    with pytest.raises(PositionError) as err:
        arranged("tic-tac-toe", TTT.replace("cells:", "cells: X"))
    assert str(err.value) == "p.pos:5: board 'cells' is written on the lines below its line, a row a line: nothing " \
                             "follows `cells:` on its own line"
    # the line of a row is its own, comments between rows and all
    with pytest.raises(PositionError) as err:
        arranged("tic-tac-toe", TTT.replace("    . X .\n", "    # the middle row\n    . X . X\n"))
    assert str(err.value) == "p.pos:8: board 'cells' is 3 x 3: this row has 4 symbols, not 3"


def docs_example(first_line):
    """The position file in docs/language.md that starts with `first_line`."""
    text = (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    start = text.index(f"```text\n{first_line}\n") + len("```text\n")
    return text[start:text.index("```", start)]


def test_the_quagmire_position_of_the_docs():
    text = docs_example("position of quagmire")
    state = arranged("quagmire", text)
    green, red = state.players
    held = {repr(z): [(f.attrs["name"], f.owner and f.owner.name) for f in z.pieces] for z in
            [*green.zones.values(), *red.zones.values(), state.zones["deck"]]}
    # the frogs the deck dealt into the hands went back to the supply, and the position gave each frog written
    # `of PLAYER` to that player; the deck's frogs belong to nobody
    assert held == {"green.hand": [("peeper", "green")], "green.shore": [("chorus", "green"), ("cricket", "green")],
                    "green.flies": [], "red.hand": [("woodfrog", "red")], "red.shore": [("carpenter", "red")],
                    "red.flies": [], "deck": [("gopher", None), ("pig", None)]}
    assert all(f.owner is None for f in state.supply.pieces) and len(state.supply.pieces) == 11
    # the board keeps its start: the flies on the four middle pads, the beetles of two players
    assert sorted(sp.name for sp in state.spaces if sp.pieces) == ["a3", "a4", "b2", "b3", "c2", "c3", "d1", "d2"]
    # green's shore is full (no `play`); the chorus starts on b1, the cricket on d1 (a beetle's pad, where a frog
    # may land), and the peeper may be discarded; as the docs say
    assert [m.text for m in state.legal_moves()] == ["advance chorus b1", "advance cricket d1", "discard peeper"]
    # then red (its shore holds one) plays the woodfrog to it, hops the carpenter to its start (d1 read from the
    # north edge: a4) or discards the woodfrog, whatever green did: 3 x 3
    assert perft(state, 2) == [3, 9]
    with pytest.raises(PositionError) as err:
        arranged("quagmire", text.replace("shore of green: ch cr", "shore of green: ch cr\n    pe"))
    assert str(err.value) == "p.pos:11: zone 'shore' of green holds at most 2 pieces (`capacity 2`), and 3 are written"


def test_a_frog_of_a_player_on_a_board_written_out_with_the_zones():
    # the pads written out too: the flies and beetles are made anew where the rows put them, and the peeper,
    # taken from the deck as the frogs of the zones are, is green's and stands on its start, a1; green's hand
    # is empty
    text = docs_example("position of quagmire").replace("hand of green: pe\n", "hand of green:\n").replace(
        "to move: green\n", "F = fly\nB = beetle\npads:\n    B . . .\n    B F F .\n    . F F B\n    pe . . B\n"
                             "to move: green\n")
    state = arranged("quagmire", text)
    assert [(p.kind.name, p.owner.name) for p in state.space_by_name["a1"].pieces] == [("frog", "green")]
    assert state.players[0].zones["hand"].pieces == []
    assert sorted(sp.name for sp in state.spaces if sp.pieces) == ["a1", "a3", "a4", "b2", "b3", "c2", "c3", "d1",
                                                                   "d2"]
    # the peeper (named by its pad) goes on to its first stop, b3; no frog in hand to discard
    assert [m.text for m in state.legal_moves()] == ["advance a1 b3", "advance chorus b1", "advance cricket d1"]


# Mudwater: black holds Bottle Rocket (1) and The Boathouse (2), of Level I, and Dead Calm (56), of Level II;
# white holds The Deckhand (3) and has played Rope Burn (6) on the middle square; each ante (a secret zone) holds
# a card face down. The cards are named by number: a name of two words is not one word of a position file.
MUDWATER_POSITION = """position of mudwater
a = card(number: 1) of black
b = card(number: 2) of black
c = card(number: 56) of black
d = card(number: 3) of white
e = card(number: 4) of black face down
f = card(number: 5) of white face down
w = card(number: 6) of white
mat:
    . . .
    . w .
    . . .
hand of black: a b c
hand of white: d
ante of black: e
ante of white: f
to move: black
"""


def test_a_mudwater_position_with_hands_and_antes():
    state = arranged("mudwater", MUDWATER_POSITION)
    black, white = state.players
    assert [c.attrs["name"] for c in black.zones["hand"].pieces] == ["Bottle Rocket", "The Boathouse", "Dead Calm"]
    assert [(c.attrs["name"], c.up, c.owner.name) for z in (black.zones["ante"], white.zones["ante"])
            for c in z.pieces] == [("Sea Dog", False, "black"), ("Galley Hand", False, "white")]
    # black plays a Level I card face up on one of the 8 empty squares (2 x 8), or any card as a rock (3 x 8);
    # Dead Calm would upgrade a Level I card of black's, and there is none: 40. White answers with its one card,
    # face up or as a rock, on the 7 squares left (14), whatever black did: 40 x 14.
    assert perft(state, 2) == [40, 560]
    names = ["Bottle Rocket", "The Boathouse", "Dead Calm", "The Deckhand", "Sea Dog", "Galley Hand", "Rope Burn"]
    for seat, sees in ((0, {"Bottle Rocket", "The Boathouse", "Dead Calm", "Rope Burn"}),
                       (1, {"The Deckhand", "Rope Burn"})):
        view = json.dumps(state.view(seat))
        assert {n for n in names if n in view} == sees  # nobody sees an ante, its own either
    # a seeded game from the position, the same each time: The Deckhand (3 pointing up) takes The Boathouse (2
    # pointing down) above it; once the hands are played out both pass, white holds 3 squares to black's 2 and
    # takes black's ante, turned face up into its won pile
    from mire.engine.analysis.playout import play_game
    from mire.engine.bots import RandomBot
    for _ in range(2):
        state = arranged("mudwater", MUDWATER_POSITION)
        play_game(state, [RandomBot(random.Random(4))] * 2)
        assert state.history == ["place The Boathouse-2 c3", "place The Deckhand-3 c2", "place Bottle Rocket-1 a2",
                                 "pass", "rock Dead Calm-56 a3", "pass", "pass"]
        assert (state.outcome().text, state.outcome().reason) == ("white wins", "both players passed")
        assert [(c.attrs["name"], c.up) for c in state.players[1].zones["won"].pieces] == [("Sea Dog", True)]
