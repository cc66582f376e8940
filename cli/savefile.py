"""Save files: the moves of a game and what is needed to start it again.

    {"format": "mire-save", "version": 1, "game": a bundled game's name or the path of a rules file in the
     save's folder or below it, from that folder (see game_file),
     "players": 2, "seed": 1, "options": [], "moves": [move texts],
     "inputs": {"hand": {"1": [[line number, text], ...]}}}

"inputs" (what the players brought, e.g. `--hand 1=FILE`; seats numbered from 1) is there only
when a player brought something; the game cannot be started again without it.

Written atomically (a temporary file in the same folder, then os.replace).  Reading checks
everything and refuses a file with a one-line reason (SaveError).
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Optional

import attrs

from ..engine import IllegalMove, InputError, RuleError, SetupError
from ..engine.loader import load_game
from ..engine.run.arrange import arrange
from ..grammar.diagnostics import MireError
from ..grammar.frontend import FileRefused, bundled_names, is_path, read_text_file
from ..grammar.parser import unsafe_character
from ..grammar.position import PositionError, parse_position
from .games import UnknownGame

FORMAT = "mire-save"
VERSION = 1


class SaveError(Exception):
    """A save file that cannot be written or loaded; str() is a one-line reason."""


@attrs.define
class Saved:
    game: str
    players: int
    seed: int
    options: list
    moves: list
    inputs: dict = attrs.Factory(dict)  # as the engine takes them: {zone: {seat from 0: [(line, text)]}}
    position: Optional[str] = None  # the position file the game started from (its text), if any


def save_data(game_ref: str, players: int, seed: int, options, moves, inputs=None, position=None) -> dict:
    data = {"format": FORMAT, "version": VERSION, "game": game_ref, "players": players,
            "seed": seed, "options": list(options), "moves": list(moves)}
    if position is not None:
        data["position"] = position
    if inputs:
        data["inputs"] = {zone: {str(seat + 1): [[n, text] for n, text in lines]
                                 for seat, lines in sorted(by_seat.items())}
                          for zone, by_seat in inputs.items()}
    return data


def _read_inputs(value) -> dict:
    """The "inputs" of a save file, checked, as the engine takes them (seats from 0)."""
    if not isinstance(value, dict):
        raise SaveError("'inputs' must map an input's name to the lists each seat brought")
    out: dict = {}
    for zone, by_seat in value.items():
        _plain_text(zone)
        if not isinstance(by_seat, dict):
            raise SaveError(f"'inputs' of '{zone}' must map seat numbers to lists")
        out[zone] = {}
        for seat, lines in by_seat.items():
            if not (isinstance(seat, str) and re.fullmatch("[1-9][0-9]?", seat)):
                raise SaveError(f"'inputs' of '{zone}': {ascii(seat[:20])} is not a seat number (1, 2, ...)")
            if not isinstance(lines, list) or not all(
                    isinstance(x, list) and len(x) == 2 and _is_int(x[0]) and isinstance(x[1], str)
                    for x in lines):
                raise SaveError(f"'inputs' of '{zone}' for seat {seat} must be a list of [line number, text]")
            out[zone][int(seat) - 1] = [(n, _plain_text(text)) for n, text in lines]
    return out


def write_save(path: str, data: dict) -> None:
    """Write the save file atomically: a crash leaves either the old file or the new one."""
    folder = os.path.dirname(os.path.abspath(path))
    data = dict(data, game=relative_reference(data["game"], path))
    text = json.dumps(data, indent=2) + "\n"
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".", suffix=".tmp")
    except OSError as e:
        raise SaveError(e.strerror or str(e)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SaveError(e.strerror or str(e)) from None


MAX_TEXT = 1_000


def _plain_text(text: str) -> str:
    """A text of a save (a move, a name): short, and nothing in it that a terminal would act on."""
    if len(text) > MAX_TEXT:
        raise SaveError(f"it holds a text of {len(text):,} characters; a move or a name has at most {MAX_TEXT}")
    bad = unsafe_character(text)
    if bad is not None:
        raise SaveError(f"it holds the character {ascii(bad)}, which no move or name has")
    return text


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


MAX_SAVE_BYTES = 10_000_000
MAX_SAVE_MOVES = 100_000  # moves a save may hold: a game of people or bots is far shorter
MAX_SEED = 10 ** 18


class _LongNumber:
    """A number in a save's JSON too long to be any of a save's numbers: read as this, which is no whole number,
    so that the check of its place refuses it in that place's words (int() of a number of more than 4,300
    digits would raise, and the conversion is quadratic in the digits)."""

    def __repr__(self):
        return "a number of too many digits"


def _json_int(text: str):
    return int(text) if len(text) <= 30 else _LongNumber()


def read_save(path: str) -> Saved:
    """The save file's contents, checked for shape (not yet against the game)."""
    try:
        text = read_text_file(Path(path), MAX_SAVE_BYTES)
    except FileRefused as e:
        raise SaveError(str(e)) from None
    try:
        data = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as e:
        raise SaveError(f"bad JSON at line {e.lineno} column {e.colno}: {e.msg}") from None
    except RecursionError:
        raise SaveError("its JSON nests too deeply to be a save file") from None
    return _saved(data)


