"""A quicker walk of the controls a screen adds, for every screen of the app.

When an update adds controls, Flet 1.0.5 walks each one before it is indexed
(`DiffBuilder._configure_dataclass` in `flet/controls/object_patch.py`): it links the
control to its parent, builds it, and goes down every one of its fields, calling itself
again (a new generator) on each value, a string, a number or None as much as a child
control. A Text has about fifty fields, so a player's page of 500 controls made some
30,000 of those calls, and the walk was half of the Python time of opening any screen
(`bench/screens_python.py --profile`), on the server and, slower, on a phone alone.

`quick_configure` is the same walk, in the same order, with the same effects, that does
not call itself for a value that holds no control, and reads a property left at its
default without its descriptor: what each value's class is (a dataclass, a dict, a list,
anything else) is looked up once per class, and so is the list of the fields walked.
`install()` puts it in place of Flet's; it is what Flet's does step by step otherwise
(the parent kept as a weak reference, the frozen mark, the control built and checked,
the control yielded, its fields walked, its changes tracked from then on). A player's
page's walk went from 26 ms to 4.6 ms (docs/phone.md). tests/unit/test_quick_configure.py
compares the two walks, object by object, on a screen's worth of controls, and fails
when a Flet release changes the method this replaces.
"""

from __future__ import annotations

import dataclasses
import inspect
import weakref
from collections.abc import Iterator
from typing import Any

from flet.controls import object_patch
from flet.controls.object_patch import DiffBuilder, ObjectPatchException
from flet.controls.value_types import Prop

#: Flet's own walk, as installed Flet has it (compared in tests)
FLET_CONFIGURE = DiffBuilder._configure_dataclass

_CLASS, _OTHER, _DATACLASS, _DICT, _LIST = range(-1, 4)
#: what each class's values are to the walk
_KINDS: dict[type, int] = {}
#: each dataclass's fields the walk goes down (not marked "skip"): the name, and whether
#: it is a Flet property (its value kept in the object's `_values` unless it is the
#: default) whose default holds no control
_WALKED: dict[type, tuple[tuple[str, bool], ...]] = {}
#: what a property not set reads as (Prop.__get__: the default)
_MISSING = object()


def _kind(cls: type) -> int:
    kind = _KINDS.get(cls)
    if kind is None:
        # The order of Flet's tests: a dataclass first, then a dict, then a list. A value
        # that is itself a class is left to Flet's walk (is_dataclass accepts classes).
        if issubclass(cls, type):
            kind = _CLASS
        elif dataclasses.is_dataclass(cls):
            kind = _DATACLASS
        elif issubclass(cls, dict):
            kind = _DICT
        elif issubclass(cls, list):
            kind = _LIST
        else:
            kind = _OTHER
        _KINDS[cls] = kind
    return kind


def _walked(cls: type) -> tuple[tuple[str, bool], ...]:
    fields = _WALKED.get(cls)
    if fields is None:
        walked = []
        for field in dataclasses.fields(cls):
            if field.metadata.get("skip", False):
                continue
            # what the class declares under that name, its descriptor not called
            declared = inspect.getattr_static(cls, field.name, None)
            plain_default = (isinstance(declared, Prop)
                             and _kind(declared.default.__class__) == _OTHER)
            walked.append((field.name, plain_default))
        fields = _WALKED[cls] = tuple(walked)
    return fields


def quick_configure(self: DiffBuilder, item: Any, parent: Any, frozen: bool,
                    configure_setattr_only: bool = False) -> Iterator[Any]:
    kind = _kind(item.__class__)
    if kind == _OTHER:
        return
    if kind == _CLASS:
        yield from FLET_CONFIGURE(self, item, parent, frozen, configure_setattr_only)
        return
    if kind != _DATACLASS:
        for value in (item.values() if kind == _DICT else item):
            if _kind(value.__class__) != _OTHER:
                yield from self._configure_dataclass(value, parent, frozen)
        return
    if parent is None:
        # Configured again from within a tree: the parent it already has.
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise ObjectPatchException(f"Parent is the same as item: {item}")
        item._parent = weakref.ref(parent)
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen
    cls = item.__class__
    control_cls = self.control_cls
    if getattr(cls, "__flet_control_cls__", None) is None:
        cls.__flet_control_cls__ = control_cls
    is_control = control_cls is not None and isinstance(item, control_cls)
    if is_control:
        if not configure_setattr_only:
            item.build()
            item._before_update_safe()
            object.__setattr__(item, "_initialized", True)
        yield item
    if not configure_setattr_only:
        child_parent = item if is_control else parent
        # A property set holds its value in `_values` (Prop.__get__ reads it there), one
        # left at its default reads as that default.
        values = item.__dict__.get("_values")
        for name, plain_default in _walked(cls):
            if plain_default and values is not None:
                value = values.get(name, _MISSING)
                if value is _MISSING:
                    continue
            else:
                value = getattr(item, name)
            if _kind(value.__class__) != _OTHER:
                yield from self._configure_dataclass(value, child_parent, frozen)
    if not frozen:
        # From here on, the control's changes are tracked from a clean start.
        dirty = getattr(item, "_dirty", None)
        if dirty is not None:
            dirty.clear()
        else:
            if cls.__setattr__ is not object_patch._control_setattr:
                cls.__setattr__ = object_patch._control_setattr
            object.__setattr__(item, "__changes", {})


def install() -> None:
    """The quicker walk in place of Flet's, for every session of this process."""
    DiffBuilder._configure_dataclass = quick_configure  # type: ignore[method-assign]
