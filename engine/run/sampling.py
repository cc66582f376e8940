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
from typing import Optional

from .runtime import WRONG_KIND, RuleError

TRIES = 12  # candidates drawn before listing the moves (a few hundred candidates cost as much as one listing)



class Sampler:
    """What drawing a random move keeps for one state: (action, its lister) of each regular action, by phase, in
    the phases where some action's moves can be drawn without listing them (`plans`); the phases whose fallback
    actions are quickly looked through, one parameter or none, which has_moves asks first (`fallback_first`);
    whether some moves are legal only by what they do (`ensure`); and the candidates of the position last drawn
    in (`kept`: the position's version, the player to move, the candidates, their number)."""
    __slots__ = ("plans", "fallback_first", "trying", "kept")

    def __init__(self, game, listers):
        self.plans = {ph: tuple(zip(regular, listers[ph][0]))
                      for ph, (regular, _) in game.open_actions.items()
                      if any(a.sampler is not None for a in regular)}
        self.fallback_first = {ph for ph, (_, fallback) in game.open_actions.items()
                               if fallback and all(len(a.params) <= 1 and not a.ensures for a in fallback)}
        self.trying = any(a.ensures for a in game.actions)
        self.kept: Optional[tuple] = None


def random_move(S, rng):
    """A uniformly random legal move of `S`, drawn with `rng` (IndexError when there is none)."""
    if S.phase not in S.sampler.plans or S.moves_listed or S.over or S.pending is not None:
        return draw_listed(S, rng)
    S.fresh_budget()
    try:
        parts, total = _candidates(S)
        for _ in range(TRIES if total else 0):
            move = _candidate(S, parts, rng._randbelow(total))
            if move is not None:
                return move
    except RecursionError:
        raise RuleError("a rule calls itself without end") from None
    except WRONG_KIND as err:
        raise RuleError.wrong_kind("a rule used a value of the wrong kind while listing the moves", err) from None
    return draw_listed(S, rng)


def has_moves(S):
    """Has the player to move (or the one to choose) a legal move? It tries a few candidates spread over all of
    them (in a fixed order: it draws nothing), then looks for one in order, stopping at the first."""
    sampler = S.sampler
    if S.phase not in sampler.plans or S.moves_listed or S.over or S.pending is not None or sampler.trying:
        return bool(S.legal_moves())
    S.fresh_budget()
    try:
        regular, fallback = S.open_actions()
        # (the candidates are made even when none is tried: making them may grow an area by the spaces a move could
        # go to, and the moves played next go there; random_move draws from them next)
        parts, total = _candidates(S)
        # a fallback move that exists is a legal move, or else a regular one is: where looking for one costs little
        # (an action of one parameter or none), it is looked for first, and no candidate is tried
        if S.phase in sampler.fallback_first and any(act.exists(S) for act in fallback):
            return True
        if total:
            step = _step(total)
            r = 0
            for _ in range(min(TRIES, total)):
                if _candidate(S, parts, r) is not None:
                    return True
                r = (r + step) % total
        return any(act.exists(S) for act in regular) or (S.phase not in sampler.fallback_first
                                                          and any(act.exists(S) for act in fallback))
    except RecursionError:
        raise RuleError("a rule calls itself without end") from None
    except WRONG_KIND as err:
        raise RuleError.wrong_kind("a rule used a value of the wrong kind while listing the moves", err) from None


def _candidates(S):
    """([(weight, listed moves or None, items of each parameter or None, action)], total weight) of the open
    regular actions: kept for the position (has_moves, then random_move, make them once a turn)."""
    sampler = S.sampler
    kept = sampler.kept
    if kept is not None and kept[0] == S.version and kept[1] is S.turn_player:
        return kept[2], kept[3]
    parts: list[tuple] = []
    total = 0
    for act, lister in sampler.plans[S.phase]:
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
    sampler.kept = (S.version, S.turn_player, parts, total)
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
