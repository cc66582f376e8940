"""Mudwater at the terminal: `mire list` and `mire check`, hand files (`--hand`), `--option advanced`,
saved games that keep the hands, a whole-game transcript, and what one player's screen never shows."""
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.cli.play import announced
from mire.cli.savefile import save_data, write_save
from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.bots import RandomBot

GAMES = Path(__file__).resolve().parent.parent / "games"
BLACK, WHITE = 0, 1
# the hands of test_mudwater.py: first hands, and no card in both
BLACK_HAND = ["The Boathouse", "The Deckhand", "Bottle Rocket", "Galley Hand", "Rope Burn",
              "Rip Tide", "First Mate", "Regatta", "Storm Jib", "The Quartermaster",
              "The Admiral", "Golden Anchor", "The Commodore", "Mud Puddle"]
WHITE_HAND = ["Sea Dog", "Dinghy Dan", "Bait Bucket", "Lily Hopper", "Cattail Kid",
              "Dead Calm", "Spinnaker", "Lighthouse Keeper", "Mire Hulk", "Shooting Star",
              "Swamp Thing", "Supernova", "Mother Mire", "Fog Horn"]


def hands():
    return {"hand": {BLACK: list(enumerate(BLACK_HAND, 1)), WHITE: list(enumerate(WHITE_HAND, 1))}}


def never_shown(s, seat):
    """Names of the other player's cards that `seat` may not know: in their hand, their ante, and their
    rocks (face-down cards on the mat, under a stack too)."""
    other = s.players[1 - seat]
    hidden = other.zones["hand"].pieces + other.zones["ante"].pieces
    hidden += [c for sp in s.spaces for c in sp.pieces if c.owner is other and not c.up]
    return {c.attrs["name"] for c in hidden}


def run(args, input=None):
    result = CliRunner().invoke(main, args, input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


def hand_file(folder, name, cards, header="# my hand\n"):
    path = folder / name
    path.write_text(header + "".join(f"{c}\n" for c in cards), encoding="utf-8")
    return name


# ---------------------------------------------------------------------------------- list, check

def test_list_shows_the_advanced_mode_under_mudwater():
    lines = run(["list"]).output.splitlines()
    names = [line.split()[0] for line in lines]
    i = names.index("mudwater")
    assert lines[i + 1].startswith("  mudwater-advanced ")
    assert "Advanced Mode" in lines[i + 1]


def test_check_passes_on_both_files():
    result = run(["check", str(GAMES / "mudwater.mire"), str(GAMES / "mudwater-advanced.mire")])
    assert result.exit_code == 0
    assert result.output.count("ok: ") == 2


# ---------------------------------------------------------------------------------- hand files

@pytest.mark.parametrize("cards, problem", [
    (BLACK_HAND[:13] + ["The Boathouse"],
     "black's hand, line 15: 'The Boathouse' is already in the hand (line 2); a hand holds each card once"),
    (BLACK_HAND[:13], "black's hand has 13 cards, and it must have 14"),
    (BLACK_HAND[:3] + ["Bottle Rockett"] + BLACK_HAND[4:],
     "black's hand, line 5: there is no card 'Bottle Rockett' in the collection (did you mean 'Bottle Rocket'?)"),
])
def test_a_bad_hand_file_is_refused_with_its_lines(in_tmp, cards, problem):
    name = hand_file(in_tmp, "mine.txt", cards)
    result = run(["play", "mudwater", "--hand", f"1={name}", "--seed", "1"], input="quit\n")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"error: mine.txt: {problem}"]
    assert "black>" not in result.stdout


def test_each_bad_hand_file_names_its_own_problems(in_tmp):
    a = hand_file(in_tmp, "a.txt", ["Nobody"] + BLACK_HAND[1:])
    b = hand_file(in_tmp, "b.txt", WHITE_HAND[:13] + ["Sea Dog"])
    result = run(["play", "mudwater", "--hand", f"1={a}", "--hand", f"2={b}"], input="quit\n")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: a.txt: black's hand, line 2: there is no card 'Nobody' in the collection",
        "error: b.txt: white's hand, line 15: 'Sea Dog' is already in the hand (line 2); a hand holds each card once",
    ]


