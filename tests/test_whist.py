"""Whist (tests/games/whist.mire), a trick-taking game of two partnerships, against a plain-Python reading of its
rules (the class `Whist` below, written from the rulebook, not from the rules file): the deal from the shuffled
deck the engine records, then at every step of seeded random games the same legal moves, the same cards in every
hand and on the table, the same tricks and the same player to move, and at the end the same scores and
winners; perft from the start, for several deals, the same as the plain game's. Each seat's view, history and
log show its own hand, the card turned up, the cards played and the counts of the other hands, never a card of
another's hand it has not seen played. A few deals are arranged by forcing the start's shuffle: a trump taking
the trick from a higher card of the suit led, a player out of the suit led throwing any card, the card turned
up taken into hand at the dealer's first turn, a full trick taken by its winner as it is completed (every seat
reading the card that completes it), and a side holding every trump taking all thirteen tricks."""
import json
import random
import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from mire.engine import IllegalMove, load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.knowledge import Worlds

sys.path.insert(0, str(Path(__file__).parent))
from plain_games import plain_perft  # noqa: E402

GAME = Path(__file__).parent / "games" / "whist.mire"
SEATS = ["north", "east", "south", "west"]
SUITS = ["clubs", "diamonds", "hearts", "spades"]
RANKS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]
DECK = [(r, s) for s in SUITS for r in RANKS]  # the order of the rules file's deck (`each suit, each rank`)
GAMES = 40
# a card named in a text: as a move or a piece names it ("queen-hearts"), or as the game shows it ("queen of hearts")
CARD_NAME = re.compile(r"\b(%s)(?:-| of )(%s)\b" % ("|".join(RANKS), "|".join(SUITS)))


@lru_cache(maxsize=None)
def loaded_from(path):
    return load_game(path)


def loaded():
    return loaded_from(str(GAME))


def text(card):
    return f"{card[0]}-{card[1]}"


# ---------------------------------------------------------------- the rules in plain Python


class Whist:
    """One deal of whist. Seats 0 to 3 play in turn to the left, 0 after 3; 0 and 2 are partners against 1 and 3.
    A card is (rank, suit). The deck, bottom first, is dealt from the top one card at a time, starting with the
    player on the dealer's left, who leads; the dealer's last card is turned up for trumps and taken into the
    dealer's hand when the dealer's turn to play to the first trick comes."""

    def __init__(self, deck=None, first=0):
        if deck is None:  # (for copy)
            return
        deck = list(deck)
        self.dealer = (first + 3) % 4
        self.hands = [[] for _ in range(4)]
        for _ in range(13):
            for k in range(4):
                self.hands[(first + k) % 4].append(deck.pop())
        self.turnup = self.hands[self.dealer].pop()
        self.trumps = self.turnup[1]
        self.trick = []  # (seat, card), in the order played; a full trick is taken at once
        self.last_trick = []  # the last full trick, as it was played
        self.tricks = [0, 0, 0, 0]
        self.to_move = first
        self.scores = None
        self.winners = None
        self.start_turn()

    def copy(self):
        other = Whist()
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.last_trick = list(self.last_trick)
        other.tricks = list(self.tricks)
        return other

    @property
    def over(self):
        return self.winners is not None

    def start_turn(self):
        if self.to_move == self.dealer and self.turnup is not None:
            self.hands[self.dealer].append(self.turnup)
            self.turnup = None

    def playable(self):
        """The cards the player to move may play: any to lead; else one of the suit led, if they hold one."""
        if self.over:
            return []
        hand = self.hands[self.to_move]
        if not self.trick:
            return list(hand)
        led = self.trick[0][1][1]
        return [c for c in hand if c[1] == led] or list(hand)

    def legal(self):
        return ["play " + text(c) for c in self.playable()]

    def taker(self):
        """Who takes the full trick: a trump beats any other suit, the suit led any other but trumps, then the
        higher rank."""
        led = self.trick[0][1][1]
        return max(self.trick, key=lambda sc: (sc[1][1] == self.trumps, sc[1][1] == led, RANKS.index(sc[1][0])))[0]

    def play(self, move):
        rank, suit = move.split(" ")[1].split("-")
        card, seat = (rank, suit), self.to_move
        assert card in self.playable(), move
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self.to_move = (seat + 1) % 4
        else:  # the winner takes the trick at once, and leads to the next
            self.to_move = self.taker()
            self.tricks[self.to_move] += 1
            self.last_trick, self.trick = self.trick, []
            if not any(self.hands):
                sides = [self.tricks[0] + self.tricks[2], self.tricks[1] + self.tricks[3]]
                self.scores = [max(0, sides[s % 2] - 6) for s in range(4)]
                self.winners = tuple(s for s in range(4) if sides[s % 2] > 6)
                return
        self.start_turn()


