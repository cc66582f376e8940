"""What each seat learns (issue 15, items 2 and 3): boards seen by their owner alone or by nobody, zones whose
size is hidden, moves that reveal nothing, their action or some parameters, log lines for some players, and
the history and turn each seat is told. Scrambling what a seat may not know changes neither its view nor its
history, and what it imagines (engine/run/knowledge.py) never depends on it. With the small classics that need
hidden information (tests/games): phantom tic-tac-toe, Kuhn poker, Liar's dice, checked against plain Python."""
import json
import random
import sys
from fractions import Fraction
from itertools import permutations, product
from pathlib import Path

import pytest

from mire.cli.render import render_view
from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.solve import solve
from mire.engine.analysis.testing import scramble_unseen
from mire.engine.bots import RandomBot
from mire.engine.bots.search import SearchBot
from mire.engine.run.knowledge import Worlds
from mire.grammar.diagnostics import MireError

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from terminal import Terminal  # noqa: E402

LEARNING = ["phantom", "sneak", "kuhn-poker", "liars-dice"]


def loaded(name):
    return load_game(str(HERE / "games" / f"{name}.mire"))


def started(name, *moves, seed=0):
    state = loaded(name).new_state(seed=seed)
    for text in moves:
        state.apply(state.parse_move(text))
    return state


def seen(state, seat):
    """Everything a seat is shown: its view, its history and the log lines it reads."""
    return json.dumps(state.view(seat), sort_keys=True), state.history_for(seat), state.log_for(seat)


def board(view, name, owner=None):
    return next(b for b in view["boards"] if b["name"] == name and b["owner"] == owner)


# ---------------------------------------------------------------- private and secret boards


def test_a_private_board_shows_to_its_owner_alone_and_a_secret_one_to_nobody():
    state = started("phantom", "try X.b2")
    x, o = state.view(0), state.view(1)
    assert board(x, "cells")["visible"] is False and not any(sp["pieces"] for sp in board(x, "cells")["spaces"])
    assert [sp["name"] for sp in board(x, "known", "X")["spaces"] if sp["pieces"]] == ["X.b2"]
    assert "visible" not in board(x, "known", "X")
    hidden = board(o, "known", "X")
    assert hidden["visible"] is False and len(hidden["spaces"]) == 9
    assert not any(sp["pieces"] for sp in hidden["spaces"])


def test_a_board_hidden_from_the_seat_is_named_not_drawn():
    state = started("phantom", "try X.b2")
    x, o = render_view(state.view(0)), render_view(state.view(1))
    assert "known of X:" in x and "hidden: cells, known of O" in x
    assert "known of X:" not in o and "hidden: cells, known of X" in o


def test_a_zone_whose_size_is_hidden_shows_no_count_to_those_who_cannot_look_into_it():
    state = started("sneak", "draw", "draw", seed=1)
    counts = {(z["name"], z["owner"]): z["count"] for z in state.view(1)["zones"]}
    assert counts[("deck", None)] is None and counts[("hand", "1")] is None and counts[("hand", "2")] == 0
    assert {(z["name"], z["owner"]): z["count"] for z in state.view(0)["zones"]}[("hand", "1")] == 2
    assert "deck: hidden · hand (1): hidden" in render_view(state.view(1))


# ---------------------------------------------------------------- what a move tells the others


def test_a_move_that_reveals_nothing_tells_the_others_nothing_not_even_whose_turn_it_is():
    state = started("phantom", "try X.b2")      # X marks b2: O's turn, and O must know it
    assert state.view(1)["to_move"] == "O" and state.history_for(1) == []
    before = seen(state, 0)
    state.apply(state.parse_move("try O.b2"))    # taken: O is told so and tries again; X learns nothing
    assert state.to_move == 1 and state.log_for(1) == [(1, "O.b2 is taken: try again")]
    assert seen(state, 0) == before
    assert state.view(0)["to_move"] == "O" and state.history_for(1) == ["try O.b2"]
    assert state.history == ["try X.b2", "try O.b2"]
    state.apply(state.parse_move("try O.a1"))    # marked: the turn is X's, and X is told it
    assert state.view(0)["to_move"] == "X" and state.history_for(0) == ["try X.b2"]
    assert state.log_for(0) == [(0, "X.b2 is yours")]


