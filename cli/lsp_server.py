"""`mire lsp`: the Mire language server over stdio (pygls).

This module only speaks the protocol: every question about a rules file is answered by `lsp_analysis`, from
the text the editor holds (saved or not). Positions are turned from the client's units (UTF-16 by default)
to characters and back here.
"""
from __future__ import annotations

import asyncio
import logging
import os
import tempfile
from pathlib import Path
from typing import Optional

from lsprotocol import types as T
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from ..grammar.diagnostics import MireError
from ..grammar.formatter import FormatError, format_source
from .lsp_analysis import Analysis, Place, RenameRefused, analyse

# how long the server waits after a change before it checks the file again (typing goes on meanwhile)
SETTLE_SECONDS = 0.2

_SYMBOL_KINDS = {
    "game": T.SymbolKind.File, "players": T.SymbolKind.Property, "variant": T.SymbolKind.Package,
    "board": T.SymbolKind.Struct, "piece kind": T.SymbolKind.Class, "attribute": T.SymbolKind.Field,
    "zone": T.SymbolKind.Array, "variable": T.SymbolKind.Variable, "constant": T.SymbolKind.Constant,
    "enum": T.SymbolKind.Enum, "enum value": T.SymbolKind.EnumMember, "def": T.SymbolKind.Function,
    "proc": T.SymbolKind.Function, "setup": T.SymbolKind.Constructor, "phase": T.SymbolKind.Namespace,
    "action": T.SymbolKind.Method, "fallback action": T.SymbolKind.Method, "trigger": T.SymbolKind.Event,
    "option": T.SymbolKind.Boolean, "pieces": T.SymbolKind.Array, "input": T.SymbolKind.Interface,
    "show": T.SymbolKind.String, "rank": T.SymbolKind.Operator, "when stuck": T.SymbolKind.Event,
}
_COMPLETION_KINDS = {
    "keyword": T.CompletionItemKind.Keyword, "builtin": T.CompletionItemKind.Constant,
    "function": T.CompletionItemKind.Function, "variable": T.CompletionItemKind.Variable,
    "local": T.CompletionItemKind.Variable, "attribute": T.CompletionItemKind.Field,
    "rule": T.CompletionItemKind.Method,
}


class _RequestFailed(JsonRpcException):
    CODE = -32803  # the protocol's RequestFailed: the request was understood, and cannot be done
    MESSAGE = "Request failed"


class MireServer(LanguageServer):
    def __init__(self):
        super().__init__("mire", __version__)
        self.analyses: dict = {}  # uri -> (version, Analysis)
        self.last_parsed: dict = {}  # uri -> the newest Analysis of a version that parsed
        self.pending: dict = {}  # uri -> the task that will publish its diagnostics

    # ------------------------------------------------------------ documents
    def text_of(self, path: str) -> Optional[str]:
        """The text of a file as the editor has it, when it is open."""
        uri = from_fs_path(str(Path(path).resolve()))
        doc = self.workspace.text_documents.get(uri)
        return doc.source if doc is not None else None

    def analysis(self, uri: str) -> Analysis:
        doc = self.workspace.get_text_document(uri)
        cached = self.analyses.get(uri)
        if cached is not None and cached[0] == doc.version and cached[1].source == doc.source:
            return cached[1]
        result = analyse(doc.source, _path(uri), self.text_of)
        self.analyses[uri] = (doc.version, result)
        if result.parsed:
            self.last_parsed[uri] = result
        return result

    def lines_of(self, path: str) -> list:
        text = self.text_of(path)
        if text is None:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                text = ""
        return text.splitlines() or [""]

    # ------------------------------------------------------------ positions
    def to_range(self, place: Place, lines: Optional[list] = None) -> T.Range:
        lines = lines if lines is not None else self.lines_of(place.path)
        codec = self.workspace.position_codec
        start = codec.position_to_client_units(lines, T.Position(place.line - 1, place.column - 1))
        end = codec.position_to_client_units(lines, T.Position(place.end_line - 1, place.end_column - 1))
        return T.Range(start, end)

    def to_location(self, place: Place) -> T.Location:
        return T.Location(from_fs_path(place.path), self.to_range(place))

    def from_position(self, uri: str, position: T.Position) -> tuple:
        """(line, column) in characters, 1-based."""
        doc = self.workspace.get_text_document(uri)
        p = self.workspace.position_codec.position_from_client_units(doc.lines, position)
        return p.line + 1, p.character + 1

    # ------------------------------------------------------------ diagnostics
    def publish(self, uri: str):
        analysis = self.analysis(uri)
        lines = analysis.source.splitlines() or [""]
        out = []
        for p in analysis.problems:
            message = p.message + (f"\nhint: {p.hint}" if p.hint else "")
            related = [T.DiagnosticRelatedInformation(self.to_location(place), text) for place, text in p.related]
            out.append(T.Diagnostic(
                range=self.to_range(p.place, lines), message=message, source="mire", code=p.code,
                severity=T.DiagnosticSeverity.Warning if p.severity == "warning" else T.DiagnosticSeverity.Error,
                code_description=T.CodeDescription(href=_explanation_uri(p.code, p.explanation))
                if p.explanation else None,
                data={"hint": p.hint, "explanation": p.explanation},
                related_information=related or None))
        version = self.workspace.get_text_document(uri).version
        self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri, out, version))

    def publish_soon(self, uri: str):
        """Publish the diagnostics when the text has stopped changing for a moment."""
        old = self.pending.pop(uri, None)
        if old is not None:
            old.cancel()

        async def later():
            await asyncio.sleep(SETTLE_SECONDS)
            self.pending.pop(uri, None)
            self.publish(uri)

        self.pending[uri] = asyncio.get_running_loop().create_task(later())


