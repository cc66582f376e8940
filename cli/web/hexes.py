"""A hex board of a view (`hex W x H`, `hexagon N`, `triangle N`) drawn as SVG: a pointy-topped hexagon for each
cell, each row half a cell right of the row below (the cells' axial columns and rows, docs/language.md).

Each cell is a clickable space as on the other boards (`data-target="s:BOARD:NAME"`), with its name and its
stack of pieces; every text from the game is escaped (svg.esc).
"""
from __future__ import annotations

import math

from ..hex_drawing import seen_from
from .svg import CELL, PAD, Palette, _short, esc, space_words, stack_svg

RADIUS = CELL * 0.56                 # from a cell's centre to its corners
ACROSS = math.sqrt(3) * RADIUS       # from one cell's centre to its neighbour's in a row
RISE = 1.5 * RADIUS                  # from one row's centres to the next's


def hex_corners(cx: float, cy: float, r: float = RADIUS) -> str:
    """The points of a pointy-topped hexagon centred at (cx, cy)."""
    return " ".join(f"{cx + r * math.cos(math.radians(a)):.1f},{cy + r * math.sin(math.radians(a)):.1f}"
                    for a in (-90, -30, 30, 90, 150, 210))


def hex_svg(b: dict, index: int, palette: Palette, facing=None) -> str:
    """The board `b` (the view's board number `index`) as one SVG of hexagons; a seat at the north edge sees it
    turned half round (the terminal's hex_drawing.seen_from)."""
    spaces = seen_from(b.get("spaces") or [], facing)
    if not spaces:
        return ""
    # a cell's place across, in cell widths: its column and half its row (each row leans half a cell right)
    across = {sp["name"]: sp["x"] + sp["y"] / 2 for sp in spaces}
    left, right = min(across.values()), max(across.values())
    top, bottom = max(sp["y"] for sp in spaces), min(sp["y"] for sp in spaces)
    width = (right - left) * ACROSS + ACROSS + 2 * PAD
    height = (top - bottom) * RISE + 2 * RADIUS + 2 * PAD
    out = [f'<svg class="board hexes" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
           f'height="{height:.0f}" role="group" aria-label="{esc(b.get("name"))}" '
           f'xmlns="http://www.w3.org/2000/svg">']
    for sp in spaces:
        cx = PAD + ACROSS / 2 + (across[sp["name"]] - left) * ACROSS
        cy = PAD + RADIUS + (top - sp["y"]) * RISE
        pieces = sp.get("pieces") or []
        key = f"s:{index}:{sp['name']}"
        out.append(f'<g class="space" data-target="{esc(key)}" tabindex="-1" role="button" '
                   f'aria-label="{esc(space_words(b, sp))}">'
                   f'<polygon points="{hex_corners(cx, cy, RADIUS - 1)}" class="cell"/>'
                   + ("" if pieces else
                      f'<text x="{cx:.1f}" y="{cy + 4:.1f}" class="name" text-anchor="middle">'
                      f'{esc(_short(str(sp["name"]), 5))}</text>')
                   + f'{stack_svg(pieces, cx, cy, palette)}</g>')
    out.append("</svg>")
    return "".join(out)
