"""How games end: a tie is not a win, ending statements do not skip the scoring, stuck players.
Small games written here, and the classics of tests/games checked against plain Python versions."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.bots import RandomBot

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


def test_a_tie_break_parts_only_the_players_level_at_the_top(tmp_path):
    # green has the best second key but not the best score: the second key parts red and blue, the third them
    # again (each worked out for the players still level, the same as comparing all the keys at once)
    text = POINTS + "var bonus: int = 0 per player\naction boost():\n    mover.bonus += 1\n" \
        "rank by player.score, player.bonus, 0 - player.seat\n"
    state = game_of(tmp_path, text).new_state(players=3)
    out = play(state, "take", "take", "boost", "boost", "boost", "boost", "stop")
    assert [p.vars["bonus"] for p in state.players] == [1, 1, 2]
    assert (out.winners, out.draw, out.tied, out.text) == ((0,), False, (), "red wins")


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


# ---------------------------------------------------------------- stuck players

class PlainOthello:
    """Othello as its rules say, in plain Python: a player who cannot place passes, and the game ends when
    neither can."""
    STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]

    def __init__(self):
        self.board = {(4, 4): 1, (5, 5): 1, (4, 5): 0, (5, 4): 0}
        self.mover = 0
        self.over = False

    def flips(self, x, y, who):
        out = []
        for dx, dy in self.STEPS:
            run, cx, cy = [], x + dx, y + dy
            while self.board.get((cx, cy)) == 1 - who:
                run.append((cx, cy))
                cx, cy = cx + dx, cy + dy
            if run and self.board.get((cx, cy)) == who:
                out += run
        return out

    def places(self, who):
        return [(x, y) for y in range(1, 9) for x in range(1, 9)
                if (x, y) not in self.board and self.flips(x, y, who)]

    def moves(self):
        return sorted(f"play {'abcdefgh'[x - 1]}{y}" for x, y in self.places(self.mover))

    def play(self, text):
        x, y = "abcdefgh".index(text[5]) + 1, int(text[6:])
        for sq in self.flips(x, y, self.mover) + [(x, y)]:
            self.board[sq] = self.mover
        self.mover = 1 - self.mover
        if not self.places(self.mover):
            self.mover = 1 - self.mover  # a pass
            self.over = not self.places(self.mover)

    def result(self):
        black, white = (sum(1 for v in self.board.values() if v == who) for who in (0, 1))
        return "draw: black and white tie" if black == white else "black wins" if black > white else "white wins"


def test_othello_outcomes_are_those_of_a_plain_python_othello():
    """The same random moves in both: the same legal moves and player at every step (passes included), and the
    same result; the game ends when neither side can place, with no pass moves."""
    game = load_game(str(GAMES / "othello.mire"))
    results, passes = {}, 0
    for seed in range(40):
        state, plain, rng = game.new_state(seed=seed), PlainOthello(), random.Random(seed)
        while not state.is_over():
            assert state.turn_player.index == plain.mover and not plain.over
            assert sorted(m.text for m in state.legal_moves()) == plain.moves(), (seed, state.history)
            move = rng.choice(state.legal_moves())
            before = state.turn
            state.apply(move)
            plain.play(move.text)
            passes += state.turn - before - 1
        assert plain.over and state.outcome().text == plain.result(), (seed, state.history)
        results[plain.result()] = results.get(plain.result(), 0) + 1
    assert results == {'black wins': 15, 'white wins': 22, 'draw: black and white tie': 3} and passes == 58


# Marks go left to right on a strip; c1 is nobody's.
STRIP = '''game "Strip"
players 2 named red, blue
board cells: grid 3 x 1
piece mark
var asked: text = ""
{stuck}
action put(c in cells where empty(c) and c.x != 3):
    place mark for mover at c
trigger ask at turn start:
    asked = "red " + ("can" if can_move(seat(1)) else "cannot") + ", blue " + ("can" if can_move(seat(2)) else "cannot")
'''


@pytest.mark.parametrize("rule,text", [("lose", "blue wins"), ("win", "red wins"), ("draw", "draw"),
                                       ("finish", "draw"), ("pass", "draw"), ("", "draw")])
def test_what_a_stuck_player_does(tmp_path, rule, text):
    game = game_of(tmp_path, STRIP.format(stuck=f"when stuck: {rule}" if rule else ""))
    state = game.new_state()
    assert state.vars["asked"] == "red can, blue can"
    out = play(state, "put a1", "put b1")
    # red is to move on turn 3 with nothing to put: the rule decides (a pass gives the turn to blue, stuck too)
    assert out.text == text and state.vars["asked"] == "red cannot, blue cannot"
    assert state.turn == (4 if rule == "pass" else 3)
    assert out.reason == ("nobody can move" if rule == "pass" else "red has no move")
    state.undo()
    assert not state.is_over() and state.turn == 2 and state.vars["asked"] == "red can, blue can"


def test_turn_start_triggers_run_before_the_stuck_rule(tmp_path):
    # at the start of red's turn a trigger frees a1 (it takes red's mark away): red is not stuck
    game = game_of(tmp_path, STRIP.format(stuck="when stuck: lose") + '''
trigger free at turn start:
    if not can_move(mover) and turn < 5: remove at(cells, 1, 1)
''')
    state = game.new_state()
    play(state, "put a1", "put b1")
    assert not state.is_over() and [m.text for m in state.legal_moves()] == ["put a1"] and state.turn == 3


def test_can_move_asks_as_if_it_were_that_players_turn(tmp_path):
    # blue may put only where red could not then put anything
    game = game_of(tmp_path, '''game "Ask"
players 2 named red, blue
board cells: grid 4 x 1
piece mark
action put(c in cells where empty(c)):
    place mark for mover at c
action block(c in cells where empty(c) and mover == seat(2) and not can_move(opponent)):
    place mark for mover at c
''')
    state = game.new_state()
    play(state, "put a1", "put b1", "put c1")
    assert [m.text for m in state.legal_moves()] == ["put d1"]  # red could still put d1 after blue's move
    assert state.turn_player.name == "blue"


def test_when_stuck_in_a_phase_and_twice(tmp_path):
    game = game_of(tmp_path, '''game "Phases"
players 2 named red, blue
board cells: grid 2 x 1
piece mark
when stuck: lose
phase one until count(mark) == 1:
    action put(c in cells where empty(c)):
        place mark for mover at c
phase two:
    when stuck: win
    action put2(c in cells where empty(c) and c.x > 2):
        place mark for mover at c
''')
    state = game.new_state()
    assert play(state, "put b1").text == "blue wins"  # in phase two, stuck blue wins
    from mire.grammar.diagnostics import MireError
    with pytest.raises(MireError) as err:
        game_of(tmp_path, STRIP.format(stuck="when stuck: lose\nwhen stuck: pass"), "twice")
    assert "`when stuck` is given twice (first on line 6)" in str(err.value.diagnostics[0].message)


def test_a_game_stuck_from_its_start_says_who_has_no_move(tmp_path):
    state = game_of(tmp_path, STRIP.format(stuck="when stuck: lose").replace("c.x != 3", "c.x > 3")).new_state()
    out = state.outcome()
    assert (out.text, out.reason, state.turn) == ("blue wins", "red has no move", 1)


def test_the_first_ending_gives_its_reason_in_players_words(tmp_path):
    game = game_of(tmp_path, POINTS.replace("    finish", '    finish because "{mover} stopped"') + '''
trigger late after move:
    if mover.score == 0: win next_player(mover) because "too late"
''')
    out = play(game.new_state(), "take", "stop")
    # the effect's `finish` came first: its reason stands, and the trigger's `win` changes nothing
    assert (out.text, out.reason) == ("red wins", "blue stopped")
    out = play(game.new_state(), "stop")
    assert (out.text, out.reason) == ("draw: red and blue tie", "red stopped")


def test_when_stuck_may_say_why_with_the_stuck_player_as_mover(tmp_path):
    game = game_of(tmp_path, 'game "Stuck"\nplayers 2 named red, blue\nboard cells: grid 1 x 1\npiece mark\n'
                             'when stuck: lose because "{mover} has nowhere to go"\n'
                             'action put(c in cells where empty(c)):\n    place mark for mover at c\n')
    state = game.new_state(seed=0)
    state.apply(state.parse_move("put a1"))
    out = state.outcome()
    assert (out.text, out.reason) == ("red wins", "blue has nowhere to go")
