"""The `mire` command end to end, through click's CliRunner with piped input."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main

GAMES = Path(__file__).resolve().parents[2] / "games"


def run(args, input=None):
    result = CliRunner().invoke(main, args, input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run in a temporary folder, so that file names in transcripts stay short and stable."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


# -- play ------------------------------------------------------------------------------

def test_play_transcript(in_tmp, snapshot):
    (in_tmp / "broken.json").write_text('{"format": "mire-save", "version": 1, "game": ')
    (in_tmp / "wrong.json").write_text(json.dumps({
        "format": "mire-save", "version": 1, "game": "tic-tac-toe", "players": 2, "seed": 1,
        "options": [], "moves": ["place a1", "place b2", "place a1"]}))
    lines = [
        "5",             # X by number: place b2
        "place a1",      # O by text
        "place b2",      # illegal: taken
        "dance",         # not a command
        "undo",          # takes back O's a1: O must agree
        "y",
        "board",
        "place c3",      # O
        "12",            # no such number
        "save game.json",
        "place a1",      # X
        "moves",
        "load broken.json",
        "load wrong.json",
        "load game.json",   # back to two moves
        "help",
        "quit",
    ]
    result = run(["play", "tic-tac-toe", "--seed", "1"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0
    assert result.output == snapshot
    out = result.output
    assert "X plays place b2" in out and "O plays place c3" in out
    assert "undone: place a1" in out
    assert "saved game.json (2 moves)" in out
    assert "cannot load broken.json: bad JSON" in out
    assert "cannot load wrong.json: move 3 'place a1' is not legal" in out
    assert "loaded game.json (2 moves)" in out
    assert "\x1b[" not in out                       # no colour when stdout is not a tty
    saved = json.loads((in_tmp / "game.json").read_text())
    assert saved == {"format": "mire-save", "version": 1, "game": "tic-tac-toe", "players": 2,
                     "seed": 1, "options": [], "moves": ["place b2", "place c3"]}


def test_play_to_the_end_then_replay(in_tmp, snapshot):
    # X: a1 b1 c1 along the bottom row; O: a2 b2.
    moves = ["place a1", "place a2", "place b1", "save half.json", "place b2", "place c1"]
    # at the end the REPL stays open: a last look, the history, undo, save
    after = ["board", "history", "place a3", "save end.json", "undo", "place a3", "quit"]
    result = run(["play", "tic-tac-toe", "--seed", "1"], input="\n".join(moves + after) + "\n")
    assert result.exit_code == 0
    assert result.output == snapshot(name="play")
    out = result.output
    assert "game over: X wins" in out
    end = out.index("game over: X wins")
    assert "game over> board" in out[end:] and "game over> history" in out[end:]
    assert "the game is over" in out[end:]                     # a move after the end
    assert "undone: place c1" in out[end:] and "X plays place a3" in out[end:]   # X plays again
    assert out.rstrip().endswith("bye")
    assert json.loads((in_tmp / "end.json").read_text())["moves"][-1] == "place c1"

    # the saved half game goes on in a new session
    result = run(["play", "tic-tac-toe", "--seed", "1"], input="load half.json\nplace b2\nplace c1\n")
    assert "game over: X wins" in result.output
    assert result.output.rstrip().endswith("game over>")

    replayed = run(["replay", "half.json"])
    assert replayed.exit_code == 0
    assert replayed.output == snapshot(name="replay")
    assert "3. X plays place b1" in replayed.output
    assert replayed.output.rstrip().endswith("the game is not over: O to move")


def test_replay_refuses_a_bad_save(in_tmp):
    (in_tmp / "bad.json").write_text(json.dumps({
        "format": "mire-save", "version": 1, "game": "no-such-game", "players": 2, "seed": 1,
        "options": [], "moves": []}))
    result = run(["replay", "bad.json"])
    assert result.exit_code == 1
    assert result.output.strip() == \
        "cannot replay bad.json: 'game' is 'no-such-game', which is neither a bundled game nor a .mire file"


def test_bots_play_to_the_end(snapshot):
    result = run(["play", "tic-tac-toe", "--seed", "3", "--seat", "1=random", "--seat", "2=random"])
    assert result.exit_code == 0
    assert result.output == snapshot
    assert "game over:" in result.output
    assert "X plays" in result.output and "O plays" in result.output


def test_human_against_a_bot(snapshot):
    result = run(["play", "tic-tac-toe", "--seed", "2", "--seat", "2=random"],
                 input="1\nundo\nquit\n")
    assert result.exit_code == 0
    assert result.output == snapshot
    assert "undone: " in result.output and "O plays" in result.output


def test_play_without_a_game_runs_the_default_against_a_bot():
    result = run(["play", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "blue search bot (normal)" in result.output and "bye" in result.output


def test_hot_seat_with_hidden_information_passes_the_screen():
    # Mudwater's hands are private: the keyboard is handed over between the players
    result = run(["play", "mudwater", "--seed", "1"], input="1\n\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Pass to white; press Enter" in out
    # black's card came from a private hand, and lies face up on the mat: white reads it as it sees it there (as
    # the game shows the card: `show card as ...`)
    assert "black: play ●Star Jelly I ↑2→3↓2←4 on a1" in out[out.index("Pass to"):]
    # Mosquito Show hides the tokens from both players alike: no hand-over is needed
    result = run(["play", "mosquito-show", "--seed", "1"], input="1\nquit\n")
    assert "Pass to" not in result.output and "orange: put chameleon on a1" in result.output


def test_end_of_input_ends_the_session():
    result = run(["play", "tic-tac-toe", "--seed", "1"], input="5\n")
    assert result.exit_code == 0
    assert "O> " in result.output


@pytest.mark.parametrize("args, message", [
    (["play", "no-such-game"], "unknown game 'no-such-game'"),
    (["play", "tic-tac-toe", "--players", "5"], "Tic-tac-toe is for 2 players"),
    (["play", "tic-tac-toe", "--seat", "3=random"], "seats are numbered 1 to 2"),
    (["play", "tic-tac-toe", "--seat", "2=robot"], "'robot' is not a bot: write one of human, random, mcts"),
    (["play", "tic-tac-toe", "--seat", "robot"], "write SEAT=BOT, e.g. 2=mcts"),
    (["play", "tic-tac-toe", "--option", "nope"], "has no option 'nope'"),
])
def test_usage_errors(args, message):
    result = run(args)
    assert result.exit_code == 2
    assert message in result.output


# -- list, check, explain ----------------------------------------------------------------

def test_list():
    result = run(["list"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    for name in ("tic-tac-toe", "connect-four", "breakthrough", "mosquito-show"):
        assert any(line.startswith(name + " ") for line in lines), name
    assert any("Tic-tac-toe" in line and "2 players" in line for line in lines)


def test_check_good_files():
    paths = sorted(str(p) for p in GAMES.glob("*.mire"))
    result = run(["check", *paths])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"ok: {p}" for p in paths]


def test_check_a_broken_file(in_tmp):
    (in_tmp / "broken.mire").write_text(
        'game "Broken"\n'
        "players 2 named X, O\n"
        "board cells: grid 3 x 3\n"
        "piece mark\n"
        "\n"
        "action place(c in cells where empty(c)):\n"
        "    place mark for mover at nowhere\n")
    result = run(["check", "broken.mire"])
    assert result.exit_code == 1
    assert "error[" in result.output
    assert result.output.startswith("broken.mire:")
    assert "^" in result.output                      # the caret under the source line

    as_json = run(["check", "--json", "broken.mire"])
    assert as_json.exit_code == 1
    diagnostics = json.loads(as_json.output)
    assert diagnostics and all(d["path"] == "broken.mire" for d in diagnostics)
    assert {"line", "column", "code", "message"} <= set(diagnostics[0])


def test_check_a_missing_file_and_no_arguments(in_tmp):
    result = run(["check", "nothing-here.mire"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert run(["check"]).exit_code == 2


def test_explain_unknown_code():
    result = run(["explain", "E999"])
    assert result.exit_code == 1
    assert result.output.strip() == "unknown code E999"


# -- perft and simulate --------------------------------------------------------------------

def test_perft():
    result = run(["perft", "tic-tac-toe", "--depth", "3", "--json"])
    assert result.exit_code == 0
    none = {"ended": 0, "wins": {}, "shared": 0, "draws": 0}
    assert json.loads(result.output) == {"game": "tic-tac-toe", "counts": [9, 72, 504],
                                         "terminals": [dict(none, depth=d) for d in (1, 2)]}
    text = run(["perft", "tic-tac-toe", "--depth", "2"])
    assert text.output == "depth 1: 9\ndepth 2: 72\n"


@pytest.mark.slow
def test_perft_of_the_full_tic_tac_toe_tree():
    # The well-known counts: games end early from depth 5 on.
    from mire.engine import load_game
    from mire.engine.analysis.perft import perft
    assert perft(load_game("tic-tac-toe").new_state(seed=0), 9) == \
        [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]


def test_simulate():
    result = run(["simulate", "tic-tac-toe", "-n", "50", "--seed", "4", "--json"])
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report["game"] == "tic-tac-toe" and report["players"] == 2 and report["n"] == 50
    assert set(report["wins"]) == {"X", "O"}
    assert sum(report["wins"].values()) + report["draws"] + report["unfinished"] == 50
    assert report["unfinished"] == 0
    assert 5 <= report["length"]["min"] <= report["length"]["mean"] <= report["length"]["max"] <= 9
    assert report["playouts_per_second"] > 0
    # the same seed gives the same playouts
    again = json.loads(run(["simulate", "tic-tac-toe", "-n", "50", "--seed", "4", "--json"]).output)
    assert (again["wins"], again["draws"], again["length"]) == (report["wins"], report["draws"], report["length"])

    text = run(["simulate", "tic-tac-toe", "-n", "10"])
    assert text.exit_code == 0
    assert "wins: X " in text.output and "draws: " in text.output and "playouts/s" in text.output


# -- a game from a file, hidden information in save files -----------------------------------

LOADER = '''\
game "Loader"
players 2 named A, B
board cells: grid 2 x 1
piece crate

action load(c in cells where empty(c)):
    place crate for mover at c

trigger full after move:
    if all(c in cells where not empty(c)): draw
'''


def test_a_game_file_whose_action_looks_like_a_command(in_tmp, snapshot):
    (in_tmp / "loader.mire").write_text(LOADER)
    result = run(["play", "loader.mire", "--seed", "0"],
                 input="load a1\nsave s.json\nload nothing.json\nload b1\n")
    assert result.exit_code == 0
    assert result.output == snapshot
    assert "A plays load a1" in result.output and "B plays load b1" in result.output
    assert "cannot load nothing.json: " in result.output
    assert "game over: draw" in result.output
    saved = json.loads((in_tmp / "s.json").read_text())
    assert saved["game"] == "loader.mire"      # a file's game: its path from the save's folder
    assert saved["moves"] == ["load a1"]


def test_saves_restore_hidden_information_and_choices(tmp_path):
    """Random games with shuffles and choices inside effects: a save restores the same state."""
    import random

    from mire.cli.savefile import restore, save_data, write_save
    from mire.engine import load_game
    from mire.engine.analysis.playout import play_game
    from mire.engine.bots import RandomBot

    game = load_game("mosquito-show")
    rng = random.Random(5)
    for seed in range(3):
        state = game.new_state(seed=seed)
        play_game(state, [RandomBot(rng)] * 2, max_moves=rng.randrange(5, 40))
        path = tmp_path / f"s{seed}.json"
        write_save(str(path), save_data("mosquito-show", state.num_players, seed, [], state.history))
        _, _, saved, restored, movers = restore(str(path))
        assert restored.history == state.history and len(movers) == len(state.history)
        for seat in range(state.num_players):
            assert restored.view(seat) == state.view(seat)


def test_an_unexpected_exception_is_an_internal_error_not_a_traceback(monkeypatch):
    import mire.cli.main as cli_main

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli_main, "load_game", boom)
    result = CliRunner().invoke(main, ["check", "x.mire"])
    assert result.exit_code == 1
    assert "internal error: RuntimeError: boom" in result.output
    assert "Traceback" not in result.output

    monkeypatch.setattr(cli_main, "resolve", boom)
    for args in (["play", "tic-tac-toe"], ["perft", "tic-tac-toe", "--depth", "1"],
                 ["simulate", "tic-tac-toe", "-n", "1"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, args
        assert result.output.strip() == "mire: internal error: RuntimeError: boom"


def test_list_shows_variants_under_their_base(monkeypatch):
    from types import SimpleNamespace as G

    import mire.cli.main as cli_main
    games = [G(name="zeta", title="Zeta", path="z.mire", base=None, min_players=2, max_players=4),
             G(name="alpha-fast", title="Alpha, fast", path="af.mire", base="alpha", min_players=2,
               max_players=2),
             G(name="alpha", title="Alpha", path="a.mire", base=None, min_players=2, max_players=2),
             G(name="orphan", title="Orphan", path="o.mire", base="gone", min_players=1, max_players=1)]
    monkeypatch.setattr(cli_main, "bundled", lambda: games)
    monkeypatch.setattr(cli_main, "default_game_name", lambda: "alpha")
    result = run(["list"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "alpha         Alpha        2 players, default",
        "  alpha-fast  Alpha, fast  2 players",
        "orphan        Orphan       1 player, variant of gone",
        "zeta          Zeta         2-4 players",
    ]


def test_typed_control_characters_never_reach_the_terminal():
    out = run(["play", "tic-tac-toe", "--seed", "1"], input="\x1b[2J\x07zap\nquit\n").output
    assert "\x1b" not in out and "\x07" not in out
    assert "'\\x1b[2J\\x07zap' is not a move or a command: 'help' lists them" in out
