"""Mudwater (games/mudwater.mire) and its Advanced Mode: the rulebook's example, each rule, the data,
hands brought by the players, random playouts and hidden information, through the engine."""
import csv
import random
from collections import Counter
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.testing import put, set_turn, settle, take
from mire.engine.run.state import InputError

BLACK, WHITE = 0, 1
CARDS = Path(__file__).resolve().parent.parent / "games" / "mudwater" / "cards.csv"
FAMILIES = ["Club", "Mutant", "Cosmic", "Arcana"]
BEATS = {("Club", "Mutant"), ("Mutant", "Cosmic"), ("Cosmic", "Arcana"), ("Arcana", "Club")}

# Two hands of 14 different cards, as the rulebook's first hand (5 I, 3 II, 2 III, 2 IV, 1 V, 1 any);
# no card is in both, so a name tells whose card it is.
BLACK_HAND = ["The Boathouse", "The Deckhand", "Bottle Rocket", "Galley Hand", "Rope Burn",
              "Rip Tide", "First Mate", "Regatta", "Storm Jib", "The Quartermaster",
              "The Admiral", "Golden Anchor", "The Commodore", "Mud Puddle"]
WHITE_HAND = ["Sea Dog", "Dinghy Dan", "Bait Bucket", "Lily Hopper", "Cattail Kid",
              "Dead Calm", "Spinnaker", "Lighthouse Keeper", "Mire Hulk", "Shooting Star",
              "Swamp Thing", "Supernova", "Mother Mire", "Fog Horn"]