def test_a_hand_file_names_cards_by_name_or_number_with_comments(in_tmp):
    text = "# black's hand\n\n" + "\n".join(BLACK_HAND[:13]) + "\n56   # Dead Calm, by its number\n"
    (in_tmp / "h.txt").write_text(text)
    result = run(["play", "mudwater", "--hand", "1=h.txt", "--seed", "2"], input="save s.json\nquit\n")
    assert result.exit_code == 0, result.output
    saved = json.loads((in_tmp / "s.json").read_text())
    lines = saved["inputs"]["hand"]["1"]
    assert lines[0] == [3, "The Boathouse"] and lines[-1] == [16, "56"] and len(lines) == 14
    assert "2" not in saved["inputs"]["hand"]  # white brought nothing: a first hand is drawn


def test_hand_option_errors(in_tmp):
    assert run(["play", "mudwater", "--hand", "3=x.txt"]).exit_code == 2
    assert run(["play", "mudwater", "--hand", "1=nothing-here.txt"]).exit_code == 2
    assert "takes no hand" in run(["play", "tic-tac-toe", "--hand", "1=x.txt"]).output


# ---------------------------------------------------------------------------------- saves keep the hands

def test_a_saved_game_keeps_the_hands_and_replays_the_same(in_tmp):
    b = hand_file(in_tmp, "b.txt", BLACK_HAND)
    w = hand_file(in_tmp, "w.txt", WHITE_HAND)
    moves = "1\n" * 3 + "save s.json\nquit\n"
    result = run(["play", "mudwater", "--seed", "4", "--hand", f"1={b}", "--hand", f"2={w}",
                  "--seat", "2=random"], input=moves)
    assert result.exit_code == 0, result.output
    saved = json.loads((in_tmp / "s.json").read_text())
    assert [t for _, t in saved["inputs"]["hand"]["1"]] == BLACK_HAND
    assert [t for _, t in saved["inputs"]["hand"]["2"]] == WHITE_HAND
    assert len(saved["moves"]) == 6
    # the same game again, from the engine
    state = load_game("mudwater").new_state(seed=4, inputs=hands())
    for text in saved["moves"]:
        state.apply(state.parse_move(text))
    # replay shows it; load restores it in the REPL
    replay = run(["replay", "s.json", "--seat", "1"])
    assert replay.exit_code == 0 and "the game is not over: black to move" in replay.output
    loaded = run(["play", "mudwater", "--seed", "9", "--seat", "2=random"], input="load s.json\nboard\nquit\n")
    assert "loaded s.json (6 moves)" in loaded.output
    hand_now = [c.attrs["name"] for c in state.players[BLACK].zones["hand"].pieces]
    assert all(name in loaded.output.split("loaded s.json")[1] for name in hand_now)


def test_a_save_with_a_refused_hand_is_refused(in_tmp):
    data = save_data("mudwater", 2, 1, [], [], {"hand": {BLACK: [(1, "Nobody")]}})
    write_save(str(in_tmp / "bad.json"), data)
    result = run(["replay", "bad.json"])
    assert result.exit_code == 1
    assert "cannot replay bad.json: what the players brought is refused: black's hand, line 1: there is no " \
           "card 'Nobody'" in result.output


# ---------------------------------------------------------------------------------- a whole game

def test_a_whole_game_transcript(in_tmp, snapshot):
    result = run(["play", "mudwater", "--seed", "11", "--seat", "1=random", "--seat", "2=random"])
    assert result.exit_code == 0
    assert "game over: " in result.output
    assert result.output == snapshot


def test_advanced_mode_as_an_option(in_tmp):
    result = run(["play", "mudwater", "--option", "advanced", "--seed", "11", "--seat", "1=random",
                  "--seat", "2=random"])
    assert result.exit_code == 0
    assert "options advanced" in result.output.splitlines()[0]
    # the board shows the families, which only matter in Advanced Mode
    assert any(f in result.output for f in (" Club ", " Mutant ", " Cosmic ", " Arcana "))
    plain = run(["play", "mudwater", "--seed", "11", "--seat", "1=random", "--seat", "2=random"])
    assert not any(f in plain.output for f in (" Club ", " Mutant ", " Cosmic ", " Arcana "))
    assert run(["play", "mudwater", "--option", "advnced"]).exit_code == 2


# ---------------------------------------------------------------------------------- hidden information

SEED_WITH_ROCKS = 5  # a game in which white (the bot) plays rocks, which black must not see


