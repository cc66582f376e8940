"""The `mire` command: check, list, play, replay, simulate, perft, explain."""
from __future__ import annotations

import atexit
import functools
import gc
import os
import random
import sys
from pathlib import Path

import click

from .. import engine
from ..engine import RuleError, SetupError, load_game
from ..engine.analysis.perft import CHANCE_MODES
from ..grammar import codes
from ..grammar.diagnostics import MireError
from ..grammar.frontend import FileRefused, read_text_file
from ..grammar.limits import MAX_ANALYSIS_WORK, MAX_DIAGNOSTICS, MAX_PERFT_DEPTH, MAX_SOLVE_NODES
from ..grammar.wording import player_count, plural, printable
from .authoring import fmt, lsp
from .backend import backend_option, native_for, prepared, search_bots
from .extras import install_hint
from .games import UnknownGame, bundled, default_game_name, resolve
from .safe_text import say

# ---------------------------------------------------------------------------------
# errors: never a traceback

def _print_mire_error(err, err_stream=True) -> None:
    shown, more = _first_diagnostics(err)
    for d in shown:
        click.echo(d.render(err.sources.get(d.path)), err=err_stream)
    if more:
        click.echo(f"... and {more} more", err=err_stream)


def _first_diagnostics(err) -> tuple[list, int]:
    """The diagnostics worth printing, and how many more there are: a broken file never floods the screen."""
    return err.diagnostics[:MAX_DIAGNOSTICS], max(0, len(err.diagnostics) - MAX_DIAGNOSTICS)


# said when memory runs out: made now, since then even a message may fail to be made
OUT_OF_MEMORY = "error: out of memory: the game needed more memory than there is, and was stopped"
_OUT_OF_MEMORY_BYTES = (OUT_OF_MEMORY + "\n").encode()


def _out_of_memory(err: BaseException) -> bool:
    """Is `err` a MemoryError, or an error raised while one was handled (or caused by one)?"""
    todo: list = [err]
    seen: set = set()
    while todo and len(seen) < 100:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        if isinstance(e, MemoryError):
            return True
        seen.add(id(e))
        todo += [e.__cause__, e.__context__]
    return False


def _say_out_of_memory() -> None:
    try:
        click.echo(OUT_OF_MEMORY, err=True)
    except Exception:  # noqa: BLE001 - still short of memory: the bytes were made at import
        try:
            os.write(2, _OUT_OF_MEMORY_BYTES)
        except OSError:
            pass


def guarded(f):
    """Turn every unexpected exception into a one-line `internal error` and exit 1; running out of memory (even
    while an error is being reported) into one line that says so."""

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        try:
            return _reporting_errors(f, args, kwargs)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit):
            raise
        except BaseException as e:  # noqa: BLE001 - MemoryError, or what was raised while one was handled
            if not _out_of_memory(e) or os.environ.get("MIRE_DEBUG"):
                raise
        # here, out of the handler, the error and the frames of the command it holds (the game) are let go
        gc.collect()
        _say_out_of_memory()
        sys.exit(1)

    return wrapper


def _reporting_errors(f, args, kwargs):
    """f(*args, **kwargs), its errors reported in a line and turned into an exit; running out of memory goes on
    up to `guarded`."""
    try:
        return f(*args, **kwargs)
    except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit):
        raise
    except BaseException as e:  # noqa: BLE001 - the promise is: no traceback
        # (a diagnostic is the file's fault, whatever it met on the way: Python's compiler says MemoryError for
        # source nested too deeply, and the engine builds it again more simply)
        if _out_of_memory(e) and not isinstance(e, MireError):
            raise
        _report(e)


def _worker_lost():
    from ..engine.analysis.parallel import WorkerLost  # (multiprocessing is loaded only where processes are used)
    return WorkerLost


def _report(e: BaseException):
    """Say what went wrong in a line, and exit."""
    if isinstance(e, KeyboardInterrupt):
        click.echo("\ninterrupted", err=True)
        sys.exit(130)
    if isinstance(e, BrokenPipeError):
        sys.exit(1)
    if isinstance(e, MireError):
        _print_mire_error(e)
    elif isinstance(e, UnknownGame):
        click.echo(f"error: {printable(str(e))}", err=True)
    elif isinstance(e, RuleError):  # the rules went wrong as they ran: say where, no traceback
        click.echo(f"error: a rule failed: {printable(str(e))}", err=True)
        for line in _rule_error_excerpt(e):
            click.echo(line, err=True)
    elif isinstance(e, (SetupError, _worker_lost())):  # a game that cannot start so; a worker process that died
        click.echo(f"error: {printable(str(e))}", err=True)
    elif isinstance(e, Exception) and not os.environ.get("MIRE_DEBUG"):
        click.echo(f"mire: internal error: {type(e).__name__}: {printable(str(e))}", err=True)
    else:  # (with MIRE_DEBUG, or a BaseException that is no error: GeneratorExit)
        raise e
    sys.exit(1)


class _GuardedGroup(click.Group):
    """The `mire` command group: every command it runs, whoever adds it, runs inside `guarded` (an error is a
    line, never a traceback). Click's own errors (a bad value, an unknown option or command) quote the command
    line, which may hold what a stranger's file or folder named: their messages are escaped as everything else
    the CLI prints."""

    def invoke(self, ctx):
        try:
            return guarded(super().invoke)(ctx)
        except click.ClickException as e:
            e.message = printable(e.message)  # type: ignore[misc]  # (click's own exception, told safely)
            raise

    def main(self, args=None, *rest, **options):
        """Run the command line; as the process's own command (`args` None: sys.argv), once numba is loaded, end
        the process without Python's teardown of it (see _ended_without_teardown)."""
        if args is not None:  # (called by a program, a test: it goes on after the command)
            return super().main(args, *rest, **options)
        try:
            return super().main(args, *rest, **options)
        except SystemExit as done:
            if "numba" in sys.modules:
                _ended_without_teardown(done.code)
            raise


