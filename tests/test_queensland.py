"""Queensland: each rule on arranged positions, and the rulebook's examples as scripted turns.

Positions are arranged by hand: tiles are taken from the bottom of the face-down pile and given the sides,
pond, traits and arrow a test needs; farms are laid at compass positions (x grows east, y grows north).
Every turn is then played through the game's own moves (`take K X,Y DIR`, the passive players' choices),
so what is checked is what queensland.mire does.
"""
import pytest

from mire.engine import IllegalMove, load_game
from mire.engine.analysis.testing import set_turn, settle
from mire.engine.run.library import closed, edge, regions
from mire.engine.run.runtime import DIRS

RED, YELLOW, GREEN, BLUE = range(4)
# The rulebook's players, seated in its order (Ronald is the first to play in its examples).
RONALD, LINDA, SOPHIE, PATRICK = RED, YELLOW, GREEN, BLUE
COMPASS = ["north", "east", "south", "west"]
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


@pytest.fixture(scope="module")
def game():
    return load_game("queensland")


# ---------------------------------------------------------------- arranging positions

def fresh(game, players=2, mover=RED, seed=0):
    """The play phase with empty farms: the starting tiles wait in the box."""
    s = game.new_state(seed=seed, players=players)
    for p in s.players:
        for t in list(p.zones["start"].pieces):
            s.move_piece(t, s.box, None)
    set_turn(s, mover, "play")
    return s


def new_tile(s, north="soil", east="soil", south="soil", west="soil", pond=False, cows=0, scarecrows=0,
             tractors=0, arrow="single", heading="north"):
    """A farm tile from the bottom of the pile (or from the box once the pile is gone), printed as asked."""
    pile = s.zones["pile"].pieces
    t = pile[0] if pile else next(p for p in s.box.pieces if p.kind.name == "tile")
    s.move_piece(t, s.box, None)
    t.attrs.update(north=north, east=east, south=south, west=west, pond=pond, cows=cows,
                   scarecrows=scarecrows, tractors=tractors, arrow=arrow, heading=DIRS[heading])
    return t


def plain_pile(s):
    """Every tile still in the pile: all soil, a single movement printed north."""
    for t in s.zones["pile"].pieces:
        t.attrs.update(north="soil", east="soil", south="soil", west="soil", pond=False, arrow="single",
                       heading=DIRS["north"])


def farm(s, seat):
    return s.players[seat].boards["farm"]


def lay(s, seat, x, y, t=None, turns=0, toads=0, **printed):
    """Lay a tile on a player's farm at (x, y), with `toads` toads from the supply on it."""
    t = t if t is not None else new_tile(s, **printed)
    t.turns = turns
    t.owner = s.players[seat]
    space = farm(s, seat).space_at(x, y)
    s.move_piece(t, space, None)
    add_toads(s, seat, x, y, toads)
    return t


def add_toads(s, seat, x, y, n):
    space = farm(s, seat).space_at(x, y)
    for _ in range(n):
        s.move_piece(s.zones["toads"].pieces[-1], space, None)


def market_tile(s, k):
    return s.boards["market"].by_xy[(k, 1)].pieces[-1]


def offer(s, k, north="soil", east="soil", south="soil", west="soil", pond=False, cows=0, scarecrows=0,
          tractors=0, arrow="single", heading="north"):
    """Print the tile on market space k as asked."""
    t = market_tile(s, k)
    t.attrs.update(north=north, east=east, south=south, west=west, pond=pond, cows=cows,
                   scarecrows=scarecrows, tractors=tractors, arrow=arrow, heading=DIRS[heading])
    return t


def toads_at(s, seat, x, y):
    space = farm(s, seat).by_xy.get((x, y))
    return 0 if space is None else sum(p.kind.name == "toad" for p in space.pieces)


def toad_map(s, seat):
    """{(x, y): toads} for every tile of a farm that holds toads."""
    return {(sp.x, sp.y): n for sp in farm(s, seat).in_play()
            if (n := sum(p.kind.name == "toad" for p in sp.pieces))}


def texts(s):
    return sorted(m.text for m in s.legal_moves())


def play(s, *moves):
    for text in moves:
        s.apply(s.parse_move(text))


def logged(s):
    return [text for _, text in s.log]


