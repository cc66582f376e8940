"""Checked AST -> a CompiledGame: functions built once per game.

Every expression becomes one function `f(S, L)` (see expressions.py): S is the State, L the frame of local
slots of the rule being run (action parameters, lets, loop variables). Statements are closures of the same
shape that change S through its journalled methods; `Compiler.stmt` dispatches on the node's class to
`compile_<Class>`. Each action also gets one generator function that lists its legal moves.
"""
from __future__ import annotations

from contextlib import ExitStack, contextmanager
from typing import Callable, Iterator, Literal, NamedTuple, Optional, cast

import attrs

from ...grammar import nodes as N
from ...grammar.boards import DERIVED, fixed_spaces, graph_points, hex_box, hex_cells, label_position, space_count
from ...grammar.diagnostics import Diagnostic, MireError, parser_lines
from ...grammar.display import display_description
from ...grammar.limits import MAX_GRID, MAX_LENGTH, MAX_PLANE, MAX_PLAYERS, MAX_SPACES
from ...grammar.plane_reach import farthest
from ...grammar.statements import specialise_proc
from ...grammar.static_values import StaticValues
from ...grammar.symbols import Checked, asks_a_player, choosing_procs
from ...grammar.types import (
    ANY,
    COMMON_ATTRS,
    INT,
    NUMBER,
    PLAYER,
    RELATIVE_DIRECTIONS,
    REVEALS_WORDS,
    BoardShape,
    Reveals,
    RevealsWord,
    StuckRule,
    TriggerEvent,
    Type,
    Visibility,
)
from ...grammar.wording import short_text
from .expressions import ConstantError, Emitter, Frame, EmitScope, params_scope
from .hoisting import kept_start
from .kept_ensure import EnsureReads
from .kept_listing import KEEP_FROM, kept_lister
from ..run.library import LIBRARY
from ..run.moves import attempt_source, generator_source
from ..run.runtime import DIRS, Kind
from ..run.untyped import conforming

# a piece's own attributes that a rule may change (`owner`, `up`, `turns`); its kind's `mutable` ones besides
ASSIGNABLE_PIECE_ATTRS = frozenset(name for name, (_, assignable) in COMMON_ATTRS["piece"].items() if assignable)

# A rule's body: its statements as one function of (state, locals); the locals are its parameters' values
Body = Callable
# a phase's index, or None: a game without phases (and, for `when stuck`, the whole game)
PhaseKey = Optional[int]
# who may read a `status` figure: everyone (None), the player it is about, nobody
StatusReader = Optional[Literal["owner", "nobody"]]

# a proc is built for at most this many kinds of arguments (then its plain function is called)
_PROC_VERSIONS = 8

# values whose text never changes (a piece's depends on where it is): a move over these alone can be kept
_STABLE_TEXT = ("space", "int", "number", "dir", "player", "text", "enum", "bool", "none")


@attrs.define
class Condition:
    """A legality condition of an action, kept with its source for explanations."""
    fn: Callable
    text: str
    line: int
    param: Optional[str]  # the parameter it belongs to, or None for a `require`
    message: Optional[Callable] = None  # the author's words for why it fails (S, L) -> text, or None
    node: Optional[N.Expr] = None  # the condition, for explaining it in players' words
    said: Optional[str] = None  # those words as written (holes and all), for the author


@attrs.define
class ActionParam:
    name: str
    slot: int
    domain: Callable  # (S, L) -> the values it ranges over
    test: Optional[Condition]
    domain_text: str  # as written, for explanations
    node: Optional[N.Expr] = None  # what it ranges over, for explaining it in players' words


def _built_after(*args):
    """A CompiledAction's gen and exists until Compiler.action, which made the action, builds them."""
    raise AssertionError("this action's moves are not built yet")


@attrs.define
class CompiledAction:
    name: str
    index: int
    phase: Optional[int]
    fallback: bool
    params: list[ActionParam]
    requires: list[Condition]
    body: Body
    size: int  # slots in its frame
    line: int
    where: str  # `file.mire:12`: the file it was written in (a variant's rule may come from its base)
    scope: Optional[EmitScope] = None  # where its parameters are, for computing parts of its conditions later
    label: Optional[Callable] = None  # label(S, L): the move in players' words (`as "..."`)
    gen: Callable = _built_after  # gen(S, out): appends every legal Move of this action to out
    exists: Callable = _built_after  # exists(S): has this action a legal move (stops at the first)?
    # (domains(S), attempt(S, *args)) for drawing a random move without listing them all (State.random_move):
    # every parameter's items, and the move with these arguments if it is legal, else None; None for an action
    # of one parameter, or when a parameter's items depend on another's, or moves that read the same are merged
    sampler: Optional[tuple[Callable, Callable]] = None
    eager_text: bool = False  # its moves name pieces whose names depend on where they are: name them early
    dedupe: bool = False  # its pieces may have twins: moves that read the same are merged
    over_board: Optional[str] = None  # its one parameter ranges over this grid's spaces: a state keeps its moves
    chooses: bool = False  # its body asks a player to choose: a generator function (see Compiler.body)
    ensures: list[Condition] = attrs.Factory(list)  # `ensure`s: a move is legal only if its effect meets them
    # (text, condition) of its `ensure`s that may be answered from the position before the move (kept_ensure.py)
    watched: tuple = ()
    # what the others learn of its moves (`reveals`): None (everything they may see), "nothing", "action", or
    # the positions of the parameters they learn
    reveals: Reveals = None
    by_itself: bool = False  # `action NAME() each turn`: begun by itself when a turn begins (turns.turn_by_itself)


@attrs.define
class CompiledRule:
    """A trigger, or the setup."""
    name: str
    phase: Optional[int]
    body: Body
    size: int
    line: int
    chooses: bool = False  # its body asks a player to choose: a generator function (see Compiler.body)


@attrs.define
class BoardSpec:
    name: str
    width: int
    height: int
    place: Optional[Callable]  # (x, y) -> its place on the shared plane, or None: side by side
    labels: Optional[str]
    per_player: bool
    area: bool
    shape: BoardShape = "grid"
    of: Optional[str] = None  # edges and corners: the grid they belong to
    points: tuple[tuple[str, int, int], ...] = ()  # a graph's points: (name, column, row)
    lines: tuple[tuple[tuple[str, ...], bool], ...] = ()  # a graph's lines and links: (names, straight)
    visibility: Visibility = "public"  # who sees its pieces: everyone, its owner ("private"), nobody ("secret")
    cells: Optional[tuple[tuple[int, int], ...]] = None  # a hex board's cells (column, row), bottom row first
    walls: bool = False  # `walls of GRID`: edges whose pieces block the steps across them
    neighbors: Optional[str] = None  # `neighbors all_directions`: the directions its spaces step in
    blocks: Optional[tuple[int, int]] = None  # `blocks 3 x 3`: the width and height of its blocks


def board_spec(b: N.Board, place: Optional[Callable], boards: dict,
               size: Callable[[N.Board], tuple[int, int]]) -> BoardSpec:
    """What the engine needs to build a board: a graph's points with their places, the size of a grid (`size`:
    worked out for the game's option values) or of the grid whose edges or corners a board is."""
    if b.shape == "graph":
        points = tuple((p.name, *(p.at or label_position(p.name) or (0, 0))) for p in graph_points(b))
        return BoardSpec(b.name, max(p[1] for p in points), max(p[2] for p in points), place, None, False, False,
                         "graph", points=points, lines=tuple((line.points, line.straight) for line in b.lines),
                         visibility=b.visibility or "public")
    if b.shape in DERIVED:
        return BoardSpec(b.name, *size(boards[b.of]), None, b.labels, False, False, b.shape, of=b.of,
                         visibility=b.visibility or "public", walls=b.walls)
    if b.shape == "hex":
        w, h = size(b)
        columns, rows = hex_box(b.outline, w, h)
        return BoardSpec(b.name, columns, rows, place, b.labels, False, False, "hex",
                         visibility=b.visibility or "public", cells=tuple(hex_cells(b.outline, w, h)))
    width, height = size(b) if b.shape == "grid" else (0, 0)
    return BoardSpec(b.name, width, height, place, b.labels, b.per_player, b.shape == "area", b.shape,
                     visibility=b.visibility or "public", neighbors=b.neighbors)


@attrs.define
class PieceTable:
    kind: str
    zone: Optional[str]  # None: the supply
    each_player: bool
    rows: list[dict]  # one attribute dict per piece


@attrs.define
class ZoneSpec:
    name: str
    per_player: bool
    visibility: Visibility
    capacity: Optional[int]
    size_hidden: bool = False  # how many pieces it holds is known only to those who may look into it


@attrs.define
class VarSpec:
    name: str
    per_player: bool
    init: Callable  # (S) -> its start value
    visibility: Visibility = "public"  # "private": its owner alone sees it; "secret": nobody
    # a private or secret variable: the values its start is drawn from at random ((S) -> list), when it is
    # `random(...)`; whether the rules file gives its start value outright (a constant); its value of nothing
    draw: Optional[Callable] = None
    known_start: bool = True
    zero: object = None


@attrs.define
class PhaseSpec:
    name: str
    until: Optional[Callable]  # (S) -> whether the phase is over


@attrs.define
class RankKey:
    fn: Callable  # (S, L) with the player in `slot`
    slot: int
    size: int


