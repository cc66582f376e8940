"""A random mover's move picked without listing every move, where that draws each legal move as likely as the
listing would (docs/backends.md, "Area boards": a random mover's pick).

A random mover (`play_one`: `mire simulate`, random arenas and balance, a search's random lines) needs one legal
move, each as likely. The listing tries every candidate: for an action `take(k in K, s in S, d in D)` with
`require`s, each k, s, d of its domains, the requires tested on each. When every parameter's domain is known
before the others' values (no domain, and no parameter's own `where`, reads another parameter), the candidates
of the actions open in the phase are the sum of the products of those domains: `pick_for_move` draws one
candidate of them all, each as likely, tests it, and keeps the first that passes (rejection sampling: given that
a candidate passes, each legal move is as likely). After TRIES candidates that fail (a quarter of them, at least
8), it goes through every candidate in the listing's order, keeps those that pass (the listing, its tests
written once for both), and draws among them as before. Either way each legal move is drawn with probability
1 / (legal moves), exactly: the first try that passes finds move m with probability (1 - (1 - L/C)^T) / L, and a
listing after T failures (probability (1 - L/C)^T) finds it with 1 / L. Fallback actions are listed only when no
other move is legal, which the listing after the failures decides.

Only where that is exactly the listing's distribution:
- each domain is made (and an area grown by it, `frontier`) as the listing makes it: the actions in order, each
  parameter's domain after the one before it, none after an empty one (the listing's loops do not reach it);
- the tests a candidate is drawn against (the `require`s, and a parameter's `where` that reads another parameter)
  must read the position only, and never stop the game with an error (a listing that tests every candidate
  would meet an error a pick may not): their source calls only PURE_HELPERS, reads the state vector or a
  constant table, nothing else;
- no action whose moves that read the same are one (twin pieces: `listing.unique`), nor one tried for its
  `ensure`s, nor one with a list for a parameter.

The moves drawn for a seed differ from those of a listing (the draws are the candidates'), so a series with a
seed plays other games than before; the games are the same distribution (tests/engine/test_native_areas.py:
replays, outcome rates). Where a game has no such action, pick_for_move is the prelude's: the listing, then one
draw among its moves, as before.
"""
from __future__ import annotations

import keyword
import re
from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N

