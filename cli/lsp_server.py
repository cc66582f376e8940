"""`mire lsp`: the Mire language server over stdio (pygls).

This module only speaks the protocol: every question about a rules file is answered by `lsp_analysis`, from
the text the editor holds (saved or not). Positions are turned from the protocol's lines and units (lines end
at \n, \r\n and \r only; characters in UTF-16 units by default) to Mire's lines and columns and back here, with
`lsp_positions`.
"""
from __future__ import annotations

import asyncio
import atexit
import functools
import json
import logging
import os
import re
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from typing import Optional

from lsprotocol import types as T
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdinAsyncReader, StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument

from .. import __version__
from ..grammar.diagnostics import MireError, parser_lines
from ..grammar.formatter import FormatError, format_source
from ..grammar.limits import MAX_FILE_BYTES
from .lsp_analysis import DocumentIndex, Place, Problem, RenameRefused, index_document, too_large
from .lsp_positions import Positions, characters, encoding_name, protocol_lines

# how long the server waits after a change before it checks the file again (typing goes on meanwhile)
SETTLE_SECONDS = 0.2
# characters the changes of one didChange may walk over (each change costs the length of the lines it touches):
# past it the server stops following the document until the editor sends it whole again
MAX_CHANGE_WORK = 20_000_000
# bytes of one message: a whole rules file at its largest (MAX_FILE_BYTES) written as JSON, where a character
# may take up to 6 bytes (\\u0001), and the message around it; a larger one is skipped unread, in pieces
MAX_MESSAGE_BYTES = 8 * MAX_FILE_BYTES
# bytes of one header line (`Content-Length: 123`): a line without its end is read no further
MAX_HEADER_BYTES = 1000
_SKIP_CHUNK = 1 << 20

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


class _InternalError(JsonRpcException):
    CODE = -32603  # as pygls' own, without the Python traceback it adds: the editor shows the message to the author
    MESSAGE = "Internal error"


class _InvalidParams(JsonRpcException):
    CODE = -32602
    MESSAGE = "Invalid params"


class _Answered:
    """What a request that was refused before it reached a handler becomes: already answered, nothing to do."""
    jsonrpc = None


# JSON-RPC 2.0's errors for a message that cannot be read
PARSE_ERROR = -32700  # not JSON
INVALID_REQUEST = -32600  # JSON, but not a request, a notification or a response
# a message's header, as pygls reads it
# (a header's name is read regardless of case, and spaces around its value: `content-length: 12 ` keeps the
# stream in step, where it put every later message out of step)
_CONTENT_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*(\d+)[ \t]*\r?\n$", re.IGNORECASE)
_log = logging.getLogger(__name__)


