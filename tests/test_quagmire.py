"""Quagmire: its data, its setup for 2, 3 and 4 players, and each rule of the rulebook on arranged
positions (capture, squash, flies, the penalty, the end, the scoring example)."""
import csv
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.testing import settle

GAMES = Path(__file__).resolve().parent.parent / "games"
FROGS_CSV = GAMES / "quagmire" / "frogs.csv"
SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3   # the seats' edges in a 4-player game (clockwise)


@pytest.fixture(scope="module")
def game():
    return load_game("quagmire")


# ---------------------------------------------------------------- arranging positions

def route(frog):
    return "-".join(frog.attrs[a] for a in ("start", "stop1", "stop2", "finish"))


def frog(s, text):
    """The frog whose route is `text` (start-stop1-stop2-finish), wherever it is."""
    (f,) = [f for f in s.kind_pieces["frog"] if route(f) == text]
    return f


def blank(game, n, mover=SOUTH, flies=(), seed=0):
    """An n-player game where nobody holds any frog yet (all are in the deck, unowned), the flies
    stand on `flies` only, and it is `mover`'s turn. Beetles (2 players) stay where setup put them."""
    s = game.new_state(seed=seed, players=n)
    deck = s.zones["deck"]
    for f in s.kind_pieces["frog"]:
        if f.loc is not deck and f.loc is not s.box:
            s.move_piece(f, deck, None)
        f.owner = None
    fly_pieces = s.kind_pieces["fly"]
    for b in fly_pieces:
        s.move_piece(b, s.box, None)
    for b, name in zip(fly_pieces, flies):
        s.move_piece(b, s.space_by_name[name], None)
    s.turn_player = s.players[mover]
    settle(s)
    return s


def give(s, seat, text, where):
    """Frog `text` now belongs to `seat` and lies in `where`: 'hand', 'shore' or a pad's name."""
    f = frog(s, text)
    f.owner = s.players[seat]
    dest = s.players[seat].zones[where] if where in ("hand", "shore") else s.space_by_name[where]
    s.move_piece(f, dest, None)
    settle(s)
    return f


def empty_deck(s):
    for f in list(s.zones["deck"].pieces):
        s.move_piece(f, s.box, None)
    settle(s)


def moves(s, action=None):
    return [m for m in s.legal_moves() if action is None or m.action.name == action]


def advance_to(s, f):
    """The pads frog f may advance (or be forced) to now."""
    return sorted(m.args[1].name for m in s.legal_moves()
                  if m.action.name in ("advance", "squash") and m.args[0] is f)


def do(s, action, *args):
    (m,) = [m for m in s.legal_moves() if m.action.name == action and m.args == args]
    s.apply(m)


def choose(s, pad):
    s.apply(s.parse_move(pad))


def pieces_on(s, name):
    return [p.kind.name if p.owner is None else f"{p.owner.name} {p.kind.name}"
            for p in s.space_by_name[name].pieces]


def score(s, seat):
    return s.players[seat].vars["score"]


# ---------------------------------------------------------------- the data

def test_the_sample_frogs_honour_every_constraint_of_the_rulebook():
    lines = FROGS_CSV.read_text().splitlines()
    assert lines[0].startswith("# Our own sample set"), "the file says whose data it is"
    rows = list(csv.DictReader(line for line in lines if not line.startswith("#")))
    assert len(rows) == 36
    assert len({r["name"] for r in rows}) == 36
    pads = {f"{c}{r}" for c in "abcd" for r in "1234"}
    routes = set()
    for r in rows:
        stops = [r["start"], r["stop1"], r["stop2"], r["finish"]]
        formation = [r[f"form{i}"] for i in range(1, 5)]
        assert set(stops) <= pads and set(formation) <= pads
        assert r["start"][1] == "1", "a Starting pad is one of the 4 pads nearest the owner"
        assert len(set(stops)) == 4, "the pads of a route are distinct (the next stop is read from the pad)"
        assert len(set(formation)) == 4, "a Formation is 4 distinct pads"
        routes.add(tuple(stops))
        assert r["duo"] in ("yes", "no")
    assert len(routes) == 36, "each frog is unique (by its route alone, even)"
    duo = [r for r in rows if r["duo"] == "yes"]
    assert len(duo) == 18
    for subset in (duo, [r for r in rows if r["duo"] == "no"]):
        starts = [r["start"] for r in subset]
        assert sorted(starts.count(c + "1") for c in "abcd") == [4, 4, 5, 5]


