"""Directions and offsets in the native backend (docs/backends.md): leaps by offsets, lists of directions or
offsets held in a def or a constant, the filter `until`, and kinds held in a name.

An offset (`(1, 2)`, `relative((1, -1), p)`, the items of `symmetric((1, 2))`) is one whole number, apart from
the compass directions' numbers (0-7): OFF_BASE + (dx + OFF_HALF) * OFF_SPAN + (dy + OFF_HALF). Where the
interpreter's `neighbors(s, STEPS)` steps by a direction through its neighbours and leaps by an offset through the
board's coordinates (library._leap_from), `leap_by(s, code)` does the same: a direction through NBR, an offset
through AT (the space of s's board at s's column and row plus the offset). `symmetric(O)` of an offset written out
is worked out when the game is translated (library.symmetric's order: clockwise from north); `relative(O, P)` at
run time, turned by the seat's quarter turns (FACING: 0 south, 1 east, 2 north, 3 west, Player.turns).

`x in L until C` (the items up to and including the first that meets C): a flag, set by each item's test, stops
the loop at the next item (library._through's order).

A kind held in a name (`k in PROMOTIONS`, `place k for mover at b`): its number, as a kind written by name is.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N
from ...grammar.symbols import Checked
from ...grammar.types import DIRECTION_SETS, DIRECTIONS

OFF_BASE = 1 << 20  # an offset's number is at least this (the directions are 0-7)
OFF_HALF = 64  # an offset's steps are within -64..63 each way
OFF_SPAN = 128
_DIR_INDEX = {name: i for i, name in enumerate(DIRECTIONS)}


def offset_code(dx: int, dy: int) -> int:
    """The number an offset is in the native code."""
    if not (-OFF_HALF <= dx < OFF_HALF and -OFF_HALF <= dy < OFF_HALF):
        raise ValueError(f"an offset too long for the native code: ({dx}, {dy})")
    return OFF_BASE + (dx + OFF_HALF) * OFF_SPAN + (dy + OFF_HALF)


def symmetric_offsets(dx: int, dy: int) -> list[tuple[int, int]]:
    """library.symmetric's offsets in its order (clockwise from north, then the shorter first)."""
    images = {(x, y) for x, y in ((dx, dy), (dy, dx)) for x in (x, -x) for y in (y, -y)}
    return sorted(images, key=lambda v: (math.atan2(v[0], v[1]) % (2 * math.pi), abs(v[0]) + abs(v[1])))


# the compiled helpers (appended to the module by build.py)
DIRECTION_HELPERS = f'''

OFF_BASE = {OFF_BASE}
OFF_HALF = {OFF_HALF}
OFF_SPAN = {OFF_SPAN}
# each compass direction's step (dx, dy)
DIR_DX = np.array({[v[0] for v in DIRECTIONS.values()]!r}, dtype=np.int64)
DIR_DY = np.array({[v[1] for v in DIRECTIONS.values()]!r}, dtype=np.int64)


@njit(cache=True)
def off_code(dx, dy):
    # an offset as its number (directions.py)
    if dx < -OFF_HALF or dx >= OFF_HALF or dy < -OFF_HALF or dy >= OFF_HALF:
        raise ValueError("an offset too long for the native code")
    return OFF_BASE + (dx + OFF_HALF) * OFF_SPAN + (dy + OFF_HALF)


@njit(cache=True)
def off_dx(code):
    if code < 0:
        return 0
    if code < OFF_BASE:
        return DIR_DX[code]
    return (code - OFF_BASE) // OFF_SPAN - OFF_HALF


@njit(cache=True)
def off_dy(code):
    if code < 0:
        return 0
    if code < OFF_BASE:
        return DIR_DY[code]
    return (code - OFF_BASE) % OFF_SPAN - OFF_HALF


@njit(cache=True)
def relative_off(code, seat):
    # relative(O, P): O read from P's seat, turned counter-clockwise by its quarter turns (runtime.rotate)
    if code < 0 or seat < 0:
        return -1
    dx = off_dx(code)
    dy = off_dy(code)
    for _ in range(FACING[seat] % 4):
        t = dx
        dx = -dy
        dy = t
    return off_code(dx, dy)


@njit(cache=True)
def leap_by(s, code):
    # the space one direction or one offset away from s (library._leap_from): a direction through the
    # neighbours, an offset through the board's coordinates; -1 for none
    if s < 0 or code < 0:
        return -1
    if code < OFF_BASE:
        return NBR[s, code]
    b = SBOARD[s]
    if b < 0:
        return -1
    return at_xy(b, SX[s] + off_dx(code), SY[s] + off_dy(code))
'''


