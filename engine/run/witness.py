"""A path check answered by its witness: what `any`/`all` over a spreading walk (`region`, `group`) read, when an
`ensure` is noted on the position before the moves (watching.py).

`any(x in region(s, B) where C)` that is true stays true whatever else changes on the board, as long as the walk
from s to the x it found still exists and C still holds of x: the spaces of that chain are still in B, the walls
between them still down (for `group`, their top pieces still the owner's), s is still where the start expression
says, and C reads the same. A wall put up elsewhere, a piece moved elsewhere, can only cut other paths. So while
the condition is noted, the places the walk read are replaced, once `any` meets its witness, by those of the
witness's chain alone (the same for `all` that meets a counter-example); a walk looked through to its end (`any`
false, `all` true) keeps everything it read. A move that then changes nothing of the chain keeps the answer noted
(watching.known); one that touches it reads the condition again. A Quoridor wall then costs a look at the moves'
journal instead of a walk of the board for each pawn.

What the chain rests on:

* what the start expression and the walk's directions read (the reads noted before the walk, all kept; a place
  the start and the walk both read stays);
* for each space of the chain, that it is one of B: the places B read, or, when B is `[c for c in BOARD where
  F]` (written in place or as a def without parameters), only what F read of that space (`member`: F is read
  again for the chain's spaces, on the same position);
* each step's wall (the edge crossed: empty), and for `group`, the pieces of each space of the chain;
* what C read, of the witness and of the spaces looked at before it (a value C keeps from one space to the next
  was read at the first).

The compiler writes the walk as `_W_region`/`_W_group` only where it is the domain of `any`/`all` (expressions
`witness_loop`); elsewhere, and whenever no condition is being noted, they are `region` and `group` themselves.
"""
from __future__ import annotations

from heapq import heappop, heappush
from typing import Optional

from .library import group, near_spaces, region, steps_of, walked
from .watching import NOTING, untouched


class NotThatList(Exception):
    """A list's condition read again says otherwise of one of its own spaces (it cannot: the condition is then
    not noted, and is read on every move)."""


def mark():
    """A copy of the places read so far while a condition is noted (None when none is)."""
    read = getattr(NOTING, "read", None)
    return None if read is None else noted_set(read)


def noted_set(read) -> set:
    """The places a set of noted reads stands for: a set, or what is noted at a space of a walk (_AtSpace)."""
    if type(read) is _AtSpace:
        walk, x = read.walk, read.x
        _remember(walk, x)
        return read | walk.chain(x) | read.asked
    return set(read)


class _AtSpace(set):
    """What is noted while `any`/`all` reads its condition of space x of a walk: what it reads (the set itself),
    and, when it stops there, the chain to x and what the condition read of the spaces before (`asked`) — added
    only when the set is read (noted_set), not for each space looked at."""
    __slots__ = ("walk", "x", "asked")

    def __init__(self, walk: "_Walk", x, asked: set):
        super().__init__()
        self.walk, self.x, self.asked = walk, x, asked

    def noted(self) -> set:
        return noted_set(self)


class _Walk(list):
    """The spaces a walk met, in its order, with what each one's chain from the start rests on: `pre`, what the
    walk's arguments read; `came`, each space's (the space it was reached from, the wall's edge crossed);
    `owned`, the places read to know that a space may be walked (its condition in the list, its pieces)."""
    __slots__ = ("pre", "came", "owned", "member", "listed", "key", "read_at", "size_at")

    def __init__(self, out: list, read: set, pre: set, came: dict, owned: dict, member: Optional[tuple],
                 listed: Optional[frozenset], key: Optional[tuple]):
        super().__init__(out)
        self.pre, self.came, self.owned = pre, came, owned
        # (the list's (board, condition), read again for the chain's spaces; what the list read, when it is not;
        # what tells the walk from others, for a move tried: _remember)
        self.member, self.listed, self.key = member, listed, key
        self.read_at, self.size_at = read, len(read)  # (taken at its witness only if read at once: `witnessed`)

    def chain(self, x, start: bool = True) -> set:
        """The places the walk read on its way from the start to x, and (`start`) what its arguments read."""
        out = set(self.pre) if start else set()
        came, owned, member = self.came, self.owned, self.member
        while x is not None:
            own = owned.get(x)
            if own is None and member is not None:
                own = owned[x] = self._member_reads(x)
            if own:
                out |= own
            x, edge = came[x]
            if edge is not None:
                out.add(edge)
        return out

    def _member_reads(self, x) -> set:
        """What the list's condition reads of x (on the same position: a walk's chain is read before the
        condition's noting ends)."""
        read = NOTING.read
        own = NOTING.read = set()
        assert self.member is not None
        try:
            ok = self.member[1](x)
        finally:
            NOTING.read = read
        if not ok:
            raise NotThatList()
        return own