# ---------------------------------------------------------------- setup

@pytest.mark.parametrize("n, hands, deck", [(2, [3, 4], 11), (3, [3, 3, 4], 17), (4, [3, 3, 3, 4], 23)])
def test_setup_frogs_hands_flies_and_beetles(game, n, hands, deck):
    for seed in range(6):
        s = game.new_state(seed=seed, players=n)
        start = s.turn_player.index
        clockwise = [s.players[(start + i) % n] for i in range(n)]
        # in clockwise order from the (random) start player: 3 frogs each, 4 for the last
        assert [len(p.zones["hand"].pieces) for p in clockwise] == hands
        assert all(f.owner is p for p in s.players for f in p.zones["hand"].pieces)
        assert len(s.zones["deck"].pieces) == deck
        in_play = [f for f in s.kind_pieces["frog"] if f.loc is not s.box]
        assert len(in_play) == {2: 18, 3: 27, 4: 36}[n]
        if n == 2:
            assert all(f.attrs["duo"] for f in in_play)
        # the flies on the four middle pads; Red Beetles only with 2 players
        assert sorted(b.space.name for b in s.kind_pieces["fly"]) == ["b2", "b3", "c2", "c3"]
        beetles = sorted(b.space.name for b in s.kind_pieces["beetle"])
        assert beetles == (["a3", "a4", "d1", "d2"] if n == 2 else [])
    starts = {game.new_state(seed=seed, players=4).turn_player.index for seed in range(20)}
    assert starts == {0, 1, 2, 3}


def test_the_seats_face_the_four_edges(game):
    assert [p.facing for p in game.new_state(players=2).players] == ["south", "north"]
    assert [p.facing for p in game.new_state(players=3).players] == ["south", "west", "north"]
    assert [p.facing for p in game.new_state(players=4).players] == ["south", "west", "north", "east"]


# ---------------------------------------------------------------- seat-relative positions

# frog c1-b2-b3-c4 (formation b1 c1 c2 c3), read from each edge of the 4 x 4 pond
ROTATED = {
    SOUTH: ["c1", "b2", "b3", "c4"],
    WEST: ["a2", "b3", "c3", "d2"],
    NORTH: ["b4", "c3", "c2", "b1"],
    EAST: ["d3", "c2", "b2", "a3"],
}


@pytest.mark.parametrize("seat", [SOUTH, WEST, NORTH, EAST])
def test_the_same_frog_owned_by_each_seat_lands_on_the_rotated_pads(game, seat):
    s = blank(game, 4, mover=seat)
    f = give(s, seat, "c1-b2-b3-c4", "shore")
    for pad in ROTATED[seat]:
        assert advance_to(s, f) == [pad]
        do(s, "advance", f, s.space_by_name[pad])
        assert f.space.name == pad
        s.turn_player = s.players[seat]      # the others pass: it is this seat's turn again
        settle(s)
    assert advance_to(s, f) == []
    do(s, "complete", f)
    assert score(s, seat) == 4


def test_a_formation_is_read_from_its_owners_seat_too(game):
    # formation b1 c1 c2 c3 of frog c1-b2-b3-c4: owned by NORTH, it is c4 b4 b3 b2 on the board
    s = blank(game, 4, mover=NORTH)
    f = give(s, NORTH, "c1-b2-b3-c4", "hand")
    # frogs on b4 b3 b2 (in it) and c2 (in it only as SOUTH would read it)
    for seat, text, pad in [(SOUTH, "a1-a2-a3-a4", "b4"), (WEST, "d1-d2-d3-d4", "b3"),
                            (EAST, "b1-a3-b3-a4", "b2"), (SOUTH, "c1-d2-d3-c2", "c2")]:
        give(s, seat, text, pad)
    do(s, "discard", f)
    assert score(s, NORTH) == 3
    assert f.loc is s.box


# ---------------------------------------------------------------- turns

def test_a_turn_is_one_of_play_advance_complete_discard(game):
    s = blank(game, 3)
    h = give(s, SOUTH, "a1-a2-a3-a4", "hand")
    sh = give(s, SOUTH, "d1-d2-d3-d4", "shore")
    done = give(s, SOUTH, "b1-a3-b3-a4", "a4")     # on its Completion pad
    actions = sorted({m.action.name for m in s.legal_moves()})
    assert actions == ["advance", "complete", "discard", "play"]
    assert advance_to(s, sh) == ["d1"] and advance_to(s, done) == [] and advance_to(s, h) == []
    do(s, "complete", done)
    assert score(s, SOUTH) == 3, "a completed route scores the number of players"
    assert s.turn_player.index == WEST


