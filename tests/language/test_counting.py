"""Semantics a writer can predict (docs/language.md 2.18 and 2.23): what `turn` and `decisions` count, and
that a `for ... where` works out its values once, before its first turn."""
from mire.engine import load_game


def game_of(tmp_path, text):
    path = tmp_path / "rules.mire"
    path.write_text(text)
    return load_game(str(path))


# Rolling says `again`; choosing asks the mover a question in the middle of the move.
COUNTS = '''game "Counts"
players 2
var turns_seen: list of int = []
var decisions_seen: list of int = []
action roll():
    turns_seen = turns_seen + [turn]
    decisions_seen = decisions_seen + [decisions]
    again
action pick():
    turns_seen = turns_seen + [turn]
    choose n in [1, 2, 3]:
        decisions_seen = decisions_seen + [decisions]
'''


def test_turn_counts_a_move_that_said_again_and_decisions_count_choices_too(tmp_path):
    state = game_of(tmp_path, COUNTS).new_state(seed=1)
    for text in ("roll", "roll", "pick", "2", "roll"):
        state.apply(state.parse_move(text))
    # roll, roll (again: the same player, a new turn), pick with its choice (one turn), then the other's roll
    assert state.vars["turns_seen"] == [1, 2, 3, 4]
    assert [state.players[i].name for i in (state.to_move,)] == [state.players[1].name]
    # the decisions before each: 0, 1, then the choice is answered as the 4th decision, then the 5th
    assert state.vars["decisions_seen"] == [0, 1, 3, 4]
    assert state.decisions == 5 and len(state.history) == 5


# One move fills a row: the loop's `where empty(c)` is looked at once, before the first turn, so placing
# a mark does not hide the next space from it; the `if` inside is looked at on each turn.
ONCE = '''game "Once"
players 2
board cells: grid 3 x 1
piece mark
var visited: int = 0
var placed: int = 0
action fill():
    for c in cells where empty(c):
        visited += 1
        if count(mark of mover) < 2:
            place mark for mover at c
            placed += 1
'''


def test_a_for_where_works_out_its_values_once(tmp_path):
    state = game_of(tmp_path, ONCE).new_state(seed=1)
    state.apply(state.parse_move("fill"))
    assert (state.vars["visited"], state.vars["placed"]) == (3, 2)


# Two tokens shuttle on a line of four squares; the same position a third time at the start of a turn
# is a draw (as chess's threefold repetition).
SHUTTLE = '''game "Shuttle"
players 2
board line: grid 4 x 1
piece token
setup:
    place token for seat(1) at at(line, 1, 1)
    place token for seat(2) at at(line, 4, 1)
action step(t in token of mover, s in neighbors(t.space) where empty(s)):
    move t to s
trigger threefold at turn start:
    if repetitions >= 3: draw because "the same position for the third time"
'''


def test_the_third_time_a_position_begins_a_turn_is_a_draw(tmp_path):
    state = game_of(tmp_path, SHUTTLE).new_state(seed=1)
    assert state.repetitions() == 1        # the start counts
    # out and back twice: the start position (first player to move) comes back after moves 4 and 8
    plies = ["step a1 b1", "step d1 c1", "step b1 a1", "step c1 d1"] * 2
    for i, text in enumerate(plies, 1):
        assert not state.is_over(), i
        state.apply(state.parse_move(text))
        assert state.repetitions() == {4: 2, 8: 3}.get(i, 1 if i < 4 else 2), i
    assert state.is_over() and state.outcome().draw
    assert state.outcome().reason == "the same position for the third time"
    # undo takes the count back
    state.undo()
    assert not state.is_over() and state.repetitions() == 2


def test_a_game_that_does_not_read_repetitions_keeps_no_positions(tmp_path):
    state = game_of(tmp_path, SHUTTLE.replace("repetitions >= 3", "turn > 99")).new_state(seed=1)
    assert state.positions is None and state.repetitions() == 0


# Constants are worked out once: from numbers at load, from a grid's spaces when a game first uses them;
# one that reads a variable is worked out at each use.
CONSTS = '''game "Consts"
players 2
board cells: grid 3 x 3
piece mark
var placed: int = 0
const EDGE = [c for c in cells where c.x == 1]
const CORNERS = [c for c in EDGE where c.y != 2]
const NEXT = placed + 1
action place(c in CORNERS where empty(c)):
    place mark for mover at c
    placed = NEXT
'''


def test_a_constant_made_of_a_grid_is_worked_out_once_per_game(tmp_path):
    game = game_of(tmp_path, CONSTS)
    state = game.new_state(seed=1)
    assert [m.text for m in state.legal_moves()] == ["place a1", "place a3"]
    corners = state._const_values["CORNERS"]
    state.apply(state.parse_move("place a1"))
    assert [m.text for m in state.legal_moves()] == ["place a3"]
    assert state._const_values["CORNERS"] is corners and state.vars["placed"] == 1
    assert "NEXT" not in state._const_values
    state.apply(state.parse_move("place a3"))
    assert state.vars["placed"] == 2
    # another game has spaces of its own, and its own constants
    other = game.new_state(seed=2)
    other.legal_moves()
    assert other._const_values["CORNERS"] is not corners


# The lines of a board made with `ray` (a builtin that reads only where spaces lie): worked out once per game too,
# not at each use (issue 30: it ran 2-3x slower than the same list made by a def at each use)
RAYS = '''game "Rays"
players 2
board cells: grid 4 x 4
piece stone
const LINES = [ray(c, d) for c in cells where c.x == 1 for d in [east, northeast]]
action put(c in cells where empty(c)):
    place stone for mover at c
trigger won after move:
    if any(l in LINES where count(x in l where owner(x) == mover) >= 3): win mover
'''


def test_a_constant_made_with_ray_is_worked_out_once_per_game(tmp_path):
    from click.testing import CliRunner

    from mire.cli.main import main
    path = tmp_path / "rays.mire"
    path.write_text(RAYS)
    built = CliRunner().invoke(main, ["check", str(path), "--python"])
    assert built.exit_code == 0, built.output
    # the trigger reads the kept value (worked out the first time), never a function that makes it again
    assert "S.const_value('LINES', " in built.output
    state = load_game(str(path)).new_state(seed=1)
    state.apply(state.parse_move("put b1"))
    lines = state._const_values["LINES"]
    assert [[s.name for s in line] for line in lines[:3]] == [["b1", "c1", "d1"], ["b2", "c3", "d4"],
                                                               ["b2", "c2", "d2"]]
    for move in ("put a4", "put c1", "put a3"):
        state.apply(state.parse_move(move))
        assert state._const_values["LINES"] is lines
    state.apply(state.parse_move("put d1"))
    assert state.is_over() and state.outcome().winners == (0,)  # b1, c1, d1: the first player's
