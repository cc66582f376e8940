"""The board of a view drawn as SVG (and its zones as HTML), by one renderer for every game.

It reads a seat's view (state.view, or the spectators' public view) and nothing else. Boards that share the
plane (docs/engine-api.md: px, py) are drawn together, as the terminal draws them (cli/plane.py's columns and
rows); a player's own boards apart, headed by the owner; a graph where its rules file puts its points. The
seat's edge (`facing`) is at the bottom. Every text that comes from the game is escaped here, so nothing in a
rules file becomes markup: what this returns is safe to put into a page as it is.
"""
from __future__ import annotations

import hashlib
import json
from html import escape
from typing import Optional

from ..glyphs import describe_piece
from ..plane_drawing import SEAT_TURN, drawn_axis
from .looks import Looks, picture_img, picture_svg
from .table import seat_colour

CELL = 56          # the side of a square, in SVG units
PAD = 22           # room for the coordinates around a board
NEUTRAL = "#efe6cf"


def esc(value) -> str:
    return escape(str(value), quote=True)


def value_colour(value) -> str:
    """A colour for an attribute's value (a tile's side), the same for the same value in every game."""
    h = int(hashlib.sha256(str(value).encode()).hexdigest()[:6], 16)
    return f"hsl({h % 360}, 55%, {45 + (h >> 9) % 20}%)"


class Palette:
    def __init__(self, view: dict):
        self.seats = {str(p["seat"]): i for i, p in enumerate(view.get("players") or [])}
        self.looks = Looks(view)   # the game's own colours, glyphs and pictures (`display:`), where it gives them

    def owner(self, name) -> str:
        if name is not None and str(name) in self.looks.players:
            return self.looks.players[str(name)]
        i = self.seats.get(str(name)) if name is not None else None
        return seat_colour(i) if i is not None else NEUTRAL


def piece_text(p: dict) -> str:
    """What a piece shows on the board: its `show` label, else its visible values, else its kind."""
    if p.get("covered"):
        return ""
    if p.get("label"):
        return str(p["label"])
    attrs = p.get("attrs") or {}
    words = [str(v) for k, v in attrs.items() if not isinstance(v, bool) and v is not None and k not in ("owner",)]
    words += [k for k, v in attrs.items() if v is True]
    return " ".join(words) if words else str(p.get("kind", ""))


def piece_words(p: dict) -> str:
    """A piece for a screen reader."""
    if p.get("label"):
        return f"{describe_piece(p)} ({p['label']})"
    return describe_piece(p)


def face_down(p: dict) -> bool:
    return not p.get("up", True) and not p.get("attrs")


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


