"""Phases and graph boards in the native backend (docs/backends.md).

Phases: the phase the game is in is the slot PHASE (its index in the order the rules declare them). A phase's
actions are listed only in it, its `after move` and `turn start` triggers run only in it (the phase when the
moment begins, as turns.end_turn picks `S._after_move[S.phase]` once), `enter NAME` writes the slot, and after a
move's `after move` triggers, unless the game ended, `next_phase` moves on through the phases whose `until` holds
(turns.next_phase). What a player with no move does is the rule of the phase the game is in, its own `when stuck`
or else the game's (Game.stuck_rule): STUCK_BY_PHASE.

Graph boards: a point's neighbours are ADJ (library.adjacent, from the interpreter's state), and `in_a_row` on a
point of a graph walks the lines its rules draw through it (ALONG: library._in_a_row_along); the builtins that
read the plane otherwise (row, column, leaps, ...) are refused on a game with a graph board.
"""
from __future__ import annotations

from typing import Optional

from ...grammar import nodes as N
from .blocks import TranslatorPart

PHASES_PRELUDE = '''

@njit(cache=True)
def in_a_row_along(st, s, n):
    # in_a_row on a point of a graph: along the lines drawn through it, each way, the pieces of its top's owner
    p = st[TOP + s]
    if p < 0:
        return False
    who = st[PIECES + PSTRIDE * p + 1]
    for j in range(ALONG.shape[1]):
        if ALONG[s, j, 0, 0] < 0 and ALONG[s, j, 1, 0] < 0:
            continue
        run = 1
        for side in range(2):
            for k in range(ALONG.shape[3]):
                t = ALONG[s, j, side, k]
                if t < 0:
                    break
                q = st[TOP + t]
                if q < 0 or st[PIECES + PSTRIDE * q + 1] != who:
                    break
                run += 1
        if run >= n:
            return True
    return False


@njit(cache=True)
def in_a_row_at(st, s, n):
    # in_a_row on a point of a graph with lines, or on a grid's space
    if LINED[s] != 0:
        return in_a_row_along(st, s, n)
    return in_a_row(st, s, n)
'''

# the builtins that read the plane of a board, not native on a game with a graph board (neighbors(s) and
# in_a_row(s, n) are)
_GRAPH_GEOMETRY = frozenset(("border", "region", "regions_of", "touching", "ray", "direction", "opposite",
                             "relative", "row", "column", "distance", "offset", "leap", "adjacent", "frontier",
                             "line", "lines", "group"))


class PhaseTranslation(TranslatorPart):
    """The methods of Translator (translate.py) for phases and graph boards."""

    def phase_number(self, name: str) -> int:
        return list(self.sym.phases).index(name)

    def phased(self, rule: N.Node) -> Optional[int]:
        """The index of the phase an action or trigger belongs to, or None (every phase)."""
        phase = getattr(rule, "phase", None)
        return self.phase_number(phase) if phase is not None else None

    def phase_gate(self, rule: N.Node, depth: int) -> tuple[list[str], int]:
        """The test that opens a phase's action in the listers, and how much deeper its lines go."""
        k = self.phased(rule)
        if k is None:
            return [], depth
        return [f"{'    ' * depth}if st[PHASE] == {k}:"], depth + 1

    def next_phase_source(self) -> list[str]:
        """next_phase(st, jr): after a move's `after move` triggers, through the phases whose `until` holds."""
        phases = list(self.sym.phases.values())
        lines = ["", f"NPHASES = {len(phases)}", "", "@njit(cache=True)", "def next_phase(st, jr):",
                 "    mover = st[TURN]", "    k = st[PHASE]"]
        if len(phases) < 2:
            return lines + ["    return"]
        lines.append("    while k + 1 < NPHASES:")
        for i, ph in enumerate(phases[:-1]):
            test = "False" if ph.until is None else self.expr(ph.until, {})
            lines += [f"        {'if' if i == 0 else 'elif'} k == {i}:", f"            if not {test}:",
                      "                break"]
        lines += ["        k += 1", "        w(st, jr, PHASE, k)"]
        return lines

    def stuck_source(self) -> list[str]:
        """What the player to move does when they have no move, in each phase (one entry in a game without
        phases): how the game ends (6: they pass), and whether they are who it names (STUCK_SEAT_BY_PHASE).
        STUCK_KIND is 6 when a rule of any phase passes (end_turn then passes at once while that phase's rule
        is to pass)."""
        from .translate import END_KINDS
        rules = self.sym.stuck
        default = rules[None].rule if None in rules else "finish"
        kinds = [rules[name].rule if name in rules else default for name in self.sym.phases] or [default]
        passes = "pass" in kinds
        return ["", "# when the player to move has no move, in each phase: how the game ends (6: they pass), and "
                "whether they are who it names",
                f"STUCK_KIND = {6 if passes else END_KINDS[kinds[0]]}",
                f"STUCK_BY_PHASE = np.array({[END_KINDS[k] for k in kinds]!r}, dtype=np.int64)",
                f"STUCK_SEAT_BY_PHASE = np.array({[1 if k in ('win', 'lose') else 0 for k in kinds]!r}, "
                "dtype=np.int64)", ""]

    def enter_phase(self, s: N.Enter, pad: str) -> list[str]:
        return [f"{pad}w(st, jr, PHASE, {self.phase_number(s.phase)})"]

    def refuse_on_graph(self, call: N.Call) -> None:
        if self.layout is not None and self.layout.lined and call.func in _GRAPH_GEOMETRY \
                and not self.is_def(call.func):
            raise _refused(call.span, f"`{call.func}` on a game with a graph board")

    def graph_builtin(self, e: N.Call, env: dict, types: list) -> Optional[str]:
        """in_a_row(s, n) on a game with a graph board; else None."""
        if e.func == "in_a_row" and types == ["space", "int"] and self.layout.lined:
            return f"in_a_row_at(st, {self.expr(e.args[0], env)}, {self.expr(e.args[1], env)})"
        return None

    def linked_neighbors(self, domain: N.Call, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """`neighbors(s)` on a game with links (a graph, edges): the points joined to s, in the interpreter's
        order (library.adjacent); else None."""
        if domain.func != "neighbors" or len(domain.args) != 1 or not self.layout.linked or self.is_def(domain.func):
            return None
        k = self.fresh("k")
        origin = self.expr(domain.args[0], env)
        return [f"{pad}for {k} in range(ADJ.shape[1]):", f"{pad}    {var} = ADJ[{origin}, {k}]",
                f"{pad}    if {var} < 0:", f"{pad}        break"], 1


def _refused(span, construct: str) -> Exception:
    from .translate import Unsupported  # (translate.py builds on this module's mixin)
    return Unsupported(span, construct)
