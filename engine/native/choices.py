"""Decisions inside a move, natively: `choose` (a choice in the middle of an action's effect), `choose ... always`,
`choose ... secretly` and `at once` (several seats answering together), counted and ordered as the interpreter
counts them (engine/run/choices.py, State._run).

Compiled code cannot stop in the middle of a function and go on later, so a move in progress is what it has been
given: its action, its arguments and the answers so far (slots of the state vector: layout.PENDING_HEADER and the
slots `Layout.reserve_pending` makes). The action's effect reads its answers in order (`answer_at`); at a choice
with no answer left it writes the question into the state (`ask_one`, `ask_joint`: the options of each seat asked,
in the interpreter's order, with the duplicates a player cannot tell apart made one) and returns. The position is
then that question: its moves are its answers (`list_pending`: rows (CHOICE, answer, site, parts, seat, value,
...), one per joint answer at an `at once`, the first seat's answer the slowest to change, as itertools.product
orders them). An answer takes the effect back to the move's start by journalled writes (`revert_to`: perft's undo
still takes the whole answer back) and runs it again from the start with one more answer.

The question stops the effect with a `return` in the action's function: a choice must be written there (a proc
that asks, written in place of its call; never in a function of its own), which `ask_one` checks as it can.

Each answer is a decision of its own, as in the interpreter: `decisions` counts it once it is read, so a rule reads
the same count after a choice as the interpreter's, whose generator goes on from the choice.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...grammar import nodes as N
from ...grammar.limits import MAX_LEGAL_MOVES
from ...grammar.symbols import asks_a_player, choosing_procs
from .by_itself import check_by_itself

MAX_ANSWERS = 64  # answers one move may ask natively (a move that may ask more is refused)
OPTION_CAP = 256  # options of one seat when the rules' list has no size known before (more: an error at run time)
# the value types a choice may range over natively, and what none (-1) is among them
CHOICE_TYPES = ("int", "space", "player", "dir", "piece", "text")
_NONE_ABLE = ("space", "player", "dir", "piece")

CHOICES = '''

# ---------------------------------------------------------------- decisions inside a move (choices.py)

@njit(cache=True)
def revert_to(st, jr, mark):
    # take the writes after the journal's entry `mark` back by writing the old values again, journalled (an undo
    # past this takes the reversal back too)
    n = jr[0]
    for i in range(n - 1, mark - 1, -1):
        w(st, jr, jr[1 + 2 * i], jr[2 + 2 * i])


@njit(cache=True)
def begin_move(st, jr, mv):
    # a move of an action that may ask: where its effect starts in the journal, its action and arguments
    w(st, jr, PMARK, jr[0])
    w(st, jr, PACT, mv[0])
    for k in range(NPARGS):
        w(st, jr, PARGS + k, mv[1 + k])
    w(st, jr, PN, 0)
    w(st, jr, CURSOR, 0)
    w(st, jr, PDRAWN, st[NDRAWN])


@njit(cache=True)
def resume_move(st, jr, answer):
    # the answer to the question pending: the effect so far taken back, the answers kept with this one, to run the
    # move again from its start
    n = st[PN]
    if n >= NPANS:
        raise ValueError("a move asked more questions than the native state holds")
    answers = np.empty(n + 1, np.int64)
    for i in range(n):
        answers[i] = st[PANS + i]
    answers[n] = answer
    act = st[PACT]
    args = np.empty(NPARGS, np.int64)
    for k in range(NPARGS):
        args[k] = st[PARGS + k]
    drawn = st[PDRAWN]
    revert_to(st, jr, st[PMARK])  # (the chance stream too: the run again draws what the first runs drew)
    st[NDRAWN] = drawn  # (and logs those draws where they were: the log holds each draw of the move once)
    w(st, jr, PMARK, jr[0])
    w(st, jr, PDRAWN, drawn)
    w(st, jr, PACT, act)
    for k in range(NPARGS):
        w(st, jr, PARGS + k, args[k])
    for i in range(n + 1):
        w(st, jr, PANS + i, answers[i])
    w(st, jr, PN, n + 1)
    w(st, jr, CURSOR, 0)


@njit(cache=True)
def finish_move(st, jr):
    # the move is over: its slots cleared (a position is the same whatever move led to it)
    for i in range(PMARK, QSEAT):
        if st[i] != 0:
            w(st, jr, i, 0)


@njit(cache=True)
def answer_at(st, jr):
    # the next answer the move was given (counted as a decision), or -1: none left, the question is asked now
    c = st[CURSOR]
    if c >= st[PN]:
        return -1
    w(st, jr, CURSOR, c + 1)
    w(st, jr, DECISIONS, st[DECISIONS] + 1)
    return st[PANS + c]


@njit(cache=True)
def choice_values(items, n, drop_none, spaces):
    # a choice's options (State.choice_options): none left out where the edition says so, and values a player
    # cannot tell apart (the same text: the same value, or spaces of one name) offered once, the first kept
    out = np.empty(n, np.int64)
    m = 0
    for i in range(n):
        v = items[i]
        if drop_none and v < 0:
            continue
        key = TEXT_KEY[v] if spaces and v >= 0 else v
        seen = False
        for j in range(m):
            other = out[j]
            if (TEXT_KEY[other] if spaces and other >= 0 else other) == key:
                seen = True
                break
        if not seen:
            out[m] = v
            m += 1
    return out[:m].copy()


@njit(cache=True)
def piece_choice_values(st, items, n, drop_none):
    # a choice's options among pieces (State.choice_options): none left out where the edition says so, and pieces
    # that read the same (runtime.value_text: attributes.same_look) offered once, the first kept
    out = np.empty(n, np.int64)
    m = 0
    for i in range(n):
        v = items[i]
        if v < 0:
            if drop_none:
                continue
            seen = False
            for j in range(m):
                if out[j] < 0:
                    seen = True
                    break
        else:
            seen = False
            for j in range(m):
                if out[j] >= 0 and same_look(st, out[j], v):
                    seen = True
                    break
        if not seen:
            out[m] = v
            m += 1
    return out[:m].copy()


@njit(cache=True)
def ask_one(st, jr, site, who, options):
    # the question of one seat: the move waits for its answer
    n = options.shape[0]
    if st[QPARTS] != 0:  # (an effect goes on past its question only where a choice is not in its own function)
        raise ValueError("a question asked while another waits")
    if n > QCAP:
        raise ValueError("a choice of more options than the native state holds")
    w(st, jr, QSITE, site)
    w(st, jr, QSEAT, who)
    w(st, jr, QCOUNT, n)
    for i in range(n):
        w(st, jr, QVAL + i, options[i])
    w(st, jr, QPARTS, 1)


@njit(cache=True)
def joint_asks(counts, alone):
    # has any seat of an `at once` a choice to make (more options than `alone`)?
    for j in range(counts.shape[0]):
        if counts[j] > alone:
            return True
    return False


@njit(cache=True)
def ask_joint(st, jr, site, seats, counts, values, alone):
    # the question of an `at once`: every seat with more options than `alone`, in order (one: a plain choice)
    if st[QPARTS] != 0:
        raise ValueError("a question asked while another waits")
    parts = 0
    off = 0
    total = 1
    for j in range(counts.shape[0]):
        n = counts[j]
        if n > alone:
            if n > QCAP or parts >= QMAXPARTS:
                raise ValueError("a choice of more options than the native state holds")
            total *= n
            w(st, jr, QSEAT + parts, seats[j])
            w(st, jr, QCOUNT + parts, n)
            for i in range(n):
                w(st, jr, QVAL + parts * QCAP + i, values[off + i])
            parts += 1
        off += n
    if total > MAXMOVES:
        raise ValueError("more joint answers at once than the native listing holds")
    w(st, jr, QSITE, site)
    w(st, jr, QPARTS, parts)


@njit(cache=True)
def joint_digit(counts, alone, answer, j):
    # seat j's option in the joint answer `answer` (the first seat asked the slowest to change; a seat not asked
    # takes its one option)
    if counts[j] <= alone:
        return 0
    radix = 1
    for i in range(j + 1, counts.shape[0]):
        if counts[i] > alone:
            radix *= counts[i]
    return (answer // radix) % counts[j]


@njit(cache=True)
def list_pending(st, out):
    # the answers of the question pending: (CHOICE, answer, site, parts, then each part's seat and value)
    parts = st[QPARTS]
    total = 1
    for j in range(parts):
        total *= st[QCOUNT + j]
    for k in range(total):
        out[k, 0] = CHOICE
        out[k, 1] = k
        out[k, 2] = st[QSITE]
        out[k, 3] = parts
        rest = k
        for j in range(parts - 1, -1, -1):
            n = st[QCOUNT + j]
            out[k, 4 + 2 * j] = st[QSEAT + j]
            out[k, 5 + 2 * j] = st[QVAL + j * QCAP + rest % n]
            rest //= n
    return total


@njit(cache=True)
def without_first(items, x):
    # the list without its first item equal to x (list.remove)
    out = np.empty(items.shape[0] - 1, np.int64)
    m = 0
    taken = False
    for v in items:
        if v == x and not taken:
            taken = True
        else:
            out[m] = v
            m += 1
    return out
'''


def _asks(stmts, procs: frozenset = frozenset()) -> bool:
    """May these statements ask a player, themselves or through a call of a proc of `procs` (those that ask)?"""
    return any(asks_a_player(n) or isinstance(n, N.ExprStmt) and n.call.func in procs for n in N.walk(tuple(stmts)))


class ChoiceTranslation:
    """The Translator's part for `choose` and `at once` (a mixin: its methods are the Translator's)."""

    choosing: frozenset = frozenset()  # the actions whose effect may ask a player
    choice_kinds: list  # per choose statement (a site): the value type of its options
    answers_bound = 0
    question_parts = 0
    question_options = 0
    joint_moves = 0
    asking_procs: frozenset = frozenset()
    bounding: set  # the procs whose questions are being counted (a proc that calls itself is refused)
    if TYPE_CHECKING:  # (the Translator's, which inherits these methods)
        from .layout import Layout
        layout: Layout
        sym: Any
        checked: Any
        name_bounds: list  # (asks_bound's: the bounds of the names in scope, innermost last)
        width: int
        max_moves: int

        def fresh(self, name: str) -> str: ...
        def area_growth_call(self, pad: str = "    ") -> list[str]: ...
        def list_bound(self, domain: N.Expr) -> int: ...
        # (by_itself.py's and lists.py's, the Translator's other mixins)
        def valued_choice_kind(self, s: N.Choose, kind: Optional[str]) -> Optional[str]: ...
        def resume_lines(self) -> list[str]: ...
        def waiting_lines(self) -> list[str]: ...
        def move_over_lines(self) -> list[str]: ...
        def by_itself_source(self, actions: list) -> list[str]: ...
        def block(self, stmts, env: dict, depth: int) -> list[str]: ...
        def typed(self, e: N.Expr, env: dict, base: str, otherwise: str) -> str: ...
        def type_of(self, e: N.Node) -> Any: ...
        def expr(self, e: N.Expr, env: dict) -> str: ...
        def list_value(self, e: N.Expr, env: dict) -> str: ...
        def domain_loop(self, domain: N.Expr, var: str, env: dict, pad: str,
                        made: bool = True) -> tuple[list[str], int]: ...

    def prepare_choices(self, actions: list) -> None:
        """Which actions ask, and how many answers each may need (refused past MAX_ANSWERS or unknown)."""
        # (a proc that asks, written in place of its call in the action's function, asks in the action: the
        # question stops the effect with a `return` there)
        self.asking_procs = frozenset(choosing_procs(self.sym.procs))
        self.choosing = frozenset(a.name for a in actions if _asks(a.body, self.asking_procs))
        self.choice_kinds = []
        self.bounding = set()
        for a in actions:
            if a.by_itself:  # (its run up to the first choice is no decision: by_itself.py)
                check_by_itself(self, a)
            if a.name in self.choosing:
                # (a draw in it: an answer runs the effect again from the move's start, the chance stream and its
                # log taken back to it (resume_move), so the run again draws and logs what the first runs did)
                bound = self.asks_bound(a.body)
                if bound > MAX_ANSWERS:
                    raise self.unsupported(a.span, f"an action that may ask more than {MAX_ANSWERS} choices in one "
                                                   "move")
                self.answers_bound = max(self.answers_bound, bound)

    def unsupported(self, span, what):
        from .translate import Unsupported
        return Unsupported(span, what)

    def bound_through_names(self, domain: N.Expr) -> Optional[int]:
        """list_bound of a name asks_bound knows the most items of (a `let`'s list, a proc's parameter given a
        list), of a comprehension (its loops' bounds multiplied), of `x in L where x in BOARD` (at most the board's
        spaces); else None."""
        if isinstance(domain, N.Name):
            for scope in reversed(self.__dict__.get("name_bounds", [])):
                if domain.id in scope:
                    return scope[domain.id]
            return None
        if isinstance(domain, N.Comprehension):
            total = 1
            for loop in domain.fors:
                total *= self.list_bound(loop.domain)
            return total
        kind = _kind_named(domain)
        if kind is not None and isinstance(domain, N.Filter) and self.type_of(domain.domain).base in ("zone", "space") \
                and not self.type_of(domain.domain).is_list:
            # `x in PLACE where x.kind == "K"`: at most the pieces of kind K there are, when only the setup makes
            # them (a setup whose count of them is drawn, more than the start's, is an error when it happens)
            if kind in self.layout.kind_counts and not _placed_after_setup(self.checked.module, kind):
                return self.layout.kind_counts[kind]
            return None
        if isinstance(domain, N.Filter) and domain.mode == "where" and isinstance(domain.test, N.Compare) \
                and domain.test.op == "in" and isinstance(domain.test.left, N.Name) \
                and domain.test.left.id == domain.var and isinstance(domain.test.right, N.Name) \
                and self.checked.meaning(domain.test.right).category == "board":
            board = self.layout.board_size(domain.test.right.id)
            try:
                return min(board, self.list_bound(domain.domain))
            except Exception:
                return board
        return None

    def _bound_or_none(self, e: N.Expr) -> Optional[int]:
        try:
            return self.list_bound(e)
        except Exception:
            return None

    def asks_bound(self, stmts) -> int:
        """The most questions these statements may ask in one run (MAX_ANSWERS + 1: more, or not known). The
        lists its `let`s name and the lists given to a proc's parameters are bounded where their size is (a
        choice in a loop over them)."""
        scopes: list = self.__dict__.setdefault("name_bounds", [])
        scopes.append({})
        try:
            return self._asks_bound(stmts, scopes[-1])
        finally:
            scopes.pop()

    def _asks_bound(self, stmts, names: dict) -> int:
        total = 0
        for s in stmts:
            if isinstance(s, N.Let):
                bound = self._bound_or_none(s.value) if self.type_of(s.value).is_list else None
                if bound is not None:
                    names[s.name] = bound
                else:
                    names.pop(s.name, None)
                continue
            if not _asks((s,), self.asking_procs):
                continue
            if isinstance(s, N.ExprStmt) and s.call.func in self.asking_procs:
                if s.call.func in self.bounding:
                    raise self.unsupported(s.span, f"a proc that asks and calls itself (`{s.call.func}`)")
                self.bounding.add(s.call.func)
                proc = self.sym.procs[s.call.func]
                given = {p: self._bound_or_none(a) for p, a in zip(proc.params, s.call.args)}
                # (the proc's body sees its parameters, not the caller's names)
                outer = self.name_bounds
                self.name_bounds = [{p: b for p, b in given.items() if b is not None}]
                try:
                    total += self._asks_bound(proc.body, self.name_bounds[0])
                finally:
                    self.name_bounds = outer
                self.bounding.discard(s.call.func)
            elif isinstance(s, N.Choose):
                total += 1 + self.asks_bound(s.body)
            elif isinstance(s, N.AtOnce):
                total += 1
            elif isinstance(s, N.If):
                total += max([self.asks_bound(b) for _, b in s.branches]
                             + [self.asks_bound(s.orelse) if s.orelse is not None else 0])
            elif isinstance(s, N.For):
                domain = s.domain if s.test is None else \
                    N.Filter(span=s.span, var=s.var, domain=s.domain, test=s.test, mode="where")
                try:
                    times = self.list_bound(domain)
                except Exception:
                    raise self.unsupported(s.span, "a choice in a loop over a list whose size is not known "
                                                   "before") from None
                total += times * (self.asks_bound(s.body) + (s.ordered_by is not None))
            elif isinstance(s, N.Repeat) and isinstance(s.count, N.Num):
                total += int(s.count.value) * self.asks_bound(s.body)
            else:
                raise self.unsupported(s.span, "a choice in a loop whose turns are not known before")
            total = min(total, MAX_ANSWERS + 1)
        return total

    # ------------------------------------------------------------ the statements
    @staticmethod
    def asks_here(s) -> bool:
        """Does this statement itself ask (`choose`, `at once`, `for ... ordered by`)?"""
        return isinstance(s, (N.Choose, N.AtOnce)) or isinstance(s, N.For) and s.ordered_by is not None

    def choice_statement(self, s, env: dict, depth: int, pad: str) -> list[str]:
        if isinstance(s, N.For):
            return self.ordered_loop(s, env, depth, pad)
        if isinstance(s, N.AtOnce):
            return self.at_once(s, env, depth, pad)
        return self.choose(s, env, depth, pad)

    def element_kind(self, domain: N.Expr) -> Optional[str]:
        """The type of the items of a choice's list (a place's: its pieces)."""
        t = self.type_of(domain)
        if t.is_list:
            return t.element.base
        return "piece" if t.base in ("zone", "space") else None

    def choice_kind(self, s: N.Choose) -> str:
        t = self.type_of(s.domain)
        kind = self.element_kind(s.domain)
        valued = self.valued_choice_kind(s, kind)  # (an enum's values, texts: lists.py)
        if valued is not None:
            return valued
        if kind not in CHOICE_TYPES:
            raise self.unsupported(s.span, f"a choice among values of type {kind or t.base}")
        return kind

    def choice_options(self, s: N.Choose, env: dict, pad: str) -> tuple[list[str], str]:
        """Lines that make the options of a choice, in the interpreter's order (the domain's items that pass
        its test, none left out from edition 3 on, the same text once), and the array's name."""
        kind = self.choice_kind(s)
        options = self.fresh("options")
        lines, items, count = self.gathered(s.var, s.domain, s.test, env, pad)
        drop = "True" if self.sym.edition >= 3 and kind in _NONE_ABLE else "False"
        return lines + [f"{pad}{options} = {_distinct(kind, items, count, drop)}"], options

    def gathered(self, name: str, domain: N.Expr, test: Optional[N.Expr], env: dict, pad: str) \
            -> tuple[list[str], str, str]:
        """Lines that gather the items of `name in domain where test` into an array, in the interpreter's order:
        the lines, the array's name and its count's."""
        items, count, var = self.fresh("items"), self.fresh("n"), self.fresh(name)
        inner = {**env, name: var}
        from .translate import Unsupported
        try:
            bound = self.list_bound(domain)
            lines, deeper = self.domain_loop(domain, var, env, pad)
            head = [f"{pad}{items} = np.empty({bound}, np.int64)", f"{pad}{count} = 0"]
        except Unsupported:
            bound = OPTION_CAP
            made, k = self.fresh("made"), self.fresh("k")
            head = [f"{pad}{made} = {self.list_value(domain, env)}",
                    f"{pad}{items} = np.empty({made}.shape[0], np.int64)", f"{pad}{count} = 0"]
            lines, deeper = [f"{pad}for {k} in range({made}.shape[0]):", f"{pad}    {var} = {made}[{k}]"], 1
        self.question_options = max(self.question_options, bound)
        indent = pad + "    " * deeper
        if test is not None:
            lines.append(f"{indent}if {self.expr(test, inner)}:")
            indent += "    "
        return head + lines + [f"{indent}{items}[{count}] = {var}", f"{indent}{count} += 1"], items, count

    def ordered_loop(self, s: N.For, env: dict, depth: int, pad: str) -> list[str]:
        """`for x in L ordered by P:` the items listed first; while some are left, P picks which comes next (one
        left, or one text left: taken without asking), it is taken out of the list (its first equal item) and
        the body runs with it."""
        t = self.type_of(s.domain)
        kind = self.element_kind(s.domain)
        if kind not in CHOICE_TYPES:
            raise self.unsupported(s.span, f"`for ... ordered by` over values of type {kind or t.base}")
        site = len(self.choice_kinds)
        self.choice_kinds.append(kind)
        self.question_parts = max(self.question_parts, 1)
        lines, items, count = self.gathered(s.var, s.domain, s.test, env, pad)
        left, who, options, value, answer = self.fresh("left"), self.fresh("who"), self.fresh("options"), \
            self.fresh(s.var), self.fresh("answer")
        assert s.ordered_by is not None  # (choice_statement: an ordered loop)
        by = self.typed(s.ordered_by, env, "player", "a chooser that is not a player")
        lines += [f"{pad}{left} = {items}[:{count}].copy()", f"{pad}{who} = {by}",
                  f"{pad}while {left}.shape[0] > 0:",
                  f"{pad}    {options} = {_distinct(kind, left, f'{left}.shape[0]', 'False')} "
                  f"if {left}.shape[0] > 1 else {left}",
                  f"{pad}    if {options}.shape[0] == 1:", f"{pad}        {value} = {options}[0]",
                  f"{pad}    else:", f"{pad}        {answer} = answer_at(st, jr)", f"{pad}        if {answer} < 0:",
                  f"{pad}            ask_one(st, jr, {site}, {who}, {options})", f"{pad}            return",
                  f"{pad}        {value} = {options}[{answer}]",
                  f"{pad}    {left} = without_first({left}, {value})"]
        return lines + self.block(s.body, {**env, s.var: value}, depth + 1)

    def choose(self, s: N.Choose, env: dict, depth: int, pad: str) -> list[str]:
        site = len(self.choice_kinds)
        self.choice_kinds.append(self.choice_kind(s))
        self.question_parts = max(self.question_parts, 1)
        lines, options = self.choice_options(s, env, pad)
        who, value, answer = self.fresh("who"), self.fresh(s.var), self.fresh("answer")
        by = self.typed(s.by, env, "player", "a chooser that is not a player") if s.by is not None else "mover"
        inner = f"{pad}        "
        asked = [f"{inner}{answer} = answer_at(st, jr)", f"{inner}if {answer} < 0:",
                 f"{inner}    ask_one(st, jr, {site}, {who}, {options})", f"{inner}    return",
                 f"{inner}{value} = {options}[{answer}]"]
        lines += [f"{pad}if {options}.shape[0] > 0:", f"{pad}    {who} = {by}"]
        if s.secretly or s.always:  # (asked even with one option: a decision of its own)
            lines += [line[4:] for line in asked]
        else:
            lines += [f"{pad}    if {options}.shape[0] == 1:", f"{pad}        {value} = {options}[0]",
                      f"{pad}    else:"] + asked
        return lines + self.block(s.body, {**env, s.var: value}, depth + 1)

    def at_once(self, s: N.AtOnce, env: dict, depth: int, pad: str) -> list[str]:
        (choice,) = s.body
        assert isinstance(choice, N.Choose)  # (the checker allows nothing else in an `at once`)
        site = len(self.choice_kinds)
        self.choice_kinds.append(self.choice_kind(choice))
        try:
            seats = min(self.list_bound(s.domain), self.layout.players)
        except Exception:
            seats = self.layout.players
        self.question_parts = max(self.question_parts, seats)
        values, seat_list, counts, who = self.fresh("values"), self.fresh("seats"), self.fresh("counts"), \
            self.fresh(s.var)
        lines = [f"{pad}{values} = np.empty(0, np.int64)", f"{pad}{seat_list} = np.empty(0, np.int64)",
                 f"{pad}{counts} = np.empty(0, np.int64)"]
        loop, deeper = self.domain_loop(s.domain, who, env, pad)
        lines += loop
        indent = pad + "    " * deeper
        outer = {**env, s.var: who}
        if s.test is not None:
            lines.append(f"{indent}if {self.expr(s.test, outer)}:")
            indent += "    "
        made, options = self.choice_options(choice, outer, indent)
        lines += made + [f"{indent}if {options}.shape[0] > 0:",
                         f"{indent}    {seat_list} = np.concatenate(({seat_list}, np.full(1, {who}, np.int64)))",
                         f"{indent}    {counts} = np.concatenate(({counts}, np.full(1, {options}.shape[0], "
                         f"np.int64)))",
                         f"{indent}    {values} = np.concatenate(({values}, {options}))"]
        alone = 0 if choice.always else 1
        per_seat = self.question_options
        self.joint_moves = max(self.joint_moves, min(per_seat ** seats, MAX_LEGAL_MOVES))
        answer, j, off, value, seat = self.fresh("answer"), self.fresh("j"), self.fresh("off"), \
            self.fresh(choice.var), self.fresh(s.var)
        lines += [f"{pad}{answer} = 0", f"{pad}if joint_asks({counts}, {alone}):",
                  f"{pad}    {answer} = answer_at(st, jr)", f"{pad}    if {answer} < 0:",
                  f"{pad}        ask_joint(st, jr, {site}, {seat_list}, {counts}, {values}, {alone})",
                  f"{pad}        return",
                  f"{pad}{off} = 0", f"{pad}for {j} in range({counts}.shape[0]):",
                  f"{pad}    {seat} = {seat_list}[{j}]",
                  f"{pad}    {value} = {values}[{off} + joint_digit({counts}, {alone}, {answer}, {j})]",
                  f"{pad}    {off} += {counts}[{j}]"]
        return lines + self.block(choice.body, {**env, s.var: seat, choice.var: value}, depth + 1)

    # ------------------------------------------------------------ the move's dispatch, the listing, the sizes
    def pending_listing(self, exists: bool) -> list[str]:
        """The first lines of list_moves/has_move after `mover = ...`: a question pending lists its answers."""
        if not self.choosing:
            return []
        if exists:
            return ["    if st[QPARTS] != 0:", "        return True"]
        return ["    if st[QPARTS] != 0:", "        return list_pending(st, out)"]

    def choice_dispatcher(self, actions: list) -> list[str]:
        """apply_move of a game whose moves may ask: a move begins (its action and arguments kept), or the answer
        to the question pending runs the move again; a move that stops at a question does not end the turn."""
        params = self.width - 1
        xs = [f"x{k}" for k in range(1, params + 1)]
        chooses = [1 if a.name in self.choosing else 0 for a in actions]
        lines = ["", f"CHOICE = {len(actions)}  # the action of a move that answers a question",
                 f"CHOOSES = np.array({chooses!r}, dtype=np.int64)  # the actions that may ask",
                 "TEXT_KEY = np.array(" + repr(self.text_keys()) + ", dtype=np.int64)  # a place's first of its name",
                 "", "@njit(cache=True)", "def apply_move(st, jr, mv):",
                 "    # the move's effect, then the end of the turn; or the answer to the question pending",
                 "    mover = st[TURN]", "    if mv[0] == CHOICE:"] + self.resume_lines() + [
                 "        resume_move(st, jr, mv[1])",
                 "        a = st[PACT]"]
        lines += [f"        {x} = st[PARGS + {k}]" for k, x in enumerate(xs)]
        lines += ["    else:", "        a = mv[0]"] + [f"        {x} = mv[{k}]" for k, x in enumerate(xs, 1)]
        lines += self.area_growth_call("        ")  # (before the move's mark: an answer keeps it, areas.py)
        lines += ["        if CHOOSES[a]:", "            begin_move(st, jr, mv)"]
        for i, a in enumerate(actions):
            args = ", ".join(["st", "jr", "mover"] + xs[:len(a.params)])
            lines += [f"    {'if' if i == 0 else 'elif'} a == {i}:", f"        act_{i}({args})"]
        return lines + ["    if st[QPARTS] != 0:"] + self.waiting_lines() + [
            "        return  # (the move waits for an answer)", "    if CHOOSES[a]:", "        finish_move(st, jr)",
            "    end_turn(st, jr)"] + self.move_over_lines() + self.by_itself_source(actions)  # (by_itself.py)

    def text_keys(self) -> list[int]:
        """Per place, the first place of the same name (two spaces named alike read as one option)."""
        first: dict[str, int] = {}
        return [first.setdefault(name, i) for i, name in enumerate(self.layout.space_names)]

    def pending_sizes(self) -> tuple[int, int, int, int]:
        """(arguments, answers, seats asked at once, options a seat) of the slots of a move waiting at a choice;
        the listing and a move's row made wide enough for the answers."""
        if not self.choosing:
            return 0, 0, 0, 0
        params = self.width - 1
        self.width = max(self.width, 4 + 2 * self.question_parts)
        self.max_moves = max(self.max_moves, self.question_options, self.joint_moves)
        return params, self.answers_bound, self.question_parts, self.question_options