def test_a_shore_holds_at_most_two_frogs(game):
    s = blank(game, 2)
    give(s, SOUTH, "a1-a2-a3-a4", "shore")
    f = give(s, SOUTH, "d1-d2-d3-d4", "hand")
    do(s, "play", f)
    assert len(s.players[SOUTH].zones["shore"].pieces) == 2
    s.turn_player = s.players[SOUTH]
    g = give(s, SOUTH, "c1-b2-b3-c4", "hand")
    assert moves(s, "play") == []
    assert "a Shore holds at most 2 frogs" in s.explain(f"play {g.describe()}")


def test_discard_scores_one_per_occupied_formation_pad_and_may_score_nothing(game):
    s = blank(game, 4, flies=["c2"])
    f = give(s, SOUTH, "c1-b2-b3-c4", "hand")      # formation b1 c1 c2 c3
    do(s, "discard", f)
    assert score(s, SOUTH) == 0, "a fly is not a frog; an empty formation scores nothing"
    s = blank(game, 4)
    f = give(s, SOUTH, "c1-b2-b3-c4", "hand")
    give(s, SOUTH, "a1-a2-a3-a4", "b1")            # anyone's frog counts, the mover's too
    give(s, NORTH, "d1-d2-d3-d4", "c3")
    do(s, "discard", f)
    assert score(s, SOUTH) == 2


# ---------------------------------------------------------------- landing on frogs

def test_landing_on_an_opponents_frog_captures_it_for_one_point(game):
    s = blank(game, 2)
    north = 1
    f = give(s, SOUTH, "b1-a3-b3-a4", "shore")
    # NORTH's frog on its Completion pad: c4 printed, b1 read from the north edge
    victim = give(s, north, "b1-b2-b3-c4", "b1")
    s.turn_player = s.players[north]
    settle(s)
    assert [m.text for m in moves(s, "complete")] == ["complete b1"]
    s.turn_player = s.players[SOUTH]
    settle(s)
    do(s, "advance", f, s.space_by_name["b1"])
    assert victim.loc is s.box
    assert pieces_on(s, "b1") == ["green frog"]
    assert score(s, SOUTH) == 1 and score(s, north) == 0


def test_your_own_frog_is_squashed_only_when_nothing_else_is_possible(game):
    s = blank(game, 3)
    f = give(s, SOUTH, "c1-b2-b3-c4", "shore")
    mine = give(s, SOUTH, "c1-c2-b3-c4", "c1")     # on its own Starting pad, which is f's too
    # mine may advance to c2, so f may not land on it
    assert advance_to(s, f) == [] and advance_to(s, mine) == ["c2"]
    assert moves(s, "squash") == []


def test_a_squash_is_forced_when_it_is_the_only_move_and_scores_nothing(game):
    s = blank(game, 3)
    # two of my frogs in each other's way: a on a3 goes next to a2, b on a2 goes next to a3
    a = give(s, SOUTH, "b1-a3-a2-a4", "a3")
    b = give(s, SOUTH, "b1-a2-a3-a4", "a2")
    other = give(s, SOUTH, "d1-d2-d3-d4", "d1")
    assert sorted(m.action.name for m in s.legal_moves()) == ["advance"]
    h = give(s, SOUTH, "c1-b2-b3-c4", "hand")      # a frog in hand may be played or discarded
    s.move_piece(other, s.box, None)
    settle(s)
    assert sorted({m.action.name for m in s.legal_moves()}) == ["discard", "play"]
    s.move_piece(h, s.box, None)
    settle(s)
    assert sorted((m.action.name, m.args[0].space.name, m.args[1].name) for m in s.legal_moves()) == [
        ("squash", "a2", "a3"), ("squash", "a3", "a2")]
    give(s, SOUTH, "a1-a2-a3-a4", "hand")         # (the opponent's frogs do not matter)
    s.move_piece(frog(s, "a1-a2-a3-a4"), s.box, None)
    settle(s)
    do(s, "squash", a, s.space_by_name["a2"])
    assert b.loc is s.box, "the squashed frog leaves the game"
    assert pieces_on(s, "a2") == ["green frog"] and a.space.name == "a2"
    assert score(s, SOUTH) == 0
    assert s.turn_player.index == WEST


