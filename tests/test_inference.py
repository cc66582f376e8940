"""Types that the checker learns instead of refusing valid rules (issue 12, item 18): parameters typed by their
calls or by the author, `+` of an untyped value and a list, and `let` names that start as `none`."""
import random

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.bots import RandomBot
from mire.engine.run.library import LIBRARY
from mire.grammar import nodes as N
from mire.grammar.checker import Checker
from mire.grammar.parser import parse

HEAD = 'game "T"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\n'


def checked(rules: str):
    return Checker(parse(HEAD + rules, "t.mire"), LIBRARY).run()


def type_of_def(c, name: str) -> str:
    d = c.symbols.defs[name]
    return c.type_of(d.body).show()


def test_a_parameter_joined_to_a_list_is_a_list_not_a_number():
    c = checked("def plus(r) = r + [first(cells)]\n"
                "action place(c in cells where count(plus([c])) == 2):\n    place mark for mover at c\n")
    assert c.diagnostics == []
    assert type_of_def(c, "plus") == "list of space"


def test_a_def_that_gives_back_its_argument_has_the_arguments_type():
    c = checked("def keep(r) = r\n"
                "action place(c in cells where c in keep(cells)):\n    place mark for mover at c\n")
    assert c.diagnostics == []
    assert type_of_def(c, "keep") == "list of space"


def test_calls_that_disagree_leave_a_parameter_untyped():
    c = checked("def same(a) = a\n"
                "action place(c in cells where same(c) == c and same(1) == 1):\n    place mark for mover at c\n")
    assert c.diagnostics == []
    assert type_of_def(c, "same") == "any"


def test_a_call_with_an_untyped_value_leaves_the_parameter_untyped():
    # `inner` is called only from `outer`, with outer's parameter: both learn their type from the one call
    c = checked("def inner(x) = x.y\ndef outer(s) = inner(s)\n"
                "action place(c in cells where outer(c) == 1):\n    place mark for mover at c\n")
    assert c.diagnostics == []
    assert type_of_def(c, "inner") == "int"


def test_a_parameter_given_a_type_is_checked_at_each_call():
    c = checked("def free(r: list of space, n: int) = count(x in r where empty(x)) + n\n"
                "action place(c in cells where free(cells, 0) > 0):\n    place mark for mover at c\n"
                "    if free(c, yes) == 0: draw\n")
    assert [(d.code, d.message) for d in c.diagnostics] == [
        ("E021", "the argument 'r' of 'free' should be a list of space, but this is a space"),
        ("E021", "the argument 'n' of 'free' should be an int, but this is a bool")]


def test_a_let_that_starts_as_none_holds_what_it_is_given():
    c = checked("action place(c in cells where empty(c)):\n"
                "    let last = none\n"
                "    for x in cells where not empty(x):\n"
                "        last = x\n"
                "    place mark for mover at c\n"
                "    if last != none and last.y == 3: win mover\n")
    assert c.diagnostics == []
    uses = [n for n, t in c.types.items() if isinstance(n, N.Name) and n.id == "last"]
    assert [c.type_of(n).show() for n in sorted(uses, key=lambda n: n.span.line)][-1] == "space"


def test_a_let_may_say_its_type():
    c = checked("action place(c in cells where empty(c)):\n"
                "    let best: space = none\n"
                "    for x in cells:\n"
                "        if best == none or x.y > best.y:\n"
                "            best = x\n"
                "    place mark for mover at c\n")
    assert c.diagnostics == []


def test_typed_rules_play(tmp_path):
    path = tmp_path / "typed.mire"
    path.write_text(HEAD + "def free(r: list of space) = r + [x for x in cells where empty(x)]\n"
                           "proc mark_all(spaces: list of space):\n"
                           "    for s in spaces where empty(s):\n"
                           "        place mark for mover at s\n"
                           "action place(c in cells where empty(c)):\n"
                           "    let last = none\n"
                           "    for x in free([]):\n"
                           "        last = x\n"
                           "    mark_all([c, last])\n")
    game = load_game(str(path))
    state = game.new_state(seed=1)
    play_game(state, [RandomBot(random.Random(1))] * 2)
    # each move marks the chosen space and the last free one (which may be the same): a 3 x 3 board fills in
    # at most 9 moves, and it is full when the game stops
    assert state.is_over() and all(s.pieces for s in state.spaces)


def _first_move_says(tmp_path, rules: str) -> str:
    """What the first move of a game with these rules gives: the rule error's words, or the variables after it."""
    from mire.engine.run.runtime import RuleError
    path = tmp_path / "untyped.mire"
    path.write_text(HEAD + "var n: int = 0\nvar t: bool = no\n" + rules)
    state = load_game(str(path)).new_state(seed=1)
    try:
        state.apply(state.legal_moves()[0])
    except RuleError as e:
        return str(e)
    return f"n = {state.view(0)['vars']['n']}, t = {state.view(0)['vars']['t']}"


def test_an_untyped_condition_is_yes_or_no_and_nothing_else(tmp_path):
    # each def is called with two kinds of value, so the checker leaves its parameter untyped: the rule checks
    act = "action place(c in cells where empty(c)):\n    place mark for mover at c\n"
    assert _first_move_says(tmp_path, "def pick(a) = 1 if a else 2\n" + act
                            + "    n = pick(yes) + pick(no)\n") == "n = 3, t = False"
    assert _first_move_says(tmp_path, "def pick(a) = 1 if a else 2\n" + act
                            + "    n = pick(yes) + pick(7)\n") == \
        "a condition should be a bool, but this is an int (untyped.mire:7)"
    assert _first_move_says(tmp_path, "def neg(a) = not a\n" + act + "    t = neg(no) or neg(3)\n") == \
        "n = 0, t = True"
    assert _first_move_says(tmp_path, "def neg(a) = not a\n" + act + "    t = neg(yes) or neg(3)\n") == \
        "a condition should be a bool, but this is an int (untyped.mire:7)"
    assert _first_move_says(tmp_path, "def neg(a) = not a\n" + act + "    t = neg(none) and neg(3) or neg(yes)\n") \
        == "a condition should be a bool, but this is an int (untyped.mire:7)"
    assert _first_move_says(tmp_path, "def both(a, b) = a and b\n" + act
                            + "    t = both(yes, yes) and both(3, \"x\")\n") == \
        "a condition should be a bool, but this is an int (untyped.mire:7)"
    assert _first_move_says(tmp_path, "def keep(a) = a\n" + act
                            + "    if keep(yes) and keep(2) > 1: n = 1\n") == "n = 1, t = False"
    assert _first_move_says(tmp_path, "def keep(a) = a\n" + act + "    if keep(yes) or keep(2): n = 1\n") == \
        "n = 1, t = False"    # (`or` stops at the first yes, as a typed one does)


def test_an_untyped_yes_is_not_one(tmp_path):
    act = "action place(c in cells where empty(c)):\n    place mark for mover at c\n"
    same = "def same(a, b) = a == b\n"
    assert _first_move_says(tmp_path, same + act + "    t = same(1, yes) or same(yes, yes) and same(0, no)\n") == \
        "n = 0, t = False"
    assert _first_move_says(tmp_path, same + act + "    t = same([1], [yes]) or same(yes, yes) and same(1, 1)\n") \
        == "n = 0, t = True"
    assert _first_move_says(tmp_path, same + act + "    t = same([1], [yes]) or same([yes], [yes])\n") == \
        "n = 0, t = True"
    assert _first_move_says(tmp_path, same + act + "    t = same([1, 2], [3, 2]) or same(2, 4 / 2)\n") == \
        "n = 0, t = True"