def sides_match(s, seat):
    """Every pair of touching sides of a farm shows the same landscape."""
    for sp in farm(s, seat).in_play():
        for name in COMPASS:
            n = sp.nbr[DIRS[name].i]
            if n is not None and n.pieces:
                mine = edge(s, sp.pieces[0], DIRS[name]).rstrip("0123456789")
                theirs = edge(s, n.pieces[0], DIRS[OPPOSITE[name]]).rstrip("0123456789")
                if mine != theirs:
                    return False
    return True


def end_now(s):
    """End the game as the rules do when the market cannot be refilled, without playing a turn."""
    s.end_game("finish", None)


def scores(s):
    return [p.vars["score"] for p in s.players]


# ---------------------------------------------------------------- setup: the farm faces a direction

def test_each_farm_faces_the_direction_its_player_chooses(game):
    s = game.new_state(seed=0, players=2)
    first = s.turn_player.index
    assert s.view(0)["phase"] == "orient" and texts(s) == ["face east", "face north", "face south", "face west"]
    play(s, "face east")
    second = s.turn_player.index
    assert second != first
    play(s, "face north")
    # facing north the farm lies as printed: S1 north-west, S2 north-east, S3 south-west, S4 (the pond) south-east
    where = {sp.pieces[0].attrs["name"]: (sp.x, sp.y, sp.pieces[0].turns) for sp in farm(s, second).in_play()}
    assert where == {"S1": (0, 1, 0), "S2": (1, 1, 0), "S3": (0, 0, 0), "S4": (1, 0, 0)}
    # facing east it is turned a quarter turn clockwise: S1 is now north-east, its cane opening north and east
    where = {sp.pieces[0].attrs["name"]: (sp.x, sp.y, sp.pieces[0].turns) for sp in farm(s, first).in_play()}
    assert where == {"S1": (1, 1, 1), "S2": (1, 0, 1), "S3": (0, 1, 1), "S4": (0, 0, 1)}
    s1 = farm(s, first).by_xy[(1, 1)].pieces[0]
    assert [edge(s, s1, DIRS[d]) for d in COMPASS] == ["cane", "cane", "soil", "soil"]
    assert sides_match(s, first) and sides_match(s, second)
    # the starting tiles are the players' own colour; the game begins with the first player
    assert all(sp.pieces[0].owner is s.players[first] and sp.pieces[0].attrs["colour"] == s.players[first].name
               for sp in farm(s, first).in_play())
    assert s.view(0)["phase"] == "play" and s.turn_player.index == first
    assert all(m.text.startswith("take ") for m in s.legal_moves())


def test_unused_starting_sets_go_back_to_the_box(game):
    s = game.new_state(seed=0, players=3)
    assert [p.name for p in s.players] == ["red", "yellow", "green"]
    assert all(len(p.zones["start"].pieces) == 4 for p in s.players)
    assert sorted({t.attrs["colour"] for t in s.box.pieces}) == ["blue"] and len(s.box.pieces) == 4
    assert len(s.zones["pile"].pieces) == 47 and all(market_tile(s, k) for k in (1, 2, 3))
    assert len(s.zones["toads"].pieces) == 60


# ---------------------------------------------------------------- 1. placing a tile

@pytest.mark.parametrize("heading", COMPASS)
def test_edge_matching_under_all_four_rotations(game, heading):
    """A tile with one cane side fits a cane-sided tile on each side in exactly one rotation, named by where
    its arrow then points."""
    s = fresh(game)
    lay(s, RED, 0, 0, north="cane", east="cane", south="cane", west="cane")
    offer(s, 1, north="cane", heading=heading)            # printed: cane to the north only
    offer(s, 2, north="wheat", east="wheat", south="wheat", west="wheat")
    offer(s, 3, north="wheat", east="wheat", south="wheat", west="wheat")
    settle(s)
    # the quarter turns that bring its cane side to face the tile at (0, 0), from each side of it
    turns = {(0, 1): 2, (1, 0): 3, (0, -1): 0, (-1, 0): 1}
    arrow = {xy: COMPASS[(COMPASS.index(heading) + r) % 4] for xy, r in turns.items()}
    assert texts(s) == sorted(f"take 1 {x},{y} {arrow[(x, y)]}" for x, y in turns)
    for (x, y), r in turns.items():
        play(s, f"take 1 {x},{y} {arrow[(x, y)]}")
        t = farm(s, RED).by_xy[(x, y)].pieces[0]
        assert t.turns == r
        towards_centre = {(0, 1): "north", (1, 0): "east", (0, -1): "south", (-1, 0): "west"}[(-x, -y)]
        assert edge(s, t, DIRS[towards_centre]) == "cane"
        assert [edge(s, t, DIRS[d]) for d in COMPASS].count("soil") == 3
        assert sides_match(s, RED)
        s.undo()
    # the other rotations are refused, naming the side that does not match
    wrong = COMPASS[(COMPASS.index(heading) + 1) % 4]          # one quarter turn too few: cane faces west
    with pytest.raises(IllegalMove, match="the side it turns to the north does not match the tile north of it"):
        s.parse_move(f"take 1 0,-1 {wrong}")
    with pytest.raises(IllegalMove, match="the side it turns to the east does not match the tile east of it"):
        s.parse_move("take 2 -1,0 north")
    with pytest.raises(IllegalMove, match="cannot take 1 2,0 north: 2,0 is not one of ") as err:
        s.parse_move("take 1 2,0 north")
    assert "is not one of frontier(mover.farm)" in err.value.detail  # what `why` tells the author


