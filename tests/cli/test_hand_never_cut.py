"""A whole 4-player game of Quagmire at 80x24 against three bots, through a pseudo-terminal: at every prompt,
the person's hand is on the screen whole when they may play from it, never cut (issue 31, point 1, checked
across a game: later screens hold more shores and flies)."""
import re

import pytest

from tests.terminal import Terminal, fits


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 7])
def test_the_hand_is_never_cut_in_a_whole_four_player_game(seed):
    term = Terminal(["play", "quagmire", "--players", "4", "--seat", "2=random", "--seat", "3=random",
                     "--seat", "4=random", "--seed", str(seed)], 80, 24)
    try:
        record, prompts, with_hand = term.first, 0, 0
        while record["alive"] and "game over" not in record["prompt"] and prompts < 60:
            screen = record["screen"]
            assert fits(record, 24)
            # what was written since the last line typed (the screen above it is the one before)
            typed = [i for i, line in enumerate(screen[:-2]) if re.match(r"\w+> \S", line)]
            screen = screen[typed[-1] + 1:] if typed else screen
            hand = [line for line in screen if "hand (green)" in line]
            assert not any("…" in line for line in hand), "\n".join(screen)
            if any(re.search(r"\bplay \w", line) for line in screen if re.match(r"\s*\d+\. ", line)):
                # a frog may be played from the hand: the hand is there, each of its frogs whole
                assert hand, "\n".join(screen)
                with_hand += 1
            # the last of the moves now, or the second: the hand fills up as well as empties
            legal = [int(m.group(1)) for line in screen for m in [re.search(r"(\d+) legal moves?", line)] if m]
            count = legal[-1] if legal else 1
            record = term.send(str(count if prompts % 3 else min(2, count)))
            prompts += 1
        assert "game over" in record["prompt"] and with_hand >= 3
        assert term.widest() <= 80
    finally:
        term.close()