def piece_svg(p: dict, cx: float, cy: float, size: float, palette: Palette) -> str:
    """One piece centred at (cx, cy): a tile as a square with its sides, else a disc in its owner's colour."""
    half = size / 2
    if p.get("covered") or face_down(p):
        return (f'<rect x="{cx - half:.1f}" y="{cy - half:.1f}" width="{size:.1f}" height="{size:.1f}" rx="6" '
                f'fill="#5a5a6e" stroke="{palette.owner(p.get("owner"))}" stroke-width="3"/>'
                f'<text x="{cx:.1f}" y="{cy + 5:.1f}" class="pt light">?</text>')
    look = palette.looks.piece(p)
    if look.get("picture"):
        return _pictured_piece(p, look, cx, cy, size, palette)
    text = _short(look.get("glyph") or piece_text(p), 10)
    fill = look.get("colour") or palette.owner(p.get("owner"))
    out = []
    sides = p.get("sides")
    if sides:
        out.append(f'<rect x="{cx - half:.1f}" y="{cy - half:.1f}" width="{size:.1f}" height="{size:.1f}" '
                   f'rx="4" fill="#f7f1e1" stroke="{fill if p.get("owner") else "#555"}" stroke-width="2"/>')
        at = {"north": (cx, cy - half + 9, 0, -1), "south": (cx, cy + half - 4, 0, 1),
              "west": (cx - half + 8, cy + 3, -1, 0), "east": (cx + half - 8, cy + 3, 1, 0)}
        if p.get("turns"):  # which way its printed top faces now: a notch on that side
            out.append(f'<path d="M {cx - 5:.1f} {cy - half + 1:.1f} L {cx:.1f} {cy - half + 7:.1f} L {cx + 5:.1f} '
                       f'{cy - half + 1:.1f} Z" fill="#222" '
                       f'transform="rotate({90 * int(p["turns"])} {cx:.1f} {cy:.1f})"/>')
        for side, (x, y, dx, dy) in at.items():
            v = sides.get(side)
            colour = value_colour(v)
            if dy:
                out.append(f'<rect x="{cx - half + 4:.1f}" y="{cy + dy * (half - 3) - 2:.1f}" width="{size - 8:.1f}" '
                           f'height="4" fill="{colour}"/>')
            else:
                out.append(f'<rect x="{cx + dx * (half - 3) - 2:.1f}" y="{cy - half + 4:.1f}" width="4" '
                           f'height="{size - 8:.1f}" fill="{colour}"/>')
            out.append(f'<text x="{x:.1f}" y="{y:.1f}" class="side">{esc(_short(str(v), 5))}</text>')
        if p.get("label"):  # its first word (the whole label is in the space's aria-label)
            first = str(p["label"]).split()[0] if str(p["label"]).split() else ""
            out.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" class="pt small">{esc(_short(first, 6))}</text>')
        return "".join(out)
    r = half
    stroke = "#222" if p.get("owner") else "#8a7a55"
    out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>')
    light = " light" if p.get("owner") else ""
    font = "pt" if len(text) <= 4 else "pt small"
    out.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" class="{font}{light}">{esc(text)}</text>')
    return "".join(out)


def _pictured_piece(p: dict, look: dict, cx: float, cy: float, size: float, palette: Palette) -> str:
    """A piece the game draws with a picture (turned with it), framed in its owner's colour when it has one,
    with its glyph on it when it has one too."""
    half = size / 2
    out = []
    if p.get("owner") is not None:
        out.append(f'<rect x="{cx - half - 2:.1f}" y="{cy - half - 2:.1f}" width="{size + 4:.1f}" '
                   f'height="{size + 4:.1f}" rx="5" fill="{esc(palette.owner(p.get("owner")))}"/>')
    out.append(picture_svg(look["picture"], cx, cy, size, p.get("turns") or 0))
    if look.get("glyph"):
        out.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" class="pt">{esc(_short(look["glyph"], 6))}</text>')
    return "".join(out)


def stack_svg(pieces: list, cx: float, cy: float, palette: Palette) -> str:
    """A space's pieces: the top one large, the ones under it as a count and small discs behind."""
    if not pieces:
        return ""
    if pieces[0].get("sides") and len(pieces) > 1:
        # a tile with pieces on it: the tile whole, and what lies on it smaller, in a corner
        return piece_svg(pieces[0], cx, cy, CELL * 0.86, palette) + \
            _small_stack(pieces[1:], cx + CELL * 0.16, cy + CELL * 0.14, palette)
    out = []
    under = pieces[:-1]
    for k, p in enumerate(under[-3:]):
        off = (len(under[-3:]) - k) * 4
        out.append(f'<circle cx="{cx + off:.1f}" cy="{cy + off:.1f}" r="{CELL * 0.34:.1f}" '
                   f'fill="{palette.owner(p.get("owner"))}" stroke="#222" stroke-width="1" opacity="0.8"/>')
    out.append(piece_svg(pieces[-1], cx, cy, CELL * 0.68, palette))
    if under:
        out.append(f'<circle cx="{cx + CELL * 0.32:.1f}" cy="{cy - CELL * 0.32:.1f}" r="9" fill="#222"/>'
                   f'<text x="{cx + CELL * 0.32:.1f}" y="{cy - CELL * 0.32 + 4:.1f}" class="pt light small">'
                   f'{len(pieces)}</text>')
    return "".join(out)


