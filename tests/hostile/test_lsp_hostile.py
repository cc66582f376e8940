"""`mire lsp` against a hostile or careless client: uris it never opened, huge documents, bad positions,
links in the temporary folder, floods of changes. Raw JSON-RPC over the server's pipes, so that requests the
protocol's types would refuse to build can be sent."""
from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as T  # noqa: E402
from pygls.uris import from_fs_path, to_fs_path  # noqa: E402

import mire.games  # noqa: E402
from mire.cli import lsp_server  # noqa: E402
from mire.cli.lsp_analysis import index_document  # noqa: E402
from mire.grammar import codes  # noqa: E402
from mire.grammar.limits import MAX_FILE_BYTES  # noqa: E402

SERVER = [sys.executable, "-c", "from mire.cli.main import main; main()", "lsp"]
GAMES = Path(mire.games.__file__).parent
WAIT = 60  # seconds: a guard against a server that never answers, not a measure
TTT = (GAMES / "tic-tac-toe.mire").read_text(encoding="utf-8")


class Client:
    """The server in a subprocess, spoken to in raw JSON-RPC; a thread collects what it says."""

    def __init__(self, root: Path, env: dict = None):
        self.process = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=root, env=env)
        self.messages: queue.Queue = queue.Queue()
        self.notifications: list = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self.process.stderr.read, daemon=True).start()
        self.request("initialize", {"processId": None, "rootUri": from_fs_path(str(root)), "capabilities": {}})
        self.notify("initialized", {})

    def _read(self):
        out = self.process.stdout
        while True:
            length = None
            while True:
                header = out.readline()
                if not header:
                    return
                if header in (b"\r\n", b"\n"):
                    break
                if header.lower().startswith(b"content-length:"):
                    length = int(header.split(b":")[1])
            self.messages.put(json.loads(out.read(length)))

    def send(self, message: dict):
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def send_body(self, body: bytes):
        """A message with any body at all."""
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def reply(self) -> dict:
        """The next reply the server sends (a message without a method), the notifications before it kept."""
        end = time.monotonic() + WAIT
        while True:
            message = self.messages.get(timeout=max(0.01, end - time.monotonic()))
            if "method" not in message:
                return message
            self.notifications.append(message)

    def notify(self, method: str, params):
        self.send({"method": method, "params": params})

    def request(self, method: str, params) -> dict:
        """The whole reply: {"result": ...} or {"error": ...}."""
        self.next_id += 1
        rid = self.next_id
        self.send({"id": rid, "method": method, "params": params})
        end = time.monotonic() + WAIT
        while True:
            message = self.messages.get(timeout=max(0.01, end - time.monotonic()))
            if message.get("id") == rid and "method" not in message:
                return message
            self.notifications.append(message)

    def diagnostics(self, uri: str) -> list:
        """Every publishDiagnostics for `uri` the server has sent so far (a request first, so that they have
        all arrived: the server answers in order)."""
        self.request("textDocument/hover", {"textDocument": {"uri": "untitled:nothing"},
                                            "position": {"line": 0, "character": 0}})
        while not self.messages.empty():
            self.notifications.append(self.messages.get())
        return [m["params"] for m in self.notifications
                if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]

    def diagnostics_of_version(self, uri: str, version: int) -> list:
        """The diagnostics published for that version of the document (they come a moment after a change)."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            for params in self.diagnostics(uri):
                if params.get("version") == version:
                    return params["diagnostics"]
            time.sleep(0.05)
        raise AssertionError(f"no diagnostics for version {version} of {uri}")

    def open(self, path: Path, text: str) -> str:
        uri = from_fs_path(str(path))
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mire", "version": 1,
                                                              "text": text}})
        return uri

    def close(self):
        if self.process.poll() is not None:  # (a test that ended it already)
            return
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.process.wait(WAIT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def client(tmp_path):
    c = Client(tmp_path)
    yield c
    c.close()


def _at(line: int, character: int) -> dict:
    return {"line": line, "character": character}


# ---------------------------------------------------------------- only the documents the editor opened

def test_a_file_never_opened_is_never_read(client, tmp_path):
    secret = tmp_path / "secret.mire"
    secret.write_text("the secret words of another file\n")
    on_disk = tmp_path / "game.mire"
    on_disk.write_text(TTT)
    secret_uri, game_uri = from_fs_path(str(secret)), from_fs_path(str(on_disk))

    client.notify("textDocument/didSave", {"textDocument": {"uri": secret_uri}})
    assert client.diagnostics(secret_uri) == []
    for uri in (secret_uri, game_uri, "file:///nonexistent/folder/x.mire"):
        doc = {"uri": uri}
        assert client.request("textDocument/documentSymbol", {"textDocument": doc}) == {
            "jsonrpc": "2.0", "id": client.next_id, "result": []}
        assert client.request("textDocument/hover", {"textDocument": doc, "position": _at(2, 7)})["result"] is None
        assert client.request("textDocument/completion", {"textDocument": doc, "position": _at(0, 0)})[
            "result"] == {"isIncomplete": False, "items": []}
        assert client.request("textDocument/definition", {"textDocument": doc, "position": _at(2, 7)})[
            "result"] == []
        assert client.request("textDocument/formatting", {"textDocument": doc, "options": {
            "tabSize": 4, "insertSpaces": True}})["result"] is None
        assert client.request("textDocument/rename", {"textDocument": doc, "position": _at(2, 7),
                                                      "newName": "z"})["result"] is None
    # once opened, the same file is answered from the text the editor sent, not from the disk
    client.open(on_disk, TTT.replace("cells", "squares"))
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": game_uri}})["result"]
    assert "squares" in [s["name"] for s in symbols] and "cells" not in [s["name"] for s in symbols]


def test_a_pipe_or_a_device_does_not_stop_the_server(client, tmp_path):
    fifo = tmp_path / "fifo.mire"
    os.mkfifo(fifo)
    for uri in (from_fs_path(str(fifo)), "file:///dev/zero"):
        reply = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(0, 0)})
        assert reply["result"] is None
    client.notify("textDocument/didSave", {"textDocument": {"uri": from_fs_path(str(fifo))}})
    uri = client.open(tmp_path / "ttt.mire", TTT)
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})["result"]


# ---------------------------------------------------------------- a document too large

def test_a_document_over_the_size_of_a_rules_file_is_refused_unread(client, tmp_path):
    big = TTT + "# padding\n" * (MAX_FILE_BYTES // 10)
    uri = client.open(tmp_path / "big.mire", big)
    [published] = client.diagnostics(uri)
    [d] = published["diagnostics"]
    assert (d["code"], d["message"], d["range"]) == (
        "E091", "cannot read the file: it is larger than 1,000,000 bytes",
        {"start": _at(0, 0), "end": _at(0, 0)})
    assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"] == []
    assert client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {
        "tabSize": 4, "insertSpaces": True}})["result"] is None


def test_the_size_counts_bytes_as_on_disk():
    padding = "# " + "é" * (MAX_FILE_BYTES // 2) + "\n"  # fewer characters than the limit, more bytes
    [problem] = index_document(TTT + padding, "/nowhere/big.mire").problems
    assert (problem.code, problem.place.line, problem.message) == (
        "E091", 1, "cannot read the file: it is larger than 1,000,000 bytes")
    assert index_document(TTT + "# " + "e" * 1000 + "\n", "/nowhere/small.mire").problems == []


# ---------------------------------------------------------------- completion on a long line

def test_completion_on_a_long_chain_of_dots_answers(client, tmp_path):
    line = "# " + "a." * 100_000 + "!"  # the old search backtracked over it: minutes, the server frozen
    text = TTT + line + "\n"
    uri = client.open(tmp_path / "long.mire", text)
    reply = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                       "position": _at(text.count("\n") - 1, len(line))})
    labels = {item["label"] for item in reply["result"]["items"]}
    assert {"cells", "mover", "if"} <= labels


# ---------------------------------------------------------------- explanation files

def test_explanations_go_to_a_private_folder_and_never_through_a_link(tmp_path):
    shared = tmp_path / "shared"
    (shared / "mire-0.1.0-explain").mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    for code in ("E002", "E013"):
        (shared / "mire-0.1.0-explain" / f"{code}.txt").symlink_to(victim)
    c = Client(tmp_path, env={**os.environ, "TMPDIR": str(shared)})
    try:
        uri = c.open(tmp_path / "broken.mire", 'game "x"\nplayers 2\nboard b: grid 3 x\n')
        [published] = c.diagnostics(uri)
        [d] = published["diagnostics"]
        explanation = Path(to_fs_path(d["codeDescription"]["href"]))
        assert explanation.read_text() == codes.explain("E002") == d["data"]["explanation"]
        assert explanation.parent.parent == shared and explanation.parent.name.startswith("mire-explain-")
        assert explanation.parent.stat().st_mode & 0o777 == 0o700
        assert not explanation.is_symlink()
    finally:
        c.close()
    assert victim.read_text() == "precious\n"
    assert not explanation.parent.exists()  # the server took its folder away as it stopped


# ---------------------------------------------------------------- every request gets a reply

@pytest.mark.parametrize("position", [_at(-1, -1), _at(2**31, 0), _at(0, 2**31), {"line": 1.5, "character": "x"}],
                         ids=["negative", "line 2**31", "character 2**31", "not numbers"])
def test_a_request_with_a_bad_position_gets_an_error_reply(client, tmp_path, position):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    for method in ("hover", "completion", "definition", "prepareRename"):
        reply = client.request(f"textDocument/{method}", {"textDocument": {"uri": uri}, "position": position})
        assert reply["error"] == {"code": -32602, "message": f"the parameters of textDocument/{method} are not valid"}
    # and the server goes on
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})["result"]


NOT_JSON = "the message is not JSON text"
NOT_A_MESSAGE = "the message is not a JSON-RPC 2.0 message: "


@pytest.mark.parametrize("body", [b"{", b'{"jsonrpc": "2.0", "id": 1, "method": "shutdown"', b"not json", b"",
                                  b'{"jsonrpc": "2.0", "id": 1, "method": "\xff"}', b"[" * 100_000 + b"]" * 100_000],
                         ids=["open brace", "cut short", "words", "empty", "not UTF-8", "nested too deep"])
def test_a_message_that_is_not_json_gets_a_parse_error(client, tmp_path, body):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    client.send_body(body)
    assert client.reply() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": NOT_JSON}}
    # and the server goes on
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})["result"]


def test_a_message_over_the_size_limit_is_skipped_unread_and_answered(client, tmp_path):
    """A Content-Length of a terabyte was allocated at once (pygls reads a body whole); a message over the limit
    is now read past in pieces, answered with an error, and the next message is served."""
    uri = client.open(tmp_path / "ttt.mire", TTT)
    over = lsp_server.MAX_MESSAGE_BYTES + 1
    client.process.stdin.write(b"Content-Length: %d\r\n\r\n" % over + b" " * over)
    client.process.stdin.flush()
    assert client.reply() == {"jsonrpc": "2.0", "id": None, "error": {
        "code": -32600, "message": "the message is over 8,000,000 bytes: it was not read"}}
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})["result"]


def test_a_header_line_without_its_end_is_read_a_piece_at_a_time(client, tmp_path):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    client.process.stdin.write(b"X-Padding: " + b"x" * 5_000_000 + b"\r\n")
    client.process.stdin.flush()
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})["result"]


@pytest.mark.parametrize("message, rid, problem", [
    ({"jsonrpc": "2.0", "id": 7, "method": 5}, 7, "a method is a string"),
    ({"jsonrpc": "2.0", "id": "seven", "method": "textDocument/hover", "params": "bar"}, "seven",
     "params are an object or an array"),
    ({"jsonrpc": "1.0", "id": 8, "method": "textDocument/hover", "params": {}}, 8, 'a message has "jsonrpc": "2.0"'),
    ({"id": 9, "method": "textDocument/hover", "params": {}}, 9, 'a message has "jsonrpc": "2.0"'),
    ({"jsonrpc": "2.0", "id": 10, "params": {}}, 10,
     "a request or a notification has a method, a response a result or an error"),
    ({"jsonrpc": "2.0", "method": 1, "params": "bar"}, None, "a method is a string"),
    ({"jsonrpc": "2.0", "id": {"a": 1}, "method": "textDocument/hover"}, None, "an id is an integer or a string"),
    ({"jsonrpc": "2.0", "id": True, "method": "textDocument/hover"}, None, "an id is an integer or a string"),
    ({"jsonrpc": "2.0", "id": 1.5, "method": "textDocument/hover"}, None, "an id is an integer or a string"),
    ([], None, "a batch (a JSON array) is not used by the Language Server Protocol"),
    ([{"jsonrpc": "2.0", "id": 11, "method": "shutdown"}], None,
     "a batch (a JSON array) is not used by the Language Server Protocol"),
    (42, None, "a message is a JSON object"),
    ("hello", None, "a message is a JSON object"),
    (None, None, "a message is a JSON object"),
], ids=["method a number", "params a string", "jsonrpc 1.0", "no jsonrpc", "no method", "notification",
        "id an object", "id true", "id 1.5", "empty batch", "batch", "number", "string", "null"])
def test_a_message_that_is_not_json_rpc_gets_an_invalid_request_error(client, tmp_path, message, rid, problem):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    client.send_body(json.dumps(message).encode())
    error = {"code": -32600, "message": NOT_A_MESSAGE + problem}
    assert client.reply() == {"jsonrpc": "2.0", "id": rid, "error": error}
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})["result"]


def test_a_response_and_a_notification_that_do_not_fit_get_no_reply(client, tmp_path):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    client.send({"id": 99, "result": None})  # a response to a request the server never made
    client.send({"id": 98, "error": "not an error object"})
    client.notify("textDocument/didSave", {"textDocument": 5})
    client.notify("no/such/method", {})
    # the next reply is that of the next request: none came for those
    reply = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})
    assert reply["result"]["contents"]["value"].startswith("(board)")
    assert [m for m in client.notifications if "method" not in m] == []


def test_a_position_past_the_text_answers_empty(client, tmp_path):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    for position in (_at(10**9, 0), _at(0, 10**9), _at(10**9, 10**9)):
        doc = {"textDocument": {"uri": uri}, "position": position}
        assert client.request("textDocument/hover", doc)["result"] is None
        assert client.request("textDocument/definition", doc)["result"] == []
        assert client.request("textDocument/references", {**doc, "context": {"includeDeclaration": True}})[
            "result"] == []


def test_an_error_in_a_handler_is_answered_in_one_line_without_a_traceback(monkeypatch):
    class Doc:
        uri, version, source, lines = "file:///x.mire", 1, TTT, TTT.splitlines(True)

    class Broken(lsp_server.MireServer):
        def document(self, uri):
            return Doc()

        def analysis(self, doc):
            raise RecursionError("maximum recursion depth exceeded\nwhile calling a Python object")

    params = T.HoverParams(T.TextDocumentIdentifier(Doc.uri), T.Position(0, 0))
    with pytest.raises(lsp_server.JsonRpcException) as raised:
        lsp_server.hover(Broken(), params)
    error = raised.value.to_response_error()
    assert (error.code, error.message, error.data) == (
        -32603, "mire lsp could not answer: RecursionError: maximum recursion depth exceeded", None)


# ---------------------------------------------------------------- rename stays in the game's folder

def test_rename_never_edits_a_bundled_game(client, tmp_path):
    variant = 'variant of tic-tac-toe\ngame "V"\n\nreplace action place(c in cells where empty(c)):\n' \
              '    place mark for mover at c\n'
    uri = client.open(tmp_path / "v.mire", variant)
    reply = client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": _at(3, 27),
                                                   "newName": "squares"})
    assert reply["error"] == {"code": -32803, "message": (
        "this name is also used in tic-tac-toe.mire, which is not in this file's folder (a bundled game), and a "
        "rename changes no file there; copy that game beside this file to rename the name in both")}
    # a name of the variant alone is renamed as ever
    reply = client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": _at(3, 21),
                                                   "newName": "d"})
    assert set(reply["result"]["changes"]) == {uri}
    # with the base beside it, the rename edits both
    shutil.copy(GAMES / "tic-tac-toe.mire", tmp_path / "tic-tac-toe.mire")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": variant}]})
    reply = client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": _at(3, 27),
                                                   "newName": "squares"})
    assert set(reply["result"]["changes"]) == {uri, from_fs_path(str(tmp_path / "tic-tac-toe.mire"))}


# ---------------------------------------------------------------- many changes at once

def _insert(line: int, character: int, text: str, end: tuple = None) -> dict:
    end_line, end_character = end or (line, character)
    return {"range": {"start": _at(line, character), "end": _at(end_line, end_character)}, "text": text}


def test_many_incremental_changes_in_one_notification(client, tmp_path):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    changes = [_insert(0, 0, "# x\n")] * 5000 + [
        _insert(5000 + 2, 6, "squares", (5000 + 2, 11)),  # `board cells` -> `board squares`
        _insert(10**6, 0, "# the end\n"),  # past the text: at its end
        _insert(1, 0, "", (0, 0)),  # reversed: the range between the two
    ]
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes})
    expected = "# x\n" * 4999 + TTT.replace("board cells", "board squares", 1) + "# the end\n"
    reply = client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {
        "tabSize": 4, "insertSpaces": True}})
    assert reply["result"] is not None  # the text parses: the changes landed where they were meant to
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
    [board] = [s for s in symbols if s["detail"].startswith("board")]
    assert (board["name"], board["range"]["start"]["line"]) == (
        "squares", expected[:expected.index("board squares")].count("\n"))
    assert symbols[0]["range"]["start"]["line"] == 4999  # the first line of the game, after the comments


def test_too_many_changes_to_follow_stop_the_analysis_until_the_text_comes_whole(client, tmp_path):
    long_line = "# " + "x" * 200_000 + "\n"
    uri = client.open(tmp_path / "ttt.mire", long_line + TTT)
    changes = [_insert(0, 5, "y")] * 200  # each walks the long line: 40 million characters
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes})
    [d] = client.diagnostics_of_version(uri, 2)
    assert (d["code"], d["message"]) == ("E092", "mire lsp stopped following this file: the editor sent too many "
                                                 "changes at once; close the file and open it again")
    assert d["data"]["explanation"] == codes.explain("E092")
    assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"] == []
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [{"text": TTT}]})
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
    assert symbols[0]["name"] == "Tic-tac-toe"


# ---------------------------------------------------------------- line ends: the protocol's, not str.splitlines'

# line 5 holds, in a comment, every character str.splitlines ends a line at but the protocol does not; line 7 an
# emoji (two UTF-16 units) before an unknown name
ODD_BREAKS = "# a\u2028b, \x0c\x0b\x1c\x1d\x1e\x85\u2029 all in one comment"
ODD = (TTT.split("\n\n")[0] + "\n" + ODD_BREAKS + "\n\naction place(c in cells where empty(c)):\n"
       '    if "\U0001F600" != "": place mark for mover at hnad\n')


def _check_json(path: Path) -> list:
    done = subprocess.run(SERVER[:-1] + ["check", "--json", str(path)], capture_output=True, text=True)
    return json.loads(done.stdout)


def test_a_line_separator_in_a_comment_moves_no_place(client, tmp_path):
    path = tmp_path / "odd.mire"
    path.write_text(ODD, encoding="utf-8", newline="")
    [checked] = _check_json(path)  # `mire check` counts the lines as the editor does: at "\n" only
    assert (checked["code"], checked["line"], checked["column"], checked["end_column"]) == ("E010", 8, 43, 47)
    uri = client.open(path, ODD)
    [d] = client.diagnostics_of_version(uri, 1)
    assert (d["code"], d["range"]) == ("E010", {"start": _at(7, 43), "end": _at(7, 47)})  # after the emoji's 2 units
    # a position after the comment means the same
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(7, 27)})["result"]
    assert hover["contents"]["value"].startswith("(piece kind) `mark`")
    assert hover["range"] == {"start": _at(7, 25), "end": _at(7, 29)}
    completion = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": _at(7, 45)})
    assert "cells" in {item["label"] for item in completion["result"]["items"]}
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
    assert [(s["name"], s["range"]["start"]["line"]) for s in symbols][-1] == ("place", 6)
    # and so does a change there: `hnad` becomes `c`, and the file is right
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        _insert(7, 43, "c", (7, 47))]})
    assert client.diagnostics_of_version(uri, 2) == []
    # the formatting of the whole text ends where the text ends
    fixed = ODD.replace("at hnad", "at c")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
        {"text": fixed.replace("piece mark", "piece  mark")}]})
    reply = client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {
        "tabSize": 4, "insertSpaces": True}})
    assert reply["result"] == [{"range": {"start": _at(0, 0), "end": _at(8, 0)}, "newText": fixed}]


def test_a_lone_carriage_return_ends_a_line_for_the_editor(client, tmp_path):
    # the protocol ends a line at "\r" too (Mire reads one only in a comment): the places after it are a line
    # further down for the editor than for the parser
    text = ODD.replace("all in one", "all\rin one")
    uri = client.open(tmp_path / "cr.mire", text)
    [d] = client.diagnostics_of_version(uri, 1)
    assert d["range"] == {"start": _at(8, 43), "end": _at(8, 47)}
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(8, 27)})["result"]
    assert hover["range"] == {"start": _at(8, 25), "end": _at(8, 29)}
    # a change that makes "\r" and "\n" one line end: the lines after it move up
    after_cr = text.index("\r") + 1
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        _insert(5, 0, "", (5, len(text[after_cr:text.index("\n", after_cr)])))]})
    [d] = client.diagnostics_of_version(uri, 2)
    assert d["range"] == {"start": _at(7, 43), "end": _at(7, 47)}
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
        _insert(7, 43, "c", (7, 47))]})
    assert client.diagnostics_of_version(uri, 3) == []


# ---------------------------------------------------------------- issue 32, round 3, point 10

def test_a_notification_sent_with_an_id_gets_an_invalid_request_reply(client, tmp_path):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    client.send({"id": 41, "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
    error = {"code": -32600, "message": NOT_A_MESSAGE + "textDocument/didSave is a notification, which has no id"}
    assert client.reply() == {"jsonrpc": "2.0", "id": 41, "error": error}
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})["result"]


def test_a_request_after_shutdown_gets_an_invalid_request_reply_and_exit_still_ends_the_server(client, tmp_path):
    uri = client.open(tmp_path / "ttt.mire", TTT)
    assert "error" not in client.request("shutdown", None)
    reply = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(2, 7)})
    assert reply["error"] == {"code": -32600, "message": NOT_A_MESSAGE + "the server is shut down: only exit is "
                                                                          "read now, not textDocument/hover"}
    client.notify("exit", None)
    assert client.process.wait(WAIT) is not None


def test_a_document_grown_past_a_rules_files_size_by_small_changes_is_no_longer_kept(client, tmp_path):
    """Each change is small (no one message is too much work), but together they make a text larger than a rules
    file may be: the server stops following it, keeps none of it, and says so (E092)."""
    uri = client.open(tmp_path / "ttt.mire", TTT)
    chunk = "# " + "x" * 99_998 + "\n"   # (100,000 characters a change)
    version = 1
    for _ in range(MAX_FILE_BYTES // len(chunk) + 2):
        version += 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [{"range": {"start": _at(0, 0), "end": _at(0, 0)},
                                                                     "text": chunk}]})
    told = client.diagnostics_of_version(uri, version)
    assert [d["code"] for d in told] == ["E092"] and "grew larger than a rules file may be" in told[0]["message"]
    server_text = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(0, 0)})
    assert "error" not in server_text