def _edge(t, n):
    """The wall's edge that the step from t to its neighbour n crosses (None on a board without walls)."""
    walls = t.walls
    if walls is None or t.links is not None:
        return None
    nbr = t.nbr
    for i in range(8):
        if nbr[i] is n:
            return walls[i]
    return None


def witness_region(S, site, member, s, spaces, dirs=None):
    """`region(s, spaces(), dirs)`, and while a condition is noted the walk with its chains. With `member` (the
    spaces of a board, and the condition that puts one of them in the list `spaces()` gives), what the list read
    is replaced by what the condition reads of each space of a chain. In a move tried, a witness kept from the
    position before that is still reached is given first (the list is then not worked out, see _WitnessFirst)."""
    read = getattr(NOTING, "read", None)
    if read is None or s is None:
        if s is not None and S._trial is not None:
            x, intact = _known_witness(S, site, s, dirs)
            if x is not None:
                if intact:
                    return _WitnessFirst(x, S, region, (s, spaces, dirs))
                # (with the list's condition, read only of the spaces the search looks at)
                inside = _listed(member) if member is not None else \
                    {t for t in walked(S, spaces()) if t is not None}.__contains__
                if inside(s) and inside(x) and _detour(S, s, x, steps_of(dirs), inside):
                    return _WitnessFirst(x, S, region, (s, spaces, dirs))
        return region(S, s, spaces(), dirs)
    before = mark()
    spaces = spaces()
    after = mark()
    read = NOTING.read
    so_far = noted_set(read)
    pre = so_far if member is None else before | (so_far - after)
    inside = {t for t in walked(S, spaces) if t is not None}
    if s not in inside:
        return []
    # region's walk (engine/run/library.py _spread), each space met noting the space it was reached from
    steps = steps_of(dirs)
    inside.discard(s)
    out = [s]
    came: dict = {s: (None, None)}
    spent = 0
    for t in out:
        near = near_spaces(t, steps)
        spent += len(near) + 1
        for n in near:
            if n in inside:
                inside.discard(n)
                out.append(n)
                came[n] = (t, _edge(t, n))
    S.spend(spent, None)
    # (the places `spaces` read, when its condition is not read again for each space: a chain rests on them)
    listed = frozenset() if member is not None else frozenset(after - before)
    return _Walk(out, read, pre, came, {}, member, listed, _key(S, site, s, dirs))


def witness_group(S, site, s, dirs=None):
    """`group(s, dirs)`, and while a condition is noted the walk with its chains (each space's pieces)."""
    read = getattr(NOTING, "read", None)
    if read is None:
        if s is not None and S._trial is not None:
            x, intact = _known_witness(S, site, s, dirs)
            if x is not None and s.pieces:
                who = s.pieces[-1].owner
                if intact or _detour(S, s, x, steps_of(dirs), lambda n: n.pieces and n.pieces[-1].owner is who):
                    return _WitnessFirst(x, S, group, (s, dirs))
        return group(S, s, dirs)
    pre = noted_set(read)
    if s is None or not s.pieces:
        return []
    # group's walk (engine/run/library.py), each space met noting the space it was reached from
    who = s.pieces[-1].owner
    steps = steps_of(dirs)
    seen, todo, out = {s}, [s], []
    came: dict = {s: (None, None)}
    while todo:
        t = todo.pop()
        out.append(t)
        for n in near_spaces(t, steps):
            if n is not None and n not in seen and n.pieces and n.pieces[-1].owner is who:
                seen.add(n)
                todo.append(n)
                came[n] = (t, _edge(t, n))
    walked(S, out)
    return _Walk(out, read, pre, came, {t: {t} for t in out}, None, frozenset(), _key(S, site, s, dirs))


def witnessed(items):
    """The spaces of a walk for `any`/`all` to look through: while a condition is noted, as each is looked at,
    what is noted is what its chain rests on and what the condition read so far, so that where `any` (`all`)
    stops, at its witness (counter-example), the rest of the walk is no longer noted; looked through to its end,
    everything is."""
    if type(items) is _WitnessFirst:
        return _first_then_rest(items)
    if type(items) is not _Walk or items.read_at is not getattr(NOTING, "read", None) \
            or len(items.read_at) != items.size_at:
        return items  # (not noted, or not read at once: kept as read)
    return _through(items)


def _through(walk: _Walk):
    start = walk.read_at
    asked: set = set()  # what the condition read, of every space looked at
    for x in walk:
        here = NOTING.read = _AtSpace(walk, x, asked)
        yield x
        got = NOTING.read  # (what the condition read of x; a walk within it may have noted its own witness)
        asked |= got if got is here else noted_set(got)
    NOTING.read = noted_set(start) | asked


