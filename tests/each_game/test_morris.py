"""Nine men's morris (tests/games/nine-mens-morris.mire), on a graph board whose mills are its lines, against
a plain-Python implementation written from the rules: perft from the start and from positions met in
seeded games, the same decisions at every step of those games, and the same results."""
import copy
import random
from pathlib import Path

import pytest
from plain_games import play_side_by_side

from mire.engine import load_game
from mire.engine.analysis.perft import perft

GAMES = Path(__file__).parents[1] / "games"

MILLS = [line.split() for line in """
    a7 d7 g7
    b6 d6 f6
    c5 d5 e5
    a4 b4 c4
    e4 f4 g4
    c3 d3 e3
    b2 d2 f2
    a1 d1 g1
    a7 a4 a1
    b6 b4 b2
    c5 c4 c3
    d7 d6 d5
    d3 d2 d1
    e5 e4 e3
    f6 f4 f2
    g7 g4 g1""".strip().splitlines()]
POINTS = sorted({p for mill in MILLS for p in mill})
NEXT_TO = {p: set() for p in POINTS}
for _a, _b, _c in MILLS:
    NEXT_TO[_a].add(_b)
    NEXT_TO[_b] |= {_a, _c}
    NEXT_TO[_c].add(_b)
LAST_TURN = 200


class Morris:
    """Place nine men each, then step along the lines (fly with three); a mill takes a man in no mill (any,
    when all are in mills); fewer than three men, or no move, loses; the 200th turn draws. A decision is a
    placing (`put a1`), a step (`step a1 d1`) or, after a mill, the man taken: a decision of its own even when
    one man can be taken (`choose ... always`), as OpenSpiel's nine_mens_morris makes it."""

    def __init__(self):
        self.men = {}  # point -> 0 (white) or 1 (black)
        self.hand = [9, 9]
        self.to_move = 0
        self.turn = 1
        self.taking = None  # the men the mover may take, when they must choose
        self.result = None  # "white", "black" or "draw"

    def in_mill(self, p):
        return any(p in mill and all(self.men.get(q) == self.men[p] for q in mill) for mill in MILLS)

    def placing(self):
        return self.hand != [0, 0]

    def reach(self, p):
        own = sum(1 for q in self.men.values() if q == self.to_move)
        return POINTS if own == 3 else sorted(NEXT_TO[p])

    def steps(self):
        return [f"step {a} {b}" for a in POINTS if self.men.get(a) == self.to_move
                for b in self.reach(a) if b not in self.men]

    def legal(self):
        if self.result is not None:
            return set()
        if self.taking is not None:
            return set(self.taking)
        if self.placing():
            return {f"put {p}" for p in POINTS if p not in self.men}
        return set(self.steps())

    def play(self, text):
        words = text.split()
        if self.taking is not None:
            assert text in self.taking
            self.taking = None
            del self.men[text]
            self.end_turn()
            return
        if words[0] == "put":
            self.hand[self.to_move] -= 1
            landed = words[1]
        else:
            del self.men[words[1]]
            landed = words[2]
        self.men[landed] = self.to_move
        if self.in_mill(landed):
            theirs = [p for p in POINTS if self.men.get(p) == 1 - self.to_move]
            free = [p for p in theirs if not self.in_mill(p)]
            options = free or theirs
            if options:
                self.taking = options
                return
        self.end_turn()

    def end_turn(self):
        other = 1 - self.to_move
        if sum(1 for q in self.men.values() if q == other) + self.hand[other] < 3:
            self.result = ["white", "black"][self.to_move]
            return
        if self.turn == LAST_TURN:
            self.result = "draw"
            return
        self.to_move = other
        self.turn += 1
        if not self.placing() and not self.steps():
            self.result = ["white", "black"][1 - self.to_move]


def plain_perft(game, depth):
    counts = [0] * depth

    def walk(g, d):
        moves = sorted(g.legal())
        counts[d] += len(moves)
        if d + 1 < depth:
            for m in moves:
                after = copy.deepcopy(g)
                after.play(m)
                walk(after, d + 1)
    walk(game, 0)
    return counts


def _game():
    return load_game(str(GAMES / "nine-mens-morris.mire"))


def test_perft_from_the_start():
    state = _game().new_state()
    assert perft(state, 4) == plain_perft(Morris(), 4) == [24, 552, 12144, 255024]


def _result(state):
    outcome = state.outcome()
    return "draw" if outcome.draw else state.players[outcome.winners[0]].name


def _play_along(seed, on_step=None):
    """A seeded random game, played in the engine and in the plain implementation side by side."""
    state, plain = _game().new_state(seed=seed), Morris()
    play_side_by_side(state, plain, random.Random(seed), check=on_step, where=f"seed {seed}")
    return state, plain


@pytest.mark.parametrize("seed", range(12))
def test_random_games_agree_with_the_plain_implementation(seed):
    state, plain = _play_along(seed)
    assert plain.result is not None and _result(state) == plain.result


