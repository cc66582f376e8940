"""A game in progress: a mutable state with a journal, legal moves, apply, undo and views."""
from __future__ import annotations

import itertools
import random
import re
from functools import partial
from operator import itemgetter
from typing import Optional

import attrs

from ...grammar.limits import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_INPUT_PROBLEMS,
    MAX_INPUT_SUGGESTION_WORK,
    MAX_JOURNAL,
    MAX_LEGAL_MOVES,
    MAX_LOG_CHARS,
    MAX_LOOP_STEPS,
    MAX_PASSES_IN_A_ROW,
    MAX_PIECES,
)
from ...grammar.types import RELATIVE_DIRECTIONS
from ...grammar.wording import did_you_mean, limited_suggestions, player_count, quoted_short
from ..build.compiler import CompiledGame
from .chance import ChanceEvent, Script, fork_random
from .explain import explain
from .journal import ADDED, ATTR, CREATE, EMPTIED, ITEM, ITEM_HEAVY, MOVE, ORDER, PIECE_VALUE, RNG, SPACE, TURN
from .library import items_of
from .moves import Move, move_word
from .repetition import record, repetitions
from .runtime import (
    DIR_BY_VECTOR,
    DIRS,
    AreaSpace,
    Board,
    GameOver,
    NeedChoice,
    Piece,
    Player,
    RuleError,
    Space,
    Unmet,
    Write,
    Zone,
    rotate,
    value_text,
)
from .sampling import draw_listed, has_moves, random_move
from .topology import Layout, board_size, connect, sites
from .topology import label as _label
from .view import View, view
from .wrong_kind import wrong_kind_words

DEFAULT_FACINGS = {1: ("south",), 2: ("south", "north"), 3: ("south", "west", "north"),
                   4: ("south", "west", "north", "east")}

# what Python says when a rule hands a builtin the wrong kind of value (a def's parameters are untyped):
# reported as a RuleError, never a traceback
_WRONG_KIND = (TypeError, AttributeError, KeyError, ValueError, IndexError, ZeroDivisionError)


_NO_LOCALS: list = []  # the frame of a rule without parameters (its own variables are Python locals)
_ABSENT = object()  # a variable that was not there before it was set
_NO_CHOICES: list = []
_NO_DRAWS: list = []  # the draws of a move that drew nothing (never changed)


class IllegalMove(Exception):
    """A move text that is not legal now; str() says why in players' words, `.detail` in the author's (the rule,
    its place and the condition that failed)."""

    def __init__(self, message, detail=None):
        super().__init__(message)
        self.detail = detail or message


class InputError(ValueError):
    """What a player brought to the game (a hand, say) does not fit its rules; one problem a line: the first
    MAX_INPUT_PROBLEMS of them, and `more` counts the others."""

    def __init__(self, problems, more=0):
        self.problems = problems
        self.more = more
        super().__init__("\n".join(problems + ([f"... and {more} more"] if more else [])))



class _Problems:
    """The problems of what the players brought: the first MAX_INPUT_PROBLEMS told, the others counted. A problem
    is added as its words, or as a function that words it, called only if it is told (the wording of an unknown
    name searches the whole collection for the name meant)."""

    def __init__(self):
        self.told: list = []
        self.count = 0

    def add(self, words) -> None:
        self.count += 1
        if len(self.told) < MAX_INPUT_PROBLEMS:
            self.told.append(words() if callable(words) else words)


@attrs.define
class Outcome:
    winners: tuple
    draw: bool
    scores: dict | None
    text: str
    extra: dict = attrs.Factory(dict)
    reason: Optional[str] = None  # why the game ended, in players' words, when the rules say
    # the seats level at the top of the ranking, when the ranking decided and did not part them: a draw when
    # they are all the players (unless the game says `rank by ... ties share`), else a win they share
    tied: tuple = ()


@attrs.define
class Pending:
    move: Move
    choices: list
    options: list
    chooser: Player
    prompt: str  # what the chooser is asked, in players' words
    mark: int
    secret: bool = False
    detail: str = ""  # the choice as the rule writes it, for authors
    # the draws the move made before the choice: the outcome of each, made again the same when the move is run
    # again from its start, and how many outcomes each had; and the chance events it had made
    drawn: tuple = ()
    draw_sizes: tuple = ()
    chance_count: int = 0
    # a simultaneous step (`at once`): per player asked, in the rules' order, (player, options, prompt); the
    # moves are the joint answers, one option of each (`chooser` is the first of them)
    joint: tuple = ()


class _Choice:
    """The action of a choice move: its text is the chosen value's."""
    name = "choose"
    eager_text = False


CHOICE = _Choice()


class _Part:
    """The action of one player's answer at a simultaneous step (State.moves_for): args (seat, index)."""
    name = "answer"
    eager_text = False


_PART = _Part()
JOINT = object()  # the `who` of a request that asks several players at once (State.joint_request)


class JointMove(Move):
    """The answers of every player asked at a simultaneous step, as one decision: `args` is (the index of each
    player's answer,), `parts` (seat, the answer's text, what the others read of it) per player asked."""
    __slots__ = ("parts",)

    def __init__(self, args, parts):
        super().__init__(CHOICE, args, "; ".join(f"{name}: {text}" for _, name, text, _ in parts))
        self.parts = parts

    def text_for(self, seat):
        """Each answer as `seat` may read it: its own in full, the others' as the rules let them be seen (a
        secret answer is `(NAME chose)`, a card from a hidden hand its kind)."""
        return "; ".join(f"{name}: {text if seat == who or masked is None or seat in masked[1] else masked[0]}"
                         for who, name, text, masked in self.parts)


class SetupError(ValueError):
    """A number of players or an option the game does not have; str() says why."""


def check_setup(game: CompiledGame, players: int, options) -> None:
    """Refuse a number of players or options that the game does not have (SetupError)."""
    if not game.min_players <= players <= game.max_players:
        raise SetupError(f"{game.title} is for {player_count(game.min_players, game.max_players)}, not {players}")
    option_values(game, options)


_OPTION_NUMBER = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS)


def option_values(game: CompiledGame, options) -> dict:
    """The values the options give to the game's options with a value (`size=9`), each checked against its
    range; an option switched on by its name, or one the game does not have, is refused (SetupError)."""
    known = {o.name: o for o in game.options}
    values: dict = {}
    for given in options:
        name, has_value, text = str(given).partition("=")
        name = name.strip()
        spec = known.get(name)
        if spec is None:
            has = ("its options are " + ", ".join(known)) if known else "it has no options"
            raise SetupError(f"{game.title} has no option '{name}'{did_you_mean(name, list(known))}: {has}")
        if spec.default is None:
            if has_value:
                raise SetupError(f"option '{name}' is switched on by its name alone, without a value")
            continue
        if not has_value:
            raise SetupError(f"option '{name}' is a number from {spec.low} to {spec.high}: give it as {name}=N")
        if name in values:
            raise SetupError(f"option '{name}' is given twice")
        text = text.strip()
        low, high = spec.low if spec.low is not None else spec.default, \
            spec.high if spec.high is not None else spec.default
        if not _OPTION_NUMBER.fullmatch(text) or not low <= int(text) <= high:
            raise SetupError(f"option '{name}' is a number from {spec.low} to {spec.high}, not "
                             f"'{text[:20]}{'...' if len(text) > 20 else ''}'")
        values[name] = int(text)
    return values


