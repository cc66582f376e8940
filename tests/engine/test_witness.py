"""A path check answered by its witness (engine/run/witness.py): while an `ensure` is noted on the position before
the moves, `any`/`all` over `region`/`group` that meets its witness keeps only the chain to it. Each test lists
the moves of a crafted position where a move on the chain really cuts the last path (it must be refused), with
the places noted for the condition (only the chain), and the same moves with every `ensure` read again."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft

GAMES = Path(__file__).parents[1] / "games"

# walls on the edges between cells (as Quoridor's; an edge is named by the corners it joins: a2-b2 lies between
# a1 and a2): the only way from a1 to the top row is a1 b1 b2 b3, across b1-b2, b2-c2 and b3-c3
FENCED = """\
game "Fenced"
players 2
board cells: grid 3 x 3
board fences: walls of cells
piece pawn
piece wall

setup:
    place pawn for seat(1) at space("a1")
    for name in ["a2-b2", "c1-c2", "b2-b3", "c2-c3"]:
        place wall at space(name)

def here(p) = first([c for c in cells where not empty(c) and owner(c) == p])
def reaches(p) = any(c in region(here(p), cells) where c.y == 3)

action lay(e in fences where empty(e)):
    place wall at e
    ensure reaches(seat(1)) else "the wall would cut the last path"
"""

# stones stop the walk (the list of open spaces is a def, as the walled race's): the only way from a1 to the top
# row is a1 b1 b2 b3; a stone dropped on it cuts it
STONES = """\
game "Stones"
players 2
board cells: grid 3 x 3
piece stone

setup:
    for name in ["a2", "c1", "c2"]:
        place stone for seat(2) at space(name)

def open() = [c for c in cells where empty(c)]
def through() = any(c in region(space("a1"), open()) where c.y == 3)

action drop(c in cells where empty(c) and c != space("a1")):
    place stone for mover at c
    ensure through() else "a1 would be shut in"
"""

# a chain of stones (group): a1 a2 a3, and b2 b3 beside it; taking a stone may not part a1 from the top row
CHAIN = """\
game "Chain"
players 2
board cells: grid 3 x 3
piece stone

setup:
    for name in ["a1", "a2", "a3", "b2", "b3", "c1"]:
        place stone for seat(1) at space(name)

action take(c in cells where not empty(c) and c != space("a1")):
    remove c
    ensure any(s in group(space("a1")) where s.y == 3) else "a1 would be parted from the top row"