def test_every_touching_side_must_match_not_just_one(game):
    # an L of three tiles: the corner space (1, 1) touches two of them, a cane side and a wheat side
    s = fresh(game)
    lay(s, RED, 0, 0)
    lay(s, RED, 0, 1, east="cane")
    lay(s, RED, 1, 0, north="wheat")
    offer(s, 1, west="cane", south="soil")                 # matches the cane, not the wheat
    offer(s, 2, west="cane", south="wheat", heading="east")
    settle(s)
    assert not [m for m in texts(s) if m.startswith("take 1 1,1 ")]
    assert [m for m in texts(s) if m.startswith("take 2 1,1 ")] == ["take 2 1,1 east"]


def test_no_tile_fits_so_one_leaves_the_game(game):
    s = fresh(game)
    lay(s, RED, 0, 0, north="cane", east="cane", south="cane", west="cane")
    names = []
    for k in (1, 2, 3):
        names.append(offer(s, k, north="wheat").attrs["name"])
    settle(s)
    assert texts(s) == ["discard 1", "discard 2", "discard 3"]
    top = s.zones["pile"].pieces[-1].attrs["name"]
    play(s, "discard 2")
    assert s.box.pieces[-1].attrs["name"] == names[1]
    assert [market_tile(s, k).attrs["name"] for k in (1, 2, 3)] == [top, names[0], names[2]]
    assert s.turn_player.index == YELLOW


# ---------------------------------------------------------------- 2. adding and moving toads

def test_toads_on_the_new_tile_follow_the_market_space(game):
    for k in (1, 2, 3):
        s = fresh(game)
        lay(s, RED, 0, 0)
        offer(s, k, arrow="single", heading="north")
        settle(s)
        play(s, f"take {k} 1,0 north")           # nothing north of (1, 0): the toads stay on it
        assert toad_map(s, RED) == {(1, 0): k}
        assert len(s.zones["toads"].pieces) == 60 - k


def test_the_supply_gives_what_it_has_left(game):
    s = fresh(game)
    lay(s, RED, 0, 0)
    offer(s, 3, arrow="single", heading="north")
    for t in s.zones["toads"].pieces[1:]:
        s.move_piece(t, s.box, None)
    settle(s)
    play(s, "take 3 1,0 north")
    assert toad_map(s, RED) == {(1, 0): 1} and not s.zones["toads"].pieces
    assert "red places" in logged(s)[-1] and "(+1 toads)" in logged(s)[-1]


def test_toads_never_leave_the_farm(game):
    """Moving west: the toad on the west edge stays, and so do toads with no tile west of them."""
    s = fresh(game)
    lay(s, RED, 0, 0, toads=1)
    lay(s, RED, 1, 0, toads=1)
    lay(s, RED, 2, 0)
    lay(s, RED, 2, 1, toads=2)           # nothing at (1, 1): a gap in the farm's outline
    offer(s, 1, arrow="single", heading="west")
    settle(s)
    play(s, "take 1 3,0 west")
    assert toad_map(s, RED) == {(0, 0): 2, (2, 0): 1, (2, 1): 2}


