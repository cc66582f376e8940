"""The display form (`display:`, docs/language.md "Display"): checking its lines, reading its pictures, and the
plain description a front end draws with.

The rules never read a display line: it only says how a board looks (a player's colour, a board's or some
spaces' colour, a piece kind's glyph, colour or picture, for all its pieces or those with one attribute's value).
Codes E080 (a display line names what the game does not have), E081 (a look that cannot be used: a colour
that is no colour, a glyph too long, a look given to what cannot have it), E082 (a picture that cannot be used).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from . import nodes as N
from .boards import graph_points, label_position
from .diagnostics import Diagnostic
from .pictures import MAX_PICTURES, PictureRefused, read_picture
from .wording import did_you_mean

MAX_GLYPH = 6  # characters of a glyph: a letter, a symbol, a short word
# what each target may be given
LOOKS = {"player": ("colour",), "board": ("colour",), "spaces": ("colour",), "piece": ("colour", "glyph", "picture")}
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
# the colours with a name in CSS (a colour is one of these, or #rgb / #rrggbb)
NAMED_COLOURS = frozenset("""
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue
slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
whitesmoke yellow yellowgreen
""".split())


def is_colour(text: str) -> bool:
    return bool(_HEX.fullmatch(text)) or text.lower() in NAMED_COLOURS


def check_displays(ctx) -> None:
    """Every display line of the game (ctx.sym.displays): what it names exists, its looks can be used."""
    sym = ctx.sym
    for block in sym.displays:
        for line in block.lines:
            if _target_known(ctx, line):
                for look in line.looks:
                    _check_look(ctx, line, look)


def _target_known(ctx, line: N.DisplayLine) -> bool:
    sym = ctx.sym
    if line.target == "player":
        names = tuple(sym.players.names) if sym.players is not None else ()
        if line.name not in names:
            hint = (f"the players are named {', '.join(names)}" if names
                    else "name the seats first: `players 2 named red, blue`")
            ctx.error("E080", f"no player is named '{line.name}'{did_you_mean(line.name, names)}", line.span, hint,
                      focus=line.name)
            return False
        return True
    if line.target in ("board", "spaces"):
        board = sym.boards.get(line.name)
        if board is None:
            ctx.error("E080", f"unknown board '{line.name}'{did_you_mean(line.name, sym.boards)}", line.span,
                      f"a display line colours a declared board: {', '.join(sym.boards) or 'the game has none'}",
                      focus=line.name)
            return False
        for name in line.spaces:
            if not _space_may_exist(board, name):
                ctx.error("E080", f"board '{board.name}' has no space '{name}'", line.span,
                          "name the spaces as the board does (`a1`, `b2` on a grid; a graph's points)", focus=name)
                return False
        return True
    kind = sym.kinds.get(line.name)
    if kind is None:
        ctx.error("E015", f"unknown piece kind '{line.name}'{did_you_mean(line.name, sym.kinds)}", line.span,
                  "`piece KIND ...` in a display block gives a look to the pieces of a declared kind", focus=line.name)
        return False
    if line.where is not None:
        attr, value = line.where
        decl = next((a for a in kind.attrs if a.name == attr), None)
        if decl is None:
            attr_names = [a.name for a in kind.attrs]
            ctx.error("E080", f"piece kind '{kind.name}' has no attribute '{attr}'{did_you_mean(attr, attr_names)}",
                      line.span, f"its attributes are {', '.join(attr_names)}" if attr_names
                      else f"'{kind.name}' has none",
                      focus=attr)
            return False
        if decl.type.name == "bool" and str(value) not in ("yes", "no", "true", "false"):
            ctx.error("E080", f"'{value}' is not yes or no", line.span, f"'{attr}' is yes or no", focus=str(value))
            return False
        enum = sym.enums.get(decl.type.name)
        if enum is not None and str(value) not in enum.values:
            ctx.error("E080", f"'{value}' is not a value of {enum.name}{did_you_mean(str(value), enum.values)}",
                      line.span, f"its values are {', '.join(enum.values)}", focus=str(value))
            return False
    return True


def _space_may_exist(board: N.Board, name: str) -> bool:
    """Could the board have a space of this name? Checked where the board's spaces are known from its line
    alone (a graph's points, a grid of fixed size named a1, b2, ...); else left to the board drawn."""
    if board.shape == "graph":
        return name in {p.name for p in graph_points(board)}
    if board.shape == "grid" and board.labels in (None, "lower", "upper") \
            and isinstance(board.width, N.Num) and isinstance(board.height, N.Num):
        at = label_position(name)
        return at is not None and 1 <= at[0] <= board.width.value and 1 <= at[1] <= board.height.value
    return True


def _check_look(ctx, line: N.DisplayLine, look: N.DisplayLook) -> None:
    allowed = LOOKS[line.target]
    if look.word not in allowed:
        ctx.error("E081", f"a {line.target if line.target != 'spaces' else 'space'} has no {look.word}", look.span,
                  f"a {line.target} line may give {' or '.join(allowed)}; a glyph or a picture is a piece's",
                  focus=look.word)
    elif look.word == "colour" and not is_colour(look.value):
        ctx.error("E081", f"'{look.value[:40]}' is not a colour", look.span,
                  "write a colour as #rgb or #rrggbb (`\"#c33\"`), or by its name in CSS (`\"teal\"`)",
                  focus=look.value[:40])
    elif look.word == "glyph" and not 1 <= len(look.value) <= MAX_GLYPH:
        ctx.error("E081", f"a glyph is 1 to {MAX_GLYPH} characters, not {len(look.value)}", look.span,
                  "a glyph is a letter, a symbol or a short word (`glyph \"K\"`); use `show` for a longer label",
                  focus="glyph")


def read_pictures(module: N.Module, folder: Path) -> tuple[N.Module, list[Diagnostic]]:
    """The module with each display picture read from its file (beside the game file) and made safe; a picture
    that cannot be used is reported (E082) and left out."""
    diags: list[Diagnostic] = []
    seen: dict[str, Any] = {}
    items = []
    for item in module.items:
        if not isinstance(item, N.Display):
            items.append(item)
            continue
        lines = []
        for line in item.lines:
            looks = []
            for look in line.looks:
                if look.word == "picture" and line.target == "piece":
                    look = look.evolve(picture=_picture(folder, look, seen, diags))
                looks.append(look)
            lines.append(line.evolve(looks=tuple(looks)))
        items.append(item.evolve(lines=tuple(lines)))
    return module.evolve(items=tuple(items)), diags


def _picture(folder: Path, look: N.DisplayLook, seen: dict, diags: list):
    if look.value in seen:
        return seen[look.value]
    if len(seen) >= MAX_PICTURES:
        diags.append(Diagnostic("E082", f"a game may name at most {MAX_PICTURES} pictures", look.span,
                                "use one picture for many pieces"))
        return None
    try:
        seen[look.value] = read_picture(folder, look.value)
    except PictureRefused as err:
        seen[look.value] = None
        diags.append(Diagnostic("E082", f"picture '{look.value[:80]}' cannot be used: {err}", look.span,
                                "a picture is a small SVG file in the game's folder, of drawing elements only "
                                "(`mire explain E082`)", focus=look.value[:80]))
    return seen[look.value]


def display_description(sym) -> dict:
    """The game's display lines as plain data, for the view (engine/run/view.py) and the front ends:
    {"players": {seat: colour}, "boards": {board: colour}, "spaces": {board: {space: colour}},
     "pieces": [{"kind", "where": [attr, value] or None, "colour"?, "glyph"?, "picture"? (safe SVG)}]}."""
    out: dict = {"players": {}, "boards": {}, "spaces": {}, "pieces": []}
    for block in sym.displays:
        for line in block.lines:
            looks = {look.word: (look.picture if look.word == "picture" else look.value) for look in line.looks}
            looks = {k: v for k, v in looks.items() if v is not None}
            if line.target == "player" and "colour" in looks:
                out["players"][line.name] = looks["colour"]
            elif line.target == "board" and "colour" in looks:
                out["boards"][line.name] = looks["colour"]
            elif line.target == "spaces" and "colour" in looks:
                for name in line.spaces:
                    out["spaces"].setdefault(line.name, {})[name] = looks["colour"]
            elif line.target == "piece" and looks:
                where = [line.where[0], line.where[1]] if line.where is not None else None
                out["pieces"].append({"kind": line.name, "where": where, **looks})
    return out
