"""Listing the legal moves of the actions open now: each action's generator, with a budget of its own; moves a
player cannot tell apart made one; `KIND of OWNER` worked out once for all the actions listed. The functions
taking `S` are State's methods (assigned in its class body)."""
from __future__ import annotations

from operator import itemgetter

from ...grammar.limits import MAX_LEGAL_MOVES, MAX_LOOP_STEPS
from .moves import Move
from .runtime import WRONG_KIND, RuleError, value_text


def listed_of(S, kind, owner):
    """`KIND of OWNER` while moves are listed: the pieces of a kind in play with this owner, worked out once
    for all the actions listed (nothing changes while they are: every listing starts afresh)."""
    at = (len(S._journal), S._version)
    if S._listed_at != at:  # (a change since: the moves of another position are listed)
        S._listed, S._listed_at = {}, at
    key = (kind, owner)
    pieces = S._listed.get(key)
    if pieces is None:
        box = S.box
        pieces = S._listed[key] = [p for p in S.kind_pieces[kind] if p.owner is owner and p.loc is not box]
    return pieces


def list_moves(S):
    """The legal moves of the actions open now; listing them has a budget of its own."""
    moves: list[Move] = []
    S._listed_at = ()  # (a position arranged by hand changes nothing the journal sees)
    S._budget = MAX_LOOP_STEPS
    regular, fallback = S._listers[S.phase]
    try:
        for gen in regular:
            gen(S, moves)
        if not moves:
            for gen in fallback:
                gen(S, moves)
    except RecursionError:
        raise RuleError("a rule calls itself without end") from None
    except WRONG_KIND as err:
        raise RuleError.wrong_kind("a rule used a value of the wrong kind while listing the moves", err,
                                   S.game.rules_line(err)) from None
    if len(moves) > MAX_LEGAL_MOVES:
        raise RuleError(f"there are more than {MAX_LEGAL_MOVES} legal moves at once")
    if S._trying:
        moves = [m for m in moves if not m.action.ensures or S.unmet(m) is None]
        if not moves and fallback and any(a.ensures for a in S.game.actions):
            for gen in fallback:
                gen(S, moves)
            moves = [m for m in moves if not m.action.ensures or S.unmet(m) is None]
    return moves


def unique(moves):
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


def lister(act):
    """The function that adds an action's legal moves to a list: its generator, and for an action whose
    pieces may have twins, one that merges the moves that read the same."""
    if not act.dedupe:
        return act.gen

    def list_merged(S, moves):
        mine: list = []
        act.gen(S, mine)
        moves.extend(unique(mine))
    return list_merged
