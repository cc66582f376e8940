"""A game in progress: a mutable state with a journal, legal moves, apply, undo and views.

The State is one class written in several modules, each a part it owns; their functions of `S` are State's
methods, assigned in its class body (so the generated code calls them as methods, at a method's cost):
construction.py (players, boards, zones and pieces, what the players brought), journal.py (the kinds of change
and how they are rolled back), drawing.py (shuffles and random picks), assumptions.py (what a search
imagines), choices.py (choices in the middle of a move, `at once` steps), listing.py (the legal moves),
sampling.py (a random move without listing them all: the Sampler), turns.py (a turn's end and start, `when
stuck`), telling.py (what each seat reads of the moves), ending.py (who won). Those modules read the state's
own fields; every other module uses only its public API (docs/engine-api.md)."""
from __future__ import annotations

import random
from typing import Optional

import attrs

from ...grammar.limits import (
    MAX_DEPTH,
    MAX_JOURNAL,
    MAX_LOG_CHARS,
    MAX_LOOP_STEPS,
    MAX_PIECES,
)
from ..build.compiler import CompiledGame
from . import assumptions, choices, construction, drawing, ending, listing, telling, turns
from .chance import ChanceEvent, Script
from .choices import JOINT, choice_moves
from .ending import conclude
from .explain import explain
from .journal import (
    ABSENT,
    ADDED,
    ATTR,
    CREATE,
    EMPTIED,
    ITEM,
    ITEM_HEAVY,
    MOVE,
    PIECE_VALUE,
    SPACE,
    rollback,
)
from .library import items_of
from .listing import lister
from .moves import IllegalMove, Move
from .repetition import repetitions
from .runtime import (
    DIRS,
    WRONG_KIND,
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
)
from .sampling import Sampler, draw_listed, has_moves, random_move
from .telling import told_of, unmask_shown
from .view import View, view
from .watching import note_position
from .wrong_kind import wrong_kind_words

_NO_LOCALS: list = []  # the frame of a rule without parameters (its own variables are Python locals)
_NO_CHOICES: list = []
_NO_DRAWS: list = []  # the draws of a move that drew nothing (never changed)


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