def _ended_without_teardown(code) -> None:
    """End the process as sys.exit(code) would, but for the teardown of its modules: with numba loaded, freeing its
    objects and LLVM's at exit takes ~0.1 s of a ~0.5 s cached start (more on a loaded machine), for memory the
    system takes back anyway. What an exit must do is done first: the atexit functions (which also run the
    finalizers of temporary files and folders, and end multiprocessing's pools), then standard output and error
    flushed. Only when no other thread runs (a normal exit would wait for it): else the normal exit."""
    import atexit
    import threading
    if threading.active_count() != 1:
        return
    atexit._run_exitfuncs()
    status = code if isinstance(code, int) else 0 if code is None else 1
    if code is not None and not isinstance(code, int):
        click.echo(code, err=True)  # (as sys.exit prints a message it is given)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # (a closed pipe, a closed stream: what the normal exit would meet and say)
        return
    os._exit(status)


@click.group(cls=_GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mire", prog_name="mire")
def main():
    """Mire: a rules language for tabletop games, and the games written in it."""


# ---------------------------------------------------------------------------------
# shared option handling

# the rules texts of the games this command loaded, by file name, for a rule's run-time error to show its line
_LOADED_SOURCES: dict[str, tuple[str, str]] = {}


def _load(game_arg: str):
    """(game, reference) or a usage error for an unknown game."""
    try:
        game, ref = resolve(game_arg)
    except UnknownGame as e:
        raise click.BadParameter(str(e), param_hint="GAME") from None
    if game.analysis is not None:
        for path, text in game.analysis.sources.items():
            _LOADED_SOURCES.setdefault(Path(path).name, (path, text))
    return game, ref


_RULE_ERROR_HINT = "this depends on the position: the same seed and moves meet it again"


def _rule_error_excerpt(e: RuleError) -> list[str]:
    """Under a rule's run-time error: where it is (file:line:col), its rules line with a caret under the statement,
    and a hint, when the error names a line of a rules file this command loaded (else nothing)."""
    import re

    from ..grammar.diagnostics import Diagnostic
    from ..grammar.nodes import Span
    m = re.fullmatch(r"(.+):(\d+)", str(e.where or ""))
    if m is None or m.group(1) not in _LOADED_SOURCES:
        return []
    path, text = _LOADED_SOURCES[m.group(1)]
    number = int(m.group(2))
    lines = text.splitlines()
    if not 1 <= number <= len(lines):
        return []
    line = lines[number - 1]
    start = len(line) - len(line.lstrip()) + 1
    span = Span(path, number, start, number, len(line.rstrip()) + 1)
    shown = Diagnostic("", "", span, _RULE_ERROR_HINT)
    return [f"  --> {printable(path)}:{number}:{start}"] + shown.excerpt(text, span)


def spread_options(f):
    """--jobs and --cluster: where a series (or perft) is played; the results are the same everywhere."""
    f = click.option("--cluster", metavar="ADDRESS",
                     help="Play on a Ray cluster: `auto` starts (or joins) one on this machine, else a cluster's "
                          "address (needs Ray: `pip install '.[cluster]'` in a clone of Mire).")(f)
    return click.option("--jobs", type=click.IntRange(min=1), metavar="N",
                        help="Play in N processes (default: one per core); the results are the same for "
                             "every N.")(f)


def _runner(jobs, cluster):
    from ..engine.analysis.parallel import runner_for
    try:
        return runner_for(jobs, cluster)
    except ImportError as err:
        raise click.UsageError(f"--cluster needs Ray, which is not installed ({err}): "
                               f"{install_hint('cluster')}") from None
    except RuntimeError as err:
        from ..engine.analysis.cluster import ClusterError  # (Ray is installed: runner_for imported it)
        if not isinstance(err, ClusterError):
            raise
        if err.usage:
            raise click.UsageError(printable(str(err))) from None
        raise click.ClickException(printable(str(err))) from None


def _players(game, players):
    n = game.min_players if players is None else players
    try:
        game.check_setup(n, ())
    except engine.SetupError as e:
        raise click.BadParameter(str(e), param_hint="--players") from None
    return n


def _options(game, options):
    try:
        game.check_setup(game.min_players, options)
    except engine.SetupError as e:
        raise click.BadParameter(str(e), param_hint="--option") from None
    return list(options)


def _seats(specs, players, default_kind, first_kind=None):
    """The bot spec (or human) of each seat, from `--seat N=SPEC` options."""
    from ..engine.bots import SPEC_HELP, SpecError, parse_spec
    kinds = [default_kind] * players
    if first_kind is not None:
        kinds[0] = first_kind
    for spec in specs:
        num, eq, kind = spec.partition("=")
        if not eq or not num.strip().isdigit():
            raise click.BadParameter(f"'{spec}': write SEAT=BOT, e.g. 2=mcts (bots: {SPEC_HELP})",
                                     param_hint="--seat")
        try:
            kind = parse_spec(kind).text
        except SpecError as err:
            raise click.BadParameter(str(err), param_hint="--seat") from None
        n = int(num)
        if not 1 <= n <= players:
            raise click.BadParameter(f"'{spec}': seats are numbered 1 to {players}", param_hint="--seat")
        kinds[n - 1] = kind
    return kinds


def read_list_file(path: str) -> list:
    """A list a player brings (a hand): [(line number, text)], one item a line; blank lines and
    `#` comments are skipped."""
    try:
        text = read_text_file(Path(path), MAX_HAND_BYTES)
    except FileRefused as e:
        raise click.BadParameter(f"cannot read {printable(path)}: {e}", param_hint="--hand") from None
    try:
        return list_items(text, printable(path))
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--hand") from None


def list_items(text: str, name: str) -> list:
    """The items of a list's text (`read_list_file`; `mire serve` reads an uploaded hand with it too); ValueError
    naming `name` and the line when a line holds a character no piece's name has."""
    from ..grammar.parser import unsafe_character  # (the parser, and Lark, only where a list is read)
    lines = []
    for n, line in enumerate(text.split("\n"), 1):
        item = line.split("#", 1)[0].strip()
        bad = unsafe_character(item)
        if bad is not None:
            raise ValueError(f"{name}, line {n}: the character {ascii(bad)} is in no card's name")
        if item:
            lines.append((n, item))
    return lines


MAX_HAND_BYTES = 100_000


def _hands(game, specs, players, seed, options):
    """{"hand": {seat: [(line, text)]}} from `--hand N=FILE`, each list checked by the game's rules:
    a refused list prints its problems, one a line naming the file and the line, and exits with 2."""
    if not specs:
        return None
    if "hand" not in [i.zone for i in game.inputs]:
        takes = ", ".join(i.zone for i in game.inputs)
        raise click.BadParameter(f"{game.title} takes no hand from the players"
                                 + (f" (it takes: {takes})" if takes else ""), param_hint="--hand")
    files: dict = {}
    for spec in specs:
        num, eq, path = spec.partition("=")
        if not eq or not num.strip().isdigit() or not path.strip():
            raise click.BadParameter(f"'{spec}': write SEAT=FILE, e.g. 1=hand.txt", param_hint="--hand")
        n = int(num)
        if not 1 <= n <= players:
            raise click.BadParameter(f"'{spec}': seats are numbered 1 to {players}", param_hint="--hand")
        if n - 1 in files:
            raise click.BadParameter(f"'{spec}': seat {n} already brings {files[n - 1]}", param_hint="--hand")
        files[n - 1] = path.strip()
    hands, problems, count = {}, [], 0
    for seat, path in sorted(files.items()):
        hands[seat] = read_list_file(path)
        try:  # each file on its own, so that every problem names its file
            game.new_state(seed=seed, players=players, options=tuple(options), inputs={"hand": {seat: hands[seat]}})
        except engine.InputError as e:
            problems += [f"{path}: {p}" for p in e.problems]
            count += len(e.problems) + e.more
    if problems:
        from ..grammar.limits import MAX_INPUT_PROBLEMS
        shown = problems[:MAX_INPUT_PROBLEMS]  # (the engine words only so many of each file's)
        for p in shown:
            click.echo(f"error: {printable(p)}", err=True)
        if count > len(shown):
            click.echo(f"error: ... and {count - len(shown)} more", err=True)
        sys.exit(2)
    return {"hand": hands}


# ---------------------------------------------------------------------------------
# check

@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the diagnostics as a JSON list.")
@click.option("--python", "as_python", is_flag=True,
              help="Print the Python each rule, move listing, def and proc is built into, under its rules line.")
def check(paths, as_json, as_python):
    """Check rules files: print every diagnostic, or `ok: PATH`."""
    if as_json and as_python:
        raise click.UsageError("--python prints source, --json diagnostics: give one of them")
    # A check makes hardly any reference cycles (the same peak memory without the cyclic collector, even for the
    # hostile files of tests/hostile), but it makes many objects: the collector's passes over them were a tenth
    # of a cold check, the one at exit most of it. So it pauses while the files are read, and at exit what is
    # left is frozen (gc.freeze), never traversed: the process is ending.
    atexit.unregister(gc.freeze)  # (registered once, however often check runs in one process)
    atexit.register(gc.freeze)
    collecting = gc.isenabled()
    gc.disable()
    try:
        _check(paths, as_json, as_python)
    finally:
        if collecting:
            gc.enable()


def _tell(diagnostics, sources, as_json, found):
    """Show diagnostics as `mire check` does: rendered with their source lines, or kept for its JSON."""
    for d in diagnostics:
        if as_json:
            found.append(d.as_json())
        else:
            click.echo(d.render(sources.get(d.path)))
            click.echo()


def _check(paths, as_json, as_python=False):
    found: list[dict] = []
    failed = False
    for path in paths:
        try:
            loaded = load_game(path)
        except MireError as e:
            failed = True
            shown, more = _first_diagnostics(e)
            _tell(shown, e.sources, as_json, found)
            if more and as_json:
                found.append({"path": path, "line": None, "column": None, "end_line": None, "end_column": None,
                              "severity": "note", "code": None, "message": f"and {more} more", "hint": None})
            elif more:
                click.echo(f"{printable(path)}: ... and {more} more\n")
            continue
        except KeyboardInterrupt:
            sys.exit(130)
        except Exception as e:  # noqa: BLE001
            if _out_of_memory(e):  # (`guarded` says so, once the memory is let go)
                raise
            failed = True
            if isinstance(e, (FileNotFoundError, IsADirectoryError, PermissionError)):
                message = f"cannot read {printable(path)}: {e.strerror}"
            else:
                message = f"internal error: {type(e).__name__}: {printable(str(e))}"
            if as_json:
                found.append({"path": path, "line": None, "column": None, "end_line": None,
                              "end_column": None, "severity": "error", "code": None,
                              "message": message, "hint": None})
            else:
                click.echo(f"{printable(path)}: error: {message}")
            continue
        if loaded.analysis is not None:  # (a game that loads may still be told something: its warnings)
            _tell(loaded.analysis.warnings, loaded.analysis.sources, as_json, found)
        if as_python:
            _print_python(loaded)
        if not as_json:
            click.echo(f"ok: {printable(path)}")
    if as_json:
        import json  # (json, here and in the other commands, imported where it is used: `mire check` seldom does)
        click.echo(json.dumps(found, indent=2))
    sys.exit(1 if failed else 0)


def _print_python(game) -> None:
    """`mire check --python`: the Python the game's rules were built into (engine/build/generated.py)."""
    emitter = game.compiled.emitter
    assert emitter is not None
    click.echo("\n".join(printable(line) for line in emitter.code.listing().split("\n")))


# ---------------------------------------------------------------------------------
# list

@main.command("list")
def list_games():
    """List the bundled games and their variants."""
    games = sorted(bundled(), key=lambda g: g.name)
    names = {g.name for g in games}
    default = default_game_name()
    bases = [g for g in games if not g.base or g.base not in names]
    variants: dict = {}
    for g in games:
        if g.base and g.base in names:
            variants.setdefault(g.base, []).append(g)

    rows = []

    def add(g, depth):
        rows.append(("  " * depth + g.name, g.title,
                     player_count(g.min_players, g.max_players)
                     + (", default" if g.name == default else "")
                     + (f", variant of {g.base}" if g.base and g.base not in names else "")))
        for v in variants.get(g.name, []):
            add(v, depth + 1)

    for g in bases:
        add(g, 0)
    if not rows:
        click.echo("no bundled games")
        return
    w0 = max(len(r[0]) for r in rows) + 2
    w1 = max(len(r[1]) for r in rows) + 2
    for name, title, rest in rows:
        click.echo(f"{name:<{w0}}{title:<{w1}}{rest}")


# ---------------------------------------------------------------------------------
# play and replay

def _arrange(state, path: str) -> str:
    """Set the state to the position in the file at `path`; its text (for saves)."""
    from ..engine.run.arrange import arrange
    from ..grammar.position import MAX_POSITION_CHARS, PositionError, parse_position
    try:
        text = read_text_file(Path(path), MAX_POSITION_CHARS * 4)
        arrange(state, parse_position(text, path), path)
    except FileRefused as e:
        raise click.BadParameter(f"cannot read {printable(path)}: {e}", param_hint="--position") from None
    except PositionError as e:
        if e.column:  # (a place in a line: shown as `mire check` shows a diagnostic, its line, caret and hint)
            click.echo(e.render(), err=True)
            raise click.exceptions.Exit(2) from None
        raise click.BadParameter(printable(str(e)), param_hint="--position") from None
    return text


@main.command(short_help="Play a game at the terminal.")
@click.argument("game", required=False)
@click.option("--players", type=int, help="Number of players (default: the game's minimum).")
@click.option("--seed", type=int, help="Seed of the game and of the bots (default: random).")
@click.option("--seat", "seat_specs", multiple=True, metavar="N=SPEC",
              help="Who plays seat N (numbered from 1): human, random, mcts (the search bot, about 1 s a "
                   "move), mcts:2s, mcts:500 (iterations), easy, normal, hard; repeatable.")
@click.option("--option", "options", multiple=True, metavar="NAME[=N]",
              help="Turn on a game option, or give one its number (size=9); repeatable.")
@click.option("--hand", "hand_specs", multiple=True, metavar="N=FILE",
              help="The hand seat N brings: a file of one piece (a card's name or number) a line, "
                   "'#' comments; repeatable.")
@click.option("--position", "position_file", metavar="FILE",
              help="Start from the position written in FILE (boards as rows of symbols, a legend, whose turn).")
@backend_option
def play(game, players, seed, seat_specs, options, hand_specs, position_file, backend):
    """Play GAME (a bundled name or a .mire file) at the terminal.

    Without GAME: the bundled default game, you (seat 1) against the search bot. Type a
    move's number or its text; the commands are moves, board, undo, hint, save FILE, load FILE,
    help and quit.
    """
    if game is None:
        name = default_game_name()
        if name is None:
            raise click.UsageError("no default game is known: name one (see 'mire list')")
        the_game, ref = _load(name)
        first_kind, default_kind = "human", "mcts"
    else:
        the_game, ref = _load(game)
        first_kind, default_kind = None, "human"
    n = _players(the_game, players)
    opts = _options(the_game, options)
    seats = _seats(seat_specs, n, default_kind, first_kind)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    inputs = _hands(the_game, hand_specs, n, seed, opts)
    state = the_game.new_state(seed=seed, players=n, options=tuple(opts), inputs=inputs)
    position = _arrange(state, position_file) if position_file else None
    # what a person sees is the interpreter's; the search bots may play their random lines natively (compiled
    # now, before the first move; auto falls back to the interpreter without a word here)
    native = native_for(the_game, backend, n, tuple(opts), said=False) if search_bots(seats) else None
    prepared(native, "rollout")
    from .play import Session  # the REPL's modules only when a game is played (a quicker `mire check`)
    session = Session(the_game, ref, state, seed, n, opts, seats, inputs=inputs, position=position,
                      rollouts="native" if native is not None else "python")
    sys.exit(session.run())


@main.command(short_help="Replay a saved game.")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", "seat", type=int, default=1, show_default=True,
              help="Whose view to show (numbered from 1).")
