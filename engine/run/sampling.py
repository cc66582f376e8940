"""A random legal move without listing them all, and whether there is a legal move at all.

A random playout needs one uniformly random legal move a turn, and the end of a turn needs to know only
whether the next player has one. Listing every legal move for that is most of a playout in a game with many
(a tile of the market, a place and a direction: hundreds of combinations tried a turn). So, as Ludii's
optimised playouts do (Piette et al., "Optimised playout implementations for the Ludii general game system",
2021), a move is drawn by rejection:

* each open action offers the product of its parameters' items (CompiledAction.sampler), its *candidates*;
  an action it cannot do that for (one parameter, one parameter's items that depend on another's, twins that
  are merged, `ensure`s) offers its legal moves, listed;
* one of all candidates is drawn uniformly; a listed move is kept at once, a candidate if the action's
  conditions hold for it, else another is drawn;
* after TRIES failures the moves are listed after all, and one of them is drawn.

Every draw that is kept is uniform over the legal moves (each legal move is one candidate, or one listed
move), and so is the listing at the end: the move is uniform whatever the number of tries. It is not the move
`legal_moves()[randbelow(n)]` would give for the same generator: a seeded random game is another game than
it was when bots drew from the list.
"""
from __future__ import annotations

from math import gcd

from ...grammar.limits import MAX_LOOP_STEPS
from .runtime import RuleError

TRIES = 12  # candidates drawn before listing the moves (a few hundred candidates cost as much as one listing)

_WRONG_KIND = (TypeError, AttributeError, KeyError, ValueError, IndexError, ZeroDivisionError)


def random_move(S, rng):
    """A uniformly random legal move of `S`, drawn with `rng` (IndexError when there is none)."""
    if S.phase not in S._draw_plans or S._cache_version == S._version or S.over or S.pending is not None:
        return draw_listed(S, rng)
    S._budget = MAX_LOOP_STEPS
    try:
        parts, total = _candidates(S)
        for _ in range(TRIES if total else 0):
            move = _candidate(S, parts, rng._randbelow(total))
            if move is not None:
                return move
    except RecursionError:
        raise RuleError("a rule calls itself without end") from None
    except _WRONG_KIND as err:
        raise RuleError.wrong_kind("a rule used a value of the wrong kind while listing the moves", err) from None
    return draw_listed(S, rng)


def has_moves(S):
    """Has the player to move (or the one to choose) a legal move? It tries a few candidates spread over all of
    them (in a fixed order: it draws nothing), then looks for one in order, stopping at the first."""
    if S.phase not in S._draw_plans or S._cache_version == S._version or S.over or S.pending is not None \
            or S._trying:
        return bool(S.legal_moves())
    S._budget = MAX_LOOP_STEPS
    try:
        regular, fallback = S._by_phase[S.phase]
        # (the candidates are made even when none is tried: making them may grow an area by the spaces a move could
        # go to, and the moves played next go there; random_move draws from them next)
        parts, total = _candidates(S)
        # a fallback move that exists is a legal move, or else a regular one is: where looking for one costs little
        # (an action of one parameter or none), it is looked for first, and no candidate is tried
        if S.phase in S._fallback_first and any(act.exists(S) for act in fallback):
            return True
        if total:
            step = _step(total)
            r = 0
            for _ in range(min(TRIES, total)):
                if _candidate(S, parts, r) is not None:
                    return True
                r = (r + step) % total
        return any(act.exists(S) for act in regular) or (S.phase not in S._fallback_first
                                                          and any(act.exists(S) for act in fallback))
    except RecursionError:
        raise RuleError("a rule calls itself without end") from None
    except _WRONG_KIND as err:
        raise RuleError.wrong_kind("a rule used a value of the wrong kind while listing the moves", err) from None


def _candidates(S):
    """([(weight, listed moves or None, items of each parameter or None, action)], total weight) of the open
    regular actions: kept for the position (has_moves, then random_move, make them once a turn)."""
    kept = S._draw_cache
    if kept is not None and kept[0] == S._version and kept[1] is S.turn_player:
        return kept[2], kept[3]
    parts: list[tuple] = []
    total = 0
    for act, lister in S._draw_plans[S.phase]:
        if act.sampler is None or act.ensures:
            listed: list = []
            lister(S, listed)
            if act.ensures:
                listed = [m for m in listed if S.unmet(m) is None]
            weight = len(listed)
            parts.append((weight, listed, None, act))
        else:
            domains = act.sampler[0](S)
            weight = 1
            for items in domains:
                weight *= len(items)
            parts.append((weight, None, domains, act))
        total += weight
    S._draw_cache = (S._version, S.turn_player, parts, total)
    return parts, total


def _candidate(S, parts, r):
    """Candidate number r (0 <= r < total weight): its move if it is legal, else None."""
    for part in parts:
        if r < part[0]:
            break
        r -= part[0]
    _, listed, domains, act = part
    if listed is not None:
        return listed[r]
    args = []
    for items in reversed(domains):
        r, i = divmod(r, len(items))
        args.append(items[i])
    return act.sampler[1](S, *reversed(args))  # (an action with `ensure`s is listed)


def _step(total):
    """A step through 0..total-1 that comes back to 0 only after visiting all: about total / golden ratio."""
    step = max(1, int(total * 0.618))
    while gcd(step, total) != 1:
        step -= 1
    return step


def draw_listed(S, rng):
    """One of the legal moves, listed, drawn with `rng`: what the random bot always did."""
    moves = S.legal_moves()
    n = len(moves)
    # randrange(n) is _randbelow(n) for n > 0, draw for draw (randrange says what is wrong with no move)
    return moves[rng._randbelow(n) if n else rng.randrange(n)]
