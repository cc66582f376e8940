"""Where each part of a position lies in the native state vector, and the hand-off of a position from the
interpreter's State to that vector (docs/backends.md, "Handing a position over").

The topology (spaces, their neighbours, the boards' sizes, the seats' facings) is read from a State the
interpreter built, so that both backends play on one board; it is written into the generated module as
constant arrays.
"""
from __future__ import annotations

import operator
from typing import Optional

from ...grammar.limits import MAX_PIECES
from ...grammar.types import DIRECTIONS, OPPOSITE, ORTHOGONAL, RELATIVE_DIRECTIONS
from .areas import add_area_places, area_places, area_source, encode_areas, reserve_area_slots
from .by_itself import begins_by_itself
from .generator import generator_slots, generator_source
from .legality import LegalitySlots
from .lists import constant_lists, encode_list
from .per_player import all_spaces, player_board_tables, player_boards_source
from .walls import unlinked_boards, walls_source, walls_table

# the header of the state vector: one slot each
HEADER = ("TURN", "TURNNO", "OVER", "END_KIND", "END_WHO", "NPIECES", "NEXT", "DECISIONS",
          # the game's chance stream (its splitmix64 state), and the draws it made so far (engine/native/chance.py)
          "RNG", "NDRAWN",
          # the phase the game is in (engine/native/phases.py)
          "PHASE")
# the types of a variable the state vector holds (a slot each, a slot per seat for a variable of each player)
# (an enum value: its place in its enum; a piece: its number, the order the interpreter made the pieces)
VAR_TYPES = ("int", "bool", "space", "player", "enum", "piece")
BOX = -2  # a piece's place once removed
_piece_id = operator.attrgetter("id")
PIECE_FIELDS = 4  # kind, owner, place (a space, or BOX), the piece under it on its space (-1: none)
# a game whose pieces have attributes, or a face: two more fields, then a slot per attribute name
# (engine/native/attributes.py): whether it is face up, which attributes it has (a bit each), their values
P_UP, P_HAS = 4, 5
ATTR_FIELDS = 6
JOURNAL = 1 << 16  # writes one move may make (a playout's journal is emptied after each move)
DRAW_LOG = 1 << 14  # the draws a game's log holds, for the interpreter's replay (a game that draws)
_FACINGS = {"south": 0, "east": 1, "north": 2, "west": 3}
_AXES = (("east", "west"), ("north", "south"), ("northeast", "southwest"), ("southeast", "northwest"))
# a move waiting at a choice in its middle (engine/native/choices.py): the question asked (its parts, its choose
# statement), the move's journal mark, its action, how many answers it has and the next answer a run reads; then
# (as many as the game needs) its arguments, its answers, and each part's seat, count and options; PDRAWN: the
# draws logged when the move began (an answer runs the effect again from there: its draws are logged again there)
PENDING_HEADER = ("QPARTS", "QSITE", "PMARK", "PACT", "PN", "CURSOR", "PDRAWN")


class HandOffError(ValueError):
    """A position the native state cannot hold (a piece in a zone, a game with a choice pending)."""