class OptionSpec(NamedTuple):
    name: str
    description: str
    uses: Optional[str]  # the variant this option switches to
    default: Optional[int] = None  # an option with a value: its default and the range players may choose in
    low: Optional[int] = None
    high: Optional[int] = None


class InputSpec(NamedTuple):
    zone: str
    count: int  # type: ignore[assignment]  # a field, not tuple.count
    kind: str
    source: str


@attrs.define
class CompiledGame:
    name: str
    title: str
    path: str
    source: str
    min_players: int
    max_players: int
    seat_names: tuple[str, ...]
    facings: Optional[tuple[str, ...]]
    first_random: bool
    options: list[OptionSpec]
    boards: list[BoardSpec]
    kinds: dict[str, Kind]
    tables: list[PieceTable]
    zones: list[ZoneSpec]
    vars: list[VarSpec]
    setup: list[CompiledRule]
    phases: list[PhaseSpec]
    actions: list[CompiledAction]
    triggers: dict[TriggerEvent, list[CompiledRule]]  # event -> its triggers
    rank: list[RankKey]
    has_score: bool
    tracks_positions: bool = False  # do the rules read `repetitions`? (then each turn's position is counted)
    inputs: list[InputSpec] = attrs.Factory(list)
    shows: dict[str, Callable] = attrs.Factory(dict)  # kind -> label(S, piece)
    display: dict = attrs.Factory(dict)  # the display form's lines as plain data (grammar/display.py), or empty
    names: dict[str, Callable] = attrs.Factory(dict)  # kind -> what players call a piece of it (`show K named`)
    seated: bool = False  # seats sit at edges that matter: the board is drawn from the viewer's edge
    about: str = ""  # the goal, for players
    legend: tuple = ()  # (term, meaning) of the game's notation, in the order written, for players
    statuses: list[Callable] = attrs.Factory(list)  # status(S, player) -> a figure shown beside the player
    # per status: who may read it (None: everyone; "owner": the player it is about; "nobody"): see status_reader
    status_readers: list[StatusReader] = attrs.Factory(list)
    internal: frozenset[str] = frozenset()  # variables the players never see
    emitter: Optional[Emitter] = None  # builds more functions of this game (parts of conditions, to explain them)
    # (id(node), bound names...) -> its function, built by `evaluate` when first asked
    parts: dict[tuple, Callable] = attrs.Factory(dict)
    # the same for parts of defs' bodies, built by `evaluate_in_def`
    def_parts: dict[tuple, Callable] = attrs.Factory(dict)
    ties_share: bool = False  # `rank by ... ties share`: players level at the top share the win, never a draw
    edition: int = 2  # the edition of the language the rules are written in (docs/language.md 2.30)
    # the parts of the position the rules compare with `repetitions(PART)`, each part(S) -> its spaces or zones
    compared_parts: list[Callable] = attrs.Factory(list)
    # `when stuck: RULE`, by phase index (None: the whole game); without one, a stuck player finishes the game
    stuck: dict[PhaseKey, StuckRule] = attrs.Factory(dict)
    stuck_reasons: dict[PhaseKey, Callable] = attrs.Factory(dict)  # phase index (or None) -> reason(S), from `because`
    # by phase (None for a game without phases): its actions (regular ones, fallback ones) and its triggers
    open_actions: dict[PhaseKey, tuple[list[CompiledAction], list[CompiledAction]]] = attrs.Factory(dict)
    after_move_rules: dict[PhaseKey, list[CompiledRule]] = attrs.Factory(dict)
    turn_start_rules: dict[PhaseKey, list[CompiledRule]] = attrs.Factory(dict)
    secret_vars: frozenset[str] = attrs.field(init=False, default=frozenset())
    secret_player_vars: frozenset[str] = attrs.field(init=False, default=frozenset())
    unseen_player_vars: frozenset[str] = attrs.field(init=False, default=frozenset())
    # some moves tell the others less than they may see (`reveals`, a board some cannot see): a state keeps
    # what each seat was told of each move
    hides_moves: bool = attrs.field(init=False, default=False)

    def evaluate(self, node: N.Expr, act: CompiledAction, S, L, bound: tuple = ()):
        """The value of a part of one of `act`'s conditions, with its parameters as they are in L; `bound`: the
        values of names that loops around the part bind ((name, value), outermost first), for a part inside
        `any(x in D where ...)`."""
        assert act.scope is not None
        return self._part(self.parts, node, lambda: act.scope, bound)(S, L, *(v for _, v in bound))

    def rules_line(self, err: BaseException) -> Optional[str]:
        """`file.mire:12`: the rules line of the statement (or condition) of this game's built code that `err` went
        through last (engine/build/generated.py), or None."""
        return self.emitter.code.rules_line(err) if self.emitter is not None else None

    def definition(self, name: str) -> Optional[N.Def]:
        """The game's `def` of this name, or None (a builtin, or no such name)."""
        return self.emitter.sym.defs.get(name) if self.emitter is not None else None

    def evaluate_in_def(self, node: N.Expr, d: N.Def, S, args, bound: tuple = ()):
        """The value of a part of the body of `d` (a def of one expression), its parameters given these values
        (and `bound` as in `evaluate`)."""
        return self._part(self.def_parts, node, lambda: params_scope(d.params)[1], bound)(S, list(args),
                                                                                         *(v for _, v in bound))

    def _part(self, built: dict, node: N.Expr, scope_of, bound: tuple):
        """The function (S, L, *bound values) of a part (in the scope `scope_of()` gives), built once for each set
        of bound names."""
        key = (id(node),) + tuple(name for name, _ in bound)
        fn = built.get(key)
        if fn is None:
            emitter = self.emitter
            assert emitter is not None
            scope = scope_of()
            params = ["S", "L"]
            if bound:
                scope = scope.child()
                for name, _ in bound:
                    params.append(scope.bind_py(name, emitter.fresh("_b")))
            fn = built[key] = emitter.function(lambda: emitter.src(node, scope), ", ".join(params))
        return fn

    def __attrs_post_init__(self):
        # the variables a view leaves out: secret ones (nobody sees them), a player's private ones (the others)
        self.secret_vars = frozenset(v.name for v in self.vars if not v.per_player and v.visibility == "secret")
        self.secret_player_vars = frozenset(v.name for v in self.vars if v.per_player and v.visibility == "secret")
        self.unseen_player_vars = frozenset(v.name for v in self.vars if v.per_player and v.visibility != "public")
        self.hides_moves = any(a.reveals is not None for a in self.actions) or \
            any(b.visibility != "public" for b in self.boards)
        phase_ids: list[PhaseKey] = list(range(len(self.phases))) if self.phases else [None]
        for ph in phase_ids:
            def open_in(rule, ph=ph):
                return rule.phase is None or rule.phase == ph
            self.open_actions[ph] = ([a for a in self.actions if not a.fallback and open_in(a)],
                                     [a for a in self.actions if a.fallback and open_in(a)])
            self.after_move_rules[ph] = [r for r in self.triggers["after move"] if open_in(r)]
            self.turn_start_rules[ph] = [r for r in self.triggers["turn start"] if open_in(r)]

    def stuck_rule(self, phase: PhaseKey) -> StuckRule:
        """What a player with no legal move does in this phase: lose, win, draw, pass or finish."""
        return self.stuck.get(phase) or self.stuck.get(None) or "finish"

    def stuck_reason(self, S) -> Optional[str]:
        """Why the game ended, in the words of the `when stuck` that applies (None: it gives none)."""
        phase = S.phase if S.phase in self.stuck else None
        reason = self.stuck_reasons.get(phase)
        return reason(S) if reason is not None else None


