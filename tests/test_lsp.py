"""`mire lsp`, driven as an editor drives it: pygls' language client talks to the server over a pipe."""
from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as T  # noqa: E402
from pygls.lsp.client import BaseLanguageClient  # noqa: E402
from pygls.uris import from_fs_path, to_fs_path  # noqa: E402

import mire.games  # noqa: E402
from mire.grammar import codes  # noqa: E402
from mire.grammar.formatter import format_source  # noqa: E402

SERVER = [sys.executable, "-c", "from mire.cli.main import main; main()", "lsp"]
GAMES = Path(mire.games.__file__).parent
WAIT = 60  # seconds: a guard against a server that never answers, not a measure

GAME = '''\
game "Race"
players 2
board track: grid 5 x 1
piece runner
zone bench per player
var laps: int = 0 per player

setup:
    for p in players:
        place runner for p at at(track, 1, 1)

def ahead(r) = r.space.x > 3

action run(r in runner of mover where not ahead(r)):
    let next_space = r.space + east
    move r to next_space
    mover.laps += 1
    log "{mover.name} runs to {next_space.name}"
'''


def pos(text: str, needle: str, offset: int = 0, nth: int = 0) -> T.Position:
    """The position of the nth `needle` in `text` (plus `offset` characters)."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    return T.Position(line, index - (text.rfind("\n", 0, index) + 1))


class Editor:
    """A language client with the server started, and the diagnostics it publishes."""

    def __init__(self, root: Path):
        self.root = root
        self.client = BaseLanguageClient("mire-tests", "1")
        self.published: dict = {}
        self.arrived = asyncio.Event()
        self.versions: dict = {}

        @self.client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params: T.PublishDiagnosticsParams):
            self.published.setdefault(params.uri, []).append(params)
            self.arrived.set()

    async def __aenter__(self):
        await self.client.start_io(*SERVER)
        await asyncio.wait_for(self.client.initialize_async(T.InitializeParams(
            capabilities=T.ClientCapabilities(), root_uri=from_fs_path(str(self.root)))), WAIT)
        self.client.initialized(T.InitializedParams())
        return self

    async def __aexit__(self, *exc):
        await asyncio.wait_for(self.client.shutdown_async(None), WAIT)
        self.client.exit(None)
        await self.client.stop()

    def open(self, path: Path, text: str = None) -> str:
        uri = from_fs_path(str(path))
        self.versions[uri] = 1
        self.client.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(
            uri, "mire", 1, path.read_text() if text is None else text)))
        return uri

    def change(self, uri: str, text: str):
        self.versions[uri] += 1
        self.client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(self.versions[uri], uri),
            [T.TextDocumentContentChangeWholeDocument(text)]))

    async def diagnostics(self, uri: str) -> list:
        """The diagnostics published for the document's current version."""
        async def arrive():
            while True:
                for params in self.published.get(uri, []):
                    if params.version == self.versions[uri]:
                        return list(params.diagnostics)
                self.arrived.clear()
                await self.arrived.wait()
        return await asyncio.wait_for(arrive(), WAIT)

    async def ask(self, method: str, params):
        return await asyncio.wait_for(getattr(self.client, f"text_document_{method}_async")(params), WAIT)


def run(scenario):
    return asyncio.run(scenario)


def _doc(uri):
    return T.TextDocumentIdentifier(uri)


# ---------------------------------------------------------------- diagnostics

def test_a_broken_file_gets_its_diagnostics_and_a_fix_clears_them(tmp_path):
    path = tmp_path / "race.mire"
    broken = GAME.replace("mover.laps += 1", "mover.lapz += 1")

    async def scenario():
        async with Editor(tmp_path) as editor:
            uri = editor.open(path, broken)
            [d] = await editor.diagnostics(uri)
            assert d.code == "E013"
            assert d.message == ("a player has no zone or variable 'lapz' (did you mean 'laps'?)\nhint: a player has "
                                 "'bench', 'laps', 'name' and 'seat'; declare more with `var lapz: int = 0 per player` "
                                 "or `zone lapz per player`")
            assert d.range == T.Range(pos(broken, "lapz"), pos(broken, "lapz", 4))
            assert d.severity == T.DiagnosticSeverity.Error and d.source == "mire"
            assert d.data["explanation"] == codes.explain("E013")
            assert Path(to_fs_path(d.code_description.href)).read_text() == codes.explain("E013")

            editor.change(uri, GAME)
            assert await editor.diagnostics(uri) == []

            syntax = GAME.replace("def ahead(r) = r.space.x > 3", "def ahead(r) = (r.space.x > 3")
            editor.change(uri, syntax)
            [d] = await editor.diagnostics(uri)
            assert d.code == "E002" and d.range.start.line == pos(syntax, "action run").line
            assert d.message.startswith("expected ')' to close the '(' at 12:16, found 'action'")
    run(scenario())


