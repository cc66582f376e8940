"""The values of an enum are in the order they are declared: `<`, `<=`, `>`, `>=` compare two of them by their
places, and `sorted by` puts them in that order (as `index(ENUM, value)` would, never as texts: `ace` is the
highest rank, not the first in the alphabet); an enum's value compared with another enum's, or with a number,
is E021."""
import random

import pytest

from mire.engine import RuleError, load_game
from mire.grammar.diagnostics import MireError

RANKS = ["two", "three", "ten", "jack", "queen", "king", "ace"]
RULES = '''game "Beat it"
players 2
enum rank: two, three, ten, jack, queen, king, ace
enum suit: clubs, hearts
piece card(rank: rank, suit: suit)
zone hand per player
zone table
pieces card in table: each suit, each rank
var highest: rank = none

def beats(a, b) = a.rank > b.rank
def at_most(r, s) = r <= s

# Take a card higher than every card taken so far (any card first), or the lowest card left.
action take(c in table where highest == none or c.rank > highest or c == first(x in table sorted by x.rank)):
    move c to mover.hand
    if highest == none or c.rank >= highest:
        highest = c.rank
    let below = count(x in table where beats(c, x))
    let up_to = count(x in table where at_most(x.rank, c.rank))
    let hearts_below = [x.rank for x in table where x.rank < c.rank and x.suit == hearts]
    log "{c.rank}: beats {below}, at most {up_to}, {hearts_below}"
    if highest == ace: win mover
'''


def order(rank):
    return RANKS.index(rank)


def test_enum_values_compare_and_sort_in_the_order_of_their_declaration(tmp_path):
    path = tmp_path / "beat.mire"
    path.write_text(RULES)
    game = load_game(str(path))
    state = game.new_state()
    # nothing taken: any card; `sorted by` puts two first, ace last (the alphabet would put ace first)
    assert len(state.legal_moves()) == 14
    state.apply(state.parse_move("take jack-hearts"))
    assert state.log[-1] == (0, "jack: beats 6, at most 7, [two, three, ten]")
    assert [m.text for m in state.legal_moves()] == ["take two-clubs", "take queen-clubs", "take king-clubs",
                                                     "take ace-clubs", "take queen-hearts", "take king-hearts",
                                                     "take ace-hearts"]
    # seeded random games against the same rules in Python
    for seed in range(10):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        table = [(r, s) for s in ["clubs", "hearts"] for r in RANKS]
        highest = None
        while not state.is_over():
            lowest = min(table, key=lambda c: order(c[0]))
            legal = [c for c in table if highest is None or order(c[0]) > order(highest) or c == lowest]
            assert [m.text for m in state.legal_moves()] == [f"take {r}-{s}" for r, s in legal]
            rank, suit = rng.choice(legal)
            table.remove((rank, suit))
            state.apply(state.parse_move(f"take {rank}-{suit}"))
            if highest is None or order(rank) >= order(highest):
                highest = rank
            below = [r for r, s in table if order(r) < order(rank)]
            at_most = [r for r, s in table if order(r) <= order(rank)]
            hearts = [r for r, s in table if order(r) < order(rank) and s == "hearts"]
            assert state.log[-1][1] == f"{rank}: beats {len(below)}, at most {len(at_most)}, [{', '.join(hearts)}]"
        assert highest == "ace"


@pytest.mark.parametrize("condition, message", [
    ("c.rank > hearts", "`>` puts values of one enum in order, but this compares a rank with a suit"),
    ("c.rank >= 3", "`>=` compares a rank with an int: a rank is in the order of its values, not of numbers"),
    ("c.suit < \"hearts\"", "`<` compares a suit with a text, which is in no order with it"),
])
def test_an_enum_is_in_no_order_with_another_enum_nor_with_a_number(tmp_path, condition, message):
    path = tmp_path / "mixed.mire"
    path.write_text(RULES.replace("c.rank > highest or", f"{condition} or"))
    with pytest.raises(MireError) as info:
        load_game(str(path))
    assert [(d.code, d.message) for d in info.value.diagnostics] == [("E021", message)]


def test_a_value_the_checker_could_not_type_is_compared_with_an_enum_by_its_place_or_refused(tmp_path):
    # `r` is given a rank by one call, a text or a number by another: untyped, it is checked as the rule runs
    rules = RULES.replace("def at_most(r, s) = r <= s", "def at_most(r, s) = r <= s\ndef low(r) = r < ten") \
        .replace("where highest == none or", "where low(c.rank) and low(\"jack\") or highest == none or")
    (tmp_path / "text.mire").write_text(rules)
    state = load_game(str(tmp_path / "text.mire")).new_state()
    assert len(state.legal_moves()) == 14  # ("jack" < ten is false)
    (tmp_path / "number.mire").write_text(rules.replace('low("jack")', "low(3)"))
    with pytest.raises(RuleError) as info:
        load_game(str(tmp_path / "number.mire")).new_state()
    assert str(info.value) == "an enum's values are in order among themselves, but this is an int (number.mire:13)"
