"""`path(s, d)` in the native backend: the spaces of every board from s (not included) in direction d across the
plane, in the interpreter's order (library._path: each point of the plane looked at in turn, to its bound, a point
that holds a space giving the space the plane keeps there). PATH[s, d, k] is made at translation from the
interpreter's plane (Layout.plane), written once in the module where the rules use `path`; -1 past the last.
A path's steps are not counted against a move's budget natively (no rule's steps are)."""
from __future__ import annotations

from ...grammar.types import DIRECTIONS


def path_table(layout) -> tuple[int, list[int]]:
    """(the longest path, PATH flattened as [space][direction][k])."""
    paths = []
    for s in range(len(layout.space_names)):
        for dx, dy in DIRECTIONS.values():
            out: list[int] = []
            if s < layout.board_spaces:
                x, y = layout.px[s] + dx, layout.py[s] + dy
                while abs(x) <= layout.plane_bound and abs(y) <= layout.plane_bound:
                    t = layout.plane.get((x, y))
                    if t is not None:
                        out.append(t)
                    x += dx
                    y += dy
            paths.append(out)
    longest = max([1] + [len(p) for p in paths])
    return longest, [v for p in paths for v in p + [-1] * (longest - len(p))]


def path_loop(translator, domain, var: str, env: dict, pad: str) -> list[str]:
    """The loop head binding `var` to each space of `path(s, d)` (d a compass or relative direction)."""
    if not getattr(translator, "path_written", False):
        translator.path_written = True
        longest, flat = path_table(translator.layout)
        translator.helpers += ["", "# PATH[s, d, k]: the k-th space of path(s, d) across the plane (-1: past the last)",
                               f"PATHLEN = {longest}",
                               f"PATH = np.array({flat!r}, dtype=np.int64).reshape(NSPACES, 8, PATHLEN)"]
    k, origin = translator.fresh("k"), translator.fresh("origin")
    d = translator.direction(domain.args[1], env)
    return [f"{pad}{origin} = {translator.expr(domain.args[0], env)}",
            f"{pad}for {k} in range(PATHLEN if {origin} >= 0 and {d} >= 0 else 0):",
            f"{pad}    {var} = PATH[{origin}, {d}, {k}]", f"{pad}    if {var} < 0:", f"{pad}        break"]
