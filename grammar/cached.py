"""The checked game kept on disk between processes: a command that loads a game it loaded before reads the
checked tree instead of parsing and checking the rules again (and so never imports the parser, Lark or the
checker). docs/backends.md, "The cache".

An entry is a pickle of the CheckedGame, with the files checking it read and a hash of each one's text. Its name
is a hash of the rules file (its path, as it is shown from the working folder, and its text) and of Mire's own
code (its version and the source of grammar/ and engine/: a change to the grammar or the checker makes every
entry stale). It is read only when it is a file this user wrote, whole (a hash of its contents, checked before
anything is unpickled), and when every file it was checked from still has the text it had; anything else (stale,
corrupt, half written, another's) is ignored, and the game is checked again and its entry written anew. Entries
are written atomically (a temporary file renamed), so processes that start together never read half of one.
The folder is the native modules' ($MIRE_CACHE_DIR, else $XDG_CACHE_HOME/mire/native, else
~/.cache/mire/native): both are this user's files, which Mire runs or reads as its own.
"""
from __future__ import annotations

import contextvars
import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from .frontend import CheckedGame
    from .types import Library

# the first bytes of an entry: what it is and its layout's version (a change here makes older entries unread)
MAGIC = b"mire-checked-1\n"
_DIGEST = hashlib.sha256().digest_size

# the files read while a game is checked for an entry: absolute path -> (the most bytes read, sha256 of the
# text or None: it could not be read) while a game is checked for an entry
_reads: contextvars.ContextVar[Optional[dict]] = contextvars.ContextVar("mire_checked_reads", default=None)

_fingerprint: list[str] = []  # Mire's code, hashed once in a process


def cache_dir() -> Path:
    """$MIRE_CACHE_DIR, else $XDG_CACHE_HOME/mire/native, else ~/.cache/mire/native."""
    explicit = os.environ.get("MIRE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mire" / "native"


def code_fingerprint() -> str:
    """A hash of Mire's version and of the source of grammar/ and engine/ (the grammar, its tables, the checker,
    the compilers): what, besides the rules' text, makes a checked game or a native module what it is. ~3 ms."""
    if not _fingerprint:
        import importlib.util

        from .. import __version__
        folders = [Path(__file__).parent]
        engine = importlib.util.find_spec("mire.engine")  # (found, not imported: the engine's imports cost)
        folders += [Path(p) for p in (engine.submodule_search_locations or [])] if engine is not None else []
        _fingerprint.append(hash_code(__version__, folders))
    return _fingerprint[0]


def hash_code(version: str, folders: list[Path]) -> str:
    """A hash of a version of Mire and of its source files in these folders (names and contents)."""
    h = hashlib.sha256(f"mire={version};python={sys.version_info[:2]}".encode())
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".py", ".lark", ".tables") and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def note_read(path: Path, limit: int, text: Optional[str]) -> None:
    """Called by frontend.read_text_file: while a game is checked for an entry, the file and its text's hash
    (None: it could not be read, which the game's check may have said and gone on: it must still be so)."""
    reads = _reads.get()
    if reads is not None:  # (the path as it was named, made absolute: read again so, through the same links)
        reads[os.path.abspath(path)] = (limit, _digest(text))


def _digest(text: Optional[str]) -> Optional[str]:
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()


def entry_path(path: Path, source: str) -> Path:
    """The entry of the game in `path` whose text is `source`, as seen from the working folder (the spans of
    its diagnostics and its sources are named as they are shown from there)."""
    from .frontend import display_path
    where = hashlib.sha256(f"{path.resolve()}\0{display_path(path)}".encode()).hexdigest()[:8]
    what = hashlib.sha256(f"{code_fingerprint()}\0{where}\0{source}".encode()).hexdigest()[:24]
    return cache_dir() / "checked" / f"{path.stem}_{where}_{what}.pickle"


