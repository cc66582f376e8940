"""How games end: a tie is not a win, ending statements do not skip the scoring, stuck players.
Small games written here, and the classics of tests/games checked against plain Python versions."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.bots import RandomBot
from mire.engine.playout import play_game

GAMES = Path(__file__).parent / "games"


def game_of(tmp_path, text, name="rules"):
    path = tmp_path / f"{name}.mire"
    path.write_text(text)
    return load_game(str(path))


# ---------------------------------------------------------------- a tie is not a win

# Each player takes one point a move, or ends the game; the points decide.
POINTS = '''game "Points"
players 2 to 3 named red, blue, green
var score: int = 0 per player
action take():
    mover.score += 1
action stop():
    finish
'''


def play(state, *texts):
    for t in texts:
        state.apply(state.parse_move(t))
    return state.outcome()


def test_a_tie_among_all_players_is_a_draw(tmp_path):
    out = play(game_of(tmp_path, POINTS).new_state(), "take", "take", "stop")
    assert (out.winners, out.draw, out.tied, out.text) == ((), True, (0, 1), "draw: red and blue tie")
    assert out.scores == {0: 1, 1: 1}


def test_ties_share_makes_a_level_game_a_shared_win(tmp_path):
    out = play(game_of(tmp_path, POINTS + "rank by player.score ties share\n").new_state(), "take", "take", "stop")
    assert (out.winners, out.draw, out.tied, out.text) == ((0, 1), False, (0, 1), "red and blue tie and share the win")


def test_some_players_level_at_the_top_share_the_win_over_the_others(tmp_path):
    state = game_of(tmp_path, POINTS).new_state(players=3)
    out = play(state, "take", "take", "stop")
    assert (out.winners, out.draw, out.tied, out.text) == ((0, 1), False, (0, 1), "red and blue tie and share the win")


def test_a_ranking_that_parts_the_players_names_no_tie(tmp_path):
    out = play(game_of(tmp_path, POINTS).new_state(), "take", "stop")
    assert (out.winners, out.draw, out.tied, out.text) == ((0,), False, (), "red wins")
    both = POINTS.replace("action stop():\n    finish", "action stop():\n    win [mover, next_player(mover)]")
    game = game_of(tmp_path, both, "shared")
    out = play(game.new_state(), "stop")
    assert (out.winners, out.tied, out.text) == ((0, 1), (), "red and blue share the win")


def test_the_winners_builtin_is_empty_in_a_level_game(tmp_path):
    game = game_of(tmp_path, POINTS + 'trigger say at end:\n    log "winners: {winners}"\n')
    out = play(game.new_state(), "take", "take", "stop")
    assert out.extra["notes"] == ["winners: []"]


def test_level_othello_and_kalah_games_are_draws():
    seen = {}
    for name in ("othello", "kalah"):
        game = load_game(str(GAMES / f"{name}.mire"))
        for seed in range(60):
            state = game.new_state(seed=seed)
            play_game(state, [RandomBot(random.Random(seed))] * 2)
            out = state.outcome()
            if out.tied:
                seen[name] = (out.draw, out.winners, out.text)
                break
    assert seen == {"othello": (True, (), "draw: black and white tie"),
                    "kalah": (True, (), "draw: south and north tie")}


@pytest.mark.parametrize("text", ["rank by player.score ties", "rank by player.score share"])
def test_ties_share_is_two_words(tmp_path, text):
    from mire.grammar.diagnostics import MireError
    with pytest.raises(MireError):
        game_of(tmp_path, POINTS + text + "\n")


# ---------------------------------------------------------------- an ending statement does not skip the scoring

class PlainKalah:
    """Kalah as its rules say, in plain Python: pits 0-5 are south's (a1..f1), 6 south's store, 7-12 north's
    (f2..a2), 13 north's store; sowing runs up the indexes."""

    def __init__(self):
        self.ring = [4] * 6 + [0] + [4] * 6 + [0]
        self.mover = 0
        self.over = False

    @staticmethod
    def name(i):
        return f"{'abcdef'[i]}1" if i < 6 else f"{'abcdef'[12 - i]}2"

    def pits(self, seat):
        return range(0, 6) if seat == 0 else range(7, 13)

    def moves(self):
        return sorted(f"sow {self.name(i)}" for i in self.pits(self.mover) if self.ring[i])

    def play(self, text):
        i = next(i for i in self.pits(self.mover) if f"sow {self.name(i)}" == text)
        store, skip = (6, 13) if self.mover == 0 else (13, 6)
        seeds, self.ring[i] = self.ring[i], 0
        while seeds:
            i = (i + 1) % 14
            if i != skip:
                self.ring[i] += 1
                seeds -= 1
        if i in self.pits(self.mover) and self.ring[i] == 1 and self.ring[12 - i]:
            self.ring[store] += self.ring[12 - i] + 1
            self.ring[i] = self.ring[12 - i] = 0
        if not any(self.ring[j] for j in self.pits(0)) or not any(self.ring[j] for j in self.pits(1)):
            for seat, to in ((0, 6), (1, 13)):
                for j in self.pits(seat):
                    self.ring[to] += self.ring[j]
                    self.ring[j] = 0
            self.over = True
        elif i != store:
            self.mover = 1 - self.mover

    def result(self):
        south, north = self.ring[6], self.ring[13]
        return "draw: south and north tie" if south == north else "south wins" if south > north else "north wins"


