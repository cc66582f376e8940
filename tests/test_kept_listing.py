"""Listings kept from move to move (engine/build/kept_listing.py) give the moves the ordinary listing gives, in the same
order, through moves, undos of one and of many, restarts, positions arranged by hand and a search's imagined
places."""
import random
import shutil
from pathlib import Path

import pytest

import mire.engine.build.compiler as compiler
from mire.engine import load_game
from mire.engine.analysis.testing import settle

HERE = Path(__file__).parent
GAMES = {
    "connect-four": Path(compiler.__file__).parents[2] / "games" / "connect-four.mire",
    "sliders": HERE / "games" / "sliders.mire",  # moves, removes of a whole stack, chains of two directions
    "hex": HERE / "games" / "hex.mire",
    "dots-and-boxes": HERE / "games" / "dots-and-boxes.mire",  # a board of edges
    "nine-mens-morris": HERE / "games" / "nine-mens-morris.mire",  # a graph
}


def kept_actions(game):
    return [a.name for a in game.compiled.actions if "kept_lister" in a.gen.__qualname__]


def both(name, tmp_path, monkeypatch):
    """The game as bundled (kept listings), and the same rules from another file compiled with none."""
    kept = load_game(str(GAMES[name]))
    with monkeypatch.context() as m:
        m.setattr(compiler, "KEEP_FROM", 10 ** 9)
        copy = tmp_path / GAMES[name].name
        shutil.copy(GAMES[name], copy)
        for data in GAMES[name].parent.glob("*.csv"):
            shutil.copy(data, tmp_path / data.name)
        plain = load_game(str(copy))
    assert kept_actions(kept) and not kept_actions(plain)
    return kept, plain


def listed(state):
    return [m.text for m in state.legal_moves()]


@pytest.mark.parametrize("name", GAMES)
def test_kept_listings_give_the_ordinary_moves_through_moves_undos_and_restarts(name, tmp_path, monkeypatch):
    kept_game, plain_game = both(name, tmp_path, monkeypatch)
    rng = random.Random(11)
    a, b = kept_game.new_state(seed=1), plain_game.new_state(seed=1)
    checked = 0
    for _ in range(600):
        assert listed(a) == listed(b)
        checked += 1
        roll = rng.random()
        if a.is_over() or roll < 0.08:
            count = rng.randint(1, a.decisions) if a.decisions else 0
            a.undo(count)
            b.undo(count)
        elif roll < 0.12 and a.decisions:
            a.undo()
            b.undo()
        elif roll < 0.14:
            seed = rng.randrange(100)
            a.restart(seed)
            b.restart(seed)
        else:
            move = rng.choice(a.legal_moves())
            a.apply(move)
            b.apply(b.parse_move(move.text))
    assert checked == 600 and a.history == b.history


def test_a_position_arranged_by_hand_and_a_searchs_imagined_places_are_listed_anew(tmp_path, monkeypatch):
    kept_game, plain_game = both("connect-four", tmp_path, monkeypatch)
    a, b = kept_game.new_state(), plain_game.new_state()
    assert listed(a) == listed(b) == [f"drop {x}1" for x in "abcdefg"]
    for state in (a, b):
        for seat, space in enumerate(("c1", "c2")):
            state.create_piece("disc", {}, state.players[seat], True, state.space_by_name[space])
        settle(state)
    assert listed(a) == listed(b) == ["drop a1", "drop b1", "drop d1", "drop e1", "drop f1", "drop g1", "drop c3"]
    for state in (a, b):
        c1, c2, d1 = (state.space_by_name[n] for n in ("c1", "c2", "d1"))
        state.assume_places([(c1, []), (c2, []), (d1, list(c1.pieces) + list(c2.pieces))])  # (a stack of two)
    assert listed(a) == listed(b) == ["drop a1", "drop b1", "drop c1", "drop e1", "drop f1", "drop g1", "drop d2"]