class Compiler(N.NodeVisitor):
    compilers = N.Dispatch("compile_")  # compile_<Stmt class>(s, scope) -> the lines of Python of s

    def __init__(self, checked: Checked, sources: dict[str, str], name: str, option_values=None):
        self.checked = checked
        self.sym = checked.symbols
        self.sources = sources
        self.name = name
        # every option with a value, at the value this game is built for: built in, like a constant
        self.option_values = {o.name: (option_values or {}).get(o.name, o.default)
                              for o in self.sym.options.values() if o.default is not None}
        self.emit = Emitter(checked, self.where, self.option_values)
        self.procs: dict[str, str] = {}
        self.rule_name = "setup"  # the rule being compiled, named where a game ends without saying why
        self._yields = False  # the body being written is a generator function (see body)
        self._ensures: list[Condition] = []  # the `ensure`s of the action being compiled
        self._watched: dict[str, Callable] = {}  # those that may be answered early, by their text
        self._ensure_reads = EnsureReads(checked)
        self.proc_fns: dict[tuple, str] = {}  # (proc, argument types) -> its function built for them
        self.phase_index = {name: i for i, name in enumerate(self.sym.phases)}
        self.choosing_procs = choosing_procs(self.sym.procs)
        self.emit.statements = self.def_block
        self.emit.proc_value = self.proc_value
        self.emit.proc_names = set(self.sym.procs)

    # ------------------------------------------------------------ where things were written
    def text(self, node: N.Node) -> str:
        """The source text of a node, as written (its first line, for a node over several)."""
        sp = node.span
        lines = parser_lines(self.sources.get(sp.file, ""))  # (kept: a node of each rule asks, of a large file)
        if sp.line < 1 or sp.line > len(lines):
            return "?"
        if sp.end_line == sp.line:
            return lines[sp.line - 1][sp.column - 1:sp.end_column - 1]
        return lines[sp.line - 1][sp.column - 1:].rstrip()

    def where(self, node: N.Node) -> str:
        """`file.mire:12`, for RuleErrors."""
        return f"{node.span.file.replace(chr(92), '/').rsplit('/', 1)[-1]}:{node.span.line}"

    def type_of(self, node: N.Node) -> Type:
        return self.checked.type_of(node)

    # ------------------------------------------------------------ game
    def compile(self) -> CompiledGame:
        try:
            return self._compile()
        except ConstantError as err:
            raise MireError([Diagnostic("E073", f"constant '{err.const.name}' cannot be computed: {err.reason}",
                                        err.const.span, "a constant's value is computed once, when the game is "
                                        "loaded; keep it small and well defined", focus=err.const.name)],
                            self.sources) from None

    def _compile(self) -> CompiledGame:
        sym = self.sym
        self.emit.declare_defs(list(sym.defs.values()))
        for i, p in enumerate(sym.procs.values()):
            self.procs[p.name] = f"_proc{i}"  # the name its function has where statements are built
        for d in sym.defs.values():
            self.emit.compile_def(d, self.text(d))
        for name in sym.consts:  # every constant, used or not: one that cannot be computed is reported now
            self.emit.const_source(name)
        for p in sym.procs.values():
            _, scope = params_scope(p.params)
            self.rule_name = p.name
            with self.emit.naming(self.where(p), f"proc {p.name}", "proc", self.text(p)):
                self.emit.env[self.procs[p.name]] = self.body(p.body, scope)
        players = sym.players
        n_max = players.high if players else 2
        names = tuple(players.names) if players and players.names else tuple(str(i + 1) for i in range(n_max))
        facings = tuple(players.facing) if players and players.facing else None
        module = self.checked.module
        return CompiledGame(
            name=self.name, title=sym.title or self.name, path=module.path, source=self.sources[module.path],
            min_players=players.low if players else 2, max_players=n_max, seat_names=names, facings=facings,
            first_random=bool(sym.first and sym.first.who == "random"),
            options=[OptionSpec(o.name, o.description, o.uses, o.default, o.low, o.high) for o in sym.options.values()],
            inputs=[InputSpec(i.zone, i.count, i.kind, i.source) for i in sym.inputs],
            shows={show.kind: self.compile_show(show) for show in sym.shows if not show.named},
            display=display_description(sym) if sym.displays else {},
            names={show.kind: self.compile_show(show) for show in sym.shows if show.named},
            seated=bool(facings) or self.reads_seats(),
            boards=self.board_specs(),
            kinds={k.name: Kind(k.name, tuple(x.name for x in k.attrs), frozenset(x.name for x in k.attrs if x.hidden),
                                tuple(x.name for x in k.attrs if x.key),
                                frozenset(x.name for x in k.attrs if x.mutable), k.covered_hidden,
                                frozenset(x.name for x in k.attrs if x.type.name == "space"), start_values(k))
                   for k in sym.kinds.values()},
            tables=[PieceTable(p.kind, p.zone, p.each_player, table_rows(sym.kinds[p.kind], p.header, p.rows))
                    for p in sym.pieces if p.file is None and p.kind in sym.kinds],
            zones=[ZoneSpec(z.name, z.per_player, z.visibility, z.capacity, z.size_hidden) for z in sym.zones.values()],
            vars=[self.compile_var(v) for v in sym.vars.values()],
            setup=[self.rule("setup", None, s.body, s) for s in sym.setups],
            phases=[PhaseSpec(ph.name, self.closed(ph.until) if ph.until is not None else None)
                    for ph in sym.phases.values()],
            actions=[self.compile_action(a, i) for i, a in enumerate(sym.actions.values())],
            triggers=self.compile_triggers(),
            rank=self.compile_rank(),
            ties_share=bool(sym.rank and sym.rank.ties_share),
            stuck={(self.phase_index[ph] if ph is not None else None): s.rule for ph, s in sym.stuck.items()},
            stuck_reasons={(self.phase_index[ph] if ph is not None else None): self.closed_template(s.reason)
                           for ph, s in sym.stuck.items() if s.reason is not None},
            has_score="score" in sym.vars and sym.vars["score"].per_player,
            about=sym.about.text if sym.about is not None else "",
            legend=tuple((item.term, item.meaning) for item in sym.legend),
            statuses=[self.compile_status(s) for s in sym.statuses],
            status_readers=[self.status_reader(s) for s in sym.statuses],
            internal=frozenset(v.name for v in sym.vars.values() if v.internal),
            tracks_positions=any(isinstance(n, N.Name) and n.id == "repetitions" for n in N.walk(module)),
            edition=sym.edition, compared_parts=[self.closed(part) for part in self.emit.compared_parts],
            emitter=self.emit)

    def board_specs(self) -> list[BoardSpec]:
        """The boards, their sizes worked out for this game's option values, and checked against the limits
        (MireError E045, E072) as the checker checked them for the defaults."""
        static = StaticValues(self.sym, self.option_values)

        def size(grid: N.Board) -> tuple[int, int]:
            return static.int_of(grid.width) or 0, static.int_of(grid.height) or 0
        seats = min(self.sym.players.high, MAX_PLAYERS) if self.sym.players is not None else 1
        specs, total = [], 0
        values = ", ".join(f"{k} = {v}" for k, v in self.option_values.items())
        for b in self.sym.boards.values():
            w, h = size(b) if b.shape == "grid" else (0, 0)
            total += space_count(b, self.sym.boards, size) * (seats if b.per_player else 1)
            problem = None
            if b.shape == "grid" and not (1 <= w <= MAX_GRID and 1 <= h <= MAX_GRID):
                problem = ("E045", f"board '{b.name}' would be {w} x {h}, and a grid is 1 to {MAX_GRID} spaces a side")
            elif total > MAX_SPACES:
                problem = ("E072", f"the boards would have more than {MAX_SPACES} spaces together")
            if problem is not None:
                raise MireError([Diagnostic(problem[0], f"with {values}, {problem[1]}" if values else problem[1],
                                            b.span, "choose other values for the options")], self.sources)
            specs.append(board_spec(b, self.placement(b), self.sym.boards, size))
            if b.blocks is not None:
                specs[-1].blocks = (static.int_of(b.blocks[0]) or 1, static.int_of(b.blocks[1]) or 1)
        far = farthest(self.sym.boards, size, static)
        if far is not None and far[1] > MAX_PLANE:
            # the checker found none with the options' defaults and the ends of their ranges; a value between
            # them may still place a board too far (`at (x + size * (10 - size), y)`)
            raise MireError([Diagnostic("E049", f"with {values}, board '{far[0].name}' reaches column or row "
                                                f"{far[1]} of the plane, and the boards lie within "
                                                f"-{MAX_PLANE}..{MAX_PLANE}", far[0].span,
                                        "choose other values for the options")], self.sources)
        return specs

    def compile_var(self, v: N.Var) -> VarSpec:
        init = self.closed(v.init)
        want = self.sym.declared_type(v.type) or ANY
        if self.type_of(v.init).untyped and not want.untyped:  # (a def's value: checked, as an assignment is)
            init = self.conforming_start(init, v, want)
        spec = VarSpec(v.name, v.per_player, init, v.visibility)
        if v.visibility != "public":
            items = self.drawn_from(v.init)
            spec.draw = self.closed(items) if items is not None else None
            spec.known_start = items is None and self.emit.is_static(v.init)
            spec.zero = _ZEROS.get(self.type_of(v.init).base, [] if self.type_of(v.init).is_list else None)
        return spec

    def conforming_start(self, init: Callable, v: N.Var, want: Type) -> Callable:
        what, where = f"the start value of '{v.name}'", self.where(v)
        return lambda S: conforming(S, init(S), want, what, where)

    def drawn_from(self, value: N.Expr) -> Optional[N.Expr]:
        """The collection of `random(C)` (the builtin, not a def of that name), or None."""
        if isinstance(value, N.Call) and value.func == "random" and value.func not in self.sym.defs \
                and len(value.args) == 1:
            return value.args[0]
        return None

    def rule(self, name: str, phase: Optional[str], body: N.Block, node: N.Node) -> CompiledRule:
        """A trigger or the setup (`node`: its declaration)."""
        self.rule_name = name
        frame = Frame()
        with self.emit.naming(self.where(node), name, "rule", self.text(node)):
            fn = self.body(body, EmitScope(frame))
        return CompiledRule(name, self.phase_index.get(phase) if phase else None, fn, frame.size, node.span.line,
                            self.chooses(body))

    def compile_triggers(self) -> dict[TriggerEvent, list[CompiledRule]]:
        triggers: dict[TriggerEvent, list[CompiledRule]] = {"after move": [], "turn start": [], "end": []}
        for t in self.sym.triggers.values():
            triggers[t.event].append(self.rule(t.name, t.phase, t.body, t))
        return triggers

    def compile_rank(self) -> list[RankKey]:
        keys = []
        if self.sym.rank is not None:
            for k in self.sym.rank.keys:
                frame = Frame()
                scope = EmitScope(frame)
                slot = scope.bind("player")
                keys.append(RankKey(self.emit.expr(k, scope), slot, frame.size))
        return keys

    def reads_seats(self) -> bool:
        """Do the rules read anything from a seat's edge (rows, columns, forward, printed positions)?"""
        for node in N.walk(self.checked.module):
            if isinstance(node, N.Call) and node.func in ("row", "column", "seat_space"):
                return True
            if isinstance(node, N.Name) and node.id in RELATIVE_DIRECTIONS:
                return True
        return False

    def may_have_twins(self, t: Type) -> bool:
        """Could two pieces of this list's element type look the same (same kind and attributes)?"""
        if not t.is_list or t.element.base in ("space", "int", "dir", "player", "text", "bool", "enum"):
            return not t.is_list
        kind = self.sym.kinds.get(t.element.kind or "")
        if kind is None:
            return True
        if not kind.attrs:
            return True
        seen = set()
        for p in self.sym.pieces:
            if p.kind != kind.name:
                continue
            for r in table_rows(kind, p.header, p.rows):
                key = tuple(sorted((n, str(v)) for n, v in r.items()))
                if key in seen:
                    return True
                seen.add(key)
        return False

    def closed(self, node: N.Expr):
        """An expression with no locals of its own: a function of the state alone."""
        frame = Frame()
        fn = self.emit.expr(node, EmitScope(frame))

        def run(S):
            return fn(S, [None] * frame.size)
        return run

    def closed_template(self, template: N.Template) -> Callable:
        """A text of the rules read with no locals: template(S)."""
        frame = Frame()
        text = self.emit.template(template, EmitScope(frame))
        return lambda S: text(S, [None] * frame.size)

    def compile_status(self, status: N.Status):
        frame = Frame()
        scope = EmitScope(frame)
        slot = scope.bind("player")
        text = self.emit.template(status.label, scope)
        shown = self.emit.expr(status.when, scope) if status.when is not None else None

        def figure(S, player):
            L = [None] * frame.size
            L[slot] = player
            return text(S, L) if shown is None or shown(S, L) else ""
        return figure

    def status_reader(self, status: N.Status) -> StatusReader:
        """Who may read a `status` figure, by the variables its text and its `if` condition read (through defs
        too; whether it shows tells as much as what it says): everyone (None); the player it is about
        ("owner"), when it reads that player's private variables as `player.NAME`; or nobody ("nobody"), when
        it reads a secret variable, or a private one in any other way."""
        hidden = {v.name: v for v in self.sym.vars.values() if v.visibility != "public"}
        if not hidden:
            return None
        reader: StatusReader = None
        seen_defs: set = set()
        # (a tree, is it the status's own?): its text and its `if` condition both say what the seat learns
        todo: list[tuple[N.Node, bool]] = [(status.label, True)]
        if status.when is not None:
            todo.append((status.when, True))
        while todo:
            tree, own = todo.pop()
            for n in N.walk(tree):
                if isinstance(n, N.Call) and n.func in self.sym.defs and n.func not in seen_defs:
                    seen_defs.add(n.func)
                    todo.append((self.sym.defs[n.func].body, False))
                elif isinstance(n, N.Name) and n.id in hidden and not hidden[n.id].per_player:
                    return "nobody"
                elif isinstance(n, N.Attr) and n.name in hidden and hidden[n.name].per_player:
                    if hidden[n.name].visibility == "secret" or not own \
                            or not (isinstance(n.obj, N.Name) and n.obj.id == "player"):
                        return "nobody"
                    reader = "owner"
        return reader

    def compile_show(self, show: N.Show):
        frame = Frame()
        scope = EmitScope(frame)
        slot = scope.bind("it")
        text = self.emit.template(show.label, scope, labels=False)  # (a piece in a label is its plain text)

        def label(S, piece):
            L = [None] * frame.size
            L[slot] = piece
            return text(S, L)
        return label

    def placement(self, b: N.Board):
        """Where a board's space (x, y) sits on the plane all boards share: `at (2 * x, 2 * y)`."""
        if b.at is None:
            return None
        frame = Frame()
        scope = EmitScope(frame)
        sx, sy = scope.bind("x"), scope.bind("y")
        fx, fy = self.emit.expr(b.at[0], scope), self.emit.expr(b.at[1], scope)

        def place(x, y):
            L = [None] * frame.size
            L[sx], L[sy] = x, y
            return fx(None, L), fy(None, L)
        return place

    def compile_action(self, a: N.Action, index: int) -> CompiledAction:
        with self.emit.naming(self.where(a), a.name):
            return self._compile_action(a, index)

    def _compile_action(self, a: N.Action, index: int) -> CompiledAction:
        self.rule_name = a.name
        frame = Frame()
        scope = EmitScope(frame)
        params = []
        for prm in a.params:
            with self.emit.naming(self.where(prm), f"{a.name}: {prm.name} in"):
                dom = self.iterable(prm.domain, scope)
            slot = scope.bind(prm.name)
            cond = None
            if prm.test is not None:
                with self.emit.naming(self.where(prm), f"{a.name}: {prm.name} where"):
                    cond = Condition(self.emit.expr(prm.test, scope), self.text(prm.test), prm.test.span.line,
                                     prm.name, *self.words_why(prm.message, scope, prm.test))
            params.append(ActionParam(prm.name, slot, dom, cond, self.text(prm.domain), prm.domain))
        requires = []
        body_nodes = []
        self._ensures = []
        self._watched = {}
        for s in a.body:
            if isinstance(s, N.Require):
                with self.emit.naming(self.where(s), f"{a.name}: require"):
                    requires.append(Condition(self.emit.expr(s.test, scope), self.text(s.test), s.span.line, None,
                                              *self.words_why(s.message, scope, s.test)))
            else:
                body_nodes.append(s)
        with self.emit.naming(self.where(a), a.name, "rule", self.text(a)):
            body = self.body(tuple(body_nodes), scope)
        assert frame.size == len(params)  # the frame holds the parameters alone: a move's arguments are its frame
        act = CompiledAction(a.name, index, self.phase_index.get(a.phase) if a.phase else None, a.fallback, params,
                             requires, body, frame.size, a.span.line, self.where(a), scope)
        act.ensures = self._ensures
        act.watched = tuple(self._watched.items())
        if a.label is not None:
            with self.emit.naming(self.where(a.label), f"{a.name}: as"):
                act.label = self.emit.template(a.label, scope)
        act.chooses = self.chooses(tuple(body_nodes))
        act.by_itself = a.by_itself
        kept = all(self.type_of(p.domain).is_list_of(*_STABLE_TEXT) for p in a.params)
        act.over_board = self.grid_param(a)
        name = self.emit.put(act, "_act")
        with self.emit.naming(self.where(a), f"{a.name}: moves", "moves", self.text(a)):
            act.gen = self.emit.def_function(lambda: self.generator(a, name, index if kept else None,
                                                                    act.over_board is not None), "S, out")
        if act.over_board is not None:
            act.gen = self.kept_listing(a, index, act.over_board) or act.gen
        with self.emit.naming(self.where(a), f"{a.name}: any move", "part", self.text(a)):
            act.exists = self.emit.def_function(lambda: self.generator(a, name, None, False, exists=True), "S")
        act.eager_text = any(not self.type_of(p.domain).is_list_of("space") for p in a.params)
        act.dedupe = any(self.may_have_twins(self.type_of(p.domain)) for p in a.params)
        if not act.dedupe and len(a.params) > 1:  # (one parameter's moves are listed as quickly as drawn)
            act.sampler = self.sampler(a, name, index if kept else None, act.over_board is not None)
        if a.reveals is not None:
            names = [p.name for p in a.params]
            word = a.reveals[0]
            act.reveals = cast(RevealsWord, word) if word in REVEALS_WORDS else \
                tuple(names.index(n) for n in a.reveals if n in names)
        return act

    def generator(self, a: N.Action, name: str, memo: Optional[int], over_board: bool,
                  exists: bool = False) -> list[str]:
        """The source of the function that lists an action's legal moves (see moves.generator_source), or with
        `exists` tells whether it has one. Each parameter's loop keeps what the loops inside it do not change
        (Emitter.loop): `offer(k)` of a condition on (k, s, d) is worked out once per k."""
        gen_scope = EmitScope(Frame())  # the generator names its parameters _p0, _p1, ...
        gen_params = []
        heads = []
        with ExitStack() as loops:
            loops.enter_context(self.listing())
            for i, prm in enumerate(a.params):
                domain = None
                if any(isinstance(n, N.Call) and n.func in self.emit.def_names for n in N.walk(prm.domain)):
                    # its items are made first, held in a name (where defs may be written in place: Python
                    # allows no `:=` in a loop's own items), then walked
                    made = self.emit.iter_src(prm.domain, gen_scope, in_iterable=False)
                    domain = (self.emit.hold(made, "_dom"), made)
                    items = self.present(self.emit.guarded(domain[0], prm), prm)
                else:
                    items = self.present(self.emit.guarded(self.emit.iter_src(prm.domain, gen_scope), prm), prm)
                py = gen_scope.bind_py(prm.name, f"_p{i}", self.emit.items_present(prm.domain))
                loop = self.emit.loop(py, keyable=self.emit.keyable(prm.domain), items=items)
                heads.append(loops.enter_context(loop))
                cond = self.emit.test_src(prm.test, gen_scope) if prm.test is not None else None
                gen_params.append((py, items, cond, domain))
            tests = [self.emit.test_src(s.test, gen_scope) for s in a.body if isinstance(s, N.Require)]
        before = [f"{h} = {kept_start(h)}" for h in (heads[0] if heads else [])]
        # what loop i keeps is made at its head: after the loop (and condition) before it
        params = [(py, items, cond, heads[i + 1] if i + 1 < len(heads) else [], domain)
                  for i, (py, items, cond, domain) in enumerate(gen_params)]
        code = self.emit.code
        marks = [code.mark(self.where(prm), self.text(prm)) for prm in a.params] + \
            [code.mark(self.where(s), self.text(s)) for s in a.body if isinstance(s, N.Require)]
        return before + generator_source(name, params, tests, memo, over_board, exists, marks)

    def sampler(self, a: N.Action, name: str, memo: Optional[int],
                over_board: bool) -> Optional[tuple[Callable, Callable]]:
        """(domains, attempt) of CompiledAction.sampler: drawing a move is then drawing one argument from each
        parameter's items and keeping it if it is legal (State.random_move), which is uniform over the legal
        moves only when the items of a parameter do not depend on the others'."""
        earlier: set = set()
        for prm in a.params:
            if any(isinstance(n, N.Name) and n.id in earlier for n in N.walk(prm.domain)):
                return None
            earlier.add(prm.name)

        def domains():
            scope = EmitScope(Frame())
            with self.listing():
                made = [self.present(self.emit.guarded(self.emit.iter_src(p.domain, scope, in_iterable=False), p),
                                     p) for p in a.params]
            return [f"return [{', '.join(made)}]"]

        def attempt():
            scope = EmitScope(Frame())
            args = [scope.bind_py(p.name, f"_p{i}", self.emit.items_present(p.domain))
                    for i, p in enumerate(a.params)]
            with self.listing():
                tests = [self.emit.test_src(p.test, scope) for p in a.params if p.test is not None]
                tests += [self.emit.test_src(s.test, scope) for s in a.body if isinstance(s, N.Require)]
            return attempt_source(name, args, tests, memo, over_board)
        params = "S, " + ", ".join(f"_p{i}" for i in range(len(a.params)))
        with self.emit.naming(self.where(a), f"{a.name}: items to draw from", "part", self.text(a)):
            drawn = self.emit.def_function(domains, "S")
        with self.emit.naming(self.where(a), f"{a.name}: a drawn move", "part", self.text(a)):
            return drawn, self.emit.def_function(attempt, params)

    @contextmanager
    def listing(self) -> Iterator[None]:
        """Write a function that runs only while moves are listed (or drawn, or looked for): see Emitter.listing."""
        saved, self.emit.listing = self.emit.listing, True
        try:
            yield
        finally:
            self.emit.listing = saved

    def present(self, items: str, prm: N.Param) -> str:
        """The items of an action's parameter: from edition 3 on, without `none` (a space off the board is no
        move); in edition 2 `none` is a value like any other."""
        if self.sym.edition < 3 or self.emit.items_present(prm.domain):
            return items
        return f"_present({items})"

    def kept_listing(self, a: N.Action, index: int, board: str) -> Optional[Callable]:
        """The lister that keeps its answers from move to move (engine/kept_listing.py), for an action over the
        spaces of a board of KEEP_FROM spaces or more whose condition reads only what lies on spaces at fixed
        directions from its own, and with no requirement; None for any other."""
        prm = a.params[0]
        condition = prm.test
        if condition is None or any(isinstance(s, N.Require) for s in a.body):
            return None
        chains = self.space_reads(condition, prm.name)
        static = StaticValues(self.sym, self.option_values)
        spaces = space_count(self.sym.boards[board], self.sym.boards,
                             lambda g: (static.int_of(g.width) or 0, static.int_of(g.height) or 0))
        if chains is None or spaces < KEEP_FROM or self.emit.walled:  # (a wall put up changes what it reads)
            return None

        def test() -> list[str]:
            scope = EmitScope(Frame())
            scope.bind_py(prm.name, "_p0", self.emit.items_present(prm.domain))
            with self.listing():
                return [f"return {self.emit.test_src(condition, scope)}"]
        with self.emit.naming(self.where(prm), f"{a.name}: kept condition", "part", self.text(prm)):
            return kept_lister(index, board, self.emit.def_function(test, "S, _p0"), chains, self.where(prm))

    def space_reads(self, test: N.Expr, param: str) -> Optional[set]:
        """The spaces a parameter's condition reads, as chains of directions from the parameter's space (() is the
        space itself), when all it reads of the state is whether those spaces are empty; the parameter's own
        column and row, numbers and constants are the same in every state. None for any other condition."""
        reads: set = set()

        def space(n: N.Expr) -> Optional[tuple]:
            if isinstance(n, N.Name) and n.id == param and self.checked.meaning(n).category == "local":
                return ()
            if isinstance(n, N.BinOp) and n.op == "+" and isinstance(n.right, N.Name) and n.right.id in DIRS \
                    and self.checked.meaning(n.right).category == "builtin":
                chain = space(n.left)
                return None if chain is None else chain + (n.right.id,)
            return None

        def known(n: N.Expr) -> bool:
            if isinstance(n, N.Call) and n.func == "empty" and n.func not in self.emit.def_names and len(n.args) == 1:
                chain = space(n.args[0])
                reads.add(chain)
                return chain is not None
            if isinstance(n, N.Attr) and n.name in ("x", "y"):
                return space(n.obj) == ()
            if isinstance(n, N.BoolOp):
                return all(known(v) for v in n.values)
            if isinstance(n, N.Not):
                return known(n.value)
            if isinstance(n, N.Compare) and n.op in ("==", "!=", "<", ">", "<=", ">="):
                return known(n.left) and known(n.right)
            return isinstance(n, (N.Num, N.Name)) and param not in {x.id for x in N.walk(n) if isinstance(x, N.Name)} \
                and self.emit.is_static(n)
        return reads if known(test) else None

    def grid_param(self, a: N.Action) -> Optional[str]:
        """The shared grid board whose spaces an action's one parameter ranges over, if it does."""
        if len(a.params) != 1:
            return None
        board = self.emit.board_name(a.params[0].domain)
        spec = self.sym.boards.get(board) if board is not None else None
        return board if spec is not None and fixed_spaces(spec) else None

    def iterable(self, node: N.Expr, scope: EmitScope):
        """A function giving a fresh list (a board's spaces, a zone's pieces...) that effects may change."""
        return self.emit.build(f"list({self.emit.iter_src(node, scope)})", where=self.where(node))

    # ------------------------------------------------------------ statements
    # A rule's statements become the lines of one Python function f(S, L) (L holds the parameters of an
    # action or proc); the variables of `let`, `for` and `choose` are that function's own locals.
    def body(self, stmts: N.Block, scope: EmitScope) -> Body:
        """A rule's statements as one function. A body that may ask a player to choose (`choose`, `for ...
        ordered by`, or a call of a proc that does) is a generator function: at a choice it yields
        (chooser, options, prompt, secret) and is sent the index of the option chosen, so that a move goes on
        from its choice instead of being run again from its start (State._run)."""
        saved = self._yields
        self._yields = self.chooses(stmts)
        try:
            return self.emit.def_function(lambda: self.block(stmts, scope))
        finally:
            self._yields = saved

    def def_block(self, stmts: N.Block, scope: EmitScope) -> list[str]:
        """The lines of a def written as a block (Emitter.def_body): it computes and asks nobody anything."""
        saved = self._yields
        self._yields = False
        try:
            return self.block(stmts, scope)
        finally:
            self._yields = saved

    def chooses(self, stmts) -> bool:
        """May these statements ask a player to choose?"""
        return any(asks_a_player(n) or (isinstance(n, N.ExprStmt) and n.call.func in self.choosing_procs)
                   for n in N.walk(stmts))

    def choice(self, who: str, options: str, prompt: str, secret: bool, detail: str) -> str:
        """Source of the option a player chooses (options: a simple name of a list of two or more): asked
        with `yield` in a body that yields (see body). `prompt` asks in players' words, `detail` is the rule's."""
        if self._yields:
            return f"{options}[(yield ({who}, {options}, {prompt}, {secret}, {detail}))]"
        return f"S.choose({who}, {options}, {prompt}, {secret}, {detail})"

    def block(self, stmts: N.Block, scope: EmitScope) -> list[str]:
        scope = scope.child()
        lines: list[str] = []
        for s in stmts:
            lines.extend(self.stmt(s, scope))
        return lines or ["pass"]

    def stmt(self, s: N.Stmt, scope: EmitScope) -> list[str]:
        """A statement's lines, each tagged with its rules line (engine/build/generated.py) unless a statement inside it
        tagged it with its own."""
        return self.emit.code.marked(self.compilers[s.__class__](self, s, scope), self.where(s), self.text(s))

    def local(self) -> str:
        """A new local of the function being built."""
        return self.emit.fresh("_l")

    def const(self, value) -> str:
        """A value (a text of the rules: a place, a prompt) that the built code names."""
        return self.emit.put(value, "_k")

    def sized(self, src: str, node: N.Expr, where: str) -> str:
        """A value a rule keeps, checked for its size (namespace.sized) when it may be a number, a text or a
        list."""
        t = self.type_of(node)
        if t.base in ("int", "number", "text", "list", "any") and not self.small_as_written(node):
            return f"_sized({src}, {where})"
        return src

    def small_as_written(self, node: N.Expr) -> bool:
        """Is a value within the limits as the rules file writes it: `none`, a number written out (the parser
        bounds its digits), a text or a list written out no longer than a rule may make one?"""
        if isinstance(node, N.Num):
            return True
        if isinstance(node, (N.Str, N.ListLit)):
            return len(node.value if isinstance(node, N.Str) else node.items) <= MAX_LENGTH
        return isinstance(node, N.Name) and node.id == "none" and self.checked.meaning(node).category != "local"

    def compile_Let(self, s: N.Let, scope: EmitScope):
        value = self.emit.src(s.value, scope)
        if s.type is not None:  # (`let n: int = ...`: what the rule reads later is what it says)
            value = self.emit.conformed(value, s.value, self.sym.declared_type(s.type) or ANY,
                                        f"the value of '{s.name}'")
        value = self.sized(value, s.value, self.const(self.where(s)))
        return [f"{scope.bind_py(s.name, self.local())} = {value}"]

    def compile_Assign(self, s: N.Assign, scope: EmitScope):
        if isinstance(s.target, N.Index) or (s.op != "=" and self.type_of(s.target).is_list):
            return self._assign_through(s, scope)
        t = s.target
        sign = 0 if s.op == "=" else (1 if s.op == "+=" else -1)  # `=`, `+=` or `-=`
        where = self.const(self.where(s))
        drawn = self.drawn_from(s.value) if sign == 0 else None
        # the values a drawn value came from, for the Write of a place some players may not see
        options = "S.last_options" if drawn is not None else "None"

        def changed(old: str, into: Optional[str] = None) -> str:
            """The new value, kept; `into`: the slot (runtime.Write) of a place some players may not see, where
            a value drawn at random (`random(C)`) is told it goes, so that a search can draw it afresh."""
            value = self.emit.src(s.value, scope) if into is None or drawn is None else \
                f"_draw_into(S, {self.emit.src(drawn, scope)}, {into})"
            value = self.emit.conformed(value, s.value, *self.assigned_as(s))
            if sign == 0 and drawn is None and self.small_as_written(s.value):
                return value
            return f"_sized({value if sign == 0 else f'{old} + ({sign}) * ({value})'}, {where})"
        if isinstance(t, N.Name) and self.checked.meaning(t).category == "local":
            target = scope.source(t.id)
            return [f"{target} = {changed(target)}"]
        if isinstance(t, N.Name):
            if self.sym.vars[t.id].visibility == "public":
                return [f"S.set_var(S.vars, {t.id!r}, {changed(f'S.vars[{t.id!r}]')})"]
            slot = self.const(("var", None, t.id))
            return [f"S.set_var(S.vars, {t.id!r}, {changed(f'S.vars[{t.id!r}]', slot)})",
                    f"S.note_write(_Write({slot}, {options}))"]
        assert isinstance(t, N.Attr)
        obj = self.local()
        attr = t.name
        if self.type_of(t.obj).base == "piece":
            if attr not in ASSIGNABLE_PIECE_ATTRS:  # a mutable attribute of its kind (a die's face)
                new = changed(f"{obj}.attrs[{attr!r}]", f"('attr', {obj}, {attr!r})")
                if self.type_of(t).base == "space":  # the piece keeps the space's name, as its table writes it
                    new = f"_space_label(S, {new})"
                return [f"{obj} = {self.emit.src(t.obj, scope)}",
                        f"if {obj} is not None:",
                        f"    S.set_piece_value({obj}, {attr!r}, {new}, {options})"]
            return [f"{obj} = {self.emit.src(t.obj, scope)}",
                    f"if {obj} is not None:",
                    f"    S.set_attr({obj}, {attr!r}, {changed(f'_ga({obj}, {attr!r})')})"]
        # a player's variable: whether it is hidden from some players (private or secret)
        declared = {v.name: v.visibility != "public" for v in self.sym.vars.values() if v.per_player}
        if self.type_of(t.obj).base == "player" and attr in declared:
            into = f"('var', {obj}.index, {attr!r})" if declared[attr] else None
            lines = [f"{obj} = {self.emit.src(t.obj, scope)}",
                     f"if {obj} is None:",
                     f"    raise _RuleError({repr('cannot set ' + repr(attr) + ' of none')}, {where})",
                     f"S.set_var({obj}.vars, {attr!r}, {changed(f'{obj}.vars[{attr!r}]', into)})"]
            return lines + ([f"S.note_write(_Write({into}, {options}))"] if into is not None else [])
        # a proc's untyped parameter: a player's declared variable, or what a piece lets a rule change
        value = self.emit.src(s.value, scope) if drawn is None else \
            f"_draw_into(S, {self.emit.src(drawn, scope)}, None)"
        return [f"_assign(S, {self.emit.src(t.obj, scope)}, {attr!r}, {value}, {sign}, {where}, "
                f"{self.const(declared)}, {self.const(self.assignable_types(attr))}, {drawn is not None})"]

    def assignable_types(self, attr: str) -> dict:
        """The types of what `x.attr = ...` may set where x is untyped: a player's variable (by its name), a
        piece's `owner`, `up` or `turns` ("piece"), a mutable attribute of a kind (by the kind's name)."""
        out: dict = {}
        v = self.sym.vars.get(attr)
        if v is not None and v.per_player:
            out[attr] = self.sym.declared_type(v.type) or ANY
        if attr in COMMON_ATTRS["piece"]:
            out["piece"] = COMMON_ATTRS["piece"][attr][0]
        for k in self.sym.kinds.values():
            for x in k.attrs:
                if x.name == attr:
                    out[k.name] = self.sym.declared_type(x.type) or ANY
        return out

    def assigned_as(self, s: N.Assign) -> tuple[Type, str]:
        """What the value of an assignment must be, and what the checker calls it."""
        t = self.type_of(s.target)
        if s.op == "=":
            return t, f"the new value of '{short_text(s.target)}'"
        return (t if t.is_list else NUMBER if t == NUMBER else INT), f"the right side of `{s.op}`"

    def typed_src(self, e: N.Expr, scope: EmitScope, want: Type, what: str) -> str:
        """The source of e, where the rules want a `want` (the checker's words for it: `what`)."""
        return self.emit.conformed(self.emit.src(e, scope), e, want, what)

    def _assign_through(self, s: N.Assign, scope: EmitScope):
        """An assignment to an item of a list (`counts[i] += 1`), or `+=` / `-=` on a list: the list is made
        again with the change (namespace._changed) and given to what holds it, so undo restores the old one."""
        where = self.const(self.where(s))
        value = self.local()
        lines = [f"{value} = {self.emit.conformed(self.emit.src(s.value, scope), s.value, *self.assigned_as(s))}"]
        base, indexes = s.target, []
        while isinstance(base, N.Index):
            indexes.append(base.index)
            base = base.obj
        at = []
        for index in reversed(indexes):
            at.append(self.local())
            lines.append(f"{at[-1]} = {self.emit.src(index, scope)}")
        at_src = f"({', '.join(at)},)" if at else "()"

        def changed(old: str) -> str:
            return f"_sized(_changed(S, {old}, {at_src}, {s.op!r}, {value}, {where}), {where})"
        if isinstance(base, N.Name) and self.checked.meaning(base).category == "local":
            target = scope.source(base.id)
            return lines + [f"{target} = {changed(target)}"]
        if isinstance(base, N.Name):
            lines.append(f"S.set_var(S.vars, {base.id!r}, {changed(f'S.vars[{base.id!r}]')})")
            if self.sym.vars[base.id].visibility != "public":  # a place some players may not see: noted
                lines.append(f"S.note_write(_Write({self.const(('var', None, base.id))}, None))")
            return lines
        assert isinstance(base, N.Attr)
        player = self.local()
        declared = {v.name: v.visibility != "public" for v in self.sym.vars.values() if v.per_player}
        lines += [f"{player} = _player_holding({self.emit.src(base.obj, scope)}, {base.name!r}, "
                  f"{self.const(frozenset(declared))}, {where})",
                  f"S.set_var({player}.vars, {base.name!r}, {changed(f'{player}.vars[{base.name!r}]')})"]
        if declared.get(base.name):
            lines.append(f"S.note_write(_Write(('var', {player}.index, {base.name!r}), None))")
        return lines

    def compile_Place(self, s: N.Place, scope: EmitScope):
        owner = self.typed_src(s.owner, scope, PLAYER, "the new piece's owner") if s.owner is not None else "None"
        dest = self.emit.src(s.where, scope)
        up = s.face != "down"
        if isinstance(s.kind, N.Name) and self.checked.meaning(s.kind).category == "kind":
            starts = start_values(self.sym.kinds[s.kind.id])
            attrs_ = f"{{**{self.const(starts)}}}" if starts else "{}"
            return [f"S.create_piece({s.kind.id!r}, {attrs_}, {owner}, {up}, {dest})"]
        # a kind held in a name: which one is known when the rule runs
        kind = self.local()
        starts_of = self.const({k.name: start_values(k) for k in self.sym.kinds.values()
                                if all(x.start is not None for x in k.attrs)})
        where = self.const(self.where(s))
        return [f"{kind} = {self.emit.src(s.kind, scope)}",
                f"if {kind} not in {starts_of}:",
                # (the kind is not told: which kind a rule chose may be secret; the rules line says where)
                f"    raise _RuleError('cannot place a new piece of the kind held here: only a kind without attributes, "
                f"or whose attributes all have start values, can be placed (the others come from a table)', {where})",
                f"S.create_piece({kind}, {{**{starts_of}[{kind}]}}, {owner}, {up}, {dest})"]

    def compile_Move(self, s: N.Move, scope: EmitScope):
        what, dest, where = self.local(), self.local(), self.const(self.where(s))
        lines = [f"{what} = {self.emit.src(s.what, scope)}", f"{dest} = {self.emit.src(s.dest, scope)}",
                 f"if {what} is not None:",
                 f"    if {dest} is None:",
                 f"        raise _RuleError('a piece was moved to none', {where})"]
        face = [] if s.face is None else [f"S.set_face({{}}, {s.face == 'up'})"]
        if self.type_of(s.what).base == "piece":
            return lines + [f"    S.move_piece({what}, {dest}, {where})"] + ["    " + f.format(what) for f in face]
        piece = self.local()
        # (each piece moved is a step: a list moved back and forth in a loop would fill the journal unseen)
        return lines + [f"    for {piece} in S.walk(_pieces_in({what}), {where}):",
                        f"        S.move_piece({piece}, {dest}, {where})"] \
            + ["        " + f.format(piece) for f in face]

    def compile_Remove(self, s: N.Remove, scope: EmitScope):
        what = self.local()
        lines = [f"{what} = {self.emit.src(s.what, scope)}", f"if {what} is not None:"]
        if self.type_of(s.what).base == "piece":
            return lines + [f"    S.move_piece({what}, S.box, None)"]
        return lines + [f"    S.remove_all({what})"]

    def compile_Flip(self, s: N.Flip, scope: EmitScope):
        what = self.local()
        up = f"(not {what}.up)" if s.face is None else str(s.face == "up")
        return [f"{what} = {self.emit.src(s.what, scope)}", f"if {what} is not None:",
                f"    S.set_attr({what}, 'up', {up})"]

    def compile_Shuffle(self, s: N.Shuffle, scope: EmitScope):
        return [f"S.shuffle(({self.emit.src(s.what, scope)}).pieces)"]

    def compile_MoveEach(self, s: N.MoveEach, scope: EmitScope):
        items = self.emit.iter_src(s.domain, scope)
        inner = scope.child()
        py = inner.bind_py(s.var, self.local(), self.emit.items_present(s.domain))
        dest = self.emit.src(s.dest, inner)
        return [f"_move_at_once(S, [({py}, {dest}) for {py} in {items}], {self.where(s)!r})"]

    def compile_Rotate(self, s: N.Rotate, scope: EmitScope):
        return [f"_rotate(S, {self.emit.src(s.what, scope)}, {self.emit.src(s.turns, scope)}, "
                f"{self.where(s)!r})"]

    def words_why(self, message: Optional[N.Template], scope: EmitScope, test: N.Expr) -> tuple:
        """A condition's `else "..."`: (its function (S, L) -> text, the condition, the text as written)."""
        if message is None:
            return None, test, None
        return self.emit.function(lambda: self.emit.template_src(message, scope)), test, message.text

    def compile_Require(self, s: N.Require, scope: EmitScope):
        raise AssertionError("requires are compiled with their action")

    def compile_Ensure(self, s: N.Ensure, scope: EmitScope):
        # kept with the action for explanations: the condition is read again on the state the move leaves
        # (its words read the names of the effect where it fails: made there, and told only if asked)
        self._ensures.append(Condition(self.emit.expr(s.test, scope), self.text(s.test), s.span.line, None, None,
                                       s.test, s.message.text if s.message is not None else None))
        words = f", lambda: {self.emit.template_src(s.message, scope)}" if s.message is not None else ""
        test = self.emit.test_src(s.test, scope)
        if self._ensure_reads.watchable(s.test):  # (a move that changes nothing it reads keeps its answer)
            key = self.text(s.test)
            if key not in self._watched:  # (its truth as the statement reads it, on the position before)
                self._watched[key] = self.emit.function(lambda: self.emit.test_src(s.test, scope))
            answer = self.emit.fresh("_w")
            test = f"{answer} if ({answer} := _known(S, {key!r})) is not None else ({test})"
        return [f"if not ({test}):", f"    raise _Unmet({len(self._ensures) - 1}{words})"]

    def compile_Outcome(self, s: N.Outcome, scope: EmitScope):
        who = self.emit.src(s.who, scope) if s.who is not None else "None"
        # without `because`, players are told only the result: a rule's name is the author's word, not theirs
        reason = self.emit.template_src(s.reason, scope) if s.reason is not None else "None"
        return [f"S.declare_end({s.kind!r}, {who}, {reason})", "raise _GameOver()"]

    def compile_Enter(self, s: N.Enter, scope: EmitScope):
        return [f"S.enter_phase({self.phase_index[s.phase]})"]

    def compile_Again(self, s: N.Again, scope: EmitScope):
        return ["S.pass_turn_to(S.turn_player)"]

    def compile_Next(self, s: N.Next, scope: EmitScope):
        return [f"S.pass_turn_to({self.typed_src(s.who, scope, PLAYER, 'who moves next')})"]

    def compile_Log(self, s: N.Log, scope: EmitScope):
        # (worked out in every state, one without records too: see State.add_log)
        text = self.emit.template_src(s.message, scope)
        if s.to is None:
            return [f"S.add_log({text})"]
        return [f"S.add_log({text}, {self.emit.src(s.to, scope)})"]

    def compile_Pass(self, s: N.Pass, scope: EmitScope):
        return ["pass"]

    def compile_ExprStmt(self, s: N.ExprStmt, scope: EmitScope):
        call = s.call
        frame = self.local()
        where = self.const(self.where(s))
        args = ", ".join(self.sized(self.emit.arg_src(call, i, scope), x, where) for i, x in enumerate(call.args))
        return [f"{frame} = [{args}]",
                f"S.enter_call({call.func!r}, {where})",
                "try:",
                f"    {'yield from ' if call.func in self.choosing_procs else ''}"
                f"{self.proc_function(call)}(S, {frame})",
                "except _RecursionError:",
                f"    raise S.endless({call.func!r}, {where}) from None",
                "finally:",
                "    S.leave_call()"]

    def proc_value(self, call: N.Call, scope: EmitScope) -> str:
        """Source of a call of a proc for the value its `return` gives (`let n = spread(c)`): its function, a
        plain one (the checker refuses a proc that asks players to choose there, E033), on a frame of the
        arguments."""
        assert call.func not in self.choosing_procs
        where = self.const(self.where(call))
        args = ", ".join(self.sized(self.emit.arg_src(call, i, scope), x, where) for i, x in enumerate(call.args))
        return f"_call_proc(S, {self.proc_function(call)}, {call.func!r}, {where}, [{args}])"

    def proc_function(self, call: N.Call) -> str:
        """The name of the function of a proc built for the types of a call's arguments (so that its body
        gets the forms a typed rule gets), or of its plain one when its body does not fit them."""
        proc = self.sym.procs[call.func]
        arg_types = tuple(self.type_of(x) for x in call.args)
        key = (proc.name, arg_types)
        if key in self.proc_fns:
            return self.proc_fns[key]
        built = sum(1 for k in self.proc_fns if k[0] == proc.name)
        types = specialise_proc(self.checked, LIBRARY, proc, dict(zip(proc.params, arg_types))) \
            if len(arg_types) == len(proc.params) and built < _PROC_VERSIONS and ANY not in arg_types else None
        if types is None:
            return self.procs[proc.name]
        name = self.proc_fns[key] = self.emit.fresh("_ps")  # named first: the body may call the proc again
        _, scope = params_scope(proc.params)
        with self.emit.apart(), self.emit.naming(self.where(proc), f"proc {proc.name} (typed)", "part",
                                                 self.text(proc)):
            self.emit.typed(types)
            self.emit.env[name] = self.body(proc.body, scope)
        return name

    def compile_Return(self, s: N.Return, scope: EmitScope):
        """The end of a def written as a block, or of a proc: its function returns (a proc that asks players to
        choose is a generator: what it returns is what its `yield from` gives)."""
        if s.value is None:
            return ["return None"]
        return [f"return {self.emit.src(s.value, scope)}"]

    def compile_If(self, s: N.If, scope: EmitScope):
        if len(s.branches) == 1 and not s.orelse:
            loop = self.early_exit(s.branches[0][0], s.branches[0][1], scope)
            if loop is not None:
                return loop
        lines = []
        for i, (test, body) in enumerate(s.branches):
            lines.append(f"{'elif' if i else 'if'} {self.emit.test_src(test, scope)}:")
            lines.extend(_indent(self.block(body, scope)))
        if s.orelse:
            lines.append("else:")
            lines.extend(_indent(self.block(s.orelse, scope)))
        return lines

    def early_exit(self, test: N.Expr, body: N.Block, scope: EmitScope) -> Optional[list[str]]:
        """`if all(x in S where C)`, `if any(...)` and their negations as a loop that stops at the first
        value that decides, with no generator to make."""
        negated = isinstance(test, N.Not)
        call = test.value if isinstance(test, N.Not) else test
        if not isinstance(call, N.Call) or call.func not in ("all", "any") or call.func in self.emit.def_names:
            return None
        loop = self.emit.filter_loop(call, scope)
        if loop is None:
            return None
        var, items, cond, kept = loop
        block = _indent(self.block(body, scope))
        made = [f"{h} = {kept_start(h)}" for h in kept]
        # all: the body runs when no value fails; any: when some value passes (or, negated, the reverse)
        stop_on = f"not {cond}" if call.func == "all" else cond
        if (call.func == "any") != negated:
            # the body runs when the loop stops early
            return made + [f"for {var} in {items}:", f"    if {stop_on}:"] + _indent(block) + ["        break"]
        return made + [f"for {var} in {items}:", f"    if {stop_on}:", "        break", "else:"] + block

    def bound_items(self, var: str, domain: N.Expr, test: Optional[N.Expr], scope: EmitScope,
                    choice: bool = False):
        """For `for x in S where C` and `choose x in S where C`: the scope that binds x, the local that
        holds it, and the source of a new list of the values of S that pass C. A `choice`'s values never
        hold `none` from edition 3 on, as an action's parameter's (`present`)."""
        items = self.emit.iter_src(domain, scope)
        present = self.emit.items_present(domain)
        if choice and not present and self.sym.edition >= 3:
            items, present = f"_present({items})", True
        inner = scope.child()
        py = inner.bind_py(var, self.local(), present)
        if test is None:
            return inner, py, f"list({items})"
        with self.emit.loop(py, keyable=self.emit.keyable(domain), items=items) as kept:
            cond = self.emit.test_src(test, inner)
        # the values tested count against the move's budget (as in a filter)
        items = self.emit.guarded(items, domain)
        return inner, py, f"[{py} {self.emit.heads(kept)}for {py} in {items} if {cond}]"

    def compile_For(self, s: N.For, scope: EmitScope):
        inner, py, items = self.bound_items(s.var, s.domain, s.test, scope)
        where = self.const(self.where(s))
        body = _indent(self.block(s.body, inner))
        if s.ordered_by is None:
            # its turns are counted when it starts, all at once (a list is at most MAX_LENGTH long): one call, not
            # one a turn; a loop of one turn or none is not counted (as a walk of one item: Emitter.guarded)
            turns = self.local()
            return [f"for {py} in ({turns} if len({turns} := {items}) < 2 else S.walk({turns}, {where})):"] + body
        remaining, who = self.local(), self.local()
        prompt = self.const(f"choose which {_humane(s.var)} comes next")
        detail = self.const(f"which {s.var} first")
        options = self.local()
        return [f"{remaining} = {items}",
                f"{who} = {self.typed_src(s.ordered_by, scope, PLAYER, 'who chooses the order')}",
                f"while {remaining}:",
                f"    S.tick({where})",
                f"    {options} = S.choice_options({remaining}) if len({remaining}) > 1 else {remaining}",
                f"    {py} = {options}[0] if len({options}) == 1 else "
                f"{self.choice(who, options, prompt, False, detail)}",
                f"    {remaining}.remove({py})"] + body

    def compile_Repeat(self, s: N.Repeat, scope: EmitScope):
        where = self.const(self.where(s))
        return [f"for {self.local()} in _times({self.emit.src(s.count, scope)}):",
                f"    S.tick({where})"] + _indent(self.block(s.body, scope))

    def compile_While(self, s: N.While, scope: EmitScope):
        """Each turn, the condition looked at again counts a step of the move's bound (as a `repeat`'s turn)."""
        where = self.const(self.where(s))
        return [f"while {self.emit.test_src(s.test, scope)}:",
                f"    S.tick({where})"] + _indent(self.block(s.body, scope))

    def compile_Choose(self, s: N.Choose, scope: EmitScope):
        inner, py, items = self.bound_items(s.var, s.domain, s.test, scope, choice=True)
        by = self.typed_src(s.by, scope, PLAYER, "who chooses") if s.by is not None else "S.turn_player"
        detail = self.const(f"choose {s.var} in {self.text(s.domain)}"
                            + (f" where {self.text(s.test)}" if s.test else ""))
        prompt = self.emit.template_src(s.ask, scope) if s.ask is not None \
            else self.const(plain_prompt(s, self.type_of(s.domain), self.sym))
        options, who = self.local(), self.local()
        return [f"{options} = {items}",
                f"if {options}:",
                f"    {who} = {by}",
                f"    {options} = S.choice_options({options})",
                # (one value is taken without asking; a secret choice is always asked: whether there was one
                # to make may tell the others what the chooser alone knows, a hidden card that allows one or two;
                # and so is one that says `always`, a decision of its own whatever is left)
                f"    {py} = " + ("" if s.secretly or s.always else f"{options}[0] if len({options}) == 1 else ")
                + self.choice(who, options, prompt, bool(s.secretly), detail)] \
            + _indent(self.block(s.body, inner))

    def compile_AtOnce(self, s: N.AtOnce, scope: EmitScope):
        """Each player asked decides on the position as it is, none seeing the others' answers: the options and
        prompt of each are worked out first, one joint question is yielded (State: a simultaneous step), and
        then the choice's block runs for each player in order with their answer."""
        assert self._yields, "`at once` is in a body that may ask (the checker refuses it in setup and triggers)"
        outer, who, players = self.bound_items(s.var, s.domain, s.test, scope)
        (choice,) = s.body
        assert isinstance(choice, N.Choose)
        inner, py, items = self.bound_items(choice.var, choice.domain, choice.test, outer, choice=True)
        where = self.const(self.where(s))
        detail = self.const(f"at once each {s.var} in {self.text(s.domain)}: choose {choice.var} in "
                            f"{self.text(choice.domain)}" + (f" where {self.text(choice.test)}" if choice.test else ""))
        prompt = self.emit.template_src(choice.ask, outer) if choice.ask is not None \
            else self.const(plain_prompt(choice, self.type_of(choice.domain), self.sym))
        parts, options, answers = self.local(), self.local(), self.local()
        return [f"{parts} = []",
                f"for {who} in {players}:",
                f"    S.tick({where})",
                f"    {options} = {items}",
                f"    if {options}:",
                f"        {parts}.append(({who}, S.choice_options({options}), {prompt}))",
                f"{answers} = (yield S.joint_request({parts}, {bool(choice.secretly)}, {detail}, {choice.always})) "
                f"if S.joint_asks({parts}, {choice.always}) else None",
                f"for {who}, {py} in S.joint_answers({parts}, {answers}, {choice.always}):",
                f"    S.tick({where})"] + _indent(self.block(choice.body, inner))


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


