"""The draws of a game: shuffles and random picks, each forced where the run's script says (chance.Script), the
generator's state journalled for undo, and the chance events a search reads to tell what a seat cannot know
(chance.ChanceEvent). The functions taking `S` are State's methods (assigned in its class body)."""
from __future__ import annotations

from .chance import ChanceEvent, fork_random
from .journal import ADDED, ORDER, RNG
from .runtime import Piece


def shuffle(S, items):
    """Shuffle a list of pieces in place: a Fisher-Yates shuffle, one draw a step (the generator's own
    shuffle, draw for draw), each draw forced where the run's script says."""
    S.spend(len(items), None)  # (a step a piece: shuffles in a loop would fill the journal unseen)
    seen = seen_as_they_lie(items) if S.records else ()
    script = S._script
    first = len(script.used)
    S._journal.append((ORDER, items, list(items)))
    S._journal_weight += len(items)
    note_draw(S)
    randbelow = S.rng._randbelow  # (the generator's own draw)
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
    note_chance(S, ChanceEvent("shuffle", next_label(S), seen, outcome=tuple(order),
                                  draws=(first, len(script.used) - first)) if S.records else "shuffle")


def randrange(S, n):
    note_draw(S)
    return S._script.take(n, S.rng.randrange(n))


def note_draw(S):
    """Before a random number is drawn: the generator's state, for undo; the start needs none (restart
    seeds it afresh), only to know that it drew."""
    if S._starting:
        S._start_drew = True
    elif not S._rng_noted:
        # (once a decision or a try: undo goes back to where one began, and the first state after it is the
        # one it finds; a state noted at every draw filled gigabytes in a loop of draws)
        S._rng_noted = True
        S._journal.append((RNG, S.rng.getstate()))


def pick_at_random(S, items, into=None):
    """An item of a list picked at random (the rules' `random`); `into` says where the rules put it, when
    that is a place some players cannot see (see ChanceEvent)."""
    if not S.records:
        i = randrange(S, len(items))
        S._chance_count += 1  # (the labels of chance events are the same either way)
        return items[i]
    seen = seen_as_they_lie([x for x in items if isinstance(x, Piece)])
    first = len(S._script.used)
    i = randrange(S, len(items))
    note_chance(S, ChanceEvent("pick", next_label(S), seen, options=tuple(items), outcome=i,
                                  draws=(first, 1), into=into))
    return items[i]


def seen_as_they_lie(pieces):
    return tuple((p, p.loc, p.up, p.owner, p.kind.covered_hidden and p.covered) for p in pieces)


def next_label(S):
    S._chance_count += 1
    return (S._chance_move, S._chance_count)


def note_chance(S, event_or_kind, pieces=()):
    if not S.records:
        if not isinstance(event_or_kind, ChanceEvent):
            S._chance_count += 1
        return
    event = event_or_kind if isinstance(event_or_kind, ChanceEvent) else \
        ChanceEvent(event_or_kind, next_label(S), seen_as_they_lie(pieces))
    S.chance.append(event)
    S._journal.append((ADDED, S.chance))


def forget_unseen(S):
    """A position arranged by hand (engine/run/arrange.py) is a new start, which each seat knows as far as it
    sees it: to a seat, a piece it cannot see there could be any of the pieces it cannot see, whatever the
    rules file or the setup made of them (a hand written out is not the hand the tables dealt). Noted as a
    chance event of every piece as it lies (`arranged`), which knowledge.py reads as it reads a shuffle's."""
    note_chance(S, "arranged", [p for ps in S.kind_pieces.values() for p in ps])


def reseed(S, seed):
    """Draw the random numbers still to come from `seed` instead: a search samples chance afresh rather
    than read the game's future. The draws already made in the move in progress stay as they were. Not
    journalled: for a copy that a search works on (a copy runs a move waiting at a choice again from its
    start: see __getstate__)."""
    S._drop_suspended()
    start = None
    if S.pending is not None:  # the move is run again from its start at each choice: keep its draws
        start = next((op[1] for op in S._journal[S.pending.mark:] if op[0] == RNG), None)
    S.rng = fork_random(S.rng, start, seed)
