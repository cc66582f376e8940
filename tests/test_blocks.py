"""Defs written as blocks, with names of their own, and procs that give a value (issue 12, item 6)."""
import pytest

from mire.engine import load_game
from mire.engine.run.runtime import RuleError
from mire.grammar.diagnostics import MireError

HEAD = 'game "T"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\nvar score: int = 0 per player\n'


def game(tmp_path, rules: str):
    path = tmp_path / "t.mire"
    path.write_text(HEAD + rules)
    return load_game(str(path))


def test_a_def_written_as_a_block_computes_with_names_of_its_own(tmp_path):
    g = game(tmp_path, "def weight(c):\n"
                       "    let free = count(x in neighbors(c, all_directions) where empty(x))\n"
                       "    let corner = (c.x == 1 or c.x == 3) and (c.y == 1 or c.y == 3)\n"
                       "    if corner:\n"
                       "        return free * 10\n"
                       "    elif free > 4:\n"
                       "        return free\n"
                       "    else:\n"
                       "        for x in cells where not empty(x):\n"
                       "            free += 1\n"
                       "        return free + 100\n"
                       "action place(c in cells where empty(c)):\n"
                       "    mover.score += weight(c)\n"
                       "    place mark for mover at c\n")
    state = g.new_state()
    state.apply(state.parse_move("place a1"))  # a corner with 3 free neighbours
    state.apply(state.parse_move("place b2"))  # 7 free around the centre (a1 is taken)
    state.apply(state.parse_move("place b1"))  # 3 free (a1, b2 taken... a2, c1, c2): 3 + 2 marks + 100
    assert [p.vars["score"] for p in state.players] == [30 + 105, 7]


def test_a_proc_gives_a_value_to_the_rule_that_called_it(tmp_path):
    g = game(tmp_path, "proc spread(c):\n"
                       "    place mark for mover at c\n"
                       "    let made = 1\n"
                       "    for x in neighbors(c) where empty(x):\n"
                       "        if made == 3:\n"
                       "            return made\n"
                       "        place mark for mover at x\n"
                       "        made += 1\n"
                       "    return made\n"
                       "proc stop_early():\n"
                       "    return\n"
                       "    lose mover\n"
                       "action place(c in cells where empty(c)):\n"
                       "    mover.score += spread(c)\n"
                       "    stop_early()\n")
    state = g.new_state()
    state.apply(state.parse_move("place b2"))  # b2, then b3 and c2 (north, east): the third stops it
    assert state.players[0].vars["score"] == 3
    assert sorted(s.name for s in state.spaces if s.pieces) == ["b2", "b3", "c2"]
    assert not state.is_over()  # the bare `return` ended stop_early before it could lose


def test_a_block_def_that_calls_itself_without_end_is_stopped(tmp_path):
    g = game(tmp_path, "def deeper(n):\n"
                       "    return deeper(n + 1)\n"
                       "action place(c in cells where empty(c)):\n"
                       "    mover.score += deeper(0)\n"
                       "    place mark for mover at c\n")
    state = g.new_state()
    with pytest.raises(RuleError) as err:
        state.apply(state.parse_move("place a1"))
    assert "itself" in str(err.value) or "deeper" in str(err.value)
    assert not any(s.pieces for s in state.spaces)  # taken back



def test_a_proc_that_asks_a_player_to_choose_cannot_give_a_value(tmp_path):
    with pytest.raises(MireError) as err:
        game(tmp_path, "proc pick_row():\n"
                       "    choose r in [1, 2, 3]:\n"
                       "        return r\n"
                       "    return 0\n"
                       "action mark():\n"
                       "    let y = pick_row()\n"
                       "    place mark for mover at at(cells, 1, y)\n")
    assert [(d.code, d.message, d.span.line) for d in err.value.diagnostics] == [
        ("E033", "proc 'pick_row' asks a player to choose, so it cannot give a value", 11)]