def _saved(data) -> Saved:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a mire save file (no \"format\": \"mire-save\")")
    if data.get("version") != VERSION:
        version = data.get("version")
        shown = str(version) if isinstance(version, int) and abs(version) < 10 ** 6 else "in it"
        raise SaveError(f"save version {shown} is not supported (this mire reads version {VERSION})")
    missing = [k for k in ("game", "players", "seed", "options", "moves") if k not in data]
    if missing:
        raise SaveError("missing " + ", ".join(f"'{k}'" for k in missing))
    if not isinstance(data["game"], str) or not data["game"]:
        raise SaveError("'game' must be a game's name or path")
    if not _is_int(data["players"]):
        raise SaveError("'players' must be a whole number")
    if not _is_int(data["seed"]) or abs(data["seed"]) > MAX_SEED:
        raise SaveError("'seed' must be a whole number (of at most 18 digits)")
    for key in ("options", "moves"):
        if not isinstance(data[key], list) or not all(isinstance(x, str) for x in data[key]):
            raise SaveError(f"'{key}' must be a list of strings")
    if len(data["moves"]) > MAX_SAVE_MOVES:  # (each is replayed to load the save: its work is bounded so)
        raise SaveError(f"a save holds at most {MAX_SAVE_MOVES:,} moves, and this one has {len(data['moves']):,}")
    if not (is_path(data["game"]) and data["game"].endswith(".mire")) and data["game"] not in bundled_names():
        raise SaveError(f"'game' is {ascii(data['game'][:60])}, which is neither a bundled game nor a .mire file")
    for text in [data["game"], *data["options"], *data["moves"]]:
        _plain_text(text)
    inputs = _read_inputs(data["inputs"]) if "inputs" in data else {}
    position = data.get("position")
    if position is not None:
        if not isinstance(position, str):
            raise SaveError("'position' must be the text of a position file")
        try:
            parse_position(position, "its position")
        except PositionError as e:
            raise SaveError(str(e)) from None
    return Saved(data["game"], data["players"], data["seed"], list(data["options"]), list(data["moves"]),
                 inputs, position)


def replay_moves(state, moves, on_move=None) -> list:
    """Apply the move texts in order; returns the seat that made each.  A move that is not
    legal at its point raises SaveError("move 7 'place b2' is not legal (...)")."""
    movers = []
    for i, text in enumerate(moves, 1):
        seat = state.to_move
        try:
            move = state.parse_move(text)
        except IllegalMove as e:
            reason = str(e).strip().splitlines()[0] if str(e).strip() else ""
            raise SaveError(f"move {i} '{text}' is not legal" + (f" ({reason})" if reason else "")) from None
        except RuleError as e:
            raise SaveError(f"the rules failed before move {i}: {e}") from None
        try:
            state.apply(move)
        except (IllegalMove, RuleError) as e:
            raise SaveError(f"move {i} '{text}' cannot be played ({e})") from None
        movers.append(seat)
        if on_move is not None:
            on_move(i, seat, move, state)
    return movers