def replay(file, seat):
    """Replay a saved game: each move and the board after it, then the outcome."""
    from .play import replay as run_replay
    from .play import use_colour
    from .render import render_view
    from .savefile import SaveError, restore, start
    from .terminal import terminal_size
    try:
        game, ref, saved, state, movers = restore(file)
    except SaveError as e:
        say(f"cannot replay {printable(file)}: {printable(str(e))}", err=True)
        sys.exit(1)
    if not 1 <= seat <= saved.players:
        raise click.BadParameter(f"seats are numbered 1 to {saved.players}", param_hint="--seat")
    fresh = start(game, saved)
    colour = use_colour()
    say(f"{game.title}: {saved.players} players, seed {saved.seed}, {plural(len(saved.moves), 'move')}")
    say(render_view(fresh.view(seat - 1), color=colour, width=terminal_size()[0]))
    run_replay(fresh, saved.moves, seat - 1, colour=colour)
    if fresh.is_over():
        say(f"game over: {fresh.outcome().text}")
    else:
        say(f"the game is not over: {fresh.seat_name(fresh.to_move)} to move")


# ---------------------------------------------------------------------------------
# simulate and perft

@main.command(short_help="Random playouts: wins, draws, lengths, speed.")
@click.argument("game")
@click.option("-n", "count", type=click.IntRange(min=1), default=100, show_default=True,
              help="Number of playouts.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=int)
@click.option("--option", "options", multiple=True, metavar="NAME[=N]")
@click.option("--max-moves", type=click.IntRange(min=1), default=10000, show_default=True,
              help="Stop a playout after this many moves (counted as unfinished).")
@click.option("--json", "as_json", is_flag=True)
@spread_options
@backend_option
def simulate(game, count, seed, players, options, max_moves, as_json, jobs, cluster, backend):
    """Random playouts of GAME: wins per seat (alone, or shared), draws, game length, speed."""
    import json

    the_game, _ = _load(game)
    n = _players(the_game, players)
    opts = tuple(_options(the_game, options))
    native = native_for(the_game, backend, n, opts)
    try:
        if native is not None:  # (in this process: --jobs and --cluster are for the interpreter)
            summary = native.summary(count, seed, max_moves)
        else:
            from ..engine.analysis.parallel import Series, run_series  # (the interpreter's series alone)
            summary = run_series(Series("random", the_game.path, count, seed, n, opts, max_moves),
                                 _runner(jobs, cluster))
    except KeyboardInterrupt:  # before a game was done
        say("interrupted before a game was played", err=True)
        sys.exit(130)
    if summary.interrupted:
        say(f"interrupted: {summary.n} of {count} playouts done", err=True)
    if not summary.n:
        sys.exit(130)
    speed = summary.per_second()
    result = {"game": the_game.name, "players": n, **summary.as_dict(), "playouts_per_second": round(speed, 1)}
    if as_json:
        say(json.dumps(result, indent=2))
        return
    done = summary.n

    def pct(k):
        return f"{k} ({100 * k / done:.1f}%)"

    say(f"{the_game.title}: {done} random playouts, {n} players, seed {seed}")
    say("wins: " + ", ".join(f"{name} {pct(k)}" for name, k in summary.wins.items()))
    if summary.shared_games:
        say(f"shared wins: {pct(summary.shared_games)} of the games ("
                   + ", ".join(f"{name} {k}" for name, k in summary.shared.items() if k) + ")")
    if len(summary.seats) == 1:  # one player: won, lost, or neither (a draw, or a finish with a score)
        low, high = summary.win_rates()[summary.seats[0]]
        say(f"win rate (95% interval): [{low:.3f}, {high:.3f}]")
        say(f"losses: {pct(summary.losses)}")
        say(f"neither won nor lost (finished, or drawn): {pct(summary.draws)}")
    else:
        say(f"draws: {pct(summary.draws)}")
    if summary.unfinished:
        say(f"unfinished after {max_moves} moves: {pct(summary.unfinished)}")
    scores, intervals = summary.mean_scores(), summary.score_intervals()
    if scores:
        say("mean score (95% interval): " + ", ".join(
            f"{name} {v:.2f} [{intervals[name][0]:.2f}, {intervals[name][1]:.2f}]" for name, v in scores.items()))
    lengths = summary.length_stats()
    say(f"length: mean {lengths['mean']:.1f}, min {lengths['min']}, max {lengths['max']}")
    say(f"speed: {speed:.1f} playouts/s")


_MAX_WORK_HELP = ("Stop past this much work, in steps of the rules (each move played and each listing of the "
                  "moves counts 50 more).")


@main.command("perft")
@click.argument("game")
@click.option("--depth", type=click.IntRange(min=1, max=MAX_PERFT_DEPTH), required=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=int)
@click.option("--option", "options", multiple=True, metavar="NAME[=N]")
@click.option("--chance", type=click.Choice(CHANCE_MODES), default="sample", show_default=True,
              help="sample: each random draw as the seed gives it; expand: every outcome of every draw (the "
                   "start's too) counted as a branch.")
@click.option("--divide", "split", is_flag=True, help="Instead of the counts by depth, the count of DEPTH-move "
                                                       "sequences under each first move (with --json: as well).")
@click.option("--json", "as_json", is_flag=True, help="As JSON, with the games that end at each depth below the "
                                                      "last, by result (\"terminals\": the same work as without "
                                                      "--json; ask one depth more for the last depth's).")
@click.option("--position", "position_file", metavar="FILE",
              help="Count from the position written in FILE instead of the start (in this process).")
@click.option("--max-work", type=click.IntRange(min=1), default=None,
              help=_MAX_WORK_HELP + " Without it the depth asked for is counted to its end.")
@spread_options
@backend_option
def perft_command(game, depth, seed, players, options, chance, split, as_json, jobs, cluster, position_file,
                  max_work, backend):
    """Count the move sequences of each length 1..DEPTH from the start (in parallel: split by the first
    move)."""
    import json

    from ..engine.analysis.work_bound import TooMuchWork
    from ..engine.run.chance import TooManyOutcomes
    the_game, _ = _load(game)
    n = _players(the_game, players)
    opts = tuple(_options(the_game, options))
    # the depth asked for is counted to its end: each move and each rule stay bounded, the whole count only when
    # --max-work says so; the same work with --json as without
    limit = max_work if max_work is not None else sys.maxsize
    from ..engine.native.chance import perft_refusal
    native = native_for(the_game, backend, n, opts,
                        "--position: a position written in a file is read by the interpreter" if position_file
                        else None, then=lambda native: perft_refusal(native, chance))
    if native is None:  # (--jobs and --cluster are for the interpreter, as in simulate: native counts here)
        from ..engine.analysis.parallel import perft_split
        runner = _runner(jobs, cluster)

    def count(d):
        if native is not None:  # (no work bound: the native walk is the count itself, in this process)
            return native.perft_report(d, "played" if as_json else False, split, seed)
        if position_file:
            from ..engine.analysis.perft import perft_report
            state = the_game.new_state(seed=seed, players=n, options=opts)
            _arrange(state, position_file)
            return perft_report(state, d, "played" if as_json else False, chance, limit)
        # (the terminals of the depths whose moves are played anyway: the same work as the counts alone)
        return perft_split(the_game.path, d, seed, n, opts, runner, terminals="played" if as_json else False,
                           chance=chance, limit=limit)

    report, finished = None, []
    try:
        # depth by depth (a count of depth d costs about a branching factor less than the next): each is shown
        # as it is finished, and an interrupt keeps the depths finished so far
        for d in ([depth] if split else range(1, depth + 1)):
            report = count(d)
            finished = report.counts
            if not as_json and not split:
                say(f"depth {d}: {report.counts[-1]}")
    except TooMuchWork as e:
        click.echo(f"{the_game.title}: perft stopped: {e} (--max-work raises the bound)", err=True)
        sys.exit(1)
    except TooManyOutcomes as e:
        raise click.UsageError(f"{the_game.title}: {e} in one move or in its start: count them with "
                               "--chance sample") from None
    except KeyboardInterrupt:
        if as_json and report is not None:
            say(json.dumps(_perft_json(the_game, report, split, chance) | {"interrupted": True}))
        say(f"interrupted: depth {len(finished) + 1} was not finished" if finished else "interrupted", err=True)
        sys.exit(130)
    assert report is not None
    if as_json:
        say(json.dumps(_perft_json(the_game, report, split, chance)))
        return
    if split:
        for text, count_ in report.divide:
            say(f"{text}: {count_}")
        say(f"total: {sum(c for _, c in report.divide)}")
    if report.met_chance:
        say("chance: every outcome of every draw counted" if chance == "expand" else
                   f"chance: each draw as seed {seed} gives it (--chance expand counts every outcome)")


def _perft_json(the_game, report, split, chance) -> dict:
    # the games that end at each depth below the last (the last depth's moves are counted, not played)
    # (each depth's wins by seat name in sorted order: the order the games happened to end in is the walk's, and
    # the backends walk in other orders; the same JSON on both)
    out = {"game": the_game.name, "counts": report.counts,
           "terminals": [{"depth": d, **t, "wins": dict(sorted(t["wins"].items()))}
                         for d, t in enumerate((report.terminals or [])[:-1], 1)]}
    if split:
        out["divide"] = dict(report.divide)
    if report.met_chance:
        out["chance"] = chance
    return out


@main.command(short_help="The exact expected result of random play, for small games.")
@click.argument("game")
@click.option("--exact", is_flag=True, hidden=True, help="Exact results: always so (kept for scripts that give it).")
@click.option("--players", type=int)
@click.option("--option", "options", multiple=True, metavar="NAME[=N]")
@click.option("--max-moves", type=click.IntRange(min=1), default=200, show_default=True,
              help="A line of play longer than this counts as unfinished.")
@click.option("--max-positions", type=click.IntRange(min=1, max=MAX_SOLVE_NODES), default=MAX_SOLVE_NODES,
              show_default=True, help="Give up past this many positions.")
@click.option("--max-work", type=click.IntRange(min=1), default=MAX_ANALYSIS_WORK, show_default=True,
              help=_MAX_WORK_HELP)
@click.option("--json", "as_json", is_flag=True)
@backend_option
def solve(game, exact, players, options, max_moves, max_positions, max_work, as_json, backend):
    """The exact expected result of GAME when every decision is made uniformly at random: every outcome of
    chance (the start's too) and every legal move followed, each with its probability. Prints each seat's
    expected score and its probabilities of winning alone, sharing a win, drawing and losing, as fractions.
    For small games: the positions visited are bounded."""
    import json

    from ..engine.analysis.solve import TooLarge
    from ..engine.analysis.solve import solve as run_solve
    from ..engine.analysis.work_bound import TooMuchWork
    from ..engine.run.chance import TooManyOutcomes
    from .reports import table
    the_game, _ = _load(game)
    n = _players(the_game, players)
    opts = tuple(_options(the_game, options))
    from ..engine.native.chance import solve_refusal
    native = native_for(the_game, backend, n, opts, then=solve_refusal)
    try:
        sol = run_solve(the_game, players=n, options=opts, max_moves=max_moves, limit=max_positions,
                        work_limit=max_work, native=native)
    except (TooLarge, TooManyOutcomes) as e:
        say(f"{the_game.title} is too large to solve exactly: {e}", err=True)
        sys.exit(1)
    except TooMuchWork as e:
        click.echo(f"{the_game.title}: solve stopped: {e} (--max-work raises the bound)", err=True)
        sys.exit(1)
    if as_json:
        say(json.dumps({"game": the_game.name, "players": n, **sol.as_dict()}, indent=2))
        return
    say(f"{the_game.title}: exact result of uniform random play, {n} players "
        f"({sol.positions:,} positions, each worked out once however many orders of moves reach it)")
    rows = [("seat", "wins", "shared wins", "draws", "losses") + (("expected score",) if sol.scored else ())]
    for name, r in zip(sol.seats, sol.results):
        row = (name, _exact(r.win), _exact(r.shared), _exact(r.draw), _exact(r.loss))
        rows.append(row + ((f"{_decimal(r.score)} ({r.score})",) if sol.scored else ()))
    say(table(rows))
    if sol.unfinished:
        say(f"unfinished after {max_moves} moves: {_exact(sol.unfinished)}")


def _decimal(x) -> str:
    return f"{float(x):.4f}".rstrip("0").rstrip(".")


def _exact(p) -> str:
    """A probability as a fraction and a percentage: 5/12 (41.67%)."""
    return f"{p} ({100 * float(p):.2f}%)"


# ---------------------------------------------------------------------------------
# explain

@main.command(short_help="Explain a diagnostic code such as E012.")
@click.argument("code")
def explain(code):
    """Explain a diagnostic code, e.g. E012."""
    key = code.strip().upper()
    # a code's number alone (12, or in another script's digits, which int() reads); isdigit() would also take
    # superscripts, which int() refuses, and a number of thousands of digits is no code's
    if key.isdecimal() and len(key) <= 4:
        key = f"E{int(key):03d}"
    try:
        text = codes.explain(key)
    except (KeyError, LookupError, ValueError):
        text = None
    if not text:
        shown = code.strip()
        say(f"unknown code {shown if len(shown) <= 40 else shown[:37] + '...'}", err=True)
        sys.exit(1)
    say(text.rstrip("\n"))


# ---------------------------------------------------------------------------------
# arena and balance

def _bot_seats(specs, players):
    """The bot of each seat for an arena: `--seat N=SPEC`, random where none is given."""
    kinds = _seats(specs, players, "random")
    if "human" in kinds:
        raise click.BadParameter("an arena is for bots: a seat cannot be human", param_hint="--seat")
    return kinds


@main.command(short_help="Bots play each other: wins per seat and per bot, with 95% intervals.")
@click.argument("game")
@click.option("--seat", "seat_specs", multiple=True, metavar="N=SPEC",
              help="The bot of seat N: random, mcts, mcts:2s, mcts:500, easy, normal, hard, peek; "
                   "repeatable (default: random).")
@click.option("-n", "count", type=click.IntRange(min=1), default=20, show_default=True, help="Number of games.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=int)
@click.option("--option", "options", multiple=True, metavar="NAME[=N]")
@click.option("--fixed-seats", is_flag=True, help="Each bot keeps its seat (by default the bots change seats "
                                                  "from game to game).")
@click.option("--max-moves", type=click.IntRange(min=1), default=10000, show_default=True,
              help="Stop a game after this many moves (counted as unfinished).")
@click.option("--json", "as_json", is_flag=True)
@spread_options
@backend_option
def arena(game, seat_specs, count, seed, players, options, fixed_seats, max_moves, as_json, jobs, cluster, backend):
    """Bots play GAME against each other, N games: wins per seat (alone or shared), draws, lengths, and per
    bot when the seats rotate; rates with 95% Wilson intervals. Ctrl-C stops with the games played."""
    import json

    from ..engine.analysis.parallel import Series, run_series
    from .reports import arena_text, progress
    the_game, _ = _load(game)
    n = _players(the_game, players)
    opts = tuple(_options(the_game, options))
    specs = _bot_seats(seat_specs, n)
    native = native_for(the_game, backend, n, opts)
    # random bots in every seat: the series is native, in this process; search bots: their lines are native
    natively = native is not None and not search_bots(specs)
    prepared(native, "playouts" if natively else "rollout")
    runner = None if natively else _runner(jobs, cluster)
    try:
        with progress(count, the_game.name) as tick:
            result = run_series(Series("arena", the_game.path, count, seed, n, opts, max_moves, tuple(specs),
                                       rotate=not fixed_seats, backend="native" if native else "python"),
                                runner, on_game=tick)
    except KeyboardInterrupt:  # before the first game began
        result = None
    if result is None or not result.summary.n:
        say("interrupted before a game was played", err=True)
        sys.exit(130)
    if as_json:
        say(json.dumps(result.as_dict(), indent=2))
    else:
        say(arena_text(result, the_game.title))


@main.command(short_help="Is a game fair? Seat advantage, lengths, dead rules, branching, side by side.")
@click.argument("games", nargs=-1, required=True)
@click.option("--bots", "bot_list", default="random,mcts:100", show_default=True,
              help="The bots to measure with, comma-separated: each plays every seat of its games.")
@click.option("-n", "count", type=click.IntRange(min=1), default=100, show_default=True,
              help="Games per game and bot.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=int)
@click.option("--option", "options", multiple=True, metavar="NAME[=N]")
@click.option("--max-moves", type=click.IntRange(min=1), default=10000, show_default=True)
@click.option("--until", "until", metavar="±P%", callback=lambda ctx, param, value: _bound(value),
              help="Stop each game's run once every seat's win-rate interval is within ±P% (e.g. ±3%, or 3%), "
                   "at most -n games.")
@click.option("--plot", "plot_path", metavar="FILE.png", help="Draw the figures in a picture too (matplotlib).")
@click.option("--json", "as_json", is_flag=True)
@spread_options
@backend_option
def balance(games, bot_list, count, seed, players, options, max_moves, until, plot_path, as_json, jobs, cluster,
            backend):
    """For each GAME (a game or a variant) side by side: each seat's wins with 95% intervals under each bot,
    game lengths, draws and shared wins, how often each action is chosen (dead rules flagged) and the
    branching factor by turn. It says on stderr how long it expects to take (from the first games, then
    again after each batch). Ctrl-C stops with what has been played."""
    import json

    from .reports import balance_json, balance_plot, balance_text
    bots = _balance_bots(bot_list)
    if plot_path:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise click.UsageError("--plot draws with matplotlib, which is not installed: "
                                   f"{install_hint('plot')}") from None
    loaded = []
    for g in games:
        the_game, _ = _load(g)
        n, opts = _players(the_game, players), tuple(_options(the_game, options))
        loaded.append((the_game, n, opts, native_for(the_game, backend, n, opts)))
    columns, stopped = _balance_runs(loaded, bots, count, seed, max_moves, _runner(jobs, cluster), until)
    if not columns:
        say("interrupted before a game was played", err=True)
        sys.exit(130)
    if plot_path:
        balance_plot(columns, plot_path)
    if as_json:
        say(json.dumps(balance_json(columns, stopped), indent=2))
    else:
        say(balance_text(columns, interrupted=stopped))
        if plot_path:
            say(f"picture: {plot_path}")


def _balance_bots(bot_list):
    from ..engine.bots import SpecError, parse_spec
    bots = [b.strip() for b in bot_list.split(",") if b.strip()]
    if not bots:
        raise click.BadParameter("names no bot (e.g. --bots random,mcts:100)", param_hint="--bots")
    for b in bots:
        try:
            if parse_spec(b).kind == "human":
                raise SpecError(f"'{b}': balance is measured with bots")
        except SpecError as err:
            raise click.BadParameter(str(err), param_hint="--bots") from None
    return bots


def _bound(text):
    """--until's bound as a share (0.03 for `±3%`, `+-3%`, `3%` or `3`), None when not given."""
    if text is None:
        return None
    figure = text.strip().lstrip("±").removeprefix("+-").removeprefix("+/-").strip().removesuffix("%").strip()
    try:
        share = float(figure) / 100
    except ValueError:
        share = 0.0
    if not 0 < share < 0.5:
        raise click.BadParameter(f"'{text}' is not a bound such as ±3% (more than 0%, less than 50%)",
                                 param_hint="--until")
    return share


def _balance_runs(loaded, bots, count, seed, max_moves, runner, until=None):
    """[(game name, {bot: BalanceRun})] and whether Ctrl-C stopped them. Each run played in batches
    (engine/analysis/balance.py): the time it expects to take is said on stderr after each, and why it
    stopped, with --until."""
    from ..engine.analysis.balance import play_in_batches
    from ..engine.analysis.parallel import Series
    from .reports import progress
    columns = []
    stopped = False
    for the_game, n, opts, native in loaded:
        runs = {}
        for b in bots:
            if stopped:
                break
            what = f"{the_game.name}, {b}"
            # a random bot: the series is native, in this process; a search bot: its lines are native
            natively = native is not None and not search_bots([b])
            if native is not None and not natively:
                prepared(native, "rollout")
            try:
                with progress(count, what) as tick:
                    run, batches = play_in_batches(
                        Series("balance", the_game.path, count, seed, n, opts, max_moves, bot=b,
                               backend="native" if native else "python"),
                        None if natively else runner, until, on_game=tick,
                        on_batch=lambda batches, target, what=what: tick.say(_expected(what, batches, target)))
            except KeyboardInterrupt:  # between two series of games: what is done stays
                stopped = True
                break
            if until is not None and batches.stop in ("narrow", "all"):
                say(_until_said(what, batches, until, run), err=True)
            if run.summary.n:
                runs[b] = run
            stopped = run.summary.interrupted
        if runs:
            columns.append((the_game.name, runs))
    return columns, stopped


def _seconds(s: float) -> str:
    return f"{s:.1f} s" if s < 10 else f"{s:.0f} s" if s < 90 else f"{s / 60:.0f} min"


def _expected(what, batches, target) -> str:
    """The estimate said after a batch: `chess, random: about 12 s to go (1,000 games; 0.01 s a game so far)`."""
    return (f"{printable(what)}: about {_seconds(batches.expected(target))} to go ({target:,} games; "
            f"{batches.played:,} played in {_seconds(batches.seconds)})")


def _until_said(what, batches, until, run) -> str:
    from ..engine.analysis.balance import widest
    if batches.stop == "narrow":
        return (f"{printable(what)}: stopped after {batches.played:,} games: every win-rate interval is within "
                f"±{100 * until:g}% (the widest ±{100 * widest(run):.1f}%)")
    return (f"{printable(what)}: played the {batches.played:,} games of -n; the widest win-rate interval is "
            f"±{100 * widest(run):.1f}%, not yet within ±{100 * until:g}%")


from .web.serve import serve  # noqa: E402 - (its server libraries are imported only when it runs)

for _authoring in (fmt, lsp, serve):  # (defined beside the others' helpers; guarded as every command is, by the group)
    main.add_command(_authoring)