# ---------------------------------------------------------------- reading the engine's game


def cards(zone):
    return [(p.attrs["rank"], p.attrs["suit"]) for p in zone.pieces]


def truth(state):
    """The real position, from the state."""
    return {"hands": [cards(p.zones["hand"]) for p in state.players],
            "turnup": (cards(state.zones["turnup"]) or [None])[0],
            "trick": [(p.owner.index, (p.attrs["rank"], p.attrs["suit"])) for p in state.zones["trick"].pieces],
            "tricks": [p.vars["tricks"] for p in state.players]}


def plain_of(state):
    """The plain game of the same deal: the deck as the engine shuffled it (a shuffle's outcome is the old places
    of its pieces, bottom first) and the seat drawn to deal (the seat on the dealer's left leads)."""
    pick, shuffle = state.chance[0], state.chance[1]
    assert pick.kind == "pick" and [str(p) for p in pick.options] == SEATS and shuffle.kind == "shuffle"
    return Whist([DECK[i] for i in shuffle.outcome], (pick.outcome + 1) % 4)


def same(state, plain):
    real = truth(state)
    assert real["hands"] == plain.hands
    assert real["turnup"] == plain.turnup
    assert real["trick"] == plain.trick
    assert real["tricks"] == plain.tricks
    assert state.vars["trumps"] == plain.trumps and state.vars["dealer"].index == plain.dealer
    assert state.is_over() == plain.over
    if not plain.over:
        assert state.to_move == plain.to_move


# ---------------------------------------------------------------- what each seat sees


def zone(view, name, owner=None):
    return next(z for z in view["zones"] if z["name"] == name and z["owner"] == owner)


def view_cards(z):
    return [(p["attrs"]["rank"], p["attrs"]["suit"]) for p in z["pieces"]]


def mentioned(state, seat, view=None):
    """The cards named anywhere the seat looks: its view (the pieces it shows and any text in it), its history
    and the log lines it reads."""
    view = view or state.view(seat)
    named = set()

    def walk(x):
        if isinstance(x, dict):
            if x.get("kind") == "card" and x.get("attrs"):
                named.add((x["attrs"]["rank"], x["attrs"]["suit"]))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(view)
    texts = [json.dumps(view)] + [h for h in state.history_for(seat) if h] + [line for _, line in state.log_for(seat)]
    named |= {m for t in texts for m in CARD_NAME.findall(t)}
    return named


def check_views(state, known):
    """Each seat sees its own hand, the card turned up, the trick on the table; of the others' hands only how
    many cards they hold; nothing it reads names a card it was not shown (known[seat])."""
    real = truth(state)
    for seat in range(4):
        view = state.view(seat)
        assert zone(view, "deck")["visible"] is False and zone(view, "deck")["count"] == 0
        assert view_cards(zone(view, "turnup")) == ([real["turnup"]] if real["turnup"] else [])
        assert view_cards(zone(view, "trick")) == [c for _, c in real["trick"]]
        assert [p["owner"] for p in zone(view, "trick")["pieces"]] == [SEATS[s] for s, _ in real["trick"]]
        for other in range(4):
            hand = zone(view, "hand", SEATS[other])
            assert hand["count"] == len(real["hands"][other])
            if other == seat:
                assert hand["visible"] is True and view_cards(hand) == real["hands"][seat]
            else:
                assert hand["visible"] is False and hand["pieces"] == []
        assert not any(z["name"] == "box" for z in view["zones"])
        assert mentioned(state, seat, view) <= known[seat], f"{SEATS[seat]} reads of cards it was never shown"