# ---------------------------------------------------------------- flies

def fly_options(s):
    assert s.pending is not None and s.to_move == s.turn_player.index, "the mover chooses where the fly goes"
    return sorted(m.text for m in s.legal_moves())


def pads(*rows):
    return sorted(f"{c}{r}" for c in "abcd" for r in rows)


def test_a_fly_moves_to_a_free_pad_never_the_movers_starting_pads_and_the_mover_draws(game):
    s = blank(game, 4, flies=["b2"])
    f = give(s, SOUTH, "c1-b2-b3-c4", "c1")
    give(s, EAST, "d1-d2-d3-d4", "d4")
    hand, deck = len(s.players[SOUTH].zones["hand"].pieces), len(s.zones["deck"].pieces)
    do(s, "advance", f, s.space_by_name["b2"])
    # rows 2 to 4 from SOUTH's edge, but not b2 (the frog is there now) nor d4 (a frog)
    assert fly_options(s) == [p for p in pads(2, 3, 4) if p not in ("b2", "d4")]
    choose(s, "d3")
    assert pieces_on(s, "d3") == ["fly"] and pieces_on(s, "b2") == ["green frog"]
    assert len(s.players[SOUTH].zones["hand"].pieces) == hand + 1
    assert len(s.zones["deck"].pieces) == deck - 1
    assert s.players[SOUTH].zones["hand"].pieces[-1].owner is s.players[SOUTH]
    assert s.turn_player.index == WEST


def test_the_starting_pads_a_fly_avoids_are_the_movers_own(game):
    s = blank(game, 4, mover=WEST, flies=["b3"])
    f = give(s, WEST, "c1-b2-b3-c4", "a2")          # WEST reads c1 b2 as a2 b3
    do(s, "advance", f, s.space_by_name["b3"])
    assert fly_options(s) == [p for p in pads(1, 2, 3, 4) if p[0] != "a" and p != "b3"]


def test_in_a_two_player_game_a_fly_never_goes_to_a_red_beetle(game):
    s = blank(game, 2, flies=["b2"])
    f = give(s, SOUTH, "c1-b2-b3-c4", "c1")
    do(s, "advance", f, s.space_by_name["b2"])
    assert fly_options(s) == ["a2", "b3", "b4", "c2", "c3", "c4", "d3", "d4"]   # not a3 a4 d2, nor row 1
    north = 1
    s = blank(game, 2, mover=north, flies=["c3"])
    f = give(s, north, "c1-b2-b3-c4", "b4")          # NORTH reads c1 b2 as b4 c3
    do(s, "advance", f, s.space_by_name["c3"])
    assert fly_options(s) == ["a1", "a2", "b1", "b2", "b3", "c1", "c2", "d3"]   # not d1 d2 a3, nor row 4


def test_a_fly_goes_to_an_occupied_pad_only_when_no_pad_it_may_use_is_free(game):
    s = blank(game, 4, flies=["b2", "a4", "d2", "c3"])
    f = give(s, SOUTH, "c1-b2-b3-c4", "c1")
    others = ["a1-a2-a3-a4", "d1-d2-d3-d4", "b1-a3-b3-a4", "c1-d2-d3-c2", "a1-b3-b4-c3", "d1-c3-a3-b4",
              "b1-b2-b3-c4", "b1-c2-c3-d4"]
    # every pad of rows 2 to 4 taken by a frog or a fly; SOUTH's row 1 is free but forbidden
    for text, pad in zip(others, ["a2", "c2", "a3", "b3", "d3", "b4", "c4", "d4"]):
        give(s, NORTH, text, pad)
    do(s, "advance", f, s.space_by_name["b2"])
    assert fly_options(s) == [p for p in pads(2, 3, 4) if p != "b2"]
    choose(s, "c4")
    assert pieces_on(s, "c4") == ["yellow frog", "fly"]
    # one allowed pad free: the fly goes there, nothing to choose
    s = blank(game, 4, flies=["b2", "a4", "d2", "c3"])
    f = give(s, SOUTH, "c1-b2-b3-c4", "c1")
    for text, pad in zip(others, ["a2", "c2", "a3", "b3", "d3", "b4", "c4"]):
        give(s, NORTH, text, pad)
    do(s, "advance", f, s.space_by_name["b2"])
    assert s.pending is None and pieces_on(s, "d4") == ["fly"]


