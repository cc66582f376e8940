"""The third round of what authors reach for (issue 30, section 2): each form as a game uses it."""
from mire.engine import load_game

HEAD = 'game "Third"\nplayers 2\nboard cells: grid 3 x 1\npiece stone\n'


def load(tmp_path, text):
    path = tmp_path / "third.mire"
    path.write_text(HEAD + text)
    return load_game(str(path))


def test_can_act_asks_for_a_move_that_is_not_a_fallback(tmp_path):
    # the second player may only place on c1; once it is taken they can only pass (the fallback)
    game = load(tmp_path, "action place(c in cells where empty(c) and (mover == seat(1) or c.x == 3)):\n"
                          "    place stone for mover at c\n"
                          '    log "{can_move(opponent)} {can_act(opponent)}"\n'
                          "fallback action pass_turn():\n    pass\n")
    state = game.new_state()
    state.apply(state.parse_move("place c1"))
    assert state.log[-1][1] == "yes no"   # a pass is a move, but no action but the fallback is open
    state.apply(state.parse_move("pass_turn"))
    state.apply(state.parse_move("place a1"))
    assert state.log[-1][1] == "yes no"
    game = load(tmp_path, "action place(c in cells where empty(c)):\n    place stone for mover at c\n"
                          '    log "{can_move(opponent)} {can_act(opponent)}"\n'
                          "fallback action pass_turn():\n    pass\n")
    state = game.new_state()
    state.apply(state.parse_move("place a1"))
    assert state.log[-1][1] == "yes yes"


def diagnostics(tmp_path, text):
    import pytest

    from mire.grammar.diagnostics import MireError
    with pytest.raises(MireError) as err:
        load(tmp_path, text)
    return [(d.code, d.message, d.hint) for d in err.value.diagnostics]


def test_a_let_before_a_require_is_refused_with_why(tmp_path):
    assert diagnostics(tmp_path, "action place(c in cells):\n    let n = count(neighbors(c))\n    require n > 1\n"
                                 "    place stone for mover at c\n") == [
        ("E032", "`require` must come first in an action, before any other line: the `let` of 'n' on line 6 is one",
         "the requirements are checked while the legal moves are listed, before any line of the action runs, so "
         "they cannot read its `let` names: name the value with a `def` of the action's parameters "
         "(`def NAME(...) = ...`) and use it in both")]


def test_a_comprehension_written_with_if_is_told_to_use_where(tmp_path):
    assert diagnostics(tmp_path, "action place(c in cells):\n    let l = [x for x in cells if empty(x)]\n"
                                 "    place stone for mover at c\n") == [
        ("E002", "a comprehension keeps the values it wants with `where`, not `if`",
         "write `[VALUE for NAME in LIST where CONDITION]`: `if` belongs to `A if CONDITION else B` and to the "
         "`if` statement")]


def test_a_choice_between_kinds_is_a_kind(tmp_path):
    game = load(tmp_path, "piece cruiser\n"
                          "action place(c in cells where empty(c)):\n"
                          "    let n = count(x in cells where not empty(x))\n"
                          "    place (stone if n == 1 else cruiser) for mover at c\n"
                          "    let k: kind = stone if n == 0 else cruiser\n"
                          '    log "{k}"\n')
    state = game.new_state()
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    assert [t for _, t in state.log] == ["stone", "cruiser", "cruiser"]
    assert [s.pieces[-1].kind.name for s in state.boards["cells"].spaces] == ["cruiser", "stone", "cruiser"]
