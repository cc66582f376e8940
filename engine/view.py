"""What one seat may see of a state: the only way front ends and bots look at a game.

Private zones show to their owner alone, secret zones to nobody (their size is public), and a
face-down piece hides its hidden attributes (all of them when none are marked) from everyone.
"""
from __future__ import annotations

from .runtime import Piece, value_text


def piece_view(p: Piece, seat: int) -> dict:
    # a face-down piece keeps no secret from its owner, who put it there
    shown = p.attrs if p.owner is not None and p.owner.index == seat else p.visible_attrs()
    return {"kind": p.kind.name, "owner": p.owner.name if p.owner is not None else None, "up": p.up,
            "attrs": {k: _plain(v) for k, v in shown.items()}}


def _plain(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    return value_text(v)


def zone_visible(zone, seat: int) -> bool:
    if zone.visibility == "public":
        return True
    if zone.visibility == "private":
        return zone.owner is not None and zone.owner.index == seat
    return False


def view(S, seat: int) -> dict:
    boards = []
    for b in S.boards.values():
        boards.append({
            "name": b.name, "shape": "grid", "width": b.width, "height": b.height,
            "spaces": [{"name": s.name, "x": s.x, "y": s.y, "px": s.px, "py": s.py,
                        "pieces": [piece_view(p, seat) for p in s.pieces]} for s in b.spaces],
        })
    zones = []

    def add_zone(z):
        visible = zone_visible(z, seat)
        zones.append({"name": z.name, "owner": z.owner.name if z.owner is not None else None,
                      "visible": visible, "count": len(z.pieces),
                      "pieces": [piece_view(p, seat) for p in z.pieces] if visible else []})
    for z in S.zones.values():
        add_zone(z)
    for p in S.players:
        for z in p.zones.values():
            add_zone(z)
    add_zone(S.supply)
    phase_names = [name for name, _ in S.game.phases]
    out = S.outcome() if S.is_over() else None
    return {
        "game": S.game.title, "seat": S.players[seat].name,
        "to_move": S.players[S.to_move].name, "turn": S.turn_player.name,
        "phase": phase_names[S.phase] if S.phase is not None else None,
        "over": out is not None, "result": out.text if out is not None else None,
        "boards": boards, "zones": zones,
        "players": [{"seat": p.name, "vars": {k: _plain(v) for k, v in p.vars.items()}} for p in S.players],
        "vars": {k: _plain(v) for k, v in S.vars.items()},
        "choice": S.pending.prompt if S.pending is not None and S.pending.chooser.index == seat else None,
    }
