"""The domain's frozen values as plain JSON and back: a club's ranking and awards travel to
a phone (scorepad.services.sync) and are drawn there by the very screens that draw them
on the club's server. `to_plain` writes a value's fields (enums by value, days and moments
in ISO 8601); `from_plain` reads them back by the value's own type hints, refusing with
PlainRefused whatever does not fit."""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from datetime import date, datetime
from enum import Enum
from typing import Any, TypeVar

T = TypeVar("T")


class PlainRefused(ValueError):
    """A plain value that is not of the type asked for (`where` says which part)."""

    def __init__(self, where: str) -> None:
        super().__init__(where)
        self.where = where


def to_plain(value: object) -> Any:
    """JSON's values only: dicts, lists, strings, numbers, booleans and null."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(to_plain(k)): to_plain(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"not a plain value: {type(value).__name__}")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(kind: Any, data: Any, where: str = "") -> Any:
    """`data` read as a value of `kind` (a dataclass, an enum, a day, a moment, a tuple,
    a dict, an optional, a number, a text)."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        for option in options:
            if option is type(None):
                continue
            try:
                return from_plain(option, data, where)
            except PlainRefused:
                continue
        raise PlainRefused(where)
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list):
            raise PlainRefused(where)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise PlainRefused(where)
        return tuple(from_plain(a, v, f"{where}[{i}]")
                     for i, (a, v) in enumerate(zip(args, data, strict=True)))
    if origin in (dict, typing.Mapping) or kind is dict:
        key_kind, value_kind = typing.get_args(kind) or (str, Any)
        if not isinstance(data, dict):
            raise PlainRefused(where)
        return {from_plain(key_kind, k, where): from_plain(value_kind, v, f"{where}.{k}")
                for k, v in data.items()}
    if kind is Any:
        return data
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise PlainRefused(where)
        hints = _hints(kind)
        values = {}
        for f in dataclasses.fields(kind):
            if f.name in data:
                values[f.name] = from_plain(hints[f.name], data[f.name], f"{where}.{f.name}")
            elif f.default is dataclasses.MISSING and \
                    f.default_factory is dataclasses.MISSING:
                raise PlainRefused(f"{where}.{f.name}")
        return kind(**values)
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError:
            raise PlainRefused(where) from None
    if kind is datetime or kind is date:
        if not isinstance(data, str):
            raise PlainRefused(where)
        try:
            return kind.fromisoformat(data)
        except ValueError:
            raise PlainRefused(where) from None
    if kind is float and isinstance(data, int | float) and not isinstance(data, bool):
        return float(data)
    if kind is int and isinstance(data, int) and not isinstance(data, bool):
        return data
    if kind in (str, bool) and isinstance(data, kind):
        return data
    raise PlainRefused(where)


def read_plain(kind: type[T], data: Any) -> T:
    """`from_plain` for a class (typed for the caller)."""
    value: T = from_plain(kind, data, kind.__name__)
    return value
