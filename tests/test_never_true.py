"""Comparisons that can never be true are diagnostics (issue 12, item 4): a text that names no kind compared with a
piece's kind, an enum compared with a text that is none of its values, an attribute that nothing has."""
from mire.engine.run.library import LIBRARY
from mire.grammar.checker import Checker
from mire.grammar.parser import parse

HEAD = '''game "T"
players 2
board cells: grid 3 x 3
enum colour: red, blue
piece king
piece frog(colour: colour)
pieces frog:
    colour
    red
'''


def diagnostics(rules: str):
    return [(d.code, d.message) for d in Checker(parse(HEAD + rules, "t.mire"), LIBRARY).run().diagnostics]


def test_kinds_written_as_texts_are_checked_where_they_are_compared():
    assert diagnostics("action place(c in cells where top(c).kind == \"king\" or top(c).kind in [frog, king]\n"
                       "                            or top(c).kind in [\"frog\"]):\n"
                       "    place king for mover at c\n") == []
    assert diagnostics("def h(p) = p.kind == \"frgo\"\n"
                       "action place(c in cells where top(c).kind not in [\"kign\", \"king\"]):\n"
                       "    place king for mover at c\n") == [
        ("E026", "no piece kind is called 'frgo' (did you mean 'frog'?), so this `==` is always false"),
        ("E026", "no piece kind is called 'kign' (did you mean 'king'?), so this `not in` is always true")]


def test_a_value_is_never_in_a_list_of_another_type():
    assert diagnostics("action place(c in cells where c.x in [\"a\", \"b\"]):\n    place king for mover at c\n") == [
        ("E021", "an int is never in a list of text, so this `in` is always false")]


def test_an_untyped_attribute_has_the_one_type_everything_gives_it():
    # `p.colour` can only be a frog's colour: an enum, so comparing it with a text is never true
    assert diagnostics("def warm(p) = p.colour == \"red\"\n"
                       "action place(c in cells where empty(c)):\n    place king for mover at c\n") == [
        ("E021", "a colour is never equal to a text, so this `==` is always false")]
    assert diagnostics("def warm(p) = p.colour == red and p.x == 1\n"
                       "action place(c in cells where empty(c)):\n    place king for mover at c\n") == []
    assert diagnostics("def warm(p) = p.colr\n"
                       "action place(c in cells where empty(c)):\n    place king for mover at c\n") == [
        ("E013", "nothing in this game has an attribute 'colr' (did you mean 'colour'?)")]