def test_problems_of_the_base_game_show_at_the_variant_line(tmp_path):
    (tmp_path / "base.mire").write_text(GAME.replace("ahead(r)", "ahead(r, s)", 1))
    variant = 'variant of base\ngame "Race, longer"\n'

    async def scenario():
        async with Editor(tmp_path) as editor:
            uri = editor.open(tmp_path / "v.mire", variant)
            [d] = await editor.diagnostics(uri)
            assert d.code == "E020"
            assert d.message.startswith(f"base.mire:{pos(GAME, 'ahead(r))').line + 1}:")
            assert d.range.start.line == 0
            [related] = d.related_information
            assert related.location.uri == from_fs_path(str(tmp_path / "base.mire"))
    run(scenario())


# ---------------------------------------------------------------- hover and completion

def test_hover_tells_the_type_and_declaration(tmp_path):
    path = tmp_path / "race.mire"

    async def scenario():
        async with Editor(tmp_path) as editor:
            uri = editor.open(path, GAME)
            await editor.diagnostics(uri)

            async def hover(needle, offset=1, nth=0):
                result = await editor.ask("hover", T.HoverParams(_doc(uri), pos(GAME, needle, offset, nth)))
                return result.contents.value if result else None

            assert await hover("ahead(r))") == ("(def) `ahead`: bool\n\n```mire\ndef ahead(r) = r.space.x > 3\n```\n"
                                                "declared on line 12")
            assert await hover("next_space\n") == ("(local) `next_space`: space\n\n```mire\nlet next_space = "
                                                   "r.space + east\n```\ndeclared on line 15")
            assert await hover("laps +=") == ("(variable) `laps`: int\n\n```mire\nvar laps: int = 0 per player\n```\n"
                                              "declared on line 6")
            assert await hover("at(track") == ("```mire\nat(BOARD: list of space, X: int, Y: int) -> space\n```\n"
                                               "builtin function: the space of BOARD at column X, row Y, or `none`")
            assert await hover("mover.laps") == "`mover`: player\n\nbuiltin: the player who is taking the turn"
            assert await hover("space + east") == ("`space`: space\n\nattribute of every piece: the space it is "
                                                   "on, or `none`")
            # inside a message's braces
            assert (await hover("next_space.name}")).startswith("(local) `next_space`: space")
            assert await hover("    move", 2) is None
    run(scenario())


def test_completion_offers_what_fits_there(tmp_path):
    path = tmp_path / "race.mire"

    async def scenario():
        async with Editor(tmp_path) as editor:
            uri = editor.open(path, GAME)
            await editor.diagnostics(uri)

            async def labels(text, line_of, column):
                editor.change(uri, text)
                result = await editor.ask("completion", T.CompletionParams(_doc(uri), T.Position(line_of, column)))
                return {item.label: item for item in result.items}

            # attributes of a player: its zones and variables, and what every player has
            typing = GAME.replace("    mover.laps += 1\n", "    mover.\n")
            line = pos(typing, "    mover.\n").line
            got = await labels(typing, line, len("    mover."))
            assert set(got) == {"bench", "laps", "name", "seat"}
            assert got["laps"].detail == "int"
            # of a local whose type is known (a space), half typed
            typing = GAME.replace("    move r to next_space\n", "    move r to next_space.b\n")
            line = pos(typing, "next_space.b").line
            got = await labels(typing, line, len("    move r to next_space.b"))
            assert set(got) == {"x", "y", "name", "board", "pieces"}
            # in a statement: the names in scope, the game's names, builtins and keywords
            typing = GAME.replace("    mover.laps += 1\n", "    mover.laps += 1\n    \n")
            line = pos(typing, "    mover.laps += 1\n").line + 1
            got = await labels(typing, line, 4)
            assert {"r", "next_space", "laps", "track", "ahead", "runner", "mover", "count", "place", "if"} <= set(got)
            assert "p" not in got  # the setup's loop variable is out of scope here
            assert got["count"].detail == "count(C: collection) -> int"
            assert got["next_space"].detail == "local: space"
            # at the start of a line: declarations
            got = await labels(GAME + "\n", GAME.count("\n"), 0)
            assert {"action", "board", "def", "zone", "phase", "trigger"} <= set(got) and "mover" not in got
    run(scenario())