@pytest.mark.parametrize("d, expected", [
    ("north", {(0, 1): 1, (1, 1): 2, (2, 1): 1}),
    ("east", {(1, 0): 1, (2, 0): 1, (2, 1): 2}),
    ("south", {(0, 0): 1, (1, 0): 2, (2, 0): 1}),
    ("west", {(0, 0): 1, (0, 1): 2, (1, 0): 1}),
])
def test_a_single_movement_in_each_direction(game, d, expected):
    # a 3 x 2 farm; toads at (0,0), (1,1) x2 and (2,0); the new tile at (3,1) brings none (the supply is empty)
    s = fresh(game)
    for x in range(3):
        for y in range(2):
            lay(s, RED, x, y)
    add_toads(s, RED, 0, 0, 1)
    add_toads(s, RED, 1, 1, 2)
    add_toads(s, RED, 2, 0, 1)
    offer(s, 1, arrow="single", heading=d)
    for t in s.zones["toads"].pieces[:]:
        s.move_piece(t, s.box, None)
    settle(s)
    play(s, f"take 1 3,1 {d}")
    assert toad_map(s, RED) == expected


def test_toads_in_a_pond_never_move(game):
    """Pond toads stay even with a tile beyond; toads put on a pond tile just placed stay on it."""
    s = fresh(game)
    lay(s, RED, 0, 0)
    lay(s, RED, 1, 0, pond=True, toads=2)
    lay(s, RED, 2, 0, toads=1)
    offer(s, 2, pond=True, arrow="single", heading="west")
    settle(s)
    play(s, "take 2 3,0 west")
    assert toad_map(s, RED) == {(1, 0): 3, (3, 0): 2}


def test_a_double_movement_stops_in_a_pond(game):
    s = fresh(game)
    lay(s, RED, 0, 0)
    lay(s, RED, 1, 0, pond=True)
    lay(s, RED, 2, 0, toads=1)          # one step into the pond, and it stays there
    lay(s, RED, 3, 0, toads=1)          # two steps: into the pond as well
    for x in range(3):
        lay(s, RED, x, 1)
    add_toads(s, RED, 2, 1, 1)          # no pond on its way: two tiles west
    offer(s, 1, arrow="double", heading="west")
    settle(s)
    play(s, "take 1 4,0 west")          # its own toad: (4, 0) -> (3, 0) -> (2, 0)
    assert toad_map(s, RED) == {(1, 0): 2, (2, 0): 1, (0, 1): 1}
    assert "double movement to the west" in logged(s)[-1]


def test_group_movement_each_passive_player_chooses_secretly(game):
    s = fresh(game, players=4, mover=RED)
    for seat in (RED, YELLOW, GREEN, BLUE):
        lay(s, seat, 0, 0)
        lay(s, seat, 1, 0, pond=(seat == BLUE))
    add_toads(s, YELLOW, 1, 0, 1)
    add_toads(s, GREEN, 1, 0, 1)
    add_toads(s, BLUE, 1, 0, 2)         # only toads in a pond: nothing to move, so blue is not asked
    offer(s, 1, arrow="group", heading="west")
    settle(s)
    play(s, "take 1 2,0 west")
    assert toad_map(s, RED) == {(1, 0): 1}                 # the active player has moved already
    # yellow and green choose at once: one decision whose moves are their joint answers
    assert s.simultaneous and s.deciders == (YELLOW, GREEN) and s.to_move == YELLOW
    assert texts(s) == ["yellow: move; green: move", "yellow: move; green: stay",
                        "yellow: stay; green: move", "yellow: stay; green: stay"]
    assert [m.text for m in s.moves_for(YELLOW)] == [m.text for m in s.moves_for(GREEN)] == ["move", "stay"]
    assert s.moves_for(RED) == [] and s.moves_for(BLUE) == []
    assert s.view(YELLOW)["deciders"] == ["yellow", "green"]
    assert s.view(GREEN)["choice"] == "move your toads to the west too, or let them stay?"
    assert s.view(RED)["choice"] is None
    # nothing is carried out before everyone has chosen
    assert toad_map(s, YELLOW) == {(1, 0): 1}
    decisions = s.decisions
    s.apply(s.joint_move({YELLOW: s.parse_part(YELLOW, "move"), GREEN: s.parse_part(GREEN, "stay")}))
    assert s.decisions == decisions + 1
    # the others learn only that a choice was made (the choice is secret): each reads its own answer
    assert s.history_for(YELLOW)[-1] == "yellow: move; green: (green chose)"
    assert s.history_for(GREEN)[-1] == "yellow: (yellow chose); green: stay"
    assert s.history_for(RED)[-1] == s.history_for(BLUE)[-1] == "yellow: (yellow chose); green: (green chose)"
    assert toad_map(s, YELLOW) == {(0, 0): 1}
    assert toad_map(s, GREEN) == {(1, 0): 1}
    assert toad_map(s, BLUE) == {(1, 0): 2}
    assert logged(s)[-2:] == ["yellow moves their toads to the west too", "green does not move their toads"]
    assert s.turn_player.index == YELLOW and s.pending is None


