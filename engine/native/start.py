"""A native game's start kept beside its module: what NativeGame reads of the interpreter's start and of the
translation (the start's state vectors, the actions' names and arguments, the places' and seats' names, the
questions' kinds, the module's name and a hash of its source), so that a cached start neither builds the
interpreter's state nor translates the rules (docs/backends.md, "The cache").

It is JSON (numbers and names: nothing in it is run), named by a hash of the played game's files (their names
and texts), the player count, the options and Mire's code (grammar/cached.code_fingerprint: a change to the
translation or the layout makes every entry stale). It is used only when it is whole (a hash of its contents),
this user's, made with the numba that is imported, and when the module it names is there with the source it
was made from; anything else is ignored and the start is made again, and its entry written anew. A game's own
start is kept, whatever it draws (its vectors are the interpreter's start with seed 0 and, for a start that draws,
its construction, which the native code draws anew); a start a caller hands over is not.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Optional

from ...grammar.cached import cache_dir, code_fingerprint, read_own, write_own

KIND = "mire-native-start-3"


def entry_path(game, players: int, options=()) -> Path:
    """The start entry of `game` (a loader.Game, as the options make it) at this player count."""
    h = hashlib.sha256(f"{KIND};{code_fingerprint()};{players};{sorted(options)!r};{game.path}".encode())
    sources = game.analysis.sources if game.analysis is not None else {}
    for name in sorted(sources):
        h.update(b"\0" + name.encode() + b"\0" + sources[name].encode())
    values = sorted((k, repr(v)) for k, v in (game.values or {}).items())
    h.update(repr(values).encode())
    return cache_dir() / f"{game.name.replace('-', '_')}_{players}p_{h.hexdigest()[:24]}.start.json"


def read_start(entry: Path) -> Optional[dict]:
    """The entry's contents, when it is whole, this user's, and names a module that is there with its source;
    else None. (numba's version is compared by the caller, which imports numba.)"""
    try:
        outer = json.loads(read_own(entry))
        body = outer["body"]
        if outer.get("kind") != KIND or hashlib.sha256(body.encode()).hexdigest() != outer.get("sha256"):
            return None
        start = json.loads(body)
        module = entry.parent / f"{start['module']}.py"
        if hashlib.sha256(module.read_bytes()).hexdigest() != start["source_sha256"]:
            return None
        for vector in (start["start"], start["begun"] or []):
            if not (isinstance(start["size"], int) and 0 <= len(vector) <= start["size"]):
                return None
        return start
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def write_start(entry: Path, module: str, source: str, numba_version: str, start: list, begun: Optional[list],
                actions: list, space_names: list, seat_names: list, native_setup: bool, start_drew: bool,
                choice_kinds: list, plain: bool) -> None:
    """Write a start entry atomically; a cache that cannot be written is no error. `start`: the vector a series
    begins each game from; `begun`: the interpreter's start with seed 0, where perft and the moves begin, when it
    is another (None: the same); `start_drew`: the interpreter's start drew (perft says chance was met); `plain`:
    the layout is whole without the translation. Each vector is kept to its last slot that is not 0 (the free
    pieces' slots, most of it, are 0), with its size."""
    body = json.dumps({"module": module, "source_sha256": hashlib.sha256(source.encode()).hexdigest(),
                       "numba": numba_version, "size": len(start), "start": _trimmed(start),
                       "begun": None if begun is None else _trimmed(begun), "actions": actions,
                       "space_names": space_names, "seat_names": seat_names, "native_setup": native_setup,
                       "start_drew": start_drew, "choice_kinds": choice_kinds, "plain": plain})
    data = json.dumps({"kind": KIND, "sha256": hashlib.sha256(body.encode()).hexdigest(), "body": body})
    write_own(entry, data.encode())


def _trimmed(vector: list) -> list:
    """The vector without its last slots that are 0."""
    used = len(vector)
    while used and vector[used - 1] == 0:
        used -= 1
    return vector[:used]