def learn(state, known, played=None):
    """What every seat has been shown: the trick and the card turned up, each seat its own hand, and the card
    just played, face up (the card that completes a trick, which its winner takes at once, is read by all)."""
    real = truth(state)
    public = {c for _, c in real["trick"]} | ({real["turnup"]} if real["turnup"] else set()) | \
        ({played} if played else set())
    for seat in range(4):
        known[seat] |= public | set(real["hands"][seat])


# ---------------------------------------------------------------- seeded random games


def play_random(seed, stats):
    state = loaded().new_state(seed=seed)
    plain = plain_of(state)
    rng = random.Random(seed)
    known = [set() for _ in range(4)]
    # the deal: 13 cards each, the dealer's 13th on the table, face up; the player on the dealer's left leads
    assert sorted([c for h in plain.hands for c in h] + [plain.turnup]) == sorted(DECK)
    assert [len(h) for h in plain.hands] == [12 if s == plain.dealer else 13 for s in range(4)]
    assert state.to_move == (plain.dealer + 1) % 4
    same(state, plain)
    learn(state, known)
    while not state.is_over():
        check_views(state, known)
        moves = [m.text for m in state.legal_moves()]
        assert moves == plain.legal(), state.history
        if len(moves) < len(plain.hands[plain.to_move]):
            stats["followed"] += 1
        elif plain.trick and len(plain.trick) < 4:
            stats["void"] += 1
        move = rng.choice(moves)
        state.apply(state.parse_move(move))
        plain.play(move)
        learn(state, known, card_of(move.split(" ")[1]))
        same(state, plain)
        if not plain.trick:
            led, taken = plain.last_trick[0][1][1], dict(plain.last_trick)[plain.to_move]
            stats["trumped"] += taken[1] == plain.trumps != led
        # every card played lies face up on the table, if only until the trick is taken: every seat reads every
        # move whole
        assert all(state.history_for(seat) == state.history for seat in range(4))
    outcome = state.outcome()
    assert outcome.winners == plain.winners and not outcome.draw
    assert [outcome.scores[s] for s in range(4)] == plain.scores
    assert len(state.history) == 52 and sum(plain.tricks) == 13
    taken = plain.tricks[plain.winners[0]] + plain.tricks[plain.winners[1]]
    assert outcome.reason == f"{taken} tricks to {13 - taken}"
    check_views(state, known)
    return state


def test_random_games_follow_the_plain_rules_and_hide_what_they_must():
    stats = {"followed": 0, "void": 0, "trumped": 0}
    for i in range(GAMES):
        play_random(2000 + i, stats)
    # the seeds reach both sides of the rule to follow suit, and tricks taken by a trump
    assert stats["followed"] > 0 and stats["void"] > 0 and stats["trumped"] > 0


def test_at_the_start_each_seat_reads_of_its_own_cards_and_the_card_turned_up_alone():
    for seed in range(4):
        state = loaded().new_state(seed=seed)
        real = truth(state)
        for seat in range(4):
            assert mentioned(state, seat) == set(real["hands"][seat]) | {real["turnup"]}


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_perft_from_the_start_is_the_plain_games(seed):
    state = loaded().new_state(seed=seed)
    assert perft(state, 6) == plain_perft(plain_of(state), 6)


def test_what_a_seat_imagines_shows_it_its_view_and_keeps_what_it_saw():
    """The worlds a seat imagines show it exactly its view; the cards it saw played stay where they went (the
    tricks put away, in the box, in the order they went there) and in no hand; the card turned up, which
    everybody saw go into the dealer's hand, is there in every world until it is played. (What a player's
    failure to follow suit tells of their hand, a world does not keep: it may deal them that suit again.)"""
    state = loaded().new_state(seed=11)
    rng = random.Random(11)
    turnup = truth(state)["turnup"]
    dealer = state.vars["dealer"].index
    took_up = 0
    for k in range(52):
        if k % 3 == 0:
            real = truth(state)
            played = set(cards(state.box)) | {c for _, c in real["trick"]}
            for seat in range(4):
                world = Worlds(state, seat).sample(random.Random(k))
                assert json.dumps(world.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True)
                imagined = truth(world)
                assert imagined["hands"][seat] == real["hands"][seat] and cards(world.box) == cards(state.box)
                assert not played & {c for h in imagined["hands"] for c in h}
                if turnup in real["hands"][dealer]:
                    took_up += 1
                    assert turnup in imagined["hands"][dealer]
        state.apply(rng.choice(state.legal_moves()))
    assert took_up > 0