def restore(path: str):
    """(game, game reference, saved, state, movers) of a save file; SaveError when refused."""
    saved = read_save(path)
    try:
        ref = saved.game if not is_path(saved.game) else game_file(saved.game, path)
        game = load_game(ref)
    except UnknownGame:
        raise SaveError(f"unknown game '{saved.game}'") from None
    except MireError as e:
        first = e.diagnostics[0].render(None) if e.diagnostics else str(e)
        raise SaveError(f"game '{saved.game}' does not load: {first}") from None
    try:
        game.check_setup(saved.players, saved.options)
    except SetupError as e:
        raise SaveError(str(e)) from None
    state = start(game, saved)
    movers = replay_moves(state, saved.moves)
    return game, ref, saved, state, movers


def game_file(written: str, save_path: str) -> str:
    """The rules file a save names by `written` (a path), as an absolute path; SaveError when refused.

    The rule: a save names either a bundled game (by its name) or a rules file in the save's own folder or
    below it, nothing else. A save comes from anyone, and a file anywhere else (by an absolute path, by `../`,
    or through a link that leads out of the folder) would make `replay` and `load` read, and print what they
    find in, a file its reader never chose. The path is read from the save's folder (as mire writes it), else
    from the working folder or as an absolute path (as older saves have it); wherever it leads, the file must
    lie in the save's folder, and nothing outside it is opened (only looked up)."""
    shown = ascii(written[:60])
    folder = os.path.realpath(os.path.dirname(os.path.abspath(save_path)))
    places = [os.path.realpath(p) for p in (os.path.join(folder, written), os.path.abspath(written))]
    if not all(p.endswith(".mire") for p in places):  # a link by a .mire name to another file is not one
        raise SaveError(f"'game' is {shown}, a link to a file that is not a .mire file")
    inside = [p for p in places if os.path.commonpath([folder, p]) == folder]
    if not inside:  # (refused whether or not there is such a file: the answer tells nothing of other folders)
        raise SaveError(f"'game' is {shown}, a file outside the save's folder; a save names a bundled game or a "
                        f"rules file in its own folder or below it")
    found = next((p for p in inside if os.path.isfile(p)), None)
    if found is None:
        raise SaveError(f"'game' is {shown}, and there is no such file in the save's folder")
    return found


def relative_reference(game_ref: str, save_path: str) -> str:
    """What a save written at `save_path` records for the game `game_ref` (a bundled name or a file's absolute
    path, as games.reference gives it): the file's path from the save's folder (see game_file); SaveError when
    the file lies outside that folder, since such a save could not be loaded."""
    if not is_path(game_ref):
        return game_ref
    folder = os.path.realpath(os.path.dirname(os.path.abspath(save_path)))
    target = os.path.realpath(game_ref)
    if os.path.commonpath([folder, target]) != folder:
        raise SaveError(f"the game's rules file is not in that folder or below it, and a save names its game's file "
                        f"from its own folder (save in {os.path.dirname(target)} or a folder above it)")
    return os.path.relpath(target, folder).replace(os.sep, "/")


def start(game, saved: Saved):
    """A fresh state of the saved game, with what the players brought; SaveError when refused."""
    for by_seat in saved.inputs.values():
        for seat in by_seat:
            if not 0 <= seat < saved.players:
                raise SaveError(f"'inputs' names seat {seat + 1}, and the game has {saved.players} players")
    try:
        state = game.new_state(seed=saved.seed, players=saved.players, options=tuple(saved.options),
                               inputs=saved.inputs or None)
        if saved.position is not None:
            arrange(state, parse_position(saved.position, "its position"), "its position")
        return state
    except InputError as e:
        more = [f"... and {e.more} more"] if e.more else []
        raise SaveError("what the players brought is refused: " + "; ".join(e.problems + more)) from None
    except PositionError as e:
        raise SaveError(str(e)) from None
    except (RuleError, SetupError) as e:
        raise SaveError(f"the game cannot start: {e}") from None