def test_ronald_group_movement_west_and_patrick_pond_toads(game):
    """The rulebook's examples: Ronald takes the centre tile (2 toads), a group movement to the west; all
    the others move too. Patrick's single toad moves west, the 2 toads in his pond do not, though a tile
    lies west of it."""
    s = fresh(game, players=4, mover=RONALD)
    for x in (0, 1):
        for y in (0, 1):
            for seat in (RONALD, LINDA, SOPHIE, PATRICK):
                lay(s, seat, x, y, pond=(seat == PATRICK and (x, y) == (1, 1)))
    add_toads(s, RONALD, 1, 1, 1)
    add_toads(s, LINDA, 1, 0, 2)
    add_toads(s, SOPHIE, 1, 1, 1)
    add_toads(s, PATRICK, 1, 0, 1)
    add_toads(s, PATRICK, 1, 1, 2)
    offer(s, 2, arrow="group", heading="south")
    settle(s)
    assert "take 2 2,0 west" in texts(s)
    play(s, "take 2 2,0 west")
    assert logged(s)[-1] == "red places %s at 2,0 (+2 toads): group movement to the west" % \
        farm(s, RONALD).by_xy[(2, 0)].pieces[0].attrs["name"]
    assert toad_map(s, RONALD) == {(1, 0): 2, (0, 1): 1}
    assert s.deciders == (LINDA, SOPHIE, PATRICK)       # they choose at once
    play(s, "yellow: move; green: move; blue: move")
    assert toad_map(s, LINDA) == {(0, 0): 2}
    assert toad_map(s, SOPHIE) == {(0, 1): 1}
    assert toad_map(s, PATRICK) == {(0, 0): 1, (1, 1): 2}


# ---------------------------------------------------------------- 3. scoring ponds

def test_sophie_pond_of_7_scores_3_while_linda_5_scores_5(game):
    """Sophie places a group movement tile and moves her toads south: her pond holds 7 and scores 3.
    Linda moves hers south too: her pond holds exactly 5 and scores 5. Both ponds go back to the supply."""
    s = fresh(game, players=4, mover=SOPHIE)
    lay(s, SOPHIE, 0, 0, pond=True, toads=4)
    lay(s, SOPHIE, 0, 1, toads=3)
    lay(s, LINDA, 0, 0, pond=True, toads=3)
    lay(s, LINDA, 0, 1, toads=2)
    lay(s, RONALD, 0, 0)
    lay(s, PATRICK, 0, 0)
    offer(s, 1, arrow="group", heading="south")
    settle(s)
    supply = len(s.zones["toads"].pieces)
    play(s, "take 1 0,2 south")
    assert s.to_move == LINDA          # Ronald and Patrick have no toads: not asked
    play(s, "move")
    assert scores(s) == [0, 5, 3, 0]
    assert toad_map(s, SOPHIE) == {(0, 1): 1}            # the new tile's toad moved one tile only
    assert toad_map(s, LINDA) == {}
    assert len(s.zones["toads"].pieces) == supply - 1 + 7 + 5
    assert "green's pond at 0,0 holds 7 toads: 3 points" in logged(s)
    assert "yellow's pond at 0,0 holds 5 toads: 5 points" in logged(s)


def test_a_pond_of_4_waits(game):
    s = fresh(game)
    lay(s, RED, 0, 0, pond=True, toads=3)
    lay(s, RED, 1, 0)
    offer(s, 1, arrow="single", heading="west")
    settle(s)
    play(s, "take 1 2,0 west")
    assert toad_map(s, RED) == {(0, 0): 3, (1, 0): 1} and scores(s) == [0, 0]


# ---------------------------------------------------------------- 4. the market, and the end