def _small_stack(pieces: list, cx: float, cy: float, palette: Palette) -> str:
    out = [piece_svg(pieces[-1], cx, cy, CELL * 0.42, palette)]
    if len(pieces) > 1:
        out.append(f'<circle cx="{cx + CELL * 0.2:.1f}" cy="{cy - CELL * 0.2:.1f}" r="8" fill="#222"/>'
                   f'<text x="{cx + CELL * 0.2:.1f}" y="{cy - CELL * 0.2 + 3:.1f}" class="pt light small">'
                   f'{len(pieces)}</text>')
    return "".join(out)


def space_words(board: dict, sp: dict) -> str:
    pieces = sp.get("pieces") or []
    what = ", ".join(piece_words(p) for p in reversed(pieces)) if pieces else "empty"
    return f"{board.get('name')} {sp.get('name')}: {what}"


class Cell:
    __slots__ = ("board", "index", "space", "px", "py", "ghost")

    def __init__(self, board, index, space, px, py, ghost=False):
        self.board, self.index, self.space, self.px, self.py, self.ghost = board, index, space, px, py, ghost


def plane_svg(title: str, cells: list, palette: Palette, facing: Optional[str]) -> str:
    """Boards that share a plane, one SVG: squares, an area's tiles (and the empty places a move may fill),
    a grid's corners as dots and its edges as bars between them."""
    turn = SEAT_TURN.get(facing) if facing else None
    placed = []
    for c in cells:
        px, py = turn(c.px, c.py) if turn else (c.px, c.py)
        placed.append((c, px, py))
    xs = drawn_axis({px for _, px, _ in placed})
    ys = drawn_axis({py for _, _, py in placed})[::-1]
    col = {x: i for i, x in enumerate(xs)}
    row = {y: i for i, y in enumerate(ys)}
    corners = {(px, py) for c, px, py in placed if c.board.get("shape") == "corners"}
    width, height = len(xs) * CELL + 2 * PAD, len(ys) * CELL + 2 * PAD
    out = [f'<svg class="board" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="group" '
           f'aria-label="{esc(title)}" xmlns="http://www.w3.org/2000/svg">']
    order = {"grid": 0, "area": 0, "edges": 1, "corners": 2}
    for c, px, py in sorted(placed, key=lambda t: order.get(t[0].board.get("shape"), 0)):
        x = PAD + col[px] * CELL
        y = PAD + row[py] * CELL
        out.append(_cell_svg(c, x, y, px, py, corners, palette))
    out.append("</svg>")
    return "".join(out)


def _cell_svg(c: Cell, x: float, y: float, px: int, py: int, corners: set, palette: Palette) -> str:
    b, sp = c.board, c.space
    shape = b.get("shape")
    key = f"s:{c.index}:{sp['name']}"
    label = esc(space_words(b, sp)) if not c.ghost else esc(f"{b.get('name')}: empty place {sp['name']}")
    head = f'<g class="space{" ghost" if c.ghost else ""}" data-target="{esc(key)}" tabindex="-1" role="button" ' \
           f'aria-label="{label}">'
    cx, cy = x + CELL / 2, y + CELL / 2
    pieces = sp.get("pieces") or []
    body = []
    if shape == "corners":
        body.append(f'<rect x="{x + CELL * 0.25:.1f}" y="{y + CELL * 0.25:.1f}" width="{CELL / 2:.1f}" '
                    f'height="{CELL / 2:.1f}" class="hit"/>')
        body.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="5" class="dot"/>')
    elif shape == "edges":
        flat = (px - 1, py) in corners or (px + 1, py) in corners
        w, h = (CELL, 12) if flat else (12, CELL)
        filled = bool(pieces)
        owner = pieces[-1].get("owner") if filled else None
        colour = palette.owner(owner) if owner is not None else "#2d3a2e" if filled else "#d9d2c0"
        body.append(f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w}" height="{h}" rx="4" '
                    f'fill="{colour}" class="edge"/>')
        pieces = []
    else:
        cls = "cell ghostcell" if c.ghost else ("cell dark" if (px + py) % 2 == 0 and shape == "grid" else "cell")
        body.append(f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{CELL - 2}" height="{CELL - 2}" rx="3" '
                    f'class="{cls}"{_space_fill(palette, b, sp)}/>')
        body.append(f'<text x="{x + 4:.1f}" y="{y + 11:.1f}" class="name">{esc(_short(str(sp["name"]), 7))}</text>')
    body.append(stack_svg(pieces, cx, cy + 3, palette))
    return head + "".join(body) + "</g>"


