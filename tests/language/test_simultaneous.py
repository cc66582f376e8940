"""Simultaneous decisions (`at once each p in PLAYERS:`): Goofspiel in tests/games counted and solved against
plain hand-written Python, the engine's joint step (one decision whose moves are the joint answers; each
seat answers for itself), answers that no other seat or bot can see before all are in, saves and undo, the
search bot at a joint step, and Queensland's group movement as one joint decision."""
import itertools
import json
import random
import shutil
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.cli.savefile import save_data
from mire.engine import IllegalMove, load_game
from mire.engine.analysis.perft import perft
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.solve import solve
from mire.engine.analysis.testing import snapshot
from mire.engine.bots import RandomBot
from mire.engine.bots.search import SearchBot
from mire.engine.run.knowledge import Worlds

TESTS = Path(__file__).parents[1]
GOOFSPIEL = str(TESTS / "games" / "goofspiel.mire")
RED, BLUE = 0, 1


@pytest.fixture(scope="module")
def goofspiel():
    return load_game(GOOFSPIEL)


def run(args, input=None):
    result = CliRunner().invoke(main, args, input=input, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


# ---------------------------------------------------------------- Goofspiel by hand

def goofspiel_perft(cards, depth, expand):
    """Move sequences of each length, from the rules read by hand: each turn is one decision, the bids made at
    once ((cards left)^2 joint bids, the last card's too: `always`). Under `expand` the prizes turned up count
    too: each next one (one fewer than the cards left) at the start of the turn that the bids before it end (the
    first was turned up as the state was made)."""
    counts, n = [], 1
    for d in range(depth):
        left = cards - d
        n = n * left * left * (left - 1 if expand and left > 1 else 1) if left > 0 else 0
        counts.append(n)
    return counts


def goofspiel_by_enumeration(cards):
    """Uniform random play, enumerated: the prizes come in a uniformly random order and each player's bids,
    each drawn uniformly from the cards left, are a uniformly random order of their cards. Returns (red's
    probability of winning, of a draw, red's expected score, blue's expected score)."""
    orders = list(itertools.permutations(range(1, cards + 1)))
    wins = draws = 0
    red_total = blue_total = 0
    for prizes in orders:
        for red in orders:
            for blue in orders:
                r = sum(p for p, a, b in zip(prizes, red, blue) if a > b)
                b_ = sum(p for p, a, b in zip(prizes, red, blue) if b > a)
                wins += r > b_
                draws += r == b_
                red_total += r
                blue_total += b_
    n = len(orders) ** 3
    return Fraction(wins, n), Fraction(draws, n), Fraction(red_total, n), Fraction(blue_total, n)


@pytest.mark.parametrize("cards", [2, 3, 4])
@pytest.mark.parametrize("expand", [False, True])
def test_goofspiel_perft_counts_each_simultaneous_bid_as_one_decision(goofspiel, cards, expand):
    depth = cards + 1
    state = goofspiel.new_state(seed=0, options=(f"cards={cards}",))
    assert perft(state, depth, chance="expand" if expand else "sample") == goofspiel_perft(cards, depth, expand)


def test_goofspiel_perft_of_four_cards_by_hand(goofspiel):
    # each turn one decision, the bids: 4 x 4; 3 x 3; 2 x 2; 1 x 1 (asked all the same); then nothing. (When the
    # prize was turned up by a move of its own, and the last bids were not asked: [1, 16, 16, 144, 144, 576, 576, 0])
    assert perft(goofspiel.new_state(seed=0), 5) == [16, 144, 576, 576, 0]


@pytest.mark.parametrize("cards", [2, 3])
def test_goofspiel_solved_exactly_equals_the_enumeration(goofspiel, cards):
    win, draw, red_score, blue_score = goofspiel_by_enumeration(cards)
    solution = solve(goofspiel, options=(f"cards={cards}",))
    red, blue = solution.results
    assert (red.win, red.draw, red.loss) == (win, draw, 1 - win - draw)
    assert (blue.win, blue.draw) == (1 - win - draw, draw)
    assert (red.score, blue.score) == (red_score, blue_score)
    assert solution.unfinished == 0


@pytest.mark.slow
def test_mire_solve_exact_on_goofspiel_of_four_cards_equals_the_enumeration():
    win, draw, red_score, blue_score = goofspiel_by_enumeration(4)
    assert (win, draw, red_score) == (Fraction(29, 72), Fraction(7, 36), Fraction(15, 4))  # as worked out once
    out = json.loads(run(["solve", GOOFSPIEL, "--exact", "--json"]))
    assert out["seats"]["red"] == {"win": str(win), "shared": "0", "draw": str(draw), "loss": str(1 - win - draw),
                                   "score": str(red_score)}
    assert out["seats"]["blue"]["score"] == str(blue_score) and out["unfinished"] == "0"


def test_a_game_of_four_cards_is_four_decisions(goofspiel):
    state = goofspiel.new_state(seed=4)
    record = play_game(state, [RandomBot(random.Random(1))] * 2)
    # four rounds of bids, one decision each (the turn-ups are no decision: the turn is the bids, an action `each turn`)
    assert record.length == state.decisions == len(state.history) == 4
    assert len(state.log) == 4
    out = run(["simulate", GOOFSPIEL, "-n", "20", "--json"])
    assert json.loads(out)["length"] == {"mean": 4.0, "min": 4, "max": 4}


# ---------------------------------------------------------------- the joint step in the engine

def at_the_first_bids(game, seed=0):
    return game.new_state(seed=seed)   # the turn is the bids: they are asked at once


def test_the_engine_says_who_decides_and_each_seat_answers_for_itself(goofspiel):
    state = at_the_first_bids(goofspiel)
    assert state.simultaneous and state.deciders == (RED, BLUE) and state.to_move == RED
    assert [m.text for m in state.moves_for(RED)] == ["1", "2", "3", "4"]
    assert [m.text for m in state.moves_for(BLUE)] == ["1", "2", "3", "4"]
    prize = state.vars["prize"]
    assert state.prompt_for(RED) == state.prompt_for(BLUE) == f"bid a card for the prize {prize}"
    assert state.view(RED)["deciders"] == ["red", "blue"] and state.view(BLUE)["choice"] == state.prompt_for(BLUE)
    joint = state.legal_moves()
    assert len(joint) == 16 and joint[0].text == "red: 1; blue: 1" and joint[-1].text == "red: 4; blue: 4"
    move = state.joint_move({RED: state.parse_part(RED, "3"), BLUE: 1})
    assert move.text == "red: 3; blue: 2" and move.text in {m.text for m in joint}
    with pytest.raises(IllegalMove, match="blue has not answered"):
        state.joint_move({RED: 0})
    with pytest.raises(IllegalMove, match="not an answer here"):
        state.parse_part(RED, "5")
    state.apply(move)
    # the next turn is the next bids, asked at once again
    assert state.simultaneous and state.deciders == (BLUE, RED) and len(state.legal_moves()) == 9
    assert (state.players[RED].vars["bid"], state.players[BLUE].vars["bid"]) == (3, 2)
    assert state.log[-1][1] == f"red wins the prize {prize} with a bid of 3"
    assert state.players[RED].vars["hand"] == [1, 2, 4]
    # a joint answer is one decision: undo takes it back whole
    state.undo()
    assert state.simultaneous and state.players[RED].vars["hand"] == [1, 2, 3, 4] and state.decisions == 0


def test_the_answers_are_typed_as_the_history_reads_them_and_replay_exactly(goofspiel, tmp_path):
    state = goofspiel.new_state(seed=7)
    play_game(state, [RandomBot(random.Random(2))] * 2)
    again = goofspiel.new_state(seed=7)
    for text in state.history:
        again.apply(again.parse_move(text))
    assert snapshot(again) == snapshot(state) and again.outcome() == state.outcome()
    # through a save file, as `mire play` writes one and `mire replay` reads it
    path = tmp_path / "g.json"  # (beside its game: a save names a rules file in its own folder)
    shutil.copy(GOOFSPIEL, tmp_path / "goofspiel.mire")
    path.write_text(json.dumps(save_data("goofspiel.mire", 2, 7, (), state.history)))
    out = run(["replay", str(path), "--seat", "1"])
    assert "1. red plays red: " in out and state.outcome().text in out


def test_nobody_sees_an_answer_before_all_are_in(goofspiel):
    """The state holds no answer until every seat has answered: blue's view, its history and its search
    bot's answer are the same whatever red answered, and whether red answered first or not."""
    seen = {}
    for red_answer in range(4):
        for red_first in (True, False):
            state = at_the_first_bids(goofspiel, seed=3)

            class Red:
                spec = "test"

                def choose(self, state, seat, answer=red_answer):
                    return state.moves_for(seat)[answer]

            class Blue:
                spec = "test"

                def choose(self, state, seat):
                    bot = SearchBot(iterations=60, seed=5)
                    return json.dumps(state.view(seat), sort_keys=True), state.history_for(seat), \
                        bot.choose(state, seat).text, bot.last["visits"]

            order = [(RED, Red()), (BLUE, Blue())] if red_first else [(BLUE, Blue()), (RED, Red())]
            answers = {seat: bot.choose(state, seat) for seat, bot in order}
            seen[(red_answer, red_first)] = answers[BLUE]
            state.apply(state.joint_move({RED: answers[RED], BLUE: state.parse_part(BLUE, answers[BLUE][2])}))
            assert state.players[RED].vars["bid"] == red_answer + 1   # and then it is carried out
    assert len({json.dumps(v) for v in seen.values()}) == 1

    # the same through the loop that plays games: red answers first, blue's search sees the same whatever it was
    class Recording:
        spec = "test"

        def __init__(self, bot, notes):
            self.bot, self.notes = bot, notes

        def choose(self, state, seat):
            move = self.bot.choose(state, seat)
            self.notes.append((json.dumps(state.view(seat), sort_keys=True), state.history_for(seat), move.text))
            return move

    by_red = []
    for red_answer in range(4):
        state = at_the_first_bids(goofspiel, seed=3)
        notes: list = []

        class Fixed:
            spec = "test"

            def choose(self, state, seat, answer=red_answer):
                return state.moves_for(seat)[answer]
        play_game(state, [Fixed(), Recording(SearchBot(iterations=60, seed=5), notes)], max_moves=1)
        assert state.history[-1].startswith(f"red: {red_answer + 1}; blue: ")
        by_red.append(notes)
    assert all(notes == by_red[0] for notes in by_red) and len(by_red[0]) == 1


@pytest.mark.slow
def test_the_search_bot_answers_for_its_seat_alone_and_beats_random_bids(goofspiel):
    state = at_the_first_bids(goofspiel)
    before = snapshot(state)
    bot = SearchBot(iterations=200, seed=1)
    answer = bot.choose(state, BLUE)
    assert answer.text in [m.text for m in state.moves_for(BLUE)] and snapshot(state) == before
    # (it stops once its answer cannot be overtaken: at most its 200 iterations)
    assert set(bot.last["visits"]) == {"1", "2", "3", "4"} and sum(bot.last["visits"].values()) == \
        bot.last["iterations"] <= 200
    assert SearchBot(iterations=200, seed=1).choose(state, BLUE).text == answer.text
    # over whole games of three cards the search (blue) wins more than it loses against random bids
    wins = losses = 0
    for i in range(16):
        game_state = goofspiel.new_state(seed=i, options=("cards=3",))
        # (the random bot's numbers are not the game's: with the same seed its bids followed the prizes drawn)
        play_game(game_state, [RandomBot(random.Random(1000 + i)), SearchBot(iterations=150, seed=i)])
        out = game_state.outcome()
        wins += out.winners == (BLUE,)
        losses += out.winners == (RED,)
    assert (wins, losses) == (9, 1)


def test_a_seeded_game_as_a_transcript(snapshot):
    out = run(["play", GOOFSPIEL, "--seed", "3", "--seat", "1=random", "--seat", "2=random"])
    assert out.count(" answer at once: ") == 4   # the fourth round's bids too (`always`)
    assert out == snapshot


def test_two_people_at_one_keyboard_answer_in_turn(snapshot):
    """Piped: each answers at their own prompt, the hand-off between them, the joint answer after both."""
    lines = ["4", "", "1", "", "history", "quit"]
    out = run(["play", GOOFSPIEL, "--seed", "3", "--seat", "1=human", "--seat", "2=human"], input="\n".join(lines))
    assert "red has answered; waiting for blue" in out and "Pass to blue; press Enter" in out
    assert "red and you answer at once: red: 4; you: 1 (bid a card for the prize 2)" in out
    assert out == snapshot


# ---------------------------------------------------------------- secret answers, and what a world makes again

SEALED = '''\
game "Sealed numbers"
players 3
var total: int = 0 per player

action ask():
    let chosen = []
    at once each p in others:
        choose n in [1, 2, 3] by p secretly ask "a number":
            chosen = chosen + [n]
    choose m in [1, 2] by mover ask "and yours?":
        mover.total += sum(chosen) + m
    if mover.total > 12: win mover
'''


def test_secret_answers_read_as_chosen_and_a_world_makes_the_others_again(tmp_path):
    path = tmp_path / "sealed.mire"
    path.write_text(SEALED)
    state = load_game(str(path)).new_state(seed=0)
    state.apply(state.parse_move("ask"))
    assert state.deciders == (1, 2) and state.secret_choice
    state.apply(state.joint_move({1: 2, 2: 0}))
    assert state.history_for(1)[-1] == "2: 3; 3: (3 chose)" and state.history_for(0)[-1] == "2: (2 chose); 3: (3 chose)"
    assert state.history[-1] == "2: 3; 3: 1"
    assert state.to_move == 0 and state.view(0)["choice"] == "and yours?"
    worlds = Worlds(state, 0)
    seen = json.dumps(state.view(0), sort_keys=True)
    made = set()
    for k in range(16):
        world = worlds.sample(random.Random(k))
        assert json.dumps(world.view(0), sort_keys=True) == seen and world.history_for(0) == state.history_for(0)
        made.add(world.history[-1])
    assert len(made) > 3   # the two answers it cannot know, made again at random
    state.apply(state.parse_move("1"))
    assert state.players[0].vars["total"] == 3 + 1 + 1


# ---------------------------------------------------------------- Queensland's group movement

def test_queenslands_joint_choices_are_the_product_of_the_sequential_ones():
    """Where several players are asked to follow a group movement, they answer at once: one decision with
    2^k joint answers, where the sequential choices were k decisions of 2 each (so a perft counts 2^k once
    at one depth instead of 2 at each of k depths: the same lines of play, fewer levels)."""
    game = load_game("queensland")
    met = 0
    for seed in range(12):
        state = game.new_state(seed=seed, players=4)
        rng = random.Random(seed)
        while not state.is_over():
            if state.simultaneous:
                k = len(state.deciders)
                assert k >= 2 and len(state.legal_moves()) == 2 ** k
                assert all([m.text for m in state.moves_for(i)] == ["move", "stay"] for i in state.deciders)
                assert sorted(perft(state, 1)) == [2 ** k]
                met += 1
            play_game(state, [RandomBot(rng)] * 4, max_moves=1)
    assert met > 5


# ---------------------------------------------------------------- at a real terminal

@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_at_a_terminal_the_second_player_never_sees_the_first_ones_answer():
    from terminal import Terminal, fits
    term = Terminal(["play", GOOFSPIEL, "--seed", "3", "--seat", "1=human", "--seat", "2=human"], 80, 24)
    try:
        bids = term.first                           # the turn is the bids: both bid at once from the start
        screen = "\n".join(bids["screen"])
        assert "red and blue answer at once" in screen and "to choose: bid a card for the prize 2" in screen
        assert bids["prompt"].startswith("red>") and fits(bids, 24)
        handoff = term.send("4")                    # red bids 4: the keyboard goes to blue
        assert "press Enter" in handoff["prompt"] and "blue" in handoff["prompt"]
        assert handoff["cleared"]
        # red's bid is nowhere on the terminal, not even in its scrollback
        everything = "\n".join(term.all_lines())
        assert "red> 4" not in everything and "red has answered" not in everything, everything
        blue = term.send("")
        screen = "\n".join(blue["screen"])
        assert blue["prompt"].startswith("blue>") and fits(blue, 24) and term.widest() <= 80
        assert "red: hand [1, 2, 3, 4], bid 0, score 0" in screen and "to choose: bid a card" in screen
        assert "red> 4" not in "\n".join(term.all_lines())
        done = term.send("1")                       # blue bids 1: both bids are carried out together
        screen = "\n".join(done["screen"])
        assert "red and you answer at once: red: 4; you: 1 (bid a card for the prize 2)" in screen
        assert "red wins the prize 2 with a bid of 4" in screen
        term.send("quit")
        assert term.exit_code == 0
    finally:
        term.close()


def test_the_editor_knows_the_player_of_at_once():
    from mire.cli.lsp_analysis import index_document
    source = Path(GOOFSPIEL).read_text()
    analysis = index_document(source, GOOFSPIEL)
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "at once each p" in text)
    column = source.splitlines()[line - 1].index(" p ") + 2
    assert analysis.problems == [] and analysis.hover(line, column).startswith("(player who decides) `p`: player")
    # p in the choice's `in` and `by`, and twice in its block (p.bid, p.hand twice)
    assert [r.line for r in analysis.references(line, column)] == [line, line + 1, line + 1, line + 2, line + 3,
                                                                   line + 3]
