"""What a new game of `mire serve` may start from besides its seed and options, as `mire play` allows: a position
(`--position FILE`, grammar/position.py's format) and the hands the players bring (`--hand N=FILE`), each sent
from the lobby as an uploaded text or picked among the files of the game's folder.

Each is bounded in size as the command line bounds its file, and checked as `mire play` checks it, with the same
words (a position's file, line and column; a hand's problems by file and line); the page shows them as text.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from ...engine import InputError, RuleError, SetupError
from ...grammar.frontend import FileRefused, read_text_file
from ...grammar.limits import MAX_INPUT_PROBLEMS
from ...grammar.position import MAX_POSITION_CHARS, PositionError, parse_position
from ...grammar.wording import printable

MAX_POSITION_TEXT = MAX_POSITION_CHARS * 4     # as `mire play --position` reads its file
MAX_HAND_TEXT = 100_000                         # as `mire play --hand` reads its file (cli/main.py MAX_HAND_BYTES)
MAX_FOLDER_FILES = 50                           # files of a game's folder the lobby offers
FOLDER_SUFFIXES = (".txt", ".position")


class StartRefused(Exception):
    """A position or a hand the game cannot start from; str() says why, in `mire play`'s words."""


def game_folders(game, ref: str) -> list:
    """The folders of a game's own files: the folder named after it beside its rules file (a bundled game's
    `GAME/`), and the rules file's own folder when the game is not a bundled one."""
    from ...grammar.frontend import bundled_names
    path = Path(str(game.path))
    out = []
    beside = path.parent / path.stem
    if beside.is_dir():
        out.append(beside)
    if ref not in bundled_names():
        out.append(path.parent)
    return out


def folder_files(game, ref: str) -> list:
    """The names of the files of the game's folder that may be a position or a hand (at most MAX_FOLDER_FILES),
    as the lobby offers them: relative to the folder, never a path a page could choose itself."""
    names: list = []
    for folder in game_folders(game, ref):
        for f in sorted(folder.iterdir()):
            if f.suffix in FOLDER_SUFFIXES and f.is_file() and f.name not in names:
                names.append(f.name)
            if len(names) >= MAX_FOLDER_FILES:
                return names
    return names


def read_source(game, ref: str, source, limit: int, what: str) -> Optional[tuple]:
    """(name, text) of a position or a hand sent by the lobby: {"text": ..., "name": ...} (an upload) or
    {"file": NAME} (a file of the game's folder, one the lobby offers); None when nothing is sent."""
    if source is None:
        return None
    if not isinstance(source, dict):
        raise StartRefused(f"the {what} must be an uploaded text or a file of the game's folder")
    if "file" in source:
        name = source["file"]
        if not isinstance(name, str) or name not in folder_files(game, ref):
            raise StartRefused(f"the game's folder has no file '{printable(str(name))[:80]}' to start from")
        path = next(f / name for f in game_folders(game, ref) if (f / name).is_file())
        try:
            return name, read_text_file(path, limit)
        except FileRefused as e:
            raise StartRefused(f"cannot read {name}: {e}") from None
    text, name = source.get("text"), source.get("name") or f"the {what}"
    if not isinstance(text, str) or not isinstance(name, str):
        raise StartRefused(f"the {what} must be a text")
    name = os.path.basename(printable(name))[:80] or f"the {what}"
    if len(text.encode("utf-8")) > limit:
        raise StartRefused(f"cannot read {name}: it is larger than {limit:,} bytes")
    return name, text


def checked_hands(game, ref: str, hands, players: int, seed: int, options: list) -> Optional[dict]:
    """{"hand": {seat: [(line, text)]}} from the lobby's hands ({"1": source, ...}, seats from 1), each checked
    on its own as `mire play --hand` checks it, so that every problem names its file."""
    from ..main import list_items
    if not hands:
        return None
    if not isinstance(hands, dict):
        raise StartRefused("hands must map a seat's number to its hand")
    if "hand" not in [i.zone for i in game.inputs]:
        takes = ", ".join(i.zone for i in game.inputs)
        raise StartRefused(f"{game.title} takes no hand from the players" + (f" (it takes: {takes})" if takes else ""))
    lists, problems, count = {}, [], 0
    for key, source in sorted(hands.items(), key=lambda kv: str(kv[0])):
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= players):
            raise StartRefused(f"seats are numbered 1 to {players}")
        read = read_source(game, ref, source, MAX_HAND_TEXT, "hand")
        if read is None:
            continue
        name, text = read
        seat = int(key) - 1
        try:
            lists[seat] = list_items(text, name)
            game.new_state(seed=seed, players=players, options=tuple(options), inputs={"hand": {seat: lists[seat]}})
        except ValueError as e:
            if not isinstance(e, InputError):
                raise StartRefused(str(e)) from None
            problems += [f"{name}: {p}" for p in e.problems]
            count += len(e.problems) + e.more
    if problems:
        shown = problems[:MAX_INPUT_PROBLEMS]
        more = [f"... and {count - len(shown)} more"] if count > len(shown) else []
        raise StartRefused("\n".join(shown + more))
    return {"hand": lists} if lists else None


def checked_position(game, ref: str, source, players: int, seed: int, options: list, inputs) -> Optional[str]:
    """The text of the position the game starts from, checked on a fresh state as `mire play --position` does."""
    from ...engine.run.arrange import arrange
    read = read_source(game, ref, source, MAX_POSITION_TEXT, "position")
    if read is None:
        return None
    name, text = read
    try:
        state = game.new_state(seed=seed, players=players, options=tuple(options), inputs=inputs)
        arrange(state, parse_position(text, name), name)
    except PositionError as e:
        raise StartRefused(printable(str(e))) from None
    except (RuleError, SetupError) as e:
        raise StartRefused(f"the game cannot start from {name}: {printable(str(e))}") from None
    return text