class State:
    def __init__(self, game: CompiledGame, seed=0, players=None, options=(), inputs=None, chance=None,
                 records=True):
        n = players if players is not None else game.min_players
        check_setup(game, n, options)
        self.game = game
        # whether each draw and each value written where some cannot see is recorded (`chance`, `writes`): what a
        # bot needs that works out what its seat knows (knowledge.py); and whether the moves are named as they are
        # played (history, and what each seat was told of them). A series of random movers goes without.
        self.records = records
        self._hides_moves = game.hides_moves and records  # (read at every move)
        self.n = n
        self.seed = seed
        self.options = frozenset(options)
        self.inputs = inputs
        self._rng: Optional[random.Random] = None  # seeded with `seed` when first drawn from (see rng)
        self._journal: list[tuple] = []
        self._journal_weight = 0  # what its entries hold beyond one each (MAX_JOURNAL)
        self._rng_noted = False  # the generator's state is in the journal since the decision (or try) began
        self._steps: list = []  # per move: a journal mark, or the Pending it answered
        self._moves: list[Move] = []
        self.log: list[tuple[int, str]] = []
        self._log_chars = 0  # the characters of all its lines (a game's log is bounded, MAX_LOG_CHARS)
        self.log_readers: list = []  # per log line: the seats that read it, None for everyone
        # in a move that reveals nothing: its mover's seat, who alone reads its log
        self._silent_by: Optional[frozenset] = None
        # per move applied, when some moves tell the others less than they may see (game.hides_moves): what
        # the seats were told of it (see _told_of), else None
        self._told: list = []
        self.pending: Optional[Pending] = None
        self.over = False
        self.result: Optional[tuple] = None  # (winners, draw, notes, tied) once over
        self.phase: Optional[int] = 0 if game.phases else None
        self.turn = 1
        self._version = 0
        self._cache_version = -1
        self._cache: Optional[list] = None
        self._depth = 0
        self._budget = MAX_LOOP_STEPS
        self._choices: list[int] = []
        self._suspended = None  # the move waiting at the pending choice (a generator), to go on from there
        self._ci = 0
        self._next = None
        self._setting_up = False  # the setup is running
        self._touching: dict = {}
        self._ending: Optional[tuple] = None  # (how, who) once the rules end the game
        self._end_reason: Optional[str] = None
        self._const_values: dict = {}  # constants made of a grid's spaces, worked out when first used
        self._trying = any(a.ensures for a in game.actions)  # some moves are legal only by what they do
        # each position met at the start of a turn, and how often: only when the rules read `repetitions`
        self.positions: Optional[dict] = {} if game.tracks_positions else None
        self.move_memo: list[dict] = [{} for _ in game.actions]  # moves kept to be handed out again
        # the shuffles and random picks so far, and what the players brought: a search must not read their
        # outcomes (see chance.py); each is labelled by the move it happened in (-1: the setup)
        self.chance: list[ChanceEvent] = []
        self._chance_move = -1
        self._chance_count = 0
        # the draws of the run in progress, forced where `chance` says (see chance.Script)
        self._script = Script(chance or ())
        self.last_draws: list = []  # the outcomes of each draw the last apply made anew
        self._step_draws: list = []  # per move applied: the outcome taken by each draw it made anew
        # what the rules put in places some players cannot see (see runtime.Write and knowledge.py)
        self.writes: list[Write] = []
        self._by_phase = game.open_actions
        self._listers = {ph: ([self._lister(a) for a in regular], [self._lister(a) for a in fallback])
                         for ph, (regular, fallback) in game.open_actions.items()}
        self._draw_cache = None  # (version, player to move, candidates, their number) of sampling.py
        # what listing the moves worked out once for every action (listed_of), and the position it holds for:
        # (the journal's length, the version); an undo of any change forgets it
        self._listed: dict = {}
        self._listed_at: tuple = ()
        # (action, its lister) of each regular action, by phase, for drawing a random move (sampling.py): only
        # in phases where some action's moves can be drawn without listing them
        self._draw_plans = {ph: tuple(zip(regular, self._listers[ph][0]))
                            for ph, (regular, _) in game.open_actions.items()
                            if any(a.sampler is not None for a in regular)}
        # the phases whose fallback actions are quickly looked through (one parameter or none): has_moves asks them
        # first
        self._fallback_first = {ph for ph, (_, fallback) in game.open_actions.items()
                                if fallback and all(len(a.params) <= 1 and not a.ensures for a in fallback)}
        self._after_move = game.after_move_rules
        self._turn_start_rules = game.turn_start_rules
        self._build_players()
        self._build_boards()
        # the moves of an action over a grid's spaces, by the space's index
        self.board_moves: list = [self._space_moves(a) if a.over_board else None for a in game.actions]
        self.kept_listings: dict = {}  # an action's answers kept from move to move (engine/build/kept_listing.py)
        self._build_player_boards()
        # the areas, whose lists of spaces in play (Board.occupied) an undo makes again
        self._areas = [b for b in [*self.boards.values(), *(b for p in self.players for b in p.boards.values())]
                       if b.area]
        for board in self._areas:
            board.spender = self
        self._build_zones()
        self._build_pieces()
        self.turn_player = self.players[0]
        self.vars: dict = {}
        self.last_options: tuple = ()  # the values the last `x = random(C)` drew from
        self._inputs = inputs or {}
        self._forced_start = tuple(chance or ())  # the outcomes the start's draws are forced to (chance.Script)
        self._begin()

    # ------------------------------------------------------------ construction
    def _begin(self):
        """Everything that starts a game once its boards, zones and pieces are made: the variables, the
        first player, what the players brought, the setup and the first turn's start; all through the journal,
        so that `restart` can take a start that drew random numbers back and make it again with other ones."""
        self._starting = True
        self._start_drew = False
        self._chance_move, self._chance_count = -1, 0
        self._script = Script(self._forced_start)
        for v in self.game.vars:
            for p in (self.players if v.per_player else [None]):
                self.set_var(p.vars if p is not None else self.vars, v.name, self._start_value(v, p))
        if self.game.first_random:
            self.set_attr(self, "turn_player", self.pick_at_random(self.players))
        self._take_inputs(self._inputs)
        self._start()
        self._starting = False
        self.setup_draws = list(self._script.sizes)  # the outcomes of each draw the start made
        self.setup_drawn = tuple(self._script.used)  # and the outcome each took
        self._told_start = (self.to_move, self.turn_player.index)  # whose turn every seat is told at the start
        if not self._start_drew:
            # the start is the same for every seed: it is the floor of undo, and restart keeps it
            self._journal.clear()
            self._journal_weight = 0
            self.forget_listings()

    def restart(self, seed):
        """Start this state again as a new game (the same game, players, options and inputs) with another
        seed: the position `new_state(seed=seed, ...)` would have, made from this one instead of anew."""
        self._drop_suspended()
        self._rollback(0, restore_rng=False)  # the moves, and a start that drew random numbers
        self._steps.clear()
        self._moves.clear()
        self._step_draws.clear()
        self._told.clear()
        self.last_draws = []
        self.pending = None
        self._version += 1
        self.seed = seed
        self._rng = None  # (most games draw nothing once started: seeding a generator is a tenth of a playout)
        self._forced_start = ()
        if self._start_drew:
            self._begin()

    def _start_value(self, v, p):
        """A variable's start value; a private or secret one's is recorded as a Write when the rules file does
        not give it outright (drawn at random, or worked out)."""
        if v.visibility == "public":
            return v.init(self)
        slot = ("var", p.index if p is not None else None, v.name)
        if v.draw is not None:
            xs = items_of(v.draw(self))
            value = self.pick_at_random(xs, slot) if xs else None
            self.note_write(Write(slot, tuple(xs)))
            return value
        value = v.init(self)
        if not v.known_start:
            self.note_write(Write(slot, None))
        return value

    def _start(self):
        """Run the setup and the first turn's start."""
        try:
            self._next = None
            self._setting_up = True  # (`next P` makes P the first player at once: see pass_turn_to)
            try:
                self._run_rules(self.game.setup)
            finally:
                self._setting_up = False
            if self._ending is None:
                self._turn_begins()
            if self._ending is None and not self.legal_moves():
                self._stuck()
            if self._ending is not None:
                self._conclude()
        except RecursionError:
            raise RuleError("the setup calls a rule that calls itself without end") from None
        except _WRONG_KIND as err:
            raise RuleError.wrong_kind("the setup used a value of the wrong kind", err) from None

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
                    p.zones[z.name] = Zone(z.name, p, z.visibility, z.capacity, z.size_hidden)
            else:
                self.zones[z.name] = Zone(z.name, None, z.visibility, z.capacity, z.size_hidden)

    def _build_pieces(self):
        """The pieces of the game's tables, where the tables put them."""
        self.kind_pieces: dict[str, list] = {k: [] for k in self.game.kinds}
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
        problems = _Problems()
        with limited_suggestions(MAX_INPUT_SUGGESTION_WORK):
            for zone, by_seat in inputs.items():
                if zone not in declared:
                    problems.add(f"{self.game.title} takes no '{quoted_short(zone)}' from the players"
                                 + (f" (it takes: {', '.join(declared)})" if declared else ""))
                    continue
                count, kind, source = declared[zone]
                for seat, lines in by_seat.items():
                    self._take_input(zone, count, kind, source, self.players[seat], lines, problems)
        if problems.count:
            raise InputError(problems.told, problems.count - len(problems.told))

    def _take_input(self, zone, count, kind, source, player, lines, problems):
        chosen: list = []
        where: dict = {}
        found = problems.count
        pool = [p for p in player.zones[source].pieces if p.kind.name == kind]

        def key(text):
            return " ".join(str(text).replace("-", " ").replace("_", " ").lower().split())
        keys = pool[0].kind.shown if pool else ()
        index: dict = {}
        for p in pool:
            for k in keys:
                index.setdefault(key(p.attrs.get(k)), []).append(p)
        said = f"{player.name}'s {zone}"
        names: list = []  # the names of the pool, gathered for the first problem that suggests one

        def unknown(lineno, text):
            if not names:
                names.extend(str(p.attrs.get(k)) for p in pool for k in keys if isinstance(p.attrs.get(k), str))
            return (f"{said}, line {lineno}: there is no {kind} '{quoted_short(text)}' in the {source}"
                    f"{did_you_mean(str(text), names)}")
        # each name's pieces, and whether they differ (a name that could be any of them), worked out once: a
        # hand may name one card thousands of times
        by_name: dict = {}
        taken: dict = {}  # a name's key -> how many of its pieces (in order) lines before took
        for lineno, text in lines:
            k = key(text)
            if k not in index:
                problems.add(partial(unknown, lineno, text))
                continue
            if k not in by_name:
                pieces = list({id(p): p for p in index[k]}.values())
                by_name[k] = (pieces, len({tuple(sorted(p.attrs.items(), key=str)) for p in pieces}) > 1)
            matches, ambiguous = by_name[k]
            if ambiguous:
                problems.add(f"{said}, line {lineno}: '{quoted_short(text)}' could be any of {len(matches)} {kind}s; "
                             f"name one exactly")
                continue
            first_free = taken.get(k, 0)
            while first_free < len(matches) and id(matches[first_free]) in where:
                first_free += 1
            taken[k] = first_free
            if first_free == len(matches):
                problems.add(f"{said}, line {lineno}: '{quoted_short(text)}' is already in the {zone} "
                             f"(line {where[id(matches[0])]}); a {zone} holds each {kind} once")
                continue
            piece = matches[first_free]
            where[id(piece)] = lineno
            chosen.append(piece)
        self._note_chance("brought", pool)  # the others cannot tell which pieces were chosen
        if problems.count == found and len(chosen) != count:
            problems.add(f"{said} has {len(chosen)} {kind}s, and it must have {count}")
        if problems.count == found:
            for piece in chosen:
                self.move_piece(piece, player.zones[zone], None)

    def _build_boards(self):
        self.boards: dict = {}
        self.spaces: list = []
        self.plane: dict = {}
        used = set()
        layout = Layout(self.game.boards)
        for bi, spec in enumerate(self.game.boards):
            if spec.per_player:
                continue
            name = spec.name
            board = Board(name, *board_size(spec), bi, area=spec.area, shape=spec.shape,
                          visibility=spec.visibility)
            self.boards[name] = board
            names = sites(spec, self.game.boards, bi, layout)
            clash = any(label in used for _, _, label, _, _ in names)
            for x, y, label, px, py in names:
                if clash:
                    label = f"{name}.{label}"
                used.add(label)
                s = (AreaSpace if board.area else Space)(board, x, y, label, px, py, len(self.spaces))
                board.spaces.append(s)
                board.by_xy[(x, y)] = s
                self.spaces.append(s)
                self.plane[(px, py)] = s
            connect(board, spec)
        for spec in self.game.boards:
            if spec.of is not None:
                self.boards[spec.name].of = self.boards[spec.of]
        self.space_by_name = {s.name: s for s in self.spaces}
        self.grid_spaces = {name: b.in_play() for name, b in self.boards.items() if not b.area}
        self.plane_bound = max((max(abs(x), abs(y)) for x, y in self.plane), default=0) + 1

    def _space_moves(self, act):
        moves: list = [None] * len(self.spaces)
        for s in self.grid_spaces[act.over_board]:
            moves[s.index] = Move(act, (s,))
        return moves

    def _build_player_boards(self):
        """Each player's own boards: a grid of its own, or an area that grows as pieces are put on it."""
        for bi, spec in enumerate(self.game.boards):
            if not spec.per_player:
                continue
            for p in self.players:
                board = Board(spec.name, spec.width, spec.height, bi, area=spec.area, owner=p,
                              visibility=spec.visibility)
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

    @property
    def rng(self) -> random.Random:
        """The game's generator, `random.Random(seed)`: made when first drawn from, in the state a generator made
        at the start would have then (nothing has drawn from it before)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    # ------------------------------------------------------------ journalled changes
    def _new_piece(self, kind, attrs_, owner, up, dest):
        p = Piece(self.game.kinds[kind], attrs_, owner, up, dest, self._next_id)
        self._next_id += 1
        if not dest.pieces and dest.in_area:
            dest.board.occupied = None
        dest.pieces.append(p)
        self.kind_pieces[kind].append(p)
        return p

    def create_piece(self, kind, attrs_, owner, up, dest):
        if dest is None:
            raise RuleError("a piece was placed on none")
        if self._next_id >= MAX_PIECES:
            raise RuleError(f"a game has at most {MAX_PIECES} pieces")
        if dest.capacity is not None:
            self._check_capacity(dest, None)
        p = Piece(self.game.kinds[kind], attrs_, owner, up, dest, self._next_id)
        self._next_id += 1
        pieces = dest.pieces
        if not pieces and dest.in_area:  # (a space of an area fills: the area's spaces in play change)
            dest.board.occupied = None
        pieces.append(p)
        self.kind_pieces[kind].append(p)
        self._journal.append((CREATE, p))
        return p

    def _check_capacity(self, dest, where):
        cap = dest.capacity
        if cap is not None and len(dest.pieces) >= cap:
            raise RuleError(f"zone '{dest.name}' is full ({cap})", where)

    def move_piece(self, p, dest, where):
        old = p.loc
        if old is dest:
            return
        if dest.capacity is not None:
            self._check_capacity(dest, where)
        if old is not None:
            pieces = old.pieces
            # most moves take the top piece
            idx = len(pieces) - 1 if pieces[-1] is p else pieces.index(p)
            del pieces[idx]
            if not pieces and old.in_area:
                old.board.occupied = None
        else:
            idx = -1
        pieces = dest.pieces
        if not pieces and dest.in_area:
            dest.board.occupied = None
        pieces.append(p)
        p.loc = dest
        self._journal.append((MOVE, p, old, idx))

    def remove_all(self, v):
        """`remove` of a list of pieces, or of what a place holds: each goes to the box, in order. All that one
        place holds (`remove Z.pieces`) goes in one step, undone as one."""
        box = self.box
        if v.__class__ is Piece:
            self.move_piece(v, box, None)
            return
        pieces = v if isinstance(v, list) else v.pieces
        if not pieces:
            return
        self.spend(len(pieces), None)  # (each piece removed is a step, as each moved)
        place = pieces[0].loc
        if place is None or place.pieces is not pieces or place is box:
            for p in list(pieces):
                self.move_piece(p, box, None)
            return
        moved = pieces[:]
        pieces.clear()  # (the place's own list: what holds it sees it empty, as after the moves one by one)
        if place.in_area:
            place.board.occupied = None
        box.pieces.extend(moved)
        for p in moved:
            p.loc = box
        self._journal.append((EMPTIED, place, moved, box))
        self._journal_weight += len(moved)

    def space_at(self, board, x, y):
        """The space at (x, y) of a board, or None; an area makes it on first use (an empty space changes
        nothing, but undo takes it back, so that the spaces of an area are always in the order of a game
        played straight from its start)."""
        s = board.by_xy.get((x, y))
        if s is None and board.area:
            s = board.grow(x, y)
            self._journal.append((SPACE, board, s))
        return s

    def set_attr(self, obj, name, value):
        self._journal.append((ATTR, obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def set_face(self, piece, up):
        """`move P to X face up` (or down): the face the piece arrives with, just after the move (journalled as a
        change of `up` that goes with the move: the piece never lay in X with its old face: see _shown_to_all)."""
        self._journal.append((ATTR, piece, "up", piece.up, True))
        piece.up = up

    def set_var(self, d, key, value):
        old = d.get(key, _ABSENT)
        if old.__class__ is list:  # (what the journal holds is counted: a game cannot fill memory with old lists)
            heft = self._heft(old)
            self._journal_weight += heft
            self._journal.append((ITEM_HEAVY, d, key, old, heft))
            self._check_journal()
        else:
            self._journal.append((ITEM, d, key, old))
        d[key] = value

    def _heft(self, value):
        """The items a list holds at every depth, each a step (a list may hold one long list many times)."""
        total, todo = 0, [value]
        while todo:
            items = todo.pop()
            total += len(items)
            self.spend(len(items), None)
            todo.extend(x for x in items if x.__class__ is list)
        return total

    def _check_journal(self):
        if len(self._journal) + self._journal_weight > MAX_JOURNAL:
            raise RuleError(f"a game keeps at most {MAX_JOURNAL} changes to undo (each item of an old list counted)")

    def set_piece_value(self, piece, name, value, options=None):
        """Give a piece's mutable attribute a value (`options`: the values it was drawn from at random)."""
        self._journal.append((PIECE_VALUE, piece, name, piece.attrs.get(name)))
        piece.attrs[name] = value
        piece.named = piece.kept = None
        loc = piece.loc
        self.note_write(Write(("attr", piece, name), options, loc, piece.up, piece.owner, piece.covered))

    def note_write(self, write):
        """Record that the rules gave a value to a place some players cannot see (runtime.Write)."""
        if not self.records:
            return
        if write.options is not None and self.chance:
            write.label = self.chance[-1].label  # the pick just made
        self.writes.append(write)
        self._journal.append((ADDED, self.writes))

    def shuffle(self, items):
        """Shuffle a list of pieces in place: a Fisher-Yates shuffle, one draw a step (the generator's own
        shuffle, draw for draw), each draw forced where the run's script says."""
        self.spend(len(items), None)  # (a step a piece: shuffles in a loop would fill the journal unseen)
        seen = self._seen(items) if self.records else ()
        script = self._script
        first = len(script.used)
        self._journal.append((ORDER, items, list(items)))
        self._journal_weight += len(items)
        self._note_draw()
        randbelow = self.rng._randbelow  # type: ignore[attr-defined]  # (the generator's own draw)
        sizes = range(len(items), 1, -1)
        if first >= len(script.steps) and script.beyond is None:  # (no draw forced: the generator's own)
            drawn = [randbelow(n) for n in sizes]
            script.sizes.extend(sizes)
            script.used.extend(drawn)
        else:
            take = script.take
            drawn = [take(n, randbelow(n)) for n in sizes]
        order = list(range(len(items)))
        for n, j in zip(sizes, drawn):
            i = n - 1
            items[i], items[j] = items[j], items[i]
            order[i], order[j] = order[j], order[i]
        self._note_chance(ChanceEvent("shuffle", self._next_label(), seen, outcome=tuple(order),
                                      draws=(first, len(script.used) - first)) if self.records else "shuffle")

    def randrange(self, n):
        self._note_draw()
        return self._script.take(n, self.rng.randrange(n))

    def _note_draw(self):
        """Before a random number is drawn: the generator's state, for undo; the start needs none (restart
        seeds it afresh), only to know that it drew."""
        if self._starting:
            self._start_drew = True
        elif not self._rng_noted:
            # (once a decision or a try: undo goes back to where one began, and the first state after it is the
            # one it finds; a state noted at every draw filled gigabytes in a loop of draws)
            self._rng_noted = True
            self._journal.append((RNG, self.rng.getstate()))

    def pick_at_random(self, items, into=None):
        """An item of a list picked at random (the rules' `random`); `into` says where the rules put it, when
        that is a place some players cannot see (see ChanceEvent)."""
        if not self.records:
            i = self.randrange(len(items))
            self._chance_count += 1  # (the labels of chance events are the same either way)
            return items[i]
        seen = self._seen([x for x in items if isinstance(x, Piece)])
        first = len(self._script.used)
        i = self.randrange(len(items))
        self._note_chance(ChanceEvent("pick", self._next_label(), seen, options=tuple(items), outcome=i,
                                      draws=(first, 1), into=into))
        return items[i]

    @staticmethod
    def _seen(pieces):
        return tuple((p, p.loc, p.up, p.owner, p.kind.covered_hidden and p.covered) for p in pieces)

    def _next_label(self):
        self._chance_count += 1
        return (self._chance_move, self._chance_count)

    def _note_chance(self, event_or_kind, pieces=()):
        if not self.records:
            if not isinstance(event_or_kind, ChanceEvent):
                self._chance_count += 1
            return
        event = event_or_kind if isinstance(event_or_kind, ChanceEvent) else \
            ChanceEvent(event_or_kind, self._next_label(), self._seen(pieces))
        self.chance.append(event)
        self._journal.append((ADDED, self.chance))

    def forget_unseen(self):
        """A position arranged by hand (engine/run/arrange.py) is a new start, which each seat knows as far as it
        sees it: to a seat, a piece it cannot see there could be any of the pieces it cannot see, whatever the
        rules file or the setup made of them (a hand written out is not the hand the tables dealt). Noted as a
        chance event of every piece as it lies (`arranged`), which knowledge.py reads as it reads a shuffle's."""
        self._note_chance("arranged", [p for ps in self.kind_pieces.values() for p in ps])

    def reseed(self, seed):
        """Draw the random numbers still to come from `seed` instead: a search samples chance afresh rather
        than read the game's future. The draws already made in the move in progress stay as they were. Not
        journalled: for a copy that a search works on (a copy runs a move waiting at a choice again from its
        start: see __getstate__)."""
        self._drop_suspended()
        start = None
        if self.pending is not None:  # the move is run again from its start at each choice: keep its draws
            start = next((op[1] for op in self._journal[self.pending.mark:] if op[0] == RNG), None)
        self.rng = fork_random(self.rng, start, seed)

    def assume(self, identities):
        """Give pieces other attribute values, [(piece, attrs)], as a search imagines what it cannot see (their
        mutable attributes keep their values: they belong to where the piece is, not to which piece it is).
        Not journalled: for a copy that a search works on."""
        for piece, values in identities:
            mutable = piece.kind.mutable
            piece.attrs = {**values, **{k: piece.attrs[k] for k in mutable if k in piece.attrs}} if mutable \
                else values
            piece.kept = None
        self.forget_listings()
        self._version += 1

    def assume_places(self, places, left_out=()):
        """Put pieces in other places, [(place, its pieces bottom first)], every place named holding just those
        (the pieces `left_out` nowhere), as a search imagines what it cannot see (where the others' marks lie
        on a board it may not look at). Not journalled: for a copy that a search works on."""
        for place, _ in places:
            place.pieces = []
            if place.in_area:
                place.board.occupied = None
        for p in left_out:
            p.loc = None
        for place, pieces in places:
            place.pieces = list(pieces)
            for p in pieces:
                p.loc = place
        self.forget_listings()
        self._version += 1

    def assume_values(self, values):
        """Give places some players cannot see other values, [(slot, value)] (runtime.Write's slots), as a
        search imagines them. Not journalled: for a copy that a search works on."""
        for (what, owner, name), value in values:
            if what == "attr":
                owner.attrs[name] = value
                owner.named = owner.kept = None
            elif owner is None:
                self.vars[name] = value
            else:
                self.players[owner].vars[name] = value
        self.forget_listings()
        self._version += 1

    def add_log(self, text, to=None):
        """A line of the log, read by everyone, or by the players `to` (`log to p`: a player or a list of
        them); in a move that reveals nothing, by its mover alone."""
        self.spend(len(text), None)
        if self._log_chars + len(text) > MAX_LOG_CHARS:
            raise RuleError(f"a game's log holds at most {MAX_LOG_CHARS} characters")
        if not self.records and not self.over:
            # a state without records (random movers: nobody reads it) keeps no line while the game goes on, but
            # works it out and counts it: a text that fails, or a log past its bound, is the same error in every
            # command (at its end it keeps them, for the notes of the outcome)
            self.set_attr(self, "_log_chars", self._log_chars + len(text))
            return
        self._log_chars += len(text)
        self.log.append((self.turn_player.index, text))
        self._journal.append((ADDED, self.log))
        readers: Optional[frozenset]
        if to is not None:
            readers = frozenset(p.index for p in (to if isinstance(to, list) else [to]) if p is not None)
        else:
            readers = self._silent_by
        self.log_readers.append(readers)
        self._journal.append((ADDED, self.log_readers))

    def log_for(self, seat):
        """The log lines `seat` may read: (the seat whose turn it was, the text)."""
        return [line for line, readers in zip(self.log, self.log_readers) if readers is None or seat in readers]

    def tick(self, where):
        self._budget -= 1
        if self._budget < 0:
            raise RuleError(f"a rule ran more than {MAX_LOOP_STEPS} steps in one move", where)

    def walk(self, items, where):
        """`items`, each counted as a loop step against the move's budget (a comprehension's domain)."""
        self._budget -= len(items)
        if self._budget < 0:
            raise RuleError(f"a rule ran more than {MAX_LOOP_STEPS} steps in one move", where)
        return items

    def spend(self, steps, where):
        """Count `steps` loop steps against the move's budget (a comprehension's items, say)."""
        self._budget -= steps
        if self._budget < 0:
            raise RuleError(f"a rule ran more than {MAX_LOOP_STEPS} steps in one move", where)

    @staticmethod
    def endless(name, where) -> RuleError:
        """The error of a def or proc that calls itself without end: past MAX_DEPTH calls, or past Python's own
        stack first (a call through nested filters takes several of its frames), where the call caught it."""
        return RuleError(f"'{name}' calls itself without end", where)

    def enter_call(self, name, where):
        """A proc (or a def that can reach itself) is called: calls nest at most MAX_DEPTH deep, and each is a step
        (procs that call others twice would otherwise double their work unseen, level after level)."""
        if self._depth >= MAX_DEPTH:
            raise self.endless(name, where)
        self._depth += 1
        self._budget -= 1
        if self._budget < 0:
            raise RuleError(f"a rule ran more than {MAX_LOOP_STEPS} steps in one move", where)

    def leave_call(self):
        self._depth -= 1

    def pass_turn_to(self, player):
        """`again` and `next P`: who takes the next turn (when the move is over). In the setup, `next P` makes P
        the first player at once: the rest of the setup reads P as the mover, and `players` from P."""
        if self._setting_up:
            if player is not None:
                self.set_attr(self, "turn_player", player)
            return
        self._next = player

    def enter_phase(self, index):
        self.set_attr(self, "phase", index)

    def forget_listings(self):
        """Forget the listings kept from move to move: the pieces changed without the journal (a position
        arranged and settled, a search's imagined places)."""
        self.kept_listings.clear()

    def follow_stuck_rule(self) -> bool:
        """In a position arranged by hand: when the player to move has no legal move, follow the `when stuck`
        rule as the start of a turn does (they lose, the game ends, or they pass). Whether anything happened."""
        if self.over or self.pending is not None or self._ending is not None or self.legal_moves():
            return False
        self._stuck()
        if self._ending is not None:
            self._conclude()
        self._version += 1
        return True

    def settle(self):
        """Make the position as it is now the start: nothing before it can be undone, and `restart` comes back
        here (for arranged positions in tests and examples)."""
        self._drop_suspended()
        self._journal.clear()
        self._journal_weight = 0
        self.forget_listings()
        self._start_drew = False
        self._steps.clear()
        self._moves.clear()
        self._step_draws.clear()
        self._told.clear()
        self._told_start = (self.to_move, self.turn_player.index)
        self.pending = None
        self._version += 1

    def _rollback(self, mark, restore_rng=True):
        self._listed_at = ()
        j = self._journal
        ops = j[mark:]
        del j[mark:]  # (taken off the journal first, as each was when popped one by one)
        for op in reversed(ops):  # (the commonest changes first)
            code = op[0]
            if code == MOVE:
                _, p, old, idx = op
                p.loc.pieces.pop()
                if old is not None:
                    old.pieces.insert(idx, p)
                p.loc = old
            elif code == CREATE:
                p = op[1]
                p.loc.pieces.pop()
                self.kind_pieces[p.kind.name].pop()
                self._next_id -= 1
            elif code == TURN:
                self.turn_player, self.turn = op[1], op[2]
            elif code == ATTR:
                setattr(op[1], op[2], op[3])
            elif code == ITEM:
                if op[3] is _ABSENT:
                    del op[1][op[2]]
                else:
                    op[1][op[2]] = op[3]
            elif code == ADDED:
                line = op[1].pop()
                if op[1] is self.log:
                    self._log_chars -= len(line[1])
            elif code == RNG:
                if restore_rng:
                    self.rng.setstate(op[1])
            else:
                self._undo_rare(op)
        for board in self._areas:
            board.occupied = None

    def _undo_rare(self, op):
        code = op[0]
        if code == ITEM_HEAVY:
            op[1][op[2]] = op[3]
            self._journal_weight -= op[4]
        elif code == ORDER:
            op[1][:] = op[2]
            self._journal_weight -= len(op[2])
        elif code == SPACE:
            op[1].shrink(op[2])
        elif code == PIECE_VALUE:
            op[1].attrs[op[2]] = op[3]
            op[1].named = op[1].kept = None
        elif code == EMPTIED:
            _, place, moved, box = op
            del box.pieces[len(box.pieces) - len(moved):]
            self._journal_weight -= len(moved)
            place.pieces[:] = moved
            for p in moved:
                p.loc = place

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
    @staticmethod
    def choice_options(options):
        """The options of a choice, those a player cannot tell apart (two identical tokens, say) made one."""
        if len(options) > 1:
            seen: dict = {}
            for v in options:
                seen.setdefault(value_text(v), v)
            options = list(seen.values())
        return options

    # ------------------------------------------------------------ simultaneous steps (`at once`)
    @staticmethod
    def joint_asks(parts):
        """Does anyone of an `at once` have a choice to make (more than one option)?"""
        return any(len(options) > 1 for _, options, _ in parts)

    @staticmethod
    def joint_request(parts, secret, detail):
        """What an `at once` yields: the players with a choice to make, asked together; one alone is asked an
        ordinary choice (their answer is then one index, not one per player)."""
        asked = tuple(part for part in parts if len(part[1]) > 1)
        if len(asked) == 1:
            who, options, prompt = asked[0]
            return who, options, prompt, secret, detail
        return JOINT, asked, "", secret, detail

    @staticmethod
    def joint_answers(parts, answers):
        """(player, the value they chose) for each player of an `at once`, in order, from the indices answered."""
        given = iter(() if answers is None else (answers,) if isinstance(answers, int) else answers)
        return [(who, options[next(given)] if len(options) > 1 else options[0]) for who, options, _ in parts]

    @property
    def simultaneous(self):
        """Is the decision to make now a simultaneous one (`at once`: several players answer together)?"""
        return self.pending is not None and bool(self.pending.joint)

    @property
    def deciders(self):
        """The seats that decide now: every player asked at a simultaneous step, else the one to move; () at
        the end."""
        if self.over:
            return ()
        if self.pending is not None and self.pending.joint:
            return tuple(player.index for player, _, _ in self.pending.joint)
        return (self.to_move,)

    def moves_for(self, seat):
        """The moves `seat` chooses among now: at a simultaneous step, its own answers (give them to
        `joint_move`); else the legal moves when it is to move, [] when it is not."""
        p = self.pending
        if p is not None and p.joint:
            for player, options, _ in p.joint:
                if player.index == seat:
                    return [Move(_PART, (seat, i), value_text(v)) for i, v in enumerate(options)]
            return []
        return self.legal_moves() if not self.over and seat == self.to_move else []

    def prompt_for(self, seat):
        """What `seat` is asked now, in the middle of a move (None when it is asked nothing)."""
        p = self.pending
        if p is None:
            return None
        if p.joint:
            return next((prompt for player, _, prompt in p.joint if player.index == seat), None)
        return p.prompt if p.chooser.index == seat else None

    def joint_move(self, parts):
        """The legal move made of each decider's answer at a simultaneous step: `parts` maps each seat of
        `deciders` to one of its `moves_for(seat)` (or its index among them)."""
        p = self.pending
        if p is None or not p.joint:
            raise IllegalMove("no simultaneous decision is being made now")
        index = []
        for player, options, _ in p.joint:
            part = parts.get(player.index)
            if part is None:
                raise IllegalMove(f"{player.name} has not answered yet")
            i = part.args[1] if isinstance(part, Move) else int(part)
            if not 0 <= i < len(options):
                raise IllegalMove(f"{player.name} has no answer number {i}")
            index.append(i)
        return self._joint(p, tuple(index))

    def parse_part(self, seat, text):
        """`seat`'s answer at a simultaneous step from its text (IllegalMove when it is not one of them)."""
        text = " ".join(text.split())
        moves = self.moves_for(seat)
        for m in moves:
            if m.text == text:
                return m
        raise IllegalMove(f"'{text}' is not an answer here: {', '.join(m.text for m in moves)}")

    @staticmethod
    def _joint(p, index):
        parts = []
        for (player, options, _), i in zip(p.joint, index):
            v = options[i]
            masked = None
            if p.secret:  # the others learn only that a choice was made
                masked = (f"({player.name} chose)", {player.index})
            elif isinstance(v, Piece) and v.loc is not None and not v.loc.is_space and v.loc.visibility != "public":
                zone = v.loc
                masked = (v.kind.name, {zone.owner.index} if zone.visibility == "private" and zone.owner is not None
                          else set())
            parts.append((player.index, player.name, value_text(v), masked))
        return JointMove((index,), parts)

    def choose(self, who, options, prompt, secret=False, detail=None):
        options = self.choice_options(options)
        # (one value is taken without asking; but a secret choice is always asked: whether there was a choice
        # to make may say what the chooser alone knows, a hidden card that allows one thing or two)
        if len(options) == 1 and not secret:
            return options[0]
        if self._ci < len(self._choices):
            i = self._choices[self._ci]
            self._ci += 1
            return options[i]
        raise NeedChoice(who if who is not None else self.turn_player, options, prompt, secret, detail)

    # ------------------------------------------------------------ moves
    def legal_moves(self):
        if self._cache_version == self._version:
            return self._cache
        moves: list = []
        if self.over:
            pass
        elif self.pending is not None:
            moves = self._choice_moves(self.pending, self.records)
        else:
            moves = self._list_moves()
        self._cache_version = self._version
        self._cache = moves
        return moves

    # whether there is a legal move at all (see sampling.py)
    has_moves = has_moves

    def random_move(self, rng):
        """A uniformly random legal move drawn with `rng`, without listing them all where the rules allow (see
        sampling.py); IndexError when there is none."""
        return random_move(self, rng) if self._draw_plans else draw_listed(self, rng)

    def listed_of(self, kind, owner):
        """`KIND of OWNER` while moves are listed: the pieces of a kind in play with this owner, worked out once
        for all the actions listed (nothing changes while they are: every listing starts afresh)."""
        at = (len(self._journal), self._version)
        if self._listed_at != at:  # (a change since: the moves of another position are listed)
            self._listed, self._listed_at = {}, at
        key = (kind, owner)
        pieces = self._listed.get(key)
        if pieces is None:
            box = self.box
            pieces = self._listed[key] = [p for p in self.kind_pieces[kind] if p.owner is owner and p.loc is not box]
        return pieces

    def _list_moves(self):
        """The legal moves of the actions open now; listing them has a budget of its own."""
        moves: list[Move] = []
        self._listed_at = ()  # (a position arranged by hand changes nothing the journal sees)
        self._budget = MAX_LOOP_STEPS
        regular, fallback = self._listers[self.phase]
        try:
            for gen in regular:
                gen(self, moves)
            if not moves:
                for gen in fallback:
                    gen(self, moves)
        except RecursionError:
            raise RuleError("a rule calls itself without end") from None
        except _WRONG_KIND as err:
            raise RuleError.wrong_kind("a rule used a value of the wrong kind while listing the moves", err) from None
        if len(moves) > MAX_LEGAL_MOVES:
            raise RuleError(f"there are more than {MAX_LEGAL_MOVES} legal moves at once")
        if self._trying:
            moves = [m for m in moves if not m.action.ensures or self.unmet(m) is None]
            if not moves and fallback and any(a.ensures for a in self.game.actions):
                for gen in fallback:
                    gen(self, moves)
                moves = [m for m in moves if not m.action.ensures or self.unmet(m) is None]
        return moves

    def unmet(self, move, then=None):
        """Try a move's effect (not the triggers after it) and take it back: the index of the first `ensure` of
        its action that fails, or None. `then(index, words)` is called on the state the move left, before it is
        taken back, with the function that gives the author's words for it (None without): to explain it."""
        mark = len(self._journal)
        # (the steps it takes are spent from the budget of what asks, the listing of the moves say: trying
        # many moves cannot run away)
        saved = (self._choices, self._ci, self._chance_move, self._chance_count, self._next, self._depth,
                 self._rng_noted)
        self._choices, self._ci, self._next, self._rng_noted = _NO_CHOICES, 0, None, False
        try:
            move.action.body(self, [*move.args])
            failed = None
        except Unmet as unmet:
            failed = unmet.args[0]
            if then is not None:
                then(failed, unmet.args[1] if len(unmet.args) > 1 else None)
        except GameOver:
            failed = None
        finally:
            self._rollback(mark)
            self._choices, self._ci, self._chance_move, self._chance_count, self._next, self._depth, \
                self._rng_noted = saved
        return failed

    @classmethod
    def _choice_moves(cls, p, named=True):
        """The moves of a pending choice (`named`: with their texts, as the option reads now)."""
        if p.joint:
            count = 1
            for _, options, _ in p.joint:
                count *= len(options)
            if count > MAX_LEGAL_MOVES:
                raise RuleError(f"there are more than {MAX_LEGAL_MOVES} joint answers at once "
                                f"({' x '.join(str(len(o)) for _, o, _ in p.joint)})")
            return [cls._joint(p, index) for index in itertools.product(*(range(len(o)) for _, o, _ in p.joint))]
        if not named:
            return [Move(CHOICE, (i,)) for i in range(len(p.options))]
        moves = [Move(CHOICE, (i,), value_text(v)) for i, v in enumerate(p.options)]
        for m, v in zip(moves, p.options):
            if p.secret:  # the others learn only that a choice was made
                m._masked = (f"({p.chooser.name} chose)", {p.chooser.index})
            elif isinstance(v, Piece) and v.loc is not None and not v.loc.is_space \
                    and v.loc.visibility != "public":  # a card chosen from a hidden hand is just 'card'
                zone = v.loc
                owner = {zone.owner.index} if zone.visibility == "private" and zone.owner is not None else set()
                m._masked = (v.kind.name, owner)
        return moves

    @staticmethod
    def _unique(moves):
        """Moves a player cannot tell apart (the same text: two identical stones from a reserve) are one.
        (Their texts are not kept: a move is named when it is played, in the same position.)"""
        if len(moves) < 2:
            return moves
        # Usually no two moves read the same, and that is quick to tell: when no two different arguments read
        # the same, two moves read the same only if their arguments are equal.
        args = [m.args for m in moves]
        try:
            if len(args[0]) == 1:  # (one parameter: its values are the moves' arguments)
                only = [a for a, in args]
                if len(set(map(value_text, only))) == len(only):
                    return moves
            else:
                values: set = set()
                for i in range(len(args[0])):
                    values.update(map(itemgetter(i), args))
                if len(set(map(value_text, values))) == len(values) and len(set(args)) == len(args):
                    return moves
        except TypeError:  # an argument that cannot be hashed (a list)
            pass
        texts = {i: value_text(a) for i, a in {id(a): a for m in moves for a in m.args}.items()}
        keys = [" ".join([texts[id(a)] for a in m.args]) for m in moves]
        seen: set = set()
        out = []
        for key, m in zip(keys, moves):
            if key not in seen:
                seen.add(key)
                out.append(m)
        return out

    @classmethod
    def _lister(cls, act):
        """The function that adds an action's legal moves to a list: its generator, and for an action whose
        pieces may have twins, one that merges the moves that read the same."""
        if not act.dedupe:
            return act.gen

        def unique(S, moves):
            mine: list = []
            act.gen(S, mine)
            moves.extend(cls._unique(mine))
        return unique

    def apply(self, move, chance=None):
        """Apply a legal move. `chance` forces the outcomes of the draws it makes anew, one by one (see
        chance.outcomes); the draws past it, or all without it, come from the generator."""
        pending = self.pending
        if move._masked is None and move.action.eager_text and self.records:
            move.fix_text()  # a piece's name depends on where it is: fix it before the move changes that
        self._version += 1
        self._rng_noted = False
        told = self._told_of(move, pending) if self._hides_moves else None
        if pending is None:
            mark = len(self._journal)
            drawn: tuple = ()
            steps = tuple(chance) if chance else ()
        else:
            mark = pending.mark
            drawn = pending.drawn
            steps = drawn + tuple(chance) if chance else drawn
        try:
            if pending is None:
                self._steps.append(mark)
                self._run(move, _NO_CHOICES, mark, None, None, steps)
            else:  # the answer to a choice: the move goes on from it
                self._steps.append(pending)
                suspended, self._suspended = self._suspended, None
                if suspended is not None:
                    # the draws before the choice are made; those after it are forced where `chance` says
                    self._script = Script.resumed(steps, pending.drawn, pending.draw_sizes)
                    self._chance_move, self._chance_count = mark, pending.chance_count
                    self._run(pending.move, pending.choices + [move.args[0]], mark, suspended, move.args[0])
                else:  # (a copy of a state: it runs the move again from its start, making the choices again)
                    self._rollback(mark)
                    self._run(pending.move, pending.choices + [move.args[0]], mark, steps=steps)
            if len(self._journal) + self._journal_weight > MAX_JOURNAL:
                self._check_journal()
            script = self._script
            if script.used:
                self.last_draws = script.sizes[len(drawn):]
                self._step_draws.append(tuple(script.used[len(drawn):]))
            else:  # (most moves draw nothing)
                self.last_draws = _NO_DRAWS
                self._step_draws.append(())
        except BaseException as err:
            # whatever went wrong (a rule, memory, an interrupt): the move did not happen, and the state is as
            # it was
            self._steps.pop()
            self._drop_suspended()
            self._rollback(mark)
            if pending is not None:
                self._run(pending.move, pending.choices, mark, steps=pending.drawn)
            self.pending = pending
            self._version += 1
            if isinstance(err, RuleError) and err.where is None:
                # (a builtin that ran out of steps knows no line: the move's rule is named instead)
                raise RuleError(str(err), getattr((move if pending is None else pending.move).action, "where", None)) \
                    from None
            if isinstance(err, RuleError) or not isinstance(err, Exception):
                raise
            where = getattr((move if pending is None else pending.move).action, "where", None)
            if isinstance(err, MemoryError):
                raise RuleError("the move ran out of memory", where) from None
            # (in the rules' words where they are known: never Python's class names nor its messages)
            raise RuleError(f"the move failed: {wrong_kind_words(err) or 'the engine could not carry it out'}",
                            where) from None
        masked = move._masked  # (read in place: apply is the engine's hottest path, and most moves hide nothing)
        if pending is not None or masked is not None and masked[1] is not None:
            self._unmask_shown(move, pending, mark)  # a card played from a hand face up onto the table: all read it
        self._moves.append(move)
        if self._hides_moves:
            self._told.append((told, (self.to_move, self.turn_player.index)))

    def _unmask_shown(self, move, pending, mark):
        """After a move (or the answer to a choice in one, `pending`): the pieces that it hides from some seats and
        that lay face up where all see at some point of it, from journal entry `mark` on, are named to all, in it
        and in the move the answer goes on with."""
        masked = move._masked
        if masked is not None and masked[1] is not None:
            self._unmask(move, pending, mark)
        if pending is not None:
            masked = pending.move._masked
            if masked is not None and masked[1] is not None:
                self._unmask(pending.move, None, mark)

    def _unmask(self, move, pending, mark):
        """A move that names some of its pieces to some seats alone (a card from a hidden hand is `card` to the
        others): each of them that lay face up where every player sees it at some point of the move, from its
        start (journal entry `mark`) to now, is named to everyone. `pending`: the choice a choice move answers.
        The change is journalled: undo takes it back with the move."""
        if move.action is CHOICE:
            if pending is None or pending.secret or pending.joint:  # a secret choice stays `(NAME chose)`
                return
            v = pending.options[move.args[0]]
            if isinstance(v, Piece) and self._shown_to_all((v,), mark):
                self.set_attr(move, "_masked", (move.text, None, None, (), (v,)))
            return
        masked = move._masked
        if len(masked) < 5:
            return
        _, seen_by, words, hidden, shown = masked
        args = move.args
        if len(hidden) == 1:  # (most moves: one card from a hand, often left face up on the table)
            p = args[hidden[0]]
            if _in_the_open(p.loc, p.up, self.box) and not p.covered or self._shown_to_all((p,), mark):
                self.set_attr(move, "_masked", (move.text, None, words, (), shown + (p,)))
            return
        revealed = self._shown_to_all([args[i] for i in hidden], mark)
        if not revealed:
            return
        still = tuple(i for i in hidden if id(args[i]) not in revealed)
        shown = shown + tuple(args[i] for i in hidden if id(args[i]) in revealed)
        if still:
            self.set_attr(move, "_masked", (move.others_text(words, still), seen_by, words, still, shown))
        else:
            self.set_attr(move, "_masked", (move.text, None, words, (), shown))

    def _shown_to_all(self, pieces, mark) -> set:
        """The ids of those of `pieces` that lay face up in a place every player sees (a public zone or board;
        not the box, which nobody looks into), or were turned face up there, at some point since journal entry
        `mark`: now, or between two of the changes since, as the journal tells them walked back from now. A move
        that gives its piece a face (`move c to pile face down`) is one change: the piece arrives so. (A piece
        of a kind hidden when covered counts on a board only as it lies now: what covered it then is not kept.)
        A move and a flip after it (`move c to table`, then `flip c`) are two changes: the piece lay face up between
        them if it was face up when it moved."""
        box = self.box
        where: dict = {}
        out: set = set()
        for p in pieces:
            where[id(p)] = [p.loc, p.up]
            if _in_the_open(p.loc, p.up, box) and not p.covered:
                out.add(id(p))
        journal = self._journal
        k = len(journal)
        while k > mark and len(out) < len(where):
            k -= 1
            op = journal[k]
            code = op[0]
            if code == MOVE:
                was = where.get(id(op[1]))
                if was is None:
                    continue
                was[0] = op[2]
            elif code == ATTR:
                was = where.get(id(op[1]))
                if was is None or op[2] != "up":
                    continue
                was[1] = op[3]
                before = journal[k - 1] if k > mark and len(op) > 4 else None
                if before is not None and before[0] == MOVE and before[1] is op[1]:
                    k -= 1  # (`move ... face up/down`: it arrived with this face)
                    was[0] = before[2]
            elif code == EMPTIED:
                for p in op[2]:
                    was = where.get(id(p))
                    if was is not None:
                        was[0] = op[1]
                        if k > mark and _in_the_open(was[0], was[1], box) and not p.kind.covered_hidden:
                            out.add(id(p))
                continue
            else:
                continue
            # how it lay just before this change, if that was during the move
            if k > mark and _in_the_open(was[0], was[1], box) and not (op[1].kind.covered_hidden and was[0].is_space):
                out.add(id(op[1]))
        return out

    def _told_of(self, move, pending):
        """What the seats are told of a move about to be applied, when it is less than all they may see:
        (the text the others read, None when they learn nothing of it; the seats that read it whole: the one
        who decides it and the one whose move it is part of); None when it is the move as they may see it.
        A space of a board the others cannot see reads as the board's name; the answer to a choice in a move
        that reveals less than all reads `(NAME chose)`."""
        by, mover = self.to_move, self.turn_player.index
        readers = frozenset((by, mover))
        if pending is not None:
            reveals = pending.move.action.reveals
            if reveals is None:
                return None
            if pending.joint:  # a simultaneous step: every player who answered reads it
                readers = readers | {player.index for player, _, _ in pending.joint}
            return (None if reveals == "nothing" else f"({pending.chooser.name} chose)", readers)
        reveals = move.action.reveals
        hidden = {i for i, a in enumerate(move.args) if getattr(a, "is_space", False)
                  and a.board.visibility != "public"}
        if reveals is None and not hidden:
            return None
        if reveals == "nothing":
            return (None, readers)
        if reveals == "action":
            return (move.action.name, readers)
        shown = range(len(move.args)) if reveals is None else reveals
        words = [move.action.name]
        masked = []  # the pieces named by their kind alone: named whole if the move shows them to all
        for i, a in enumerate(move.args):
            if i not in shown:
                words.append("?")
            elif i in hidden:
                words.append(a.board.name)
                if a.board.visibility == "private" and a.board.owner is not None:
                    readers = readers | {a.board.owner.index}
            else:
                word = move_word(a)
                if isinstance(a, Piece) and word != value_text(a):
                    masked.append(i)
                words.append(word)
        return (" ".join(words), readers, words, tuple(masked)) if masked else (" ".join(words), readers)

    def _named(self):
        """Refuse to name the moves of a state that did not name them as they were played (records=False): a
        piece's name depends on where it was then."""
        if not self.records:
            raise ValueError("this state keeps no record of its moves' names (records=False)")

    def move_as_read(self, k, seat):
        """Move k (from 0) as `seat` may read it, or None when it learns nothing of it (a move of another that
        reveals nothing)."""
        self._named()
        told = self._told[k][0] if self._told else None
        if told is None or seat in told[1]:
            return self._moves[k].text_for(seat)
        if len(told) > 2:  # pieces named by their kind: those the move showed to all are named whole
            masked = self._moves[k]._masked
            if masked is not None and len(masked) > 4 and masked[2] is not None:
                words = list(told[2])
                for i in told[3]:
                    if i not in masked[3]:
                        words[i + 1] = masked[2][i + 1]
                return " ".join(words)
        return told[0]

    def told(self, seat):
        """(the seat to move, the seat whose turn it is) as `seat` was last told: a move that reveals nothing
        tells the others nothing, not even that the turn went on; a seat that must decide now knows it."""
        if seat == self.to_move or not self._told:
            return self.to_move, self.turn_player.index
        for told, after in reversed(self._told):
            if told is None or told[0] is not None or seat in told[1]:
                return after
        return self._told_start

    @property
    def played(self):
        """The Move objects applied so far: after undoing them, a copy can apply them again."""
        return list(self._moves)

    @property
    def secret_choice(self):
        """Is the decision to make now a secret one (`choose ... secretly`)?"""
        return self.pending is not None and self.pending.secret

    @property
    def step_starts(self):
        """Per move applied: (the label its chance events carry, the number of its first draw in its move's
        run): a choice in the middle of a move runs the move again from its start, after the draws before
        the choice."""
        return [(step, 0) if isinstance(step, int) else (step.mark, len(step.drawn)) for step in self._steps]

    @property
    def drawn(self):
        """Per move applied, the outcome each of its draws took (the draws it made anew): with `played`, what
        replays the game exactly, or with other outcomes forced (`apply(move, chance=...)`)."""
        return list(self._step_draws)

    @property
    def history(self):
        self._named()
        return [m.text for m in self._moves]

    def const_value(self, name, compute, size):
        """A constant made of the spaces of grids: computed the first time this game uses it."""
        value = self._const_values.get(name, _ABSENT)
        if value is _ABSENT:
            value = self._const_values[name] = compute(self, [None] * size)
        return value

    def repetitions(self) -> int:
        return repetitions(self)

    @property
    def decisions(self) -> int:
        """The decisions made before the one being made now: every move, and every answer to a choice."""
        return len(self._moves)

    def history_for(self, seat):
        """The moves so far as `seat` may read them (a move of another that reveals nothing is not there)."""
        self._named()
        if not self._told:
            return [m.text_for(seat) for m in self._moves]
        return [t for t in (self.move_as_read(k, seat) for k in range(len(self._moves))) if t is not None]

    def undo(self, count=1):
        """Take back the last `count` decisions, exactly, as that many undos one by one would (in one pass over
        the journal: a search taking back a whole playout)."""
        steps = self._steps
        if count != 1:
            if not 0 <= count <= len(steps):
                raise IndexError(f"cannot undo {count} of {len(steps)} decisions")
            if count == 0:
                return
            keep = len(steps) - count
            del steps[keep + 1:], self._moves[keep + 1:], self._step_draws[keep + 1:]
            if self._told:
                del self._told[keep + 1:]
        elif not steps:
            raise IndexError("nothing to undo")
        self._version += 1
        self._drop_suspended()
        step = steps.pop()
        self._moves.pop()
        self._step_draws.pop()
        if self._told:
            self._told.pop()
        if step.__class__ is int:
            self._rollback(step)
            self.pending = None
        else:
            self._rollback(step.mark)
            self._run(step.move, step.choices, step.mark, steps=step.drawn)
            self.pending = step

    def _run(self, move, choices, mark, suspended=None, answer=None, steps=()):
        """Run a move from its start, making `choices` again on the way (its draws forced to `steps`, then from
        the generator); or, given the move suspended at a choice (a generator: see Compiler.body), go on from
        there with `answer`."""
        act = move.action
        if suspended is None:
            self._silent_by = frozenset((self.turn_player.index,)) if act.reveals == "nothing" else None
            self._choices = choices
            self._ci = 0
            self._chance_move, self._chance_count = mark, 0
            self._rng_noted = False  # (a move run again from its start, by undo or a copy, notes it again)
            if steps or self._script.used or self._script.steps:  # (an empty script is kept: most moves draw nothing)
                self._script = Script(steps)
            self._next = None
            self._depth = 0
            self._budget = MAX_LOOP_STEPS
        try:
            if suspended is not None:
                request = self._advance(suspended, answer)
            elif act.chooses:
                suspended = act.body(self, [*move.args])  # an action's frame holds its parameters, in order
                request = self._advance(suspended, None)
                for choice in choices:
                    request = self._advance(suspended, choice)
            else:
                act.body(self, [*move.args])
                request = None
            if request is not None:  # the move waits for a player's choice
                who, options, prompt, secret, detail = request
                if who is JOINT:  # several players at once (options: per player, (player, options, prompt))
                    self.pending = Pending(move, choices, [], options[0][0], "", mark, secret, detail,
                                           *self._drawn_so_far(), joint=options)
                else:
                    self.pending = Pending(move, choices, options, who if who is not None else self.turn_player,
                                           prompt, mark, secret, detail, *self._drawn_so_far())
                self._suspended = suspended
                return
        except NeedChoice as nc:
            self.pending = Pending(move, choices, nc.options, nc.chooser, nc.prompt, mark, nc.secret, nc.detail,
                                   *self._drawn_so_far())
            return
        except GameOver:
            pass  # the move's `after move` triggers still run (they keep the scores), then the game ends
        except RecursionError:
            raise RuleError(f"rule '{act.name}' calls itself without end") from None
        except _WRONG_KIND as err:
            raise RuleError.wrong_kind(f"rule '{act.name}' used a value of the wrong kind", err, act.where) from None
        self.pending = None
        try:
            self._end_turn()
        except _WRONG_KIND as err:
            raise RuleError.wrong_kind(f"a trigger after '{act.name}' used a value of the wrong kind", err) from None

    def _drawn_so_far(self) -> tuple[tuple, tuple, int]:
        """What a Pending keeps of the draws its move made before the choice: (outcomes, their sizes, the chance
        events made)."""
        return tuple(self._script.used), tuple(self._script.sizes), self._chance_count

    @staticmethod
    def _advance(suspended, answer):
        """Run a suspended move on to its next choice: the choice asked for, or None when it is done."""
        try:
            return suspended.send(answer)
        except StopIteration:
            return None

    def _drop_suspended(self):
        """Forget the move waiting at a choice (undo, restart): its `finally` blocks run now, not whenever the
        generator is collected."""
        if self._suspended is not None:
            suspended, self._suspended = self._suspended, None
            suspended.close()
            self._depth = 0

    def __getstate__(self):
        """A copy of a state (copy.deepcopy, for a search) has no suspended move: it runs a move waiting at a
        choice again from its start when the choice is made."""
        out = dict(self.__dict__)
        out["_suspended"] = None
        return out

    def _run_rule(self, rule):
        """Run a trigger or setup; a choice in one is asked by raising NeedChoice."""
        if not rule.chooses:
            rule.body(self, _NO_LOCALS)
            return
        suspended = rule.body(self, _NO_LOCALS)
        request = self._advance(suspended, None)
        if request is not None:
            suspended.close()
            who, options, prompt, secret, detail = request
            raise NeedChoice(who if who is not None else self.turn_player, options, prompt, secret, detail)

    def _run_rules(self, rules):
        """The rules of one moment (the setup, the triggers after a move, at a turn's start, at the end), in
        order. An ending statement stops the rule it is in, not the others: they still run, so that a trigger
        that keeps the score after one that ends the game still keeps it."""
        for rule in rules:
            try:
                if rule.chooses:
                    self._run_rule(rule)
                else:
                    rule.body(self, _NO_LOCALS)
            except GameOver:
                pass

    def _end_turn(self):
        """After a move's effect: its `after move` triggers; then the end of the game if a rule ended it, or
        the next phase and the next turn (its start, then the stuck rule)."""
        after = self._after_move[self.phase]
        if after:
            self._run_rules(after)
        if self._ending is not None:
            self._conclude()
            return
        if self.phase is not None:
            self._next_phase()
        player = self.turn_player
        nxt = self._next if self._next is not None else self.players[(player.index + 1) % self.n]
        self._journal.append((TURN, player, self.turn))
        self.turn_player = nxt
        self.turn += 1
        self._turn_begins()
        if self._ending is None and not (has_moves(self) if self.phase in self._draw_plans else self.legal_moves()):
            self._stuck()
        if self._ending is not None:
            self._conclude()

    def _next_phase(self):
        """Move on through the phases whose `until` holds."""
        phases, phase = self.game.phases, self.phase
        assert phase is not None  # (a game with phases)
        while phase + 1 < len(phases):
            until = phases[phase].until
            if until is None or not until(self):
                break
            phase += 1
            self.set_attr(self, "phase", phase)

    def _stuck(self):
        """After the turn-start triggers, the player to move has no legal move: they follow the game's `when
        stuck` rule. They lose, win, draw, or finish the game (scored as it stands, the default); or they pass,
        and the turn goes to the next player, whose turn starts (its triggers run, then this check again); when
        every player in a row has passed so, nobody can move, and the game finishes."""
        passed = passes = 0
        while not has_moves(self):
            rule = self.game.stuck_rule(self.phase)
            if rule != "pass":
                self.declare_end(rule, self.turn_player if rule in ("lose", "win") else None,
                                 self.game.stuck_reason(self) or f"{self.turn_player.name} has no move")
                return
            passed += 1
            passes += 1
            if passed == self.n or passes > MAX_PASSES_IN_A_ROW:
                self.declare_end("finish", None, "nobody can move")
                return
            self._journal.append((TURN, self.turn_player, self.turn))
            self.turn_player = self.next_player(self.turn_player)
            self.turn += 1
            self._version += 1  # the moves listed for the player who passed are not the next player's
            drawn = len(self._script.used)
            self._turn_begins()
            if self._ending is not None:
                return
            if len(self._script.used) != drawn:
                # the turn's start drew (the dice rolled again): those who passed might move now, so the round of
                # passes starts again
                passed = 0

    def can_move(self, player):
        """Would `player` have a legal move (a fallback action's included) if it were their turn now? Their moves
        are listed as they would be, counted against the budget of what asks."""
        if player is None:
            return False
        self.enter_call("can_move", None)  # a condition that asks it lists moves that ask it again: bounded
        saved = self.turn_player
        self.turn_player = player
        try:
            if not self._trying:
                regular_acts, fallback_acts = self._by_phase[self.phase]
                return any(a.exists(self) for a in regular_acts) or any(a.exists(self) for a in fallback_acts)
            regular, fallback = self._listers[self.phase]
            moves: list[Move] = []
            for listers in (regular, fallback):
                for gen in listers:
                    gen(self, moves)
                    if self._trying:  # a move whose `ensure` fails is no move
                        moves = [m for m in moves if not m.action.ensures or self.unmet(m) is None]
                    if moves:
                        return True
            return False
        finally:
            self.turn_player = saved
            self.leave_call()

    def _turn_begins(self):
        """A turn begins: its position is counted (for `repetitions`), then its `at turn start` rules run."""
        if self.positions is not None:
            record(self)
        if self._turn_start_rules[self.phase]:
            self._turn_start()
        else:
            self._next = None

    def _turn_start(self):
        self._next = None
        self._run_rules(self._turn_start_rules[self.phase])
        if self._ending is None and self._next is not None and self._next is not self.turn_player:
            # `next P` at the start of a turn gives the turn to P instead
            self.set_attr(self, "turn_player", self._next)
            self._next = None

    # ------------------------------------------------------------ the end
    def declare_end(self, kind, who, reason=None):
        """An ending statement (`win`, `lose`, `draw`, `finish`): the first one of a game decides how it ends, and
        `reason` says why, in players' words. The game is over once the rules of the moment have run (see
        _run_rules): then `_conclude`."""
        if self._ending is None:
            self.set_attr(self, "_ending", (kind, who))
            self.set_attr(self, "_end_reason", reason)

    @property
    def steps_taken(self) -> int:
        """The steps the last move or listing took (each starts with a budget of MAX_LOOP_STEPS)."""
        return MAX_LOOP_STEPS - self._budget

    @property
    def declared_end(self):
        """The ending a rule declared (`declare_end`) as (kind, who), or None while none has."""
        return self._ending

    def end_game(self, kind, who, reason=None):
        """End the game now (for arranged positions): as `declare_end`, then `_conclude`."""
        self.declare_end(kind, who, reason)
        self._conclude()

    def _conclude(self):
        """The game is over: run the `at end` triggers (final scoring, side results), then settle who won."""
        if self.over:
            return
        self.set_attr(self, "over", True)
        notes_from = len(self.log)
        self._run_rules(self.game.triggers["end"])
        winners, draw, tied = self._standing()
        notes = tuple(text for (_, text), readers in zip(self.log[notes_from:], self.log_readers[notes_from:])
                      if readers is None)
        self.set_attr(self, "result", (winners, draw, notes, tied))

    def standing(self):
        """(winners, draw) as the game stands: its declared end, or the ranking."""
        winners, draw, _ = self._standing()
        return winners, draw

    def _standing(self):
        """(winners, draw, tied): `tied` are the seats level at the top of the ranking, when it decided."""
        kind, who = self._ending if self._ending is not None else ("finish", None)
        if kind == "win":
            return tuple(p.index for p in (who if isinstance(who, list) else [who]) if p is not None), False, ()
        if kind == "lose":
            losers = {p.index for p in (who if isinstance(who, list) else [who]) if p is not None}
            return tuple(i for i in range(self.n) if i not in losers), False, ()
        if kind == "draw":
            return (), True, ()
        return self._ranking()

    def winners(self):
        return [self.players[i] for i in self.standing()[0]]

    def _ranking(self):
        keys = self.game.rank
        if not keys and not self.game.has_score:
            return (), True, ()
        # the players at the top by the first key, then by the next among them alone, and so on: a tie-break is
        # worked out only for the players it could separate (the top of the ranking by all the keys at once)
        top = tuple(p.index for p in self.players)
        if not keys:
            scores = [self.players[i].vars["score"] for i in top]
            best = max(scores)
            top = tuple(i for i, v in zip(top, scores) if v == best)
        for k in keys:
            if len(top) == 1:
                break
            values = []
            for i in top:
                L = [None] * k.size
                L[k.slot] = self.players[i]
                values.append(k.fn(self, L))
            best = max(values)
            top = tuple(i for i, v in zip(top, values) if v == best)
        if len(top) == 1:
            return top, False, ()
        if len(top) == self.n and not self.game.ties_share:
            return (), True, top  # everyone level: nobody beat anybody
        return top, False, top

    def is_over(self):
        return self.over

    def outcome(self):
        if not self.over:
            return None
        assert self.result is not None  # (set when the game ended)
        winners, draw, notes, tied = self.result
        scores = {p.index: p.vars["score"] for p in self.players} if self.game.has_score else None
        level = " and ".join(self.players[i].name for i in tied)
        if draw or not winners:
            text = f"draw: {level} tie" if tied else "draw"
        elif len(winners) == 1:
            text = f"{self.players[winners[0]].name} wins"
        else:
            text = " and ".join(self.players[i].name for i in winners) + (" tie and" if tied else "") + " share the win"
        return Outcome(tuple(winners), bool(draw or not winners), scores, text, {"notes": list(notes)} if notes else {},
                       self._end_reason, tuple(tied))

    # ------------------------------------------------------------ text
    def why(self, text):
        """Why a move text is not legal, for the author: the rule, its place and the condition that failed (for a
        text that names a legal move, the rule that allows it)."""
        return explain(self, text).detail

    def describe_move(self, move, seat):
        """A legal move as `seat` may read it, in the game's words when its action has a label (`as "..."`).
        Ask before the move is applied: its pieces are named by where they are. seat None reads everything.
        None when `seat` learns nothing of the move (another's that reveals nothing)."""
        if seat is not None and self.game.hides_moves:
            told = self._told_of(move, self.pending)
            if told is not None and seat not in told[1]:
                return told[0]
        text = move.text if seat is None else move.text_for(seat)
        if move.action is _PART:
            return f"{text}, to: {self.prompt_for(move.args[0])}"
        if move.action is CHOICE and self.pending is not None:
            if self.pending.joint:
                return text
            if self.pending.secret and seat is not None and seat != self.pending.chooser.index:
                return "in secret"
            return f"{text}, to: {self.pending.prompt}"
        label = getattr(move.action, "label", None)
        if label is None:
            return text
        L: list = [None] * move.action.size
        for prm, v in zip(move.action.params, move.args):
            L[prm.slot] = v if text == move.text or not _hidden_from(v, seat) else f"a {v.kind.name}"
        try:
            return label(self, L)
        except Exception:  # noqa: BLE001 - a label that fails (on a stand-in for a hidden card) shows the text
            return text

    def parse_move(self, text):
        text = " ".join(text.split())
        moves = self.legal_moves()
        for m in moves:
            if m.text == text:
                return m
        if self.pending is None:  # the action's name may be left out where only one legal move then fits
            named = [m for m in moves if m.text == f"{m.action.name} {text}"]
            if len({m.action.name for m in named}) == 1:
                return named[0]
        refusal = explain(self, text)
        if refusal.legal is not None:  # words that name a legal move loosely (another case, no brackets)
            said = f"'{text}' is not the text of a move: the move is '{refusal.legal.text}'"
            raise IllegalMove(said, said)
        raise IllegalMove(refusal.player, refusal.detail)

    def open_actions(self):
        """The actions of the phase the game is in: (regular ones, fallback ones)."""
        return self._by_phase[self.phase]

    def explain(self, text):
        """Why a move text is not legal, in players' words (for a text that names a legal move, that it is one)."""
        return explain(self, text).player

    # ------------------------------------------------------------ what a player sees
    def view(self, seat: int) -> View:
        """What `seat` may see of the state (engine/view.py)."""
        return view(self, seat)


def _in_the_open(loc, up, box) -> bool:
    """Does a piece lying at `loc` (face up or not) show itself to every player (face up, in a public place: not
    the box, which nobody looks into)?"""
    return up and loc is not None and loc is not box and \
        (loc.board.visibility if loc.is_space else loc.visibility) == "public"


def _hidden_from(v, seat):
    """Is `v` a piece in a zone that `seat` may not look into?"""
    if not isinstance(v, Piece) or v.loc is None or v.loc.is_space:
        return False
    zone = v.loc
    return zone.visibility == "secret" or (zone.visibility == "private" and
                                           (zone.owner is None or zone.owner.index != seat))

