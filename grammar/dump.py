"""A readable, indented text form of an AST, for snapshots: every field but spans, nested by indentation."""
from __future__ import annotations

import attrs

from . import nodes as N


def dump(node, indent: int = 0) -> str:
    lines: list = []
    _dump(node, indent, lines, None)
    return "\n".join(lines)


def _dump(node, indent, lines, label):
    pad = "  " * indent
    prefix = f"{label}: " if label else ""
    if isinstance(node, (list, tuple)):
        if not node:
            lines.append(f"{pad}{prefix}[]")
            return
        if all(not _is_node(x) and not isinstance(x, (list, tuple)) for x in node):
            lines.append(f"{pad}{prefix}[{', '.join(_leaf(x) for x in node)}]")
            return
        lines.append(f"{pad}{prefix}")
        for x in node:
            _dump(x, indent + 1, lines, "-")
        return
    if not _is_node(node):
        lines.append(f"{pad}{prefix}{node!r}")
        return
    fields = [f for f in attrs.fields(type(node)) if f.name != "span"]
    simple = [(f.name, getattr(node, f.name)) for f in fields
              if not _is_node(getattr(node, f.name)) and not isinstance(getattr(node, f.name), (list, tuple))]
    nested = [(f.name, getattr(node, f.name)) for f in fields
              if _is_node(getattr(node, f.name)) or isinstance(getattr(node, f.name), (list, tuple))]
    where = f" @{node.span.line}:{node.span.column}" if getattr(node, "span", None) else ""
    head = " ".join(f"{k}={v!r}" for k, v in simple if v is not None and v is not False and v != "")
    lines.append(f"{pad}{prefix}{type(node).__name__}{where}" + (f" {head}" if head else ""))
    for k, v in nested:
        if v in ((), []):
            continue
        _dump(v, indent + 1, lines, k)


def _is_node(x):
    return isinstance(x, N.Node)


def _leaf(x) -> str:
    """A value in a list; a span (a table cell's) without its file, which the dump's caller already knows."""
    if isinstance(x, N.Span):
        return f"Span(line={x.line}, column={x.column}, end_line={x.end_line}, end_column={x.end_column})"
    return repr(x)