def test_the_market_slides_right_and_refills_space_1(game):
    s = fresh(game)
    lay(s, RED, 0, 0)
    lay(s, YELLOW, 0, 0)
    for k in (1, 2, 3):
        offer(s, k, arrow="single", heading="north")
    plain_pile(s)
    settle(s)

    def market():
        return [market_tile(s, k).attrs["name"] for k in (1, 2, 3)]

    def pile_top():
        return s.zones["pile"].pieces[-1].attrs["name"]
    a, b, c = market()
    new = pile_top()
    play(s, "take 3 1,0 north")                          # 1 and 2 slide right
    assert market() == [new, a, b]
    new2 = pile_top()
    play(s, "take 1 1,0 north")                          # nothing slides
    assert market() == [new2, a, b]
    new3 = pile_top()
    play(s, "take 2 0,1 north")                          # 1 slides right
    assert market() == [new3, new2, b]


def test_the_game_ends_when_the_market_cannot_be_refilled(game):
    s = fresh(game)
    lay(s, RED, 0, 0)
    lay(s, YELLOW, 0, 0)
    for t in s.zones["pile"].pieces[1:]:
        s.move_piece(t, s.box, None)
    for k in (1, 2, 3):
        offer(s, k, arrow="single", heading="north")
    plain_pile(s)
    settle(s)
    play(s, "take 1 1,0 north")                          # the last tile of the pile refills the market
    assert not s.is_over() and not s.zones["pile"].pieces
    left = [market_tile(s, k) for k in (2, 3)]
    play(s, "take 1 1,0 north")                          # now it cannot be refilled
    assert s.is_over()
    assert "the market cannot be refilled: the game ends" in logged(s)
    # the two tiles left on the market leave the game
    assert all(not sp.pieces for sp in s.boards["market"].spaces)
    assert all(t.loc is s.box for t in left)


# ---------------------------------------------------------------- final scoring

def test_linda_final_scoring_to_56(game):
    """The rulebook's final scoring example, with the last turn played by Ronald."""
    s = fresh(game, players=4, mover=RONALD)
    L = LINDA
    # a closed sugar cane field of 6 tiles: a 3 x 2 block whose inner sides are cane; a scarecrow on each
    for x in range(3):
        for y in range(2):
            sides = {"north": "cane" if y == 0 else "soil", "south": "cane" if y == 1 else "soil",
                     "east": "cane" if x < 2 else "soil", "west": "cane" if x > 0 else "soil"}
            lay(s, L, x, y, scarecrows=1, **sides)
    # a closed wheat field of 5 tiles in a row south of it
    lay(s, L, 0, -1, east="wheat", scarecrows=1)
    lay(s, L, 1, -1, east="wheat", west="wheat", cows=1)
    lay(s, L, 2, -1, east="wheat", west="wheat", cows=1)
    lay(s, L, 3, -1, east="wheat", west="wheat", tractors=1)
    lay(s, L, 4, -1, west="wheat", tractors=1)
    # a larger closed wheat field of 6 sections, up x = 3 and down x = 4
    lay(s, L, 3, 0, north="wheat", tractors=1)
    lay(s, L, 3, 1, north="wheat", south="wheat")
    lay(s, L, 3, 2, south="wheat", east="wheat")
    lay(s, L, 4, 2, west="wheat", south="wheat")
    lay(s, L, 4, 1, north="wheat", south="wheat", cows=2, toads=3)      # removed: opens that field
    lay(s, L, 4, 0, north="wheat")
    # ponds: two stay, one with toads is removed; one more tile with a toad
    lay(s, L, -1, 1, pond=True)
    lay(s, L, 5, 1, pond=True)
    lay(s, L, 5, 0, pond=True, tractors=1, toads=2)
    lay(s, L, -1, 0, scarecrows=1, toads=1)
    assert sides_match(s, L)
    wheat = sorted((len(r), closed(s, r)) for r in regions(s, farm(s, L).in_play(), "wheat"))
    assert wheat == [(5, True), (6, True)]
    # Sophie 6 toads, Patrick 2, Ronald 2 and 1 more from his last tile
    lay(s, SOPHIE, 0, 0, toads=3)
    lay(s, SOPHIE, 1, 0, toads=3)
    lay(s, PATRICK, 0, 0, toads=2)
    lay(s, RONALD, 0, 0, toads=2)
    offer(s, 1, arrow="single", heading="north")
    for t in s.zones["pile"].pieces[:]:
        s.move_piece(t, s.box, None)
    s.players[L].vars["score"] = 27
    settle(s)
    play(s, "take 1 1,0 north")                           # the last turn: the market cannot be refilled
    assert s.is_over()
    notes = s.outcome().extra["notes"]
    assert "A: blue has the fewest toads (2): 3 points" in notes
    assert "B: yellow has the most toads (6): loses 3 points" in notes
    assert "B: green has the most toads (6): loses 3 points" in notes
    assert not any(n.startswith(("A: yellow", "A: red", "B: red", "B: blue")) for n in notes)
    assert "yellow: C cane 12, D wheat 5, E cows 1, F scarecrows 10, G tractors 2, H ponds 2: 56 points" in notes
    assert s.players[L].vars["score"] == 24 + 12 + 5 + 1 + 10 + 2 + 2 == 56
    # the 3 removed tiles and their 6 toads lie beside Linda's farm; separated tiles stay in it
    removed = s.players[L].zones["removed"].pieces
    assert sum(p.kind.name == "tile" for p in removed) == 3 and sum(p.kind.name == "toad" for p in removed) == 6
    assert len(farm(s, L).in_play()) == 18
    assert s.outcome().winners == (L,)


