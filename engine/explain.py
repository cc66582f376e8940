"""Why a typed move is not legal: which condition of which rule failed, and where that rule is."""
from __future__ import annotations

from ..grammar.wording import did_you_mean
from .runtime import value_text


def explain(S, text: str) -> str:
    if S.is_over() and S.over:
        return "the game is over"
    if S.pending is not None:
        p = S.pending
        options = ", ".join(value_text(v) for v in p.options)
        return f"'{text}' is not a choice here: {p.chooser.name} must {p.prompt}; the choices are {options}"
    words = text.split()
    if not words:
        return "type a move"
    game = S.game
    regular, fallback = S.open_actions()
    now = regular + fallback
    by_name = {a.name: a for a in game.actions}
    act = by_name.get(words[0])
    if act is None:
        if len(regular) == 1:
            act, args = regular[0], words
        else:
            names = sorted({a.name for a in now})
            return f"there is no action '{words[0]}'{did_you_mean(words[0], by_name)}; the actions now are " \
                   f"{', '.join(names)}"
    else:
        args = words[1:]
    where = f"rule '{act.name}' ({act.where})"
    if act not in now:
        phase_names = [ph.name for ph in game.phases]
        return f"{where} belongs to phase '{phase_names[act.phase]}', and this is phase '{phase_names[S.phase]}'"
    if len(args) != len(act.params):
        usage = " ".join([act.name] + [p.name.upper() for p in act.params])
        return f"'{text}' is not a move: {where} takes {len(act.params)} value" \
               f"{'s' if len(act.params) != 1 else ''}: {usage}"
    L = [None] * act.size
    shown = " ".join([act.name] + args)
    for prm, word in zip(act.params, args):
        match = [v for v in prm.domain(S, L) if value_text(v) == word]
        if not match:
            return f"cannot {shown}: {word} is not one of {prm.domain_text} ({prm.name} in {where})"
        L[prm.slot] = match[0]
        if prm.test is not None and not prm.test.fn(S, L):
            return f"cannot {shown}: {where} requires {prm.test.text}"
    for cond in act.requires:
        if not cond.fn(S, L):
            why = cond.message or f"requires {cond.text}"
            return f"cannot {shown}: {where} (line {cond.line}) {why}"
    if act.fallback:
        return f"cannot {act.name}: {where} is allowed only when no other move is"
    return f"'{text}' is not a legal move now"