def _humane(name: str) -> str:
    return name.replace("_", " ")


def plain_prompt(s: N.Choose, domain_type: Type, sym) -> str:
    """What a choice asks, in players' words, when the rules give none (`ask "..."`): from what it ranges over."""
    d = s.domain
    if isinstance(d, N.Of) and isinstance(d.what, N.Name) and d.what.id in sym.kinds:
        whose = {"mover": "your", "opponent": "your opponent's"}.get(getattr(d.owner, "id", ""), "a player's")
        return f"choose one of {whose} {_humane(d.what.id)}s"
    if isinstance(d, N.Name) and d.id in sym.kinds:
        return f"choose a {_humane(d.id)}"
    if isinstance(d, N.Name) and d.id in sym.boards:
        return f"choose a space of {_humane(d.id)}"
    if isinstance(d, N.Attr) and isinstance(d.obj, N.Name) and d.obj.id == "mover":
        return f"choose from your {_humane(d.name)}"
    if isinstance(d, N.Name) and d.id in sym.zones:
        return f"choose from {_humane(d.id)}"
    if isinstance(d, N.ListLit) and d.items and all(isinstance(i, N.Str) for i in d.items):
        values = [i.value for i in d.items if isinstance(i, N.Str)]
        return f"choose: {', '.join(values[:-1])} or {values[-1]}" if len(values) > 1 else f"choose {values[0]}"
    if domain_type.is_list_of("space"):
        return "choose a space"
    return f"choose {_humane(s.var)}"


