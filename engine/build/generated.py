"""The Python the compiler writes, kept readable: each function compiled under a file name of its own
(`<mire tic-tac-toe.mire:6 place>`), its text registered with `linecache` (so that a traceback, a debugger and
`inspect.getsource` show it), and a map from its lines back to the rules' lines they were written for.

The compiler tags each line it writes for a statement with a marker (`mark`); `Generated.make` takes the markers
out, writes a comment naming the rules line above each run of lines written for it, and keeps the map. The
comments are the only change to the source: the code compiled is the same, and runs as fast.

Registering costs one split of the text into lines, once per function built; what `linecache` holds is bounded
(`MAX_REGISTERED_CHARS`: the oldest texts are let go first), since the language server builds a game again at
every edit. A game's own `GeneratedCode` keeps its texts and maps as long as the game lives.
"""
from __future__ import annotations

import hashlib
import keyword
import linecache
import re
from collections import OrderedDict
from types import TracebackType
from typing import Optional

import attrs

# what the texts registered with linecache may hold together: past it, the oldest are let go (a traceback through
# a function let go shows its file name and line number, without the line)
MAX_REGISTERED_CHARS = 8_000_000

_MARK = re.compile(r"  #@(\d+)$")
_registered: OrderedDict[str, int] = OrderedDict()  # file name -> its text's size, oldest first
_registered_chars = 0


@attrs.frozen
class Origin:
    """The rules line a generated line was written for: `file.mire:12` and the text of that line (its first, for a
    statement over several)."""
    where: str
    text: str


@attrs.frozen
class Generated:
    """One function built from the rules: its file name, its text as compiled, where each of its lines comes from."""
    filename: str
    title: str  # what it is: `place`, `place: moves`, `def neighbours`...
    role: str  # "rule", "moves", "def", "proc" (what `mire check --python` prints), or "part"
    text: str
    origins: tuple  # per line of the text (line n at n - 1): its Origin, or None

    def origin(self, line: int) -> Optional[Origin]:
        """Where line `line` (1-based) of the text was written from; the nearest line above that knows it."""
        for i in range(min(line, len(self.origins)) - 1, -1, -1):
            if self.origins[i] is not None:
                return self.origins[i]
        return None


class GeneratedCode:
    """Every function built for one game, by file name, and the origins the compiler's markers stand for."""

    def __init__(self) -> None:
        self.functions: dict[str, Generated] = {}
        self._origins: list[Origin] = []
        self._names: dict[str, int] = {}  # a file name given before -> how many times, in this game

    # ------------------------------------------------------------ while the game is built
    def mark(self, where: str, text: str) -> str:
        """The marker to end each line written for the rules line `where` (whose text is `text`) with; alone on a
        line, it is a comment naming that rules line."""
        self._origins.append(Origin(where, _one_line(text)))
        return f"  #@{len(self._origins) - 1}"

    def marked(self, lines: list[str], where: str, text: str) -> list[str]:
        """These lines, each that has no marker yet tagged as written for `where`."""
        mark = self.mark(where, text)
        return [line if _MARK.search(line) else line + mark for line in lines]

    def filename(self, where: str, title: str) -> str:
        """`<mire file.mire:12 TITLE>`, numbered `(2)`, `(3)`... when this game has built one of that name."""
        name = f"<mire {where} {_one_line(title)}>"
        seen = self._names.get(name, 0)
        self._names[name] = seen + 1
        return name if not seen else f"{name[:-1]} ({seen + 1})>"

    def lines(self, lines: list[str], default: Optional[Origin]) -> tuple[list[str], list[Optional[Origin]]]:
        """The lines with their markers taken out and a comment above each run written for one rules line, and
        the origin of each line (comments too: the line below them)."""
        out: list[str] = []
        origins: list[Optional[Origin]] = []
        last = None
        for line in lines:
            found = _MARK.search(line)
            origin = self._origins[int(found.group(1))] if found else default
            if found:
                line = line[:found.start()]
            if found and origin is not None and (last is None or origin.where != last.where):
                indent = line[:len(line) - len(line.lstrip())]
                out.append(f"{indent}# {origin.where}  {origin.text}".rstrip())
                origins.append(origin)
            if found:
                last = origin
            if found and not line.strip():  # (a line that only names its rules line: its comment alone)
                continue
            out.append(line)
            origins.append(origin)
        return out, origins

    def add(self, filename: str, title: str, role: str, text: str, origins: list) -> str:
        """Keep a function's text (and register it with linecache); the file name to compile it under."""
        filename = register(filename, text)
        self.functions[filename] = Generated(filename, title, role, text, tuple(origins))
        return filename

    # ------------------------------------------------------------ while it runs
    def rules_line(self, err: BaseException) -> Optional[str]:
        """`file.mire:12`: the rules line of the innermost generated function the error went through, or None."""
        found = None
        tb: Optional[TracebackType] = err.__traceback__
        while tb is not None:
            fn = self.functions.get(tb.tb_frame.f_code.co_filename)
            if fn is not None:
                origin = fn.origin(tb.tb_lineno)
                if origin is not None:
                    found = origin.where
            tb = tb.tb_next
        return found

    def shown(self) -> list[Generated]:
        """The rules' functions, move generators, defs and procs, in the order they were built."""
        return [g for g in self.functions.values() if g.role != "part"]

    def listing(self) -> str:
        """What `mire check --python` prints: each shown function under the rules line it was built for and its
        file name (as a traceback names it), with the comments that name the rules line of its statements."""
        out = []
        for g in self.shown():
            head = g.origins[0] if g.origins else None
            out.append(f"# {head.where}  {head.text}".rstrip() if head is not None else "#")
            out.append(f"# {g.filename}")
            out.append(g.text.rstrip("\n"))
            out.append("")
        return "\n".join(out)


def register(filename: str, text: str) -> str:
    """Put a text in linecache under this file name, or, when another text is there under it (the same rule built
    from another version of its file, or for other option values), under the name with a hash of the text; the
    file name used."""
    global _registered_chars
    entry = linecache.cache.get(filename)
    if entry is not None and len(entry) == 4 and filename in _registered and "".join(entry[2]) != text:
        filename = f"{filename[:-1]} ~{hashlib.blake2s(text.encode('utf-8', 'replace'), digest_size=3).hexdigest()}>"
    if filename in _registered:
        _registered.move_to_end(filename)
        _registered_chars -= _registered[filename]
    lines = text.splitlines(keepends=True)
    linecache.cache[filename] = (len(text), None, lines, filename)  # (no modification time: never checked again)
    _registered[filename] = len(text)
    _registered_chars += len(text)
    while _registered_chars > MAX_REGISTERED_CHARS and len(_registered) > 1:
        old, size = _registered.popitem(last=False)
        _registered_chars -= size
        linecache.cache.pop(old, None)
    return filename


def registered_chars() -> int:
    """What the texts registered with linecache hold together (bounded by MAX_REGISTERED_CHARS)."""
    return _registered_chars


def function_name(title: str) -> str:
    """A Python name for a function titled so (`place: moves` -> `place_moves`)."""
    name = re.sub(r"\W+", "_", title, flags=re.ASCII).strip("_") or "rule"
    if name[0].isdigit() or keyword.iskeyword(name):
        name = "_" + name
    return name


def _one_line(text: str) -> str:
    """A text as one line of a comment or a file name: what is not printable (line ends, NULs) as `?`."""
    return "".join(c if c.isprintable() else "?" for c in text)