class _MireProtocol(LanguageServerProtocol):
    """pygls' protocol, where every request gets a reply and a change costs what it touches."""

    def receive(self, body: bytes) -> None:
        """One message as it came from the editor. One that cannot be read gets JSON-RPC 2.0's error: Parse error
        when it is not JSON, Invalid Request when it is not a message of the protocol, with its id when it has
        one that can be answered, else with a null id. (pygls' loop only logged them: a client waiting for the
        reply to such a request waited forever.) The server goes on with the next message either way."""
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested too deep to be read
            self.send_error(None, PARSE_ERROR, "the message is not JSON text")
            return
        problem = _not_a_message(data)
        if problem is None and "id" in data and "method" in data:
            problem = self._not_a_request_now(data["method"])
        if problem is None and self.shut_down and data.get("method") not in (None, "exit"):
            return  # (a notification after shutdown: only exit is read)
        if problem is not None:
            rid = data.get("id") if isinstance(data, dict) and _answerable(data.get("id")) else None
            self.send_error(rid, INVALID_REQUEST, f"the message is not a JSON-RPC 2.0 message: {problem}")
            return
        try:
            self.handle_message(self.structure_message(data))
        except Exception:  # noqa: BLE001 - as pygls' loop: logged (in one line, see run), and the next message read
            _log.exception("mire lsp could not handle a message")
        if data.get("method") == "shutdown" and "id" in data:
            self.shut_down = True  # (answered as pygls answers it; whatever request follows is refused)

    shut_down = False  # a shutdown request was answered: only exit is read now

    def _not_a_request_now(self, method: str) -> Optional[str]:
        """Why a message with an id and this method is no request to answer now, or None: a notification of the
        protocol sent with an id, and any request but exit once the server is shut down, get Invalid Request."""
        if self.shut_down:
            return f"the server is shut down: only exit is read now, not {method[:100]}"
        types = T.METHOD_TO_TYPES.get(method)
        if types is not None and types[1] is None:
            return f"{method[:100]} is a notification, which has no id"
        return None

    def send_error(self, rid, code: int, message: str) -> None:
        """An error reply; `rid` None gives `"id": null` (which the protocol's types would leave out)."""
        self._send_data({"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}})

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException:
            # a request whose parameters do not fit (a negative position, a line of 2**31): pygls only logs it,
            # and the editor would wait for the answer forever
            if "id" in data and "method" in data and isinstance(data["id"], (int, str)):
                method = str(data["method"])[:100]
                error = _InvalidParams(f"the parameters of {method} are not valid").to_response_error()
                self._send_response(data["id"], error=error)
                return _Answered()
            raise

    def handle_message(self, message):
        if not isinstance(message, _Answered):
            super().handle_message(message)

    @lsp_method(T.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: T.DidChangeTextDocumentParams):
        """The changes applied in one pass over the document's lines: pygls rebuilds the whole text for each
        change, so thousands of changes in one notification took seconds."""
        server = self._server
        assert isinstance(server, MireServer)
        server.apply_changes(params.text_document, params.content_changes)
        if (user_handler := self.fm.features.get(T.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield user_handler, (params,), None


def _answerable(rid) -> bool:
    """Whether a message's id can be answered: the protocol's ids are integers and strings."""
    return isinstance(rid, (int, str)) and not isinstance(rid, bool)


def _not_a_message(data) -> Optional[str]:
    """What makes `data` (read from JSON) no message of JSON-RPC 2.0 as the Language Server Protocol uses it:
    a request, a notification or a response to one of the server's requests. None when it is one."""
    if isinstance(data, list):
        return "a batch (a JSON array) is not used by the Language Server Protocol"
    if not isinstance(data, dict):
        return "a message is a JSON object"
    if data.get("jsonrpc") != "2.0":
        return 'a message has "jsonrpc": "2.0"'
    if "id" in data and not _answerable(data["id"]):
        return "an id is an integer or a string"
    if "method" in data:
        if not isinstance(data["method"], str):
            return "a method is a string"
        if data.get("params") is not None and not isinstance(data["params"], (dict, list)):
            return "params are an object or an array"
        return None
    if "id" in data and ("result" in data or "error" in data):
        return None  # a response (one that does not fit is logged: a response is not answered)
    return "a request or a notification has a method, a response a result or an error"


class MireServer(LanguageServer):
    def __init__(self):
        super().__init__("mire", __version__, protocol_cls=_MireProtocol)
        self.analyses: dict = {}  # uri -> (version, DocumentIndex)
        self.last_parsed: dict = {}  # uri -> the newest DocumentIndex of a version that parsed
        self.pending: dict = {}  # uri -> the task that will publish its diagnostics
        # uris whose changes the server stopped following -> why: too many at once (MAX_CHANGE_WORK), or a text
        # grown past a rules file's size (MAX_FILE_BYTES), whose text is then dropped
        self.unfollowed: dict = {}
        self.explanations: dict = {}  # code -> the uri of its file
        self.explanation_folder: Optional[str] = None
        self.kept_positions: list = []  # the Positions of the last few texts placed in

    # ------------------------------------------------------------ messages
    def start_io(self, stdin=None, stdout=None):
        """Serve the editor over standard input and output, as pygls does, with a loop of our own that hands each
        message to `_MireProtocol.receive` as it came, not read yet: pygls' loop answered nothing to a message it
        could not read."""
        self._stop_event = threading.Event()
        reader = StdinAsyncReader(stdin or sys.stdin.buffer, self.thread_pool)
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        try:
            asyncio.run(self._serve(reader))
        except BrokenPipeError:
            _log.error("the connection to the editor is lost: stopping")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    async def _serve(self, reader: StdinAsyncReader) -> None:
        """Each message: headers (of which `Content-Length` counts), a blank line, the body (as pygls reads them)."""
        protocol = self.protocol
        assert isinstance(protocol, _MireProtocol) and self._stop_event is not None
        length: Optional[int] = None
        loop = asyncio.get_running_loop()
        stdin = reader.stdin
        while not self._stop_event.is_set():
            # (pygls reads a header line without end and any body it is told of, all at once, into memory)
            header = await loop.run_in_executor(reader.executor, stdin.readline, MAX_HEADER_BYTES)
            if not header:
                break
            if length is None:
                match = _CONTENT_LENGTH.fullmatch(header)
                if match and len(match.group(1)) <= 12:
                    length = int(match.group(1))
            if length is not None and not header.strip():
                if length > MAX_MESSAGE_BYTES:
                    if not await self._skip(loop, reader, length):
                        break
                    length = None
                    protocol.send_error(None, INVALID_REQUEST, f"the message is over {MAX_MESSAGE_BYTES:,} bytes: "
                                                               "it was not read")
                    continue
                body = await reader.readexactly(length) if length else b""  # (an empty body is no JSON either)
                if len(body) < length:  # the input ended
                    break
                length = None
                protocol.receive(body)

    @staticmethod
    async def _skip(loop, reader: StdinAsyncReader, length: int) -> bool:
        """Read past `length` bytes a piece at a time; False when the input ends first."""
        while length > 0:
            piece = await loop.run_in_executor(reader.executor, reader.stdin.read, min(length, _SKIP_CHUNK))
            if not piece:
                return False
            length -= len(piece)
        return True

    # ------------------------------------------------------------ documents
    def document(self, uri: str) -> Optional[TextDocument]:
        """A document the editor has open, with its text as the editor holds it; None for any other uri.
        (pygls would read any other uri from disk: a device, a pipe, any file of the machine.)"""
        return self.workspace.text_documents.get(uri)

    def text_of(self, path: str) -> Optional[str]:
        """The text of a file as the editor has it, when it is open."""
        uri = from_fs_path(str(Path(path).resolve()))
        doc = self.document(uri) if uri else None
        return doc.source if doc is not None else None

    def analysis(self, doc: TextDocument) -> DocumentIndex:
        uri = doc.uri
        if uri in self.unfollowed:
            return _unfollowed(uri, self.unfollowed[uri])
        cached = self.analyses.get(uri)
        if cached is not None and cached[0] == doc.version and cached[1].source == doc.source:
            return cached[1]
        result = index_document(doc.source, _path(uri), self.text_of)
        self.analyses[uri] = (doc.version, result)
        if result.parsed:
            self.last_parsed[uri] = result
        return result

    def apply_changes(self, document: T.VersionedTextDocumentIdentifier, changes) -> None:
        uri = document.uri
        doc = self.document(uri)
        if doc is None:
            return
        lines = protocol_lines(doc.source)  # each with its line end, as the protocol splits them
        encoding = self.encoding()
        work = 0
        for change in changes:
            if isinstance(change, T.TextDocumentContentChangeWholeDocument):
                lines = protocol_lines(change.text)
                self.unfollowed.pop(uri, None)
                continue
            if uri in self.unfollowed:
                continue
            if not lines:
                lines = [""]
            start = _in_lines(lines, change.range.start, encoding)
            end = _in_lines(lines, change.range.end, encoding)
            if end < start:
                start, end = end, start
            first, last = lines[start[0]], lines[end[0]]
            work += len(first) + len(last) + len(change.text)
            if work > MAX_CHANGE_WORK:
                self.unfollowed[uri] = _TOO_MANY_CHANGES
                continue
            new = protocol_lines(first[:start[1]] + change.text + last[end[1]:])
            lines[start[0]:end[0] + 1] = new
            # a `\r` that now ends the line before a `\n`: one line end of the two (both sides of the change)
            for at in (start[0] + len(new), start[0]):
                if 0 < at < len(lines) and lines[at] == "\n" and lines[at - 1].endswith("\r"):
                    lines[at - 1:at + 1] = [lines[at - 1] + "\n"]
        text = "".join(lines)
        if len(text) > MAX_FILE_BYTES:  # (grown by many changes, each small: no longer kept, so memory stays bounded)
            self.unfollowed[uri] = _TOO_LARGE_NOW
            text = ""
        self.workspace.put_text_document(T.TextDocumentItem(uri, doc.language_id or "mire", document.version, text))

    # ------------------------------------------------------------ positions
    def placer(self, analysis: DocumentIndex) -> "_Placer":
        return _Placer(self, analysis)

    def encoding(self) -> str:
        """The unit of the characters of a position, as the client and the server agreed."""
        return encoding_name(self.workspace.position_codec.encoding)

    def positions(self, text: str) -> Positions:
        """The places of a text (kept for the last few texts: a request places in one or two)."""
        encoding = self.encoding()
        for kept in self.kept_positions:
            if kept.text is text and kept.encoding == encoding:
                return kept
        made = Positions(text, encoding)
        self.kept_positions = [made] + self.kept_positions[:3]
        return made

    def from_position(self, doc: TextDocument, position: T.Position) -> tuple:
        """Mire's (line, column) of a position in a document (see lsp_positions); a position past the text is
        taken as its end."""
        return self.positions(doc.source).from_client(position.line, position.character)

    def at(self, params) -> Optional[tuple]:
        """(the analysis of the document a request names, Mire's line, column of its position), or None when the
        editor has not opened that document."""
        doc = self.document(params.text_document.uri)
        if doc is None:
            return None
        return (self.analysis(doc), *self.from_position(doc, params.position))

    # ------------------------------------------------------------ diagnostics
    def publish(self, uri: str):
        doc = self.document(uri)
        if doc is None:  # a save, say, of a file the editor never opened: nothing of it is read
            return
        analysis = self.analysis(doc)
        placer = self.placer(analysis)
        out = []
        for p in analysis.problems:
            message = p.message + (f"\nhint: {p.hint}" if p.hint else "")
            related = [T.DiagnosticRelatedInformation(placer.location(place), text) for place, text in p.related]
            href = self.explanation_uri(p.code, p.explanation) if p.explanation else None
            out.append(T.Diagnostic(
                range=placer.range(p.place), message=message, source="mire", code=p.code,
                severity=T.DiagnosticSeverity.Warning if p.severity == "warning" else T.DiagnosticSeverity.Error,
                code_description=T.CodeDescription(href=href) if href else None,
                data={"hint": p.hint, "explanation": p.explanation},
                related_information=related or None))
        self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri, out, doc.version))

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

    def explanation_uri(self, code: str, text: str) -> Optional[str]:
        """A file holding `mire explain CODE`, for the editor to open from the diagnostic's code.

        The files live in a folder of this server's own (mode 0700, made by mkdtemp, which never follows a link),
        each written once with O_EXCL | O_NOFOLLOW: a shared, predictable folder let another user of the machine
        put a link there and have the server write through it."""
        if code in self.explanations:
            return self.explanations[code]
        uri = None
        if re.fullmatch(r"[A-Za-z0-9_-]{1,20}", code):
            try:
                if self.explanation_folder is None:
                    self.explanation_folder = tempfile.mkdtemp(prefix="mire-explain-")
                    atexit.register(shutil.rmtree, self.explanation_folder, True)
                path = os.path.join(self.explanation_folder, f"{code}.txt")
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                uri = from_fs_path(path)
            except OSError:
                uri = None
        self.explanations[code] = uri
        return uri


class _Placer:
    """Places of an analysis as the protocol's ranges and locations, in the client's units. The text of another
    file comes from the editor or from the analysis (a base game it read): the server reads no file for it."""

    def __init__(self, server: MireServer, analysis: DocumentIndex):
        self.server, self.analysis = server, analysis
        self.texts: dict = {}

    def positions_of(self, path: str) -> Optional[Positions]:
        if path not in self.texts:
            text = self.server.text_of(path)
            if text is None:
                text = self.analysis.source_of(path)
            self.texts[path] = self.server.positions(text) if text is not None else None
        return self.texts[path]

    def position(self, positions: Optional[Positions], line: int, column: int) -> T.Position:
        if positions is None:  # a file not known here: lines and characters as they are
            return T.Position(max(0, line - 1), max(0, column - 1))
        return T.Position(*positions.to_client(line, column))

    def range(self, place: Place) -> T.Range:
        positions = self.positions_of(place.path)
        return T.Range(self.position(positions, place.line, place.column),
                       self.position(positions, place.end_line, place.end_column))

    def location(self, place: Place) -> T.Location:
        return T.Location(from_fs_path(place.path), self.range(place))


def _in_lines(lines: list, position: T.Position, encoding: str) -> tuple:
    """A position as (line, character in characters) among `lines` (each with its line end, at least one): a
    character past the line's text is its end, a line past the last is the end of the text."""
    if position.line >= len(lines):
        return len(lines) - 1, len(lines[-1])
    line = lines[position.line]
    text = line[:-2] if line.endswith("\r\n") else line[:-1] if line.endswith(("\r", "\n")) else line
    return position.line, characters(text, position.character, encoding)


_TOO_MANY_CHANGES = "the editor sent too many changes at once"
_TOO_LARGE_NOW = f"it grew larger than a rules file may be ({MAX_FILE_BYTES:,} bytes)"


def _unfollowed(uri: str, why: str) -> DocumentIndex:
    """What the server says of a document whose changes it stopped following (MAX_CHANGE_WORK, MAX_FILE_BYTES)."""
    from ..grammar import codes
    path = str(Path(_path(uri)).resolve())
    return DocumentIndex(path, "", [Problem("E092", f"mire lsp stopped following this file: {why}; close the file and "
                                               "open it again", None, "error", Place(path, 1, 1, 1, 1),
                                       codes.explain("E092"))])


def _path(uri: str) -> str:
    path = to_fs_path(uri)
    return path if path else str(Path.cwd() / "untitled.mire")


server = MireServer()


def _request(method: str, options=None):
    """A request's handler, registered so that whatever goes wrong in it is answered in one line: pygls would
    put the Python traceback in the reply, for the editor to show."""
    def register(handler):
        @functools.wraps(handler)
        def answer(ls: MireServer, params):
            try:
                return handler(ls, params)
            except JsonRpcException:
                raise
            except Exception as err:  # noqa: BLE001 - a bug of ours (or a RecursionError, a MemoryError)
                words = (str(err).splitlines() or [""])[0][:200]
                raise _InternalError(f"mire lsp could not answer: {type(err).__name__}"
                                     + (f": {words}" if words else "")) from None
        return server.feature(method, options)(answer) if options is not None else server.feature(method)(answer)
    return register


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: MireServer, params: T.DidOpenTextDocumentParams):
    ls.unfollowed.pop(params.text_document.uri, None)
    ls.publish(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
async def did_change(ls: MireServer, params: T.DidChangeTextDocumentParams):
    if ls.document(params.text_document.uri) is not None:
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
    ls.unfollowed.pop(uri, None)
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri, []))


