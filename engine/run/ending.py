"""The end of a game: the `at end` rules, then who won (the ending a rule declared, or the ranking by score and
`rank by` keys), and the Outcome the front ends read. The functions taking `S` are State's methods, or called
from its turn's end."""
from __future__ import annotations

from typing import Optional

import attrs


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


def conclude(S):
    """The game is over: run the `at end` triggers (final scoring, side results), then settle who won."""
    if S.over:
        return
    S.set_attr(S, "over", True)
    notes_from = len(S.log)
    S._run_rules(S.game.triggers["end"])
    winners, draw, tied = standing_with_ties(S)
    notes = tuple(text for (_, text), readers in zip(S.log[notes_from:], S.log_readers[notes_from:])
                  if readers is None)
    S.set_attr(S, "result", (winners, draw, notes, tied))


def standing(S):
    """(winners, draw) as the game stands: its declared end, or the ranking."""
    winners, draw, _ = standing_with_ties(S)
    return winners, draw


def solo(S) -> bool:
    """Is this a game of one player with results of its own (edition 3): `lose` a loss, `finish` a score?"""
    return S.n == 1 and S.game.edition >= 3


def standing_with_ties(S):
    """(winners, draw, tied): `tied` are the seats level at the top of the ranking, when it decided. With one
    player (edition 3) nobody is ranked: `finish` is neither a win nor a loss (the result is the score), and
    `lose` is a loss (no winner, no draw); in edition 2 they were a win (or a draw without a score) and a draw."""
    kind, who = S.declared_end if S.declared_end is not None else ("finish", None)
    if solo(S) and kind == "finish":
        return (), True, ()
    if kind == "win":
        return tuple(p.index for p in (who if isinstance(who, list) else [who]) if p is not None), False, ()
    if kind == "lose":
        losers = {p.index for p in (who if isinstance(who, list) else [who]) if p is not None}
        return tuple(i for i in range(S.n) if i not in losers), False, ()
    if kind == "draw":
        return (), True, ()
    return _ranking(S)


def winners(S):
    return [S.players[i] for i in standing(S)[0]]


def _ranking(S):
    keys = S.game.rank
    if not keys and not S.game.has_score:
        return (), True, ()
    # the players at the top by the first key, then by the next among them alone, and so on: a tie-break is
    # worked out only for the players it could separate (the top of the ranking by all the keys at once)
    top = tuple(p.index for p in S.players)
    if not keys:
        scores = [S.players[i].vars["score"] for i in top]
        best = max(scores)
        top = tuple(i for i, v in zip(top, scores) if v == best)
    for k in keys:
        if len(top) == 1:
            break
        values = []
        for i in top:
            L = [None] * k.size
            L[k.slot] = S.players[i]
            values.append(k.fn(S, L))
        best = max(values)
        top = tuple(i for i, v in zip(top, values) if v == best)
    if len(top) == 1:
        return top, False, ()
    if len(top) == S.n and not S.game.ties_share:
        return (), True, top  # everyone level: nobody beat anybody
    return top, False, top


def outcome(S):
    if not S.over:
        return None
    assert S.result is not None  # (set when the game ended)
    winners, draw, notes, tied = S.result
    scores = {p.index: p.vars["score"] for p in S.players} if S.game.has_score else None
    level = " and ".join(S.players[i].name for i in tied)
    if solo(S):
        return _solo_outcome(S, winners, draw, scores, notes)
    if draw or not winners:
        text = f"draw: {level} tie" if tied else "draw"
    elif len(winners) == 1:
        text = f"{S.players[winners[0]].name} wins"
    else:
        text = " and ".join(S.players[i].name for i in winners) + (" tie and" if tied else "") + " share the win"
    return Outcome(tuple(winners), bool(draw or not winners), scores, text, {"notes": list(notes)} if notes else {},
                   S.end_reason, tuple(tied))


def _solo_outcome(S, winners, draw, scores, notes):
    """The result of a game of one player: won, lost (no winner and no draw), or neither: a `draw`, or a
    `finish`, whose result is the score (`solo finishes with 2048`)."""
    name = S.players[0].name
    kind = S.declared_end[0] if S.declared_end is not None else "finish"
    if winners:
        text = f"{name} wins"
    elif not draw:
        text = f"{name} loses"
    elif kind == "finish":
        text = f"{name} finishes" + (f" with {scores[0]}" if scores is not None else "")
    else:
        text = "draw"
    return Outcome(tuple(winners), bool(draw), scores, text, {"notes": list(notes)} if notes else {}, S.end_reason)