def test_the_random_games_reach_every_kind_of_end():
    results = {_play_along(seed)[1].result for seed in range(12)}
    assert results == {"white", "black", "draw"}


def test_perft_from_positions_met_in_play():
    """Every 15th decision of a few games, and each choice of a man to take: perft 3."""
    met = []

    def sample(state, plain):
        if len(state.history) % 15 == 7 or plain.taking:
            met.append((state.history, copy.deepcopy(plain)))
    for seed in (1, 2, 3):
        _play_along(seed, sample)
    game = _game()
    kinds = set()
    for history, plain in met:
        state = game.new_state()
        for text in history:
            state.apply(state.parse_move(text))
        assert perft(state, 3) == plain_perft(plain, 3), f"after {history}"
        own = sum(1 for q in plain.men.values() if q == plain.to_move)
        kinds.add("taking" if plain.taking else "placing" if plain.placing() else "flying" if own == 3 else "moving")
    assert kinds == {"placing", "taking", "moving", "flying"}


def test_a_mill_takes_a_man_that_is_in_no_mill():
    state = _game().new_state()
    for text in ["put a1", "put b2", "put a4", "put d2", "put g7", "put f2"]:  # black closes b2 d2 f2
        state.apply(state.parse_move(text))
    assert state.to_move == 1 and {m.text for m in state.legal_moves()} == {"a1", "a4", "g7"}
    state.apply(state.parse_move("g7"))
    state.apply(state.parse_move("put a7"))  # white closes a7 a4 a1
    # black's men are all in a mill, so any of them may be taken
    assert state.to_move == 0 and {m.text for m in state.legal_moves()} == {"b2", "d2", "f2"}
    state.apply(state.parse_move("d2"))
    assert not state.space_by_name["d2"].pieces and state.to_move == 1
    state.apply(state.parse_move("put d2"))  # black makes the mill again: white's men are all in one
    assert state.to_move == 1 and {m.text for m in state.legal_moves()} == {"a1", "a4", "a7"}


def test_a_player_who_cannot_move_loses():
    """`when stuck: lose`. Blocked men are rare in random play: the plain implementation's game of seed 2000
    (moves picked from its own sorted list) is the first of 3000 that ends so. The engine, given the same
    moves, ends it the same way, and says why."""
    plain = Morris()
    rng = random.Random(2000)
    state = _game().new_state()
    while plain.result is None:
        assert not state.is_over()
        moves = sorted(plain.legal())
        text = moves[rng.randrange(len(moves))]
        plain.play(text)
        state.apply(state.parse_move(text))
    black = [p for p, q in plain.men.items() if q == 1]
    assert plain.result == "white" and plain.to_move == 1 and len(black) >= 3 and not plain.steps()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason == "black cannot move"
    assert sorted(s.name for s in state.boards["points"].spaces if s.pieces and s.pieces[-1].owner.index == 1) \
        == sorted(black)


def test_perft_from_a_position_on_the_graph():
    """A position file writes a graph's rows from the top down, each the points of that row from the left
    (a7 d7 g7, then b6 d6 f6, ..., a4 b4 c4 e4 f4 g4, ...). White closes a7 a4 a1 with `put a1` and takes."""
    from mire.engine.run.arrange import arrange
    from mire.grammar.position import parse_position
    text = """position of nine-mens-morris
W = man of white
B = man of black
points:
    W . .
    . W .
    B B .
    W . . . . B
    . . .
    . . .
    . . .
to move: white
"""
    state = _game().new_state()
    arrange(state, parse_position(text, "p.pos"), "p.pos")
    placed = {s.name: s.pieces[-1].owner.index for s in state.boards["points"].spaces if s.pieces}
    assert placed == {"a7": 0, "d6": 0, "a4": 0, "c5": 1, "d5": 1, "g4": 1}
    plain = Morris()
    plain.men = dict(placed)
    # a man that is not a piece of a table (`man` has no attributes) is made for the position: the hands
    # still hold nine each
    assert [len(p.zones["hand"].pieces) for p in state.players] == plain.hand == [9, 9]
    counts = perft(state, 3)
    assert counts == plain_perft(plain, 3)
    state.apply(state.parse_move("put a1"))
    assert {m.text for m in state.legal_moves()} == {"c5", "d5", "g4"}


def test_the_figures_beside_each_player_follow_the_phase():
    state = _game().new_state(seed=0)
    rng = random.Random(3)
    assert [p["status"] for p in state.view(0)["players"]] == [["9 men to place"], ["9 men to place"]]
    while state.view(0)["phase"] == "placing":
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    men = [len([s for s in state.spaces if s.pieces and s.pieces[-1].owner is p]) for p in state.players]
    assert [p["status"] for p in state.view(0)["players"]] == [[f"{n} men on the board"] for n in men]