# Every request below answers only about a document the editor has open: about any other uri it answers
# empty (null, [] or no completions), and reads nothing.

@_request(T.TEXT_DOCUMENT_HOVER)
def hover(ls: MireServer, params: T.HoverParams) -> Optional[T.Hover]:
    found = ls.at(params)
    if found is None:
        return None
    analysis, line, column = found
    text = analysis.hover(line, column)
    if text is None:
        return None
    occ = analysis.occurrence_at(line, column)
    return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, text), ls.placer(analysis).range(occ.place) if occ else None)


@_request(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=["."]))
def completion(ls: MireServer, params: T.CompletionParams) -> T.CompletionList:
    doc = ls.document(params.text_document.uri)
    if doc is None or too_large(doc.source):
        return T.CompletionList(is_incomplete=False, items=[])
    analysis = ls.analysis(doc)
    if not analysis.parsed:  # while a line is half typed: the names of the last version that parsed
        analysis = ls.last_parsed.get(doc.uri, analysis)
    line, column = ls.from_position(doc, params.position)
    lines = parser_lines(doc.source)
    text = lines[line - 1] if line - 1 < len(lines) else ""
    items = [T.CompletionItem(c.label, kind=_COMPLETION_KINDS.get(c.what, T.CompletionItemKind.Text),
                              detail=c.detail or None, insert_text=c.insert,
                              documentation=T.MarkupContent(T.MarkupKind.Markdown, c.doc) if c.doc else None)
             for c in analysis.completions(line, column, text)]
    return T.CompletionList(is_incomplete=False, items=items)


