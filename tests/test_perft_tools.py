"""perft for authors: --divide counts the sequences under each first move, --json gives the games that end
at each depth by result. Checked against tic-tac-toe's well-known game tree."""
import json

from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.perft import divide, perft

# The 255,168 games of tic-tac-toe: X wins 131,184 (after 5, 7, 9 moves), O 77,904 (after 6, 8), draws 46,080.
ENDED = {5: {"X": 1440}, 6: {"O": 5328}, 7: {"X": 47952}, 8: {"O": 72576}, 9: {"X": 81792}}


def test_terminals_are_the_games_that_end_at_each_depth():
    terminals: list = []
    counts = perft(load_game("tic-tac-toe").new_state(), 9, terminals)
    assert counts == [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    assert [t["wins"] for t in terminals] == [ENDED.get(d, {}) for d in range(1, 10)]
    assert [t["draws"] for t in terminals] == [0] * 8 + [46080]
    assert sum(t["ended"] for t in terminals) == 255168 and not any(t["shared"] for t in terminals)


def test_divide_splits_the_count_by_first_move():
    state = load_game("tic-tac-toe").new_state()
    state.apply(state.parse_move("place b2"))
    split = divide(state, 6)
    assert sum(n for _, n in split) == perft(state, 6)[-1]
    # after X takes the centre, O in a corner leaves fewer 6-move sequences than O on an edge (X wins sooner)
    assert dict(split) == {f"place {s}": 1944 if s in ("a1", "c1", "a3", "c3") else 2052
                           for s in ("a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3")}
    assert state.history == ["place b2"]  # divide leaves the state as it was


def test_the_command_line_divides_and_reports_terminals():
    run = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "6", "--json"])
    report = json.loads(run.output)
    assert report["counts"][-1] == 54720 and report["terminals"][5] == \
        {"depth": 6, "ended": 5328, "wins": {"O": 5328}, "shared": 0, "draws": 0}
    run = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "2", "--divide"])
    assert run.output.splitlines()[0] == "place a1: 8" and run.output.splitlines()[-1] == "total: 72"
    run = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "2", "--divide", "--json"])
    assert json.loads(run.output)["divide"]["place c3"] == 8


def test_divide_and_terminals_split_over_processes_are_those_of_one():
    args = ["perft", "tic-tac-toe", "--depth", "6", "--divide", "--json"]
    one = json.loads(CliRunner().invoke(main, [*args, "--jobs", "1"]).output)
    two = json.loads(CliRunner().invoke(main, [*args, "--jobs", "2"]).output)
    assert two == one and one["terminals"][4]["wins"] == {"X": 1440}
    # counted by a plain Python walk of the board: 6000 under a corner, 6240 under an edge, 5760 under the centre
    assert one["divide"] == {f"place {s}": 6000 if s in ("a1", "c1", "a3", "c3") else 5760 if s == "b2" else 6240
                             for s in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")}
    assert sum(one["divide"].values()) == one["counts"][-1] == 54720
    text = CliRunner().invoke(main, ["perft", "connect-four", "--depth", "3", "--divide", "--jobs", "3"]).output
    assert text.splitlines()[-1] == "total: 343" and len(text.splitlines()) == 8
