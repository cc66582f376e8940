"""A checked game -> the Python source of a numba module that plays it on arrays (docs/backends.md).

The source is made from the same checked AST the interpreter's compiler reads (`Checked`: the declarations,
the type and the meaning of every expression) and from the topology of a State the interpreter built (its
spaces, their neighbours, the seats' facings), so that both backends see one board. Each construct becomes a few
lines over one int64 vector `st` (the state) and `jr` (its journal of writes); a construct this module does not
translate yet raises `Unsupported` with its file:line, so that a game is never played differently.
"""
from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction
from typing import Iterator, Optional

from ...grammar import nodes as N
from ...grammar.symbols import Checked
from ...grammar.types import DIRECTION_SETS, DIRECTIONS, ORTHOGONAL, RELATIVE_DIRECTIONS
from ..run.topology import HEX_STEPS
from .areas import AreaTranslation, area_refusal
from .attributes import AttributeTranslation, check_attribute_types
from .blocks import BlockTranslation
from .boards import BOARD_HELPERS, BoardTranslation
from .by_itself import ByItselfTranslation
from .chance import JOURNAL_LOCAL, ChanceTranslation
from .choices import ChoiceTranslation
from .directions import DIRECTION_HELPERS, KIND_HELPERS, DirectionTranslation, KindBounds, joined_bound
from .layout import VAR_TYPES, Layout
from .legality import LegalityTranslation, has_ensures
from .lists import ListTranslation, list_variables
from .paths import PATH_HELPERS, PathTranslation
from .per_player import PlayerBoardTranslation
from .phases import PhaseTranslation
from .positions import PositionTranslation
from .walls import WallTranslation

_DIR_INDEX = {name: i for i, name in enumerate(DIRECTIONS)}
_REL_INDEX = {name: i for i, name in enumerate(RELATIVE_DIRECTIONS)}
# what an ending statement becomes in st[END_KIND] (0: the game goes on)
END_KINDS = {"win": 1, "lose": 2, "draw": 3, "finish": 4, "shared": 5, "pass": 6}
STUCK_KINDS = ("win", "lose", "draw", "finish", "pass")
# builtin names and what they read
_BUILTIN_NAMES = {"mover": "mover", "opponent": "opponent_of(mover)", "true": "True", "yes": "True", "false": "False",
                  "no": "False", "none": "-1", "turn": "st[TURNNO]", "decisions": "st[DECISIONS]"}
# builtins of scalars: (name, the arguments' types) -> the source, the arguments' sources in {0}, {1}
_SIMPLE_BUILTINS = {
    ("direction", ("space", "space")): "direction_of({0}, {1})", ("opposite", ("dir",)): "opposite_of({0})",
    ("next_player", ("player",)): "(({0} + 1) % NP)",
    ("seat", ("int",)): "({0} - 1)", ("empty", ("space",)): "empty_at(st, {0})", ("top", ("space",)): "top_at(st, {0})",
    ("owner", ("space",)): "owner_at(st, {0})", ("owner", ("piece",)): "owner_of(st, {0})",
    ("in_a_row", ("space", "int")): "in_a_row(st, {0}, {1})", ("row", ("space", "player")): "row_of({0}, {1})",
    ("column", ("space", "player")): "column_of({0}, {1})",
    # (the smaller, the larger of two whole numbers: library.min_, max_)
    ("min", ("int", "int")): "min({0}, {1})", ("max", ("int", "int")): "max({0}, {1})"}
_MAX_INLINE = 20  # defs written in place of their calls, one inside another, at most

# declarations the native code needs nothing of (the start position, views and texts stay with the interpreter)
# (a text, an enum value, a kind: its number, attributes.py)
_SCALARS = ("space", "int", "player", "piece", "dir", "bool", "zone", "text", "enum", "kind", "offset")
# what a place (a piece's destination, what count/top/empty read) may be: a space, a zone, or a value the checker
# could not type (a list mixing spaces and zones: its items are places too)
_PLACES = ("space", "zone", "any")
_PASSIVE = (N.Game, N.Players, N.About, N.Show, N.Display, N.Status, N.Enum, N.Legend)
# the moments of a game's triggers, and the function of the generated module that runs each moment's triggers
TRIGGER_MOMENTS = {"after move": "after_move", "turn start": "turn_start", "end": "at_end"}


# the builtins that read a board's directions or plane: not native on a hex board yet (group(s) is)
_HEX_GEOMETRY = frozenset(("neighbors", "border", "region", "regions_of", "touching", "ray", "direction", "in_a_row",
                           "opposite", "relative", "row", "column", "distance", "offset", "leap", "adjacent",
                           "frontier", "line", "lines"))


class Unsupported(Exception):
    """A construct the native backend does not translate yet: where it is written, and what it is."""

    def __init__(self, span: Optional[N.Span], construct: str):
        self.span, self.construct = span, construct
        where = f"{span.file}:{span.line}: " if span is not None else ""
        super().__init__(f"{where}the native backend does not handle {construct} yet")