def test_a_move_that_reveals_some_parameters_shows_the_others_those_alone():
    state = started("sneak", "draw", "draw", seed=1)
    assert state.history_for(0) == ["draw", "draw"] and state.history_for(1) == []
    rank = state.players[0].zones["hand"].pieces[0].attrs["rank"]
    state.apply(state.parse_move(f"play {rank} down"))
    assert state.history_for(1) == ["play ? down"]
    assert state.history_for(0) == ["draw", "draw", f"play {rank} down"]
    assert state.log_for(1) == [] and state.log_for(0) == [(0, f"you played a {rank}")]


def test_a_move_that_reveals_its_action_and_a_space_of_a_hidden_board(tmp_path):
    path = tmp_path / "yards.mire"
    path.write_text('game "Yards"\nplayers 2\nboard yard: grid 2 x 1 per player private\npiece seed\n'
                    'action sow(c in mover.yard where empty(c)):\n    place seed for mover at c\n'
                    'action hide(c in mover.yard where empty(c)) reveals action:\n    place seed for mover at c\n')
    state = load_game(str(path)).new_state()
    state.apply(state.parse_move("sow 1.b1"))
    state.apply(state.parse_move("hide 2.a1"))
    assert (state.history_for(0), state.history_for(1)) == (["sow 1.b1", "hide"], ["sow yard", "hide 2.a1"])


def test_a_log_line_for_a_player_and_one_for_everyone():
    state = started("kuhn-poker", seed=3)
    cards = [state.players[s].zones["hand"].pieces[0].attrs["rank"] for s in (0, 1)]
    assert state.log_for(0) == [(0, f"you hold the {cards[0]}")]
    assert state.log_for(1) == [(0, f"you hold the {cards[1]}")]
    state.apply(state.parse_move("bet"))
    state.apply(state.parse_move("call"))
    best = 0 if ["jack", "queen", "king"].index(cards[0]) > ["jack", "queen", "king"].index(cards[1]) else 1
    said = (1, f"{state.players[best].name} wins 4 with the {cards[best]}")   # (in the second player's turn)
    assert state.log_for(0)[1:] == state.log_for(1)[1:] == [said]


def test_what_seats_learn_is_checked(tmp_path):
    def diagnostics(text):
        path = tmp_path / "bad.mire"
        path.write_text('game "Bad"\nplayers 2\nboard cells: grid 2 x 1\n' + text)
        with pytest.raises(MireError) as err:
            load_game(str(path))
        return [(d.code, d.message) for d in err.value.diagnostics]
    assert diagnostics("action a(c in cells) reveals d:\n    pass\n") == \
        [("E010", "action 'a' has no parameter 'd'")]
    assert diagnostics("board yard: grid 2 x 2 private\naction a():\n    pass\n") == \
        [("E021", "board 'yard' is private, but it belongs to no player")]
    assert diagnostics("board field: area secret\naction a():\n    pass\n") == \
        [("E021", "board 'field' is an area, which cannot be hidden")]
    assert diagnostics("zone bag size hidden\naction a():\n    pass\n") == \
        [("E021", "zone 'bag' is public, so everyone can count its pieces")]
    assert diagnostics("action a():\n    log to cells \"x\"\n") == \
        [("E021", "`log to` names a player or a list of players, but this is a list of space")]


# ---------------------------------------------------------------- honesty, as the views are tested


def played(name, seed, moves):
    game = loaded(name)
    state = game.new_state(seed=seed, players=game.max_players)
    play_game(state, [RandomBot(random.Random(seed))] * state.num_players, max_moves=moves)
    return state


@pytest.mark.parametrize("name", LEARNING)
def test_scrambling_what_a_seat_may_not_know_changes_neither_its_view_nor_its_history(name):
    scrambled = 0
    for seed in range(10):
        for seat in range(2):
            state = played(name, seed, 2 + seed % 5)
            before = seen(state, seat)
            scrambled += scramble_unseen(state, seat)
            assert seen(state, seat) == before
    assert scrambled > 0


def without_others_silent_moves(name, state, seat):
    """The same game but for the other players' moves that `seat` learned nothing of and after which the same
    player moved again (a failed try), when the game goes on legally without them: a twin the seat cannot
    tell apart, or None."""
    again = loaded(name).new_state(seed=state.seed, players=state.num_players)
    texts = []
    for k, text in enumerate(state.history):
        before = again.to_move
        again.apply(again.parse_move(text))
        if state.move_as_read(k, seat) is not None or again.to_move != before:
            texts.append(text)
    if len(texts) == len(state.history):
        return None
    other = loaded(name).new_state(seed=state.seed, players=state.num_players)
    for text in texts:
        legal = {m.text: m for m in other.legal_moves()}
        if text not in legal:
            return None
        other.apply(legal[text])
    return other