# the helpers a tested candidate may call: they read the position (or a constant table) and return a value for
# any argument, never an error, never a write
PURE_HELPERS = frozenset((
    "empty_at", "top_at", "bottom_at", "at_xy", "area_step", "area_find", "area_coord", "is_area_place",
    "attr_of", "tile_edge", "land_of", "opposite_of", "owner_at", "count_at", "min", "max", "abs",
))
_CALL = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)\s*\(")
_INDEXED = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)\s*\[")


def pure_source(source: str) -> bool:
    """Does this test's source call only PURE_HELPERS, and index only the state vector and constant tables?"""
    if any(name not in PURE_HELPERS and not keyword.iskeyword(name) for name in _CALL.findall(source)):
        return False
    return all(name == "st" or name.isupper() for name in _INDEXED.findall(source))


def _names(e: N.Node) -> set:
    return {n.id for n in N.walk(e) if isinstance(n, N.Name)}


class MovePicking:
    """The Translator's part for a random mover's pick (areas.py writes it for a game with an area board)."""
    area_growth: bool
    if TYPE_CHECKING:  # (the Translator's, which inherits these methods)
        layout: Any
        actions: list
        choosing: Any

        def fresh(self, name: str) -> str: ...
        def expr(self, e: N.Expr, env: dict) -> str: ...
        def domain_loop(self, domain: N.Expr, var: str, env: dict, pad: str,
                        made: bool = True) -> tuple[list[str], int]: ...
        def param_bound(self, domain: N.Expr) -> int: ...
        def area_listing_env(self) -> dict: ...
        def area_listing_head(self) -> list[str]: ...
        def phase_gate(self, rule: N.Node, depth: int) -> tuple[list[str], int]: ...
        def phased(self, rule: N.Node) -> Optional[int]: ...
        def action_lister(self, a: N.Action, index: int, depth: int, exists: bool = False) -> list[str]: ...
        def row_columns(self, kinds: list) -> list[int]: ...

    def picked_action(self, a: N.Action, index: int) -> Optional[list]:
        """(params as (var, its domain's array, its count, their first lines, the lines filling them), the candidate
        test's source) of an action a pick
        may draw from; None where it may not (module doc)."""
        if a.name in getattr(self.layout, "dedupe", ()) or any(isinstance(n, N.Ensure) for n in N.walk(a)):
            return None
        kinds = self.actions[index][1]
        if any(kind.startswith("list of ") for kind in kinds) or not a.params:
            return None
        names = [p.name for p in a.params]
        env: dict = self.area_listing_env()
        params = []
        tests = []
        for i, p in enumerate(a.params):
            others = set(names[:i]) | set(names[i + 1:])
            if _names(p.domain) & set(names) or (p.test is not None and _names(p.test) & others):
                return None
            var = self.fresh(p.name)
            dom, count = self.fresh("dom"), self.fresh("ndom")
            loop, deeper = self.domain_loop(p.domain, var, env, "    ")
            pad = "    " * (1 + deeper)
            inner = {**env, p.name: var}
            body = [f"{pad}{dom}[{count}] = {var}", f"{pad}{count} += 1"]
            if p.test is not None:
                body = [f"{pad}if {self.expr(p.test, inner)}:"] + ["    " + line for line in body]
            made = [f"{dom} = np.empty({max(1, self.param_bound(p.domain))}, np.int64)", f"{count} = 0"]
            params.append((var, dom, count, made, loop + body))
            env[p.name] = var
        for s in a.body:
            if isinstance(s, N.Require):
                tests.append(f"({self.expr(s.test, env)})")
        test = " and ".join(tests) or "True"
        if not pure_source(test):
            return None
        return [params, test]

    def picker_source(self, regular: list, fallback: list) -> list[str]:
        """pick_for_move(st, jr, out, rng) of a game whose regular actions may all be picked from (module doc): the
        move written in out[0] and (1, 0), or the moves listed and (n, a row drawn); (0, 0): none. Nothing (the
        prelude's: listing_growth, then a draw) where one of them may not. After TRIES candidates that fail, the
        same loop goes through every candidate in the listing's order (the first parameter's the slowest), writing
        each that passes as listing_growth writes it, then the fallback actions when none did: the listing, with
        the candidates' tests written once."""
        picked = []
        self.area_growth = True  # (the listing's lines as listing_growth's: the growth journalled in jr)
        try:
            for i, a in enumerate(regular):
                found = self.picked_action(a, i)
                if found is None:
                    return []
                picked.append((i, a, *found))
            head = self.area_listing_head()
            fallbacks = []
            for i, a in enumerate(fallback, len(regular)):
                opened, deeper = self.phase_gate(a, 2)
                fallbacks += opened + self.action_lister(a, i, deeper)
        finally:
            self.area_growth = False
        lines = ["", "PICKS = 1", "", "@njit(cache=True)", "def pick_for_move(st, jr, out, rng):",
                 "    # a random mover's move (picking.py): a candidate drawn among the actions' domains and tested,",
                 "    # TRIES times, else every candidate in turn (the listing); returns (moves listed, the row drawn)",
                 "    if st[OVER] != 0:", "        return 0, 0"]
        if self.choosing:  # (a question pending: its answers listed, one drawn)
            lines += ["    if st[QPARTS] != 0:", "        n = list_pending(st, out)", "        return n, below(rng, n)"]
        lines += ["    mover = st[TURN]"] + head + ["    total = 0", "    n = 0"]
        lines += [f"    {m}" for _, _, params, _ in picked for _, _, _, made, _ in params for m in made]
        for i, a, params, _ in picked:
            phase = self.phased(a)
            lines.append(f"    size_{i} = 0")
            lines.append(f"    if {'True' if phase is None else f'st[PHASE] == {phase}'}:")
            product = []
            indent = "        "
            for _, _, count, _, made in params:
                lines += [" " * (len(indent) - 4) + m for m in made]
                product.append(count)
                lines.append(f"{indent}if {count} > 0:")
                indent += "    "
            lines.append(f"{indent}size_{i} = {' * '.join(product)}")
            lines.append(f"    total += size_{i}")
        lines += ["    if total > 0:", "        tries = max(8, total // 4)", "        for t in range(tries + total):",
                  "            scan = t >= tries  # (after the tries: every candidate in the listing's order)",
                  "            r = t - tries if scan else below(rng, total)", "            row = n if scan else 0"]
        for i, _, params, test in picked:
            lines += [f"            if r < size_{i}:"]
            for var, dom, count, _, _ in reversed(params):
                lines += [f"                {var} = {dom}[r % {count}]", f"                r //= {count}"]
            lines += [f"                if {test}:", f"                    out[row, 0] = {i}"]
            lines += self.picked_row(i, [var for var, _, _, _, _ in params], "                    ")
            lines += ["                    if not scan:", "                        return 1, 0",
                      "                    n += 1", "                continue", f"            r -= size_{i}"]
        if fallbacks:
            lines += ["    if n == 0:"] + fallbacks
        lines += ["    if n == 0:", "        return 0, 0", "    return n, below(rng, n)"]
        return lines

    def picked_row(self, index: int, names: list, pad: str) -> list[str]:
        """The lines that write the move picked into out[row] (its arguments' columns)."""
        kinds = self.actions[index][1]
        return [f"{pad}out[row, {column}] = {v}" for column, v in zip(self.row_columns(kinds), names)]