def _space_fill(palette: Palette, board: dict, sp: dict) -> str:
    """The colour the game gives a space (`display:`), as an attribute; else nothing (the page's colours)."""
    colour = palette.looks.space_colour(board.get("name"), sp.get("name"))
    return f' style="--space:{esc(colour)}"' if colour else ""


def graph_svg(b: dict, index: int, palette: Palette) -> str:
    spaces = b.get("spaces") or []
    if not spaces:
        return ""
    xs = sorted({sp["x"] for sp in spaces})
    ys = sorted({sp["y"] for sp in spaces})
    span_x, span_y = max(xs) - min(xs) or 1, max(ys) - min(ys) or 1
    scale = CELL * max(1, min(8, 7 / max(span_x, span_y) * 1.0)) if max(span_x, span_y) < 7 else CELL
    width, height = span_x * scale + 2 * CELL, span_y * scale + 2 * CELL

    def at(sp):
        return CELL + (sp["x"] - min(xs)) * scale, CELL + (max(ys) - sp["y"]) * scale
    where = {sp["name"]: at(sp) for sp in spaces}
    out = [f'<svg class="board" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
           f'role="group" aria-label="{esc(b.get("name"))}" xmlns="http://www.w3.org/2000/svg">']
    for s, t in b.get("links") or []:
        if s in where and t in where:
            (x1, y1), (x2, y2) = where[s], where[t]
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" class="link"/>')
    for sp in spaces:
        x, y = where[sp["name"]]
        key = f"s:{index}:{sp['name']}"
        out.append(f'<g class="space" data-target="{esc(key)}" tabindex="-1" role="button" '
                   f'aria-label="{esc(space_words(b, sp))}">'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.42:.1f}" class="hit"{_space_fill(palette, b, sp)}/>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" class="dot"/>'
                   f'<text x="{x + 10:.1f}" y="{y - 12:.1f}" class="name">{esc(_short(str(sp["name"]), 7))}</text>'
                   f'{stack_svg(sp.get("pieces") or [], x, y, palette)}</g>')
    out.append("</svg>")
    return "".join(out)