def cards():
    with open(CARDS, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    for r in rows:
        for k in ("number", "level", "top", "right", "bottom", "left"):
            r[k] = int(r[k])
    return rows


CARD = {r["name"]: r for r in cards()}


@pytest.fixture(scope="module")
def game():
    return load_game("mudwater")


@pytest.fixture(scope="module")
def advanced():
    return load_game("mudwater-advanced")


def lines(names):
    return [(i, n) for i, n in enumerate(names, 1)]


def hands(black=BLACK_HAND, white=WHITE_HAND):
    return {"hand": {BLACK: lines(black), WHITE: lines(white)}}


def start_with(game, keep, starter=BLACK, black=BLACK_HAND, white=WHITE_HAND):
    """A game with these hands where `starter` won the coin flip and no card of `keep` went to an ante:
    the first such seed (the coin flip and the ante draw are the game's own)."""
    for seed in range(500):
        s = game.new_state(seed=seed, inputs=hands(black, white))
        antes = {s.players[i].zones["ante"].pieces[0].attrs["name"] for i in (BLACK, WHITE)}
        if s.turn_player.index == starter and not antes & set(keep):
            return s
    raise AssertionError("no seed fits")


def arranged(game, board=(), hand=None, mover=BLACK, passes=0):
    """A position set by hand: board = [(square, seat, card name, face up)], bottom of a stack first;
    hand = {seat: [card names]} replaces those seats' hands."""
    s = game.new_state(seed=0)
    for seat, names in (hand or {}).items():
        p = s.players[seat]
        for c in list(p.zones["hand"].pieces):
            s.move_piece(c, p.zones["collection"], None)
        for n in names:
            s.move_piece(take(s, "card", seat, name=n), p.zones["hand"], None)
    for square, seat, name, up in board:
        put(s, square, "card", up=up, owner=seat, name=name)
    s.vars["passes"] = passes
    set_turn(s, mover)
    settle(s)
    return s


def find(s, action, card=None, square=None):
    """The legal move of `action` playing `card` (a name) on `square`, or None."""
    for m in s.legal_moves():
        if m.action.name != action:
            continue
        if card is not None and m.args[0].attrs["name"] != card:
            continue
        if square is not None and m.args[1].name != square:
            continue
        return m
    return None


def play(s, action, card=None, square=None):
    m = find(s, action, card, square)
    assert m is not None, f"{action} {card} {square} is not legal; legal: {[x.text for x in s.legal_moves()]}"
    s.apply(m)


def owners(s):
    """Who holds each filled square: {square: 'black' | 'white'}."""
    return {sp.name: sp.pieces[-1].owner.name for sp in s.spaces if sp.pieces}


def actions(s):
    return {m.action.name for m in s.legal_moves()}


# ---------------------------------------------------------------------------------- the data

def test_the_collection_honours_the_rulebook():
    rows = cards()
    assert len(rows) == 120
    assert sorted(r["number"] for r in rows) == list(range(1, 121))
    assert len({r["name"] for r in rows}) == 120
    assert Counter(r["level"] for r in rows) == {1: 55, 2: 30, 3: 13, 4: 14, 5: 8}
    assert set(r["family"] for r in rows) == set(FAMILIES)
    for fam in FAMILIES:
        assert len({r["tribe"] for r in rows if r["family"] == fam}) == 3
    assert all(r["artist"] and r["tribe"] for r in rows)
    # edge numbers grow with Level: every Level's weakest card is stronger than the Level below's average,
    # and its average edge is higher
    sums = {lv: [r["top"] + r["right"] + r["bottom"] + r["left"] for r in rows if r["level"] == lv]
            for lv in range(1, 6)}
    for lv in range(2, 6):
        assert min(sums[lv]) > max(sums[lv - 1])
    given = {"Bottle Rocket": (None, dict(top=2, right=4, bottom=3, left=2)),
             "The Boathouse": (1, dict(top=2, left=3)),
             "The Deckhand": (1, dict(right=4, bottom=2)),
             "Sea Dog": (1, dict(bottom=3)),
             "Dead Calm": (2, dict(bottom=6))}
    for name, (level, edges) in given.items():
        card = CARD[name]
        if level is not None:
            assert card["level"] == level, name
        for edge, n in edges.items():
            assert card[edge] == n, (name, edge)


def test_the_test_hands_are_first_hands():
    first = Counter({1: 5, 2: 3, 3: 2, 4: 2, 5: 1})
    for hand in (BLACK_HAND, WHITE_HAND):
        levels = Counter(CARD[n]["level"] for n in hand)
        assert len(set(hand)) == 14 and any(levels == first + Counter({lv: 1}) for lv in range(1, 6))
    assert not set(BLACK_HAND) & set(WHITE_HAND)


# ---------------------------------------------------------------------------------- setting up

def test_without_a_hand_each_player_gets_a_first_hand_and_an_ante(game):
    for seed in range(20):
        s = game.new_state(seed=seed)
        for p in s.players:
            hand, ante = p.zones["hand"].pieces, p.zones["ante"].pieces
            assert len(hand) == 13 and len(ante) == 1 and not ante[0].up
            levels = Counter(c.attrs["level"] for c in hand + ante)
            assert all(levels[lv] >= k for lv, k in {1: 5, 2: 3, 3: 2, 4: 2, 5: 1}.items())
            assert len({c.attrs["number"] for c in hand + ante}) == 14
            assert not p.zones["collection"].pieces  # the rest stays at home: out of the game
        assert len(s.box.pieces) == 2 * 106
    assert {game.new_state(seed=seed).turn_player.index for seed in range(20)} == {BLACK, WHITE}


def test_a_brought_hand_loses_one_random_card_to_the_ante(game):
    antes = set()
    for seed in range(30):
        s = game.new_state(seed=seed, inputs=hands())
        for p, brought in zip(s.players, (BLACK_HAND, WHITE_HAND)):
            hand = [c.attrs["name"] for c in p.zones["hand"].pieces]
            ante = [c.attrs["name"] for c in p.zones["ante"].pieces]
            assert len(hand) == 13 and len(ante) == 1
            assert sorted(hand + ante) == sorted(brought)
            if p.index == BLACK:
                antes.add(ante[0])
    assert len(antes) > 5  # drawn at random


def test_hand_lines_name_a_card_by_name_or_number_in_any_case_and_spacing(game):
    names = ["the boathouse", "THE-DECKHAND", "bottle_rocket", " Galley  Hand "] + BLACK_HAND[4:13] + ["22"]
    s = game.new_state(seed=1, inputs={"hand": {BLACK: lines(names)}})
    p = s.players[BLACK]
    got = {c.attrs["name"] for c in p.zones["hand"].pieces + p.zones["ante"].pieces}
    assert got == set(BLACK_HAND[:13]) | {next(n for n, r in CARD.items() if r["number"] == 22)}


def test_a_small_card_number_names_that_card(game):
    # 3 is also an edge number or a Level of many cards: only a card's name and number name it
    names = BLACK_HAND[:1] + ["3"] + BLACK_HAND[2:]  # 3 is The Deckhand
    s = game.new_state(seed=1, inputs={"hand": {BLACK: lines(names)}})
    p = s.players[BLACK]
    assert "The Deckhand" in {c.attrs["name"] for c in p.zones["hand"].pieces + p.zones["ante"].pieces}


@pytest.mark.parametrize("names, problems", [
    (BLACK_HAND[:13] + ["The Boathouse"],
     ["black's hand, line 14: 'The Boathouse' is already in the hand (line 1); a hand holds each card once"]),
    (BLACK_HAND[:13], ["black's hand has 13 cards, and it must have 14"]),
    (BLACK_HAND + ["Sea Dog"], ["black's hand has 15 cards, and it must have 14"]),
    (BLACK_HAND[:5] + ["Sea Dgo"] + BLACK_HAND[6:],
     ["black's hand, line 6: there is no card 'Sea Dgo' in the collection (did you mean 'Sea Dog'?)"]),
])
def test_a_bad_hand_is_refused_line_by_line(game, names, problems):
    with pytest.raises(InputError) as err:
        game.new_state(seed=1, inputs={"hand": {BLACK: lines(names)}})
    assert err.value.problems == problems


# ---------------------------------------------------------------------------------- the rulebook's example

def test_the_four_opening_turns_of_the_rulebook(game):
    s = start_with(game, ["The Boathouse", "The Deckhand", "Sea Dog", "Dead Calm"])
    assert s.turn_player.index == BLACK  # "Black goes first"
    # Turn 1: Black places The Boathouse, Level I, bottom-middle. No neighbours, nothing to capture.
    play(s, "place", "The Boathouse", "b1")
    assert owners(s) == {"b1": "black"}
    # Turn 2: White places Sea Dog in the centre. Its 3 points down at The Boathouse's 2: captured.
    play(s, "place", "Sea Dog", "b2")
    assert owners(s) == {"b1": "white", "b2": "white"}
    # Turn 3: Black places The Deckhand bottom-left. Its 4 beats The Boathouse's 3: Black takes it back.
    play(s, "place", "The Deckhand", "a1")
    assert owners(s) == {"a1": "black", "b1": "black", "b2": "white"}
    # Turn 4: White upgrades Sea Dog with Dead Calm, Level II. Its 6 points down at the same 2: captured again.
    play(s, "upgrade", "Dead Calm", "b2")
    assert owners(s) == {"a1": "black", "b1": "white", "b2": "white"}
    assert [c.attrs["name"] for c in s.space_by_name["b2"].pieces] == ["Sea Dog", "Dead Calm"]
    assert [c.attrs["name"] for c in s.space_by_name["b1"].pieces] == ["The Boathouse"]  # the card stays
    assert not s.is_over() and s.turn_player.index == BLACK


def test_higher_wins_ties_hold(game):
    # "Black plays The Deckhand. Its 4 beats The Boathouse's 3" (The Deckhand left of it) ...
    s = arranged(game, [("b1", WHITE, "The Boathouse", True)], {BLACK: ["The Deckhand"]})
    play(s, "place", "The Deckhand", "a1")
    assert owners(s) == {"a1": "black", "b1": "black"}
    # ... "Black plays The Deckhand above The Boathouse. Its 2 meets a 2 — equal numbers, so nothing changes."
    s = arranged(game, [("b1", WHITE, "The Boathouse", True)], {BLACK: ["The Deckhand"]})
    play(s, "place", "The Deckhand", "b2")
    assert owners(s) == {"b2": "black", "b1": "white"}


# ---------------------------------------------------------------------------------- each rule

def test_only_level_one_goes_face_up_into_an_empty_square(game):
    s = arranged(game, [], {BLACK: ["Sea Dog", "Dead Calm", "Eclipse"]})
    placed = {m.args[0].attrs["name"] for m in s.legal_moves() if m.action.name == "place"}
    assert placed == {"Sea Dog"}
    assert not find(s, "upgrade")
    rocked = {m.args[0].attrs["name"] for m in s.legal_moves() if m.action.name == "rock"}
    assert rocked == {"Sea Dog", "Dead Calm", "Eclipse"}  # any Level can be a rock


def test_upgrades_climb_one_level_at_a_time_on_your_own_squares(game):
    s = arranged(game, [("a1", BLACK, "Sea Dog", True), ("b2", BLACK, "Galley Hand", True),
                        ("b2", BLACK, "Dead Calm", True), ("c3", WHITE, "Fog Horn", True)],
                 {BLACK: ["Rip Tide", "Storm Jib", "The Admiral"]})
    ups = {(m.args[0].attrs["name"], m.args[1].name) for m in s.legal_moves() if m.action.name == "upgrade"}
    # II on I, III on II; never IV on II or on anything of Level I; never on their square
    assert ups == {("Rip Tide", "a1"), ("Storm Jib", "b2")}


def test_a_captured_square_can_be_upgraded_by_its_captor(game):
    s = arranged(game, [("b1", WHITE, "The Boathouse", True)], {BLACK: ["The Deckhand", "Rip Tide"],
                                                                 WHITE: ["Fog Horn"]})
    play(s, "place", "The Deckhand", "a1")
    play(s, "place", "Fog Horn", "c3")
    assert find(s, "upgrade", "Rip Tide", "b1")


def level_one(test):
    return next(r["name"] for r in CARD.values() if r["level"] == 1 and test(r))


def test_no_chain_reactions_and_a_card_looks_only_once(game):
    # a white card right of The Boathouse that The Boathouse (right 3) would beat, if it looked
    weak = level_one(lambda r: r["left"] < CARD["The Boathouse"]["right"])
    # a white card above The Deckhand (top 3) that The Deckhand would beat, if it looked again
    late = level_one(lambda r: r["bottom"] < CARD["The Deckhand"]["top"]
                     and r["name"] not in (weak, "The Boathouse", "The Deckhand"))
    s = arranged(game, [("b1", WHITE, "The Boathouse", True), ("c1", WHITE, weak, True)],
                 {BLACK: ["The Deckhand", "Galley Hand"], WHITE: [late]})
    play(s, "place", "The Deckhand", "a1")
    assert owners(s) == {"a1": "black", "b1": "black", "c1": "white"}  # no chain reaction
    # white plays next to the black Deckhand: it defends, it does not look again
    play(s, "place", late, "a2")
    assert owners(s) == {"a1": "black", "b1": "black", "c1": "white", "a2": "white"}


def test_one_rock_at_a_time_until_you_upgrade_it(game):
    s = arranged(game, [("a1", BLACK, "Eclipse", False)],
                 {BLACK: ["Galley Hand", "Rip Tide", "The Commodore"], WHITE: ["Fog Horn", "Sea Dog"]})
    assert "rock" not in actions(s)
    # the rock counts as Level I: a Level II goes on it, a Level V does not
    assert find(s, "upgrade", "Rip Tide", "a1") and not find(s, "upgrade", "The Commodore", "a1")
    play(s, "upgrade", "Rip Tide", "a1")
    assert [c.up for c in s.space_by_name["a1"].pieces] == [False, True]
    play(s, "place", "Fog Horn", "c3")
    assert find(s, "rock", "The Commodore", "b2")  # free to play another rock


def test_only_its_owner_may_upgrade_a_rock_and_it_is_never_captured(game):
    s = arranged(game, [("b1", BLACK, "Bottle Rocket", False)],
                 {WHITE: ["Dead Calm", "Sea Dog", "Eclipse"], BLACK: ["Rip Tide"]}, mover=WHITE)
    assert not find(s, "upgrade", "Dead Calm", "b1")
    # Sea Dog's bottom 3 above it, and a Level V beside it: the rock holds
    play(s, "place", "Sea Dog", "b2")
    assert owners(s) == {"b1": "black", "b2": "white"}
    assert find(s, "upgrade", "Rip Tide", "b1")


def test_a_rock_captures_nothing(game):
    s = arranged(game, [("b1", WHITE, "The Boathouse", True)], {BLACK: ["The Deckhand"]})
    play(s, "rock", "The Deckhand", "a1")
    assert owners(s) == {"a1": "black", "b1": "white"}


def test_pass_only_when_nothing_else_is_legal(game):
    s = arranged(game, [("a1", BLACK, "Eclipse", False)], {BLACK: ["Storm Jib", "Rip Tide"]})
    assert "pass" not in actions(s)
    # a Level III with a rock out and no Level II square: stuck
    s = arranged(game, [("a1", BLACK, "Eclipse", False)], {BLACK: ["Storm Jib"]})
    assert [m.text for m in s.legal_moves()] == ["pass"]
    s = arranged(game, [("a1", BLACK, "Sea Dog", True)], {BLACK: []})  # an empty hand
    assert [m.text for m in s.legal_moves()] == ["pass"]


def test_two_passes_in_a_row_end_the_game_and_most_squares_wins(game):
    board = [("a1", BLACK, "Eclipse", False), ("a2", BLACK, "Sea Dog", True), ("c3", WHITE, "Eclipse", False)]
    stuck = {BLACK: ["Storm Jib"], WHITE: ["The Admiral"]}
    s = arranged(game, board, stuck)
    play(s, "pass")
    assert not s.is_over()
    play(s, "pass")
    assert s.is_over()
    out = s.outcome()
    assert out.winners == (BLACK,) and out.text == "black wins"
    # "The winner takes the loser's ante card, for keeps, and takes back their own"
    assert not s.players[WHITE].zones["ante"].pieces
    white_ante = s.players[BLACK].zones["won"].pieces[0]
    black_ante = s.players[BLACK].zones["ante"].pieces[0].attrs["name"]
    assert white_ante.up and white_ante.owner is s.players[WHITE]
    white_ante = white_ante.attrs["name"]
    assert sorted(out.extra["notes"]) == sorted([f"black's ante: {black_ante}", f"white's ante: {white_ante}",
                                                 f"black takes white's ante, {white_ante}"])


def test_a_pass_then_a_play_does_not_count_as_two_passes(game):
    s = arranged(game, [("a1", BLACK, "Eclipse", False)], {BLACK: ["Storm Jib"], WHITE: ["Fog Horn"]})
    play(s, "pass")
    play(s, "place", "Fog Horn", "c3")
    play(s, "pass")
    assert not s.is_over() and s.vars["passes"] == 1


def test_equal_squares_after_two_passes_is_a_draw_and_each_keeps_their_ante(game):
    board = [("a1", BLACK, "Eclipse", False), ("c3", WHITE, "Eclipse", False)]
    s = arranged(game, board, {BLACK: ["Storm Jib"], WHITE: ["The Admiral"]}, mover=WHITE)
    play(s, "pass")
    play(s, "pass")
    out = s.outcome()
    assert out.draw and out.winners == () and out.text == "draw"
    assert out.extra["notes"][-1] == "a draw: each player takes back their own ante"


def test_the_ninth_square_ends_the_game(game):
    board = [(sq, BLACK if i % 2 else WHITE, name, True)
             for i, (sq, name) in enumerate(zip(["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"],
                                                ["Rope Burn", "Galley Hand", "Dinghy Dan", "Bait Bucket",
                                                 "Lily Hopper", "Cattail Kid", "Mud Puddle", "Fog Horn"]))]
    s = arranged(game, board, {BLACK: ["Sea Dog", "Storm Jib"]})
    play(s, "place", "Sea Dog", "b2")
    assert s.is_over()
    counts = Counter(owners(s).values())
    assert sum(counts.values()) == 9 and max(counts.values()) >= 5
    winner = max(counts, key=counts.get)
    assert s.outcome().text == f"{winner} wins"
    loser = "white" if winner == "black" else "black"
    ante = s.players[0 if loser == "white" else 1].zones["won"].pieces[0].attrs["name"]  # the winner's now
    assert f"{winner} takes {loser}'s ante, {ante}" in s.outcome().extra["notes"]


# ---------------------------------------------------------------------------------- Advanced Mode

def pair(f_mine, f_theirs, relation):
    """A Level I card of family f_mine and a card of f_theirs whose left edge is `relation` to its right."""
    test = {"==": lambda a, b: a == b, "<": lambda a, b: a < b, ">": lambda a, b: a > b}[relation]
    for a in CARD.values():
        if a["level"] != 1 or a["family"] != f_mine:
            continue
        for b in CARD.values():
            if b["family"] == f_theirs and b["name"] != a["name"] and test(a["right"], b["left"]):
                return a["name"], b["name"]
    raise AssertionError("no such pair in the data")


def capture_with(game, mine, theirs, up=True):
    """Black places `mine` at a1 next to white's `theirs` at b1: does black take b1?"""
    s = arranged(game, [("b1", WHITE, theirs, up)], {BLACK: [mine]})
    play(s, "place", mine, "a1")
    return owners(s)["b1"] == "black"


@pytest.mark.parametrize("f_mine", FAMILIES)
@pytest.mark.parametrize("f_theirs", FAMILIES)
def test_advanced_families_break_ties(game, advanced, f_mine, f_theirs):
    mine, theirs = pair(f_mine, f_theirs, "==")
    beats = (f_mine, f_theirs) in BEATS  # else: it loses, or opposite families are neutral, or the same
    assert capture_with(advanced, mine, theirs) == beats
    assert capture_with(game, mine, theirs) is False  # the standard game: ties hold


@pytest.mark.parametrize("f_mine, f_theirs", sorted(BEATS))
def test_advanced_a_lower_number_never_wins(advanced, f_mine, f_theirs):
    mine, theirs = pair(f_mine, f_theirs, "<")
    assert not capture_with(advanced, mine, theirs)


@pytest.mark.parametrize("f_theirs, f_mine", sorted(BEATS))
def test_advanced_a_higher_number_wins_whatever_the_families(advanced, f_mine, f_theirs):
    mine, theirs = pair(f_mine, f_theirs, ">")
    assert capture_with(advanced, mine, theirs)


@pytest.mark.parametrize("f_mine, f_theirs", sorted(BEATS))
def test_advanced_rocks_still_cannot_be_captured(advanced, f_mine, f_theirs):
    mine, theirs = pair(f_mine, f_theirs, "==")
    assert not capture_with(advanced, mine, theirs, up=False)


def test_advanced_is_an_option_and_a_variant(game, advanced):
    assert advanced.base == "mudwater"
    assert [o[0] for o in game.options] == ["advanced"]
    s = game.new_state(seed=3, options=("advanced",))
    assert s.game.title == advanced.title == "Mudwater: Swamp Origins, Advanced Mode"
    # the variant changes only the tie rule: every other rule is the base's
    assert [a.name for a in s.game.actions] == ["place", "rock", "upgrade", "pass"]


# ---------------------------------------------------------------------------------- random playouts

def check_end(s):
    out = s.outcome()
    board = owners(s)
    counts = Counter(board.values())
    b, w = counts["black"], counts["white"]
    assert len(board) == 9 or s.vars["passes"] == 2
    if out.draw:
        assert b == w and len(board) < 9
    else:
        assert out.winners == ((BLACK,) if b > w else (WHITE,))
    for p in s.players:  # one rock at a time; the ante stays put until the end, when the winner takes the loser's
        rocks = [sp for sp in s.spaces if sp.pieces and not sp.pieces[-1].up and sp.pieces[-1].owner is p]
        lost = not out.draw and p.index not in out.winners
        assert len(rocks) <= 1 and len(p.zones["ante"].pieces) == (0 if lost else 1)
        assert [c.owner.index for c in p.zones["won"].pieces] == ([] if lost or out.draw else [1 - p.index])
    # no card is lost or made: 2 x 14 between the hands, the antes, the cards won and the mat
    assert sum(len(sp.pieces) for sp in s.spaces) + sum(
        len(p.zones[z].pieces) for p in s.players for z in ("hand", "ante", "won")) == 28
    assert len(out.extra["notes"]) == 3


@pytest.mark.parametrize("name, n", [("mudwater", 1000), ("mudwater-advanced", 200)])
def test_random_playouts_end_without_error(name, n):
    g = load_game(name)
    rng = random.Random(7)
    lengths = []
    for i in range(n):
        s = g.new_state(seed=i, inputs=hands() if i % 10 == 0 else None)
        moves = 0
        while not s.is_over():
            s.apply(rng.choice(s.legal_moves()))
            moves += 1
            assert moves <= 40
        check_end(s)
        lengths.append(moves)
    assert min(lengths) >= 9


# ---------------------------------------------------------------------------------- hidden information

def never_shown(s, seat):
    """Names of the cards of `seat`'s opponent that `seat` may not know now: in their hand, their ante,
    and their rocks (face-down cards on the mat, under a stack too)."""
    other = s.players[1 - seat]
    hidden = [c for c in other.zones["hand"].pieces + other.zones["ante"].pieces]
    hidden += [c for sp in s.spaces for c in sp.pieces if c.owner is other and not c.up]
    return {c.attrs["name"] for c in hidden}


def leaks(text, names):
    return sorted(n for n in names if n in text)


@pytest.mark.parametrize("name", ["mudwater", "mudwater-advanced"])
def test_no_view_or_history_shows_the_other_hand_ante_or_rocks(name):
    g = load_game(name)
    rng = random.Random(3)
    rocks = 0
    for seed in range(40):
        s = g.new_state(seed=seed, inputs=hands())
        shown_to_all: set = set()  # the cards that have lain face up on the mat, where both players saw them
        while True:
            shown_to_all |= {c.attrs["name"] for sp in s.spaces for c in sp.pieces if c.up and not c.covered}
            for seat in (BLACK, WHITE):
                secret = never_shown(s, seat)
                assert not leaks(repr(s.view(seat)), secret)
                # every card the other played came from their hand: a move text names it only when the move
                # laid it face up on the mat, for both to see
                other_cards = set(WHITE_HAND if seat == BLACK else BLACK_HAND) - shown_to_all
                assert not leaks(" | ".join(s.history_for(seat)), other_cards)
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_moves()))
        rocks += sum(1 for sp in s.spaces for c in sp.pieces if not c.up)
        # the player who rocked a card still sees it
        for seat in (BLACK, WHITE):
            mine = [c for sp in s.spaces for c in sp.pieces if c.owner is s.players[seat] and not c.up]
            shown = repr(s.view(seat))
            assert all(c.attrs["name"] in shown for c in mine)
    assert rocks > 20


def test_a_typed_move_is_hidden_from_the_other_player_too(game):
    s = start_with(game, ["The Boathouse"])
    m = find(s, "rock", "The Boathouse", "b2")
    s.apply(s.parse_move(m.text))  # as the REPL and replays do: the text is read first
    assert s.history_for(WHITE) == ["rock card b2"]
    assert s.history_for(BLACK) == ["rock The Boathouse-2 b2"]
