"""Go on 5 x 5 (tests/games/go.mire), whose captures read chains and their borders and whose area scoring
reads the regions of empty points, against a plain-Python Go written from the rules: the same legal moves at
every step of seeded games, the same scores and winners at the end."""
import random
from pathlib import Path

import pytest
from plain_games import play_side_by_side

from mire.engine import load_game

GAMES = Path(__file__).parents[1] / "games"
SIZE = 5
KOMI = 2
LAST_MOVE = 150


def _name(p):
    return f"{chr(96 + p[0])}{p[1]}"


def _around(p):
    x, y = p
    return [(a, b) for a, b in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)) if 1 <= a <= SIZE and 1 <= b <= SIZE]


class Go:
    """No suicide, positional superko (no move makes the stones as they were at the start of an earlier turn),
    two passes in a row or the last move end it; area scoring with komi to white."""

    def __init__(self):
        self.stones = {}  # point -> 0 (black) or 1 (white)
        self.to_move = 0
        self.seen = {frozenset()}  # the stones at the start of each turn so far
        self.passes = 0
        self.moves = 0
        self.over = False

    def chain(self, p, stones=None):
        stones = self.stones if stones is None else stones
        colour, todo, seen = stones[p], [p], {p}
        while todo:
            q = todo.pop()
            for r in _around(q):
                if r not in seen and stones.get(r) == colour:
                    seen.add(r)
                    todo.append(r)
        return seen

    def liberties(self, chain, stones):
        return {r for q in chain for r in _around(q) if r not in stones}

    def after(self, p):
        """(stones after a stone of the mover at p, the points it took), or None when that is suicide."""
        stones = dict(self.stones)
        stones[p] = self.to_move
        taken = set()
        for q in _around(p):
            if stones.get(q) == 1 - self.to_move and q not in taken:
                chain = self.chain(q, stones)
                if not self.liberties(chain, stones):
                    taken |= chain
        for q in taken:
            del stones[q]
        if not self.liberties(self.chain(p, stones), stones):
            return None
        return stones, taken

    def legal(self):
        moves = {"pass_turn"}
        for x in range(1, SIZE + 1):
            for y in range(1, SIZE + 1):
                p = (x, y)
                after = self.after(p) if p not in self.stones else None
                if after is not None and frozenset(after[0].items()) not in self.seen:
                    moves.add(f"play {_name(p)}")
        return moves

    def play(self, text):
        self.moves += 1
        if text == "pass_turn":
            self.passes += 1
            self.over = self.passes == 2
        else:
            p = next((x, y) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if text == f"play {_name((x, y))}")
            self.stones, _ = self.after(p)
            self.passes = 0
        self.seen.add(frozenset(self.stones.items()))
        self.to_move = 1 - self.to_move
        if self.moves == LAST_MOVE:
            self.over = True

    def scores(self):
        area = [0, 0]
        for colour in self.stones.values():
            area[colour] += 1
        seen = set()
        for x in range(1, SIZE + 1):
            for y in range(1, SIZE + 1):
                p = (x, y)
                if p in self.stones or p in seen:
                    continue
                region, todo, touches = {p}, [p], set()
                while todo:
                    q = todo.pop()
                    for r in _around(q):
                        if r in self.stones:
                            touches.add(self.stones[r])
                        elif r not in region:
                            region.add(r)
                            todo.append(r)
                seen |= region
                if len(touches) == 1:
                    area[touches.pop()] += len(region)
        return area[0], area[1] + KOMI


def _random_move(moves, rng):
    """A random move that passes seldom, so that games fill the board, capture and meet ko."""
    plays = [m for m in moves if m.text != "pass_turn"]
    if plays and rng.random() > 0.03:
        return plays[rng.randrange(len(plays))]
    return next(m for m in moves if m.text == "pass_turn")


# seed 96 is the first after them whose game ends level (a draw)
@pytest.mark.parametrize("seed", [*range(30), 96])
def test_random_games_agree_with_the_plain_implementation(seed):
    state = load_game(str(GAMES / "go.mire")).new_state(seed=seed)
    plain = Go()

    def going_on(state, plain):
        assert not plain.over
    play_side_by_side(state, plain, random.Random(seed), pick=_random_move, check=going_on, same_seat=False,
                      where=f"seed {seed}")
    assert plain.over
    black, white = plain.scores()
    outcome = state.outcome()
    assert outcome.scores == {0: black, 1: white}
    if black != white:
        assert outcome.winners == ((0,) if black > white else (1,))
    else:  # a tie is a draw (komi is even, so a game can end level)
        assert outcome.draw and outcome.winners == () and outcome.tied == (0, 1)


def test_the_random_games_capture_and_meet_ko():
    """The seeded games above are not all alike: stones are taken, and superko forbids a point (an empty point
    with room, not a legal move), in some of them."""
    game = load_game(str(GAMES / "go.mire"))
    captures = kos = 0
    for seed in range(30):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            before = sum(1 for s in state.spaces if s.pieces)
            plain = Go()
            plain.stones = {(s.x, s.y): s.pieces[-1].owner.index for s in state.spaces if s.pieces}
            plain.to_move = state.to_move
            legal = {m.text for m in state.legal_moves()}
            kos += any(f"play {_name(p)}" not in legal for p in _points() if p not in plain.stones
                       and plain.after(p) is not None)
            move = _random_move(state.legal_moves(), rng)
            state.apply(move)
            captures += move.text != "pass_turn" and sum(1 for s in state.spaces if s.pieces) <= before
    assert captures > 30 and kos > 3


def _points():
    return [(x, y) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1)]


def _play(state, texts):
    for text in texts:
        state.apply(state.parse_move(text))


def test_ko_forbids_taking_back_at_once():
    state = load_game(str(GAMES / "go.mire")).new_state()
    _play(state, ["play b3", "play c3", "play a2", "play b2", "play b1", "play d2", "play e5", "play c1",
                  "play c2"])  # black takes b2
    assert not state.space_by_name["b2"].pieces
    assert "play b2" not in {m.text for m in state.legal_moves()}
    _play(state, ["play e4", "play e1"])
    _play(state, ["play b2"])  # now white may take c2 back
    assert not state.space_by_name["c2"].pieces


def test_suicide_is_not_a_move_but_a_capture_is():
    state = load_game(str(GAMES / "go.mire")).new_state()
    _play(state, ["play e5", "play a2", "play e4", "play b1"])
    assert "play a1" not in {m.text for m in state.legal_moves()}  # black's stone would have no liberty
    _play(state, ["play c1", "play e3", "play b2", "play e2", "play a3", "play d5"])
    # white's a2 now has one liberty, a1: black playing there takes it
    assert "play a1" in {m.text for m in state.legal_moves()}


def test_area_scoring_counts_stones_and_surrounded_empty_points():
    state = load_game(str(GAMES / "go.mire")).new_state()
    # black walls off the c column; white stays on the right
    _play(state, ["play c1", "play d1", "play c2", "play d2", "play c3", "play d3", "play c4", "play d4",
                  "play c5", "play d5", "pass_turn", "pass_turn"])
    outcome = state.outcome()
    # black: 5 stones and a1..b5 (10 points); white: 5 stones, e1..e5 (5 points) and komi 2
    assert outcome.scores == {0: 15, 1: 12}
    assert outcome.winners == (0,)
