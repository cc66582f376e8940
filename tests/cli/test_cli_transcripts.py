"""A short scripted session of each bundled game, piped (80 x 24, no colour, no control codes), as a
snapshot: what a player reads.  Each script types moves the loose ways a player may: any case, the
start of a word, a card by its number, a space alone, and some that fit several moves or none."""
import pytest
from click.testing import CliRunner

from mire.cli.main import main

SCRIPTS = {
    "tic-tac-toe": ["B2", "a", "a1", "foo bar", "b2", "c3", "undo", "y", "quit"],
    "connect-four": ["d1", "D2", "drop e1", "e", "9", "quit"],
    "breakthrough": ["a2 a3", "step a7 a6", "a3", "b2 b3", "history", "quit"],
    "mosquito-show": ["c a1", "tou d4", "place", "t b2", "moves", "quit"],
    "mudwater": ["place 94 b2", "p 37 b2", "", "rock 50 a1", "r 32 a1", "", "37 c3", "place 14 c3", "", "quit"],
    "mudwater-advanced": ["place star jelly b2", "", "rock 32 a1", "", "board mat", "quit"],
    "quagmire": ["pl cri", "", "discard dart", "", "help", "quit"],
    "queensland": ["n", "face e", "take 1", "board yellow", "quit"],
}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_short_session(name, snapshot, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    lines = SCRIPTS[name]
    result = CliRunner().invoke(main, ["play", name, "--seed", "1"], input="\n".join(lines) + "\n",
                                catch_exceptions=False)
    out = result.output
    assert result.exit_code == 0
    assert "Traceback" not in out and "\x1b" not in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert out.rstrip().endswith("bye")
    assert "takes 2 values" not in out      # a card's name of several words is one value
    assert out == snapshot