class Translator(AreaTranslation, ListTranslation, ByItselfTranslation, AttributeTranslation, ChanceTranslation,
                 BlockTranslation, PhaseTranslation, ChoiceTranslation,
                 LegalityTranslation, PathTranslation, BoardTranslation, WallTranslation,
                 PlayerBoardTranslation, DirectionTranslation, PositionTranslation, KindBounds):
    """Writes the module's rules part (the constants and helpers are in runtime_source.py)."""

    def __init__(self, checked: Checked, layout: Layout, sources: dict):
        self.checked, self.sym, self.layout, self.sources = checked, checked.symbols, layout, sources
        self.lines: list[str] = []
        self.fresh_count = 0
        self.said_line = 0  # the line of the rules last written as a comment (a line is written once)
        self.overlays: list[dict] = []  # the types of defs' bodies written in place, for their calls' arguments
        self.helpers: list[str] = []  # functions of aggregates (count, any, all, first over a loop)
        self.inlined = 0
        self.max_moves = 0  # the most moves a listing can give, worked out from the domains' sizes
        self.width = 1  # 1 + the most parameters of an action
        self.actions: list[tuple[str, list[str]]] = []  # each action's name and its parameters' kinds
        self.init_blocks()

    def type_of(self, e: N.Node):
        for types in reversed(self.overlays):
            if e in types:
                return types[e]
        return self.refined_type(e, self.checked.type_of(e))  # (a def's call typed for its arguments: walls.py)

    # ------------------------------------------------------------ the game as a whole
    def translate(self) -> str:
        self.refuse_declarations()
        self.refuse_walled_constants()
        self.refuse_area_constructs()
        actions = [a for a in self.sym.actions.values()]
        regular = [a for a in actions if not a.fallback]
        fallback = [a for a in actions if a.fallback]
        self.prepare_choices(regular + fallback)
        out: list[str] = []
        for i, a in enumerate(regular + fallback):
            out += self.action_body(a, i)
        out += self.lister(regular, fallback)
        out += self.lister(regular, fallback, exists=True)
        out += self.area_functions(regular, fallback)
        dispatch = (self.choice_dispatcher if self.choosing else self.dispatcher)(regular + fallback)
        out += self.area_apply_listed(dispatch)  # (areas.py: apply_listed)
        out += self.triggers()
        out += self.start_functions()
        out += self.next_phase_source()
        out += self.legality_functions() + self.position_functions()
        out += [PATH_HELPERS, BOARD_HELPERS, DIRECTION_HELPERS, KIND_HELPERS] + self.board_constants()
        out += self.stuck_source()
        out += self.ranking()
        return "\n".join(out + self.helpers) + "\n"

    def refuse_declarations(self) -> None:
        check_attribute_types(self.checked)
        held = {name for name, _, _ in native_variables(self.checked)}
        for item in self.checked.module.items:
            if isinstance(item, N.Var):
                if item.name not in held:
                    written = item.type.name == "list" and whole_list_written(self.checked, item.name)
                    raise Unsupported(item.span, f"a variable of type {_type_words(item.type)}"
                                      + (" that the rules write whole" if written else ""))
                continue
            if isinstance(item, N.Trigger):
                continue
            refused = _refusal(item)
            if refused is not None:
                raise Unsupported(*refused)
        for stuck in self.sym.stuck.values():  # (a phase's own rule too: phases.py's stuck_source)
            if stuck.rule not in STUCK_KINDS:
                raise Unsupported(stuck.span, f"`when stuck: {stuck.rule}`")

    def triggers(self) -> list[str]:
        """A function per trigger, and per moment one that runs that moment's triggers in the order they are
        written (an ending statement stops its own trigger, not the others: each is a function of its own)."""
        out: list[str] = []
        moments: dict[str, list[str]] = {event: [] for event in TRIGGER_MOMENTS}
        for k, item in enumerate(self.sym.triggers.values()):
            name = f"trig_{k}"
            # (a phase's trigger runs in the phase the moment began in: `ph`; `at end` ones run in any phase)
            phase = self.phased(item) if item.event != "end" else None
            moments[item.event].append(name if phase is None else f"if ph == {phase}:\n        {name}")
            out += ["", f"# trigger {item.name} ({item.span.file}:{item.span.line})", "@njit(cache=True)",
                    f"def {name}(st, jr):", "    mover = st[TURN]"] \
                + self.block(item.body, {JOURNAL_LOCAL: "jr"}, 1) + ["    return"]
        for event, function in TRIGGER_MOMENTS.items():
            calls = [f"    {name}(st, jr)" for name in moments[event]] or ["    return"]
            if event == "turn start" and moments[event]:
                calls += self.turn_start_next()  # (`next P` at a turn's start: lists.py)
            if any(name.startswith("if ") for name in moments[event]):
                calls.insert(0, "    ph = st[PHASE]")
            out += ["", "@njit(cache=True)", f"def {function}(st, jr):"] + calls
        out.append(f"HAS_TURN_START = {1 if moments['turn start'] else 0}")
        return out

    def ranking(self) -> list[str]:
        """rank_keys(st, out): out[p, k] = rank key k of seat p, for a game that finishes by its ranking."""
        rank = self.sym.rank
        keys = rank.keys if rank is not None else ()
        score = self.layout.var_slot.get("score") is not None and self.sym.vars["score"].per_player
        lines = ["", f"NKEYS = {max(1, len(keys))}", f"HAS_RANK = {1 if keys or score else 0}",
                 f"TIES_SHARE = {1 if rank is not None and rank.ties_share else 0}",
                 "", "@njit(cache=True)", "def rank_keys(st, out):", "    mover = st[TURN]",
                 "    for p in range(NP):"]
        lines[1:1] = [f"HAS_SCORE = {1 if score else 0}", "", "@njit(cache=True)", "def scores_into(st, out):",
                      "    # each seat's score, for the outcome (ending.outcome)",
                      "    for p in range(NP):", f"        out[p] = {'st[VAR_score + p]' if score else '0'}"]
        if not keys:
            # (without `rank by`, a game with a score of each player is ranked by it, as ending._ranking does)
            return lines + [f"        out[p, 0] = {'st[VAR_score + p]' if score else '0'}"]
        for k, key in enumerate(keys):
            if self.type_of(key).base != "int":
                raise Unsupported(key.span, "a rank key that is not a whole number")
            lines.append(f"        out[p, {k}] = {self.expr(key, {'player': 'p'})}")
        return lines

    # ------------------------------------------------------------ actions
    def action_body(self, a: N.Action, index: int) -> list[str]:
        env = {JOURNAL_LOCAL: "jr"}  # (an effect may draw: chance.py)
        params = []
        kinds = []
        for p in a.params:
            var = self.fresh(p.name)
            env[p.name] = var
            params.append(var)
            kinds.append(self.kind_of_param(p))
        self.actions.append((a.name, kinds))
        self.width = max(self.width, self.row_width(kinds))
        head = ", ".join(["st", "jr", "mover"] + params)
        self.in_action = True  # (an `ensure` is read only in an action's effect)
        try:
            with self.typed_for_params(a, kinds):
                body = self.block([s for s in a.body if not isinstance(s, N.Require)], env, 1)
        finally:
            self.in_action = False
        return ["", f"# action {a.name} ({a.span.file}:{a.span.line})", "@njit(cache=True)",
                f"def act_{index}({head}):"] + body + ["    return"]

    def kind_of_param(self, p: N.Param) -> str:
        listed = self.list_param_kind(p) or self.kind_param(p)  # (a kind: directions.py)
        if listed is not None:
            return listed
        t = self.type_of(p.domain)
        kind = t.element.base if t.is_list else ("piece" if t.base in ("zone", "space") else None)  # (its pieces)
        values = self.enum_values(p.domain)
        if values is not None:  # (a move names the value by its name: game.move_text)
            return "enum " + " ".join(values)
        if kind not in ("space", "int", "player", "piece", "text", "dir"):
            raise Unsupported(p.span, f"a parameter of type {t.element.base if t.is_list else t.base}")
        return kind

    def lister(self, regular: list, fallback: list, exists: bool = False) -> list[str]:
        if exists:
            lines = ["", "@njit(cache=True)", "def has_move(st):", "    # has the player to move a legal move?",
                     "    if st[OVER] != 0:", "        return False", "    mover = st[TURN]"]
        else:
            lines = ["", "@njit(cache=True)", "def list_moves(st, out):",
                     "    # every legal move of the player to move: out[k] = (action, its arguments...)",
                     "    n = 0", "    if st[OVER] != 0:", "        return 0", "    mover = st[TURN]"]
        lines += self.area_listing_head()
        lines += self.pending_listing(exists)
        if has_ensures(self.checked):  # (a journal of its own for the moves tried for their `ensure`s)
            lines.append("    tj = np.empty(1 + 2 * TCAP, np.int64)")
        bound = 0
        for i, a in enumerate(regular):
            gate, depth = self.phase_gate(a, 1)
            lines += gate + self.action_lister(a, i, depth, exists)
            bound += self.domain_bound(a)
        if fallback:
            if not exists:
                lines.append("    if n == 0:")
            for i, a in enumerate(fallback, len(regular)):
                gate, depth = self.phase_gate(a, 1 if exists else 2)
                lines += gate + self.action_lister(a, i, depth, exists)
                bound += self.domain_bound(a)
        self.max_moves = max(1, bound)
        return lines + ["    return False" if exists else "    return n"]

    def action_lister(self, a: N.Action, index: int, depth: int, exists: bool = False) -> list[str]:
        env: dict[str, str] = self.area_listing_env()
        lines: list[str] = []
        pad = "    " * depth
        names = []
        for p in a.params:
            var = self.fresh(p.name)
            loop, deeper = self.domain_loop(p.domain, var, env, pad)
            lines += loop
            pad += "    " * deeper
            env[p.name] = var
            names.append(var)
            if p.test is not None:
                lines.append(f"{pad}if {self.expr(p.test, env)}:")
                pad += "    "
        for s in a.body:  # (`require` lines, at the top of the body, are conditions of the whole move)
            if isinstance(s, N.Require):
                lines.append(f"{pad}if {self.expr(s.test, env)}:")
                pad += "    "
        if exists:
            written = [f"{pad}return True"]
        else:
            written = self.row_lines(pad, index, a, names) + self.counted(a, pad)
        if any(isinstance(n, N.Ensure) for n in N.walk(a)):  # (kept only if its effect meets its `ensure`s)
            written = self.tried_row(index, names, pad, written)
        lines += written
        return [f"{'    ' * depth}# {a.name} ({a.span.file}:{a.span.line})"] + self.first_row(a, depth, exists) + lines

    def domain_loop(self, domain: N.Expr, var: str, env: dict, pad: str, made: bool = True) -> tuple[list[str], int]:
        """The loop head(s) that bind `var` to each item of a list, in the interpreter's order (items that a
        loop's body may change are read as it goes: see `materialised`), and how many levels deeper the loop's
        body is."""
        if self.is_ragged(domain) or self.is_def_block(domain):
            return self.block_loop(domain, var, env, pad)
        if isinstance(domain, N.Name):
            named = self.named_domain(domain)
            if named is not None:
                return [f"{pad}for {var} in {named}:"], 1
        if isinstance(domain, N.Call) and not self.is_def(domain.func):
            found = self.builtin_loop(domain, var, env, pad)
            if found is not None:
                return found
        if isinstance(domain, N.Of) and not self.type_of(domain).element.base == "piece" \
                and self.type_of(domain.what).element.base == "space":
            # `BOARD of P`: the spaces whose top piece P owns
            lines, deeper = self.domain_loop(domain.what, var, env, pad)
            indent = pad + "    " * deeper
            who = self.expr(domain.owner, env)
            return lines + [f"{indent}if top_at(st, {var}) >= 0 and owner_at(st, {var}) == {who}:"], deeper + 1
        # `K of P`: the pieces, in the order they were made (paths.py); an enum's values: their indices (boards.py)
        # (`x in L until C`: directions.py)
        found = self.pieces_loop(domain, var, env, pad) or self.enum_loop(domain, var, pad) \
            or self.until_loop(domain, var, env, pad) or self.area_loop(domain, var, env, pad)
        if found is not None:
            return found
        if isinstance(domain, N.Range):
            low, high = self.expr(domain.low, env), self.expr(domain.high, env)
            if domain.down:
                return [f"{pad}for {var} in range({low}, {high} - 1, -1):"], 1
            return [f"{pad}for {var} in range({low}, {high} + 1):"], 1
        if isinstance(domain, N.Filter) and domain.mode in ("where", "while"):
            inner = {**env, domain.var: var}
            lines, deeper = self.domain_loop(domain.domain, var, env, pad)
            indent = pad + "    " * deeper
            test = self.expr(domain.test, inner)
            if domain.mode == "where":
                return lines + [f"{indent}if {test}:"], deeper + 1
            return lines + [f"{indent}if not {test}:", f"{indent}    break"], deeper
        if isinstance(domain, N.Call) and self.is_def(domain.func):
            with self.written_in_place(domain, env) as (written, inner):
                return self.domain_loop(written, var, inner, pad)
        found = self.pieces_loop(domain, var, env, pad)
        if found is not None:
            return found
        if made and self.scalar_list(domain) and not isinstance(domain, N.Filter):
            # any other list (a local, a list written out, a comprehension, two lists joined): made first, as an
            # array, then read item by item
            items, k = self.fresh("items"), self.fresh("k")
            return [f"{pad}{items} = {self.list_value(domain, env)}", f"{pad}for {k} in range({items}.shape[0]):",
                    f"{pad}    {var} = {items}[{k}]"], 1
        raise Unsupported(domain.span, f"a loop over `{_words(domain)}`")

    def named_domain(self, domain: N.Name) -> Optional[str]:
        """What a loop over a board, a set of directions or `players` goes through; else None."""
        meaning = self.checked.meaning(domain)
        if meaning.category == "board":
            return self.layout.board_array(domain.id)
        if meaning.category == "builtin" and domain.id in DIRECTION_SETS:
            return "(" + ", ".join(str(_DIR_INDEX[d]) for d in DIRECTION_SETS[domain.id]) + ",)"
        if meaning.category == "builtin" and domain.id in ("players", "others"):
            return "players_from(mover)" + ("[1:]" if domain.id == "others" else "")
        return None

    def builtin_loop(self, domain: N.Call, var: str, env: dict, pad: str) -> Optional[tuple[list[str], int]]:
        """domain_loop of a builtin's list: neighbors, border, regions_of, touching, ray, group; else None."""
        area = self.area_loop(domain, var, env, pad)  # (frontier of an area; geometry refused there: areas.py)
        if area is not None:
            return area
        self.refuse_on_hex(domain)
        self.refuse_on_graph(domain)
        self.refuse_fixed_steps(domain)
        linked = self.walled_neighbors(domain, var, env, pad) or self.linked_neighbors(domain, var, env, pad)
        if linked is not None:
            return linked
        if domain.func in ("border", "regions_of"):
            return self.regions_loop(domain, var, env, pad)
        region = self.region_loop(domain, var, env, pad)
        if region is not None:
            return region
        named = domain.args[-1]
        if domain.func == "touching" and isinstance(named, N.Name) and self.checked.meaning(named).category == "board":
            k, origin = self.fresh("k"), self.expr(domain.args[0], env)
            board = self.layout.board_order.index(named.id)
            return [f"{pad}for {k} in range(8):", f"{pad}    {var} = touch_at({origin}, {board}, {k})",
                    f"{pad}    if {var} < 0:", f"{pad}        break"], 1
        if domain.func == "neighbors":
            if len(domain.args) == 2 and isinstance(domain.args[1], N.Comprehension):
                return self.leaps(domain, var, env, pad)
            stepped = self.stepped_neighbors(domain, var, env, pad)  # (offsets, steps in names: directions.py)
            if stepped is not None:
                return stepped
            origin = self.expr(domain.args[0], env)
            step = self.fresh("d")
            if len(domain.args) == 2 and not self.directions_written_out(domain.args[1]) \
                    and self.type_of(domain.args[1]).element.base == "dir":
                # (directions a def or a condition gives: their list made first, then read in its order)
                return [f"{pad}for {step} in {self.list_value(domain.args[1], env)}:",
                        f"{pad}    {var} = {self.step_source(origin, step)}", f"{pad}    if {var} >= 0:"], 2
            return [f"{pad}for {step} in {self.direction_tuple(domain, env)}:",
                    f"{pad}    {var} = {self.step_source(origin, step)}",
                    f"{pad}    if {var} >= 0:"], 2
        if domain.func == "ray" and self.type_of(domain.args[1]).base == "dir":
            k = self.fresh("k")
            origin, d = self.expr(domain.args[0], env), self.direction(domain.args[1], env)
            return [f"{pad}for {k} in range(RAYLEN):", f"{pad}    {var} = ray_at({origin}, {d}, {k})",
                    f"{pad}    if {var} < 0:", f"{pad}        break"], 1
        if domain.func == "path" and self.type_of(domain.args[1]).base == "dir":
            from .plane import path_loop
            return path_loop(self, domain, var, env, pad), 1
        if domain.func == "group":
            found, count, k = self.fresh("group"), self.fresh("n"), self.fresh("k")
            dirs = self.direction_tuple(domain, env)
            return [f"{pad}{found} = np.empty(NSPACES, np.int64)",
                    f"{pad}{count} = group_into(st, {self.expr(domain.args[0], env)}, {dirs}, {found})",
                    f"{pad}for {k} in range({count}):", f"{pad}    {var} = {found}[{k}]"], 1
        return None

    def regions_loop(self, domain: N.Call, var: str, env: dict, pad: str) -> tuple[list[str], int]:
        """`border(L)`: each space next to L's; `regions_of(L)`: each region of L, bound as an array."""
        self.refuse_links(domain, True)
        items, found, count, k = self.fresh("items"), self.fresh("found"), self.fresh("n"), self.fresh("k")
        lines = [f"{pad}{items} = {self.list_value(domain.args[0], env)}",
                 f"{pad}{found} = np.empty(NSPACES, np.int64)"]
        steps, dirs = self.steps_suffix(domain, env)  # (on a hex board: along its six directions, boards.py)
        if domain.func == "border":
            return lines + [f"{pad}{count} = border{steps}_into({items}, {found}{dirs})",
                            f"{pad}for {k} in range({count}):", f"{pad}    {var} = {found}[{k}]"], 1
        starts = self.fresh("starts")
        return lines + [f"{pad}{starts} = np.empty(NSPACES + 1, np.int64)",
                        f"{pad}{count} = regions{steps}_into({items}, {found}, {starts}{dirs})",
                        f"{pad}for {k} in range({count}):",
                        f"{pad}    {var} = {found}[{starts}[{k}]:{starts}[{k} + 1]].copy()"], 1

    def scalar_list(self, e: N.Expr) -> bool:
        """Is e a list of numbers, spaces, players, pieces or directions (held as an int64 array)?"""
        if isinstance(e, N.Name) and e.id in self.array_locals and self.checked.meaning(e).category == "local":
            return True
        t = self.type_of(e)
        if not t.is_list:
            return False
        if t.element.base in _SCALARS or (isinstance(e, N.ListLit) and not e.items):
            return True
        if t.element.base != "any":
            return False
        # a local made from `[]` (its items' type unknown to the checker: it holds an array, or the `let` that
        # made it was refused); two such lists joined
        if isinstance(e, N.Name):
            return self.checked.meaning(e).category == "local" and e.id not in self.ragged_locals
        if isinstance(e, N.Call) and self.is_def(e.func) and isinstance(self.sym.defs[e.func].body, N.DefBlock):
            return self.def_returns(e.func) == "list"
        if isinstance(e, N.Call) and self.is_def(e.func) and not isinstance(self.sym.defs[e.func].body, N.DefBlock):
            return self.scalar_list(self.sym.defs[e.func].body)  # (a def of no parameters: its body's type)
        return isinstance(e, N.BinOp) and e.op == "+" and self.scalar_list(e.left) and self.scalar_list(e.right)

    def list_value(self, e: N.Expr, env: dict) -> str:
        """A list of scalars as an int64 array, in the interpreter's order."""
        held = self.pieces_list(e, env)  # (a place's pieces)
        if held is None:
            held = self.list_variable_value(e, env)  # (a variable holding a list: lists.py)
        if held is not None:
            return held
        offsets = self.offset_list(e, env)  # (symmetric(O): directions.py)
        if offsets is not None:
            return offsets
        listed = self.area_list(e, env)
        if listed is not None:
            return listed
        if not self.scalar_list(e):
            raise Unsupported(e.span, "a list of lists, or of values that are not numbers, spaces or players")
        if isinstance(e, N.ListLit):
            if not e.items:
                return "np.empty(0, np.int64)"
            return f"np.array([{', '.join(self.expr(i, env) for i in e.items)}], dtype=np.int64)"
        named = self.named_list(e, env) if isinstance(e, N.Name) else self.derived_list(e, env)
        if named is not None:
            return named
        if isinstance(e, N.Cond):
            return f"({self.list_value(e.then, env)} if {self.expr(e.test, env)} else " \
                   f"{self.list_value(e.orelse, env)})"
        if isinstance(e, N.Call) and self.is_def(e.func) and isinstance(self.sym.defs[e.func].body, N.DefBlock):
            return self.def_block_call(e, env)
        if isinstance(e, N.Call) and self.is_def(e.func):
            with self.written_in_place(e, env) as (written, inner):
                return self.list_value(written, inner)
        return self.collect(e, env)

    def named_list(self, e: N.Name, env: dict) -> Optional[str]:
        """list_value of a name: a local holding an array, a board, a variable holding a list, a constant."""
        meaning = self.checked.meaning(e)
        if meaning.category == "local" and e.id in env:
            return env[e.id]
        if meaning.category == "board":
            return self.layout.board_array(e.id)
        if meaning.category == "builtin" and e.id in DIRECTION_SETS:
            return f"np.array([{', '.join(str(_DIR_INDEX[d]) for d in DIRECTION_SETS[e.id])}], dtype=np.int64)"
        if meaning.category == "builtin" and e.id in ("players", "others"):
            # (the mover first, as the interpreter lists them; `others`: the players after the mover)
            return "players_from(mover)" + ("[1:]" if e.id == "others" else "")
        if meaning.category == "var" and e.id in self.layout.list_length:
            slot = self.layout.var_name(e.id)
            return f"st[{slot}:{slot} + {self.layout.list_length[e.id]}].copy()"
        if meaning.category == "const":
            return self.list_value(self.sym.consts[e.id].value, env)
        return self.named_values(e)

    def derived_list(self, e: N.Expr, env: dict) -> Optional[str]:
        """list_value of lists made of lists: a + b, a - b, reverse(a), `x in L sorted by K`; a place's
        pieces; else None."""
        if isinstance(e, N.Attr) and e.name == "pieces" and self.type_of(e.obj).base in _PLACES \
                and not self.type_of(e.obj).is_list:
            return f"pieces_on(st, {self.expr(e.obj, env)})"
        if isinstance(e, N.BinOp) and e.op == "+" and self.scalar_list(e.left) and self.scalar_list(e.right):
            return f"np.concatenate(({self.list_value(e.left, env)}, {self.list_value(e.right, env)}))"
        if isinstance(e, N.BinOp) and e.op == "-" and self.scalar_list(e.left) and self.scalar_list(e.right):
            return f"minus({self.list_value(e.left, env)}, {self.list_value(e.right, env)})"
        unique = self.unique_list(e, env) or self.player_board_list(e, env)  # (`p.NAME`: per_player.py)
        if unique is not None:
            return unique
        if isinstance(e, N.Call) and e.func == "reverse" and not self.is_def(e.func) and len(e.args) == 1:
            return f"{self.list_value(e.args[0], env)}[::-1].copy()"
        if isinstance(e, N.Filter) and e.mode == "sorted":
            if self.type_of(e.test).base not in ("int", "enum"):  # (an enum value: its place in the enum)
                raise Unsupported(e.test.span, "a sort by a key that is not a whole number")
            key = self.collect(N.Comprehension(span=e.span, element=e.test, fors=(
                N.CompFor(span=e.span, var=e.var, domain=e.domain, test=None),)), env)
            return f"sorted_by({self.list_value(e.domain, env)}, {key})"
        return None

    def collect(self, e: N.Expr, env: dict) -> str:
        """A list made by a loop (a comprehension, a filter, a board of a player, group(...)): a function of its
        own that gathers the items into an array that grows as needed, called with the locals."""
        name = f"coll_{self.fresh_count + 1}"
        self.fresh("coll")
        free = sorted(env)
        inner = {k: f"p_{k}" for k in free}
        var = self.fresh("v")
        if isinstance(e, N.Comprehension):
            # (several `for`s: each inside the one before, as the interpreter's comprehension nests them)
            lines, pad, scope = [], "    ", dict(inner)
            for n, loop in enumerate(e.fors):
                loop_var = var if n == len(e.fors) - 1 else self.fresh(loop.var)
                opened, deeper = self.domain_loop(loop.domain, loop_var, scope, pad)
                lines += opened
                pad += "    " * deeper
                scope = {**scope, loop.var: loop_var}
                if loop.test is not None:
                    lines.append(f"{pad}if {self.expr(loop.test, scope)}:")
                    pad += "    "
            if self.type_of(e.element).is_list:
                raise Unsupported(e.element.span, "a list of lists")
            item = self.expr(e.element, scope)
        else:
            if not isinstance(e, (N.Filter, N.Of, N.Call, N.Range)):
                raise Unsupported(e.span, f"the list `{_words(e)}`")
            lines, deeper = self.domain_loop(e, var, inner, "    ", made=False)
            pad = "    " + "    " * deeper
            item = var
        said = self.said(e.span)
        head = f"def {name}({', '.join(['st', 'mover'] + [inner[k] for k in free])}):"
        self.helpers += ["", f"# {said}" if said else "# a list", "@njit(cache=True)", head,
                         "    out = np.empty(16, np.int64)", "    n = 0"]
        self.helpers += lines + [f"{pad}if n == out.shape[0]:", f"{pad}    out = np.concatenate((out, out))",
                                 f"{pad}out[n] = {item}", f"{pad}n += 1", "    return out[:n].copy()"]
        return f"{name}({', '.join(['st', 'mover'] + [env[k] for k in free])})"

    def leaps(self, call: N.Call, var: str, env: dict, pad: str) -> tuple[list[str], int]:
        """`neighbors(s, [d * n for d in DIRS where C])`: the spaces those steps away, in the list's order."""
        comp = call.args[1]
        assert isinstance(comp, N.Comprehension)
        if len(comp.fors) != 1 or not self.layout.whole_grids:
            raise Unsupported(comp.span, "leaps listed by a comprehension here")
        loop = comp.fors[0]
        d = self.fresh(loop.var)
        lines, deeper = self.domain_loop(loop.domain, d, env, pad)
        inner = {**env, loop.var: d}
        indent = pad + "    " * deeper
        if loop.test is not None:
            lines.append(f"{indent}if {self.expr(loop.test, inner)}:")
            indent += "    "
            deeper += 1
        element = comp.element
        if self.type_of(element).base == "dir":
            distance, way = "1", self.direction(element, inner)
        elif isinstance(element, N.BinOp) and element.op == "*" and self.type_of(element.left).base == "dir" \
                and self.type_of(element.right).base == "int":
            way, distance = self.direction(element.left, inner), self.expr(element.right, inner)
        elif isinstance(element, N.BinOp) and element.op == "*" and self.type_of(element.right).base == "dir" \
                and self.type_of(element.left).base == "int":
            way, distance = self.direction(element.right, inner), self.expr(element.left, inner)
        elif (repeated := self.repeated_direction(element)) is not None:
            way, distance = self.direction(repeated, inner), str(_repeats(element))
        else:
            raise Unsupported(element.span, "a leap that is not a direction times a number")
        origin = self.expr(call.args[0], env)
        return lines + [f"{indent}{var} = leap({origin}, {way}, {distance})", f"{indent}if {var} >= 0:"], deeper + 1

    def refuse_on_hex(self, call: N.Call) -> None:
        """On a hex board only `group(s)` (the six neighbours) and what needs no geometry are native yet: the
        builtins that read directions or the plane (neighbors, ray, direction, in_a_row, ...) are refused."""
        if self.layout is not None and self.layout.hex and call.func in _HEX_GEOMETRY \
                and not self.is_def(call.func) and not self.hex_adjacency(call):
            raise Unsupported(call.span, f"`{call.func}` on a hex board")

    def refuse_links(self, call: N.Call, adjacent: bool) -> None:
        """`neighbors(s)`, `group(s)`, `border(L)` follow a graph's or an edge's links: not native yet."""
        if adjacent and self.layout.linked:
            raise Unsupported(call.span, f"`{call.func}` on a board with links (a graph, edges)")

    def direction_tuple(self, call: N.Call, env: dict) -> str:
        """The directions of `group(s)` (a grid's orthogonal ones) or `group(s, [d1, d2, ...])`, as a tuple."""
        self.refuse_links(call, len(call.args) == 1)
        if len(call.args) == 1 and self.layout.hex:
            if not all(b.shape == "hex" for b in self.checked.symbols.boards.values()):
                raise Unsupported(call.span, "`group(s)` in a game with hex and other boards")
            # a hex cell's neighbours in the interpreter's order: its links, the six hex directions by number
            dirs = [str(i) for i in sorted(_DIR_INDEX[name] for name in HEX_STEPS)]
        elif len(call.args) == 1:
            dirs = [str(_DIR_INDEX[name]) for name in ORTHOGONAL]
        else:
            given = call.args[1]
            if isinstance(given, N.Name) and given.id in DIRECTION_SETS \
                    and self.checked.meaning(given).category == "builtin":
                dirs = [str(_DIR_INDEX[d]) for d in DIRECTION_SETS[given.id]]
            elif isinstance(given, N.ListLit) and given.items:
                dirs = [self.direction(item, env) for item in given.items]
            else:
                raise Unsupported(given.span, "directions that are not a list written out")
        return f"({', '.join(dirs)},)"

    def list_bound(self, domain: N.Expr) -> int:
        """The most items a list of `domain_loop` can have (Unsupported: not known before it is made)."""
        known = self.area_bound(domain) or self.known_bound(domain)  # (names, list variables, ...: lists.py)
        if known is not None:
            return known
        if isinstance(domain, N.Name):
            category = self.checked.meaning(domain).category
            if category == "enum type":
                return len(self.sym.enums[domain.id].values)
            if category == "board":
                return self.layout.board_size(domain.id)
            if category == "builtin" and domain.id in DIRECTION_SETS:
                return len(DIRECTION_SETS[domain.id])
            if category == "builtin" and domain.id in ("players", "others"):
                return self.layout.players
        if isinstance(domain, N.Call) and not self.is_def(domain.func):
            bound = self.builtin_bound(domain)
            if bound is not None:
                return bound
        if isinstance(domain, N.Of):
            return self.list_bound(domain.what)
        if isinstance(domain, N.Range):
            low, high = self.constant_int(domain.low), self.constant_int(domain.high)
            if low is None or high is None:
                raise Unsupported(domain.span, "a range whose ends are not numbers written out")
            return abs(high - low) + 1
        if isinstance(domain, N.Filter):
            return self.list_bound(domain.domain)
        if isinstance(domain, N.Call) and self.is_def(domain.func):
            return self.list_bound(self.sym.defs[domain.func].body)
        # (a kind's pieces no rule makes, a + b, comprehensions: directions.py)
        pieces = self.unmade_kind_bound(domain) or self.pieces_bound(domain) or joined_bound(self, domain)
        if pieces is not None:
            return pieces
        raise Unsupported(domain.span, f"a loop over `{_words(domain)}`")

    def builtin_bound(self, domain: N.Call) -> Optional[int]:
        """list_bound of a builtin's list, or None."""
        spaces = len(self.layout.space_names)
        if domain.func == "neighbors":
            given = domain.args[-1]
            if len(domain.args) == 1:
                return max([6 if self.layout.hex else 4] + [len(a) for a in self.layout.adj])  # (a hex cell has six)
            if isinstance(given, N.Comprehension):
                return self.list_bound(given.fors[0].domain)
            if isinstance(given, N.Name) and given.id in DIRECTION_SETS:
                return len(DIRECTION_SETS[given.id])
            steps = self.constant_steps(given)  # (directions.py)
            if steps is not None:
                return len(steps)
            return len(given.items) if isinstance(given, N.ListLit) else 8
        fixed = {"ray": self.layout.ray_length, "group": spaces, "touching": 8, "border": spaces,
                 "regions_of": spaces, "path": self.layout.board_spaces}
        return fixed.get(domain.func)

    def is_def(self, name: str) -> bool:
        return name in self.sym.defs

    @contextmanager
    def written_in_place(self, call: N.Call, env: dict) -> Iterator[tuple[N.Expr, dict]]:
        """A def's body in place of its call: its parameters are the arguments' sources, its expressions typed
        for the arguments' types (as the interpreter's compiler writes it, expr_types.specialise)."""
        d = self.sym.defs[call.func]
        if isinstance(d.body, N.DefBlock) or len(call.args) != len(d.params):
            raise Unsupported(call.span, f"a call of `{call.func}` (a def written as a block)")
        if self.inlined >= _MAX_INLINE:
            raise Unsupported(call.span, f"a call of `{call.func}` (a def that calls itself)")
        types = self.specialised(d.body, {p: self.type_of(a) for p, a in zip(d.params, call.args)})
        if types is None:
            raise Unsupported(call.span, f"a call of `{call.func}` with these arguments")
        inner = {p: f"({self.list_value(a, env) if self.scalar_list(a) else self.expr(a, env)})"
                 for p, a in zip(d.params, call.args)}
        inner.update((k, env[k]) for k in (JOURNAL_LOCAL,) if k in env)  # (a draw inside: the caller's journal)
        self.overlays.append(types)
        self.inlined += 1
        try:
            yield d.body, inner
        finally:
            self.overlays.pop()
            self.inlined -= 1

    def aggregate(self, call: N.Call, env: dict) -> str:
        """count/any/all/first over a list: a function of its own, its loop inside, called with the locals."""
        name = f"agg_{self.fresh_count + 1}"
        self.fresh("agg")
        free = sorted(env)
        inner = {k: f"p_{k}" for k in free}
        var = self.fresh("v")
        arg = call.args[0]
        if call.func in ("any", "all"):
            if not isinstance(arg, N.Filter) or arg.mode != "where":
                raise Unsupported(arg.span, f"`{call.func}` of something else than `x in LIST where TEST`")
            lines, deeper = self.domain_loop(arg.domain, var, inner, "    ")
            pad = "    " + "    " * deeper
            test = self.expr(arg.test, {**inner, arg.var: var})
            if call.func == "any":
                body, last = [f"{pad}if {test}:", f"{pad}    return True"], "    return False"
            else:
                body, last = [f"{pad}if not {test}:", f"{pad}    return False"], "    return True"
        else:
            lines, deeper = self.domain_loop(arg, var, inner, "    ")
            pad = "    " + "    " * deeper
            if call.func == "count":
                lines = ["    n = 0"] + lines
                body, last = [f"{pad}n += 1"], "    return n"
            else:
                body, last = [f"{pad}return {var}"], "    return -1"
        said = self.said(call.span)
        head = f"def {name}({', '.join(['st', 'mover'] + [inner[k] for k in free])}):"
        self.helpers += ["", f"# {said}" if said else f"# {call.func}(...)", "@njit(cache=True)", head]
        self.helpers += lines + body + [last]
        return f"{name}({', '.join(['st', 'mover'] + [env[k] for k in free])})"

    def domain_bound(self, a: N.Action) -> int:
        total = 1
        for p in a.params:
            total *= self.param_bound(p.domain)
        return total

    def dispatcher(self, actions: list) -> list[str]:
        lines = ["", "@njit(cache=True)", "def apply_move(st, jr, mv):",
                 "    # the move's effect, then the end of the turn", "    mover = st[TURN]", "    a = mv[0]"]
        lines += self.area_growth_call()
        for i, a in enumerate(actions):
            args = ", ".join(["st", "jr", "mover"] + self.row_arguments(a))
            lines += [f"    {'if' if i == 0 else 'elif'} a == {i}:", f"        act_{i}({args})"]
        # (a decision is counted once the move is over: `decisions` during it is the count before it)
        return lines + ["    end_turn(st, jr)", "    w(st, jr, DECISIONS, st[DECISIONS] + 1)"]

    # ------------------------------------------------------------ statements
    def block(self, stmts, env: dict, depth: int) -> list[str]:
        out: list[str] = []
        env = dict(env)
        for s in stmts:
            out += self.stmt(s, env, depth)
        return out or ["    " * depth + "pass"]

    def stmt(self, s: N.Stmt, env: dict, depth: int) -> list[str]:
        pad = "    " * depth
        said = self.said(s.span) if s.span.line != self.said_line else ""
        self.said_line = s.span.line
        written = self.choice_statement if self.asks_here(s) else self.stmt_lines  # (choices.py)
        return ([f"{pad}# {said}"] if said else []) + written(s, env, depth, pad)

    def said(self, span: N.Span) -> str:
        """The first line of a statement as the rules file writes it, for a comment in the generated code."""
        text = self.sources.get(span.file)
        if text is None:
            return ""
        lines = text.splitlines()
        return f"{span.file}:{span.line}: {lines[span.line - 1].strip()}" if span.line <= len(lines) else ""

    def stmt_lines(self, s: N.Stmt, env: dict, depth: int, pad: str) -> list[str]:
        if isinstance(s, N.Place):
            named = isinstance(s.kind, N.Name) and self.checked.meaning(s.kind).category == "kind"
            held = None if named else self.placed_kind(s, env)  # (directions.py)
            if not named and held is None:
                raise Unsupported(s.kind.span, "a kind held in a name")
            owner = self.expr(s.owner, env) if s.owner is not None else "-1"
            where = self.place(s.where, env, "a piece placed elsewhere than on a space or in a zone")
            kind = held if held is not None else self.layout.kind_index(s.kind.id) if isinstance(s.kind, N.Name) else ""
            return [f"{pad}create(st, jr, {kind}, {owner}, {where})"] \
                + self.face_lines(s.span, s.face if s.face == "down" else None, "st[NPIECES] - 1", pad)
        if isinstance(s, N.Move):
            dest = self.place(s.dest, env, "a move elsewhere than to a space or a zone")
            if self.scalar_list(s.what) and self.type_of(s.what).element.base == "piece":
                each = self.fresh("each")
                return [f"{pad}for {each} in {self.list_value(s.what, env)}:",
                        f"{pad}    move_piece(st, jr, {each}, {dest})"] \
                    + self.face_lines(s.span, s.face, each, pad + "    ")
            what = self.typed(s.what, env, "piece", "a move of several pieces at once")
            if s.face is not None:
                moved = self.fresh("moved")
                return [f"{pad}{moved} = {what}", f"{pad}move_piece(st, jr, {moved}, {dest})"] \
                    + self.face_lines(s.span, s.face, moved, pad)
            return [f"{pad}move_piece(st, jr, {what}, {dest})"]
        if isinstance(s, N.Remove):
            if self.type_of(s.what).base in ("space", "zone") and not self.type_of(s.what).is_list:
                return [f"{pad}remove_all(st, jr, {self.expr(s.what, env)})"]
            if self.scalar_list(s.what) and self.type_of(s.what).element.base in ("piece", "space"):
                each, kind = self.fresh("each"), self.type_of(s.what).element.base
                if kind == "piece":  # (the last first: prelude's remove_each)
                    return [f"{pad}remove_each(st, jr, {self.list_value(s.what, env)})"]
                return [f"{pad}for {each} in {self.list_value(s.what, env)}:", f"{pad}    remove_all(st, jr, {each})"]
            what = self.typed(s.what, env, "piece", "a removal of several pieces at once")
            return [f"{pad}remove_piece(st, jr, {what})"]
        blocks = self.block_statement(s, env, depth, pad)
        if blocks is not None:
            return blocks
        if isinstance(s, N.Ensure):
            return self.ensure_lines(s, env, pad)
        if isinstance(s, N.Rotate):
            return self.rotate_lines(s, env, pad)
        if isinstance(s, N.MoveEach):
            return self.move_each_lines(s, env, pad)
        # (`next P`, `win L` of a list of players: lists.py)
        return self.attribute_stmt(s, env, pad) or self.turn_statement(s, env, pad) \
            or self.stmt_more(s, env, depth, pad)

    def stmt_more(self, s: N.Stmt, env: dict, depth: int, pad: str) -> list[str]:
        if isinstance(s, N.If):
            lines = []
            for k, (test, body) in enumerate(s.branches):
                lines.append(f"{pad}{'if' if k == 0 else 'elif'} {self.expr(test, env)}:")
                lines += self.block(body, env, depth + 1)
            if s.orelse is not None:
                lines.append(f"{pad}else:")
                lines += self.block(s.orelse, env, depth + 1)
            return lines
        if isinstance(s, N.Outcome):
            who = "-1"
            if s.who is not None:
                who = self.typed(s.who, env, "player", "an ending for a list of players")
            return [f"{pad}declare(st, jr, {END_KINDS[s.kind]}, {who})", f"{pad}{self.ending}"]
        if isinstance(s, N.Let) and self.scalar_list(s.value):
            var = self.fresh(s.name)
            line = f"{pad}{var} = {self.list_value(s.value, env)}"
            env[s.name] = var
            return [line]
        if isinstance(s, N.Let):
            t = self.type_of(s.value)
            if t.is_list or t.base not in ("space", "int", "player", "piece", "bool", "dir", "zone", "any", "kind"):
                raise Unsupported(s.span, f"a `let` of type {t.base}")
            var = self.fresh(s.name)
            line = f"{pad}{var} = {self.expr(s.value, env)}"
            env[s.name] = var
            return [line]
        if isinstance(s, N.Pass):
            return [f"{pad}pass"]
        if isinstance(s, N.Again):
            return [f"{pad}w(st, jr, NEXT, mover)"]
        if isinstance(s, N.Repeat):
            if self.type_of(s.count).base != "int":
                raise Unsupported(s.count.span, "`repeat` of something not a whole number")
            times = self.fresh("times")
            return [f"{pad}for {times} in range({self.expr(s.count, env)}):"] + self.block(s.body, env, depth + 1)
        if isinstance(s, N.Assign):
            return self.assignment(s, env, pad)
        if isinstance(s, N.For) and s.ordered_by is None:
            return self.for_loop(s, env, depth, pad)
        return self.chance_statement(s, env, pad, _statement_words(s))

    def assignment(self, s: N.Assign, env: dict, pad: str) -> list[str]:
        """`x = v`, `x += v`, `x -= v` to a local, a variable of the game or of a player; a piece's owner."""
        t = s.target
        if isinstance(t, N.Name) and t.id in self.ragged_locals and t.id in env:
            return self.ragged_assignment(s, env, pad)
        listed = self.list_variable_assignment(s, env, pad)  # (a variable holding a list: lists.py)
        if listed is not None:
            return listed
        found = self.attribute_assignment(s, env, pad)
        if found is not None:
            return found
        if s.op == "=" and isinstance(t, N.Attr) and t.name == "owner" and self.type_of(t.obj).base == "piece":
            what = self.expr(t.obj, env)
            who = self.typed(s.value, env, "player", "an owner that is not a player")
            return [f"{pad}set_owner(st, jr, {what}, {who})"]
        if isinstance(t, N.Name) and self.checked.meaning(t).category == "local" and self.scalar_list(t) \
                and t.id in env and s.op in ("=", "+="):
            value = self.list_value(s.value, env)
            if s.op == "+=":
                value = f"np.concatenate(({env[t.id]}, {value}))"
            return [f"{pad}{env[t.id]} = {value}"]
        if isinstance(t, N.Index) and self.list_item_slot(t, env) is None:
            raise Unsupported(s.span, "an assignment to an item of a list that is not a variable's")
        if self.type_of(t).is_list or self.type_of(t).base not in VAR_TYPES + ("dir",):
            raise Unsupported(s.span, f"an assignment of a {self.type_of(t).base}")
        if s.op != "=" and self.type_of(t).base != "int":
            raise Unsupported(s.span, f"`{s.op}` of something not a whole number")
        value = self.expr(s.value, env)
        if isinstance(t, N.Name) and self.checked.meaning(t).category == "local":
            if t.id not in env:
                raise Unsupported(t.span, f"the name `{t.id}` here")
            return [f"{pad}{env[t.id]} {s.op} {value}"]
        slot = self.var_slot(t, env)
        if slot is None:
            raise Unsupported(s.span, _statement_words(s))
        if s.op == "=":
            return [f"{pad}w(st, jr, {slot}, {value})"]
        return [f"{pad}w(st, jr, {slot}, st[{slot}] {s.op[0]} ({value}))"]

    def list_item_slot(self, e: N.Expr, env: dict) -> Optional[str]:
        """The slot of `L[i]` where L is a variable holding a list (its length fixed), as source; else None."""
        if isinstance(e, N.Index) and isinstance(e.obj, N.Name) and e.obj.id in self.layout.list_length \
                and self.checked.meaning(e.obj).category == "var" and self.type_of(e.index).base == "int":
            length = self.layout.list_length[e.obj.id]
            return f"{self.layout.var_name(e.obj.id)} + checked_index({self.expr(e.index, env)}, {length})"
        return None

    def var_slot(self, e: N.Expr, env: dict) -> Optional[str]:
        """The slot of the state vector a variable's name (`passes`) or a player's variable (`mover.score`)
        reads, as source; None for anything else."""
        if isinstance(e, N.Name) and self.checked.meaning(e).category == "var" and e.id in self.layout.var_slot:
            return self.layout.var_name(e.id)
        if isinstance(e, N.Index):
            return self.list_item_slot(e, env)
        if isinstance(e, N.Name) and e.id in self.layout.list_length:
            return None
        if isinstance(e, N.Attr) and e.name in self.layout.var_slot and self.type_of(e.obj).base == "player" \
                and not self.type_of(e.obj).is_list and self.sym.vars[e.name].per_player:
            return f"{self.layout.var_name(e.name)} + {self.expr(e.obj, env)}"
        return None

    def for_loop(self, s: N.For, env: dict, depth: int, pad: str) -> list[str]:
        """`for x in LIST where TEST:` -- the items are listed first, as the interpreter lists them before the
        body runs (a body may change what the list's test reads), then the body runs for each."""
        ragged = self.ragged_for(s, env, depth, pad)
        if ragged is not None:
            return ragged
        items, count, i, var = self.fresh("items"), self.fresh("n"), self.fresh("i"), self.fresh(s.var)
        domain: N.Expr = s.domain
        if s.test is not None:
            domain = N.Filter(span=s.span, var=s.var, domain=s.domain, test=s.test, mode="where")
        try:
            bound = self.list_bound(domain)
        except Unsupported:
            # (a list whose size is not known before: made as an array, which is its items listed first; with a
            # test, the items that pass it are listed before the body runs)
            if s.test is None or not self.scalar_list(s.domain):
                made = self.list_value(domain, env)
                return [f"{pad}{items} = {made}", f"{pad}for {i} in range({items}.shape[0]):",
                        f"{pad}    {var} = {items}[{i}]"] + self.block(s.body, {**env, s.var: var}, depth + 1)
            every = self.fresh("every")
            test = self.expr(s.test, {**env, s.var: var})
            return [f"{pad}{every} = {self.list_value(s.domain, env)}",
                    f"{pad}{items} = np.empty({every}.shape[0], np.int64)", f"{pad}{count} = 0",
                    f"{pad}for {i} in range({every}.shape[0]):", f"{pad}    {var} = {every}[{i}]",
                    f"{pad}    if {test}:", f"{pad}        {items}[{count}] = {var}", f"{pad}        {count} += 1",
                    f"{pad}for {i} in range({count}):", f"{pad}    {var} = {items}[{i}]"] \
                + self.block(s.body, {**env, s.var: var}, depth + 1)
        lines, deeper = self.domain_loop(domain, var, env, pad)
        inner_pad = pad + "    " * deeper
        out = [f"{pad}{items} = np.empty({bound}, np.int64)", f"{pad}{count} = 0"] + lines + [
            f"{inner_pad}{items}[{count}] = {var}", f"{inner_pad}{count} += 1",
            f"{pad}for {i} in range({count}):", f"{pad}    {var} = {items}[{i}]"]
        return out + self.block(s.body, {**env, s.var: var}, depth + 1)

    # ------------------------------------------------------------ expressions
    def place(self, e: N.Expr, env: dict, otherwise: str) -> str:
        """A space or a zone, as its place's index."""
        t = self.type_of(e)
        if t.is_list or t.base not in _PLACES:
            raise Unsupported(e.span, otherwise)
        return self.expr(e, env)

    def typed(self, e: N.Expr, env: dict, base: str, otherwise: str) -> str:
        if self.type_of(e).base != base:
            raise Unsupported(e.span, otherwise)
        return self.expr(e, env)

    def expr(self, e: N.Expr, env: dict) -> str:
        method = getattr(self, f"expr_{type(e).__name__}", None)
        if method is None:
            raise Unsupported(e.span, f"the expression `{_words(e)}`")
        return method(e, env)

    def expr_Num(self, e: N.Num, env: dict) -> str:
        if isinstance(e.value, Fraction) and e.value.denominator != 1:
            raise Unsupported(e.span, "fractions")
        return str(int(e.value))

    def expr_Name(self, e: N.Name, env: dict) -> str:
        meaning = self.checked.meaning(e)
        if meaning.category == "local":
            if e.id not in env:
                raise Unsupported(e.span, f"the name `{e.id}` here")
            return env[e.id]
        if meaning.category == "const":
            return self.expr(self.sym.consts[e.id].value, env)
        constant = self.named_constant(e, meaning.category)
        if constant is not None:
            return constant
        if meaning.category == "var":
            slot = self.var_slot(e, env)
            if slot is None:
                raise Unsupported(e.span, f"the variable `{e.id}`")
            return f"st[{slot}]"
        if meaning.category == "builtin":
            if e.id == "opponent" and self.layout.players != 2:
                raise Unsupported(e.span, "`opponent` in a game of more than two players")
            if e.id in _BUILTIN_NAMES:
                return _BUILTIN_NAMES[e.id]
            if e.id == "supply" and "supply" in self.layout.zone_at:
                return "ZONE_supply"  # (the zone where table pieces start: a place as the others are)
            if e.id in _DIR_INDEX or e.id in _REL_INDEX:
                return self.direction(e, env)
        found = self.value_name(e, env) or self.position_repetitions(e)  # (repetitions: positions.py)
        if found is not None:
            return found
        raise Unsupported(e.span, f"the name `{e.id}` ({meaning.category})")

    def named_constant(self, e: N.Name, category: str) -> Optional[str]:
        """A name whose value the game fixes: the phase (and a phase's name), a kind, a zone, an option, an enum's
        value (its place in its enum); else None."""
        if category == "enum":
            return self.enum_value(e)
        if category == "builtin" and e.id == "phase" and self.sym.phases:
            return "st[PHASE]"
        if e.id in self.sym.phases and category not in ("local", "var", "const"):
            return str(self.phase_number(e.id))
        if category in ("kind", "kind value") and e.id in self.layout.kinds:
            return str(self.layout.kind_index(e.id))
        if category == "zone" and e.id in self.layout.zone_at:
            return f"ZONE_{e.id}"
        if category == "option":
            return self.option_value(e)
        return None

    def direction(self, e: N.Expr, env: dict) -> str:
        if isinstance(e, N.Name) and self.checked.meaning(e).category == "builtin":
            if e.id in _DIR_INDEX:
                return str(_DIR_INDEX[e.id])
            if e.id in _REL_INDEX:
                return f"REL[mover, {_REL_INDEX[e.id]}]"
        if self.type_of(e).base == "dir" and not (isinstance(e, N.Name) and self.checked.meaning(e).category
                                                   == "builtin"):
            return self.expr(e, env)  # (a direction held in a name: its number)
        raise Unsupported(e.span, f"the direction `{_words(e)}`")

    def expr_Attr(self, e: N.Attr, env: dict) -> str:
        area = self.area_expr(e, env)
        if area is not None:
            return area
        if e.name == "kind" and self.type_of(e.obj).base == "piece" and not self.type_of(e.obj).is_list:
            return f"kind_of(st, {self.expr(e.obj, env)})"
        if self.type_of(e.obj).base == "space" and e.name in ("x", "y"):
            return f"S{e.name.upper()}[{self.expr(e.obj, env)}]"
        slot = self.var_slot(e, env)
        if slot is not None:
            return f"st[{slot}]"
        obj = self.type_of(e.obj)
        if obj.base == "player" and not obj.is_list and e.name in self.sym.zones and self.sym.zones[e.name].per_player:
            return f"(ZONE_{e.name} + {self.expr(e.obj, env)})"
        if obj.base == "any" and not obj.is_list and e.name in ("x", "y"):
            return f"space_{e.name}({self.expr(e.obj, env)})"
        space = self.piece_attr(e, env)  # (`.space`: of no piece, the rules' error, as the interpreter's)
        if space is not None:
            return space
        found = self.attribute_read(e, env) or self.player_seat(e, env)  # (a player's `.seat`: lists.py)
        if found is not None:
            return found
        raise Unsupported(e.span, f"the attribute `.{e.name}`")

    def expr_BinOp(self, e: N.BinOp, env: dict) -> str:
        left, right = self.type_of(e.left).base, self.type_of(e.right).base
        area = self.area_expr(e, env)
        if area is not None:
            return area
        if e.op == "+" and left == "space" and right == "dir":
            return self.step_source(self.expr(e.left, env), self.direction(e.right, env))
        if left == right == "int" and e.op in ("+", "-", "*"):
            return f"({self.expr(e.left, env)} {e.op} {self.expr(e.right, env)})"
        if left == right == "int" and e.op in ("%", "//") and isinstance(e.right, N.Num) and e.right.value != 0:
            # (numba's % and // of whole numbers are Python's: the sign of the divisor, rounded down)
            return f"({self.expr(e.left, env)} {e.op} {self.expr(e.right, env)})"
        raise Unsupported(e.span, f"`{e.op}` of {left} and {right}")

    def expr_Neg(self, e: N.Neg, env: dict) -> str:
        if self.type_of(e.value).base != "int":
            raise Unsupported(e.span, "a negative of something not a whole number")
        return f"(-{self.expr(e.value, env)})"

    def expr_Compare(self, e: N.Compare, env: dict) -> str:
        found = self.compare_values(e, env) or self.compare_lists(e, env)  # (lists: lists.py)
        if found is not None:
            return found
        left, right = self.type_of(e.left).base, self.type_of(e.right).base
        scalar = ("space", "player", "piece", "int", "bool", "none", "dir", "zone", "kind", "phase", "enum") + \
            (("any",) if not (self.type_of(e.left).is_list or self.type_of(e.right).is_list) else ())
        if e.op in ("==", "!=") and left in scalar and right in scalar:
            return f"({self.expr(e.left, env)} {e.op} {self.expr(e.right, env)})"
        if e.op in ("<", ">", "<=", ">=") and left == right == "int":
            return f"({self.expr(e.left, env)} {e.op} {self.expr(e.right, env)})"
        if e.op in ("in", "not in") and (left in scalar or left == "any") and not self.type_of(e.left).is_list \
                and self.scalar_list(e.right):
            found = f"contains({self.list_value(e.right, env)}, {self.expr(e.left, env)})"
            return found if e.op == "in" else f"(not {found})"
        if e.op in ("in", "not in") and left == "piece" and right in ("zone", "space") \
                and not self.type_of(e.left).is_list and not self.type_of(e.right).is_list:
            found = f"held_in(st, {self.expr(e.left, env)}, {self.expr(e.right, env)})"
            return found if e.op == "in" else f"(not {found})"
        raise Unsupported(e.span, f"`{e.op}` between {left} and {right}")

    def expr_Index(self, e: N.Index, env: dict) -> str:
        slot = self.list_item_slot(e, env)
        if slot is not None:
            return f"st[{slot}]"
        if not self.scalar_list(e.obj) or self.type_of(e.index).base != "int":
            raise Unsupported(e.span, "an item of something not a list of scalars")
        return f"item_at({self.list_value(e.obj, env)}, {self.expr(e.index, env)})"

    def expr_BoolOp(self, e: N.BoolOp, env: dict) -> str:
        return "(" + f" {e.op} ".join(self.expr(v, env) for v in e.values) + ")"

    def expr_Not(self, e: N.Not, env: dict) -> str:
        return f"(not {self.expr(e.value, env)})"

    def expr_Cond(self, e: N.Cond, env: dict) -> str:
        return f"({self.expr(e.then, env)} if {self.expr(e.test, env)} else {self.expr(e.orelse, env)})"

    def special_call(self, e: N.Call, env: dict, types: list) -> Optional[str]:
        """A draw, a builtin of a board with links, `repetitions`; else None (the plane's builtins are refused on
        a hex or a graph board here)."""
        if e.func == "random":
            return self.expr_random(e, env)
        offset = self.offset_call(e, env) or self.can_move_call(e, env)  # (directions.py, positions.py)
        if offset is not None:
            return offset
        self.refuse_on_hex(e)
        self.refuse_on_graph(e)
        graph = self.graph_builtin(e, env, types)
        if graph is not None:
            return graph
        return self.repetitions_expr(e, env)

    def expr_Call(self, e: N.Call, env: dict) -> str:
        types = [self.type_of(a).base for a in e.args]
        area = self.area_expr(e, env)
        if area is not None:
            return area
        if self.is_def(e.func) and isinstance(self.sym.defs[e.func].body, N.DefBlock):
            return self.def_block_call(e, env)
        ragged = self.ragged_builtin(e, env)
        if ragged is not None:
            return ragged
        if self.is_def(e.func):
            with self.written_in_place(e, env) as (body, inner):
                return self.expr(body, inner)
        if self.sym.procs.get(e.func) is not None:
            raise Unsupported(e.span, f"a call of `{e.func}` (procs)")
        special = self.special_call(e, env, types)
        if special is not None:
            return special
        counted_kind = e.func == "count" and isinstance(e.args[0], N.Of) and isinstance(e.args[0].what, N.Name) \
            and self.checked.meaning(e.args[0].what).category == "kind"
        if e.func in ("any", "all", "first") or (e.func == "count" and not counted_kind):
            if len(e.args) == 1 and self.type_of(e.args[0]).is_list \
                    and (self.type_of(e.args[0]).element.base in _SCALARS or self.over_regions(e.args[0])):
                return self.aggregate(e, env)
        simple = _SIMPLE_BUILTINS.get((e.func, tuple(types)))
        if simple is not None:
            return simple.format(*(self.expr(a, env) for a in e.args))
        listed = self.list_builtin(e, env, types) or self.list_extreme(e, env)  # (max/min of a list: lists.py)
        if listed is not None:
            return listed
        placed = self.place_builtin(e, env, types)
        if placed is not None:
            return placed
        if e.func == "count" and len(e.args) == 1 and isinstance(e.args[0], N.Of):
            of = e.args[0]
            if isinstance(of.what, N.Name) and self.checked.meaning(of.what).category == "kind":
                return f"count_of(st, {self.layout.kind_index(of.what.id)}, {self.expr(of.owner, env)})"
        found = self.seat_space_call(e, env) if e.func == "seat_space" else None
        if found is not None:
            return found
        raise Unsupported(e.span, f"`{e.func}` of {', '.join(types) or 'nothing'}")

    def place_builtin(self, e: N.Call, env: dict, types: list) -> Optional[str]:
        """count, empty, top, bottom of a space or zone; at(BOARD, x, y); else None."""
        if e.func in ("count", "empty", "top", "bottom") and len(types) == 1 and types[0] in _PLACES \
                and not self.type_of(e.args[0]).is_list:
            return f"{e.func}_at(st, {self.expr(e.args[0], env)})"
        if e.func == "at" and types == ["list", "int", "int"] and isinstance(e.args[0], N.Name) \
                and self.checked.meaning(e.args[0]).category == "board":
            board = self.layout.board_order.index(e.args[0].id)
            return f"at_xy({board}, {self.expr(e.args[1], env)}, {self.expr(e.args[2], env)})"
        return None

    def list_builtin(self, e: N.Call, env: dict, types: list) -> Optional[str]:
        """index, last, sum, empty, count of a list of scalars (an array); else None."""
        if not e.args or not self.scalar_list(e.args[0]):
            return None
        if e.func == "index" and len(e.args) == 2 and types[1] in _SCALARS:
            return f"index_of({self.list_value(e.args[0], env)}, {self.expr(e.args[1], env)})"
        if e.func == "last" and len(e.args) == 1:
            return f"last_of({self.list_value(e.args[0], env)})"
        if e.func == "sum" and len(e.args) == 1 \
                and self.type_of(e.args[0]).element.base == "int":
            return f"{self.list_value(e.args[0], env)}.sum()"
        if e.func == "empty" and len(e.args) == 1:
            return f"({self.list_value(e.args[0], env)}.shape[0] == 0)"
        if e.func == "count" and len(e.args) == 1 \
                and not isinstance(e.args[0], (N.Filter, N.Of)) and not isinstance(e.args[0], N.Call):
            return f"{self.list_value(e.args[0], env)}.shape[0]"
        return None

    # ------------------------------------------------------------ names
    def fresh(self, name: str) -> str:
        self.fresh_count += 1
        return f"{name}_{self.fresh_count}"