class Layout:
    """The tables of one game at one player count, and the offsets of the state vector."""

    def __init__(self, state, kinds: list[str], variables: tuple = (), attributes=None, pieces_made: bool = True,
                 chance: bool = False, lists: Optional[dict] = None):
        """`variables`: (name, per player, type) of the game's variables the native code reads, in order;
        `attributes`: the pieces' attributes and faces (attributes.PieceAttributes), or None when the rules read
        none (a piece is then its PIECE_FIELDS slots); `pieces_made`: whether a rule makes pieces (`place`), else
        a game holds the pieces of its start and no more; `chance`: whether the rules draw at random (then the
        vector logs the draws); `lists`: each bounded list variable's (bound, items' type) (lists.py)."""
        self.attributes = attributes
        self.stride = PIECE_FIELDS if attributes is None else ATTR_FIELDS + len(attributes.names)
        spaces = all_spaces(state)  # (the boards of each player's too: per_player.py)
        self.space_names = [s.name for s in spaces]
        index = {id(s): i for i, s in enumerate(spaces)}
        self.sx = [s.x for s in spaces]
        self.sy = [s.y for s in spaces]
        self.px = [s.px for s in spaces]
        self.py = [s.py for s in spaces]
        self.sw = [s.board.width for s in spaces]
        self.sh = [s.board.height for s in spaces]
        dirs = list(DIRECTIONS)
        self.nbr = [[index[id(t)] if t is not None else -1 for t in s.nbr] for s in spaces]
        # (a shared area's spaces are not the state's: translate.py refuses it, areas.area_refusal)
        self.boards = {name: [index[id(s)] for s in b.spaces] for name, b in state.boards.items() if not b.area}
        self.player_boards = player_board_tables(state, index)
        self.board_order = list(self.boards)
        self.kinds = list(kinds)
        self._kind_number = {k: i for i, k in enumerate(self.kinds)}
        self.players = state.n
        self.seat_names = [p.name for p in state.players]
        self.rel = [[dirs.index(p.rel[r].name) for r in RELATIVE_DIRECTIONS] for p in state.players]
        self.facing = [_FACINGS[p.facing] for p in state.players]
        self.axes = [[dirs.index(a), dirs.index(b)] for a, b in _AXES]
        self.opposite = [dirs.index(OPPOSITE[d]) for d in dirs]
        # DIR_OF[sign dx + 1, sign dy + 1]: the direction of a step of those signs (-1: none)
        self.dir_of = [[-1] * 3 for _ in range(3)]
        for i, (dx, dy) in enumerate(DIRECTIONS.values()):
            self.dir_of[dx + 1][dy + 1] = i
        # whether a space has links (a graph's points, the edges of a grid): its neighbours are not its compass
        # ones there
        # ones there). A hex board's links are its six compass neighbours in direction order (topology.connect),
        # so it is not linked in that sense: its neighbours are NBR in the six hex directions
        self.linked = any(s.links is not None and s.board.shape != "hex" for s in spaces)
        self.hex = any(b.shape == "hex" for b in state.boards.values())
        # TOUCH[s, b, k]: the k-th space of board b touching s on the plane (State.touching; -1 past the last)
        self.touch = [[[index[id(t)] for t in state.touching(s, name)] for name in self.board_order] for s in spaces]
        # whether every board is a whole grid (no holes): then a leap of n steps in a direction is n steps from
        # neighbour to neighbour
        # (a grid cut into blocks: a step stops at a block's edge, a leap by coordinates would not: boards.py)
        self.whole_grids = all(len(b.spaces) == b.width * b.height and not b.blocks for b in state.boards.values())
        self.block_sizes = {name: tuple(b.blocks) for name, b in state.boards.items() if b.blocks}
        self.start_pieces = sum(len(pieces) for pieces in state.kind_pieces.values())
        self.kind_counts = {kind: len(pieces) for kind, pieces in state.kind_pieces.items()}  # (at the start)
        self.max_pieces = MAX_PIECES if pieces_made else max(1, self.start_pieces)
        # the actions whose moves that read the same are one (listing.unique: pieces that may have twins)
        self.dedupe = {a.name for a in state.game.actions if a.dedupe}
        self.ray_length = max(1, max((max(w, h) for w, h in zip(self.sw, self.sh)), default=1) - 1)
        self.rays = [[self._ray(s, d) for d in range(8)] for s in range(len(spaces))]
        # AT[b, x, y]: the space of board b at column x, row y (-1: none), for at(BOARD, x, y)
        self.at_width = 1 + max((max(b.width, b.height) for b in state.boards.values()), default=0)
        self.at = [[[-1] * self.at_width for _ in range(self.at_width)] for _ in self.board_order]
        for b, name in enumerate(self.board_order):
            for (x, y), t in state.boards[name].by_xy.items():
                if 0 <= x < self.at_width and 0 <= y < self.at_width:
                    self.at[b][x][y] = index[id(t)]
        # the plane: the space at each point (the last made there), and its bound (library._path walks it)
        self.plane = {xy: index[id(s)] for xy, s in state.plane.items()}
        self.plane_bound = state.plane_bound
        self.add_links(state, index)
        self.walls, self.unlinked = walls_table(state, index), unlinked_boards(state)  # (walls.py)
        self.const_lists = constant_lists(state, index)  # (constant lists of lists the start worked out: lists.py)
        add_area_places(self, state)  # (areas.py: an area's places, after the fixed spaces)
        self.add_zones(state)
        ns = len(self.space_names)
        self.top = len(HEADER) + 2
        self.cnt = self.top + ns
        self.variables = list(variables)
        self.var_slot: dict[str, int] = {}
        # a variable of the game that holds a list of numbers: its length, the start's (it never changes: the
        # rules write its items, never the whole list; translate.py refuses the rest)
        self.list_length: dict[str, int] = {}
        # a variable holding a list written whole, or of each player: a length slot and its bound's item slots (a
        # block per seat), lists.py
        self.list_vars: dict[str, tuple[int, str]] = dict(lists or {})
        at = self.cnt + len(self.kinds) * (self.players + 1)
        for name, per_player, kind in self.variables:
            self.var_slot[name] = at
            if kind == "vlist":
                at += (1 + self.list_vars[name][0]) * (self.players if per_player else 1)
            elif kind == "list":
                self.list_length[name] = len(state.vars[name])
                at += self.list_length[name]
            else:
                at += self.players if per_player else 1
        at = reserve_area_slots(self, at)
        self.pending = at
        # the outcomes of the draws a game made (chance.py), after the pieces; a start that draws is made anew for
        # every game of a series, natively (`setup_game`), from the construction's vector
        self.chance = chance
        self.native_setup = bool(state.setup_draws)
        self.legality = LegalitySlots(state)  # `ensure`'s flag, the histories of `repetitions` (legality.py)
        self.reserve_pending()

    def reserve_pending(self, args: int = 0, answers: int = 0, parts: int = 0, options: int = 0) -> None:
        """The slots of a move waiting at a choice, after the variables (a game without `choose` has the header
        alone): `args` arguments, `answers` answers, `parts` seats asked at once with `options` options each; then
        the pieces, then the draws' log. Called by build.py once the rules are translated, before a position is
        encoded. The slots of `ensure` and `repetitions` (legality.py) come before the pieces and after them."""
        self.pending_args, self.pending_answers = args, answers
        self.question_parts, self.question_options = parts, options
        at = self.pending + len(PENDING_HEADER)
        self.pending_slots = {"PARGS": at, "PANS": at + args, "QSEAT": at + args + answers,
                              "QCOUNT": at + args + answers + parts, "QVAL": at + args + answers + 2 * parts}
        self.pieces = self.legality.before_pieces(self.pending_slots["QVAL"] + parts * options)
        self.draw_log = self.legality.after_pieces(self.pieces + self.stride * self.max_pieces)
        self.draw_cap = DRAW_LOG if self.chance else 0
        # (then the interpreter's generator, for perft of a game whose rules draw: generator.py)
        self.generator_at, self.generator_slots = self.draw_log + self.draw_cap, generator_slots(self.chance)
        self.size = self.generator_at + self.generator_slots

    def add_links(self, state, index: dict) -> None:
        """The points each space is joined to (library.adjacent: a graph's or an edge's links, else its
        orthogonal neighbours), for `neighbors(s)` on a board with links; and the lines a graph draws through each
        point, walked out from it each way (`along`, for in_a_row there)."""
        from ..run.library import adjacent
        self.adj = [[index[id(t)] for t in adjacent(s)] for s in all_spaces(state)]
        self.lined = any(getattr(b, "lines", None) is not None for b in state.boards.values())
        self.along = [[([index[id(t)] for t in forth], [index[id(t)] for t in back])
                       for forth, back in (getattr(s, "along", None) or ())] for s in all_spaces(state)]

    def add_zones(self, state) -> None:
        """The zones are places after the spaces, each a stack of pieces as a space is (the top its last piece):
        the supply and the shared zones, then each zone of each player, a place per seat in a row. They have no
        neighbours, no coordinates, and belong to no board."""
        self.board_spaces = len(self.space_names)
        self.zone_at: dict[str, int] = {}
        self.zone_places: list[tuple] = []  # each zone's (name, seat; None: shared)
        for zone in [state.supply, *state.zones.values()]:
            if zone is not state.box and zone.name not in self.zone_at:
                self.zone_at[zone.name] = self.board_spaces + len(self.zone_places)
                self.zone_places.append((zone.name, None))
        for name in (state.players[0].zones if state.players else {}):
            self.zone_at[name] = self.board_spaces + len(self.zone_places)
            self.zone_places += [(name, seat) for seat in range(state.n)]
        extra = len(self.zone_places)
        # each place's capacity (-1: none; a space holds any number of pieces): a move into a full zone is the
        # rules' error (State._check_capacity)
        self.capacity = [-1] * self.board_spaces + [
            -1 if zone.capacity is None else zone.capacity for zone in (self.zone_of(state, k) for k in range(extra))]
        self.space_names += [f"(zone {name})" for name, _ in self.zone_places]
        for column in (self.sx, self.sy, self.px, self.py, self.sw, self.sh):
            column += [0] * extra
        self.nbr += [[-1] * 8 for _ in range(extra)]
        self.adj += [[] for _ in range(extra)]
        self.along += [[] for _ in range(extra)]
        self.rays += [[[-1] * self.ray_length for _ in range(8)] for _ in range(extra)]
        self.touch += [[[] for _ in self.board_order] for _ in range(extra)]

    def zone_of(self, state, k: int):
        """The interpreter's zone of place board_spaces + k in `state`."""
        name, seat = self.zone_places[k]
        if seat is not None:
            return state.players[seat].zones[name]
        return state.supply if name == state.supply.name else state.zones[name]

    def _ray(self, s: int, d: int) -> list[int]:
        """The spaces from s (not included) in direction d to the edge, padded with -1 to ray_length."""
        out: list[int] = []
        t = self.nbr[s][d]
        while t >= 0 and len(out) < self.ray_length:
            out.append(t)
            t = self.nbr[t][d]
        return out + [-1] * (self.ray_length - len(out))

    # ------------------------------------------------------------ names the translator uses
    def board_array(self, name: str) -> str:
        return f"BOARD_{self.board_order.index(name)}"

    def board_size(self, name: str) -> int:
        return len(self.boards[name])

    def kind_index(self, name: str) -> int:
        return self.kinds.index(name)

    def var_name(self, name: str) -> str:
        """The constant naming a variable's (first) slot in the generated module."""
        return f"VAR_{name}"

    # ------------------------------------------------------------ the constants, as source
    def source(self) -> str:
        dirs = list(DIRECTIONS)
        def arr(values, shape=None) -> str:
            flat = values if shape is None else [v for row in values for v in row]
            text = f"np.array({flat!r}, dtype=np.int64)"
            return text if shape is None else f"{text}.reshape({shape[0]}, {shape[1]})"
        lines = ["# the state vector: the header, each space's top piece, the pieces of each kind and owner in",
                 "# play, then PSTRIDE slots a piece (kind, owner, place, the piece under it[, up, its attributes])"]
        lines += [f"{name} = {i}" for i, name in enumerate(HEADER)]
        lines += [f"TOP = {self.top}", f"CNT = {self.cnt}", f"PIECES = {self.pieces}", f"SIZE = {self.size}",
                  f"PSTRIDE = {self.stride}",
                  f"MAXP = {self.max_pieces}", f"DRAWLOG = {self.draw_log}", f"DRAWCAP = {self.draw_cap}",
                  f"BOX = {BOX}", f"JCAP = {JOURNAL}", f"NP = {self.players}",
                  *generator_source(self.generator_at, self.generator_slots),
                  f"NSPACES = {len(self.space_names)}  # the places: the spaces, then the zones",
                  f"NBOARDSPACES = {self.board_spaces}"]
        lines += [f"ZONE_{name} = {at}" for name, at in self.zone_at.items()]
        lines.append(f"CAP = {arr(self.capacity)}  # each place's capacity (-1: none)")
        first_var = self.cnt + len(self.kinds) * (self.players + 1)
        lines += [f"VARS = {first_var}  # the variables' slots", f"NVARS = {self.pending - first_var}"]
        lines += [f"{name} = {self.pending + i}" for i, name in enumerate(PENDING_HEADER)]
        lines += [f"{name} = {at}" for name, at in self.pending_slots.items()]
        lines += [f"NPARGS = {self.pending_args}", f"NPANS = {self.pending_answers}",
                  f"QMAXPARTS = {self.question_parts}", f"QCAP = {self.question_options}"]
        lines += self.legality.source()
        lines += area_source(self)
        for name, per_player, kind in self.variables:
            lines.append(f"{self.var_name(name)} = {self.var_slot[name]}  # var {name}: {kind}"
                         + (" (a slot per seat)" if per_player else ""))
        lines.append("# the spaces (in the interpreter's order): column, row, their board's width and height, and "
                     "the next space in each compass direction (-1: none)")
        lines += [f"SX = {arr(self.sx)}", f"SY = {arr(self.sy)}", f"SW = {arr(self.sw)}", f"SH = {arr(self.sh)}",
                  f"NBR = {arr(self.nbr, (len(self.nbr), 8))}", f"RAYLEN = {self.ray_length}",
                  "# RAY[s, d, k]: the k-th space from s in direction d (-1: past the edge)",
                  f"RAY = {arr([v for r in self.rays for v in r], None)}.reshape({len(self.nbr)}, 8, "
                  f"{self.ray_length})"]
        for i, name in enumerate(self.board_order):
            lines.append(f"BOARD_{i} = {arr(self.boards[name])}  # board {name}")
        lines += player_boards_source(self.player_boards)
        lines.append("# each seat: its relative directions as compass ones, the edge it faces from (0 south, 1 east, "
                     "2 north, 3 west)")
        lines += [f"REL = {arr(self.rel, (self.players, len(RELATIVE_DIRECTIONS)))}",
                  f"FACING = {arr(self.facing)}", f"AXES = {arr(self.axes, (4, 2))}"]
        flat_at = [v for board in self.at for column in board for v in column]
        lines.append(f"AT = {arr(flat_at)}.reshape({len(self.board_order)}, {self.at_width}, {self.at_width})")
        touch = [v for s in self.touch for near in s for v in near + [-1] * (8 - len(near))]
        lines.append(f"TOUCH = {arr(touch)}.reshape({len(self.touch)}, {len(self.board_order)}, 8)")
        lines += ["# each space's place on the plane; each direction's opposite; the direction of a step's signs",
                  f"PX = {arr(self.px)}", f"PY = {arr(self.py)}", f"OPP = {arr(self.opposite)}",
                  f"DIR_OF = {arr(self.dir_of, (3, 3))}",
                  f"ORTHO = {arr([dirs.index(d) for d in ORTHOGONAL])}  # north, east, south, west"]
        lines.append(f"# kinds: {', '.join(f'{i} {k}' for i, k in enumerate(self.kinds))}")
        from .attributes import NO_ATTRIBUTES
        lines.append(self.attributes.source(self) if self.attributes is not None else NO_ATTRIBUTES)
        return "\n".join(lines + self.links_source() + walls_source(self.walls, len(self.nbr))) + "\n"

    def links_source(self) -> list[str]:
        """ADJ[s, k]: the k-th point joined to s (-1 past the last); ALONG[s, j, side, k]: the k-th point of the
        j-th line through s, each side (-1 past its end); LINED[s]: whether s is a point of a graph with lines."""
        import numpy as np  # (only for the shapes; the source holds lists)
        degree = max(1, max((len(a) for a in self.adj), default=1))
        adj = [a + [-1] * (degree - len(a)) for a in self.adj]
        nlines = max(1, max((len(a) for a in self.along), default=1))
        reach = max(1, max((len(r) for a in self.along for line in a for r in line), default=1))
        along = np.full((len(self.along), nlines, 2, reach), -1, dtype=np.int64)
        for s, through in enumerate(self.along):
            for j, sides in enumerate(through):
                for side, ray in enumerate(sides):
                    along[s, j, side, :len(ray)] = ray
        lined = [1 if a else 0 for a in self.along]
        return ["# the points each space is joined to; the lines a graph draws through each point",
                f"ADJ = np.array({adj!r}, dtype=np.int64).reshape({len(adj)}, {degree})",
                f"ALONG = np.array({along.ravel().tolist()!r}, dtype=np.int64).reshape({along.shape[0]}, "
                f"{nlines}, 2, {reach})", f"LINED = np.array({lined!r}, dtype=np.int64)"]

    # ------------------------------------------------------------ the hand-off
    def encode(self, state):
        """The interpreter's position as a native state vector (numpy int64): its pieces on spaces bottom
        first, whose turn it is, whether it is over. HandOffError for what the vector cannot hold."""
        import numpy as np
        return self.encode_into(state, np.zeros(self.size, dtype=np.int64))

    def encode_construction(self, state):
        """The state of the interpreter's construction (its boards, zones and the pieces its declarations made,
        before the variables and the setup: a State whose start was taken back) as a vector; its variables' slots
        are 0 until `setup_game` writes them."""
        import numpy as np
        return self.encode_into(state, np.zeros(self.size, dtype=np.int64), variables=False)

    def encode_into(self, state, st, variables: bool = True):
        """encode() into a vector of this layout's size (its slots past the pieces written are left as they
        are: nothing reads them)."""
        if state.pending is not None and not begins_by_itself(state):  # (by_itself.py: the move is begun again)
            raise HandOffError("a choice is pending in the middle of a move")
        st[:self.pieces] = 0
        st[self.top:self.top + len(self.space_names)] = -1  # (the spaces and the zones)
        players = {id(p): i for i, p in enumerate(state.players)}
        n, numbers = self._encode_pieces(state, st, players)
        encode_areas(self, state, st)
        st[HEADER.index("NPIECES")] = n
        st[HEADER.index("NEXT")] = -1
        st[HEADER.index("DECISIONS")] = state.decisions
        index = {id(s): i for i, s in enumerate(all_spaces(state))}
        for name, per_player, kind in self.variables if variables else ():
            at = self.var_slot[name]
            if kind == "vlist":
                encode_list(self, st, name, per_player, state, index, players, numbers)
            elif kind == "list":
                items = state.vars[name]
                if len(items) != self.list_length[name]:
                    raise HandOffError(f"the list {name} is not as long as at the start")
                for k, item in enumerate(items):
                    st[at + k] = int(item)
            elif kind in ("enum", "piece"):
                # (an enum value's place in its enum: attributes.PieceAttributes, made for a game with enums)
                for k, value in enumerate([p.vars[name] for p in state.players] if per_player else [state.vars[name]]):
                    st[at + k] = -1 if value is None else \
                        self.attributes.enum_number[value] if kind == "enum" else numbers[id(value)]
            elif per_player:
                for p in state.players:
                    st[at + p.index] = self._value(p.vars[name], kind, index, players)
            else:
                st[at] = self._value(state.vars[name], kind, index, players)
        st[HEADER.index("PHASE")] = state.phase or 0
        st[HEADER.index("TURN")] = state.turn_player.index
        st[HEADER.index("TURNNO")] = state.turn
        if state.over:
            winners, draw = state.standing()
            st[HEADER.index("OVER")] = 1
            # (an ended game: its outcome is read from the interpreter, never from here)
            st[HEADER.index("END_KIND")] = 3 if draw else 1
            st[HEADER.index("END_WHO")] = winners[0] if len(winners) == 1 else -1
        self.legality.encode(state, st, self)
        return st

    def _encode_pieces(self, state, st, players: dict) -> tuple[int, dict]:
        """Every piece the interpreter made into its slots, each place's stack, the counts; how many pieces, and
        each one's number (by id())."""
        import numpy as np
        # (the pieces are numbered in the order the interpreter made them, the box's too: a loop over a kind's
        # pieces is the interpreter's, and a piece made later takes the next number in both)
        pieces = sorted((p for ps in state.kind_pieces.values() for p in ps), key=_piece_id)
        number = {id(p): k for k, p in enumerate(pieces)}
        n = len(pieces)
        if n > self.max_pieces:
            raise HandOffError("more pieces than the native state holds")
        # (the pieces' slots made as one list and written into the vector at once: a search hands a world over for
        # every rollout, and in a game of many pieces most of a rollout went to writing them a slice a piece)
        kind_number = self._kind_number
        attributes = self.attributes
        stride = self.stride
        flat: list = []
        extend = flat.extend
        if attributes is None:
            for piece in pieces:
                extend((kind_number[piece.kind.name], players[id(piece.owner)] if piece.owner is not None else -1,
                        BOX, -1))
        else:
            for piece, tail in zip(pieces, attributes.piece_tails(pieces, self, players)):
                extend((kind_number[piece.kind.name], players[id(piece.owner)] if piece.owner is not None else -1,
                        BOX, -1, 1 if piece.up else 0))
                extend(tail)
        places = all_spaces(state) + area_places(self, state) + [self.zone_of(state, k)
                                                               for k in range(len(self.zone_places))]
        placed = 0
        counts: dict = {}
        top = st[self.top:self.top + len(places)]
        for s_index, s in enumerate(places):
            below = -1
            for piece in s.pieces:
                k = number[id(piece)]
                flat[stride * k + 2] = s_index
                flat[stride * k + 3] = below
                at = self.cnt + flat[stride * k] * (self.players + 1) + flat[stride * k + 1] + 1
                counts[at] = counts.get(at, 0) + 1
                below = k
                placed += 1
            top[s_index] = below
        if placed != sum(1 for p in pieces if p.loc is not state.box):
            raise HandOffError("a piece lies where the native state has no place")
        st[self.pieces:self.pieces + stride * n] = np.fromiter(flat, np.int64, len(flat))
        for at, count in counts.items():
            st[at] += count
        return n, number

    @staticmethod
    def _value(value, kind: str, spaces: dict, players: dict) -> int:
        """A variable's value as an int64: a number, a truth, a space's or a seat's index (none: -1)."""
        if value is None:
            return -1
        if kind == "space":
            return spaces[id(value)]
        if kind == "player":
            return players[id(value)]
        return int(value)
