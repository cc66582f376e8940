"""The pictures of the display form (`picture "art/tile.svg"`): small SVG files in the game's folder, read and
made safe before any front end sees them.

A rules file may come from a stranger, and so may its pictures. A picture is refused, with the reason, unless
it is small (MAX_PICTURE_BYTES, MAX_PICTURE_ELEMENTS), UTF-8 XML with no document type or entities, and made
only of drawing elements and attributes listed here: no script, no event handler, no style sheet, no link,
no embedded or external image or document, no reference to anything but its own parts (`url(#g)`). What is
kept is the picture written out again from what was read (never the file's text), every value escaped; a
browser shows it as an image (an `<image>` of a data address), where no script runs and nothing is fetched.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path
from typing import Optional

MAX_PICTURE_BYTES = 16_000      # the file's size
MAX_PICTURE_ELEMENTS = 400      # elements in it
MAX_PICTURES = 64               # pictures a game may name
SVG = "http://www.w3.org/2000/svg"

# the drawing elements a picture may hold
ELEMENTS = frozenset({
    "svg", "g", "defs", "title", "desc", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
    "text", "tspan", "linearGradient", "radialGradient", "stop", "clipPath",
})
# the attributes they may have (none names another file, runs script or brings a style sheet)
ATTRIBUTES = frozenset({
    "id", "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy",
    "d", "points", "transform", "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
    "stroke-linecap", "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity",
    "font-size", "font-family", "font-weight", "font-style", "text-anchor", "dominant-baseline", "letter-spacing",
    "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "spreadMethod", "clip-path",
    "clip-rule", "clipPathUnits", "preserveAspectRatio", "version", "dx", "dy", "rotate", "visibility",
})
# a value may refer to a part of the picture (`url(#shade)`), never to anything outside it
_OUTSIDE = re.compile(r"url\s*\(\s*(?!['\"]?#)|javascript:|data:|expression\s*\(|@import", re.IGNORECASE)
_DOCTYPE = re.compile(r"<!DOCTYPE|<!ENTITY|<\?(?!xml[ \t])", re.IGNORECASE)


class PictureRefused(Exception):
    """A picture that is not used; str() says why, in an author's words."""


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1] if name.startswith("{") else name


def safe_picture(text: str) -> str:
    """The picture `text` written out again from its allowed parts alone; PictureRefused when it holds anything
    else (so an author learns what to take out, rather than seeing a picture drawn otherwise than made)."""
    if len(text.encode("utf-8")) > MAX_PICTURE_BYTES:
        raise PictureRefused(f"it is larger than {MAX_PICTURE_BYTES:,} bytes")
    if _DOCTYPE.search(text):
        raise PictureRefused("it declares a document type or entities, which a picture may not")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as err:
        raise PictureRefused(f"it is not well-formed SVG ({err})") from None
    if root.tag != f"{{{SVG}}}svg":
        raise PictureRefused("its outermost element is not an SVG <svg> (with xmlns=\"http://www.w3.org/2000/svg\")")
    count = sum(1 for _ in root.iter())
    if count > MAX_PICTURE_ELEMENTS:
        raise PictureRefused(f"it has {count:,} elements; a picture may have {MAX_PICTURE_ELEMENTS}")
    return _written(root)


def _written(el) -> str:
    tag = _local(el.tag)
    if not el.tag.startswith(f"{{{SVG}}}") or tag not in ELEMENTS:
        if tag in ("script", "foreignObject", "iframe", "object", "embed"):
            raise PictureRefused(f"it holds a <{tag}> element: a picture may not run script or hold a document")
        if tag in ("image", "use", "a", "style", "feImage"):
            raise PictureRefused(f"it holds a <{tag}> element: a picture may not bring in or link to anything")
        raise PictureRefused(f"<{tag[:40]}> is not one of the elements a picture may hold "
                             f"({', '.join(sorted(ELEMENTS))})")
    attrs = []
    for name, value in el.attrib.items():
        local = _local(name)
        if local.lower().startswith("on"):
            raise PictureRefused(f"its attribute '{local[:40]}' is an event handler: a picture may not run script")
        if "href" in local.lower():
            raise PictureRefused(f"its attribute '{local[:40]}' refers to something outside the picture")
        if name.startswith("{") or local not in ATTRIBUTES:
            raise PictureRefused(f"'{local[:40]}' is not one of the attributes a picture may use")
        if _OUTSIDE.search(value):
            raise PictureRefused(f"the value of its attribute '{local}' refers to something outside the picture")
        attrs.append(f' {local}="{escape(value, quote=True)}"')
    if tag == "svg" and el.tag == f"{{{SVG}}}svg" and not any(a.startswith(" xmlns") for a in attrs):
        attrs.insert(0, f' xmlns="{SVG}"')
    inner = escape(el.text or "", quote=False) + "".join(
        _written(child) + escape(child.tail or "", quote=False) for child in el)
    return f"<{tag}{''.join(attrs)}>{inner}</{tag}>"


def read_picture(folder: Path, rel: str) -> str:
    """The safe picture of the file `rel` (relative to the game's folder); PictureRefused when it cannot be
    used: outside the folder, missing, too large, or holding what a picture may not."""
    from .frontend import FileRefused, inside_folder, read_text_file
    target: Optional[Path] = inside_folder(folder, folder / rel)
    if Path(rel).is_absolute() or ".." in Path(rel).parts or target is None:
        raise PictureRefused("it is outside the game's folder")
    if target.suffix.lower() != ".svg":
        raise PictureRefused("a picture is an SVG file (its name ends in .svg)")
    try:
        text = read_text_file(target, MAX_PICTURE_BYTES)
    except FileRefused as err:
        raise PictureRefused(str(err)) from None
    return safe_picture(text)