"""


def made(tmp_path, text):
    path = tmp_path / "game.mire"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path))


def listed_both_ways(game):
    """(the moves listed, the places noted for the `ensure`, the moves listed with every `ensure` read again)."""
    state = game.new_state(seed=0, records=False)
    moves = [m.text for m in state.legal_moves()]
    noted = [n for n in state._watched.values() if n is not None]
    kept = {a.name: a.watched for a in game.compiled.actions}
    for a in game.compiled.actions:
        a.watched = ()
    try:
        again = [m.text for m in game.new_state(seed=0, records=False).legal_moves()]
    finally:
        for a in game.compiled.actions:
            a.watched = kept[a.name]
    return moves, noted, again


def test_a_wall_on_the_last_path_is_refused(tmp_path):
    moves, noted, again = listed_both_ways(made(tmp_path, FENCED))
    assert moves == again
    # the 24 edges (12 of them on the border), 4 with a wall: the three of the path are refused
    assert len(moves) == 17 and not {"lay b1-b2", "lay b2-c2", "lay b3-c3"} & set(moves)
    (answer, places, kinds), = noted
    assert answer is True
    # the cells (where the pawn is: `here`) and the three edges of the path; none of the other edges
    assert sorted(p.name for p in places if p.board.name == "fences") == ["b1-b2", "b2-c2", "b3-c3"]


@pytest.mark.parametrize("check", ["through()", 'not all(c in region(space("a1"), open()) where c.y != 3)'])
def test_a_stone_on_the_last_path_is_refused(tmp_path, check):
    """`any` by its witness; `all` that is false by its counter-example, the same chain."""
    moves, noted, again = listed_both_ways(made(tmp_path, STONES.replace("ensure through()", f"ensure {check}")))
    assert moves == again
    assert sorted(moves) == ["drop a3", "drop c3"]
    (answer, places, kinds), = noted
    # what the list of open spaces read of the chain's spaces alone: b1, b2, b3 (and a1, where it starts)
    assert answer is True and sorted(p.name for p in places) == ["a1", "b1", "b2", "b3"]


def test_a_stone_taken_from_the_chain_is_refused_where_it_parts_it(tmp_path):
    moves, noted, again = listed_both_ways(made(tmp_path, CHAIN))
    assert moves == again
    # a2 parts a1 from a3 and b2; a3 leaves b3 (through a2, b2); b2 and b3 leave a3; c1 is not in the chain
    assert sorted(moves) == ["take a3", "take b2", "take b3", "take c1"]
    (answer, places, kinds), = noted
    # the group is walked depth first (a2's last neighbour first): its witness is b3, through a2 and b2
    assert answer is True and sorted(p.name for p in places) == ["a1", "a2", "b2", "b3"]


def both_ways(game, state, twin):
    """The moves of `state`, and of `twin` (the same position) with every `ensure` read again; and how many moves
    an `ensure` refused there."""
    moves = [m.text for m in state.legal_moves()]
    kept = {a.name: a.watched for a in game.compiled.actions}
    for a in game.compiled.actions:
        a.watched = ()
    try:
        again = [m.text for m in twin.legal_moves()]
    finally:
        for a in game.compiled.actions:
            a.watched = kept[a.name]
    return moves, again


@pytest.mark.parametrize("name, seeds, plies", [("quoridor.mire", 2, 50), ("walled-race.mire", 4, 40)])
def test_path_checks_list_the_moves_read_again_on_every_move(name, seeds, plies):
    """Random games whose moves lean to walls, listed both ways at every ply; perft to depth 2 both ways where
    the most walls stand."""
    game = load_game(str(GAMES / name))
    rng = random.Random(3)
    answered = 0
    for seed in range(seeds):
        state = game.new_state(seed=seed, records=False)
        twin = game.new_state(seed=seed, records=False)
        for _ in range(plies):
            if state.is_over():
                break
            moves, again = both_ways(game, state, twin)
            assert moves == again
            answered += sum(1 for noted in state._watched.values() if noted is not None)
            walls = [i for i, m in enumerate(moves) if not m.startswith(("go ", "step "))]
            i = rng.choice(walls) if walls and rng.random() < 0.7 else rng.randrange(len(moves))
            state.apply(state.legal_moves()[i])
            twin.apply(twin.legal_moves()[i])
        assert state.is_over() == twin.is_over()
    assert answered > 0


# positions where a pawn stands in a pocket with one or two ways out: the wall that would shut it is refused
@pytest.mark.parametrize("name, moves, refused, counts", [
    # white's pawn at e1 between two standing walls: laying E2 would close d1 and e1 from above
    ("quoridor.mire", ["stand D2", "go e8", "stand F2", "go e7"], ["lay E2"], [122, 14677]),
    # south's pawn at g1 in a corridor of walls: g2 and g4 are its only way
    ("walled-race.mire", ["build f1", "build h1", "build f3", "build h3"], ["build g2", "build g4"], [79, 6319]),
])
def test_perft_with_walls_up_is_unchanged(name, moves, refused, counts):
    game = load_game(str(GAMES / name))
    state = game.new_state(seed=0, records=False)
    twin = game.new_state(seed=0, records=False)
    for text in moves:
        for s in (state, twin):
            s.apply(next(m for m in s.legal_moves() if m.text == text))
    assert not set(refused) & {m.text for m in state.legal_moves()}
    kept = {a.name: a.watched for a in game.compiled.actions}
    early = perft(state, 2)
    for a in game.compiled.actions:
        a.watched = ()
    try:
        again = perft(twin, 2)
    finally:
        for a in game.compiled.actions:
            a.watched = kept[a.name]
    assert early == again == counts


def test_which_path_checks_are_answered_early():
    def watched(name):
        game = load_game(str(GAMES / name))
        return {a.name: [key for key, _ in a.watched] for a in game.compiled.actions if a.watched}
    assert watched("quoridor.mire") == {"lay": ["reaches(seat(1)) and reaches(seat(2))"],
                                        "stand": ["reaches(seat(1)) and reaches(seat(2))"]}
    assert watched("walled-race.mire") == {"build": ["all(p in players where reaches(p))"]}


def test_the_walled_race_notes_the_gaps_of_the_pawns_ways_alone():
    """At the start both pawns' witnesses lie straight along column g: the six gaps between its squares are all
    the condition notes (the squares' place in `open()` reads nothing; the pawns are found by their kind)."""
    state = load_game(str(GAMES / "walled-race.mire")).new_state(seed=0, records=False)
    moves = [m.text for m in state.legal_moves()]
    assert "build g2" in moves and len(moves) == 3 + 84
    (answer, places, kinds), = [n for n in state._watched.values() if n is not None]
    assert answer is True and kinds == {"pawn"}
    assert sorted(p.name for p in places) == ["g10", "g12", "g2", "g4", "g6", "g8"]
