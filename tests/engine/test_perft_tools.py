"""perft for authors: --divide counts the sequences under each first move, --json gives the games that end
at each depth by result. Checked against tic-tac-toe's well-known game tree."""
import json

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.perft import divide, perft

# The 255,168 games of tic-tac-toe: X wins 131,184 (after 5, 7, 9 moves), O 77,904 (after 6, 8), draws 46,080.
ENDED = {5: {"X": 1440}, 6: {"O": 5328}, 7: {"X": 47952}, 8: {"O": 72576}, 9: {"X": 81792}}


@pytest.mark.slow
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
    # (the terminals of the depths below the last: the last depth's moves are counted, not played)
    run = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "7", "--json"])
    report = json.loads(run.output)
    assert report["counts"][-2] == 54720 and len(report["terminals"]) == 6 and report["terminals"][5] == \
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
    # the depths are counted one after the other, each within the bound: those finished are shown
    assert run.output == ("depth 1: 9\n"
                          "Tic-tac-toe: perft stopped: it takes more than 1,000 steps (--max-work raises the bound)\n")
    run = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "4", "--max-work", "1000", "--jobs", "2"])
    assert run.exit_code == 1 and "perft stopped: it takes more than 1,000 steps" in run.output
    run = CliRunner().invoke(main, ["solve", "tic-tac-toe", "--exact", "--max-work", "1000"])
    assert run.exit_code == 1
    assert run.output == "Tic-tac-toe: solve stopped: it takes more than 1,000 steps (--max-work raises the bound)\n"


def test_a_depth_asked_for_is_counted_to_its_end_with_json_as_without(monkeypatch):
    # no bound on the whole count unless --max-work says one: with a small default it would stop the same way
    # with --json as without (the bound of a move and of a rule still hold)
    import mire.engine.analysis.work_bound as work_bound
    monkeypatch.setattr(work_bound, "MAX_ANALYSIS_WORK", 1000)
    plain = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "4", "--jobs", "1"])
    assert plain.exit_code == 0 and plain.output == "depth 1: 9\ndepth 2: 72\ndepth 3: 504\ndepth 4: 3024\n"
    as_json = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "4", "--jobs", "1", "--json"])
    assert as_json.exit_code == 0 and json.loads(as_json.output)["counts"] == [9, 72, 504, 3024]


def test_an_interrupt_ends_a_long_count_with_the_depths_finished(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time
    proc = subprocess.Popen([sys.executable, "-m", "mire", "perft", "tic-tac-toe", "--depth", "9", "--jobs", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(4)]   # depths 1 to 4 are quick; 9 takes a while
    time.sleep(0.5)
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert lines == ["depth 1: 9\n", "depth 2: 72\n", "depth 3: 504\n", "depth 4: 3024\n"]
    assert proc.returncode == 130
    finished = len(lines) + len(out.splitlines())
    assert err.strip().splitlines()[-1] == f"interrupted: depth {finished + 1} was not finished"


def test_json_does_the_work_of_the_counts_alone_and_agrees_with_the_text():
    """`--json` tallies the games that end at each depth whose moves are played anyway: the same work as the
    counts alone (the last depth's moves are not played for it), and the same counts as the text."""
    from mire.engine.analysis.parallel import perft_split
    path = "tic-tac-toe"
    alone, tallied = perft_split(path, 6), perft_split(path, 6, terminals="played")
    assert tallied.work == alone.work and tallied.counts == alone.counts
    assert perft_split(path, 6, terminals=True).work > alone.work   # (playing the last depth is more)
    text = CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "6", "--backend", "python"]).output
    report = json.loads(CliRunner().invoke(main, ["perft", "tic-tac-toe", "--depth", "6", "--backend", "python",
                                                  "--json"]).output)
    assert text.splitlines() == [f"depth {d}: {n}" for d, n in enumerate(report["counts"], 1)]
    assert [t["ended"] for t in report["terminals"]] == [0, 0, 0, 0, 1440]
