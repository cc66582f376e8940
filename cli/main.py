"""The `mire` command: check, list, play, replay, simulate, perft, explain."""
from __future__ import annotations

import functools
import json
import os
import random
import statistics
import sys
import time

import click

from ..engine import InputError, RuleError, SetupError, load_game
from ..engine.perft import perft
from ..grammar import codes
from ..grammar.diagnostics import MireError
from ..grammar.wording import player_count
from .authoring import fmt, lsp
from .games import UnknownGame, bundled, default_game_name, resolve

# ---------------------------------------------------------------------------------
# errors: never a traceback

def _print_mire_error(err, err_stream=True) -> None:
    for d in err.diagnostics:
        click.echo(d.render(err.sources.get(d.path)), err=err_stream)


def guarded(f):
    """Turn every unexpected exception into a one-line `internal error` and exit 1."""

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        try:
            return f(*args, **kwargs)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort,
                SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:
            sys.exit(1)
        except MireError as e:
            _print_mire_error(e)
            sys.exit(1)
        except UnknownGame as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(1)
        except RuleError as e:  # the rules went wrong as they ran: say where, no traceback
            click.echo(f"error: a rule failed: {e}", err=True)
            sys.exit(1)
        except Exception as e:  # noqa: BLE001 - the promise is: no traceback
            if os.environ.get("MIRE_DEBUG"):
                raise
            click.echo(f"mire: internal error: {type(e).__name__}: {e}", err=True)
            sys.exit(1)

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mire", prog_name="mire")
def main():
    """Mire: a rules language for tabletop games, and the games written in it."""


# ---------------------------------------------------------------------------------
# shared option handling

def _load(game_arg: str):
    """(game, reference) or a usage error for an unknown game."""
    try:
        return resolve(game_arg)
    except UnknownGame as e:
        raise click.BadParameter(str(e), param_hint="GAME") from None


def _players(game, players):
    n = game.min_players if players is None else players
    try:
        game.check_setup(n, ())
    except SetupError as e:
        raise click.BadParameter(str(e), param_hint="--players") from None
    return n


def _options(game, options):
    try:
        game.check_setup(game.min_players, options)
    except SetupError as e:
        raise click.BadParameter(str(e), param_hint="--option") from None
    return list(options)


def _seats(specs, players, default_kind, first_kind=None):
    kinds = [default_kind] * players
    if first_kind is not None:
        kinds[0] = first_kind
    for spec in specs:
        num, eq, kind = spec.partition("=")
        if not eq or not num.strip().isdigit() or kind.strip() not in ("human", "random"):
            raise click.BadParameter(f"'{spec}': write SEAT=human or SEAT=random, e.g. 2=random",
                                     param_hint="--seat")
        n = int(num)
        if not 1 <= n <= players:
            raise click.BadParameter(f"'{spec}': seats are numbered 1 to {players}", param_hint="--seat")
        kinds[n - 1] = kind.strip()
    return kinds


