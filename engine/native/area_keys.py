"""solve's key of an area's spaces on the native backend (engine/native/analyses.py, build.py's position_key).

The interpreter's solve tells positions apart by `repetition.position_key`, which names an area's spaces that hold
pieces, in the order they were made (`Board.in_play`), by their names (their columns and rows), and leaves out the
spaces made empty (by `frontier`, `at`): two lines of play that lay the same pieces on the same spaces in the same
order are one position there, whatever else each line's listings made. Natively an area's k-th place is its k-th
space made, its column, row, neighbours and the table from (x, y) to it are slots of the vector: keyed slot by
slot, the same position reached by two lines that made other empty spaces (or made them in another order) would be
two, and solve would visit it twice (its fractions the same, its count of positions not the interpreter's).

So the key leaves out the area's places and slots and writes instead, for each area, the number of its places that
hold pieces, then each such place in the order it was made: its column, its row, its pieces as position_key writes
a space's (top first), and a 0. Two native positions get the same key exactly when the interpreter's keys of their
areas are equal (the rest of the key is the other places' and slots' as before).
"""
from __future__ import annotations

# a place's pieces in a key, from the top piece p down, written from out[n]; the next free (position_key's too)
STACK_KEY = '''

@njit(cache=True)
def stack_key(st, out, n, p):
    # each piece, top first, as its (kind, owner) number (2 or more) and its other fields (face, attributes)
    while p >= 0:
        out[n] = 1 + st[PIECES + PSTRIDE * p] * (NP + 1) + st[PIECES + PSTRIDE * p + 1] + 1
        n += 1
        for f in range(4, PSTRIDE):
            out[n] = st[PIECES + PSTRIDE * p + f]
            n += 1
        p = st[PIECES + PSTRIDE * p + 3]
    return n
'''


def area_key_source(layout) -> str:
    """The module's `area_key(st, out, n)` (the areas' part of the key, written from out[n]: the next free) and the
    ranges of places and of slots position_key leaves out (empty ranges in a game without an area), after
    `stack_key`."""
    return STACK_KEY + _area_key(layout)


def _area_key(layout) -> str:
    if not layout.area_count:
        return '''

# (no area: position_key keys every place and every slot)
KEY_PLACES_OUT = (0, 0)
KEY_SLOTS_OUT = (0, 0)


@njit(cache=True)
def area_key(st, out, n):
    return n
'''
    first = layout.area_first
    slots = layout.area_slots
    after = slots["AREA_HASH"] + layout.area_count * _table_size(layout)
    return f'''

# the areas' places and slots, which position_key leaves to area_key (engine/native/area_keys.py)
KEY_PLACES_OUT = ({first}, {first + layout.area_count * layout.area_cap})
KEY_SLOTS_OUT = ({slots["AREA_N"]}, {after})


@njit(cache=True)
def area_key(st, out, n):
    # each area as the interpreter's key has it: its places with pieces, in the order they were made, each its
    # column, row and pieces (top first), then a 0; their number first
    for a in range(NAREAS):
        held = 0
        for k in range(st[AREA_N + a]):
            if st[TOP + AREA0 + a * AREACAP + k] >= 0:
                held += 1
        out[n] = held
        n += 1
        for k in range(st[AREA_N + a]):
            p = st[TOP + AREA0 + a * AREACAP + k]
            if p < 0:
                continue
            out[n] = st[AREA_X + a * AREACAP + k]
            out[n + 1] = st[AREA_Y + a * AREACAP + k]
            n = stack_key(st, out, n + 2, p)
            out[n] = 0
            n += 1
    return n
'''


def _table_size(layout) -> int:
    from .areas import table_size
    return table_size(layout.area_cap)
