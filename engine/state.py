"""A game in progress: a mutable state with a journal, legal moves, apply, undo and views."""
from __future__ import annotations

import random

import attrs

from ..grammar.limits import MAX_DEPTH, MAX_LEGAL_MOVES, MAX_LOOP_STEPS, MAX_PIECES
from ..grammar.types import RELATIVE_DIRECTIONS
from ..grammar.wording import did_you_mean, player_count
from .chance import ChanceEvent, fork_random
from .compiler import CompiledGame
from .explain import explain
from .moves import Move
from .runtime import (
    DIR_BY_VECTOR,
    DIRS,
    Board,
    GameOver,
    NeedChoice,
    Piece,
    Player,
    RuleError,
    Space,
    Zone,
    rotate,
    value_text,
)
from .topology import board_size, connect, sites
from .topology import label as _label
from .view import view

DEFAULT_FACINGS = {1: ("south",), 2: ("south", "north"), 3: ("south", "west", "north"),
                   4: ("south", "west", "north", "east")}

# what Python says when a rule hands a builtin the wrong kind of value (a def's parameters are untyped):
# reported as a RuleError, never a traceback
_WRONG_KIND = (TypeError, AttributeError, KeyError, ValueError, IndexError, ZeroDivisionError)

# journal operations
_MOVE, _CREATE, _ATTR, _ITEM, _ORDER, _RNG, _LOG, _TURN, _CHANCE = range(9)


class IllegalMove(Exception):
    """A move text that is not legal now; str() says why."""


class InputError(ValueError):
    """What a player brought to the game (a hand, say) does not fit its rules; one problem a line."""

    def __init__(self, problems):
        self.problems = problems
        super().__init__("\n".join(problems))


@attrs.define
class Outcome:
    winners: tuple
    draw: bool
    scores: dict | None
    text: str
    extra: dict = attrs.Factory(dict)


@attrs.define
class Pending:
    move: Move
    choices: list
    options: list
    chooser: Player
    prompt: str
    mark: int
    secret: bool = False


class _Choice:
    """The action of a choice move: its text is the chosen value's."""
    name = "choose"
    eager_text = False


CHOICE = _Choice()


class SetupError(ValueError):
    """A number of players or an option the game does not have; str() says why."""


def check_setup(game: CompiledGame, players: int, options) -> None:
    """Refuse a number of players or options that the game does not have (SetupError)."""
    if not game.min_players <= players <= game.max_players:
        raise SetupError(f"{game.title} is for {player_count(game.min_players, game.max_players)}, not {players}")
    known = [o.name for o in game.options]
    for o in options:
        if o not in known:
            has = ("its options are " + ", ".join(known)) if known else "it has no options"
            raise SetupError(f"{game.title} has no option '{o}'{did_you_mean(o, known)}: {has}")