# ---------------------------------------------------------------- a witness met again in a move tried
#
# When a move tried touches what a noted condition read, the condition is read again on the position the move
# leaves; but of its walks, those whose witness's chain the move left alone still reach that witness. So each
# witness met while noting is kept with its chain (by where its walk is written, its start, its directions and the
# values of the locals its list reads), and a walk of a move tried whose chain is untouched gives that witness
# first: `any` true of it (or `all` false) needs no walk; otherwise the walk is made and looked through as before.


def _key(S, site, s, dirs):
    if site is None:
        return None
    key = (site, s, None if dirs is None else tuple(dirs))
    try:
        hash(key)
    except TypeError:  # (a local of the list that is a list)
        return None
    return S, key


def _remember(walk: _Walk, x) -> None:
    """Keep x, a witness met while noting, with what its chain read (not what the start read: the start is
    worked out again, and is part of the key)."""
    if walk.key is None or walk.listed is None:
        return
    S, key = walk.key
    # (kept with the answers noted for the position, S._watched: made anew for another position, or when the
    # pieces were changed without the journal, State.forget_listings)
    kept = getattr(S, "_witnesses", None)
    if kept is None or kept[0] is not S._watched:
        kept = S._witnesses = (S._watched, {})
    witnesses: dict = kept[1]
    witnesses[key] = (x, frozenset(walk.chain(x, start=False) | walk.listed), NOTING.kinds)


_NO_WITNESS = (None, False)


def _known_witness(S, site, s, dirs):
    """In a move tried: (the witness kept for this walk on the position before it, whether the move left its
    chain alone), or (None, False)."""
    trial = S._trial
    kept = getattr(S, "_witnesses", None)
    if kept is None or kept[0] is not S._watched or S._watch_at != trial or S.turn_player is not trial[2]:
        return _NO_WITNESS
    key = _key(S, site, s, dirs)
    got = None if key is None else kept[1].get(key[1])
    if got is None:
        return _NO_WITNESS
    x, places, kinds = got
    return x, kinds is not None and None not in kinds and untouched(S, S._journal[trial[0]:], places, kinds)


def _detour(S, s, x, steps, allowed) -> bool:
    """Can x still be reached from s, step by step (as the walk steps) through spaces `allowed`? Looked for
    nearest to x first on the plane (a wall put across a chain is mostly walked round in a few steps); each
    space looked from and each neighbour looked at counts against the move's budget, as the walk's do."""
    if x is s:
        return True
    tx, ty = x.px, x.py
    seen = {s}
    ahead = [(abs(s.px - tx) + abs(s.py - ty), 0, s)]
    met = spent = 0
    try:
        while ahead:
            t = heappop(ahead)[2]
            near = near_spaces(t, steps)
            spent += len(near) + 1
            for n in near:
                if n is not None and n not in seen and allowed(n):
                    if n is x:
                        return True
                    seen.add(n)
                    met += 1
                    heappush(ahead, (abs(n.px - tx) + abs(n.py - ty), met, n))
        return False
    finally:
        S.spend(spent, None)


def _listed(member):
    board, cond = _board_set(member[0]), member[1]

    def inside(n) -> bool:
        return n in board and bool(cond(n))
    return inside


# id of a board's list of spaces -> (the list, kept alive while it is here, its spaces as a set); a few boards'
# (a language server builds a game again at every edit: what is kept stays bounded)
_BOARD_SETS: dict = {}
_BOARD_SETS_KEPT = 32


def _board_set(spaces) -> frozenset:
    got = _BOARD_SETS.get(id(spaces))
    if got is None or got[0] is not spaces:
        if len(_BOARD_SETS) >= _BOARD_SETS_KEPT:
            _BOARD_SETS.clear()
        got = _BOARD_SETS[id(spaces)] = (spaces, frozenset(spaces))
    return got[1]


class _WitnessFirst(list):
    """A walk of a move tried that starts with the witness kept for it (`witnessed` looks through the rest only
    if the condition asks for more: the walk is then made, and x is not given twice)."""
    __slots__ = ("S", "walk", "args")

    def __init__(self, x, S, walk, args):
        super().__init__((x,))
        self.S, self.walk, self.args = S, walk, args


def _first_then_rest(first: _WitnessFirst):
    x = first[0]
    yield x
    if first.walk is region:
        s, spaces, dirs = first.args
        rest = region(first.S, s, spaces(), dirs)
    else:
        rest = group(first.S, *first.args)
    first.S.spend(len(rest) - 1, None)  # (as much as the walk looked through from the start)
    for y in rest:
        if y is not x:
            yield y