def imagined(world):
    """Where each piece is in a world, by what it is (not by which piece)."""
    def piece(p):
        return p.kind.name, p.owner.index if p.owner is not None else None, p.up, sorted(p.attrs.items())
    zones = [*world.zones.values(), *(z for p in world.players for z in p.zones.values())]
    return [[piece(p) for p in sp.pieces] for sp in world.spaces], \
        [sorted(map(piece, z.pieces)) for z in zones]


@pytest.mark.parametrize("name", ["phantom"])
def test_the_others_silent_moves_change_neither_the_worlds_nor_the_decision(name):
    """Two games that differ by moves of the others that the seat learned nothing of: the seat's view and
    history are the same, and so are the worlds it imagines and what the search decides."""
    compared = 0
    for seed in range(40):
        state = played(name, seed, 3 + seed % 6)
        if state.is_over():
            continue
        seat = state.to_move
        twin = without_others_silent_moves(name, state, seat)
        if twin is None or twin.is_over() or twin.to_move != seat:
            continue
        assert seen(twin, seat) == seen(state, seat) and twin.history != state.history
        for k in range(3):
            world = Worlds(state, seat).sample(random.Random(k))
            assert imagined(world) == imagined(Worlds(twin, seat).sample(random.Random(k)))
            assert seen(world, seat)[:2] == seen(state, seat)[:2]
        assert SearchBot(iterations=40, seed=2).choose(state, seat).text == \
            SearchBot(iterations=40, seed=2).choose(twin, seat).text
        compared += 1
    assert compared >= 5


def test_a_world_keeps_the_seats_own_marks_and_places_the_others_anew():
    state = started("phantom", "try X.b2", "try O.a1", "try X.a1")    # X finds a1 taken
    worlds = Worlds(state, 0)
    where = set()
    for k in range(30):
        world = worlds.sample(random.Random(k))
        cells = world.boards["cells"]
        mine = [sp.name for sp in cells.spaces if sp.pieces and sp.pieces[0].owner is world.players[0]]
        theirs = [sp.name for sp in cells.spaces if sp.pieces and sp.pieces[0].owner is world.players[1]]
        assert mine == ["b2"] and len(theirs) == 1
        where.update(theirs)
        # the cells O found taken are O's notes: not imagined; O's mark is somewhere on O's board
        known = world.players[1].boards["known"]
        assert [p.kind.name for sp in known.spaces for p in sp.pieces] == ["mark"]
    assert len(where) >= 5 and "b2" not in where


def test_the_search_plays_phantom_tic_tac_toe_honestly_and_better_than_random():
    game = loaded("phantom")
    wins = 0
    for seed in range(6):
        state = game.new_state(seed=seed)
        play_game(state, [SearchBot(iterations=60, seed=seed), RandomBot(random.Random(seed))])
        wins += tuple(state.outcome().winners) == (0,)
    assert wins >= 4


# ---------------------------------------------------------------- phantom tic-tac-toe against plain Python

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def phantom_perft(depth):
    """Phantom tic-tac-toe's move sequences, counted without Mire: a try on a cell the other holds marks it
    known to the one who tried, who goes again."""
    counts = [0] * depth
    cells = [None] * 9
    known = [[False] * 9, [False] * 9]

    def walk(d, p):
        tries = [c for c in range(9) if not known[p][c]]
        counts[d] += len(tries)
        if d + 1 == depth:
            return
        for c in tries:
            known[p][c] = True
            if cells[c] is None:
                cells[c] = p
                won = any(all(cells[i] == p for i in line) for line in LINES if c in line)
                if not won and None in cells:
                    walk(d + 1, 1 - p)
                cells[c] = None
            else:
                walk(d + 1, p)
            known[p][c] = False
    walk(0, 0)
    return counts


def test_phantom_tic_tac_toe_perft_matches_a_plain_count():
    assert phantom_perft(5) == [9, 81, 648, 5112, 36288]
    assert perft(loaded("phantom").new_state(), 5) == phantom_perft(5)