def native_variables(checked: Checked) -> tuple:
    """(name, per player, type) of each variable the state vector holds: a number, a truth, a space or a
    player (a list, a piece, a text are refused where they are declared)."""
    sym = checked.symbols
    out = []
    for name, v in sym.vars.items():
        t = sym.declared_type(v.type)
        if t is not None and not t.is_list and t.base in VAR_TYPES:
            out.append((name, v.per_player, t.base))
        elif t is not None and t.is_list and t.element.base == "int" and not v.per_player \
                and not whole_list_written(checked, name):
            out.append((name, False, "list"))
    held = {name for name, _, _ in out}
    out += [variable for variable in list_variables(checked) if variable[0] not in held]  # (bounded: lists.py)
    return tuple(sorted(out, key=lambda variable: list(sym.vars).index(variable[0])))


def whole_list_written(checked: Checked, name: str) -> bool:
    """Does a rule assign a whole list to the variable `name` (not one of its items)? Then its length may
    change, which its slots cannot hold."""
    for node in N.walk(checked.module):
        if isinstance(node, N.Assign) and isinstance(node.target, N.Name) and node.target.id == name \
                and checked.meaning(node.target).category == "var":
            return True
    return False


def _type_words(t: N.TypeRef) -> str:
    return f"list of {_type_words(t.of)}" if t.name == "list" and t.of is not None else t.name