def _distinct(kind: str, items: str, count: str, drop: str) -> str:
    """The source of a choice's options made of `items`' first `count`: values that read the same offered once."""
    if kind == "piece":
        return f"piece_choice_values(st, {items}, {count}, {drop})"
    return f"choice_values({items}, {count}, {drop}, {'True' if kind == 'space' else 'False'})"


def _kind_named(domain) -> Optional[str]:
    """K of `x in L where x.kind == "K"`, else None."""
    if not (isinstance(domain, N.Filter) and domain.mode == "where" and isinstance(domain.test, N.Compare)
            and domain.test.op == "=="):
        return None
    sides = (domain.test.left, domain.test.right)
    for read, text in (sides, sides[::-1]):
        if isinstance(read, N.Attr) and read.name == "kind" and isinstance(read.obj, N.Name) \
                and read.obj.id == domain.var and isinstance(text, N.Str):
            return text.value
    return None


def _placed_after_setup(module, kind: str) -> bool:
    """Does a rule outside the setup (an action, a trigger, a proc) `place` pieces of this kind (or of a kind
    not written out)?"""
    for item in module.items:
        if isinstance(item, N.Setup):
            continue
        for node in N.walk((item,)):
            if isinstance(node, N.Place) and not (isinstance(node.kind, N.Name) and node.kind.id != kind):
                return True
    return False


