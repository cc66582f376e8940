"""No run-time error tells a value its reader may not see (issue 32, round 3, point 6).

The player to move reads a rules error (in `mire play`, the web board, a replay), so an error follows the same
visibility as views and `why`: it names the rules line, the kind of a value, a name written in the rules or a
limit, never a value the rules computed (a secret variable, another's hand size, a face-down card's rank).

Two halves: each rules file of tests/hostile/secret_*.mire meets one error site with a secret value, run through
every command that plays; and a scan of the engine's source that fails when a new raise of a RuleError formats
anything not on the allow-list below, so that this stays closed."""
from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main

HOSTILE = Path(__file__).parent
SOURCE = HOSTILE.parent.parent  # (the checkout: engine/ and grammar/ are read as text)
SECRETS = ("6570001", "s3cr3tword", "657")  # (secret_index.mire's secret is 657)

# file: what its error says and the rules line it names
ERRORS = {
    "secret_index.mire": "an index is outside its list (secret_index.mire:10)",
    "secret_hand_size.mire": "an index is outside its list (secret_hand_size.mire:20)",  # (657 cards, size hidden)
    "secret_range.mire": "a range (`..`) is longer than 200000 (secret_range.mire:15)",
    "secret_range_down.mire": "a range (`downto`) is longer than 200000 (secret_range_down.mire:15)",
    "secret_call.mire": "'at' wants an int as argument 2, and got a text (secret_call.mire:15)",
    "secret_seat.mire": "there is no such seat: the seats are 1 to 2 (secret_seat.mire:15)",
    "secret_set.mire": "'owner' of a text cannot be set (secret_set.mire:10)",
    "secret_attribute.mire": "an int has no attribute 'owner' (secret_attribute.mire:15)",
    "secret_position.mire": "a text that names a position is written like b1 (secret_position.mire:15)",
    "secret_offset.mire": "an offset is two whole numbers, but this is a text (secret_offset.mire:15)",
}

_MOVES = "".join(f"{c}{r}\n" for r in "123" for c in "abc") + "quit\n"
# command: its arguments after the file (replay is handed a save of one move instead)
COMMANDS = {
    "play": ["--seed", "1"],
    "simulate": ["-n", "1", "--jobs", "1"],
    "perft": ["--depth", "2", "--jobs", "1"],
    "replay": [],
    "check": [],
}


