"""Many games: the playout loop's summary, `mire simulate`, `mire arena` and `mire balance`."""
import json
import statistics

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.arena import arena, bot_labels
from mire.engine.analysis.playout import play_game, play_series, random_playouts, series_rng, wilson
from mire.engine.bots import RandomBot
from mire.engine.run.runtime import Piece


def run(args):
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_wilson_intervals():
    assert wilson(5, 10) == (0.2366, 0.7634)
    assert wilson(0, 10) == (0.0, 0.2775)
    assert wilson(10, 10) == (0.7225, 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_shared_wins_are_counted_apart_and_everything_adds_up():
    summary = random_playouts(load_game("quagmire"), 60, seed=0, players=3)
    assert summary.shared_games > 0   # this seed has some
    assert summary.decided + summary.shared_games + summary.draws + summary.unfinished == summary.n == 60
    assert sum(summary.shared.values()) >= 2 * summary.shared_games   # each shared win has two seats or more
    assert set(summary.mean_scores()) == {"green", "red", "yellow"}


def test_a_series_split_by_game_number_gives_the_same_figures():
    game = load_game("connect-four")
    whole = random_playouts(game, 10, seed=3)
    first = play_series(game, 4, seed=3)
    both = play_series(game, 6, seed=3, summary=first, start=4)
    assert (both.wins, both.draws, both.lengths) == (whole.wins, whole.draws, whole.lengths)
    apart = play_series(game, 5, seed=3).merge(play_series(game, 5, seed=3, start=5))   # as --jobs 2 would
    assert (apart.n, apart.wins, apart.draws, apart.lengths) == (10, whole.wins, whole.draws, whole.lengths)


def test_ctrl_c_stops_a_series_with_the_games_played():
    game = load_game("tic-tac-toe")

    def bots_for(i, players):
        if i == 3:
            raise KeyboardInterrupt
        return [RandomBot(seed=i)] * players
    summary = play_series(game, 10, bots_for=bots_for)
    assert summary.interrupted and summary.n == 3


def test_simulate_reports_shared_wins_and_keeps_its_keys():
    report = json.loads(run(["simulate", "quagmire", "--players", "3", "-n", "30", "--json"]).output)
    assert {"game", "players", "n", "wins", "shared", "draws", "unfinished", "length",
            "playouts_per_second"} <= set(report)
    shared_games = report["n"] - sum(report["wins"].values()) - report["draws"] - report["unfinished"]
    assert shared_games >= 0 and (shared_games > 0) == (sum(report["shared"].values()) > 0)
    text = run(["simulate", "quagmire", "--players", "3", "-n", "30"]).output
    assert ("shared wins: " in text) == (shared_games > 0) and "mean score (95% interval): " in text


def test_arena_rotates_the_bots_and_counts_each():
    result = arena(load_game("tic-tac-toe"), ["mcts:100", "random"], 6, seed=1)
    by_bot = result.by_bot
    assert by_bot["mcts:100"].n == by_bot["random"].n == 6
    assert by_bot["mcts:100"].wins + by_bot["mcts:100"].draws == 6 and by_bot["mcts:100"].losses == 0
    assert by_bot["random"].wins == 0
    # rotating: the search bot was X in games 0, 2, 4 and O in 1, 3, 5, and won (or drew) both ways
    assert result.summary.wins["X"] > 0 and result.summary.wins["O"] > 0
    assert bot_labels(["random", "mcts", "random"]) == ["random#1", "mcts", "random#2"]


def test_arena_json_has_the_issues_keys():
    report = json.loads(run(["arena", "tic-tac-toe", "--seat", "1=mcts:60", "-n", "4", "--seed", "2",
                             "--json"]).output)
    assert {"game", "players", "n", "wins", "shared", "draws", "unfinished", "length", "win_rate",
            "by_bot"} <= set(report)
    assert report["n"] == 4 and set(report["by_bot"]) == {"mcts:60", "random"}
    low, high = report["win_rate"]["X"]
    assert 0 <= low <= report["wins"]["X"] / 4 <= high <= 1
    fixed = json.loads(run(["arena", "tic-tac-toe", "-n", "3", "--fixed-seats", "--json"]).output)
    assert "by_bot" not in fixed and fixed["seats"] == ["random", "random"]
    text = run(["arena", "tic-tac-toe", "--seat", "2=mcts:60", "-n", "2"]).output
    assert "seats rotating" in text and "mcts:60" in text and "95% interval" in text


def test_arena_refuses_people_and_unknown_bots():
    result = run(["arena", "tic-tac-toe", "--seat", "1=human"])
    assert result.exit_code == 2 and "an arena is for bots" in result.output
    result = run(["arena", "tic-tac-toe", "--seat", "1=wizard"])
    assert result.exit_code == 2 and "'wizard' is not a bot" in result.output


DEAD_RULE = """variant of tic-tac-toe
game "Tic-tac-toe with a resignation nobody may make"

action resign():
    require count(cells) > 100
    win opponent
"""


def test_balance_side_by_side_flags_a_dead_rule(tmp_path):
    (tmp_path / "resign.mire").write_text(DEAD_RULE)
    result = run(["balance", "tic-tac-toe", str(tmp_path / "resign.mire"), "--bots", "random", "-n", "40",
                  "--json"])
    report = json.loads(result.output)
    plain, variant = report["games"]
    assert plain["game"] == "tic-tac-toe" and variant["game"] == "resign"
    runs = variant["bots"]["random"]
    assert runs["dead"] == {"resign": "never"} and plain["bots"]["random"]["dead"] == {}
    assert runs["n"] == 40 and sum(runs["wins"].values()) + runs["draws"] == 40
    assert runs["branching"][0] == [1, 9.0] and runs["branching"][1] == [2, 8.0]
    assert runs["actions"]["place"]["chosen"] == runs["decisions"]
    text = run(["balance", "tic-tac-toe", str(tmp_path / "resign.mire"), "--bots", "random,mcts:20",
                "-n", "6"]).output
    resign = next(line for line in text.splitlines() if line.startswith("  resign"))
    assert resign.split() == ["resign", "0.0%", "never", "/", "0.0%", "never"]
    assert "seat 1 wins" in text and "branching factor" in text


def test_balance_draws_a_picture(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "fair.png"
    result = run(["balance", "tic-tac-toe", "--bots", "random", "-n", "10", "--plot", str(path)])
    assert result.exit_code == 0 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_mean_scores_come_with_a_95_percent_interval():
    summary = random_playouts(load_game("quagmire"), 40, seed=2, players=3)
    by_seat = {name: [] for name in summary.seats}
    play_series(load_game("quagmire"), 40, seed=2, players=3,
                on_game=lambda i, state, record: [by_seat[state.seat_name(s)].append(v)
                                                  for s, v in record.outcome.scores.items()])
    for name, values in by_seat.items():
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
        assert summary.mean_scores()[name] == pytest.approx(mean)
        assert summary.score_intervals()[name] == pytest.approx([mean - half, mean + half], abs=1e-4)


def test_simulate_and_arena_report_mean_scores_per_seat_in_text_and_json():
    report = json.loads(run(["simulate", "quagmire", "--players", "3", "-n", "20", "--json"]).output)
    assert set(report["scores"]) == set(report["score_intervals"]) == {"green", "red", "yellow"}
    for seat, (low, high) in report["score_intervals"].items():
        assert low <= report["scores"][seat] <= high
    text = run(["simulate", "quagmire", "--players", "3", "-n", "20"]).output
    line = next(t for t in text.splitlines() if t.startswith("mean score (95% interval): "))
    assert line.count("[") == 3
    result = json.loads(run(["arena", "quagmire", "--players", "3", "-n", "3", "--json"]).output)
    assert set(result["scores"]) == {"green", "red", "yellow"}
    assert all("score" in t and "score_interval" in t for t in result["by_bot"].values())
    assert "mean score" in run(["arena", "quagmire", "--players", "3", "-n", "3"]).output
    assert "scores" not in json.loads(run(["simulate", "tic-tac-toe", "-n", "5", "--json"]).output)


@pytest.mark.parametrize("name", ["mudwater", "quagmire", "mosquito-show", "queensland"])
def test_random_movers_play_the_same_games_without_records_of_the_draws(name):
    # a series of random movers keeps no record of what its draws could have been: the games are the same
    game = load_game(name)
    played = {}
    for records in (True, False):
        state = game.new_state(seed=5, records=records)
        outcome = play_game(state, [RandomBot(seed=9)] * state.num_players).outcome
        moves = [(m.action.name, [a.id if isinstance(a, Piece) else repr(a) for a in m.args])
                 for m in state.played]
        notes = outcome.extra.get("notes", [])
        played[records] = (moves, outcome.text, outcome.scores, notes)
        assert bool(state.chance) is records
        assert records or not state.writes
        if not records:  # (its moves were not named as they were played, nor logged: only the end's notes are)
            with pytest.raises(ValueError, match="keeps no record of its moves' names"):
                _ = state.history
            assert [text for _, text in state.log] == notes
        elif name == "queensland":  # (it logs every turn, and each player's points at the end)
            assert len(state.log) > len(notes) > 0
    assert played[True] == played[False]
    # the series of random movers (without records) and the same bots given explicitly (with them)
    plain = play_series(game, 6, seed=2)
    given = play_series(game, 6, seed=2, bots_for=lambda i, n: [RandomBot(series_rng(2, i))] * n)
    assert plain.as_dict() == given.as_dict()


def test_a_state_without_records_is_refused_by_what_works_out_a_seats_knowledge():
    from mire.engine.run.knowledge import Worlds
    state = load_game("mudwater").new_state(seed=1, records=False)
    with pytest.raises(ValueError, match="keeps no record of its draws"):
        Worlds(state, 0)
    assert Worlds(load_game("mudwater").new_state(seed=1), 0).seat == 0