def test_after_the_last_frog_is_drawn_a_fly_landed_on_is_removed_and_scores_one(game):
    s = blank(game, 3, flies=["b2"])
    f = give(s, SOUTH, "c1-b2-b3-c4", "c1")
    give(s, WEST, "a1-a2-a3-a4", "hand")           # so that the game goes on after the move
    empty_deck(s)
    do(s, "advance", f, s.space_by_name["b2"])
    assert s.pending is None
    assert pieces_on(s, "b2") == ["green frog"]
    assert [p.kind.name for p in s.players[SOUTH].zones["flies"].pieces] == ["fly"]
    assert score(s, SOUTH) == 1 and s.players[SOUTH].zones["hand"].pieces == []
    assert s.turn_player.index == WEST and not s.is_over()


def test_the_last_frog_drawn_for_a_fly(game):
    # the draw that empties the deck is a normal fly landing; the next fly scores
    s = blank(game, 3, flies=["b2", "b3"])
    f = give(s, SOUTH, "c1-b2-b3-c4", "c1")
    give(s, WEST, "a1-a2-a3-a4", "hand")
    deck = s.zones["deck"]
    for g in list(deck.pieces)[1:]:
        s.move_piece(g, s.box, None)
    settle(s)
    do(s, "advance", f, s.space_by_name["b2"])
    choose(s, "d4")
    assert deck.pieces == [] and len(s.players[SOUTH].zones["hand"].pieces) == 1
    s.turn_player = s.players[SOUTH]
    settle(s)
    do(s, "advance", f, s.space_by_name["b3"])
    assert score(s, SOUTH) == 1 and len(s.players[SOUTH].zones["flies"].pieces) == 1


# ---------------------------------------------------------------- unable to act

def stuck(game, n=3, score_=5, deck=None):
    s = blank(game, n)
    s.players[SOUTH].vars["score"] = score_
    if deck is not None:
        for g in list(s.zones["deck"].pieces)[deck:]:
            s.move_piece(g, s.box, None)
    give(s, WEST, "a1-a2-a3-a4", "hand")
    return s


def test_unable_to_act_lose_three_points_and_draw_one_to_shore_one_to_hand(game):
    s = stuck(game)
    deck = len(s.zones["deck"].pieces)
    assert [m.text for m in s.legal_moves()] == ["penalty"]
    s.apply(s.parse_move("penalty"))
    me = s.players[SOUTH]
    assert me.vars["score"] == 2
    assert len(me.zones["shore"].pieces) == 1 and len(me.zones["hand"].pieces) == 1
    assert all(f.owner is me for f in me.zones["shore"].pieces + me.zones["hand"].pieces)
    assert len(s.zones["deck"].pieces) == deck - 2
    assert s.turn_player.index == WEST


def test_the_penalty_never_goes_below_zero(game):
    s = stuck(game, score_=2)
    s.apply(s.parse_move("penalty"))
    assert score(s, SOUTH) == 0


def test_the_penalty_with_one_frog_left_puts_it_on_the_shore(game):
    s = stuck(game, deck=1)
    s.apply(s.parse_move("penalty"))
    me = s.players[SOUTH]
    assert len(me.zones["shore"].pieces) == 1 and me.zones["hand"].pieces == []
    assert s.zones["deck"].pieces == [] and me.vars["score"] == 2


def test_once_the_deck_is_empty_the_first_player_unable_to_act_ends_the_game_unpenalised(game):
    s = blank(game, 3)
    s.players[WEST].vars["score"] = 2
    s.players[NORTH].vars["score"] = 3
    give(s, SOUTH, "a1-a2-a3-a4", "hand")
    give(s, NORTH, "d1-d2-d3-d4", "hand")          # NORTH could still act: it does not matter
    empty_deck(s)
    do(s, "discard", frog(s, "a1-a2-a3-a4"))
    assert s.is_over()
    out = s.outcome()
    assert out.scores == {SOUTH: 0, WEST: 2, NORTH: 3}, "WEST is not penalised"
    assert out.winners == (NORTH,) and out.text == "yellow wins"


def test_tied_players_share_the_win(game):
    s = blank(game, 3)
    for seat in (SOUTH, WEST, NORTH):
        s.players[seat].vars["score"] = 4 if seat != WEST else 1
    give(s, SOUTH, "a1-a2-a3-a4", "hand")
    empty_deck(s)
    do(s, "discard", frog(s, "a1-a2-a3-a4"))
    assert s.outcome().winners == (SOUTH, NORTH) and s.outcome().text == "green and yellow tie and share the win" \
        and s.outcome().tied == (SOUTH, NORTH)


