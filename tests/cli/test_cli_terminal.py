"""`mire play` as a person meets it: in a real pseudo-terminal of 80 x 24, through a terminal emulator.

Every bundled game, at every player count and with every option: each screen fits (nothing written
since the player's last line scrolls away before the next prompt, no line is wider than 80); the
hot-seat hand-off clears screen and scrollback before the next player's hidden information; the
REPL stays open when the game is over.
"""
import re
import sys

import pytest
from terminal import Terminal, fits

from mire.cli.games import bundled
from mire.engine import load_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

COLS, ROWS = 80, 24
# what rule source looks like: none of it may reach a player's screen (`why` shows it, when asked)
RULE_SOURCE = ("rule '", ".mire:", "mover.", "to choose: choose ", " of mover", "requires ")
CLEAR_SCROLLBACK = re.compile(rb"\x1b\[3J|\x1b\[\?1049h")


def configurations():
    out = []
    for entry in sorted(bundled(), key=lambda g: g.name):
        game = load_game(entry.name)
        for n in range(game.min_players, game.max_players + 1):
            out.append((entry.name, n, ()))
            for option in game.options:
                out.append((entry.name, n, (option[0],)))
    return out


def play_args(name, players, options, seed=1, extra=()):
    args = ["play", name, "--players", str(players), "--seed", str(seed)]
    for o in options:
        args += ["--option", o]
    return args + list(extra)


def answer(record) -> str:
    """What a patient player types at this prompt: Enter for a hand-off, else the first move."""
    prompt = record["prompt"]
    if "press Enter" in prompt:
        return ""
    if "[y/N]" in prompt:
        return "y"
    return "1"


def assert_fits(term, record, what):
    assert fits(record, ROWS), f"{what}: {record['scrolled']} lines scrolled away\n" + "\n".join(record["screen"])
    assert term.widest() <= COLS, f"{what}: a line of {term.widest()} columns\n" + "\n".join(term.all_lines())


@pytest.mark.parametrize("name, players, options", configurations(),
                         ids=lambda v: v if isinstance(v, str) else str(v))
def test_every_screen_fits_80_by_24(name, players, options):
    term = Terminal(play_args(name, players, options), COLS, ROWS)
    try:
        first = dict(term.first, input_row=None)
        assert first["alive"], "\n".join(first["screen"])
        if "press Enter" in first["prompt"]:   # hot seat with secrets: handed over before the first hand shows
            first = term.send("")
        assert re.search(r"\S+>$", first["prompt"]), first["prompt"]
        assert_fits(term, first, "the first screen")
        record = first
        for step in range(5):
            record = term.send(answer(record))
            assert record["alive"]
            assert_fits(term, record, f"after {record['sent']!r} (step {step + 1})")
        record = term.send("moves")               # every move, a page at a time
        assert_fits(term, record, "the first page of 'moves'")
        while "q to stop" in record["prompt"]:
            record = term.send("q")
        record = term.send("help")
        assert_fits(term, record, "help")
        record = term.send("1 zz9")                # an illegal move: refused in players' words
        assert_fits(term, record, "a refusal")
        shown = "\n".join(term.all_lines())
        assert not [m for m in RULE_SOURCE if m in shown], shown
        term.send("quit")
        assert term.exit_code == 0
    finally:
        term.close()


def hand_names(state, seat):
    return [p.attrs["name"] for p in state.players[seat].zones["hand"].pieces]


@pytest.mark.parametrize("name", ["mudwater", "quagmire"])
def test_the_hand_off_clears_the_scrollback_before_the_next_hand(name):
    state = load_game(name).new_state(seed=1, players=2)
    first, second = state.to_move, 1 - state.to_move
    mine, theirs = hand_names(state, first), hand_names(state, second)
    term = Terminal(play_args(name, 2, ()), COLS, ROWS)
    try:
        assert "press Enter" in term.first["prompt"]   # the first mover sits down first
        shown = "\n".join(term.send("")["screen"])
        assert all(card in shown for card in mine[:3])
        assert not any(card in shown for card in theirs if card not in mine)
        handoff = term.send("1")
        assert "press Enter" in handoff["prompt"]
        # the first player's hand is nowhere on the terminal, not even in its scrollback
        everything = "\n".join(term.all_lines())
        assert not any(card in everything for card in mine if card not in theirs), everything
        after = term.send("")
        raw = after["raw"]
        clear = CLEAR_SCROLLBACK.search(handoff["raw"] + raw)
        assert clear is not None
        their_card = next(c for c in theirs if c not in mine)
        assert their_card in "\n".join(after["screen"])
        assert (handoff["raw"] + raw).index(their_card.encode()) > clear.start()
        assert fits(after, ROWS)
    finally:
        term.close()


def test_undo_into_the_other_players_move_asks_and_hands_off():
    state = load_game("mudwater").new_state(seed=1)
    first = state.to_move
    mine = hand_names(state, first)
    term = Terminal(play_args("mudwater", 2, ()), COLS, ROWS)
    try:
        term.send("")                      # the first player sits down
        term.send("1")
        term.send("")                      # the second player sits down
        asked = term.send("undo")
        assert "[y/N]" in asked["prompt"]
        refused = term.send("n")
        assert "not undone" in "\n".join(refused["screen"])
        term.send("undo")
        handoff = term.send("y")
        assert "press Enter" in handoff["prompt"]      # back to the first player, through a hand-off
        back = term.send("")
        assert back["cleared"] and fits(back, ROWS)
        assert mine[0] in "\n".join(back["screen"])
    finally:
        term.close()


def test_load_hands_off_before_any_hand_shows(tmp_path):
    term = Terminal(play_args("mudwater", 2, ()), COLS, ROWS)
    path = tmp_path / "g.json"
    try:
        term.send("")
        term.send("1")
        term.send("")
        saved = term.send(f"save {path}")
        assert "holds everything" in "\n".join(saved["screen"])
        loaded = term.send(f"load {path}")
        assert "press Enter" in loaded["prompt"]
        assert "hand (" not in "\n".join(loaded["screen"][loaded["screen"].index(next(
            line for line in loaded["screen"] if "Pass to" in line)):])
    finally:
        term.close()


def test_the_repl_stays_open_after_the_end():
    term = Terminal(["play", "tic-tac-toe", "--seed", "1"], COLS, ROWS)
    try:
        for move in ["a1", "a2", "b1", "b2"]:
            term.send(move)
        end = term.send("c1")
        screen = "\n".join(end["screen"])
        assert "game over: X wins" in screen and end["prompt"].startswith("game over>")
        assert fits(end, ROWS)
        history = term.send("history")
        assert "5. X plays place c1" in "\n".join(history["screen"]) and history["alive"]
        undone = term.send("undo")
        assert "undone: place c1" in "\n".join(undone["screen"]) and undone["prompt"].startswith("X>")
        term.send("quit")
        assert term.exit_code == 0
    finally:
        term.close()