class DirectionTranslation:
    """Translator's part for offsets, lists of directions in names, `until` and kinds in names (a mixin)."""

    if TYPE_CHECKING:  # (what it reads of the Translator)
        checked: Checked
        sym: Any
        layout: Any

        def expr(self, e: N.Expr, env: dict) -> str: ...
        def type_of(self, e: N.Node) -> Any: ...
        def is_def(self, name: str) -> bool: ...
        def fresh(self, name: str) -> str: ...
        def list_value(self, e: N.Expr, env: dict) -> str: ...
        def domain_loop(self, domain: N.Expr, var: str, env: dict, pad: str,
                        made: bool = True) -> tuple[list[str], int]: ...

    # ------------------------------------------------------------ offsets
    def constant_number(self, e: N.Expr) -> Optional[int]:
        """A whole number written out (or negated, or a constant of one); else None."""
        if isinstance(e, N.Num) and int(e.value) == e.value:
            return int(e.value)
        if isinstance(e, N.Neg):
            inner = self.constant_number(e.value)
            return None if inner is None else -inner
        if isinstance(e, N.Name) and self.checked.meaning(e).category == "const":
            return self.constant_number(self.sym.consts[e.id].value)
        return None

    def expr_OffsetLit(self, e: N.OffsetLit, env: dict) -> str:
        dx, dy = self.constant_number(e.dx), self.constant_number(e.dy)
        if dx is not None and dy is not None:
            return str(offset_code(dx, dy))
        return f"off_code({self.expr(e.dx, env)}, {self.expr(e.dy, env)})"

    def offset_call(self, e: N.Call, env: dict) -> Optional[str]:
        """relative(O[, P]) as its number; else None."""
        if e.func != "relative" or self.is_def(e.func) or self.type_of(e).base != "offset":
            return None
        seat = self.expr(e.args[1], env) if len(e.args) > 1 else "mover"
        return f"relative_off({self.step_code(e.args[0], env)}, {seat})"

    def step_code(self, e: N.Expr, env: dict) -> str:
        """A direction or an offset as its number (a relative direction: the mover's compass one)."""
        if self.type_of(e).base == "dir":
            return self.direction(e, env)  # type: ignore[attr-defined]
        return self.expr(e, env)

    def offset_list(self, e: N.Expr, env: dict) -> Optional[str]:
        """symmetric(O) of an offset written out, as an array worked out now; else None."""
        if not (isinstance(e, N.Call) and e.func == "symmetric" and not self.is_def(e.func) and len(e.args) == 1):
            return None
        o = e.args[0]
        if isinstance(o, N.OffsetLit):
            dx, dy = self.constant_number(o.dx), self.constant_number(o.dy)
        elif isinstance(o, N.Name) and o.id in _DIR_INDEX and self.checked.meaning(o).category == "builtin":
            dx, dy = DIRECTIONS[o.id]
        else:
            dx = dy = None
        if dx is None or dy is None:
            from .translate import Unsupported
            raise Unsupported(o.span, "`symmetric` of an offset that is not written out")
        codes = [offset_code(x, y) for x, y in symmetric_offsets(dx, dy)]
        return f"np.array({codes!r}, dtype=np.int64)"

    def constant_steps(self, given: N.Expr) -> Optional[list[str]]:
        """The steps of a list of directions or offsets known when the game is translated (a constant or a def
        of no parameters naming a list written out of compass directions or offsets, a direction set,
        `symmetric` of an offset written out), as numbers; else None."""
        if isinstance(given, N.Name) and self.checked.meaning(given).category == "const":
            return self.constant_steps(self.sym.consts[given.id].value)
        if isinstance(given, N.Call) and self.is_def(given.func) and not given.args \
                and not isinstance(self.sym.defs[given.func].body, N.DefBlock):
            return self.constant_steps(self.sym.defs[given.func].body)
        if isinstance(given, N.Name) and given.id in DIRECTION_SETS \
                and self.checked.meaning(given).category == "builtin":
            return [str(_DIR_INDEX[d]) for d in DIRECTION_SETS[given.id]]
        if isinstance(given, N.Call) and given.func == "symmetric" and not self.is_def(given.func):
            o = given.args[0] if given.args else None
            if isinstance(o, N.OffsetLit):
                dx, dy = self.constant_number(o.dx), self.constant_number(o.dy)
                if dx is not None and dy is not None:
                    return [str(offset_code(x, y)) for x, y in symmetric_offsets(dx, dy)]
            return None
        if isinstance(given, N.ListLit) and given.items:
            out = []
            for item in given.items:
                if isinstance(item, N.Name) and item.id in _DIR_INDEX \
                        and self.checked.meaning(item).category == "builtin":
                    out.append(str(_DIR_INDEX[item.id]))
                    continue
                dx = self.constant_number(item.dx) if isinstance(item, N.OffsetLit) else None
                dy = self.constant_number(item.dy) if isinstance(item, N.OffsetLit) else None
                if dx is None or dy is None:
                    return None
                out.append(str(offset_code(dx, dy)))
            return out
        return None

    def stepped_neighbors(self, domain: N.Call, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """`neighbors(s, STEPS)` where STEPS are offsets, or directions a constant or a def holds: the spaces one
        step (a direction) or one leap (an offset) away, in the list's order; else None."""
        if domain.func != "neighbors" or len(domain.args) != 2 or isinstance(domain.args[1], N.Comprehension):
            return None
        given = domain.args[1]
        element = self.type_of(given).element.base if self.type_of(given).is_list else None
        constant = self.constant_steps(given)
        written_dirs = isinstance(given, N.ListLit) and element == "dir"
        if element != "offset" and (constant is None or written_dirs):
            return None  # (directions written out, or worked out at run time: translate.py's own loops)
        origin = self.expr(domain.args[0], env)
        d = self.fresh("d")
        steps = f"({', '.join(constant)},)" if constant is not None else self.list_value(given, env)
        return [f"{pad}for {d} in {steps}:", f"{pad}    {var} = leap_by({origin}, {d})",
                f"{pad}    if {var} >= 0:"], 2

    # ------------------------------------------------------------ `until`
    def until_loop(self, domain: N.Expr, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """`x in L until C`: L's items up to and including the first that meets C; else None."""
        if not (isinstance(domain, N.Filter) and domain.mode == "until"):
            return None
        stop = self.fresh("stop")
        lines, deeper = self.domain_loop(domain.domain, var, env, pad)
        indent = pad + "    " * deeper
        test = self.expr(domain.test, {**env, domain.var: var})
        # (the flag stops the loop at the item after the first that meets the test; in a loop of several levels
        # each inner pass stops at once)
        return [f"{pad}{stop} = False"] + lines + [f"{indent}if {stop}:", f"{indent}    break",
                                                  f"{indent}{stop} = {test}"], deeper

    # ------------------------------------------------------------ kinds in names
    def kind_param(self, p: N.Param) -> Optional[str]:
        """An action's parameter over kinds: its values are the kinds' numbers, named by the kinds' names."""
        t = self.type_of(p.domain)
        if t.is_list and t.element.base == "kind":
            return "enum " + " ".join(self.layout.kinds)
        return None

    def placed_kind(self, s: N.Place, env: dict) -> Optional[str]:
        """The kind of `place K ...` held in a name (a parameter, a `let`), as its number; else None."""
        if self.type_of(s.kind).base == "kind" and not self.type_of(s.kind).is_list:
            return f"checked_kind({self.expr(s.kind, env)})"
        return None


KIND_HELPERS = '''

@njit(cache=True)
def checked_kind(k):
    # a kind held in a name, for `place`: none is the rules' error, as in the interpreter
    if k < 0:
        raise ValueError("a piece of no kind was placed")
    return k
'''


def joined_bound(translator, domain: N.Expr) -> Optional[int]:
    """list_bound of two lists joined (`a + b`: both bounds) or of a comprehension (its loops' bounds
    multiplied); else None."""
    if isinstance(domain, N.BinOp) and domain.op == "+" and translator.type_of(domain).is_list:
        return translator.list_bound(domain.left) + translator.list_bound(domain.right)
    if isinstance(domain, N.Name) and translator.checked.meaning(domain).category == "const":
        return translator.list_bound(translator.sym.consts[domain.id].value)
    if isinstance(domain, N.ListLit):
        return len(domain.items)
    if isinstance(domain, N.Comprehension):
        total = 1
        for loop in domain.fors:
            total *= translator.list_bound(loop.domain)
        return total
    return None


class KindBounds:
    """How many pieces of a kind a loop over them may meet (a mixin of the Translator): the start's pieces for a
    kind no rule makes; for a kind a rule may make, a parameter's loop in an action of several parameters guesses
    (the places, or the start's pieces if more) and its listing stops with an error past its rows, never another
    game."""

    if TYPE_CHECKING:
        checked: Checked
        sym: Any
        layout: Any
        list_params: bool

        def kind_and_owner(self, domain: N.Expr, env: dict) -> tuple[Optional[int], Optional[str]]: ...

    def made_kinds(self) -> Optional[set]:
        """The kinds a rule may place (`place K`, a kind held in a parameter over a constant list of kinds); None:
        any kind."""
        made: set = set()
        params = {p.name: p for a in self.sym.actions.values() for p in a.params}
        for n in N.walk(self.checked.module):
            if not isinstance(n, N.Place):
                continue
            if not isinstance(n.kind, N.Name):
                return None
            category = self.checked.meaning(n.kind).category
            if category == "kind":
                made.add(n.kind.id)
                continue
            listed = _kinds_listed(self, params[n.kind.id].domain) if n.kind.id in params else None
            if listed is None:
                return None
            made |= listed
        return made

    def kind_of_domain(self, domain: N.Expr) -> Optional[str]:
        what = domain.what if isinstance(domain, N.Of) else domain
        if isinstance(what, N.Name) and self.checked.meaning(what).category == "kind":
            return what.id
        return None

    def unmade_kind_bound(self, domain: N.Expr) -> Optional[int]:
        """list_bound of a kind's pieces (of a player) when no rule makes that kind: the start's pieces."""
        kind = self.kind_of_domain(domain)
        made = self.made_kinds()
        if kind is None or made is None or kind in made:
            return None
        return max(1, self.layout.start_pieces)

    def guessed_kind_bound(self, domain: N.Expr) -> Optional[int]:
        """param_bound of a kind's pieces that a rule may make: a guess, its listing guarded."""
        if self.kind_of_domain(domain) is None or self.unmade_kind_bound(domain) is not None:
            return None
        # (only in an action of several parameters, whose bounds multiply: one parameter over all the pieces a game
        # may make is a listing of that many rows, as before)
        action = next((a for a in self.sym.actions.values() if any(p.domain is domain for p in a.params)), None)
        if action is None or len(action.params) < 2:
            return None
        self.list_params = True  # (the lister then stops with an error past its rows)
        return max(self.layout.start_pieces, self.layout.board_spaces, 1)


def _kinds_listed(translator, domain: N.Expr) -> Optional[set]:
    """The kinds of a list of kinds written out (or a constant of one); else None."""
    if isinstance(domain, N.Name) and translator.checked.meaning(domain).category == "const":
        return _kinds_listed(translator, translator.sym.consts[domain.id].value)
    if isinstance(domain, N.ListLit) and all(isinstance(i, N.Name) and translator.checked.meaning(i).category
                                             == "kind" for i in domain.items):
        return {i.id for i in domain.items if isinstance(i, N.Name)}
    return None
