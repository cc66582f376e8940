"""An `ensure` answered from the position before the move (engine/build/kept_ensure.py, engine/run/watching.py):
which conditions qualify, and that the moves listed are exactly those listed when every move reads its `ensure`s
again, along random games of every game that uses `ensure` and of one made to change, beside what its
conditions read, what they do not."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game

GAMES = Path(__file__).parents[1] / "games"

# put: a stone made (its kind counted by the condition) and a variable set; shift: a stone moved and its printed
# attribute set; take: a stone removed, and a condition without a def; `can_move(opponent)` at each turn start
WATCH = """\
game "Watch"
players 2
board cells: grid 4 x 4
piece stone(marks: int mutable = 0)
var placed: int = 0

def crowded(p) = count(stone of p) > 4
def touching_other(p) = any(c in cells where owner(c) == p and any(n in neighbors(c) where owner(n) == next_player(p)))

action put(c in cells where empty(c)):
    place stone for mover at c
    placed += 1
    ensure not crowded(mover)

action shift(a in cells where owner(a) == mover, b in neighbors(a) where empty(b)):
    move top(a) to b
    top(b).marks += 1
    ensure not touching_other(mover)

action take(a in cells where owner(a) == opponent and placed > 3):
    remove a
    ensure count(stone) < 9
    ensure placed < 12 and not empty(a)

when stuck: draw because "stuck"

trigger long at turn start:
    if turn > 40: draw because "long"

# (the other player's moves listed in the same position, as if it were their turn: their answers are theirs)
trigger blocked at turn start:
    if not can_move(opponent): draw because "the other side is blocked"
"""


@pytest.fixture(scope="module")
def watch_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("watch") / "watch.mire"
    path.write_text(WATCH, encoding="utf-8")
    return load_game(str(path))


def watched(game) -> dict:
    return {a.name: [key for key, _ in a.watched] for a in game.compiled.actions}


def test_which_conditions_are_answered_early(watch_game):
    # `placed < 12 and not empty(a)` reads a variable and a parameter: read on every move
    assert watched(watch_game) == {"put": ["not crowded(mover)"], "shift": ["not touching_other(mover)"],
                                   "take": ["count(stone) < 9"]}
    chess = load_game(str(GAMES / "chess.mire"))
    assert set(map(tuple, watched(chess).values())) == {("not in_check(mover)",)}
    # the king's own square, a parameter: `not attacks(opponent, k.space)` is read on every move
    assert watched(load_game(str(GAMES / "rook-ending.mire"))) == {
        "step": [], "slide": ["not attacks(opponent, first(king of mover).space)"]}
    # `empty(dice)` reads a zone
    assert all(not keys for keys in watched(load_game(str(GAMES / "backgammon.mire"))).values())


def listed_both_ways(game, state, twin):
    """The moves of `state` as listed, and those of `twin` (the same position) with every `ensure` read again."""
    moves = [m.text for m in state.legal_moves()]
    kept = {a.name: a.watched for a in game.compiled.actions}
    for a in game.compiled.actions:
        a.watched = ()
    try:
        again = [m.text for m in twin.legal_moves()]
    finally:
        for a in game.compiled.actions:
            a.watched = kept[a.name]
    return moves, again


@pytest.mark.parametrize("name, games, plies", [("chess.mire", 3, 60), ("los-alamos.mire", 3, 60),
                                                ("rook-ending.mire", 5, 40), (None, 20, 40)])
def test_the_moves_are_those_read_again_on_every_move(name, games, plies, watch_game):
    game = watch_game if name is None else load_game(str(GAMES / name))
    rng = random.Random(7)
    answered = 0
    for g in range(games):
        state = game.new_state(seed=g, records=False)
        twin = game.new_state(seed=g, records=False)
        for _ in range(plies):
            if state.is_over():
                break
            moves, again = listed_both_ways(game, state, twin)
            assert moves == again
            answered += sum(1 for noted in state._watched.values() if noted is not None)
            i = rng.randrange(len(moves))
            state.apply(state.legal_moves()[i])
            twin.apply(twin.legal_moves()[i])
        assert state.is_over() == twin.is_over()
    assert answered > 0  # (the positions' answers were noted: the moves were answered early where they could be)


def test_perft_of_chess_is_unchanged():
    state = load_game(str(GAMES / "chess.mire")).new_state(seed=0, records=False)
    from mire.engine.analysis.perft import perft
    assert perft(state, 3) == [20, 400, 8902]


CORNER = """\
game "Corner"
players 2
board cells: grid 3 x 3
piece stone
setup:
    place stone for seat(2) at space("a1")
action put(c in cells where empty(c)):
    place stone for mover at c
    ensure owner(first(cells)) != mover
trigger look at turn start:
    if not can_move(opponent): log "{opponent} could not move now"
when stuck: draw because "stuck"
"""


def test_answers_noted_for_another_player_are_not_the_movers(tmp_path):
    path = tmp_path / "corner.mire"
    path.write_text(CORNER, encoding="utf-8")
    # at the start of the second turn, the first player's moves are listed (`can_move(opponent)`) as if it were
    # their turn, in the position where the second player's are listed next: a1 is not theirs, so all of theirs
    # pass; the second player's own answer (a1 is theirs) lets none of theirs pass: stuck
    state = load_game(str(path)).new_state(seed=0, records=False)
    assert len(state.legal_moves()) == 8
    state.apply(state.parse_move("put b2"))
    assert state.legal_moves() == [] and state.is_over() and state.end_reason == "stuck"