def checked_or_raise(path: Path, source: str, library: "Library") -> "CheckedGame":
    """frontend.check_or_raise, read from the game's entry when it has a good one, else checked and written
    there (a game that does not check is never kept: its MireError is raised as check_or_raise raises it).
    $MIRE_NO_CHECKED_CACHE set: always checked, nothing written."""
    if os.environ.get("MIRE_NO_CHECKED_CACHE"):
        from .frontend import check_or_raise
        return check_or_raise(path, source, library)
    try:
        entry = entry_path(path, source)
    except (OSError, ValueError, RuntimeError):  # (Mire's own files unreadable, a loop of links: no entry)
        entry = None
    if entry is not None:
        found = read_entry(entry)
        if found is not None:
            return found
    from .frontend import check_or_raise
    from .limits import MAX_FILE_BYTES
    reads: dict = {os.path.abspath(path): (MAX_FILE_BYTES, _digest(source))}
    token = _reads.set(reads)
    try:
        checked = check_or_raise(path, source, library)
    finally:
        _reads.reset(token)
    if entry is not None:
        write_entry(entry, checked, reads)
    return checked


def read_own(path: Path) -> bytes:
    """The bytes of a cache file that this user wrote and alone may write. OSError where it is missing or cannot be
    read, PermissionError where it is another's or others may write it: a cache file anyone could have written is
    never read (it is unpickled, or names code to import)."""
    with open(path, "rb") as f:
        if os.name == "posix":
            st = os.fstat(f.fileno())
            if st.st_uid != os.getuid() or st.st_mode & 0o022:
                raise PermissionError(f"{path}: not this user's alone")
        return f.read()


def write_own(path: Path, data: bytes) -> bool:
    """Write a cache file atomically (under a name of this process's, renamed into place: a reader, or another
    process writing the same file, never sees half of it), this user's alone whatever the umask (see read_own).
    False where it cannot be written (a read-only home, a full disk): a cache is never an error."""
    tmp = path.parent / f".{path.name}.{os.getpid()}.tmp"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
            f.write(data)
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return False


def read_entry(entry: Path) -> "Optional[CheckedGame]":
    """The CheckedGame of an entry, or None when it is missing, not this user's, corrupt, or stale."""
    try:
        data = read_own(entry)
    except OSError:
        return None
    head = len(MAGIC) + _DIGEST
    if len(data) < head or not data.startswith(MAGIC):
        return None
    payload = data[head:]
    if hashlib.sha256(payload).digest() != data[len(MAGIC):head]:  # (checked before a byte is unpickled)
        return None
    try:
        reads, checked = pickle.loads(payload)
    except Exception:  # noqa: BLE001 - (an entry of Mire's classes as they were: stale; checked again)
        return None
    if not _same_files(reads):
        return None
    from .frontend import CheckedGame
    return checked if isinstance(checked, CheckedGame) else None


def _same_files(reads: dict) -> bool:
    """Does every file the entry was checked from still have the text it had?"""
    from .frontend import FileRefused, read_text_file
    for name, (limit, digest) in reads.items():
        try:
            text: Optional[str] = read_text_file(Path(name), limit)
        except FileRefused:
            text = None
        if _digest(text) != digest:
            return False
    return True


def write_entry(entry: Path, checked: "CheckedGame", reads: dict) -> None:
    """Write an entry atomically; a cache that cannot be written (a read-only home, a full disk) is no error."""
    try:
        payload = pickle.dumps((reads, checked), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - (a tree that does not pickle is checked each time, as without the cache)
        return
    if not write_own(entry, MAGIC + hashlib.sha256(payload).digest() + payload):
        return
    try:
        # the file's other entries (its earlier texts, or Mire's): one entry a file, however often it is edited
        prefix = entry.name.rsplit("_", 1)[0] + "_"
        for other in entry.parent.iterdir():
            if other.name.startswith(prefix) and other.name.endswith(".pickle") and other != entry:
                other.unlink(missing_ok=True)
    except OSError:
        pass