def same_game_as_the_repl(seed, human=BLACK):
    """The game the REPL plays when the human always types 1 and the bot plays at random with the seed."""
    state = load_game("mudwater").new_state(seed=seed, inputs=hands())
    bots = [RandomBot(random.Random(seed))] * 2
    bots[human] = FirstMove()
    noted: list = []
    play_game(state, [Told(bot, noted, human) for bot in bots])
    # a card the move laid face up on the mat is read by all once the move is made (what the REPL then says)
    movers = [(seat, to_all if hidden and not move.hidden_from_some else told)
              for seat, move, told, to_all, hidden in noted]
    return state, movers


class Told:
    """A bot that notes, before each of its moves is made, how the REPL announces it to `reader` and to all."""
    def __init__(self, bot, noted, reader):
        self.bot, self.noted, self.reader = bot, noted, reader

    def choose(self, state, seat):
        move = self.bot.choose(state, seat)
        self.noted.append((seat, move, announced(state, move, self.reader), announced(state, move, None),
                           move.hidden_from_some))
        return move


class FirstMove:
    """The human of these tests: always the first move listed."""
    def choose(self, state, seat):
        return state.legal_moves()[0]


def test_the_repl_shows_one_player_nothing_of_the_other(in_tmp):
    b = hand_file(in_tmp, "b.txt", BLACK_HAND)
    w = hand_file(in_tmp, "w.txt", WHITE_HAND)
    result = run(["play", "mudwater", "--seed", str(SEED_WITH_ROCKS), "--hand", f"1={b}", "--hand", f"2={w}",
                  "--seat", "2=random"], input="1\n" * 40)
    assert result.exit_code == 0
    screen, _, end = result.output.partition("game over: ")
    state, movers = same_game_as_the_repl(SEED_WITH_ROCKS)
    # the screen announces white's moves as black may read them
    assert [line for line in screen.splitlines() if line.startswith("white: ")] == \
        [f"white{told}" for who, told in movers if who == WHITE]
    rocks = [c for sp in state.spaces for c in sp.pieces if c.owner is state.players[WHITE] and not c.up]
    assert rocks, "the seed should make white play a rock"
    assert "white: play a card face down, as a rock, on " in screen
    secret = never_shown(state, BLACK)
    assert secret and not [n for n in secret if n in screen]
    # only at the end do both players turn over their ante, as the rulebook says
    ante = next(c.attrs["name"] for p in state.players for z in ("ante", "won") for c in p.zones[z].pieces
                if c.owner is state.players[WHITE])
    assert ante not in screen[:screen.rindex("black> ")] and f"white's ante: {ante}" in end
    # black's own hand is shown to black
    assert all(c.attrs["name"] in screen for c in state.players[BLACK].zones["hand"].pieces)


def test_a_replay_shown_to_a_player_hides_the_other(in_tmp):
    game = load_game("mudwater")
    bot = RandomBot(random.Random(1))
    for seed in range(5):
        state = game.new_state(seed=seed, inputs=hands())
        play_game(state, [bot, bot])
        write_save(str(in_tmp / "g.json"), save_data("mudwater", 2, seed, [], state.history, hands()))
        for seat in (BLACK, WHITE):
            shown = run(["replay", "g.json", "--seat", str(seat + 1)]).output
            assert "game over" in shown
            assert not [n for n in never_shown(state, seat) if n in shown]
            mine = BLACK_HAND if seat == BLACK else WHITE_HAND
            played = [c for sp in state.spaces for c in sp.pieces if c.owner is state.players[seat] and not c.up]
            assert all(c.attrs["name"] in shown for c in played)  # a player still sees their own rocks
            assert any(n in shown for n in mine)


def test_two_people_at_one_keyboard_hand_over_between_turns(in_tmp):
    result = run(["play", "mudwater", "--seed", "3"], input="1\n\n1\n\nquit\n")
    out = result.output
    assert out.count("Pass to ") == 2
    first, second = out.split("Pass to ")[0], out.split("Pass to ")[1]
    # before the hand-over only the first mover's hand is shown; after it, only the other's
    assert "hand (black): 13 hidden" in first or "hand (white): 13 hidden" in first
    hidden_before = "white" if "hand (white): 13 hidden" in first else "black"
    assert f"hand ({hidden_before}):\n" not in first
    assert f"hand ({hidden_before}):\n" in second