@_request(T.TEXT_DOCUMENT_DEFINITION)
def definition(ls: MireServer, params: T.DefinitionParams) -> list:
    found = ls.at(params)
    if found is None:
        return []
    analysis, line, column = found
    placer = ls.placer(analysis)
    return [placer.location(p) for p in analysis.definition(line, column)]


@_request(T.TEXT_DOCUMENT_REFERENCES)
def references(ls: MireServer, params: T.ReferenceParams) -> list:
    found = ls.at(params)
    if found is None:
        return []
    analysis, line, column = found
    placer = ls.placer(analysis)
    return [placer.location(p) for p in analysis.references(line, column, params.context.include_declaration)]


@_request(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: MireServer, params: T.DocumentSymbolParams) -> list:
    doc = ls.document(params.text_document.uri)
    if doc is None:
        return []
    analysis = ls.analysis(doc)
    if not analysis.parsed:
        return []
    placer = ls.placer(analysis)

    def convert(s):
        return T.DocumentSymbol(name=s.name, kind=_SYMBOL_KINDS.get(s.what, T.SymbolKind.Object),
                                range=placer.range(s.place), selection_range=placer.range(s.name_place),
                                detail=f"{s.what} {s.detail}".strip(), children=[convert(c) for c in s.children])

    return [convert(s) for s in analysis.symbols]


