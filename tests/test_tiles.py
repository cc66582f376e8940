"""General tile features: rotation and edges, areas that grow, connected regions and closed fields,
secret choices. Played through tests/games/tiles.mire and arranged positions."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.testing import settle, snapshot
from mire.engine.bots import RandomBot
from mire.engine.run.library import closed, edge, frontier, regions, turned
from mire.engine.run.runtime import DIRS

TILES = str(Path(__file__).parent / "games" / "tiles.mire")


@pytest.fixture
def state():
    s = load_game(TILES).new_state(seed=3)
    farm = s.players[0].boards["farm"]
    for sp in list(farm.spaces):  # start from an empty farm
        for p in list(sp.pieces):
            s.move_piece(p, s.box, None)
    settle(s)
    return s


def tile(s, north, east, south, west, turns=0):
    for p in s.kind_pieces["tile"]:
        if p.loc is s.box or p.loc is s.zones["stack"]:
            p.attrs.update(north=north, east=east, south=south, west=west)
            p.turns = turns
            return p
    raise LookupError


def lay(s, x, y, t):
    farm = s.players[0].boards["farm"]
    s.move_piece(t, farm.space_at(x, y), None)


def test_edges_follow_the_tile_through_all_four_rotations(state):
    t = tile(state, "a", "b", "c", "d")
    sides = [DIRS[n] for n in ("north", "east", "south", "west")]
    seen = []
    for turns in range(4):
        t.turns = turns
        seen.append("".join(edge(state, t, d) for d in sides))
    assert seen == ["abcd", "dabc", "cdab", "bcda"]
    # a direction printed on the tile turns with it: printed north points east after one turn clockwise
    assert [turned(state, t, DIRS["north"]).name for t.turns in range(4)] == ["north", "east", "south", "west"]
    # asking before turning
    t.turns = 0
    assert edge(state, t, DIRS["north"], 1) == "d"


def test_a_closed_field_and_an_open_one(state):
    # two tiles whose fields face each other close it; a third field side facing nothing leaves one open
    lay(state, 0, 0, tile(state, "soil", "field", "soil", "soil"))
    lay(state, 1, 0, tile(state, "soil", "soil", "soil", "field"))
    farm = state.players[0].boards["farm"].in_play()
    fields = regions(state, farm, "field")
    assert len(fields) == 1 and len(fields[0]) == 2 and closed(state, fields[0])
    lay(state, 0, 1, tile(state, "field", "soil", "soil", "soil"))
    fields = regions(state, state.players[0].boards["farm"].in_play(), "field")
    assert sorted(len(f) for f in fields) == [1, 2]
    assert sorted(closed(state, f) for f in fields) == [False, True]


def test_a_tile_turned_on_the_farm_has_its_sections_where_they_face_now(state):
    # (a tile turned where it lies: its sections are where its sides face now, and back after an undo)
    first = tile(state, "soil", "field", "soil", "soil")
    lay(state, 0, 0, first)
    lay(state, 1, 0, tile(state, "soil", "soil", "soil", "field"))
    fields = regions(state, state.players[0].boards["farm"].in_play(), "field")
    assert [len(f) for f in fields] == [2] and closed(state, fields[0])
    mark = len(state._journal)
    state.set_attr(first, "turns", 2)  # its field faces west now, away from the other's
    fields = regions(state, state.players[0].boards["farm"].in_play(), "field")
    assert [len(f) for f in fields] == [1, 1] and not any(closed(state, f) for f in fields)
    state._rollback(mark)  # (as an undo takes the turn back)
    fields = regions(state, state.players[0].boards["farm"].in_play(), "field")
    assert [len(f) for f in fields] == [2]


def test_a_tile_with_two_sections_of_one_field_counts_twice(state):
    # B's west and north fields are separate sections (field / field2); around the ring they are one field
    lay(state, 0, 0, tile(state, "field", "field", "soil", "soil"))    # A
    lay(state, 1, 0, tile(state, "field2", "soil", "soil", "field"))   # B
    lay(state, 0, 1, tile(state, "soil", "field", "field", "soil"))    # C
    fields = regions(state, state.players[0].boards["farm"].in_play(), "field")
    assert sorted(len(f) for f in fields) == [1, 3] and not any(closed(state, f) for f in fields)
    lay(state, 1, 1, tile(state, "soil", "soil", "field", "field"))    # D closes the ring
    fields = regions(state, state.players[0].boards["farm"].in_play(), "field")
    assert len(fields) == 1 and closed(state, fields[0])
    assert len(fields[0]) == 5  # A, C, D once and B twice


def test_removing_a_tile_opens_a_field(state):
    lay(state, 0, 0, tile(state, "soil", "field", "soil", "soil"))
    lay(state, 1, 0, tile(state, "soil", "soil", "soil", "field"))
    farm = state.players[0].boards["farm"]
    assert closed(state, regions(state, farm.in_play(), "field")[0])
    state.move_piece(farm.space_at(1, 0).pieces[0], state.box, None)
    left = regions(state, farm.in_play(), "field")
    assert len(left) == 1 and not closed(state, left[0])


def test_an_area_grows_where_pieces_are_put(state):
    farm = state.players[0].boards["farm"]
    assert farm.in_play() == [] and frontier(state, farm.in_play()) == []
    lay(state, 0, 0, tile(state, "soil", "soil", "soil", "soil"))
    assert sorted(s.name for s in frontier(state, farm.in_play())) == ["-1,0", "0,-1", "0,1", "1,0"]
    lay(state, 1, 0, tile(state, "soil", "soil", "soil", "soil"))
    assert len(frontier(state, farm.in_play())) == 6


def test_tile_game_plays_with_matching_edges_and_exact_undo():
    game = load_game(TILES)
    for seed in range(5):
        s = game.new_state(seed=seed)
        before = []

        def check(s, seat=None, move=None, before=before):
            before.append(snapshot(s))
            for p in s.players:  # every touching pair of sides matches
                for sp in p.boards["farm"].in_play():
                    for name in ("north", "east", "south", "west"):
                        d = DIRS[name]
                        n = sp.nbr[d.i]
                        if n is not None and n.pieces:
                            mine = edge(s, sp.pieces[0], d).rstrip("0123456789")
                            theirs = edge(s, n.pieces[0], DIRS[{"north": "south", "south": "north",
                                                                "east": "west", "west": "east"}[name]])
                            assert mine == theirs.rstrip("0123456789")
        play_game(s, [RandomBot(random.Random(seed))] * s.num_players, on_move=check)
        check(s)
        assert s.is_over()
        while len(before) > 1:
            before.pop()
            s.undo()
            assert snapshot(s) == before[-1]


STONES = '''game "Stones on an area"
players 2
board field: area
piece stone
zone pile

pieces stone in pile:
    count
    12

setup:
    move top(pile) to at(field, 0, 0)

action put(s in frontier(field) where not empty(pile)):
    move top(pile) to s

action lift(s in field where not empty(s) and count(pile) < 11):
    move top(s) to pile
'''


@pytest.mark.parametrize("path", [TILES, "queensland", "stones"])
def test_an_areas_spaces_in_play_are_kept_right_through_moves_undos_and_restarts(path, tmp_path):
    # an area keeps its list of the spaces that hold something until one fills or empties (Board.occupied)
    if path == "stones":  # stones go on and come off the area
        path = str(tmp_path / "stones.mire")
        Path(path).write_text(STONES)
    state = load_game(path).new_state(seed=1)
    rng = random.Random(2)
    areas = state._areas
    assert areas

    def agree():
        for board in areas:
            assert board.in_play() == [s for s in board.spaces if s.pieces]
    emptied = 0
    for game in range(3):
        state.restart(game)
        agree()
        for _ in range(40):
            if state.is_over():
                break
            before = sum(len(b.in_play()) for b in areas)
            state.apply(state.random_move(rng))
            agree()
            emptied += sum(len(b.in_play()) for b in areas) < before
            if rng.random() < 0.3:
                state.undo()
                agree()
                state.apply(state.random_move(rng))
                agree()
    assert emptied > 0 or "stones" not in path  # (stones lifted off the area emptied spaces)