def end_position(game, players=2):
    s = fresh(game, players=players)
    for t in s.zones["pile"].pieces[:]:
        s.move_piece(t, s.box, None)
    return s


def test_closed_and_open_fields_and_a_tile_with_two_sections_counted_twice(game):
    s = end_position(game)
    # a ring of four tiles: B holds two separate sections of cane (cane, cane2): 5 sections, closed
    lay(s, RED, 0, 0, north="cane", east="cane")                 # A
    lay(s, RED, 1, 0, north="cane2", west="cane")                # B
    lay(s, RED, 0, 1, east="cane", south="cane")                 # C
    lay(s, RED, 1, 1, south="cane", west="cane")                 # D
    # an open field of 3 sections (larger than nothing, but its end faces no tile)
    lay(s, RED, 3, 0, east="cane")
    lay(s, RED, 4, 0, east="cane", west="cane")
    lay(s, RED, 5, 0, east="cane", west="cane")
    # yellow: the same ring, opened (no D)
    lay(s, YELLOW, 0, 0, north="cane", east="cane")
    lay(s, YELLOW, 1, 0, north="cane2", west="cane")
    lay(s, YELLOW, 0, 1, east="cane", south="cane")
    fields = sorted((len(r), closed(s, r)) for r in regions(s, farm(s, RED).in_play(), "cane"))
    assert fields == [(3, False), (5, True)]
    settle(s)
    end_now(s)
    notes = s.outcome().extra["notes"]
    assert "red: C cane 10, D wheat 0, E cows 0, F scarecrows 0, G tractors 0, H ponds 0: 13 points" in notes
    assert "yellow: C cane 0, D wheat 0, E cows 0, F scarecrows 0, G tractors 0, H ponds 0: 3 points" in notes


@pytest.mark.parametrize("toad", [False, True])
def test_a_field_opened_by_removing_a_tile_with_toads(game, toad):
    s = end_position(game)
    lay(s, RED, 0, 0, east="wheat")
    lay(s, RED, 1, 0, west="wheat", south="wheat")
    lay(s, RED, 1, -1, north="wheat", toads=1 if toad else 0)
    lay(s, YELLOW, 0, 0)
    settle(s)
    end_now(s)
    if toad:
        # red has the most toads (-3), yellow the fewest (+3); the tile with the toad leaves, and the field is open
        assert scores(s) == [-3, 3]
        assert len(farm(s, RED).in_play()) == 2
        assert not closed(s, regions(s, farm(s, RED).in_play(), "wheat")[0])
    else:
        assert scores(s) == [3 + 3, 3]


