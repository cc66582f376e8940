"""Crazy eights (tests/games/crazy-eights.mire), a card game with hidden hands, against a plain-Python reading of
its rules: at every position of seeded random games the legal moves the engine lists are those a small
function computes from what the player to move sees (their hand, the top discard, the suit named with an 8,
the sizes of the stock and the discard pile, whether they have just drawn); the turn passes over a player who
can neither play nor draw; the first hand emptied wins. Each seat's view, history and log show its own cards,
the discard pile and the counts of the rest, never another's card nor the stock's order. A few positions are
arranged by hand: an 8 played and a suit named, a draw from an empty stock that shuffles the discards into a
new stock, a player who cannot move and passes."""
import json
import random
import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.run.arrange import arrange
from mire.engine.run.knowledge import Worlds
from mire.grammar.position import parse_position

sys.path.insert(0, str(Path(__file__).parent))
from test_positions import CRAZY_EIGHTS_POSITION  # noqa: E402

GAME = Path(__file__).parent / "games" / "crazy-eights.mire"
SUITS = ["clubs", "diamonds", "hearts", "spades"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [f"{r}-{s}" for s in SUITS for r in RANKS]
GAMES = 30
CARD_NAME = re.compile(r"(?<![\w-])(?:%s)-(?:%s)(?![\w-])" % ("|".join(RANKS), "|".join(SUITS)))


@lru_cache(maxsize=None)
def loaded_from(path):
    return load_game(path)


def loaded():
    return loaded_from(str(GAME))


def label(card):
    """A card as the engine writes it in a move text: its rank and suit, `Q-hearts`."""
    return f"{card['rank']}-{card['suit']}"


# ---------------------------------------------------------------- the rules in plain Python


def follows(card, top, named):
    """An 8 always; else the suit named with the 8 on top, or the top card's suit or rank."""
    lead = named if named is not None else top["suit"]
    return card["rank"] == "8" or card["suit"] == lead or card["rank"] == top["rank"]


def plain_moves(seen):
    """The legal moves of the player to move, in the engine's order (play, draw, keep; a hand bottom first)."""
    if seen["choosing"]:  # an 8 was just played: name a suit
        return list(SUITS)
    top, named, hand = seen["discard"][-1], seen["named"], seen["hand"]
    if seen["drew"]:  # the card just drawn (the top of the hand) may be played, or kept
        drawn = hand[-1]
        return (["play " + label(drawn)] if follows(drawn, top, named) else []) + ["keep"]
    moves = ["play " + label(c) for c in hand if follows(c, top, named)]
    if seen["stock"] > 0 or len(seen["discard"]) > 1:
        moves.append("draw")
    return moves


def can_move(hand, discard, named, stock):
    """At the start of a turn: a card to play, or a card to draw (from the stock, or the discards reshuffled)."""
    return any(follows(c, discard[-1], named) for c in hand) or stock > 0 or len(discard) > 1


# ---------------------------------------------------------------- reading a position


def zone(view, name, owner=None):
    return next(z for z in view["zones"] if z["name"] == name and z["owner"] == owner)


def as_seen(state, seat, view=None):
    """What the plain rules need, read from the seat's own view."""
    view = view or state.view(seat)
    me = state.seat_name(seat)
    return {"hand": [p["attrs"] for p in zone(view, "hand", me)["pieces"]],
            "discard": [p["attrs"] for p in zone(view, "discard")["pieces"]],
            "stock": zone(view, "stock")["count"],
            "named": view["vars"]["named"], "drew": view["vars"]["drew"],
            "choosing": view["choice"] is not None}


def cards(z):
    return [dict(p.attrs) for p in z.pieces]


def truth(state):
    """The real position, from the state: every hand, the discard pile and the stock, bottom first."""
    return {"hands": [cards(p.zones["hand"]) for p in state.players],
            "discard": cards(state.zones["discard"]), "stock": cards(state.zones["stock"]),
            "named": state.vars["named"]}


def mentioned(state, seat, read=None, view=None):
    """The cards named anywhere a seat looks: its view, its history and the log lines it reads (but the moves
    and lines before read[seat], already looked at)."""
    moves, lines = read[seat] if read else (0, 0)
    history = [state.move_as_read(k, seat) for k in range(moves, len(state.history))]
    log = [text for (_, text), readers in zip(state.log[lines:], state.log_readers[lines:])
           if readers is None or seat in readers]
    if read:
        read[seat] = (len(state.history), len(state.log))
    text = "\n".join([json.dumps(view or state.view(seat))] + [h for h in history if h is not None] + log)
    return set(CARD_NAME.findall(text))


# ---------------------------------------------------------------- what each seat sees


def check_views(state, known, read):
    """Each seat sees its own hand and the discard pile card by card, the other hands and the stock as counts;
    nothing it reads names a card it has not been shown (known[seat]: its own cards and the discards so far)."""
    real = truth(state)
    views = [state.view(seat) for seat in range(state.num_players)]
    for seat, view in enumerate(views):
        stock = zone(view, "stock")
        assert stock["visible"] is False and stock["pieces"] == [] and stock["count"] == len(real["stock"])
        discard = zone(view, "discard")
        assert [p["attrs"] for p in discard["pieces"]] == real["discard"]
        for other in range(state.num_players):
            hand = zone(view, "hand", state.seat_name(other))
            assert hand["count"] == len(real["hands"][other])
            if other == seat:
                assert [p["attrs"] for p in hand["pieces"]] == real["hands"][seat]
            else:
                assert hand["visible"] is False and hand["pieces"] == []
        assert mentioned(state, seat, read, view) <= known[seat], f"seat {seat} reads of cards it was never shown"
    return views


def learn(state, known):
    real = truth(state)
    public = {label(c) for c in real["discard"]}
    for seat in range(state.num_players):
        known[seat] |= public | {label(c) for c in real["hands"][seat]}


# ---------------------------------------------------------------- seeded random games


def play_random(seed, players, stats, state=None):
    """A game played with seeded random moves to its end (from `state`, when given: a position arranged)."""
    dealt = state is None
    state = state or loaded().new_state(seed=seed, players=players)
    rng = random.Random(seed)
    known = [set() for _ in range(players)]
    read = [(0, 0)] * players
    learn(state, known)
    if dealt:
        each = 7 if players == 2 else 5
        assert [len(h) for h in truth(state)["hands"]] == [each] * players
        assert len(truth(state)["discard"]) == 1 and len(truth(state)["stock"]) == 52 - each * players - 1
    while not state.is_over():
        real = truth(state)
        assert all(real["hands"]), "the game goes on after a hand is empty"
        mover = state.to_move
        views = check_views(state, known, read)
        seen = as_seen(state, mover, views[mover])
        assert [m.text for m in state.legal_moves()] == plain_moves(seen), state.history
        move = rng.choice(state.legal_moves())
        before = truth(state)
        state.apply(move)
        learn(state, known)
        after = truth(state)
        if move.text == "draw":
            drawn = after["hands"][mover][-1]
            assert len(after["hands"][mover]) == len(before["hands"][mover]) + 1
            if not before["stock"]:  # the discards under the top card became the stock
                stats["reshuffles"] += 1
                assert after["discard"] == before["discard"][-1:]
                assert len(after["stock"]) == len(before["discard"]) - 2 and drawn in before["discard"][:-1]
            else:
                assert drawn == before["stock"][-1]
            assert state.to_move == mover and state.vars["drew"] is True
            for other in range(players):  # the card is the drawer's to know, unless it was shown before
                if other != mover and label(drawn) not in known[other]:
                    assert label(drawn) not in mentioned(state, other)
            continue
        if seen["choosing"]:
            stats["named"] += 1
            assert state.vars["named"] == move.text and before["discard"][-1]["rank"] == "8"
        elif move.text.startswith("play "):
            assert after["discard"][-1] == seen["hand"][[label(c) for c in seen["hand"]].index(move.text[5:])]
            if not after["hands"][mover]:
                assert state.is_over() and state.outcome().winners == (mover,)
                stats["ended"] += 1
                break
            if after["discard"][-1]["rank"] == "8":  # the one who played it names a suit now
                assert not state.is_over() and state.to_move == mover
                assert [m.text for m in state.legal_moves()] == SUITS
                continue
        assert not state.is_over()
        # the turn passes to the next player who can play or draw; the others pass
        nxt = (mover + 1) % players
        while not can_move(after["hands"][nxt], after["discard"], after["named"], len(after["stock"])):
            stats["passes"] += 1
            nxt = (nxt + 1) % players
        assert state.to_move == nxt, state.history
    assert state.is_over()
    winner = [s for s, h in enumerate(truth(state)["hands"]) if not h]
    assert state.outcome().winners == tuple(winner) and len(winner) == 1
    return state


def test_random_games_follow_the_plain_rules_and_hide_what_they_must():
    stats = {"reshuffles": 0, "named": 0, "passes": 0, "ended": 0}
    for i in range(GAMES):
        play_random(1000 + i, 2 + i % 3, stats)
    assert stats["ended"] == GAMES
    # the seeds reach the rules that matter (the passes are arranged by hand below)
    assert stats["named"] > 0 and stats["reshuffles"] > 0


def test_what_a_seat_imagines_it_cannot_tell_from_the_game():
    """The worlds a seat imagines (hands and stock dealt again, reshuffles included) show it exactly its view."""
    state = loaded().new_state(seed=5, players=3)
    rng = random.Random(5)
    for k in range(300):
        if state.is_over():
            break
        if k % 10 == 0:
            for seat in range(3):
                world = Worlds(state, seat).sample(random.Random(k))
                assert json.dumps(world.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True)
        state.apply(rng.choice(state.legal_moves()))


# ---------------------------------------------------------------- positions arranged by hand


def card(state, text):
    rank, suit = text.split("-")
    return next(p for p in state.kind_pieces["card"] if p.attrs == {"rank": rank, "suit": suit})


def arranged(players, hands, discard, stock=None, named=None):
    """A new game with the cards where the test puts them (each list bottom first); the cards not named go to
    the stock, or out of the game (the box) when `stock` is given."""
    state = loaded().new_state(seed=7, players=players)
    placed = [c for h in hands for c in h] + discard + (stock or [])
    rest = [c for c in DECK if c not in placed]
    for p in list(state.zones["stock"].pieces) + [q for pl in state.players for q in pl.zones["hand"].pieces] \
            + list(state.zones["discard"].pieces):
        state.move_piece(p, state.supply, None)
    for c in ([] if stock is None else rest):
        state.move_piece(card(state, c), state.box, None)
    if stock is None:
        stock = rest
    for seat, hand in enumerate(hands):
        for c in hand:
            state.move_piece(card(state, c), state.players[seat].zones["hand"], None)
    for c in discard:
        state.move_piece(card(state, c), state.zones["discard"], None)
    for c in stock:
        state.move_piece(card(state, c), state.zones["stock"], None)
    assert not state.supply.pieces
    state.set_var(state.vars, "named", named)
    state.forget_listings()
    state.settle()
    return state


def texts(state):
    return [m.text for m in state.legal_moves()]


def test_an_eight_is_played_and_names_the_suit_the_next_player_must_follow():
    state = arranged(2, [["8-hearts", "3-clubs", "5-diamonds"], ["K-diamonds", "2-clubs", "9-spades", "J-hearts"]],
                     ["5-spades"])
    assert texts(state) == ["play 8-hearts", "play 5-diamonds", "draw"]
    state.apply(state.parse_move("play 8-hearts"))
    assert state.to_move == 0 and texts(state) == SUITS
    assert state.view(0)["choice"] is not None and state.view(1)["choice"] is None
    state.apply(state.parse_move("diamonds"))
    assert state.vars["named"] == "diamonds" and state.to_move == 1
    # spades no longer follows, nor hearts (the 8's own suit): only the suit named, or an 8
    assert texts(state) == ["play K-diamonds", "draw"]
    # the other reads the card played (it went face up onto the public pile) and the suit named
    assert state.history_for(1) == ["play 8-hearts", "diamonds"]
    assert label(zone(state.view(1), "discard")["pieces"][-1]["attrs"]) == "8-hearts"
    state.apply(state.parse_move("play K-diamonds"))
    assert state.vars["named"] is None and texts(state) == ["play 5-diamonds", "draw"]


def test_an_eight_as_the_last_card_wins_without_naming_a_suit():
    state = arranged(2, [["8-hearts"], ["K-diamonds", "2-clubs"]], ["5-spades"])
    state.apply(state.parse_move("play 8-hearts"))
    assert state.is_over() and state.outcome().winners == (0,)


def test_a_draw_from_an_empty_stock_shuffles_the_discards_under_the_top_card_into_a_new_stock():
    under = ["2-clubs", "3-clubs", "4-clubs", "5-clubs", "6-hearts"]
    state = arranged(2, [["J-diamonds"], ["K-diamonds", "9-spades"]], under + ["Q-spades"], stock=[])
    assert texts(state) == ["draw"]
    state.apply(state.parse_move("draw"))
    real = truth(state)
    assert [label(c) for c in real["discard"]] == ["Q-spades"]
    assert len(real["stock"]) == 4 and sorted(label(c) for c in real["stock"] + real["hands"][0][-1:]) == sorted(under)
    drawn = label(real["hands"][0][-1])
    assert any(f"you draw the {drawn}" in str(line) for line in state.log_for(0))
    assert zone(state.view(1), "stock")["pieces"] == [] and all(drawn not in str(line) for line in state.log_for(1))
    assert state.to_move == 0 and texts(state) == ["keep"]  # no club nor heart follows the Q of spades


def test_the_card_drawn_may_be_played_at_once_or_kept_but_no_other():
    # a player may draw even when they could play (the 5 of hearts); then only the card drawn may be played
    state = arranged(2, [["J-diamonds", "5-hearts"], ["K-diamonds", "9-spades"]], ["5-spades"],
                     stock=["2-hearts", "7-spades"])
    assert texts(state) == ["play 5-hearts", "draw"]
    state.apply(state.parse_move("draw"))
    assert texts(state) == ["play 7-spades", "keep"]
    assert "7-spades" not in mentioned(state, 1) and state.history_for(1) == ["draw"]
    state.apply(state.parse_move("keep"))
    assert state.to_move == 1 and texts(state) == ["play 9-spades", "draw"]


def test_a_player_who_can_neither_play_nor_draw_passes():
    # the last discard under the top card is drawn (a reshuffle of one card); then the discard pile is one card,
    # the stock is empty, and seat 2 holds no spade, no 5 and no 8: it passes, and seat 1 plays again
    state = arranged(2, [["K-spades"], ["2-hearts", "3-clubs"]], ["9-hearts", "5-spades"], stock=[])
    state.apply(state.parse_move("draw"))
    assert label(truth(state)["hands"][0][-1]) == "9-hearts" and not truth(state)["stock"]
    state.apply(state.parse_move("keep"))
    assert not state.is_over() and state.to_move == 0 and state.turn_player.index == 0
    assert [label(c) for c in truth(state)["hands"][1]] == ["2-hearts", "3-clubs"]
    assert texts(state) == ["play K-spades"]


def test_nobody_is_told_another_players_hand_at_the_start():
    for players in (2, 3, 4):
        state = loaded().new_state(seed=players, players=players)
        for seat in range(players):
            own = {label(c) for c in truth(state)["hands"][seat]} | {label(truth(state)["discard"][-1])}
            assert mentioned(state, seat) == own


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal(players):
    state = loaded().new_state(seed=0, players=players)
    real = truth(state)
    dealt = 7 if players == 2 else 5
    everything = sorted(label(c) for c in [c for h in real["hands"] for c in h] + real["discard"] + real["stock"])
    assert everything == sorted(DECK) and [len(h) for h in real["hands"]] == [dealt] * players


# ---------------------------------------------------------------- what players read


def test_a_play_is_announced_without_saying_play_twice(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from mire.cli.main import main
    from mire.cli.play import announced, replay
    state = loaded().new_state(seed=1)
    first = state.legal_moves()[0]
    assert first.text == "play 9-clubs"
    assert announced(state, first, 0) == " plays 9-clubs"
    draw = next(m for m in state.legal_moves() if m.text == "draw")
    assert announced(state, draw, 0) == " plays draw"  # an action named otherwise: its name and values, as typed
    # the REPL's announcement and its history; the replay of a save
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(main, ["play", str(GAME), "--seed", "1"], input="1\n\n2\n\nhistory\nquit\n",
                             catch_exceptions=False).output
    assert "plays play" not in out
    assert "\n1 plays 9-clubs\n" in out and "\n2 plays draw\n" in out
    assert "1. 1 plays 9-clubs\n2. 2 plays draw\n" in out
    said: list = []
    replay(loaded().new_state(seed=1), ["play 9-clubs", "draw"], 0, echo=said.append)
    assert [line for line in said if line[:2] in ("1.", "2.")] == ["1. 1 plays 9-clubs", "2. 2 plays draw"]


def test_a_card_that_does_not_follow_is_refused_in_the_words_of_what_it_should_match():
    state = arranged(2, [["4-diamonds", "9-clubs"], ["K-diamonds", "2-hearts"]], ["2-clubs"])
    assert state.explain("play 4-diamonds") == (
        "cannot play 4-diamonds: the rank of 4-diamonds is 4, not 8 and the suit of 4-diamonds is diamonds, "
        "not clubs and the rank of 4-diamonds is 4, not 2")
    assert state.explain("play 9-clubs") == "'play 9-clubs' is a legal move now"


def test_a_suit_that_may_be_named_is_explained_as_one_of_the_choices():
    state = arranged(2, [["8-hearts", "3-clubs"], ["K-diamonds", "2-clubs"]], ["5-spades"])
    state.apply(state.parse_move("play 8-hearts"))
    assert state.explain("Diamonds") == "'diamonds' is one of the choices now"
    assert state.explain("play 3-clubs") == "'play 3-clubs' is not one of the choices: clubs, diamonds, hearts, spades"


# ---------------------------------------------------------------- a position written out


def test_random_games_from_a_position_file_follow_the_plain_rules_and_hide_what_they_must():
    """The position of tests/test_positions.py (9 cards in play, 2 in the stock): seeded games from it, each the
    same when played again, follow the plain rules to their end; no seat reads a card it was not shown, the
    stock soon runs out and the discards are shuffled into it."""
    def start(seed):
        state = loaded().new_state(seed=seed, players=2)
        arrange(state, parse_position(CRAZY_EIGHTS_POSITION, "p.pos"), "p.pos")
        return state
    stats = {"reshuffles": 0, "named": 0, "passes": 0, "ended": 0}
    for seed in range(12):
        state = play_random(seed, 2, stats, start(seed))
        again = play_random(seed, 2, {"reshuffles": 0, "named": 0, "passes": 0, "ended": 0}, start(seed))
        assert again.history == state.history and again.outcome() == state.outcome()
        assert len(state.supply.pieces) == 43  # the cards written nowhere stay out of the game
    assert stats["ended"] == 12 and stats["reshuffles"] > 0 and stats["named"] > 0