_ZEROS = {"int": 0, "number": 0, "bool": False, "text": ""}


def cell_value(type_name: str, v):
    """A value as a table cell or a start value writes it, as the rules hold it (a space keeps its name)."""
    if type_name == "bool":
        return v in ("yes", "true")
    if type_name == "dir":
        return DIRS[str(v)]
    if type_name == "space" and v == "none":
        return None
    return v


def start_values(kind: N.Kind) -> dict:
    """The attributes that have a start value (`face: int mutable = 1`), with it."""
    return {x.name: cell_value(x.type.name, x.start[0]) for x in kind.attrs if x.start is not None}


def table_rows(kind: N.Kind, header, rows) -> list[dict]:
    """Expand a table into one attribute dict per piece (a `count` column repeats a row); an attribute without
    a column takes its start value."""
    types = {x.name: x.type.name for x in kind.attrs}
    starts = start_values(kind)
    out: list[dict] = []
    for row in rows:
        values = dict(zip(header, (v for v, _ in row)))
        count = values.pop("count", 1)
        attrs_ = {name: cell_value(types[name], values[name]) if name in values else starts.get(name)
                  for name in types}
        out.extend(dict(attrs_) for _ in range(count))
    return out


def compile_game(checked: Checked, sources: dict[str, str], name: str, option_values=None) -> CompiledGame:
    """The game built for these values of its options with a value (the defaults for the others)."""
    return Compiler(checked, sources, name, option_values).compile()
