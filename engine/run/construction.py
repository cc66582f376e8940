"""Building a state: its players, boards, zones and pieces from a compiled game, and what the players
brought (hands from files), checked against what the game declares; and the checks of a set-up (players,
options) before any of it is made. Functions of the State being built (`S`), called once from State.__init__."""
from __future__ import annotations

import re
from functools import partial

from ...grammar.limits import MAX_DIGITS, MAX_INPUT_PROBLEMS, MAX_INPUT_SUGGESTION_WORK
from ...grammar.types import RELATIVE_DIRECTIONS
from ...grammar.wording import did_you_mean, limited_suggestions, player_count, quoted_short
from ..build.compiler import CompiledGame
from .drawing import note_chance
from .moves import Move
from .runtime import DIR_BY_VECTOR, DIRS, AreaSpace, Board, Player, Space, Zone, rotate, value_text
from .topology import Layout, board_size, build_walls, connect, neighbor_steps, sites
from .topology import label as _label

_OPTION_NUMBER = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS)

DEFAULT_FACINGS = {1: ("south",), 2: ("south", "north"), 3: ("south", "west", "north"),
                   4: ("south", "west", "north", "east")}


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


def _input_key(text) -> str:
    """A name in an input list, as it is looked up: case, dashes and underscores aside."""
    return " ".join(str(text).replace("-", " ").replace("_", " ").lower().split())


def _input_index(pool: list, keys) -> dict:
    """The pieces of `pool` by each name a list may give them: each key attribute's value, and the text a move
    names the piece by (`Bottle Rocket-1`)."""
    index: dict = {}
    for p in pool:
        names = [_input_key(p.attrs.get(k)) for k in keys]
        if keys:
            names.append(_input_key(value_text(p)))
        for name in dict.fromkeys(names):
            index.setdefault(name, []).append(p)
    return index


class SetupError(ValueError):
    """A number of players or an option the game does not have; str() says why."""


def check_setup(game: CompiledGame, players: int, options) -> None:
    """Refuse a number of players or options that the game does not have (SetupError)."""
    if not game.min_players <= players <= game.max_players:
        raise SetupError(f"{game.title} is for {player_count(game.min_players, game.max_players)}, not {players}")
    option_values(game, options)


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


def build_players(S):
    game, n = S.game, S.n
    facings = game.facings[:n] if game.facings else DEFAULT_FACINGS.get(n, DEFAULT_FACINGS[4])
    S.players = [Player(i, game.seat_names[i], facings[i % len(facings)]) for i in range(n)]
    for p in S.players:
        for name, (dx, dy) in RELATIVE_DIRECTIONS.items():
            p.rel[name] = DIR_BY_VECTOR[rotate(dx, dy, p.turns)]


def build_zones(S):
    S.zones = {}
    S.supply = Zone("supply", None, "secret", None)
    S.box = Zone("box", None, "public", None)
    for z in S.game.zones:
        if z.per_player:
            for p in S.players:
                p.zones[z.name] = Zone(z.name, p, z.visibility, z.capacity, z.size_hidden)
        else:
            S.zones[z.name] = Zone(z.name, None, z.visibility, z.capacity, z.size_hidden)


def build_pieces(S):
    """The pieces of the game's tables, where the tables put them."""
    S.kind_pieces = {k: [] for k in S.game.kinds}
    S._next_id = 0
    for table in S.game.tables:
        owners = S.players if table.each_player else [None]
        for owner in owners:
            zone = table.zone
            dest = (owner.zones[zone] if owner is not None else S.zones[zone]) if zone else S.supply
            for attrs_ in table.rows:
                S._new_piece(table.kind, dict(attrs_), owner, True, dest)


def take_inputs(S, inputs):
    """Fill declared input zones from what each player brought: lists of (line number, text)."""
    declared = {i.zone: (i.count, i.kind, i.source) for i in S.game.inputs}
    problems = _Problems()
    with limited_suggestions(MAX_INPUT_SUGGESTION_WORK):
        for zone, by_seat in inputs.items():
            if zone not in declared:
                problems.add(f"{S.game.title} takes no '{quoted_short(zone)}' from the players"
                             + (f" (it takes: {', '.join(declared)})" if declared else ""))
                continue
            count, kind, source = declared[zone]
            for seat, lines in by_seat.items():
                take_input(S, zone, count, kind, source, S.players[seat], lines, problems)
    if problems.count:
        raise InputError(problems.told, problems.count - len(problems.told))


def take_input(S, zone, count, kind, source, player, lines, problems):
    chosen: list = []
    where: dict = {}
    found = problems.count
    pool = [p for p in player.zones[source].pieces if p.kind.name == kind]

    key = _input_key
    keys = pool[0].kind.shown if pool else ()
    index = _input_index(pool, keys)
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
    note_chance(S, "brought", pool)  # the others cannot tell which pieces were chosen
    if problems.count == found and len(chosen) != count:
        problems.add(f"{said} has {len(chosen)} {kind}s, and it must have {count}")
    if problems.count == found:
        for piece in chosen:
            S.move_piece(piece, player.zones[zone], None)


def build_boards(S):
    S.boards = {}
    S.spaces = []
    S.plane = {}
    used = set()
    layout = Layout(S.game.boards)
    for bi, spec in enumerate(S.game.boards):
        if spec.per_player:
            continue
        name = spec.name
        board = Board(name, *board_size(spec), bi, area=spec.area, shape=spec.shape,
                      visibility=spec.visibility)
        S.boards[name] = board
        board.steps = neighbor_steps(spec)
        names = sites(spec, S.game.boards, bi, layout)
        clash = any(label in used for _, _, label, _, _ in names)
        for x, y, label, px, py in names:
            if clash:
                label = f"{name}.{label}"
            used.add(label)
            s = (AreaSpace if board.area else Space)(board, x, y, label, px, py, len(S.spaces))
            board.spaces.append(s)
            board.by_xy[(x, y)] = s
            S.spaces.append(s)
            S.plane[(px, py)] = s
        connect(board, spec)
    for spec in S.game.boards:
        if spec.of is not None:
            S.boards[spec.name].of = S.boards[spec.of]
            if spec.walls:
                build_walls(S.boards[spec.of], S.boards[spec.name], S.plane)
    S.space_by_name = {s.name: s for s in S.spaces}
    S.grid_spaces = {name: b.in_play() for name, b in S.boards.items() if not b.area}
    S.plane_bound = max((max(abs(x), abs(y)) for x, y in S.plane), default=0) + 1


def space_moves(S, act):
    moves: list = [None] * len(S.spaces)
    for s in S.grid_spaces[act.over_board]:
        moves[s.index] = Move(act, (s,))
    return moves


def build_player_boards(S):
    """Each player's own boards: a grid of its own, or an area that grows as pieces are put on it."""
    for bi, spec in enumerate(S.game.boards):
        if not spec.per_player:
            continue
        for p in S.players:
            board = Board(spec.name, spec.width, spec.height, bi, area=spec.area, owner=p,
                          visibility=spec.visibility)
            p.boards[spec.name] = board
            board.steps = neighbor_steps(spec)
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