@pytest.mark.parametrize("counts, tiles, gains", [
    ((0, 0, 0), (0, 0, 0), (3, 3, 3)),         # nobody has toads: everybody scores A, nobody loses B
    ((2, 2, 2), (1, 2, 2), (3, -3, -3)),       # the same toads: the fewest / most tiles with toads decide
    ((3, 3, 3), (1, 1, 3), (3, 3, -3)),
    ((0, 0, 2), (0, 0, 1), (3, 3, -3)),        # shared fewest
    ((1, 4, 4), (1, 2, 4), (3, -3, -3)),       # shared most
])
def test_fewest_and_most_toads_with_their_exceptions(game, counts, tiles, gains):
    s = end_position(game, players=3)
    for seat, (n, k) in enumerate(zip(counts, tiles)):
        lay(s, seat, 0, 0)
        for i in range(k):
            lay(s, seat, i + 1, 0, toads=n // k + (1 if i < n % k else 0))
    settle(s)
    end_now(s)
    assert scores(s) == list(gains)


TWO = {0: 0, 1: 0, 2: 0, 3: 1, 4: 2, 5: 4, 6: 4, 7: 6, 8: 8, 9: 10, 10: 10, 12: 10}
MORE = {0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 6, 6: 8, 7: 10, 8: 10, 10: 10}


@pytest.mark.parametrize("players, table", [(2, TWO), (3, MORE), (4, MORE)])
def test_traits_score_by_the_tables(game, players, table):
    for n, points in table.items():
        s = end_position(game, players=players)
        for i in range(n):                                     # cows, scarecrows and tractors alike
            lay(s, RED, i, 0, cows=1)
            lay(s, YELLOW, i, 0, scarecrows=1)
            if players > 2:
                lay(s, GREEN, i, 0, tractors=1)
        settle(s)
        end_now(s)
        assert scores(s)[RED] == 3 + points, n
        assert scores(s)[YELLOW] == 3 + points, n
        if players > 2:
            assert scores(s)[GREEN] == 3 + points, n


def test_ponds_score_one_each(game):
    s = end_position(game)
    lay(s, RED, 0, 0, pond=True)
    lay(s, RED, 1, 0, pond=True)
    lay(s, RED, 2, 0, pond=True, toads=1)            # removed with its toad
    lay(s, YELLOW, 0, 0)
    settle(s)
    end_now(s)
    assert scores(s) == [-3 + 2, 3]


def test_ties_go_to_own_colour_then_wheat_then_cane_then_are_shared(game):
    def position(red_starts, yellow_starts, yellow_wheat=False, red_cane=False, red_bonus=0):
        s = end_position(game)
        for seat, n in ((RED, red_starts), (YELLOW, yellow_starts)):
            own = [t for t in s.box.pieces if t.kind.name == "start_tile" and t.attrs["colour"] == s.players[seat].name]
            for i, t in enumerate(own[:n]):
                lay(s, seat, i, 0, t=t)
        if yellow_wheat:                                         # a closed wheat field of 2: +2 points
            lay(s, YELLOW, 0, 5, east="wheat")
            lay(s, YELLOW, 1, 5, west="wheat")
        if red_cane:                                             # a closed cane field of 2: +4 points
            lay(s, RED, 0, 5, east="cane")
            lay(s, RED, 1, 5, west="cane")
        s.players[RED].vars["score"] = red_bonus
        settle(s)
        end_now(s)
        return s
    # the same tiles: the same scores, and a shared win
    s = position(4, 4)
    assert scores(s)[RED] == scores(s)[YELLOW] and s.outcome().winners == (RED, YELLOW)
    s = position(3, 3)
    assert s.outcome().winners == (RED, YELLOW)
    # equal scores: yellow's larger closed wheat field breaks the tie
    s = position(3, 3, yellow_wheat=True, red_bonus=2)
    assert scores(s)[RED] == scores(s)[YELLOW] and s.outcome().winners == (YELLOW,)
    # equal scores, no closed wheat field for either: red's larger closed sugar cane field breaks the tie
    s = position(3, 3, red_cane=True, red_bonus=-4)
    assert scores(s)[RED] == scores(s)[YELLOW] and s.outcome().winners == (RED,)


def test_more_tiles_of_your_colour_break_a_tie(game):
    s = end_position(game)
    red = [t for t in s.box.pieces if t.kind.name == "start_tile" and t.attrs["colour"] == "red"]
    yellow = [t for t in s.box.pieces if t.kind.name == "start_tile" and t.attrs["colour"] == "yellow"]
    # red keeps S1, S2, S3; yellow S1, S2 and a farm tile with the same traits as S3 (a tractor)
    for i, t in enumerate(red[:3]):
        lay(s, RED, i, 0, t=t)
    for i, t in enumerate(yellow[:2]):
        lay(s, YELLOW, i, 0, t=t)
    lay(s, YELLOW, 2, 0, tractors=1)
    settle(s)
    end_now(s)
    assert scores(s)[RED] == scores(s)[YELLOW]
    assert s.outcome().winners == (RED,)