# ---------------------------------------------------------------- deals arranged by hand


def fisher_yates_steps(order):
    """The draws of the engine's shuffle (Fisher-Yates, from the top down: among n, then n - 1, ...) that leave
    the table's cards in `order` (indexes into DECK, bottom first)."""
    items = list(range(len(order)))
    steps = []
    for i in range(len(order) - 1, 0, -1):
        j = items.index(order[i])
        items[i], items[j] = items[j], items[i]
        steps.append(j)
    assert items == list(order)
    return steps


def card_of(name):
    rank, suit = name.split("-")
    return rank, suit


def arranged(hands, first):
    """A new game dealt so that seat s holds hands[s] (13 card names each, in the order dealt; the dealer's last
    is the card turned up), the seat `first` leading."""
    dealt = [card_of(c) for h in hands for c in h]
    assert sorted(dealt) == sorted(DECK) and all(len(h) == 13 for h in hands)
    deck = [None] * 52
    for r in range(13):
        for k in range(4):
            deck[51 - (4 * r + k)] = DECK.index(card_of(hands[(first + k) % 4][r]))
    state = loaded().new_state(seed=0, chance=((first + 3) % 4, *fisher_yates_steps(deck)))  # the dealer
    assert list(state.chance[1].outcome) == deck
    plain = plain_of(state)
    same(state, plain)
    return state, plain


def suit_of(suit, ranks):
    return [f"{r}-{suit}" for r in ranks]


# north: every club and nothing else; east every diamond, south every heart, west every spade but one heart and
# one spade change places so that west's 13th card, turned up, is the two of hearts and hearts are trumps
SPLIT = [suit_of("clubs", RANKS), suit_of("diamonds", RANKS), suit_of("hearts", RANKS[1:]) + ["ace-spades"],
         suit_of("spades", RANKS[:-1]) + ["two-hearts"]]


def texts(state):
    return [m.text for m in state.legal_moves()]


def test_the_card_turned_up_is_the_dealers_last_shown_to_all_until_the_dealers_first_turn():
    state, plain = arranged(SPLIT, first=0)
    assert state.vars["dealer"].index == 3 and state.vars["trumps"] == "hearts"
    assert truth(state)["turnup"] == ("two", "hearts") and len(truth(state)["hands"][3]) == 12
    assert "west deals and turns up the two of hearts: hearts are trumps" in [line for _, line in state.log_for(1)]
    for seat in range(4):
        assert view_cards(zone(state.view(seat), "turnup")) == [("two", "hearts")]
    for move in ["play ace-clubs", "play ace-diamonds", "play ace-spades"]:
        state.apply(state.parse_move(move))
        plain.play(move)
    # west's turn: the card goes into west's hand, and west, who holds no club, may play it (or any card)
    assert state.to_move == 3 and truth(state)["turnup"] is None
    assert truth(state)["hands"][3][-1] == ("two", "hearts") and zone(state.view(0), "hand", "west")["count"] == 13
    assert texts(state) == plain.legal() and len(texts(state)) == 13 and texts(state)[-1] == "play two-hearts"
    # the lowest trump takes the trick from the ace of the suit led
    state.apply(state.parse_move("play two-hearts"))
    plain.play("play two-hearts")
    same(state, plain)
    assert state.to_move == 3 and truth(state)["tricks"] == [0, 0, 0, 1]
    assert "west takes the trick with the two of hearts" in [line for _, line in state.log_for(0)]