def choice_text(kind: str, value: int, layout, st=None) -> str:
    """An option's text as the interpreter's value_text writes it (a piece's read on the native position `st`
    where it is chosen: attributes.piece_text)."""
    from ...grammar.types import DIRECTIONS
    if value < 0 and kind != "int":
        return "none"
    if kind.startswith("enum "):  # (an enum's value: its name; lists.valued_choice_kind)
        return kind.split()[1 + value]
    if kind == "text":  # (its place in the table of the game's texts)
        return layout.attributes.texts[value]
    if kind == "piece":
        from .attributes import piece_text
        return piece_text(layout, st, value)
    if kind == "space":
        from .areas import area_place_name
        named = None if st is None else area_place_name(layout, value, st)
        return layout.space_names[value] if named is None else named
    if kind == "player":
        return layout.seat_names[value]
    if kind == "dir":
        return list(DIRECTIONS)[value]
    if kind == "text":  # (its number in the table of texts: attributes.py)
        return layout.attributes.texts[value]
    return str(value)


def answer_text(row, kinds: list, layout, st=None) -> str:
    """The text of a row that answers a question (Move.text of a choice, or a JointMove's `name: text; ...`), read on
    the native position `st` that waits at it."""
    kind = kinds[int(row[2])]
    parts = int(row[3])
    texts = [(layout.seat_names[int(row[4 + 2 * j])], choice_text(kind, int(row[5 + 2 * j]), layout, st))
             for j in range(parts)]
    if parts == 1:
        return texts[0][1]
    return "; ".join(f"{name}: {text}" for name, text in texts)
