"""The first screen a player meets at 80 x 24, in a real pseudo-terminal: what they decide with comes first (their
hand whole), what is empty takes no line, and in hot seat nobody's hand shows before the keyboard is handed over."""
import sys

import pytest
from terminal import Terminal, fits

from mire.engine import load_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

COLS, ROWS = 80, 24


def hand_words(state, seat) -> list:
    """Each card of the seat's hand as the screen names it."""
    return [p.describe() for p in state.players[seat].zones["hand"].pieces]


def first_screen(args) -> dict:
    term = Terminal(args, COLS, ROWS)
    try:
        first = dict(term.first, input_row=None)
        assert fits(first, ROWS), "\n".join(first["screen"])
        assert term.widest() <= COLS
        return dict(first, screen=first["screen"][:-1])   # (the last line is the toolbar)
    finally:
        term.close()


def test_mudwater_against_a_bot_shows_the_whole_hand_and_condenses_the_empty_mat():
    state = load_game("mudwater").new_state(seed=3, players=2)
    seat = state.to_move
    first = first_screen(["play", "mudwater", "--seat", "2=mcts", "--seed", "3"])
    shown = "\n".join(first["screen"])
    names = [p.attrs["name"] for p in state.players[seat].zones["hand"].pieces]
    assert len(names) == 13
    missing = [n for n in names if n not in shown]
    assert not missing, shown
    assert "…" not in shown, shown                 # nothing cut short
    assert "+-----+" not in shown, shown           # the empty mat is one line a row, not a box
    assert "empty:" not in shown, shown            # the empty won piles take no line


def test_quagmire_for_four_shows_each_frog_of_the_hand_whole():
    args = ["play", "quagmire", "--players", "4", "--seed", "1",
            "--seat", "2=random", "--seat", "3=random", "--seat", "4=random"]
    first = first_screen(args)
    shown = "\n".join(first["screen"])
    state = load_game("quagmire").new_state(seed=1, players=4)
    for words in hand_words(state, 0):
        assert words in shown, shown
    assert "empty:" not in shown, shown
    assert "…" not in shown, shown


def test_hot_seat_hands_over_before_the_first_hand_shows():
    state = load_game("mudwater").new_state(seed=5, players=2)
    first_mover = state.seat_name(state.to_move)
    names = [p.attrs["name"] for p in state.players[state.to_move].zones["hand"].pieces]
    term = Terminal(["play", "mudwater", "--seed", "5"], COLS, ROWS)
    try:
        screen = "\n".join(term.first["screen"])
        assert term.first["prompt"].startswith(f"Pass to {first_mover}; press Enter"), screen
        assert "Mudwater" in screen                 # the banner stays above the question
        assert not any(n in "\n".join(term.all_lines()) for n in names), screen
        after = term.send("")
        assert after["cleared"]
        shown = "\n".join(after["screen"])
        assert all(n in shown for n in names), shown
        assert fits(after, ROWS)
    finally:
        term.close()


def test_hot_seat_without_secrets_needs_no_hand_over():
    term = Terminal(["play", "tic-tac-toe", "--seed", "1"], COLS, ROWS)
    try:
        assert term.first["prompt"].endswith(">"), term.first["prompt"]
    finally:
        term.close()