def test_a_player_must_follow_suit_if_able_and_may_play_any_card_when_not():
    state, plain = arranged(SPLIT, first=0)
    assert texts(state) == ["play " + c for c in SPLIT[0]]  # the leader plays any card
    # north leads a club: nobody else holds one, so each may play any card (south a spade, not a trump)
    for move, choices in [("play two-clubs", 13), ("play king-diamonds", 13), ("play ace-spades", 13),
                          ("play ten-spades", 13)]:
        assert len(texts(state)) == choices
        state.apply(state.parse_move(move))
    # the two of clubs, the one card of the suit led and no trump played, takes the trick: north leads again
    assert state.to_move == 0 and truth(state)["tricks"] == [1, 0, 0, 0]
    for move in ["play three-clubs", "play two-diamonds", "play three-hearts", "play nine-spades"]:
        state.apply(state.parse_move(move))
    # south's trump takes it, and south leads trumps: west holds twelve spades and the two of hearts, taken up
    # at its first turn, and must play its heart; north, who holds no heart, any of its clubs
    assert state.to_move == 2 and truth(state)["tricks"] == [1, 0, 1, 0]
    state.apply(state.parse_move("play four-hearts"))
    assert texts(state) == ["play two-hearts"]
    with pytest.raises(IllegalMove):
        state.parse_move("play queen-spades")
    state.apply(state.parse_move("play two-hearts"))
    assert texts(state) == ["play " + c for c in SPLIT[0][2:]]
    state.apply(state.parse_move("play four-clubs"))
    state.apply(state.parse_move("play three-diamonds"))
    same(state, plain_after(state))
    assert state.to_move == 2 and truth(state)["tricks"] == [1, 0, 2, 0]


def plain_after(state):
    """The plain game of the state's deal, with the state's moves played."""
    plain = plain_of(state)
    for move in state.history:
        plain.play(move)
    return plain


def test_perft_of_a_deal_counted_by_hand():
    # north leads one of its 13 clubs, and nobody else holds a club: each of the others may play any of 13 cards
    # (west's 13th, the two of hearts, taken up at its turn)
    state, plain = arranged(SPLIT, first=0)
    assert perft(state, 4) == [13, 13 ** 2, 13 ** 3, 13 ** 4] == plain_perft(plain, 4)


def test_a_full_trick_is_taken_by_its_winner_as_it_is_completed_and_read_by_all():
    state, _ = arranged(SPLIT, first=0)
    for move in ["play two-clubs", "play king-diamonds", "play ace-spades"]:
        state.apply(state.parse_move(move))
    assert view_cards(zone(state.view(0), "trick")) == [("two", "clubs"), ("king", "diamonds"), ("ace", "spades")]
    state.apply(state.parse_move("play ten-spades"))
    full = [("two", "clubs"), ("king", "diamonds"), ("ace", "spades"), ("ten", "spades")]
    # put away at once, in the order played: in nobody's view, nor counted anywhere but in the winner's tricks;
    # and every seat read the card that completed it, which lay face up on the table before the trick was taken
    for seat in range(4):
        assert view_cards(zone(state.view(seat), "trick")) == []
        assert state.view(seat)["players"][0]["vars"]["tricks"] == 1
        assert state.history_for(seat)[-1] == "play ten-spades"
        assert state.log_for(seat)[-1] == (3, "north takes the trick with the two of clubs")
    assert cards(state.box)[-4:] == full and state.to_move == 0
    state.apply(state.parse_move("play three-clubs"))
    for seat in range(4):
        assert view_cards(zone(state.view(seat), "trick")) == [("three", "clubs")]


def test_a_side_that_holds_every_trump_takes_all_thirteen_tricks_whatever_is_played():
    # north deals to itself every spade, and its last card, turned up, makes spades trumps: whoever leads,
    # north takes every trick, following suit with a spade or trumping what it cannot follow
    hands = [suit_of("spades", RANKS), suit_of("hearts", RANKS), suit_of("diamonds", RANKS), suit_of("clubs", RANKS)]
    for seed in range(5):
        state, plain = arranged(hands, first=1)
        assert state.vars["trumps"] == "spades" and state.vars["dealer"].index == 0
        rng = random.Random(seed)
        while not state.is_over():
            move = rng.choice(texts(state))
            state.apply(state.parse_move(move))
            plain.play(move)
            same(state, plain)
        outcome = state.outcome()
        assert truth(state)["tricks"] == [13, 0, 0, 0]
        assert outcome.winners == (0, 2) and [outcome.scores[s] for s in range(4)] == [7, 0, 7, 0]
        assert outcome.text == "north and south share the win" and outcome.reason == "13 tricks to 0"
