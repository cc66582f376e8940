"""`mire balance` in batches: `--until ±P%` stops once every reported interval is that narrow, the time it
expects to take is said, and the README's balance example runs as written (issue 31, point 9)."""
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main

README = Path(__file__).resolve().parents[2] / "README.md"


def balance(args):
    result = CliRunner().invoke(main, ["balance", *args], catch_exceptions=False)
    assert "Traceback" not in result.output + result.stderr
    return result


def intervals(text):
    """The half widths of the win-rate intervals printed: [46.8%, 52.8%] is 3.0 points."""
    return [(float(high) - float(low)) / 2 for low, high in re.findall(r"\[([\d.]+)%, ([\d.]+)%\]", text)]


@pytest.mark.parametrize("bound", ["±5%", "5%"])
def test_until_stops_once_every_interval_is_within_the_bound(bound):
    result = balance(["tic-tac-toe", "--bots", "random", "-n", "5000", "--seed", "4", "--until", bound,
                      "--jobs", "1"])
    assert result.exit_code == 0, result.stderr
    played = int(re.search(r"n=(\d+)", result.stdout).group(1))
    assert played < 5000     # stopped early
    assert "tic-tac-toe, random: stopped after {:,} games: every win-rate interval is within ±5%".format(played) \
        in result.stderr
    widths = intervals(result.stdout)
    assert len(widths) == 2 and all(w <= 5.0 + 0.051 for w in widths)   # (printed to a tenth of a point)
    # the same seed without --until but as many games gives the same figures: batches change nothing
    whole = balance(["tic-tac-toe", "--bots", "random", "-n", str(played), "--seed", "4", "--jobs", "1"])
    assert whole.stdout.split("\n\n")[0] == result.stdout.split("\n\n")[0]


def test_until_says_when_the_games_asked_for_were_not_enough():
    result = balance(["tic-tac-toe", "--bots", "random", "-n", "50", "--until", "±1%", "--jobs", "1"])
    assert result.exit_code == 0
    assert re.search(r"tic-tac-toe, random: played the 50 games of -n; the widest win-rate interval is "
                     r"±\d+\.\d%, not yet within ±1%", result.stderr)


def test_balance_says_how_long_it_expects_to_take():
    result = balance(["tic-tac-toe", "--bots", "random", "-n", "200", "--jobs", "1"])
    lines = [line for line in result.stderr.splitlines() if "to go" in line]
    assert lines and re.fullmatch(r"tic-tac-toe, random: about [\d.]+ (s|min) to go \(200 games; \d+ played in "
                                  r"[\d.]+ s\)", lines[0])
    assert "n=200" in result.stdout


def test_until_refuses_a_bound_it_cannot_read():
    result = balance(["tic-tac-toe", "--bots", "random", "--until", "narrow"])
    assert result.exit_code == 2 and "'narrow' is not a bound such as ±3%" in result.stderr


@pytest.mark.slow
def test_the_readmes_balance_example_runs_as_written():
    line = next(line for line in README.read_text().splitlines() if line.startswith("mire balance "))
    args = shlex.split(line.split("#")[0])[2:]
    result = balance(args)
    assert result.exit_code == 0, result.stderr
    assert "stopped after" in result.stderr and "every win-rate interval is within ±3%" in result.stderr
    assert all(w <= 3.05 for w in intervals(result.stdout.split("\n\n")[0]))
