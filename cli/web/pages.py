"""What a page of a game is sent: a seat's state (its view drawn, its moves as clicks, the log as it reads
it), or the spectators' (what every seat but a piece's owner sees)."""
from __future__ import annotations

import copy
from typing import Optional

from ...engine.run.choices import CHOICE
from ..play import plays
from .clicks import click_steps
from .svg import Palette, boards_html, zones_html
from .table import Table


def public_view(S) -> dict:
    """What a spectator may see: each piece as a seat that does not own it sees it, each zone as the seats
    that may not look into it see it (its pieces left out), each player's variables as another player sees
    them, and no choice to make."""
    n = S.num_players
    views = [S.view(i) for i in range(n)]
    if n == 1:
        out = copy.deepcopy(views[0])
        for z in out["zones"]:
            if z.get("owner") is not None:
                z.update(visible=False, pieces=[])
        return out
    out = copy.deepcopy(views[0])
    names = [p["seat"] for p in out["players"]]

    def stranger(owner) -> int:
        """A seat that is not `owner`'s."""
        return (names.index(owner) + 1) % n if owner in names else 1

    for bi, b in enumerate(out["boards"]):
        if any(v["boards"][bi].get("visible") is False for v in views):
            hidden = next(v["boards"][bi] for v in views if v["boards"][bi].get("visible") is False)
            out["boards"][bi] = copy.deepcopy(hidden)
            continue
        for si, sp in enumerate(b["spaces"]):
            sp["pieces"] = [copy.deepcopy(views[stranger(p.get("owner"))]["boards"][bi]["spaces"][si]["pieces"][k])
                            for k, p in enumerate(sp["pieces"])]
    for zi, z in enumerate(out["zones"]):
        hidden = [v["zones"][zi] for v in views if not v["zones"][zi]["visible"]]
        if hidden:
            out["zones"][zi] = copy.deepcopy(hidden[0])
            continue
        z["pieces"] = [copy.deepcopy(views[stranger(p.get("owner"))]["zones"][zi]["pieces"][k])
                       for k, p in enumerate(z["pieces"])]
    out["players"] = [copy.deepcopy(views[stranger(p["seat"])]["players"][i]) for i, p in enumerate(out["players"])]
    out.update(seat=None, facing=None, choice=None)
    return out


def history_lines(table: Table, seat: Optional[int]) -> list:
    S = table.state
    movers = table.session.movers
    lines = []
    played = S.played
    for k in range(len(S.history)):
        mover = movers[k] if k < len(movers) else 0
        if seat is not None:
            text = S.move_as_read(k, seat)
        else:   # a spectator reads a move as every other seat does, or only that it was made
            read = {S.move_as_read(k, i) for i in range(S.num_players) if i != mover}
            text = read.pop() if len(read) == 1 else "(a move)"
        if text is None:
            continue
        action = played[k].action
        lines.append(f"{S.seat_name(mover)} chooses {text}" if action is CHOICE else
                     f"{S.seat_name(mover)}{plays(action, text)}")
    return lines


def log_lines(S, seat: Optional[int]) -> list:
    if seat is None:
        return [text for (_, text), readers in zip(S.log, S.log_readers) if readers is None]
    return [text for _, text in S.log_for(seat)]


def seat_list(table: Table, view: dict) -> list:
    S = table.state
    palette = Palette(view)   # (the game's own colours for its players, where its `display:` lines give them)
    out = []
    for i, kind in enumerate(table.seat_kinds):
        who = {"here": "at this screen", "elsewhere": "a person elsewhere"}.get(kind, f"bot ({kind})")
        out.append({"name": S.seat_name(i), "who": who, "colour": palette.owner(S.seat_name(i))})
    return out


def payload(table: Table, seat: Optional[int], seats: tuple) -> dict:
    """Everything a page showing `seat` (None: a spectator) is sent."""
    S = table.state
    session = table.session
    view = S.view(seat) if seat is not None else public_view(S)
    deciding = table.deciding()
    mine = seat is not None and seat in deciding
    moves, buttons, extra = click_steps(S, seat, session.moves(seat)) if seat is not None and mine else ([], {}, {})
    answered = seat is not None and seat in session.answers
    over = S.is_over()
    outcome = S.outcome() if over else None
    if outcome is not None:
        status = f"game over: {outcome.text}"
    elif mine:
        status = f"{S.seat_name(seat)}: your {'answer' if S.simultaneous else 'move'} ({len(moves)} legal)"
    else:
        names = ", ".join(S.seat_name(i) for i in deciding)
        status = f"waiting for {names}" + (" (you have answered)" if answered else "")
    return {
        "type": "state", "n": len(S.history), "game": str(S.game.title), "about": str(S.game.about or ""),
        "seat": S.seat_name(seat) if seat is not None else None, "seatIndex": seat,
        "mySeats": [S.seat_name(i) for i in seats], "seats": seat_list(table, view),
        "board": boards_html(view, extra), "zones": zones_html(view),
        "moves": moves, "buttons": buttons, "prompt": view.get("choice") if mine else None,
        "status": status, "deciding": mine, "answered": answered,
        "vars": _var_lines(view),
        "over": over, "result": outcome.text if outcome else None, "reason": getattr(outcome, "reason", None),
        "scores": ({S.seat_name(i): v for i, v in outcome.scores.items()} if outcome and outcome.scores else {}),
        "notes": list(outcome.extra.get("notes", [])) if outcome else [],
        "history": history_lines(table, seat), "log": log_lines(S, seat),
        "canUndo": bool(seats) and table.may_undo(seats),
    }


def _var_lines(view: dict) -> list:
    lines = []
    for p in view.get("players") or []:
        items = [f"{k} {v}" for k, v in (p.get("vars") or {}).items()] + [f"{k} ?" for k in p.get("hidden") or []]
        items += list(p.get("status") or [])
        if items:
            lines.append(f"{p['seat']}: " + ", ".join(str(i) for i in items))
    game_vars = [f"{k} {v}" for k, v in (view.get("vars") or {}).items()]
    game_vars += [f"{k} ?" for k in view.get("hidden_vars") or []]
    if game_vars:
        lines.append(", ".join(game_vars))
    return lines
