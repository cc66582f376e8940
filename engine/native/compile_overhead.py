"""Two costs of numba's own Python in each compile, cut without changing what it compiles.

- Typing looks each call of an overloaded function (`np.empty`, `a.copy()`, `min`, ...) up in its template's cache,
  keyed by the compile's flags. A flags object's hash sorts the names of all its options and its equality builds the
  dictionary of all their values (~40) for each side: the largest seed game's first compile made ~24,000 look-ups,
  100,000 such dictionaries (~6% of the compile). Here the hash is computed once a class (it is the hash of the
  sorted option names, the same for every object of the class: what numba computes each time), and two flags whose
  set options are equal are equal at once (their values then are); otherwise numba's comparison decides, as before.
- Each call into LLVM (~80,000 in the largest seed game's compile) takes llvmlite's lock, and numba made every taking
  of it an event (`numba:llvm_lock`) sent to the timers of every compile under way, which only fill the `timers` of
  numba's compile metadata (read nowhere here): ~4% of the compile. The two callbacks numba registered for it are
  removed.

Where numba or llvmlite is not as this expects (their internals are not an API), nothing changes.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable

_installed = False


def install() -> None:
    """Cut both costs (once a process)."""
    global _installed
    if _installed:
        return
    _installed = True
    _cheap_flag_comparisons()
    _cheap_flag_values()
    _no_llvm_lock_events()
    _cheap_variable_lists()
    _templates_ordered_once()


def _cheap_flag_comparisons() -> None:
    try:
        from numba.core import targetconfig
    except ImportError:
        return
    config: Any = getattr(targetconfig, "TargetConfig", None)
    try:
        if "_values" not in config.__slots__ or not callable(config.values):
            return
    except AttributeError:
        return
    numba_eq = config.__eq__
    hashes: dict = {}

    def __eq__(self, other):
        if self is other or (type(self) is type(other) and self._values == other._values):
            return True
        return numba_eq(self, other)

    def __hash__(self):
        kind = type(self)
        found = hashes.get(kind)
        if found is None:
            found = hashes[kind] = hash(tuple(sorted(self.values())))  # (numba's hash: the sorted option names)
        return found

    config.__eq__ = __eq__
    config.__hash__ = __hash__


def _no_llvm_lock_events() -> None:
    try:
        import numba.core.base  # noqa: F401  (registers its callbacks at its import)
        from llvmlite.binding import ffi
    except ImportError:
        return
    lock = getattr(getattr(ffi, "lib", None), "_lock", None)
    callbacks = getattr(lock, "_cblist", None)
    if not isinstance(callbacks, list) or not hasattr(ffi, "unregister_lock_callback"):
        return
    for taken, released in list(callbacks):
        if taken.__module__ == "numba.core.base" and "_initialize_llvm_lock_event" in taken.__qualname__:
            ffi.unregister_lock_callback(taken, released)


def _cheap_flag_values() -> None:
    """A flags object's `values()` (all its options' values, defaults for the unset ones, in its options' order),
    which numba computes by a property call for each of ~22 options (~30,000 times in a large game's compile: each
    pass's event and each comparison of flags that differ), built from the class's defaults and the set values
    instead, where every option's property is numba's own (it answers the set value, else the default)."""
    import inspect
    try:
        from numba.core import targetconfig
    except ImportError:
        return
    config: Any = getattr(targetconfig, "TargetConfig", None)
    if not isinstance(getattr(config, "options", None), Mapping) or not callable(getattr(config, "values", None)):
        return
    numba_values = config.values
    defaults_of: dict = {}

    def plain_defaults(kind):
        defaults = {}
        for name, option in kind.options.items():
            prop = inspect.getattr_static(kind, name, None)
            getter = getattr(prop, "fget", None)
            cells = getattr(getter, "__closure__", None) or ()
            if not isinstance(prop, property) or not getattr(getter, "__qualname__", "").endswith(
                    "make_prop.<locals>.getter") or [c.cell_contents for c in cells] != [name, option]:
                return None
            defaults[name] = option.default
        return defaults

    def values(self):
        kind = type(self)
        defaults = defaults_of[kind] if kind in defaults_of else defaults_of.setdefault(kind, plain_defaults(kind))
        if defaults is None or not self._values.keys() <= defaults.keys():
            return numba_values(self)
        found = defaults.copy()
        found.update(self._values)  # (each key is already there: its place, the options' order, stays)
        return found

    # (numba's own, which the tests compare it with)
    values.numba = numba_values  # type: ignore[attr-defined]
    config.values = values


# what a value in an IR instruction is, as numba's `Inst._rec_list_vars` tells them apart (never 0: a kind is looked
# up with `or`)
_VAR, _INST, _SEQUENCE, _MAPPING, _OTHER = _KINDS = range(1, 6)


def _cheap_variable_lists() -> None:
    """The variables an IR instruction reads or writes (numba's `Inst.list_vars`, 1.4 million calls of its recursive
    helper in a large game's compile: every analysis of variables' uses and lifetimes after each pass), listed as
    numba lists them, in the same order, with what each kind of value is (a variable, an instruction, a sequence, a
    mapping, anything else) decided once a type rather than by four `isinstance` a value."""
    try:
        from numba.core import ir
    except ImportError:
        return
    numba_helper = getattr(ir.Inst, "_rec_list_vars", None)
    if getattr(numba_helper, "__qualname__", "") != "Inst._rec_list_vars" or \
            any("_rec_list_vars" in vars(kind) for kind in _subclasses(ir.Inst)):
        return
    kinds: dict = {}  # a value's type -> what it is, one of _KINDS

    def kind_of(value_type):
        # (numba's order of tests)
        for kind, classes in ((_VAR, ir.Var), (_INST, ir.Inst), (_SEQUENCE, (list, tuple)), (_MAPPING, dict)):
            if issubclass(value_type, classes):
                kinds[value_type] = kind
                return kind
        kinds[value_type] = _OTHER
        return _OTHER

    def listed(values):
        found = []
        for value in values:
            kind = kinds.get(type(value)) or kind_of(type(value))
            if kind == _VAR:
                found.append(value)
            elif kind == _INST:
                found.extend(value.list_vars())
            elif kind != _OTHER:
                found.extend(listed(value.values() if kind == _MAPPING else value))
        return found

    def _rec_list_vars(self, val):
        kind = kinds.get(type(val)) or kind_of(type(val))
        if kind == _VAR:
            return [val]
        if kind == _INST:
            return val.list_vars()
        return [] if kind == _OTHER else listed(val.values() if kind == _MAPPING else val)

    # (numba's own, which the tests compare it with)
    _rec_list_vars.numba = numba_helper  # type: ignore[attr-defined]
    ir.Inst._rec_list_vars = _rec_list_vars  # type: ignore[method-assign]


def _subclasses(kind: Any) -> list:
    found: list = []
    for sub in kind.__subclasses__():
        found.append(sub)
        found.extend(_subclasses(sub))
    return found


def _templates_ordered_once() -> None:
    """The typing templates of a function or attribute, ordered by their target (numba's
    `order_by_target_specificity`: ~21,000 calls in a large game's compile, at each call's and attribute's typing), kept
    for each target and list of templates: the order depends on nothing else (each template's target, a class
    attribute, and the targets' classes). An order that fails (no template for the target) is not kept: numba
    raises its error each time, as before."""
    try:
        from numba.core import utils
        from numba.core.typing import context
        numba_order: Callable[..., list] = utils.order_by_target_specificity
    except (ImportError, AttributeError):
        return
    if getattr(context, "order_by_target_specificity", None) is not numba_order:
        return
    orders: dict = {}

    def order_by_target_specificity(target, templates, fnkey=""):
        try:
            key = (target, tuple(templates))
            found = orders.get(key)
        except TypeError:  # (something unhashable: numba's own order)
            return numba_order(target, templates, fnkey)
        if found is None:
            found = orders[key] = tuple(numba_order(target, templates, fnkey))
        return list(found)  # (a new list each time, as numba's)

    # (numba's own, which the tests compare it with)
    order_by_target_specificity.numba = numba_order  # type: ignore[attr-defined]
    utils.order_by_target_specificity = order_by_target_specificity
    context.order_by_target_specificity = order_by_target_specificity
