"""Variants: a file that starts `variant of BASE` is the base game with the variant's items merged in.

A variant's item replaces the base's item of the same name (a rule inside a phase too), a new name adds an
item, `remove KIND NAME` takes one away, and `replace ITEM` says that the item must replace one. Every item
keeps the span of the file it was written in, so diagnostics and explanations name the right file.
"""
from __future__ import annotations

from typing import Optional

from . import nodes as N
from .diagnostics import Diagnostic
from .wording import did_you_mean

_KIND_WORDS = {N.Action: "action", N.Trigger: "trigger", N.Def: "def", N.Proc: "proc", N.Option: "option",
               N.Var: "variable", N.Const: "constant", N.Board: "board", N.Zone: "zone", N.Kind: "piece kind",
               N.Enum: "enum", N.Phase: "phase", N.Setup: "setup"}
_SINGLE = (N.Game, N.Players, N.First, N.Rank)  # a variant's one replaces the base's


def plain_items(module: N.Module) -> tuple[N.Module, list[Diagnostic]]:
    """A file that is not a variant: `replace` and `remove` are errors there (E062)."""
    diags = []
    items = []
    for i in module.items:
        if isinstance(i, (N.ReplaceItem, N.RemoveItem)):
            word = "replace" if isinstance(i, N.ReplaceItem) else "remove"
            diags.append(Diagnostic("E062", f"`{word}` changes a base game, and this file is not a variant",
                                    i.span, "start the file with `variant of BASE`"))
        if isinstance(i, N.ReplaceItem):
            items.append(i.item)
        elif not isinstance(i, N.RemoveItem):
            items.append(i)
    return module.evolve(items=tuple(items)), diags


def base_of(module: N.Module) -> Optional[N.VariantOf]:
    return next((i for i in module.items if isinstance(i, N.VariantOf)), None)


def _item_key(item):
    if isinstance(item, N.Stuck):
        return ("stuck", item.phase)
    if isinstance(item, N.Phase):
        return ("phase", item.name)
    if isinstance(item, (N.Action, N.Trigger)):
        return ("rule", item.name)
    name = getattr(item, "name", None)
    return ("value", name) if isinstance(name, str) else None


def merge(base: N.Module, variant: N.Module) -> tuple[N.Module, list[Diagnostic]]:
    """The variant's items merged into the base's: the game the variant describes."""
    diags: list[Diagnostic] = []
    out: list = list(base.items)
    index = _reindex(out)  # rules inside phases can be replaced by name too
    removals = []
    for item in variant.items:
        if isinstance(item, N.VariantOf):
            continue
        if isinstance(item, N.ReplaceItem) and isinstance(item.item, N.Setup):
            # `replace setup:` the variant's setup instead of all of the base's setup blocks
            if not any(isinstance(x, N.Setup) for x in out):
                diags.append(Diagnostic("E061", "the base game has no setup to replace", item.span,
                                        "without `replace`, a `setup:` block adds to the base's setup"))
                continue
            out = [x for x in out if not isinstance(x, N.Setup)] + [item.item]
            index = _reindex(out)
            continue
        if isinstance(item, N.ReplaceItem):
            key = _item_key(item.item)
            if key not in index:
                kind = _KIND_WORDS.get(type(item.item), "rule")
                name = getattr(item.item, "name", "")
                names = [k[1] for k in index if k[0] == key[0]]
                diags.append(Diagnostic("E061", f"the base game has no {kind} '{name}' to replace"
                                                f"{did_you_mean(name, names)}", item.span,
                                        "`replace` names a rule of the base game; without `replace` a new name "
                                        "adds a rule", focus=name))
                continue
            item = item.item
        if isinstance(item, N.RemoveItem):
            key = ("rule", item.name) if item.kind in ("action", "trigger") \
                else ("phase", item.name) if item.kind == "phase" else ("value", item.name)
            if key not in index:
                names = [k[1] for k in index if k[0] == key[0]]
                diags.append(Diagnostic("E061", f"the base game has no {item.kind} '{item.name}'"
                                                f"{did_you_mean(item.name, names)}", item.span,
                                        "`remove` names a rule of the base game"))
            else:
                removals.append(index[key])
            continue
        if isinstance(item, _SINGLE):
            out = [x for x in out if not isinstance(x, type(item))] + [item]
        else:
            _put(out, index, item)
        index = _reindex(out)
    for loc in sorted(removals, reverse=True):
        if loc[0] == "top":
            out[loc[1]] = None
        else:
            phase = out[loc[1]]
            subs = tuple(s for j, s in enumerate(phase.items) if j != loc[2])
            out[loc[1]] = phase.evolve(items=subs)
    items = tuple(i for i in out if i is not None)
    return N.Module(path=variant.path, items=items, span=variant.span), diags


def _put(out: list, index: dict, item) -> None:
    """Add `item`, or put it in the place of the base's item of the same name."""
    key = _item_key(item)
    if key is None or key not in index:
        out.append(item)
        return
    loc = index[key]
    if loc[0] == "top":
        out[loc[1]] = item
        return
    phase = out[loc[1]]
    subs = list(phase.items)
    subs[loc[2]] = item.evolve(phase=phase.name) if hasattr(item, "phase") else item
    out[loc[1]] = phase.evolve(items=tuple(subs))


def _reindex(items) -> dict:
    index: dict = {}
    for i, item in enumerate(items):
        if item is None:
            continue
        key = _item_key(item)
        if key:
            index[key] = ("top", i)
        if isinstance(item, N.Phase):
            for j, sub in enumerate(item.items):
                index[_item_key(sub)] = ("phase", i, j)
    return index
