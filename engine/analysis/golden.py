"""A golden playthrough: a seeded game written out state by state, with every legal move and the one played.

The tests diff these against files kept in the repository, so any change in a game's behaviour shows up in
review; `python -m mire.engine.analysis.golden DIR` writes them anew.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

from ..bots import RandomBot
from ..loader import bundled_games, load_game
from ..run.runtime import value_text
from .playout import play_game


def describe_state(state) -> str:
    """Every space that holds something, each zone's contents, and the variables (the whole truth)."""
    parts = []
    for s in state.spaces:
        if s.pieces:
            parts.append(f"{s.name}:" + ",".join(_piece(p) for p in s.pieces))
    lines = ["  board: " + (" ".join(parts) if parts else "(empty)")]
    zones = [*state.zones.values(), *[z for p in state.players for z in p.zones.values()]]
    for z in zones:
        if z.pieces:
            lines.append(f"  {z!r}: " + _runs([_piece(p) for p in z.pieces]))
    if state.vars:
        lines.append("  vars: " + " ".join(f"{k}={_value(v)}" for k, v in state.vars.items()))
    for p in state.players:
        if p.vars:
            lines.append(f"  {p.name}: " + " ".join(f"{k}={_value(v)}" for k, v in p.vars.items()))
    return "\n".join(lines)


def _runs(words):
    """`stone x60` for sixty identical pieces in a row."""
    out, i = [], 0
    while i < len(words):
        j = i
        while j < len(words) and words[j] == words[i]:
            j += 1
        out.append(words[i] if j - i == 1 else f"{words[i]} x{j - i}")
        i = j
    return ",".join(out)


def _piece(p):
    owner = f"{p.owner.name}:" if p.owner is not None else ""
    attrs = "/".join(str(v) for v in p.attrs.values())
    return f"{owner}{p.kind.name}" + (f"({attrs})" if attrs else "") + ("" if p.up else "v")


def _value(v):
    return value_text(v)


def playthrough(name: str, seed: int = 1, limit: int = 400) -> str:
    game = load_game(name)
    state = game.new_state(seed=seed)
    out = [f"# {game.title}, seed {seed}: each state, its legal moves, and the move played"]

    def write(state, seat, move):
        moves = state.legal_moves()
        phase = state.view(seat)["phase"]
        number = len(state.history) + 1
        out.append(f"\n## {number}. {state.players[seat].name} to move" + (f" ({phase})" if phase else ""))
        out.append(describe_state(state))
        out.append(f"  legal ({len(moves)}): " + ", ".join(m.text for m in moves))
        out.append(f"  plays: {move.text}")
    bot = RandomBot(random.Random(seed))
    play_game(state, [bot] * state.num_players, max_moves=limit, on_move=write)
    out.append("\n## end")
    out.append(describe_state(state))
    result = state.outcome()
    out.append(f"  result: {result.text if result else 'not over after ' + str(limit) + ' moves'}")
    return "\n".join(out) + "\n"


def write_all(folder: Path) -> list:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for g in bundled_games():
        path = folder / f"{g.name}.txt"
        path.write_text(playthrough(g.name))
        written.append(path)
    return written


if __name__ == "__main__":
    for p in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "tests/golden")):
        print(f"wrote {p}")
