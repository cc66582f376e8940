"""Bots at the REPL: seats played by the search bot, `hint`, "thinking", and Ctrl-C, through a real
pseudo-terminal at 80x24 as well as through pipes."""
import os
import pty
import select
import signal
import struct
import sys
import time

from click.testing import CliRunner

from mire.cli.main import main


def run(args, input=None):
    result = CliRunner().invoke(main, args, input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_a_seat_played_by_the_search_and_a_hint_for_the_human():
    result = run(["play", "tic-tac-toe", "--seed", "1", "--seat", "2=mcts:200"], input="hint\n5\nquit\n")
    assert result.exit_code == 0
    out = result.output
    assert out.startswith("Tic-tac-toe; seed 1.\n") and "\nX human, O search bot (mcts:200)." in out
    assert "thinking...\nhint: place " in out
    assert "X plays place b2\nO is thinking...\nO plays place " in out


def test_the_seat_option_names_every_bot():
    result = run(["play", "tic-tac-toe", "--seat", "2=robot"])
    assert result.exit_code == 2
    assert "'robot' is not a bot: write one of human, random, mcts, mcts:2s, mcts:500, easy, normal, hard" \
        in result.output


def read_until(fd, wanted, seconds):
    out = b""
    end = time.monotonic() + seconds
    while wanted not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out


def spawn(args):
    """`mire ARGS` in a pseudo-terminal of 80 x 24: (pid, fd)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["COLUMNS"], os.environ["LINES"] = "80", "24"
        os.execv(sys.executable, [sys.executable, "-c", "from mire.cli.main import main; main()", *args])
    import fcntl
    import termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def finish(pid, seconds=10):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError("mire did not stop")


def test_at_a_terminal_the_bot_says_it_is_thinking_and_ctrl_c_stops_it():
    # the bot plays first and would think for ever: Ctrl-C must stop it at once
    pid, fd = spawn(["play", "tic-tac-toe", "--seed", "1", "--seat", "1=mcts:100000000", "--seat", "2=human"])
    try:
        seen = read_until(fd, b"X is thinking...", 20)
        assert b"X is thinking..." in seen
        time.sleep(0.3)
        os.write(fd, b"\x03")
        seen += read_until(fd, b"interrupted", 10)
        assert b"interrupted" in seen
        assert finish(pid) == 130
    finally:
        os.close(fd)


def test_at_a_terminal_a_hint_can_be_asked_and_the_game_goes_on():
    pid, fd = spawn(["play", "tic-tac-toe", "--seed", "1", "--seat", "2=mcts:50"])
    try:
        assert b"X>" in read_until(fd, b"X>", 20)   # prompt_toolkit draws the prompt's space as a cursor move
        os.write(fd, b"hint\r")
        seen = read_until(fd, b"hint: place ", 30)
        assert b"thinking...\r\x1b[Khint: place " in seen   # the word goes away when the hint comes
        os.write(fd, b"place a1\r")
        seen = read_until(fd, b"O plays place ", 30)
        assert b"O plays place " in seen and b"\r\x1b[K" in seen
        os.write(fd, b"quit\r")
        read_until(fd, b"bye", 10)
        assert finish(pid) == 0
    finally:
        os.close(fd)


def test_at_a_terminal_balance_shows_its_progress_and_ctrl_c_gives_what_it_has():
    pid, fd = spawn(["balance", "tic-tac-toe", "--bots", "random,mcts:100000000", "-n", "50"])
    try:
        seen = read_until(fd, b"tic-tac-toe, mcts:100000000", 60)   # the progress bar of the second bot
        assert b"tic-tac-toe, random" in seen or b"tic-tac-toe, mcts" in seen
        time.sleep(0.5)
        os.write(fd, b"\x03")
        seen += read_until(fd, b"interrupted: these are the games played so far", 20)
        seen += read_until(fd, b"\n", 2)
        text = seen.decode(errors="replace")
        assert "random, 2 players" in text and "n=50" in text          # the first bot's games are all there
        assert "interrupted: these are the games played so far" in text
        assert finish(pid) == 0
    finally:
        os.close(fd)
