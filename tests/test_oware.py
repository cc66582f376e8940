"""Oware (tests/games/oware.mire), whose pits are a list variable, against a plain-Python implementation
written from the abapa rules: the same counts of move sequences from the start, and the same legal moves,
player to move, seeds and result at every step of seeded random games."""
import random
from collections import Counter
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft

GAMES = Path(__file__).parent / "games"
MOVE_LIMIT = 300
# Twenty games, and the first after them in which a grand slam comes up.
SEEDS = [*range(20), 46]


class Oware:
    """Pit i is counted counter-clockwise from south's left: 0..5 are south's a1..f1, 6..11 north's f2..a2."""

    def __init__(self):
        self.seeds = [4] * 12
        self.scores = [0, 0]
        self.to_move = 0
        self.moves = 0
        self.over = False
        self.events: Counter = Counter()  # which rules the game met, so the tests can show they were exercised

    @staticmethod
    def side(player):
        return range(0, 6) if player == 0 else range(6, 12)

    @staticmethod
    def name(pit):
        return f"{'abcdef'[pit]}1" if pit < 6 else f"{'fedcba'[pit - 6]}2"

    def legal_pits(self):
        opponent_has_seeds = any(self.seeds[i] for i in self.side(1 - self.to_move))
        end_of_row = self.side(self.to_move)[-1]
        if not opponent_has_seeds:
            self.events["must feed"] += 1
        return [
            i
            for i in self.side(self.to_move)
            if self.seeds[i] and (opponent_has_seeds or i + self.seeds[i] > end_of_row)
        ]

    def legal(self):
        return {"sow " + self.name(i) for i in self.legal_pits()}

    def play(self, text):
        origin = next(i for i in self.legal_pits() if "sow " + self.name(i) == text)
        sown, self.seeds[origin] = self.seeds[origin], 0
        if sown >= 12:
            self.events["round the ring"] += 1
        pit = origin
        while sown:
            pit = (pit + 1) % 12
            if pit != origin:
                self.seeds[pit] += 1
                sown -= 1
        theirs = self.side(1 - self.to_move)
        taken = []
        while pit in theirs and self.seeds[pit] in (2, 3):
            taken.append(pit)
            pit -= 1
        if taken and sum(self.seeds[i] for i in taken) == sum(self.seeds[i] for i in theirs):
            self.events["grand slam"] += 1
        elif taken:
            self.events["capture"] += 1
        if sum(self.seeds[i] for i in taken) < sum(self.seeds[i] for i in theirs):  # else a grand slam
            self.scores[self.to_move] += sum(self.seeds[i] for i in taken)
            for i in taken:
                self.seeds[i] = 0
        self.moves += 1
        self.to_move = 1 - self.to_move
        if max(self.scores) > 24:
            self.end("more than half")
        elif self.moves >= MOVE_LIMIT:
            self.end("move limit")
        elif not self.legal_pits():
            self.end("stuck")

    def end(self, why):
        self.events[why] += 1
        self.over = True
        for player in (0, 1):
            self.scores[player] += sum(self.seeds[i] for i in self.side(player))


def plain_perft(game, depth):
    if depth == 0 or game.over:
        return 1 if depth == 0 else 0
    total = 0
    for pit in game.legal_pits():
        child = Oware()
        child.seeds, child.scores = list(game.seeds), list(game.scores)
        child.to_move, child.moves = game.to_move, game.moves
        child.play("sow " + game.name(pit))
        total += plain_perft(child, depth - 1)
    return total


def test_perft_from_the_start_agrees_with_the_plain_rules():
    state = load_game(str(GAMES / "oware.mire")).new_state()
    counts = [plain_perft(Oware(), depth) for depth in range(1, 7)]
    assert counts == [6, 36, 190, 1014, 5219, 27332]
    assert perft(state, 6) == counts


def play_both(seed):
    """A seeded random game played by the engine and the plain rules side by side, checked at every step;
    gives the plain game at its end."""
    state = load_game(str(GAMES / "oware.mire")).new_state(seed=seed)
    plain = Oware()
    rng = random.Random(seed)
    while not state.is_over():
        assert not plain.over
        assert {m.text for m in state.legal_moves()} == plain.legal()
        assert state.to_move == plain.to_move
        assert state.vars["seeds"] == plain.seeds
        assert [p.vars["score"] for p in state.players] == plain.scores
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        state.apply(move)
        plain.play(move.text)
    assert plain.over
    outcome = state.outcome()
    assert outcome.scores == {0: plain.scores[0], 1: plain.scores[1]}
    if plain.scores[0] == plain.scores[1]:
        assert outcome.draw and not outcome.winners
    else:
        assert outcome.winners == (plain.scores.index(max(plain.scores)),)
    return plain


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_agree_with_the_plain_rules(seed):
    plain = play_both(seed)
    assert sum(plain.scores) == 48


def test_the_random_games_meet_every_rule():
    met: Counter = Counter()
    for seed in SEEDS:
        met += play_both(seed).events
    rules = {"capture", "grand slam", "must feed", "round the ring"}
    endings = {"more than half", "move limit", "stuck"}
    assert met.keys() == rules | endings
