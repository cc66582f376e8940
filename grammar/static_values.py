"""The numbers a rules file fixes before a game starts: board sizes, and what compares with them.

A board's size may be a number, a constant or an option with a value (`grid N x N`, `grid size x size`), or
arithmetic of them; it is worked out here, by the checker (with the options at their defaults, and at the ends
of their ranges) and by the compiler (with the values a game is started with). Anything else (a count, a
variable) is not fixed before the game, and gives None.
"""
from __future__ import annotations

from typing import Callable, Optional

from . import nodes as N

_LIMIT = 10 ** 15  # a fixed number of a rules file stays well inside what a board, a range or a count needs


class StaticValues:
    def __init__(self, sym, option_values: Optional[dict] = None, is_game_name: Optional[Callable] = None):
        """`option_values` gives some options other values than their defaults; `is_game_name(name_node)` says
        whether a name in an expression means the game's constant or option of that name (not a local)."""
        self.sym = sym
        self.values = option_values or {}
        self.is_game_name = is_game_name or (lambda node: True)
        self._busy: set[str] = set()

    def option_value(self, name: str) -> Optional[int]:
        o = self.sym.options.get(name)
        if o is None or o.default is None:
            return None
        return self.values.get(name, o.default)

    def int_of(self, e: N.Expr) -> Optional[int]:
        """The number e always is, or None."""
        v = self._value(e)
        return v if v is not None and abs(v) <= _LIMIT else None

    def _value(self, e) -> Optional[int]:
        if isinstance(e, N.Num):
            return e.value if isinstance(e.value, int) else None  # (a fraction is no size)
        if isinstance(e, N.Neg):
            v = self._value(e.value)
            return None if v is None else -v
        if isinstance(e, N.BinOp):
            a, b = self._value(e.left), self._value(e.right)
            if a is None or b is None or abs(a) > _LIMIT or abs(b) > _LIMIT:
                return None
            if e.op in ("/", "//", "%"):
                if b == 0 or (e.op == "/" and a % b):
                    return None  # `/` divides exactly: only a whole quotient is a whole number
                return a % b if e.op == "%" else a // b
            return {"+": a + b, "-": a - b, "*": a * b}.get(e.op)
        if isinstance(e, N.Name) and self.is_game_name(e):
            if e.id in self.sym.consts and e.id not in self._busy:
                self._busy.add(e.id)
                try:
                    return self._value(self.sym.consts[e.id].value)
                finally:
                    self._busy.discard(e.id)
            return self.option_value(e.id)
        return None

    def options_in(self, e: N.Expr) -> set[str]:
        """The valued options this expression's number depends on (through constants too)."""
        out: set[str] = set()
        todo, seen = [e], set()
        while todo:
            for n in N.walk(todo.pop()):
                if isinstance(n, N.Name) and self.is_game_name(n):
                    if n.id in self.sym.consts and n.id not in seen:
                        seen.add(n.id)
                        todo.append(self.sym.consts[n.id].value)
                    elif self.option_value(n.id) is not None:
                        out.add(n.id)
        return out


def fixed_form(e: N.Expr) -> bool:
    """Is this made only of numbers, names and arithmetic (what a board's size may be)?"""
    return all(isinstance(n, (N.Num, N.Name, N.BinOp, N.Neg)) for n in N.walk(e))