def _refusal(item: N.Decl) -> Optional[tuple]:
    """(span, construct) of a declaration the native code cannot play, else None. Texts, labels and what the
    others learn of a move are the interpreter's (the moves are replayed there); who starts comes with the
    start position; a def or a constant is written in place of each use; an option that switches a variant is
    another game, translated on its own."""
    if isinstance(item, _PASSIVE + (N.Action, N.Stuck, N.Setup, N.First, N.Const, N.Rank, N.Pieces, N.Input)):
        return None
    if isinstance(item, N.Board):
        if item.shape == "area":
            return area_refusal(item)
        if item.shape not in ("grid", "edges", "corners", "hex", "graph"):
            return item.span, f"a board of shape `{item.shape}`"
        if item.neighbors is not None:  # (`blocks`: the interpreter's neighbours stop at a block's edge)
            return item.span, "a board's `neighbors`"
        return None  # (a board of each player: per_player.py)
    if isinstance(item, N.Zone):
        return None  # (its capacity: CAP, checked where a piece comes in)
    if isinstance(item, N.Kind):
        return None  # (its attributes: attributes.check_attribute_types)
    if isinstance(item, N.Option):
        return None  # (its value is a constant once the game is built: chance.option_values)
    if isinstance(item, N.Pieces) and item.header == ("count",) and item.combination is None:
        return None  # (pieces of kinds without attributes, made at the start: the start is the interpreter's)
    if isinstance(item, N.Phase):
        return None  # (its actions and triggers are gated by the phase: phases.py)
    if isinstance(item, (N.Def, N.Proc)):
        return None  # (written as a function of its own, or in place of each call: blocks.py)
    return item.span, _declaration_words(item)