@_request(T.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: MireServer, params: T.DocumentFormattingParams) -> Optional[list]:
    doc = ls.document(params.text_document.uri)
    if doc is None or too_large(doc.source) or doc.uri in ls.unfollowed:
        return None
    try:
        result = format_source(doc.source, _path(doc.uri))
    except (MireError, FormatError):
        return None  # the diagnostics say why
    if result == doc.source:
        return []
    end = T.Position(*ls.positions(doc.source).end())
    return [T.TextEdit(T.Range(T.Position(0, 0), end), result)]


@_request(T.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: MireServer, params: T.PrepareRenameParams):
    found = ls.at(params)
    if found is None:
        return None
    analysis, line, column = found
    try:
        occ = analysis.renamable(line, column)
    except RenameRefused as why:
        raise _RequestFailed(str(why)) from None
    return ls.placer(analysis).range(occ.place)


@_request(T.TEXT_DOCUMENT_RENAME)
def rename(ls: MireServer, params: T.RenameParams) -> Optional[T.WorkspaceEdit]:
    found = ls.at(params)
    if found is None:
        return None
    analysis, line, column = found
    try:
        edits = analysis.rename(line, column, params.new_name)
    except RenameRefused as why:
        raise _RequestFailed(str(why)) from None
    # A rename changes the documents the editor has open and the files in this document's own folder (a
    # variant's base beside it), never a file elsewhere: a bundled game's base lies in the installed package,
    # and editors apply a rename's edits without asking. A name used there is not renamed at all, rather than
    # renamed in the variant only, which would break the game.
    folder = Path(analysis.path).parent
    for path in edits:
        if ls.text_of(path) is None and Path(path).parent != folder:
            raise _RequestFailed(f"this name is also used in {Path(path).name}, which is not in this file's "
                                 "folder (a bundled game), and a rename changes no file there; copy that game "
                                 "beside this file to rename the name in both")
    placer = ls.placer(analysis)
    changes = {from_fs_path(path): [T.TextEdit(placer.range(p), params.new_name) for p in places]
               for path, places in edits.items()}
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