def transcript(state):
    lines = []
    for k, text in enumerate(state.history):
        lines.append(f"{k + 1}. {text}  | X reads: {state.move_as_read(k, 0)} | O reads: {state.move_as_read(k, 1)}")
    for seat in (0, 1):
        lines.append(f"{state.players[seat].name}'s log: " + "; ".join(t for _, t in state.log_for(seat)))
    lines.append(f"result: {state.outcome().text}")
    return "\n".join(lines)


def test_a_seeded_game_of_phantom_tic_tac_toe(snapshot):
    state = loaded("phantom").new_state(seed=5)
    play_game(state, [RandomBot(random.Random(5)), RandomBot(random.Random(6))])
    assert transcript(state) == snapshot


# ---------------------------------------------------------------- Kuhn poker and Liar's dice, exactly

RANKS = ["jack", "queen", "king"]


def kuhn_by_hand():
    """Each player's expected winnings at Kuhn poker when every decision is uniformly random, by plain
    enumeration of the six deals and the betting."""
    def showdown(cards, pot):
        best = 0 if cards[0] > cards[1] else 1
        return tuple(pot - pot // 2 if s == best else -(pot // 2) for s in (0, 1))

    def avg(outcomes):
        return tuple(sum(o[s] for o in outcomes) / Fraction(len(outcomes)) for s in (0, 1))

    total = [Fraction(0), Fraction(0)]
    deals = list(permutations(range(3), 2))
    for cards in deals:
        after_check_bet = avg([showdown(cards, 4), (-1, 1)])        # the first calls, or folds
        after_check = avg([showdown(cards, 2), after_check_bet])   # the second checks, or bets
        after_bet = avg([showdown(cards, 4), (1, -1)])              # the second calls, or folds
        first = avg([after_check, after_bet])
        total = [t + first[s] / len(deals) for s, t in enumerate(total)]
    return total


def test_kuhn_poker_solved_exactly_matches_a_plain_enumeration():
    sol = solve(loaded("kuhn-poker"))
    assert [r.score for r in sol.results] == kuhn_by_hand() == [Fraction(1, 8), Fraction(-1, 8)]
    assert (sol.results[0].win, sol.results[0].loss) == (Fraction(9, 16), Fraction(7, 16))


def liars_dice_by_hand(faces):
    """The first player's chance to win Liar's dice (two players, one die each) under uniform random play."""
    bids = [(n, f) for n in (1, 2) for f in range(1, faces + 1)]

    def walk(dice, last, mover):
        higher = [b for b in bids if last is None or b > last]
        options = len(higher) + (last is not None)
        won = sum(walk(dice, b, 1 - mover) for b in higher)
        if last is not None:   # a call: the bid holds or it is a lie
            holds = sum(d == last[1] for d in dice) >= last[0]
            won += (1 - mover if holds else mover) == 0
        return Fraction(won) / options

    return sum(walk(dice, None, 0) for dice in product(range(1, faces + 1), repeat=2)) / faces ** 2


@pytest.mark.parametrize("faces", [2, 3, 4])
def test_liars_dice_solved_exactly_matches_a_plain_enumeration(faces):
    sol = solve(loaded("liars-dice"), options=(f"faces={faces}",))
    assert sol.results[0].win == liars_dice_by_hand(faces)
    assert sol.results[0].win + sol.results[1].win == 1
    assert liars_dice_by_hand(3) == Fraction(17, 36)


# ---------------------------------------------------------------- the terminal


def test_phantom_tic_tac_toe_at_80_by_24_hides_the_other_board_and_the_failed_try():
    term = Terminal(["play", str(HERE / "games" / "phantom.mire"), "--seed", "1"], 80, 24)
    try:
        shown = "\n".join(term.first["screen"])
        assert "known of X:" in shown and "hidden: cells, known of O" in shown
        term.send("try X.b2")
        term.send("")                       # the hand-off to O
        after = term.send("try O.b2")       # taken: O tries again
        assert "O.b2 is taken: try again" in "\n".join(after["screen"])
        term.send("try O.a1")
        back = term.send("")                # the hand-off to X: nothing of O's try on b2
        screen = "\n".join(back["screen"])
        assert "O.b2" not in screen and "taken" not in screen and "X to move" in screen
        history = "\n".join(term.send("history")["screen"]).split("X> history\n")[-1]
        assert history.startswith("1. X plays try X.b2\nX>")   # O's two tries are not there
        term.send("quit")
    finally:
        term.close()


def test_the_number_of_cards_the_other_drew_in_silence_changes_neither_the_worlds_nor_the_decision():
    """Sneak: the second player draws twice or once, unseen and untold, then plays the same card face down;
    the first player cannot tell the two games apart, and imagines the same worlds in both."""
    compared = 0
    for seed in range(12):
        first = started("sneak", "draw", "draw", seed=seed)
        rank = first.players[0].zones["hand"].pieces[-1].attrs["rank"]
        first.apply(first.parse_move(f"play {rank} up"))
        games = []
        for draws in (2, 1):
            state = started("sneak", *first.history, *["draw"] * draws, seed=seed)
            top = state.players[1].zones["hand"].pieces[0].attrs["rank"]
            state.apply(state.parse_move(f"play {top} down"))
            games.append(state)
        a, b = games
        assert seen(a, 0) == seen(b, 0) and a.history != b.history
        for k in range(3):
            assert imagined(Worlds(a, 0).sample(random.Random(k))) == imagined(Worlds(b, 0).sample(random.Random(k)))
        assert SearchBot(iterations=40, seed=2).choose(a, 0).text == SearchBot(iterations=40, seed=2).choose(b, 0).text
        compared += 1
    assert compared == 12


def test_a_secret_choice_is_asked_even_with_one_value_so_the_others_learn_nothing_from_it(tmp_path):
    # whether the drawn card may be played (a 3) decides whether there are one or two values to choose from: were
    # one value taken without asking, the others would see from whose turn it is what the drawn card is
    path = tmp_path / "draw.mire"
    path.write_text('game "Draw"\nplayers 2\nzone stock secret\nzone hand per player private\nzone pile\n'
                    'piece card(rank: int)\npieces card in stock:\n    rank\n    3\n    5\n    3\n    5\n'
                    'action draw():\n    move top(stock) to mover.hand\n'
                    '    choose what in ["play it", "keep it"] where what == "keep it" or top(mover.hand).rank == 3 '
                    'secretly:\n'
                    '        if what == "play it": move top(mover.hand) to pile\n'
                    'when stuck: draw\n')
    state = load_game(str(path)).new_state(seed=1)
    drawn = []
    for _ in range(4):
        mover = state.to_move
        state.apply(state.legal_moves()[0])  # draw
        drawn.append(state.players[mover].zones["hand"].pieces[-1].attrs["rank"])
        assert state.pending is not None and state.to_move == mover     # asked, whatever was drawn
        other = state.view(1 - mover)
        assert other["to_move"] == state.view(mover)["to_move"]
        state.apply(next(m for m in state.legal_moves() if m.text == "keep it"))
    assert sorted(drawn) == [3, 3, 5, 5]    # (both kinds of card were drawn)


def test_a_card_played_from_a_hidden_hand_face_up_onto_a_public_pile_is_read_by_all():
    # a hand is private: the others read the card a move takes from it as just 'card', unless the move leaves it
    # face up where everyone sees it (a discard pile); one laid face down stays 'card' to them
    game = load_game(str(Path(__file__).parent / "games" / "crazy-eights.mire"))
    state = game.new_state(seed=3, players=2)
    play = next(m for m in state.legal_moves() if m.action.name == "play")
    state.apply(play)
    assert state.move_as_read(0, 1) == play.text == "play Q-hearts"
    mud = load_game("mudwater").new_state(seed=1)
    mover = mud.to_move
    mud.apply(next(m for m in mud.legal_moves() if m.text.startswith("rock")))    # a card laid face down
    assert mud.move_as_read(0, mover) == mud.history[0] == "rock Star Jelly-37 a1"
    assert mud.move_as_read(0, 1 - mover) == "rock card a1"


# a card from a hidden hand shown face up where all see it at some point of a move, though the move then hides it
GLIMPSE = '''game "Glimpse"
players 2 named ann, bob
zone deck secret
zone hand per player private
zone table
zone pile per player secret
piece card(rank: int)
pieces card in deck: each rank in 1..12

setup:
    shuffle deck
    for p in players:
        repeat 6:
            move top(deck) to p.hand

# face up on the table; the second card there takes both, face down
action play(c in mover.hand):
    move c to table face up
    if count(table) == 2:
        log "{mover.name} takes the table"
        move table.pieces to mover.pile face down

# straight into the pile, face down: nobody else sees it
action hide(c in mover.hand):
    move c to mover.pile face down

# laid face down on the table, then taken back: never face up where all see it
action tap(c in mover.hand):
    move c to table face down
    move c to mover.hand

# laid face down on the table, turned face up there, then put away with what the table holds
action show(c in mover.hand):
    move c to table face down
    flip c
    remove table

# two cards: the first shown on the table and put away, the second hidden in the pile
action pair(a in mover.hand, b in mover.hand where b != a):
    move a to table face up
    remove a
    move b to mover.pile face down

# a card chosen in the middle of the move, shown and put away
action pick():
    choose c in mover.hand ask "the card to show":
        move c to table face up
        remove c

# laid on the table as it is (face up), then turned face down and put in the pile: it lay face up in between
action slip(c in mover.hand):
    move c to table
    flip c
    move c to mover.pile

# a card chosen in secret, put away face down
action bury():
    choose c in mover.hand secretly ask "the card to bury":
        move c to mover.pile face down
'''


def test_a_card_shown_face_up_to_all_in_the_middle_of_a_move_is_read_by_all(tmp_path):
    path = tmp_path / "glimpse.mire"
    path.write_text(GLIMPSE)
    state = load_game(str(path)).new_state(seed=1)
    ann, bob = [[p.attrs["rank"] for p in player.zones["hand"].pieces] for player in state.players]
    assert (ann, bob) == ([3, 10, 2, 5, 11, 4], [7, 6, 9, 1, 12, 8])
    for text in ["play 3", "play 7", "hide 10", "tap 6", "show 2", "pair 9 1", "pick", "5", "bury", "12", "slip 11"]:
        state.apply(state.parse_move(text))
        for seat in range(2):  # nothing a seat reads names a card it was never shown
            view = state.view(seat)
            assert [p["attrs"] for z in view["zones"] if z["name"] == "pile" for p in z["pieces"]] == []
    # bob's 7 lay face up on the table before bob took the table (ann reads it, where she used to read `play
    # card`); ann's 2 was turned face up on the table, bob's 9 and ann's chosen 5 and 11 lay there face up, before
    # they were put away. Bob's 6 was only ever face down on the table, bob's 1 and ann's 10 went straight into a
    # pile face down, and bob's 12 was chosen in secret: the other never reads them.
    assert state.history == ["play 3", "play 7", "hide 10", "tap 6", "show 2", "pair 9 1", "pick", "5", "bury", "12",
                             "slip 11"]
    assert state.history_for(0) == ["play 3", "play 7", "hide 10", "tap card", "show 2", "pair 9 card", "pick", "5",
                                    "bury", "(bob chose)", "slip 11"]
    assert state.history_for(1) == ["play 3", "play 7", "hide card", "tap 6", "show 2", "pair 9 1", "pick", "5",
                                    "bury", "12", "slip 11"]
    assert state.log_for(0) == state.log_for(1) == [(1, "bob takes the table")]
    piles = [[p.attrs["rank"] for p in player.zones["pile"].pieces] for player in state.players]
    assert piles == [[10, 11], [3, 7, 1, 12]] and [p.attrs["rank"] for p in state.box.pieces] == [2, 9, 5]
    # what each seat imagines keeps the cards it read: ann knows bob's 3 and 7 and what went into the box, never
    # bob's 1 and 12; bob knows all of his own pile and ann's 11, never ann's 10
    for seat, known, unknown in ((0, [3, 7], [1, 12]), (1, [3, 7, 1, 12], [])):
        imagined_piles, imagined_ann = set(), set()
        for k in range(12):
            world = Worlds(state, seat).sample(random.Random(k))
            pile = [p.attrs["rank"] for p in world.players[1].zones["pile"].pieces]
            assert pile[:len(known)] == known and [p.attrs["rank"] for p in world.box.pieces] == [2, 9, 5]
            imagined_piles.add(tuple(pile))
            ann_pile = [p.attrs["rank"] for p in world.players[0].zones["pile"].pieces]
            assert ann_pile[1] == 11
            imagined_ann.add(ann_pile[0])
        assert (len(imagined_piles) > 1) == bool(unknown)
        assert (imagined_ann == {10}) == (seat == 0)
    # undone, a move hides again what it showed, and shows it again when it is made again
    state.undo(10)
    move = state.parse_move("play 7")
    state.apply(move)
    assert state.history_for(0) == ["play 3", "play 7"] and not move.hidden_from_some
    state.undo()
    assert move.hidden_from_some and move.text_for(0) == "play card"
    state.apply(move)
    assert state.history_for(0) == ["play 3", "play 7"]
