"""perft for authors: --divide counts the sequences under each first move, --json gives the games that end
at each depth by result. Checked against tic-tac-toe's well-known game tree."""
import json

from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.perft import divide, perft

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


# -- the work of one analysis is bounded (engine/analysis/work_bound.py) -------------------------------------------

def test_a_perft_past_its_bound_stops_and_leaves_the_state_as_it_was():
    import pytest

    from mire.engine.analysis.work_bound import TooMuchWork
    state = load_game("tic-tac-toe").new_state()
    state.apply(state.parse_move("place b2"))
    before = [m.text for m in state.legal_moves()]
    with pytest.raises(TooMuchWork, match="it takes more than 5,000 steps"):
        perft(state, 5, limit=5000)
    assert [m.text for m in state.legal_moves()] == before and state.history == ["place b2"]
    fresh = load_game("tic-tac-toe").new_state()
    fresh.apply(fresh.parse_move("place b2"))
    assert perft(state, 5) == perft(fresh, 5) == [8, 56, 336, 1680, 5760]


def test_a_perft_stops_past_the_same_bound_in_one_process_and_in_several():
    import pytest

    from mire.engine.analysis.parallel import Local, perft_split
    from mire.engine.analysis.perft import perft_game
    from mire.engine.analysis.work_bound import TooMuchWork
    game = load_game("connect-four")
    work = perft_game(game, 3).work
    assert work > 0
    for runner in (None, Local(2)):
        assert perft_split("connect-four", 3, runner=runner, limit=work).counts == [7, 49, 343]
        assert perft_split("connect-four", 3, runner=runner, limit=work).work == work
        with pytest.raises(TooMuchWork):
            perft_split("connect-four", 3, runner=runner, limit=work - 1)


def test_the_command_line_says_when_perft_or_solve_stops_past_its_bound(tmp_path):
    run = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "4", "--max-work", "1000", "--jobs", "1"])
    assert run.exit_code == 1
    assert run.output == "Tic-tac-toe: perft stopped: it takes more than 1,000 steps (--max-work raises the bound)\n"
    run = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "4", "--max-work", "1000", "--jobs", "2"])
    assert run.exit_code == 1 and "perft stopped: it takes more than 1,000 steps" in run.output
    run = CliRunner().invoke(main, ["solve", "tic-tac-toe", "--exact", "--max-work", "1000"])
    assert run.exit_code == 1
    assert run.output == "Tic-tac-toe: solve stopped: it takes more than 1,000 steps (--max-work raises the bound)\n"