def boards_html(view: dict, extra: Optional[dict] = None) -> str:
    """The boards of a view: the shared plane first, then each player's own (headed by the owner), then the
    graphs. `extra` adds the places a move may fill that the view leaves out ({key: (board, name, px, py)})."""
    palette = Palette(view)
    facing = view.get("facing")
    groups: dict = {}
    graphs = []
    boards = view.get("boards") or []
    for i, b in enumerate(boards):
        if b.get("shape") in ("graph", "hex"):  # drawn on their own (a hex board: hexes.py)
            graphs.append((i, b))
            continue
        owner = b.get("owner")
        group = groups.setdefault(owner, [])
        for sp in b.get("spaces") or []:
            group.append(Cell(b, i, sp, sp["px"], sp["py"]))
    for bi, name, px, py in (extra or {}).values():
        b = boards[bi] if 0 <= bi < len(boards) else None
        if b is not None and not any(c.index == bi and c.space["name"] == name for c in groups.get(b.get("owner"), [])):
            groups.setdefault(b.get("owner"), []).append(Cell(b, bi, {"name": name, "pieces": []}, px, py, ghost=True))
    out = []
    for owner, cells in groups.items():
        names = sorted({str(c.board.get("name")) for c in cells})
        hidden = any(c.board.get("visible") is False for c in cells)
        title = (", ".join(names) + (f" of {owner}" if owner is not None else "")
                 + (" (hidden from you)" if hidden else ""))
        if not cells:
            boards_here = [b for b in boards if b.get("owner") == owner and b.get("shape") not in ("graph", "hex")]
            if boards_here:
                out.append(f'<figure class="plane"><figcaption>{esc(title)}</figcaption>'
                           f'<p class="empty">nothing on it yet</p></figure>')
            continue
        style = f' style="--owner:{Palette(view).owner(owner)}"' if owner is not None else ""
        out.append(f'<figure class="plane"{style}><figcaption>{esc(title)}</figcaption>'
                   f'{plane_svg(title, cells, palette, facing)}</figure>')
    for owner in {b.get("owner") for b in boards if b.get("shape") not in ("graph", "hex")} - set(groups):
        listed = ", ".join(sorted(str(b.get("name")) for b in boards if b.get("owner") == owner))
        out.append(f'<figure class="plane"><figcaption>{esc(listed)} of {esc(owner)}</figcaption>'
                   f'<p class="empty">nothing on it yet</p></figure>')
    from .hexes import hex_svg  # (hexes.py draws with this module's pieces: imported when needed)
    for i, b in graphs:
        drawn = hex_svg(b, i, palette, facing) if b.get("shape") == "hex" else graph_svg(b, i, palette)
        out.append(f'<figure class="plane"><figcaption>{esc(b.get("name"))}</figcaption>{drawn}</figure>')
    return "".join(out)


def zones_html(view: dict) -> str:
    """The zones: a visible zone's pieces as cards one may click, a hidden one as its count."""
    palette = Palette(view)
    out = []
    for zi, z in enumerate(view.get("zones") or []):
        pieces = z.get("pieces") or []
        count = z.get("count")
        if not z.get("visible") and not count:
            continue
        if z.get("visible") and not pieces and not count:
            continue
        owner = z.get("owner")
        name = str(z.get("name")) + (f" of {owner}" if owner is not None else "")
        if not z.get("visible"):
            shown = "hidden" if count is None else f"{count} hidden"
            out.append(f'<div class="zone hidden"><h3>{esc(name)}</h3><span class="back">{esc(shown)}</span></div>')
            continue
        cards = []
        alike: dict = {}
        for pi, p in enumerate(pieces):
            alike.setdefault(json.dumps(p, sort_keys=True, default=str), []).append(pi)
        for group in alike.values():
            pi, p = group[0], pieces[group[0]]
            key = f"z:{zi}:{pi}"
            colour = palette.owner(p.get("owner"))
            down = face_down(p) or p.get("covered")
            look = {} if down else palette.looks.piece(p)
            text = "?" if down else (look.get("glyph") or piece_text(p))
            times = f" ×{len(group)}" if len(group) > 1 else ""
            sides = ""
            if p.get("sides"):
                sides = '<span class="sides">' + " ".join(
                    f'<i style="background:{value_colour(v)}" title="{esc(d)}: {esc(v)}">{esc(d[0])}:{esc(v)}</i>'
                    for d, v in p["sides"].items()) + "</span>"
            cards.append(f'<button type="button" class="card{" down" if down else ""}" data-target="{key}" '
                         f'style="border-color:{colour}" aria-label="{esc(name)}: {esc(piece_words(p))}{times}">'
                         f'{picture_img(look["picture"]) if look.get("picture") else ""}'
                         f'{esc(text)}{times}{sides}</button>')
        out.append(f'<div class="zone"><h3>{esc(name)} <small>({len(pieces)})</small></h3>'
                   f'<div class="cards">{"".join(cards)}</div></div>')
    return "".join(out)