def _path(uri: str) -> str:
    path = to_fs_path(uri)
    return path if path else str(Path.cwd() / "untitled.mire")


_EXPLANATIONS = Path(tempfile.gettempdir()) / f"mire-{__version__}-explain"


def _explanation_uri(code: str, text: str) -> str:
    """A file holding `mire explain CODE`, for the editor to open from the diagnostic's code."""
    path = _EXPLANATIONS / f"{code}.txt"
    try:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    except OSError:
        pass
    return from_fs_path(str(path))


server = MireServer()


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: MireServer, params: T.DidOpenTextDocumentParams):
    ls.publish(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
async def did_change(ls: MireServer, params: T.DidChangeTextDocumentParams):
    ls.publish_soon(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: MireServer, params: T.DidSaveTextDocumentParams):
    ls.publish(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: MireServer, params: T.DidCloseTextDocumentParams):
    uri = params.text_document.uri
    task = ls.pending.pop(uri, None)
    if task is not None:
        task.cancel()
    ls.analyses.pop(uri, None)
    ls.last_parsed.pop(uri, None)
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri, []))


@server.feature(T.TEXT_DOCUMENT_HOVER)
def hover(ls: MireServer, params: T.HoverParams) -> Optional[T.Hover]:
    uri = params.text_document.uri
    analysis = ls.analysis(uri)
    line, column = ls.from_position(uri, params.position)
    text = analysis.hover(line, column)
    if text is None:
        return None
    occ = analysis.occurrence_at(line, column)
    return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, text), ls.to_range(occ.place) if occ else None)


@server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=["."]))
def completion(ls: MireServer, params: T.CompletionParams) -> T.CompletionList:
    uri = params.text_document.uri
    analysis = ls.analysis(uri)
    if not analysis.parsed:  # while a line is half typed: the names of the last version that parsed
        analysis = ls.last_parsed.get(uri, analysis)
    doc = ls.workspace.get_text_document(uri)
    line, column = ls.from_position(uri, params.position)
    text = doc.lines[line - 1].rstrip("\r\n") if line - 1 < len(doc.lines) else ""
    items = [T.CompletionItem(c.label, kind=_COMPLETION_KINDS.get(c.what, T.CompletionItemKind.Text),
                              detail=c.detail or None, insert_text=c.insert,
                              documentation=T.MarkupContent(T.MarkupKind.Markdown, c.doc) if c.doc else None)
             for c in analysis.completions(line, column, text)]
    return T.CompletionList(is_incomplete=False, items=items)


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def definition(ls: MireServer, params: T.DefinitionParams) -> list:
    uri = params.text_document.uri
    line, column = ls.from_position(uri, params.position)
    return [ls.to_location(p) for p in ls.analysis(uri).definition(line, column)]


@server.feature(T.TEXT_DOCUMENT_REFERENCES)
def references(ls: MireServer, params: T.ReferenceParams) -> list:
    uri = params.text_document.uri
    line, column = ls.from_position(uri, params.position)
    places = ls.analysis(uri).references(line, column, params.context.include_declaration)
    return [ls.to_location(p) for p in places]


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: MireServer, params: T.DocumentSymbolParams) -> list:
    uri = params.text_document.uri
    analysis = ls.analysis(uri)
    if not analysis.parsed:
        return []
    lines = analysis.source.splitlines() or [""]

    def convert(s):
        return T.DocumentSymbol(name=s.name, kind=_SYMBOL_KINDS.get(s.what, T.SymbolKind.Object),
                                range=ls.to_range(s.place, lines), selection_range=ls.to_range(s.name_place, lines),
                                detail=f"{s.what} {s.detail}".strip(), children=[convert(c) for c in s.children])

    return [convert(s) for s in analysis.symbols]


@server.feature(T.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: MireServer, params: T.DocumentFormattingParams) -> Optional[list]:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    try:
        result = format_source(doc.source, _path(doc.uri))
    except (MireError, FormatError):
        return None  # the diagnostics say why
    if result == doc.source:
        return []
    lines = doc.lines
    end = T.Position(len(lines), 0)
    return [T.TextEdit(T.Range(T.Position(0, 0), end), result)]


@server.feature(T.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: MireServer, params: T.PrepareRenameParams):
    uri = params.text_document.uri
    analysis = ls.analysis(uri)
    line, column = ls.from_position(uri, params.position)
    try:
        occ = analysis.renamable(line, column)
    except RenameRefused as why:
        raise _RequestFailed(str(why)) from None
    return ls.to_range(occ.place)


@server.feature(T.TEXT_DOCUMENT_RENAME)
def rename(ls: MireServer, params: T.RenameParams) -> Optional[T.WorkspaceEdit]:
    uri = params.text_document.uri
    line, column = ls.from_position(uri, params.position)
    try:
        edits = ls.analysis(uri).rename(line, column, params.new_name)
    except RenameRefused as why:
        raise _RequestFailed(str(why)) from None
    changes = {}
    for path, places in edits.items():
        lines = ls.lines_of(path)
        changes[from_fs_path(path)] = [T.TextEdit(ls.to_range(p, lines), params.new_name) for p in places]
    return T.WorkspaceEdit(changes=changes)


class _OneLine(logging.Formatter):
    """A problem in the server's log as one line, without a traceback: editors show this log to the author.
    (MIRE_DEBUG=1 keeps the tracebacks.)"""

    def format(self, record: logging.LogRecord) -> str:
        lines = record.getMessage().splitlines()
        return f"mire lsp: {record.levelname.lower()}: {lines[0] if lines else ''}"


def run() -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("mire lsp: %(levelname)s: %(message)s") if os.environ.get("MIRE_DEBUG")
                         else _OneLine())
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    server.start_io()