class State:
    # what construction.py makes of the game's declarations
    players: list[Player]
    zones: dict[str, Zone]
    supply: Zone
    box: Zone
    kind_pieces: dict[str, list[Piece]]
    _next_id: int
    boards: dict[str, Board]
    spaces: list[Space]
    plane: dict[tuple[int, int], Space]
    space_by_name: dict[str, Space]
    grid_spaces: dict[str, list]
    plane_bound: int

    def __init__(self, game: CompiledGame, seed=0, players=None, options=(), inputs=None, chance=None,
                 records=True):
        n = players if players is not None else game.min_players
        construction.check_setup(game, n, options)
        self.game = game
        # whether each draw and each value written where some cannot see is recorded (`chance`, `writes`): what a
        # bot needs that works out what its seat knows (knowledge.py); and whether the moves are named as they are
        # played (history, and what each seat was told of them). A series of random movers goes without.
        self.records = records
        self._hides_moves = game.hides_moves and records  # (read at every move)
        self._by_itself = any(a.by_itself for a in game.actions)  # an action `each turn` may begin a turn by itself
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
        self.end_reason: Optional[str] = None
        self._const_values: dict = {}  # constants made of a grid's spaces, worked out when first used
        self._trying = any(a.ensures for a in game.actions)  # some moves are legal only by what they do
        # `ensure`s answered from the position before the move (watching.py): the position of the move being
        # tried, the position whose answers are noted, the answers, every place of the game
        self._trial: Optional[tuple] = None
        self._watch_at: Optional[tuple] = None
        self._watched: dict = {}
        self._watch_places: Optional[list] = None
        # each position met at the start of a turn, and how often: only when the rules read `repetitions`
        self.positions: Optional[dict] = {} if game.tracks_positions or game.compared_parts else None
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
        self._listers = {ph: ([lister(a) for a in regular], [lister(a) for a in fallback])
                         for ph, (regular, fallback) in game.open_actions.items()}
        # what listing the moves worked out once for every action (listed_of), and the position it holds for:
        # (the journal's length, the version); an undo of any change forgets it
        self._listed: dict = {}
        self._listed_at: tuple = ()
        self.sampler = Sampler(game, self._listers)  # what drawing a random move keeps (sampling.py)
        self._after_move = game.after_move_rules
        self._turn_start_rules = game.turn_start_rules
        construction.build_players(self)
        construction.build_boards(self)
        # the moves of an action over a grid's spaces, by the space's index
        self.board_moves: list = [construction.space_moves(self, a) if a.over_board else None for a in game.actions]
        self.kept_listings: dict = {}  # an action's answers kept from move to move (engine/build/kept_listing.py)
        construction.build_player_boards(self)
        # the areas, whose lists of spaces in play (Board.occupied) an undo makes again
        self._areas = [b for b in [*self.boards.values(), *(b for p in self.players for b in p.boards.values())]
                       if b.area]
        for board in self._areas:
            board.spender = self
        construction.build_zones(self)
        construction.build_pieces(self)
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
        construction.take_inputs(self, self._inputs)
        self._start()
        self._starting = False
        self.setup_draws = list(self._script.sizes)  # the outcomes of each draw the start made
        self.setup_drawn = tuple(self._script.used)  # and the outcome each took
        if not self._start_drew:
            # the start is the same for every seed: it is the floor of undo, and restart keeps it
            self._journal.clear()
            self._journal_weight = 0
            self.forget_listings()
        if self._by_itself:  # (above the floor: a restart begins the first turn again)
            self._turn_by_itself()
        self._told_start = (self.to_move, self.turn_player.index)  # whose turn every seat is told at the start

    def restart(self, seed):
        """Start this state again as a new game (the same game, players, options and inputs) with another
        seed: the position `new_state(seed=seed, ...)` would have, made from this one instead of anew."""
        self._drop_suspended()
        rollback(self, 0, restore_rng=False)  # the moves, and a start that drew random numbers
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
        elif self._by_itself:
            self._turn_by_itself()

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
                conclude(self)
        except RecursionError:
            raise RuleError("the setup calls a rule that calls itself without end") from None
        except WRONG_KIND as err:
            raise RuleError.wrong_kind("the setup used a value of the wrong kind", err,
                                       self.game.rules_line(err)) from None

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
            # (which zone is not told: the rules line names it, and the zone a rule chose may be secret)
            raise RuleError("a zone is full: it holds as many pieces as its capacity", where)

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
        old = d.get(key, ABSENT)
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
        self._watch_at = None  # (and the answers of `ensure`s noted for a position: watching.py)

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
        self.pending = None
        self._version += 1
        if self._by_itself:  # an action `each turn` begins the turn of the position by itself (above the floor)
            self._turn_by_itself()
        self._told_start = (self.to_move, self.turn_player.index)

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

    # ------------------------------------------------------------ simultaneous steps (`at once`)

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

    # the draws and what they record (engine/run/drawing.py)
    shuffle = drawing.shuffle
    randrange = drawing.randrange
    _note_draw = drawing.note_draw
    pick_at_random = drawing.pick_at_random
    _next_label = drawing.next_label
    _note_chance = drawing.note_chance
    forget_unseen = drawing.forget_unseen
    reseed = drawing.reseed

    # what a search imagines it cannot see, on its copy (engine/run/assumptions.py)
    assume = assumptions.assume
    assume_places = assumptions.assume_places
    assume_values = assumptions.assume_values

    # a turn's end, the next turn's start, and a player with no move (engine/run/turns.py)
    follow_stuck_rule = turns.follow_stuck_rule
    _end_turn = turns.end_turn
    _next_phase = turns.next_phase
    _stuck = turns.stuck
    can_move = turns.can_move
    _turn_begins = turns.turn_begins
    _turn_by_itself = turns.turn_by_itself
    _turn_start = turns.turn_start

    # what the generated code asks with, and the answers at a simultaneous step (engine/run/choices.py)
    choice_options = staticmethod(choices.choice_options)
    joint_asks = staticmethod(choices.joint_asks)
    joint_request = staticmethod(choices.joint_request)
    joint_answers = staticmethod(choices.joint_answers)
    moves_for = choices.moves_for
    prompt_for = choices.prompt_for
    joint_move = choices.joint_move
    parse_part = choices.parse_part

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
    @property
    def version(self) -> int:
        """A number that changes whenever the position may have (a move, an undo, an assumption): what is kept for a
        position is kept with it."""
        return self._version

    @property
    def moves_listed(self) -> bool:
        """Are the legal moves of this position listed already (legal_moves would hand out the list it keeps)?"""
        return self._cache_version == self._version

    def fresh_budget(self) -> None:
        """Give what runs next (a listing, a draw of a move) a budget of steps of its own."""
        self._budget = MAX_LOOP_STEPS

    # the legal moves listed (engine/run/listing.py)
    listed_of = listing.listed_of
    _list_moves = listing.list_moves

    def legal_moves(self):
        if self._cache_version == self._version:
            return self._cache
        moves: list = []
        if self.over:
            pass
        elif self.pending is not None:
            moves = choice_moves(self.pending, self.records)
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
        return random_move(self, rng) if self.sampler.plans else draw_listed(self, rng)

    def unmet(self, move, then=None):
        """Try a move's effect (not the triggers after it) and take it back: the index of the first `ensure` of
        its action that fails, or None. `then(index, words)` is called on the state the move left, before it is
        taken back, with the function that gives the author's words for it (None without): to explain it."""
        mark = len(self._journal)
        # (the steps it takes are spent from the budget of what asks, the listing of the moves say: trying
        # many moves cannot run away)
        saved = (self._choices, self._ci, self._chance_move, self._chance_count, self._next, self._depth,
                 self._rng_noted, self._trial)
        # (a try's draws are taken back with the generator: they are none of the move's draws, `drawn`, nor
        # outcomes of its chance; a draw the try makes reads the script where the next real draw will)
        script = self._script
        drew = len(script.used), len(script.sizes)
        self._choices, self._ci, self._next, self._rng_noted = _NO_CHOICES, 0, None, False
        if move.action.watched:
            note_position(self, move.action.watched)
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
            rollback(self, mark)
            del script.used[drew[0]:], script.sizes[drew[1]:]
            self._choices, self._ci, self._chance_move, self._chance_count, self._next, self._depth, \
                self._rng_noted, self._trial = saved
        return failed

    def apply(self, move, chance=None):
        """Apply a legal move. `chance` forces the outcomes of the draws it makes anew, one by one (see
        chance.outcomes); the draws past it, or all without it, come from the generator."""
        pending = self.pending
        if move._masked is None and move.action.eager_text and self.records:
            move.fix_text()  # a piece's name depends on where it is: fix it before the move changes that
        self._version += 1
        self._rng_noted = False
        told = told_of(self, move, pending) if self._hides_moves else None
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
                    rollback(self, mark)
                    self._run(pending.move, pending.choices + [move.args[0]], mark, steps=steps)
            if self._by_itself:
                self._turn_by_itself()
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
            rollback(self, mark)
            if pending is not None:
                self._run(pending.move, pending.choices, mark, steps=pending.drawn)
            self.pending = pending
            self._version += 1
            # (where the built code tells the rules line that failed, it is named; else the move's rule)
            where = self.game.rules_line(err) or getattr((move if pending is None else pending.move).action,
                                                          "where", None)
            if isinstance(err, RuleError) and err.where is None:
                # (a builtin that ran out of steps knows no line)
                raise RuleError(str(err), where) from None
            if isinstance(err, RuleError) or not isinstance(err, Exception):
                raise
            if isinstance(err, MemoryError):
                raise RuleError("the move ran out of memory", where) from None
            # (in the rules' words where they are known: never Python's class names nor its messages)
            raise RuleError(f"the move failed: {wrong_kind_words(err) or 'the engine could not carry it out'}",
                            where) from None
        masked = move._masked  # (read in place: apply is the engine's hottest path, and most moves hide nothing)
        if pending is not None or masked is not None and masked[1] is not None:
            unmask_shown(self, move, pending, mark)  # a card played from a hand face up onto the table: all read it
        self._moves.append(move)
        if self._hides_moves:
            self._told.append((told, (self.to_move, self.turn_player.index)))

    def _named(self):
        """Refuse to name the moves of a state that did not name them as they were played (records=False): a
        piece's name depends on where it was then."""
        if not self.records:
            raise ValueError("this state keeps no record of its moves' names (records=False)")

    # what each seat reads of the moves (engine/run/telling.py)
    move_as_read = telling.move_as_read
    told = telling.told
    history_for = telling.history_for

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
        value = self._const_values.get(name, ABSENT)
        if value is ABSENT:
            value = self._const_values[name] = compute(self, [None] * size)
        return value

    @property
    def const_values(self) -> dict:
        """The constants const_value worked out so far, by name (read by the native backend's encoding)."""
        return self._const_values

    def repetitions(self) -> int:
        return repetitions(self)

    @property
    def decisions(self) -> int:
        """The decisions made before the one being made now: every move, and every answer to a choice."""
        return len(self._moves)

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
            rollback(self, step)
            self.pending = None
        else:
            rollback(self, step.mark)
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
        except WRONG_KIND as err:
            raise RuleError.wrong_kind(f"rule '{act.name}' used a value of the wrong kind", err,
                                       self.game.rules_line(err) or act.where) from None
        self.pending = None
        try:
            self._end_turn()
        except WRONG_KIND as err:
            raise RuleError.wrong_kind(f"a trigger after '{act.name}' used a value of the wrong kind", err,
                                       self.game.rules_line(err)) from None

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

    # ------------------------------------------------------------ the end
    def declare_end(self, kind, who, reason=None):
        """An ending statement (`win`, `lose`, `draw`, `finish`): the first one of a game decides how it ends, and
        `reason` says why, in players' words. The game is over once the rules of the moment have run (see
        _run_rules): then `_conclude`."""
        if self._ending is None:
            self.set_attr(self, "_ending", (kind, who))
            self.set_attr(self, "end_reason", reason)

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
        conclude(self)

    # who won (engine/run/ending.py)
    standing = ending.standing
    winners = ending.winners
    outcome = ending.outcome

    def is_over(self):
        return self.over

    # ------------------------------------------------------------ text
    def why(self, text):
        """Why a move text is not legal, for the author: the rule, its place and the condition that failed (for a
        text that names a legal move, the rule that allows it)."""
        return explain(self, text).detail

    # a legal move as a seat may read it (engine/run/telling.py)
    describe_move = telling.describe_move
    choice_told = telling.choice_told
    effects_told = telling.effects_told

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