def test_kalah_outcomes_are_those_of_a_plain_python_kalah():
    """The same random moves in both: the same legal moves at every step, and the same winner and stores. (The
    trigger that sweeps the last seeds and ends the game comes before the one that keeps the score: the score
    is kept all the same.)"""
    game = load_game(str(GAMES / "kalah.mire"))
    results = {}
    for seed in range(200):
        state, plain, rng = game.new_state(seed=seed), PlainKalah(), random.Random(seed)
        while not state.is_over():
            assert state.turn_player.index == plain.mover and sorted(m.text for m in state.legal_moves()) \
                == plain.moves(), (seed, state.history)
            move = rng.choice(state.legal_moves())
            state.apply(move)
            plain.play(move.text)
        out = state.outcome()
        assert plain.over and out.text == plain.result(), (seed, state.history)
        assert out.scores == {0: plain.ring[6], 1: plain.ring[13]}
        results[out.text] = results.get(out.text, 0) + 1
    assert results == {'south wins': 98, 'north wins': 91, 'draw: south and north tie': 11}


# A move can end the game in its effect, and triggers after it keep the score and end it too.
ORDER = '''game "Order"
players 2 named red, blue
var score: int = 0 per player
var taken: int = 0 per player
action take():
    mover.taken += 1
    if mover.taken == 2: finish
    log "not after the end"
action give():
    win opponent
trigger first_end after move:
    if mover.taken == 1 and opponent.taken == 1:
        draw
        log "not after draw"
trigger second_end after move:
    if mover.taken == 1 and opponent.taken == 1: win mover
    log "second_end ran"
trigger keep_score after move:
    for p in players:
        p.score = p.taken
trigger start at turn start:
    if turn == 6: lose mover
trigger start_again at turn start:
    log "start_again ran"
trigger closing at end:
    log "the end, red {red_score()}"
def red_score() = seat(1).score
'''


def test_the_triggers_after_an_ending_still_run_and_the_score_decides(tmp_path):
    state = game_of(tmp_path, ORDER).new_state()
    play(state, "take", "give")  # the effect's `win` stops the effect, then every trigger runs
    out = state.outcome()
    assert out.text == "red wins" and out.scores == {0: 1, 1: 0}
    assert [t for _, t in state.log] == ["start_again ran", "not after the end", "second_end ran", "start_again ran",
                                         "second_end ran", "the end, red 1"]


def test_the_first_ending_stands_and_a_later_one_stops_only_its_rule(tmp_path):
    state = game_of(tmp_path, ORDER).new_state()
    out = play(state, "take", "take")
    assert out.text == "draw" and out.scores == {0: 1, 1: 1}  # `draw` came first; second_end's `win` changes nothing
    assert [t for _, t in state.log] == ["start_again ran", "not after the end", "second_end ran", "start_again ran",
                                         "not after the end", "the end, red 1"]


def quiet(text):
    """ORDER without the two triggers that end it."""
    return text.replace("if mover.taken == 1 and opponent.taken == 1", "if no")


def test_finish_in_an_effect_ranks_by_the_score_the_triggers_kept(tmp_path):
    state = game_of(tmp_path, quiet(ORDER)).new_state()
    out = play(state, "take", "take", "take")
    # red's second take finishes in its effect: keep_score runs after it, so red has 2 to blue's 1
    assert out.text == "red wins" and out.scores == {0: 2, 1: 1}
    assert [t for _, t in state.log][-2:] == ["second_end ran", "the end, red 2"]


def test_an_ending_at_turn_start_lets_the_other_turn_start_triggers_run(tmp_path):
    state = game_of(tmp_path, quiet(ORDER.replace("if mover.taken == 2: finish", "pass"))).new_state()
    out = play(state, *["take"] * 5)
    assert out.text == "red wins"  # at the start of turn 6, blue's, blue loses
    assert [t for _, t in state.log][-3:] == ["second_end ran", "start_again ran", "the end, red 3"]
    state.undo()
    assert not state.is_over() and state.outcome() is None and state.turn == 5