def read_list_file(path: str) -> list:
    """A list a player brings (a hand): [(line number, text)], one item a line; blank lines and
    `#` comments are skipped."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise click.BadParameter(f"cannot read {path}: {e.strerror or e}", param_hint="--hand") from None
    except UnicodeDecodeError:
        raise click.BadParameter(f"cannot read {path}: not a text file", param_hint="--hand") from None
    lines = []
    for n, line in enumerate(text.splitlines(), 1):
        item = line.split("#", 1)[0].strip()
        if item:
            lines.append((n, item))
    return lines


def _hands(game, specs, players, seed, options):
    """{"hand": {seat: [(line, text)]}} from `--hand N=FILE`, each list checked by the game's rules:
    a refused list prints its problems, one a line naming the file and the line, and exits with 2."""
    if not specs:
        return None
    if "hand" not in [i.zone for i in game.inputs]:
        takes = ", ".join(i.zone for i in game.inputs)
        raise click.BadParameter(f"{game.title} takes no hand from the players"
                                 + (f" (it takes: {takes})" if takes else ""), param_hint="--hand")
    files = {}
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
    hands, problems = {}, []
    for seat, path in sorted(files.items()):
        hands[seat] = read_list_file(path)
        try:  # each file on its own, so that every problem names its file
            game.new_state(seed=seed, players=players, options=tuple(options), inputs={"hand": {seat: hands[seat]}})
        except InputError as e:
            problems += [f"{path}: {p}" for p in e.problems]
    if problems:
        for p in problems:
            click.echo(f"error: {p}", err=True)
        sys.exit(2)
    return {"hand": hands}


# ---------------------------------------------------------------------------------
# check

@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the diagnostics as a JSON list.")
def check(paths, as_json):
    """Check rules files: print every diagnostic, or `ok: PATH`."""
    found = []
    failed = False
    for path in paths:
        try:
            load_game(path)
        except MireError as e:
            failed = True
            if as_json:
                found += [d.as_json() for d in e.diagnostics]
            else:
                for d in e.diagnostics:
                    click.echo(d.render(e.sources.get(d.path)))
                    click.echo()
            continue
        except KeyboardInterrupt:
            sys.exit(130)
        except Exception as e:  # noqa: BLE001
            failed = True
            if isinstance(e, (FileNotFoundError, IsADirectoryError, PermissionError)):
                message = f"cannot read {path}: {e.strerror}"
            else:
                message = f"internal error: {type(e).__name__}: {e}"
            if as_json:
                found.append({"path": path, "line": None, "column": None, "end_line": None,
                              "end_column": None, "severity": "error", "code": None,
                              "message": message, "hint": None})
            else:
                click.echo(f"{path}: error: {message}")
            continue
        if not as_json:
            click.echo(f"ok: {path}")
    if as_json:
        click.echo(json.dumps(found, indent=2))
    sys.exit(1 if failed else 0)


# ---------------------------------------------------------------------------------
# list

@main.command("list")
@guarded
def list_games():
    """List the bundled games and their variants."""
    games = sorted(bundled(), key=lambda g: g.name)
    names = {g.name for g in games}
    default = default_game_name()
    bases = [g for g in games if not g.base or g.base not in names]
    variants = {}
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

@main.command(short_help="Play a game at the terminal.")
@click.argument("game", required=False)
@click.option("--players", type=int, help="Number of players (default: the game's minimum).")
@click.option("--seed", type=int, help="Seed of the game and of the bots (default: random).")
@click.option("--seat", "seat_specs", multiple=True, metavar="N=human|random",
              help="Who plays seat N (numbered from 1); repeatable.")
@click.option("--option", "options", multiple=True, metavar="NAME", help="Turn on a game option; repeatable.")
@click.option("--hand", "hand_specs", multiple=True, metavar="N=FILE",
              help="The hand seat N brings: a file of one piece (a card's name or number) a line, "
                   "'#' comments; repeatable.")
@guarded
def play(game, players, seed, seat_specs, options, hand_specs):
    """Play GAME (a bundled name or a .mire file) at the terminal.

    Without GAME: the bundled default game, you (seat 1) against a random bot. Type a
    move's number or its text; the commands are moves, board, undo, save FILE, load FILE,
    help and quit.
    """
    if game is None:
        name = default_game_name()
        if name is None:
            raise click.UsageError("no default game is known: name one (see 'mire list')")
        the_game, ref = _load(name)
        first_kind, default_kind = "human", "random"
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
    from .play import Session  # the REPL's modules only when a game is played (a quicker `mire check`)
    session = Session(the_game, ref, state, seed, n, opts, seats, inputs=inputs)
    sys.exit(session.run())


@main.command(short_help="Replay a saved game.")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", "seat", type=int, default=1, show_default=True,
              help="Whose view to show (numbered from 1).")
@guarded
def replay(file, seat):
    """Replay a saved game: each move and the board after it, then the outcome."""
    from .play import plural, use_colour
    from .play import replay as run_replay
    from .render import render_view
    from .savefile import SaveError, restore, start
    try:
        game, ref, saved, state, movers = restore(file)
    except SaveError as e:
        click.echo(f"cannot replay {file}: {e}", err=True)
        sys.exit(1)
    if not 1 <= seat <= saved.players:
        raise click.BadParameter(f"seats are numbered 1 to {saved.players}", param_hint="--seat")
    fresh = start(game, saved)
    colour = use_colour()
    click.echo(f"{game.title}: {saved.players} players, seed {saved.seed}, {plural(len(saved.moves), 'move')}")
    click.echo(render_view(fresh.view(seat - 1), color=colour))
    run_replay(fresh, saved.moves, seat - 1, colour=colour)
    if fresh.is_over():
        click.echo(f"game over: {fresh.outcome().text}")
    else:
        click.echo(f"the game is not over: {fresh.seat_name(fresh.to_move)} to move")


# ---------------------------------------------------------------------------------
# simulate and perft

@main.command(short_help="Random playouts: wins, draws, lengths, speed.")
@click.argument("game")
@click.option("-n", "count", type=click.IntRange(min=1), default=100, show_default=True,
              help="Number of playouts.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=int)
@click.option("--option", "options", multiple=True, metavar="NAME")
@click.option("--max-moves", type=click.IntRange(min=1), default=10000, show_default=True,
              help="Stop a playout after this many moves (counted as unfinished).")
@click.option("--json", "as_json", is_flag=True)
@guarded
def simulate(game, count, seed, players, options, max_moves, as_json):
    """Random playouts of GAME: wins per seat, draws, game length, speed."""
    the_game, _ = _load(game)
    n = _players(the_game, players)
    opts = tuple(_options(the_game, options))
    names = the_game.seat_names(n)
    wins = {name: 0 for name in names}
    draws = unfinished = 0
    lengths = []
    rng = random.Random(seed)
    start = time.perf_counter()
    state = None
    for i in range(count):
        if state is None:
            state = the_game.new_state(seed=seed + i, players=n, options=opts)
        else:
            state.restart(seed + i)  # the same as a new state with this seed, without building one
        length = 0
        while not state.is_over() and length < max_moves:
            moves = state.legal_moves()
            if not moves:
                break
            state.apply(rng.choice(moves))
            length += 1
        lengths.append(length)
        if not state.is_over():
            unfinished += 1
            continue
        outcome = state.outcome()
        if outcome.draw:
            draws += 1
        for w in outcome.winners:
            wins[names[w]] += 1
    elapsed = time.perf_counter() - start
    speed = count / elapsed if elapsed > 0 else float("inf")
    result = {
        "game": the_game.name, "players": n, "n": count, "wins": wins, "draws": draws,
        "unfinished": unfinished,
        "length": {"mean": statistics.fmean(lengths), "min": min(lengths), "max": max(lengths)},
        "playouts_per_second": round(speed, 1),
    }
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return

    def pct(k):
        return f"{k} ({100 * k / count:.1f}%)"

    click.echo(f"{the_game.title}: {count} random playouts, {n} players, seed {seed}")
    click.echo("wins: " + ", ".join(f"{name} {pct(k)}" for name, k in wins.items()))
    click.echo(f"draws: {pct(draws)}")
    if unfinished:
        click.echo(f"unfinished after {max_moves} moves: {pct(unfinished)}")
    click.echo(f"length: mean {result['length']['mean']:.1f}, min {min(lengths)}, max {max(lengths)}")
    click.echo(f"speed: {speed:.1f} playouts/s")


@main.command("perft")
@click.argument("game")
@click.option("--depth", type=click.IntRange(min=1), required=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=int)
@click.option("--option", "options", multiple=True, metavar="NAME")
@click.option("--json", "as_json", is_flag=True)
@guarded
def perft_command(game, depth, seed, players, options, as_json):
    """Count the move sequences of each length 1..DEPTH from the start."""
    the_game, _ = _load(game)
    n = _players(the_game, players)
    opts = tuple(_options(the_game, options))
    state = the_game.new_state(seed=seed, players=n, options=opts)
    counts = perft(state, depth)
    if as_json:
        click.echo(json.dumps({"game": the_game.name, "counts": counts}))
        return
    for d, c in enumerate(counts, 1):
        click.echo(f"depth {d}: {c}")


# ---------------------------------------------------------------------------------
# explain

@main.command(short_help="Explain a diagnostic code such as E012.")
@click.argument("code")
@guarded
def explain(code):
    """Explain a diagnostic code, e.g. E012."""
    key = code.strip().upper()
    if key.isdigit():
        key = f"E{int(key):03d}"
    try:
        text = codes.explain(key)
    except (KeyError, LookupError, ValueError):
        text = None
    if not text:
        click.echo(f"unknown code {code.strip()}", err=True)
        sys.exit(1)
    click.echo(text.rstrip("\n"))


main.add_command(fmt)
main.add_command(lsp)