# ---------------------------------------------------------------- the rulebook's scoring example

def test_the_scoring_example_6x1_5x3_2x4_and_a_fly_make_30(game):
    s = blank(game, 4, flies=["b2"])

    def again():
        s.turn_player = s.players[SOUTH]
        settle(s)

    def clear():
        for f in s.kind_pieces["frog"]:
            if f.space is not None:
                s.move_piece(f, s.box, None)
        settle(s)

    # 6 opposing frogs captured: Score Slot 1
    for i in range(6):
        f = give(s, SOUTH, "b1-a3-b3-a4", "shore")
        give(s, [WEST, NORTH, EAST][i % 3], "d1-d2-d3-d4", "b1")
        do(s, "advance", f, s.space_by_name["b1"])
        again()
        clear()
    assert score(s, SOUTH) == 6
    # 5 Formations discarded with 3 occupied pads: Score Slot 3
    for text, pad in [("a1-a2-a3-a4", "b1"), ("d1-d2-d3-d4", "c1"), ("b1-b2-b3-c4", "c2")]:
        give(s, NORTH, text, pad)
    for _ in range(5):
        do(s, "discard", give(s, SOUTH, "c1-b2-b3-c4", "hand"))    # formation b1 c1 c2 c3
        again()
    assert score(s, SOUTH) == 21
    clear()
    # 2 routes completed in a 4-player game: Score Slot 4
    for _ in range(2):
        do(s, "complete", give(s, SOUTH, "c1-b2-b3-c4", "c4"))
        again()
    assert score(s, SOUTH) == 29
    # 1 fly, once the last frog is drawn; nobody else can act, so the game ends
    empty_deck(s)
    f = give(s, SOUTH, "c1-b2-b3-c4", "c1")
    do(s, "advance", f, s.space_by_name["b2"])
    assert s.is_over()
    assert s.outcome().scores[SOUTH] == 30 and s.outcome().winners == (SOUTH,)


# ---------------------------------------------------------------- what each seat sees

def test_hands_are_private_the_deck_secret_and_a_discarded_frog_unnamed_to_the_others(game):
    s = game.new_state(seed=1, players=3)
    me = s.turn_player.index
    other = (me + 1) % 3
    zones = {(z["name"], z["owner"]): z for z in s.view(me)["zones"]}
    assert zones[("hand", s.seat_name(me))]["visible"] and zones[("hand", s.seat_name(me))]["pieces"]
    assert not zones[("hand", s.seat_name(other))]["visible"]
    assert zones[("hand", s.seat_name(other))]["pieces"] == []
    assert not zones[("deck", None)]["visible"] and zones[("shore", s.seat_name(other))]["visible"]
    (m, *_) = moves(s, "discard")
    s.apply(m)
    assert m.text_for(other) == "discard frog" and m.text_for(me) == m.text != "discard frog"


def test_a_frog_shows_its_route_from_its_owners_seat_and_on_a_pad_where_it_goes_next(game):
    s = blank(game, 4, mover=NORTH)
    f = give(s, NORTH, "c1-b2-b3-c4", "hand")
    name = f.attrs["name"]

    def label(seat=NORTH):
        for z in s.view(seat)["zones"]:
            for p in z["pieces"]:
                if p["attrs"].get("name") == name:
                    return p.get("label")
        for b in s.view(seat)["boards"]:
            for sp in b["spaces"]:
                for p in sp["pieces"]:
                    if p["attrs"].get("name") == name:
                        return p.get("label")
    # printed c1 b2 b3 c4 / b1 c1 c2 c3, read from the north edge
    assert label() == f"{name}: route b4 c3 c2 b1, formation c4 b4 b3 b2"
    assert label(SOUTH) is None, "another player's hand is hidden"
    give(s, NORTH, "c1-b2-b3-c4", "b4")
    assert label() == label(SOUTH) == "yellow>c3"
    give(s, NORTH, "c1-b2-b3-c4", "b1")
    assert label() == "yellow*"
    assert [m.text for m in moves(s, "complete")] == ["complete b1"]
    give(s, NORTH, "c1-b2-b3-c4", "shore")
    assert [m.text for m in moves(s, "advance")] == [f"advance {name} b4"]