def _run(command: str, name: str, folder: Path) -> str:
    target = name
    if command == "replay":
        target = "game.json"
        (folder / target).write_text(json.dumps({"format": "mire-save", "version": 1, "game": name, "players": 2,
                                                 "seed": 1, "options": [], "moves": ["place a1"]}))
    result = CliRunner().invoke(main, [command, target, *COMMANDS[command]], input=_MOVES)
    return result.output


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("name", sorted(ERRORS))
def test_a_rules_error_tells_no_secret_value_in_any_command(name, command, tmp_path, monkeypatch):
    shutil.copy(HOSTILE / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    out = _run(command, name, tmp_path)
    for secret in SECRETS:
        assert secret not in out, out[-2000:]
    assert "internal error" not in out and "Traceback" not in out
    if command == "check":  # (check runs no rule: the file is fine)
        assert out == f"ok: {name}\n"
        return
    # the error still says what went wrong and at which rules line (the REPL wraps its lines)
    assert ERRORS[name] in " ".join(out.split()), out[-2000:]


# ---------------------------------------------------------------- every raise site, read from the source

# what a RuleError's message may format (an expression of the source, as ast.unparse writes it), and why it tells
# nothing the reader may not see. Anything else fails the scan below: word the message without the value, or
# with its kind (kind_of), as engine/run/explain.py words `why`.
ALLOWED = {
    # limits: the same for every game
    **{name: "a limit" for name in ("MAX_LOOP_STEPS", "MAX_LEGAL_MOVES", "MAX_AREA_SPACES", "MAX_LIST_DEPTH",
                                    "MAX_INT_DIGITS", "MAX_LENGTH", "MAX_PIECES", "MAX_JOURNAL", "MAX_LOG_CHARS",
                                    "MAX_PASSES_IN_A_ROW")},
    "board.name": "a board's name, declared in the rules",
    # names written in the rules, which the rules line shows anyway
    "name": "a def's, builtin's or proc's name", "attr": "an attribute's name", "op": "an operator",
    "act.name": "an action's name",
    "'add to' if op == '+=' else 'take from'": "an operator in words",
    "'characters' if what == 'text' else 'items'": "what grew, in words",
    # kinds and types: what the rules declare or a value's kind, never the value
    "kind_of(v)": "a kind", "kind_of(x)": "a kind", "kind_of(odd)": "a kind", "kind_of(n)": "a kind",
    "kind_of(p)": "a kind", "kind_of(quarter_turns)": "a kind", "kind_of(obj)": "a kind", "kind_of(value)": "a kind",
    "kind_of(y if _number(x) else x)": "a kind", "kind_of(b if a.__class__ in _NUMBERS else a)": "a kind",
    "odd": "what unsortable() names: a kind, or 'numbers and texts'",
    "a(want.show())": "a declared type", "accepts.words": "a builtin's declared parameter",
    "i + 1": "the place of an argument in the call", "what": "the words of the rule's part (a static text)",
    "_WHOLE_QUOTIENT if cls is Fraction else ''": "advice on fractions",
    "S.n": "how many players the game has, which everyone knows",
    # what Python refused, in the fixed words of engine/run/wrong_kind.py (kinds only)
    "wrong_kind_words(err) or 'the engine could not carry it out'": "fixed words and kinds",
    "str(err)": "a RuleError's own message, given the rules line it lacked",
    # the generated code's `where` (a rules line) and its pieces of code
    "where": "the rules line", "repr('cannot set ' + repr(attr) + ' of none')": "an attribute's name in words",
}
# (in generated code, a `{...}` formats code, not a message: only its message parts are read)
_GENERATED = ("_RuleError(",)


def _formatted(node: ast.expr) -> list[str]:
    """The expressions a message formats: of an f-string its `{...}`, of a `+` both sides, of anything but a
    text the whole."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return []
    if isinstance(node, ast.JoinedStr):
        return [ast.unparse(v.value) + ("!r" if v.conversion == ord("r") else "")
                for v in node.values if isinstance(v, ast.FormattedValue)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _formatted(node.left) + _formatted(node.right)
    return [ast.unparse(node)]


def _raise_sites():
    """(file:line, what its message formats) for each RuleError made in engine/ and grammar/, and each raise of one
    that the compiler writes into the built code."""
    for folder in ("engine", "grammar"):
        for path in sorted((SOURCE / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            where = path.relative_to(SOURCE)
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and node.args:
                    f = node.func
                    if (isinstance(f, ast.Name) and f.id in ("RuleError", "_RuleError")) or \
                            (isinstance(f, ast.Attribute) and f.attr == "wrong_kind"
                             and isinstance(f.value, ast.Name) and f.value.id == "RuleError"):
                        yield f"{where}:{node.lineno}", _formatted(node.args[0])
                if isinstance(node, ast.JoinedStr) and any(
                        isinstance(v, ast.Constant) and any(g in v.value for g in _GENERATED) for v in node.values):
                    yield f"{where}:{node.lineno}", _formatted(node)


def test_no_raise_of_a_rule_error_formats_a_value_not_on_the_allow_list():
    sites = list(_raise_sites())
    assert len(sites) > 40  # (the scan finds the raises: it would pass on none)
    leaks = [(site, e) for site, exprs in sites for e in exprs if e not in ALLOWED]
    assert leaks == [], "a RuleError's message formats a run-time value (word it without, or by its kind with " \
                        "kind_of, or add it to ALLOWED with why it tells no secret):\n" + \
                        "\n".join(f"{site}: {{{e}}}" for site, e in leaks)


def test_the_scan_catches_a_value_in_a_message():
    """(The scan itself can fail: a message that formats a value is caught, in each way it can be built.)"""
    for text in ('RuleError(f"index {i} is outside", where)', 'RuleError("got " + value_text(v))',
                 'RuleError(message)', 'RuleError.wrong_kind(f"{value_text(v)} is odd", err)'):
        call = ast.parse(text).body[0].value  # type: ignore[attr-defined]
        assert [e for e in _formatted(call.args[0]) if e not in ALLOWED], text