def _repeats(e: N.Expr) -> int:
    """How many directions a sum `d + d + ...` adds."""
    return _repeats(e.left) + _repeats(e.right) if isinstance(e, N.BinOp) and e.op == "+" else 1


def _words(e: N.Node) -> str:
    """A short name of an expression for a refusal (its class, or its name)."""
    if isinstance(e, N.Name):
        return e.id
    if isinstance(e, N.Call):
        return f"{e.func}(...)"
    return type(e).__name__.lower()


def _statement_words(s: N.Stmt) -> str:
    words = {"Assign": "an assignment", "Flip": "`flip`", "Shuffle": "`shuffle`", "Require": "`require`",
             "Rotate": "`rotate`", "MoveEach": "`move each ... at once`",
             "Ensure": "`ensure`", "Enter": "`enter` (phases)", "Again": "`again`",
             "Next": "`next`",
             "Log": "`log`", "Return": "`return`", "ExprStmt": "a call of a proc or builtin as a statement",
             "For": "a `for` loop in an effect", "Repeat": "`repeat`", "While": "`while`",
             "Choose": "`choose` (a choice in a move)", "AtOnce": "`at once` (simultaneous choices)"}
    return words.get(type(s).__name__, f"the statement {type(s).__name__}")


def _declaration_words(d: N.Decl) -> str:
    words = {"Zone": "zones", "Pieces": "piece tables", "Var": "variables", "Const": "constants",
             "Def": "defs", "Proc": "procs", "Trigger": "triggers", "Phase": "phases", "Rank": "`rank by`",
             "Input": "inputs", "Option": "an option with a value or a variant", "Board": "this board"}
    return words.get(type(d).__name__, f"the declaration {type(d).__name__}")
