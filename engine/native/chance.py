"""Chance on the native backend (docs/backends.md, "Chance"): the start of a game made anew for every game of a
series (the variables' start values, `first random`, the `setup:` rules, the first turn's start), `random(...)`
and `shuffle`, all drawn from the game's own chance stream, and a record of every draw so that the interpreter
can replay a native game draw for draw.

The chance stream is a splitmix64 generator whose state is a slot of the state vector (`RNG`), written through
the journal as any other slot: undo takes a draw back (perft, solve, a search's trials), and a series seeds it
per game from (seed, game number), apart from the stream that draws the random movers' moves. Every draw has
the interpreter's shape (engine/run/drawing.py): a pick among n items is one draw of n outcomes, a shuffle of n
pieces is the n - 1 draws of a Fisher-Yates shuffle (among n, then n - 1, ..., then 2), items swapped as
Python's `random.shuffle` swaps them. So the outcomes drawn, handed to the interpreter as its chance script
(`new_state(chance=...)`, `apply(move, chance=...)`), make the same game there: they are logged in the state
vector (`DRAWLOG`, `NDRAWN`), which `playout_moves` hands back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...grammar import nodes as N
from ...grammar.limits import MAX_PASSES_IN_A_ROW
from ...grammar.symbols import Checked

if TYPE_CHECKING:
    from typing import Any

    from .layout import Layout

# the local that names the journal where a rule may draw (an effect, a trigger, the start): a key of the
# translator's locals, never a Mire name, passed on to the helpers a loop or a list is written in (translate.py's
# collect, aggregate) as any local is; where it is missing (a listing of the moves, the ranking) nothing may draw
JOURNAL_LOCAL = "__journal"

# the generated module's chance helpers (build.py writes them after the prelude)
CHANCE_PRELUDE = f'''

# ---------------------------------------------------------------- chance: the game's own stream, in st[RNG]

MAX_PASSES = {MAX_PASSES_IN_A_ROW}
K_CHANCE = np.uint64(0x6A09E667F3BCC909)


@njit(cache=True)
def seed_chance(st, seed, index):
    # the chance stream of game `index` of a series with `seed`: from (seed, index) alone, apart from the stream
    # of the random movers' moves (another place on splitmix64's cycle)
    # (seed_game's steps on a scalar, then one draw more: no array made for each game)
    z = mixed(np.uint64(seed) + K_GOLDEN) ^ (np.uint64(index) * K_INDEX)
    z = z + K_GOLDEN + K_GOLDEN
    st[RNG] = np.int64(mixed(z) ^ K_CHANCE)
    st[NDRAWN] = 0


@njit(cache=True)
def mixed(z):
    # splitmix64's output function of a state
    z = (z ^ (z >> np.uint64(30))) * K_MIX1
    z = (z ^ (z >> np.uint64(27))) * K_MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def draw(st, jr, n):
    # one draw of n equally likely outcomes (to within n / 2**53) from the game's stream, its step journalled (an
    # undo takes it back), its outcome logged for the interpreter's replay (DRAWLOG, NDRAWN: undone as well); in a
    # perft begun from the interpreter's generator, from that generator (generator.py)
    if MTGEN_ON != 0 and st[MTGEN] != 0:
        k = mt_below(st, jr, n)
        st[MTDRAWS] += 1  # (perft's tally of the walk's draws, never taken back: generator.py)
    else:
        z = np.uint64(st[RNG]) + K_GOLDEN
        w(st, jr, RNG, np.int64(z))
        k = np.int64((mixed(z) >> np.uint64(11)) % np.uint64(n))
    m = st[NDRAWN]
    if m < DRAWCAP:
        st[DRAWLOG + m] = k
    # (the log's length is journalled as the stream is: a move tried for its `ensure`s and taken back leaves no
    # draw in the log, as the interpreter's try leaves none in the move's draws; an entry past the length is
    # unreachable, so the entries themselves need no journal)
    w(st, jr, NDRAWN, m + 1)
    return k


@njit(cache=True)
def pick_range(st, jr, low, high):
    # random(low..high): a number of the range, or none (-1) when it is empty (nothing drawn)
    if high < low:
        return -1
    return low + draw(st, jr, high - low + 1)


@njit(cache=True)
def pick_item(st, jr, items):
    # random(L): an item of the list, or none (-1) when it is empty (nothing drawn)
    if items.shape[0] == 0:
        return -1
    return items[draw(st, jr, items.shape[0])]


@njit(cache=True)
def shuffle_at(st, jr, s):
    # `shuffle P`: its pieces (the bottom first, as the interpreter's list) put in a random order by
    # Fisher-Yates, as drawing.shuffle does it: among n, then n - 1, ..., then 2, item i = m - 1 swapped with the
    # one drawn; then the stack is linked again in that order
    if s < 0:
        return
    items = pieces_on(st, s)
    n = items.shape[0]
    for m in range(n, 1, -1):
        j = draw(st, jr, m)
        t = items[m - 1]
        items[m - 1] = items[j]
        items[j] = t
    below = -1
    for k in range(n):
        p = items[k]
        if st[PIECES + PSTRIDE * p + 3] != below:
            w(st, jr, PIECES + PSTRIDE * p + 3, below)
        below = p
    if n > 0 and st[TOP + s] != below:
        w(st, jr, TOP + s, below)


@njit(cache=True)
def pass_while_stuck(st, jr):
    # `when stuck: pass` (turns.stuck): while the player to move has no move, the turn goes on to the next seat,
    # whose turn starts; when every seat in a row has passed, nobody can move and the game finishes. A turn's
    # start that draws (dice rolled again) starts the round of passes again, as the interpreter's does
    passed = 0
    passes = 0
    while not has_move(st):
        if STUCK_BY_PHASE[st[PHASE]] != 6:
            # (a phase whose own `when stuck` does not pass: the caller finds no move and ends the game by it)
            return
        passed += 1
        passes += 1
        if passed == NP or passes > MAX_PASSES:
            stuck(st, jr)
            return
        w(st, jr, TURN, (st[TURN] + 1) % NP)
        w(st, jr, TURNNO, st[TURNNO] + 1)
        if HAS_REPETITIONS:
            record_positions(st, jr)
        if HAS_TURN_START:
            drew = st[RNG]
            turn_start(st, jr)
            if st[END_KIND] != 0:
                conclude(st, jr)
                return
            if st[RNG] != drew:
                passed = 0


@njit(cache=True)
def begin_game(st, jr, seed, index):
    # game `index` of a series, from the vector of its start: its chance stream seeded, then (a start that draws)
    # the start made anew from the construction, as the interpreter's State._begin makes it
    seed_chance(st, seed, index)
    if HAS_SETUP:
        setup_game(st, jr)
        jr[0] = 0
'''


class ChanceTranslation:
    """Translator's methods for chance, options' values and the start (a mixin: translate.py's Translator
    inherits it, and calls these from its hooks)."""

    # set by build.module_source before the translation: each option's value in the game built (a flag: whether
    # it is chosen), a constant once the game is built
    option_values: dict = {}

    if TYPE_CHECKING:  # (what the mixin uses of Translator)
        checked: Checked
        sym: Any
        layout: Layout

        def type_of(self, e: N.Node) -> Any: ...
        def expr(self, e: N.Expr, env: dict) -> str: ...
        def scalar_list(self, e: N.Expr) -> bool: ...
        def list_value(self, e: N.Expr, env: dict) -> str: ...
        def said(self, span: N.Span) -> str: ...
        def fresh(self, name: str) -> str: ...
        def block(self, stmts, env: dict, depth: int) -> list[str]: ...

    # ------------------------------------------------------------ expressions and statements
    def expr_random(self, e: N.Call, env: dict) -> str:
        """random(L), random(x in L where C), random(a..b), random(P) of a place's pieces: one draw, or none
        (-1) from an empty list without a draw, as library.random_."""
        t = self
        if len(e.args) != 1:
            raise t.unsupported(e.span, f"`random` of {len(e.args)} arguments")
        jr = self.journal_of(env, e.span, "`random`")
        arg = e.args[0]
        kind = t.type_of(arg)
        if isinstance(arg, N.Range) and not arg.down and t.type_of(arg.low).base == "int":
            return f"pick_range(st, {jr}, {t.expr(arg.low, env)}, {t.expr(arg.high, env)})"
        if not kind.is_list and kind.base in ("space", "zone"):
            return f"pick_item(st, {jr}, pieces_on(st, {t.expr(arg, env)}))"
        if kind.is_list and t.scalar_list(arg):
            return f"pick_item(st, {jr}, {t.list_value(arg, env)})"
        raise t.unsupported(e.span, f"`random` of {kind.base}")

    def chance_statement(self, s: N.Stmt, env: dict, pad: str, words: str) -> list[str]:
        """`shuffle P`; `log` (nothing: the log is the interpreter's, a text no random mover reads); any other
        statement is refused (`words` says what it is)."""
        if isinstance(s, N.Shuffle):
            return self.shuffle_lines(s, env, pad)
        if isinstance(s, N.Log):
            return [f"{pad}pass  # (a log line: the interpreter's)"]
        raise self.unsupported(s.span, words)

    def shuffle_lines(self, s: N.Shuffle, env: dict, pad: str) -> list[str]:
        """`shuffle P` (a space or a zone): its pieces' order drawn as the interpreter's shuffle draws it."""
        kind = self.type_of(s.what)
        if kind.is_list or kind.base not in ("space", "zone"):
            raise self.unsupported(s.span, "`shuffle` of something not a space or a zone")
        return [f"{pad}shuffle_at(st, {self.journal_of(env, s.span, '`shuffle`')}, {self.expr(s.what, env)})"]

    def journal_of(self, env: dict, span, what: str) -> str:
        """The name of the journal a draw is written to here; a draw where none is (while the moves are listed,
        in a rank key: the interpreter would draw as often as it lists, the native code otherwise) is refused."""
        if JOURNAL_LOCAL not in env:
            raise self.unsupported(span, f"{what} outside a move's effect, a trigger or the setup (where the moves "
                                         "are listed, or the ranking read)")
        return str(env[JOURNAL_LOCAL])

    def option_value(self, e: N.Name) -> str:
        """An option's value in the game built: a number (an option with a value), or whether it is chosen."""
        if e.id not in self.option_values:
            raise self.unsupported(e.span, f"the option `{e.id}`")
        value = self.option_values[e.id]
        return repr(bool(value)) if isinstance(value, bool) else str(int(value))

    def constant_int(self, e: N.Expr) -> Optional[int]:
        """A whole number known once the game is built: written out, an option's value, a constant of them;
        else None."""
        if isinstance(e, N.Num) and e.value == int(e.value):
            return int(e.value)
        if isinstance(e, N.Name):
            category = self.checked.meaning(e).category
            if category == "option" and isinstance(self.option_values.get(e.id), int) \
                    and not isinstance(self.option_values.get(e.id), bool):
                return self.option_values[e.id]
            if category == "const":
                return self.constant_int(self.sym.consts[e.id].value)
        return None

    def unsupported(self, span, construct: str) -> Exception:
        from .translate import Unsupported
        return Unsupported(span, construct)

    # ------------------------------------------------------------ the start
    def start_functions(self) -> list[str]:
        """setup_game(st, jr): the start made from the construction's vector (written only for a start that
        draws: another start is the interpreter's, encoded once), in State._begin's order: the variables' start
        values, each variable of each player seat by seat; `first random`; each `setup:` rule (an ending stops
        its own rule only); the first turn's start; a first player stuck who passes."""
        if not getattr(self.layout, "native_setup", False):
            return ["", "HAS_SETUP = 0", "", "@njit(cache=True)", "def setup_game(st, jr):", "    return"]
        lines = ["", "HAS_SETUP = 1", "", "@njit(cache=True)", "def setup_game(st, jr):",
                 "    # the start, from the construction (State._begin)", "    mover = st[TURN]"]
        for name, v in self.sym.vars.items():
            if name in self.layout.var_slot:
                lines += self.start_value(v)
        first = self.sym.first
        if first is not None and first.who == "random":
            lines += [f"    # {self.said(first.span)}", "    w(st, jr, TURN, draw(st, jr, NP))", "    mover = st[TURN]"]
        rules = []
        for k, setup in enumerate(self.sym.setups):
            name = f"setup_{k}"
            body = self.block(setup.body, {JOURNAL_LOCAL: "jr"}, 1)
            rules += ["", f"# setup ({setup.span.file}:{setup.span.line})", "@njit(cache=True)",
                      f"def {name}(st, jr):", "    mover = st[TURN]"] + body + ["    return"]
            lines.append(f"    {name}(st, jr)")
        lines += ["    if st[END_KIND] == 0:", "        turn_start(st, jr)",
                  "    if st[END_KIND] == 0 and STUCK_KIND == 6:", "        pass_while_stuck(st, jr)",
                  "    if st[END_KIND] != 0 and st[OVER] == 0:", "        conclude(st, jr)"]
        return rules + lines

    def start_value(self, v: N.Var) -> list[str]:
        """A variable's start value written into its slots (a variable of each player: its value worked out, and
        drawn, once per seat, in seat order)."""
        slot = self.layout.var_name(v.name)
        said = self.said(v.span)
        head = [f"    # {said}"] if said else []
        if v.name in self.layout.list_length:
            items, k = self.fresh("items"), self.fresh("k")
            length = self.layout.list_length[v.name]
            return head + [f"    {items} = {self.list_value(v.init, {JOURNAL_LOCAL: 'jr'})}",
                           f"    if {items}.shape[0] != {length}:",
                           f"        raise ValueError('the start value of {v.name} is not as long as its slots')",
                           f"    for {k} in range({length}):", f"        w(st, jr, {slot} + {k}, {items}[{k}])"]
        value = self.expr(v.init, {JOURNAL_LOCAL: "jr"})
        if v.per_player:
            seat = self.fresh("seat")
            return head + [f"    for {seat} in range(NP):", f"        w(st, jr, {slot} + {seat}, {value})"]
        return head + [f"    w(st, jr, {slot}, {value})"]


# ------------------------------------------------------------ what draws, found from the rules' text
def _draws_in(node: N.Node, checked: Checked) -> Optional[N.Span]:
    """The first `random(...)` (the builtin) or `shuffle` inside node, else None."""
    for n in N.walk(node):
        if isinstance(n, N.Shuffle):
            return n.span
        if isinstance(n, N.Call) and n.func == "random" and n.func not in checked.symbols.defs:
            return n.span
    return None


def chance_points(checked: Checked) -> tuple[Optional[N.Span], Optional[N.Span]]:
    """(where the start draws, where a move draws), each None if it does not: the start is the variables' start
    values, `first random` and the setup; a move is everything else (actions, triggers, defs and procs)."""
    sym = checked.symbols
    start: Optional[N.Span] = sym.first.span if sym.first is not None and sym.first.who == "random" else None
    moves: Optional[N.Span] = None
    for item in checked.module.items:
        found = _draws_in(item, checked)
        if found is None:
            continue
        if isinstance(item, (N.Setup, N.Var)):
            start = start or found
        else:
            moves = moves or found
    return start, moves


def perft_refusal(native, chance: str = "sample") -> Optional[str]:
    """Why `mire perft` must count a game the native backend plays (a NativeGame) with the interpreter, or None:
    `--chance expand` on a game that draws (every outcome of every draw: the interpreter enumerates them). A
    start that draws is counted natively from the interpreter's start with the seed, and the moves' draws are
    drawn as the interpreter's generator with that seed draws them (generator.py)."""
    start, moves = native.chance_points
    if chance == "expand" and moves is not None:
        return f"{moves.file}:{moves.line}: --chance expand counts every outcome of a move's draws"
    if chance == "expand" and start is not None:
        return f"{start.file}:{start.line}: --chance expand counts every outcome of the start's draws"
    return None


def solve_refusal(native) -> Optional[str]:
    """Why `mire solve` must walk a game the native backend plays (a NativeGame) with the interpreter, or None:
    solve follows every outcome of every draw, which the interpreter enumerates."""
    start, moves = native.chance_points
    where = start or moves
    if where is not None:
        return f"{where.file}:{where.line}: solve follows every outcome of a draw at random"
    return None


def option_values(game, options=()) -> dict:
    """Each option's value in the game built: its number (an option with a value), or whether it is chosen (a
    flag); an option that switches to a variant has made the game played already (loader.Game.played_as)."""
    chosen = set(options)
    out: dict = {}
    for o in game.compiled.options:
        if o.default is not None:
            out[o.name] = int(game.values.get(o.name, o.default))
        else:
            out[o.name] = o.name in chosen
    return out
