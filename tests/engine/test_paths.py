"""The reachability builtins (`region`, `regions_of`), made faster for path checks run on every move tried
(issue 30: a Quoridor path check made a game ~10x slower): the same spaces in the same order as a plain
breadth-first walk, on grids and graphs with spaces taken out at random, and a Quoridor-like game
(tests/games/walled-race.mire, its figures in bench/README.md) whose counts and random games are those of the
engine before the change."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.analysis.playout import random_playouts
from mire.engine.run.library import BUILTINS

GAMES = Path(__file__).parents[1] / "games"


def plain_region(start, inside):
    """Breadth first from `start` through the spaces of `inside`, neighbours in the board's order."""
    if start not in inside:
        return []
    seen, todo, out = {start}, [start], []
    while todo:
        t = todo.pop(0)
        out.append(t)
        near = list(t.links) if t.links is not None else [t.nbr[i] for i in (0, 2, 4, 6) if t.nbr[i] is not None]
        for n in near:
            if n in inside and n not in seen:
                seen.add(n)
                todo.append(n)
    return out


def plain_regions(members):
    out, done = [], set()
    for t in members:
        if t not in done:
            part = plain_region(t, set(members))
            done.update(part)
            out.append(part)
    return out




@pytest.mark.parametrize("name", ["go.mire", "nine-mens-morris.mire"])  # a grid, a graph
def test_region_and_regions_of_walk_as_a_plain_breadth_first_walk(name):
    game = load_game(str(GAMES / name))
    state = game.new_state(seed=0, records=False)
    spaces = list(state.spaces)
    from mire.engine.run import library
    assert library._ORTHOGONAL_INDEXES == (0, 2, 4, 6)  # (the plain walk above reads them so)
    rng = random.Random(1)
    region, regions_of = BUILTINS["region"].run, BUILTINS["regions_of"].run
    for _ in range(200):
        kept = [s for s in spaces if rng.random() < rng.choice((0.3, 0.6, 0.9))]
        rng.shuffle(kept)
        start = rng.choice(spaces)
        state.fresh_budget()
        assert region(state, start, kept) == plain_region(start, set(kept))
        assert regions_of(state, kept) == plain_regions(kept)


def test_a_walled_race_counts_and_plays_as_before():
    game = load_game(str(GAMES / "walled-race.mire"))
    assert perft(game.new_state(seed=0, records=False), 2) == [87, 7482]
    summary = random_playouts(game, 4, seed=3)
    assert summary.wins == {"south": 3, "north": 1} and summary.lengths == [81, 82, 105, 83]