class State:
    def __init__(self, game: CompiledGame, seed=0, players=None, options=(), inputs=None):
        n = players if players is not None else game.min_players
        check_setup(game, n, options)
        self.game = game
        self.n = n
        self.seed = seed
        self.options = frozenset(options)
        self.rng = random.Random(seed)
        self._journal: list[tuple] = []
        self._steps: list = []  # per move: a journal mark, or the Pending it answered
        self._moves: list[Move] = []
        self.log: list[tuple[int, str]] = []
        self.pending = None
        self.over = False
        self.result = None
        self.phase = 0 if game.phases else None
        self.turn = 1
        self._version = 0
        self._cache_version = -1
        self._cache = None
        self._depth = 0
        self._budget = MAX_LOOP_STEPS
        self._choices: list[int] = []
        self._ci = 0
        self._next = None
        self._touching: dict = {}
        self._ending = None
        # the shuffles and random picks so far, and what the players brought: a search must not read their
        # outcomes (see chance.py); each is labelled by the move it happened in (-1: the setup)
        self.chance: list[ChanceEvent] = []
        self._chance_move = -1
        self._chance_count = 0
        self._by_phase = game.open_actions
        self._after_move = game.after_move_rules
        self._turn_start_rules = game.turn_start_rules
        self._build_players()
        self._build_boards()
        self._build_player_boards()
        self._build_zones()
        self._build_pieces()
        self.turn_player = self.players[0]
        self.vars = {}
        for v in game.vars:
            if v.per_player:
                for p in self.players:
                    p.vars[v.name] = v.init(self)
            else:
                self.vars[v.name] = v.init(self)
        if game.first_random:
            self.turn_player = self.players[self.rng.randrange(n)]
        self._take_inputs(inputs or {})
        self._start()
        # the start is the floor of undo
        self._journal.clear()

    # ------------------------------------------------------------ construction
    def _start(self):
        """Run the setup and the first turn's start."""
        try:
            for rule in self.game.setup:
                L = [None] * rule.size
                for f in rule.body:
                    f(self, L)
            self._turn_start()
            self._check_stuck()
        except GameOver:
            pass
        except RecursionError:
            raise RuleError("the setup calls a rule that calls itself without end") from None
        except _WRONG_KIND as err:
            raise RuleError(f"the setup used a value of the wrong kind ({err})") from None

    def _build_players(self):
        game, n = self.game, self.n
        facings = game.facings[:n] if game.facings else DEFAULT_FACINGS.get(n, DEFAULT_FACINGS[4])
        self.players = [Player(i, game.seat_names[i], facings[i % len(facings)]) for i in range(n)]
        for p in self.players:
            for name, (dx, dy) in RELATIVE_DIRECTIONS.items():
                p.rel[name] = DIR_BY_VECTOR[rotate(dx, dy, p.turns)]

    def _build_zones(self):
        self.zones = {}
        self.supply = Zone("supply", None, "secret", None)
        self.box = Zone("box", None, "public", None)
        for z in self.game.zones:
            if z.per_player:
                for p in self.players:
                    p.zones[z.name] = Zone(z.name, p, z.visibility, z.capacity)
            else:
                self.zones[z.name] = Zone(z.name, None, z.visibility, z.capacity)

    def _build_pieces(self):
        """The pieces of the game's tables, where the tables put them."""
        self.kind_pieces = {k: [] for k in self.game.kinds}
        self._next_id = 0
        for table in self.game.tables:
            owners = self.players if table.each_player else [None]
            for owner in owners:
                zone = table.zone
                dest = (owner.zones[zone] if owner is not None else self.zones[zone]) if zone else self.supply
                for attrs_ in table.rows:
                    self._new_piece(table.kind, dict(attrs_), owner, True, dest)

    def _take_inputs(self, inputs):
        """Fill declared input zones from what each player brought: lists of (line number, text)."""
        declared = {i.zone: (i.count, i.kind, i.source) for i in self.game.inputs}
        problems = []
        for zone, by_seat in inputs.items():
            if zone not in declared:
                problems.append(f"{self.game.title} takes no '{zone}' from the players"
                                + (f" (it takes: {', '.join(declared)})" if declared else ""))
                continue
            count, kind, source = declared[zone]
            for seat, lines in by_seat.items():
                problems.extend(self._take_input(zone, count, kind, source, self.players[seat], lines))
        if problems:
            raise InputError(problems)

    def _take_input(self, zone, count, kind, source, player, lines):
        problems, chosen, where = [], [], {}
        pool = [p for p in player.zones[source].pieces if p.kind.name == kind]

        def key(text):
            return " ".join(str(text).replace("-", " ").replace("_", " ").lower().split())
        keys = pool[0].kind.shown if pool else ()
        index = {}
        for p in pool:
            for k in keys:
                index.setdefault(key(p.attrs.get(k)), []).append(p)
        for lineno, text in lines:
            matches = list({id(p): p for p in index.get(key(text), [])}.values())
            if not matches:
                names = [str(p.attrs.get(k)) for p in pool for k in keys if isinstance(p.attrs.get(k), str)]
                problems.append(f"{player.name}'s {zone}, line {lineno}: there is no {kind} '{text}' in the "
                                f"{source}{did_you_mean(str(text), names)}")
                continue
            if len(matches) > 1 and len({id(p) for p in matches}) > 1 and \
                    len({tuple(sorted(p.attrs.items(), key=str)) for p in matches}) > 1:
                problems.append(f"{player.name}'s {zone}, line {lineno}: '{text}' could be any of "
                                f"{len(matches)} {kind}s; name one exactly")
                continue
            piece = next((p for p in matches if id(p) not in where), matches[0])
            if id(piece) in where:
                problems.append(f"{player.name}'s {zone}, line {lineno}: '{text}' is already in the {zone} "
                                f"(line {where[id(piece)]}); a {zone} holds each {kind} once")
                continue
            where[id(piece)] = lineno
            chosen.append(piece)
        self._note_chance("brought", pool)  # the others cannot tell which pieces were chosen
        if not problems and len(chosen) != count:
            problems.append(f"{player.name}'s {zone} has {len(chosen)} {kind}s, and it must have {count}")
        if not problems:
            for piece in chosen:
                self.move_piece(piece, player.zones[zone], None)
        return problems

    def _build_boards(self):
        self.boards = {}
        self.spaces = []
        self.plane = {}
        used = set()
        for bi, spec in enumerate(self.game.boards):
            if spec.per_player:
                continue
            name = spec.name
            board = Board(name, *board_size(spec), bi, area=spec.area, shape=spec.shape)
            self.boards[name] = board
            names = sites(spec, self.game.boards, bi)
            clash = any(label in used for _, _, label, _, _ in names)
            for x, y, label, px, py in names:
                if clash:
                    label = f"{name}.{label}"
                used.add(label)
                s = Space(board, x, y, label, px, py, len(self.spaces))
                board.spaces.append(s)
                board.by_xy[(x, y)] = s
                self.spaces.append(s)
                self.plane[(px, py)] = s
            connect(board, spec)
        for spec in self.game.boards:
            if spec.of is not None:
                self.boards[spec.name].of = self.boards[spec.of]
        self.space_by_name = {s.name: s for s in self.spaces}
        self.plane_bound = max((max(abs(x), abs(y)) for x, y in self.plane), default=0) + 1

    def _build_player_boards(self):
        """Each player's own boards: a grid of its own, or an area that grows as pieces are put on it."""
        for bi, spec in enumerate(self.game.boards):
            if not spec.per_player:
                continue
            for p in self.players:
                board = Board(spec.name, spec.width, spec.height, bi, area=spec.area, owner=p)
                p.boards[spec.name] = board
                if spec.area:
                    continue
                for y in range(1, spec.height + 1):
                    for x in range(1, spec.width + 1):
                        s = Space(board, x, y, f"{p.name}.{_label(x, y, spec.labels)}", x, y, -1)
                        board.spaces.append(s)
                        board.by_xy[(x, y)] = s
                for s in board.spaces:
                    for d in DIRS.values():
                        s.nbr[d.i] = board.by_xy.get((s.x + d.dx, s.y + d.dy))

    def touching(self, s, board_name):
        if s is None:
            return []
        key = (id(s), board_name)
        r = self._touching.get(key)
        if r is None:
            r = []
            for d in DIRS.values():
                t = self.plane.get((s.px + d.dx, s.py + d.dy))
                if t is not None and t.board.name == board_name:
                    r.append(t)
            self._touching[key] = r
        return r

    # ------------------------------------------------------------ journalled changes
    def _new_piece(self, kind, attrs_, owner, up, dest):
        p = Piece(self.game.kinds[kind], attrs_, owner, up, dest, self._next_id)
        self._next_id += 1
        dest.pieces.append(p)
        self.kind_pieces[kind].append(p)
        return p

    def create_piece(self, kind, attrs_, owner, up, dest):
        if dest is None:
            raise RuleError("a piece was placed on none")
        if self._next_id >= MAX_PIECES:
            raise RuleError(f"a game has at most {MAX_PIECES} pieces")
        self._check_capacity(dest, None)
        p = self._new_piece(kind, attrs_, owner, up, dest)
        self._journal.append((_CREATE, p))
        return p

    def _check_capacity(self, dest, where):
        cap = getattr(dest, "capacity", None)
        if cap is not None and len(dest.pieces) >= cap:
            raise RuleError(f"zone '{dest.name}' is full ({cap})", where)

    def move_piece(self, p, dest, where):
        old = p.loc
        if old is dest:
            return
        self._check_capacity(dest, where)
        idx = old.pieces.index(p) if old is not None else -1
        if old is not None:
            del old.pieces[idx]
        dest.pieces.append(p)
        p.loc = dest
        self._journal.append((_MOVE, p, old, idx))

    def set_attr(self, obj, name, value):
        self._journal.append((_ATTR, obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def set_var(self, d, key, value):
        self._journal.append((_ITEM, d, key, d.get(key)))
        d[key] = value

    def shuffle(self, items):
        self._note_chance("shuffle", items)
        self._journal.append((_ORDER, items, list(items)))
        self._journal.append((_RNG, self.rng.getstate()))
        self.rng.shuffle(items)

    def randrange(self, n):
        self._journal.append((_RNG, self.rng.getstate()))
        return self.rng.randrange(n)

    def pick_at_random(self, items):
        """An item of a list picked at random (the rules' `random`)."""
        self._note_chance("pick", [x for x in items if isinstance(x, Piece)])
        return items[self.randrange(len(items))]

    def _note_chance(self, kind, pieces):
        self._chance_count += 1
        self.chance.append(ChanceEvent(kind, (self._chance_move, self._chance_count),
                                       tuple((p, p.loc, p.up, p.owner) for p in pieces)))
        self._journal.append((_CHANCE,))

    def reseed(self, seed):
        """Draw the random numbers still to come from `seed` instead: a search samples chance afresh rather
        than read the game's future. The draws already made in the move in progress stay as they were. Not
        journalled: for a copy that a search works on."""
        start = None
        if self.pending is not None:  # the move is run again from its start at each choice: keep its draws
            start = next((op[1] for op in self._journal[self.pending.mark:] if op[0] == _RNG), None)
        self.rng = fork_random(self.rng, start, seed)

    def assume(self, identities):
        """Give pieces other attribute values, [(piece, attrs)], as a search imagines what it cannot see.
        Not journalled: for a copy that a search works on."""
        for piece, values in identities:
            piece.attrs = values
        self._version += 1

    def add_log(self, text):
        self.spend(len(text), None)
        self.log.append((self.turn_player.index, text))
        self._journal.append((_LOG,))

    def tick(self, where):
        self._budget -= 1
        if self._budget < 0:
            raise RuleError(f"a rule ran more than {MAX_LOOP_STEPS} steps in one move", where)

    def spend(self, steps, where):
        """Count `steps` loop steps against the move's budget (a comprehension's items, say)."""
        self._budget -= steps
        if self._budget < 0:
            raise RuleError(f"a rule ran more than {MAX_LOOP_STEPS} steps in one move", where)

    def enter_call(self, name, where):
        """A def or proc is called: calls nest at most MAX_DEPTH deep."""
        if self._depth >= MAX_DEPTH:
            raise RuleError(f"'{name}' calls itself without end", where)
        self._depth += 1

    def leave_call(self):
        self._depth -= 1

    def pass_turn_to(self, player):
        """`again` and `next P`: who takes the next turn (when the move is over)."""
        self._next = player

    def enter_phase(self, index):
        self.set_attr(self, "phase", index)

    def settle(self):
        """Make the position as it is now the start: nothing before it can be undone (for arranged positions
        in tests and examples)."""
        self._journal.clear()
        self._steps.clear()
        self._moves.clear()
        self.pending = None
        self._version += 1

    def _rollback(self, mark):
        j = self._journal
        while len(j) > mark:
            op = j.pop()
            code = op[0]
            if code == _TURN:
                self.turn_player, self.turn = op[1], op[2]
            elif code == _MOVE:
                _, p, old, idx = op
                p.loc.pieces.pop()
                if old is not None:
                    old.pieces.insert(idx, p)
                p.loc = old
            elif code == _CREATE:
                p = op[1]
                p.loc.pieces.pop()
                self.kind_pieces[p.kind.name].pop()
                self._next_id -= 1
            elif code == _ATTR:
                setattr(op[1], op[2], op[3])
            elif code == _ITEM:
                op[1][op[2]] = op[3]
            elif code == _ORDER:
                op[1][:] = op[2]
            elif code == _RNG:
                self.rng.setstate(op[1])
            elif code == _LOG:
                self.log.pop()
            elif code == _CHANCE:
                self.chance.pop()

    # ------------------------------------------------------------ players
    def next_player(self, p):
        return self.players[(p.index + 1) % self.n]

    def players_from(self, p):
        i = p.index
        return self.players[i:] + self.players[:i]

    def others(self, p):
        return self.players_from(p)[1:]

    def seat_name(self, i):
        return self.players[i].name

    @property
    def num_players(self):
        return self.n

    @property
    def to_move(self):
        return self.pending.chooser.index if self.pending is not None else self.turn_player.index

    # ------------------------------------------------------------ choices inside effects
    def choose(self, who, options, prompt, secret=False):
        if len(options) > 1:
            # options a player cannot tell apart (two identical tokens, say) are one choice
            seen = {}
            for v in options:
                seen.setdefault(value_text(v), v)
            options = list(seen.values())
        if len(options) == 1:
            return options[0]
        if self._ci < len(self._choices):
            i = self._choices[self._ci]
            self._ci += 1
            return options[i]
        raise NeedChoice(who if who is not None else self.turn_player, options, prompt, secret)

    # ------------------------------------------------------------ moves
    def legal_moves(self):
        if self._cache_version == self._version:
            return self._cache
        moves = []
        if self.over:
            pass
        elif self.pending is not None:
            p = self.pending
            moves = [Move(CHOICE, (i,), value_text(v)) for i, v in enumerate(p.options)]
            for m, v in zip(moves, p.options):
                if p.secret:  # the others learn only that a choice was made
                    m._masked = (f"({p.chooser.name} chose)", {p.chooser.index})
                elif isinstance(v, Piece) and v.loc is not None and not v.loc.is_space \
                        and v.loc.visibility != "public":  # a card chosen from a hidden hand is just 'card'
                    zone = v.loc
                    owner = {zone.owner.index} if zone.visibility == "private" and zone.owner is not None else set()
                    m._masked = (v.kind.name, owner)
        else:
            moves = self._list_moves()
        self._cache_version = self._version
        self._cache = moves
        return moves

    def _list_moves(self):
        """The legal moves of the actions open now; listing them has a budget of its own."""
        moves: list[Move] = []
        self._budget = MAX_LOOP_STEPS
        regular, fallback = self._by_phase[self.phase]
        try:
            for act in regular:
                if act.dedupe:
                    self._generate(act, moves)
                else:
                    act.gen(self, moves)
            if not moves:
                for act in fallback:
                    self._generate(act, moves)
        except RecursionError:
            raise RuleError("a rule calls itself without end") from None
        except _WRONG_KIND as err:
            raise RuleError(f"a rule used a value of the wrong kind while listing the moves ({err})") from None
        if len(moves) > MAX_LEGAL_MOVES:
            raise RuleError(f"there are more than {MAX_LEGAL_MOVES} legal moves at once")
        return moves

    @staticmethod
    def _unique(moves):
        """Moves a player cannot tell apart (the same text: two identical stones from a reserve) are one."""
        seen = set()
        out = []
        for m in moves:
            t = m.fix_text()
            if t not in seen:
                seen.add(t)
                out.append(m)
        return out

    def _generate(self, act, moves):
        if not act.dedupe:
            act.gen(self, moves)
            return
        mine = []
        act.gen(self, mine)
        moves.extend(self._unique(mine))

    def apply(self, move):
        if move._masked is None and move.action.eager_text:
            move.fix_text()  # a piece's name depends on where it is: fix it before the move changes that
        self._version += 1
        pending = self.pending
        mark = pending.mark if pending is not None else len(self._journal)
        try:
            if pending is not None:
                self._steps.append(pending)
                self._rollback(mark)
                self._run(pending.move, pending.choices + [move.args[0]], mark)
            else:
                self._steps.append(mark)
                self._run(move, [], mark)
        except BaseException as err:
            # whatever went wrong (a rule, memory, an interrupt): the move did not happen, and the state is as
            # it was
            self._steps.pop()
            self._rollback(mark)
            if pending is not None:
                self._run(pending.move, pending.choices, mark)
            self.pending = pending
            self._version += 1
            if isinstance(err, RuleError) or not isinstance(err, Exception):
                raise
            raise RuleError(f"the move failed: {type(err).__name__}: {err}") from None
        self._moves.append(move)

    @property
    def played(self):
        """The Move objects applied so far: after undoing them, a copy can apply them again."""
        return list(self._moves)

    @property
    def secret_choice(self):
        """Is the decision to make now a secret one (`choose ... secretly`)?"""
        return self.pending is not None and self.pending.secret

    @property
    def history(self):
        return [m.text for m in self._moves]

    def history_for(self, seat):
        """The moves so far as `seat` may read them."""
        return [m.text_for(seat) for m in self._moves]

    def undo(self):
        if not self._steps:
            raise IndexError("nothing to undo")
        self._version += 1
        step = self._steps.pop()
        self._moves.pop()
        if isinstance(step, int):
            self._rollback(step)
            self.pending = None
        else:
            self._rollback(step.mark)
            self._run(step.move, step.choices, step.mark)
            self.pending = step

    def _run(self, move, choices, mark):
        self._choices = choices
        self._ci = 0
        self._chance_move, self._chance_count = mark, 0
        self._next = None
        self._depth = 0
        self._budget = MAX_LOOP_STEPS
        act = move.action
        L = [None] * act.size
        if move.args:
            for prm, v in zip(act.params, move.args):
                L[prm.slot] = v
        try:
            for f in act.body:
                f(self, L)
        except NeedChoice as nc:
            self.pending = Pending(move, choices, nc.options, nc.chooser, nc.prompt, mark, nc.secret)
            return
        except GameOver:
            self.pending = None
            return
        except RecursionError:
            raise RuleError(f"rule '{act.name}' calls itself without end") from None
        except _WRONG_KIND as err:
            raise RuleError(f"rule '{act.name}' ({act.where}) used a value of the wrong kind ({err})") from None
        self.pending = None
        try:
            self._end_turn()
        except _WRONG_KIND as err:
            raise RuleError(f"a trigger after '{act.name}' used a value of the wrong kind ({err})") from None

    def _end_turn(self):
        try:
            for rule in self._after_move[self.phase]:
                L = [None] * rule.size
                for f in rule.body:
                    f(self, L)
            phases = self.game.phases
            while self.phase is not None and self.phase + 1 < len(phases):
                until = phases[self.phase].until
                if until is None or not until(self):
                    break
                self.set_attr(self, "phase", self.phase + 1)
            nxt = self._next if self._next is not None else self.players[(self.turn_player.index + 1) % self.n]
            self._journal.append((_TURN, self.turn_player, self.turn))
            self.turn_player = nxt
            self.turn += 1
            self._turn_start()
            self._check_stuck()
        except GameOver:
            pass

    def _check_stuck(self):
        """A player with no legal move at the start of their turn ends the game: it is scored as it stands."""
        if not self.over and not self.legal_moves():
            self.end_game("finish", None)

    def _turn_start(self):
        self._next = None
        for rule in self._turn_start_rules[self.phase]:
            L = [None] * rule.size
            for f in rule.body:
                f(self, L)
        if self._next is not None and self._next is not self.turn_player:
            # `next P` at the start of a turn gives the turn to P instead
            self.set_attr(self, "turn_player", self._next)
            self._next = None

    # ------------------------------------------------------------ the end
    def end_game(self, kind, who):
        """End the game: run the `at end` triggers (final scoring, side results), then settle who won."""
        if self.over:
            return
        self.set_attr(self, "over", True)
        self.set_attr(self, "_ending", (kind, who))
        notes_from = len(self.log)
        for rule in self.game.triggers["end"]:
            L = [None] * rule.size
            try:
                for f in rule.body:
                    f(self, L)
            except GameOver:
                pass
        winners, draw = self.standing()
        notes = tuple(text for _, text in self.log[notes_from:])
        self.set_attr(self, "result", (winners, draw, notes))

    def standing(self):
        """(winners, draw) as the game stands: its declared end, or the ranking."""
        kind, who = self._ending if self._ending is not None else ("finish", None)
        if kind == "win":
            return tuple(p.index for p in (who if isinstance(who, list) else [who]) if p is not None), False
        if kind == "lose":
            losers = {p.index for p in (who if isinstance(who, list) else [who]) if p is not None}
            return tuple(i for i in range(self.n) if i not in losers), False
        if kind == "draw":
            return (), True
        return self._ranking()

    def winners(self):
        return [self.players[i] for i in self.standing()[0]]

    def _ranking(self):
        keys = self.game.rank
        if not keys and not self.game.has_score:
            return ((), True)

        def key(p):
            if not keys:
                return (p.vars["score"],)
            out = []
            for k in keys:
                L = [None] * k.size
                L[k.slot] = p
                out.append(k.fn(self, L))
            return tuple(out)
        scored = [(key(p), p.index) for p in self.players]
        best = max(k for k, _ in scored)
        winners = tuple(i for k, i in scored if k == best)
        return winners, False

    def is_over(self):
        return self.over

    def outcome(self):
        if not self.over:
            return None
        winners, draw, notes = self.result
        scores = {p.index: p.vars["score"] for p in self.players} if self.game.has_score else None
        if draw or not winners:
            text = "draw"
        elif len(winners) == 1:
            text = f"{self.players[winners[0]].name} wins"
        else:
            text = " and ".join(self.players[i].name for i in winners) + " share the win"
        return Outcome(tuple(winners), bool(draw or not winners), scores, text, {"notes": list(notes)} if notes else {})

    # ------------------------------------------------------------ text
    def parse_move(self, text):
        text = " ".join(text.split())
        moves = self.legal_moves()
        for m in moves:
            if m.text == text:
                return m
        if self.pending is None:
            actions = self._by_phase[self.phase][0]
            if len({a.name for a in actions}) == 1:
                prefixed = f"{actions[0].name} {text}"
                for m in moves:
                    if m.text == prefixed:
                        return m
        raise IllegalMove(self.explain(text))

    def open_actions(self):
        """The actions of the phase the game is in: (regular ones, fallback ones)."""
        return self._by_phase[self.phase]

    def explain(self, text):
        return explain(self, " ".join(text.split()))

    # ------------------------------------------------------------ what a player sees
    def view(self, seat):
        return view(self, seat)