# ---------------------------------------------------------------- definitions, references, rename

def _variant_folder(tmp_path) -> Path:
    for name in ("mudwater.mire", "mudwater-advanced.mire"):
        shutil.copy(GAMES / name, tmp_path / name)
    shutil.copytree(GAMES / "mudwater", tmp_path / "mudwater")
    return tmp_path


def test_a_variants_replace_jumps_to_the_base_definition(tmp_path):
    folder = _variant_folder(tmp_path)
    variant = (folder / "mudwater-advanced.mire").read_text()
    base = (folder / "mudwater.mire").read_text()
    base_uri = from_fs_path(str(folder / "mudwater.mire"))

    async def scenario():
        async with Editor(folder) as editor:
            uri = editor.open(folder / "mudwater-advanced.mire")
            assert await editor.diagnostics(uri) == []

            async def definition(needle, offset=1):
                return await editor.ask("definition", T.DefinitionParams(_doc(uri), pos(variant, needle, offset)))

            [loc] = await definition("def beats", 5)
            assert loc.uri == base_uri
            assert loc.range == T.Range(pos(base, "def beats", 4), pos(base, "def beats", 9))
            [loc] = await definition("toward(c, d) >")
            assert (loc.uri, loc.range.start) == (base_uri, pos(base, "def toward", 4))
            [loc] = await definition("mudwater\n", 2)
            assert (loc.uri, loc.range.start) == (base_uri, T.Position(0, 0))
            [loc] = await definition("over(c.family")  # declared in the variant itself
            assert (loc.uri, loc.range.start) == (uri, pos(variant, "def over", 4))

            refs = await editor.ask("references", T.ReferenceParams(
                context=T.ReferenceContext(include_declaration=True), text_document=_doc(uri),
                position=pos(variant, "toward", 1)))
            where = sorted((r.uri == uri, r.range.start.line, r.range.start.character) for r in refs)
            expected = sorted([(True, p.line, p.character) for p in (pos(variant, "toward", 0, k) for k in range(4))]
                              + [(False, p.line, p.character)
                                 for p in (pos(base, "toward(", 0, k) for k in range(base.count("toward(")))])
            assert where == expected
    run(scenario())


def test_rename_edits_every_reference(tmp_path):
    path = tmp_path / "race.mire"
    path.write_text(GAME)

    async def scenario():
        async with Editor(tmp_path) as editor:
            uri = editor.open(path)
            await editor.diagnostics(uri)

            async def rename(needle, new):
                edit = await editor.ask("rename", T.RenameParams(_doc(uri), pos(GAME, needle, 1), new))
                return _apply(GAME, edit.changes[uri])

            assert await rename("next_space =", "target") == GAME.replace("next_space", "target")
            assert await rename("track,", "lane") == GAME.replace("track", "lane")
            assert await rename("laps +=", "rounds") == GAME.replace("laps", "rounds")
            assert await rename("ahead(r) =", "leading") == GAME.replace("ahead", "leading")
            assert await rename("r in runner", "who") == GAME.replace("(r in", "(who in").replace(
                "ahead(r))", "ahead(who))").replace("r.space + east", "who.space + east").replace(
                "move r to", "move who to")

            prepared = await editor.ask("prepare_rename", T.PrepareRenameParams(_doc(uri), pos(GAME, "track,", 2)))
            assert prepared == T.Range(pos(GAME, "track,"), pos(GAME, "track,", 5))
            for needle, new, why in (("mover.laps", "x", "'mover' is part of the language"),
                                     ("laps +=", "bench", "'bench' is already a name of this game"),
                                     ("laps +=", "2laps", "'2laps' is not a name"),
                                     ("laps +=", "move", "'move' is a word of the language")):
                with pytest.raises(Exception, match=why):
                    await editor.ask("rename", T.RenameParams(_doc(uri), pos(GAME, needle, 1), new))
    run(scenario())


