"""Hostile input, round 3 (issue 32): what tests/test_hostile.py cannot say with one command and a line of its
output: the language server, the same verdict in every command, what a message may tell whom, the processes a
command starts, and the bounds of replaying a save."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.lsp_analysis import index_document
from mire.cli.main import main
from mire.grammar.parser import unsafe_character
from mire.grammar.wording import printable

HOSTILE = Path(__file__).parent


# ---------------------------------------------------------------- 2. names longer than a file's name can be

def test_the_language_server_says_no_game_of_a_long_name_as_check_does(tmp_path):
    name = "long_variant_name.mire"
    problems = index_document((HOSTILE / name).read_text(), str(tmp_path / name)).problems
    assert [(p.code, p.place.line, p.message) for p in problems] == [("E090", 1, f"no game named '{'a' * 57}...'")]
    # (the server leaves the games an option uses to `mire check`: nothing to say, and no internal error)
    name = "long_uses_name.mire"
    assert index_document((HOSTILE / name).read_text(), str(tmp_path / name)).problems == []


# ---------------------------------------------------------------- 3 and 5. one verdict in every command

def invoke(args, stdin=""):
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.output


_MOVES = "".join(f"{c}{r}\n" for r in "123" for c in "abc") + "quit\n"
_COMMANDS = {
    "simulate": (["simulate", "-n", "1", "--jobs", "1"], 1),
    "arena": (["arena", "-n", "1", "--jobs", "1"], 1),
    "balance": (["balance", "-n", "1", "--jobs", "1"], 1),
    "perft": (["perft", "--depth", "10", "--jobs", "1"], 1),  # (its first line of play meets the error)
    "play": (["play", "--seed", "1"], None),  # (the REPL takes the move back and goes on, or says it cannot start)
}


@pytest.mark.parametrize("command", sorted(_COMMANDS))
@pytest.mark.parametrize("name, said", [
    # a def that calls itself through nested filters, from a variable's start value, a per-player one, an `at end`
    # trigger, a key of `rank by` and a `when stuck` reason: the def's call, at its line
    ("recursive_start_value.mire", "'deep' calls itself without end (recursive_start_value.mire:5)"),
    ("recursive_start_value_per_player.mire",
     "'deep' calls itself without end (recursive_start_value_per_player.mire:5)"),
    ("recursive_at_end.mire", "'deep' calls itself without end (recursive_at_end.mire:5)"),
    ("recursive_rank_by.mire", "'deep' calls itself without end (recursive_rank_by.mire:5)"),
    ("recursive_stuck_reason.mire", "'deep' calls itself without end (recursive_stuck_reason.mire:5)"),
    # an index out of range that is a secret value: the same error everywhere, and it tells no value
    ("secret_index.mire", "an index is outside its list (secret_index.mire:10)"),
    # a log line's text that divides by zero: simulate's random movers keep no log, and used to report draws
    ("divide_in_a_log_text.mire", "division by zero (divide_in_a_log_text.mire:8)"),
])
def test_a_rules_error_is_the_same_error_in_every_command(name, said, command, tmp_path, monkeypatch):
    shutil.copy(HOSTILE / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    args, status = _COMMANDS[command]
    code, out = invoke([args[0], name, *args[1:]], _MOVES)
    shown = " ".join(out.split())  # (the REPL wraps its lines)
    assert said in shown, out[-2000:]
    assert "internal error" not in out and "could not carry it out" not in out and "draws: 1" not in out
    if status is not None:
        # (perft shows each depth as it finishes: the error follows the depths counted before it)
        # (then its rules line, with where it is and a caret: cli/main.py _rule_error_excerpt)
        lines = out.strip().splitlines()
        said_at = max((i for i, line in enumerate(lines) if line.startswith("error: ")), default=-1)
        assert code == status and lines[said_at].startswith(f"error: a rule failed: {said}"), out[-2000:]
        assert lines[said_at + 1].startswith("  --> ") and lines[-1].startswith("  = hint: "), out[-2000:]


# ---------------------------------------------------------------- 7. characters that show nothing

INVISIBLES = "\u061c\u200b\u200c\u200d\u2060\ufeff\u2028\u2029\u206a\u206b\u206c\u206d\u206e\u206f"


def test_invisible_characters_are_refused_in_texts_and_escaped_when_printed(tmp_path):
    for i, ch in enumerate(INVISIBLES):
        folder = tmp_path / str(i)
        folder.mkdir()
        assert printable(f"a{ch}b") == f"a\\u{ord(ch):04x}b"
        assert unsafe_character(f"ok {ch}") == ch
        (folder / "cards.csv").write_text(f"name\nplain\nhid{ch}den\n", encoding="utf-8")
        (folder / "g.mire").write_text('game "Cards"\nplayers 2\nboard mat: grid 3 x 3\npiece card(name: text)\n'
                                         'pieces card from "cards.csv"\naction place(s in mat where empty(s)):\n'
                                         '    pass\n', encoding="utf-8")
        code, out = invoke(["check", str(folder / "g.mire")])
        assert code == 1 and f"cards.csv:3:1: error[E008]: this value holds the character '\\u{ord(ch):04x}'" in out
        assert ch not in out


def test_a_byte_order_mark_that_starts_a_file_is_no_character(tmp_path):
    """(Some editors start a UTF-8 file with one: it is read as the start of the file, not as a character.)"""
    (tmp_path / "cards.csv").write_text("\ufeffname\nplain\n", encoding="utf-8")
    (tmp_path / "g.mire").write_text('\ufeffgame "Cards"\nplayers 2\nboard mat: grid 3 x 3\npiece card(name: text)\n'
                                     'pieces card from "cards.csv"\naction place(s in mat where empty(s)):\n'
                                     '    pass\n', encoding="utf-8")
    assert invoke(["check", str(tmp_path / "g.mire")]) == (0, f"ok: {tmp_path / 'g.mire'}\n")


# ---------------------------------------------------------------- 11. position files

@pytest.mark.parametrize("line, said", [
    ("l = 5", "'l' holds a list of int"),
    ("l = yes", "'l' holds a list of int"),
    ("b = 5", "'b' holds yes or no"),
    ("n = yes", "'n' holds a whole number"),
    ("t = 5", "'t' holds a text"),
])
def test_a_position_file_says_what_a_variable_holds(line, said, tmp_path):
    shutil.copy(HOSTILE / "list_variable.mire", tmp_path / "list_variable.mire")
    position = tmp_path / "p.pos"
    if line == "l = 5":
        shutil.copy(HOSTILE / "list_variable_set_to_a_number.pos", position)
    else:
        position.write_text(f"position of list_variable\n{line}\n")
    code, out = invoke(["play", str(tmp_path / "list_variable.mire"), "--position", str(position)], "quit\n")
    assert code == 2 and f"Error: Invalid value for --position: {position}:2: {said}\n" in out, out


# ---------------------------------------------------------------- 8. the command line

@pytest.mark.parametrize("args, said", [
    (["balance", "tic-tac-toe", "--bots", ",", "-n", "1"], "Error: Invalid value for --bots: names no bot"),
    (["perft", "tic-tac-toe", "--depth", "999999999999"],
     "Error: Invalid value for '--depth': 999999999999 is not in the range 1<=x<=100."),
])
def test_a_bad_value_on_the_command_line_is_a_usage_error(args, said):
    code, out = invoke(args)
    assert code == 2 and said in out and "interrupted" not in out and "memory" not in out, out


def test_a_cluster_address_that_is_none_is_a_usage_error():
    pytest.importorskip("ray")
    code, out = invoke(["simulate", "tic-tac-toe", "-n", "2", "--cluster", "nonsense"])
    assert code == 2 and out.endswith("\nError: --cluster 'nonsense': Invalid address format: nonsense\n"), out


def test_a_cluster_that_cannot_be_reached_or_started_is_one_line(monkeypatch):
    ray = pytest.importorskip("ray")

    def unreachable(**settings):
        raise ConnectionError("Could not find any running Ray instance.\nPlease specify the one to connect to.")
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", unreachable)
    for address in ("auto", "ray://198.51.100.1:10001"):
        code, out = invoke(["arena", "tic-tac-toe", "-n", "2", "--cluster", address])
        assert code == 1 and out == (f"Error: cannot reach the Ray cluster at '{address}': Could not find any "
                                     f"running Ray instance.\n"), out


# ---------------------------------------------------------------- 9. the processes a command starts end with it

def _children(pid: int) -> dict:
    """The processes whose parent is `pid`, each with its start time (so that a number used again by another
    process later is not taken for it), read from /proc."""
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out[int(entry.name)] = fields[19]
    return out


def _alive(pid: int, started: str) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[19] == started and fields[0] != "Z"


_LONG = {  # commands that work in two processes for far longer than the test waits
    "arena": ["arena", "tic-tac-toe", "-n", "10000000", "--jobs", "2"],
    "simulate": ["simulate", "connect-four", "-n", "100000000", "--jobs", "2"],
    "balance": ["balance", "tic-tac-toe", "--bots", "random", "-n", "10000000", "--jobs", "2"],
    "perft": ["perft", "connect-four", "--depth", "12", "--jobs", "2"],
}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
@pytest.mark.parametrize("command, sig", [("arena", signal.SIGTERM), ("arena", signal.SIGINT),
                                          ("arena", signal.SIGHUP), ("arena", signal.SIGKILL),
                                          ("simulate", signal.SIGTERM), ("balance", signal.SIGHUP),
                                          ("perft", signal.SIGTERM), ("perft", signal.SIGKILL)])
def test_no_worker_outlives_the_command_however_it_ends(command, sig, tmp_path):
    process = subprocess.Popen([str(Path(sys.executable).parent / "mire"), *_LONG[command]], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=dict(os.environ, NO_COLOR="1"))
    try:
        end = time.monotonic() + 60
        workers: dict = {}
        while len(workers) < 2 and time.monotonic() < end:
            time.sleep(0.2)
            workers = _children(process.pid)
        assert len(workers) >= 2, "the command never started its workers"
        time.sleep(0.5)  # (at work)
        process.send_signal(sig)
        out, _ = process.communicate(timeout=60)  # (the output ends: no worker holds it open)
        end = time.monotonic() + 10  # (a worker killed with its parent may take a moment to be reaped)
        while any(_alive(pid, started) for pid, started in workers.items()) and time.monotonic() < end:
            time.sleep(0.1)
        assert not any(_alive(pid, started) for pid, started in workers.items()), "a worker outlived the command"
        assert b"Traceback" not in out and b"internal error" not in out, out[-2000:]
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


# ---------------------------------------------------------------- 10. the language server

@pytest.mark.parametrize("header", [b"content-length: %d\r\n", b"CONTENT-LENGTH:%d \r\n", b"Content-Length: %d  \r\n"])
def test_the_language_server_reads_a_header_name_regardless_of_case_and_trailing_spaces(header):
    pytest.importorskip("pygls")
    import json
    server = subprocess.Popen([sys.executable, "-c", "from mire.cli.main import main; main()", "lsp"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        for rid in (1, 2):  # (the second message is read in step after the first)
            body = json.dumps({"jsonrpc": "2.0", "id": rid, "method": "initialize" if rid == 1 else "shutdown",
                               "params": {"processId": None, "rootUri": None, "capabilities": {}}}).encode()
            server.stdin.write(header % len(body) + b"\r\n" + body)
            server.stdin.flush()
            length = None
            while True:
                line = server.stdout.readline()
                if line in (b"\r\n", b""):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            assert length is not None
            assert json.loads(server.stdout.read(length))["id"] == rid
    finally:
        server.kill()
        server.wait()


@pytest.mark.parametrize("command", sorted(_COMMANDS))
def test_an_error_tells_no_value_its_reader_may_not_see(command, tmp_path, monkeypatch):
    """(point 6) An index out of range is told without the index nor the list's length: either may be a secret
    variable or the size of another's hand, and the player to move reads the error."""
    shutil.copy(HOSTILE / "secret_index.mire", tmp_path / "secret_index.mire")
    monkeypatch.chdir(tmp_path)
    args, _ = _COMMANDS[command]
    _, out = invoke([args[0], "secret_index.mire", *args[1:]], _MOVES)
    assert "an index is outside its list" in out and "657" not in out