def test_rename_across_a_variant_and_its_base(tmp_path):
    folder = _variant_folder(tmp_path)
    variant = (folder / "mudwater-advanced.mire").read_text()
    base = (folder / "mudwater.mire").read_text()

    async def scenario():
        async with Editor(folder) as editor:
            uri = editor.open(folder / "mudwater-advanced.mire")
            await editor.diagnostics(uri)
            edit = await editor.ask("rename", T.RenameParams(_doc(uri), pos(variant, "toward", 1), "facing_number"))
            return edit.changes
    changes = run(scenario())
    base_uri = from_fs_path(str(folder / "mudwater.mire"))
    assert set(changes) == {from_fs_path(str(folder / "mudwater-advanced.mire")), base_uri}
    new_variant = _apply(variant, changes[from_fs_path(str(folder / "mudwater-advanced.mire"))])
    new_base = _apply(base, changes[base_uri])
    assert new_variant == variant.replace("toward(", "facing_number(")
    assert new_base == base.replace("toward(", "facing_number(")  # the word in a comment stays
    (folder / "mudwater.mire").write_text(new_base)
    (folder / "mudwater-advanced.mire").write_text(new_variant)
    from mire.engine import load_game
    assert load_game(str(folder / "mudwater-advanced.mire")).title == "Mudwater: Swamp Origins, Advanced Mode"


def _apply(text: str, edits) -> str:
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert e.range.start.line == e.range.end.line
        line = lines[e.range.start.line]
        lines[e.range.start.line] = line[:e.range.start.character] + e.new_text + line[e.range.end.character:]
    return "\n".join(lines)


# ---------------------------------------------------------------- outline and formatting

def test_outline_and_formatting(tmp_path):
    path = tmp_path / "mosquito.mire"
    source = (GAMES / "mosquito-show.mire").read_text()
    messy = source.replace("def golden_eaten(p) = count(", "def golden_eaten( p )=count(")

    async def scenario():
        async with Editor(tmp_path) as editor:
            uri = editor.open(path, messy)
            await editor.diagnostics(uri)
            symbols = await editor.ask("document_symbol", T.DocumentSymbolParams(_doc(uri)))
            edits = await editor.ask("formatting", T.DocumentFormattingParams(
                _doc(uri), T.FormattingOptions(tab_size=4, insert_spaces=True)))
            return symbols, edits
    symbols, edits = run(scenario())
    outline = [(s.name, s.kind.name, [(c.name, c.kind.name) for c in s.children or []]) for s in symbols]
    assert outline[:4] == [("Mosquito Show", "File", []), ("players", "Property", []), ("jungle", "Struct", []),
                           ("pond", "Struct", [])]
    assert ("token", "Class", [("flower", "Field"), ("colour", "Field")]) in outline
    assert ("colour", "Enum", [(v, "EnumMember") for v in ("golden", "grey", "blue", "red", "white")]) in outline
    assert ("movement", "Namespace", [("when stuck", "Event"), ("chameleon", "Method"), ("toucan", "Method"),
                                      ("lose_turn", "Method")]) in outline
    assert [(n, k) for n, k, _ in outline if k in ("Function", "Constructor", "Variable", "Array")] == [
        ("reserve", "Array"), ("eaten", "Array"), ("pieces animal", "Array"), ("pieces token", "Array"),
        ("forced", "Variable"), ("setup", "Constructor"), ("flip_bare_tops", "Function"),
        ("golden_eaten", "Function"), ("may_move", "Function"), ("chameleon_can_move", "Function"),
        ("hops", "Function"), ("toucan_can_move", "Function"), ("mobile", "Function"), ("feed", "Function"),
        ("mosquito", "Function")]
    [edit] = edits
    assert edit.new_text == format_source(messy) == source
    assert edit.range.start == T.Position(0, 0) and edit.range.end.line >= messy.count("\n")


def test_without_pygls_the_command_says_what_to_install():
    import subprocess
    done = subprocess.run([sys.executable, "-c", "import sys; sys.modules['pygls'] = None\n"
                           "from mire.cli.main import main; main()", "lsp"],
                          capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("mire lsp needs pygls (") and done.stderr.endswith("pip install 'mire[lsp]'\n")
