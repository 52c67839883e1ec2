"""The one order of people's and circles' names everywhere (lists, pickers, rankings):
French order by the Unicode Collation Algorithm (pyuca), "Émile" beside "Emile", never
after "Zoé"; accents then case only break ties, and the exact text breaks the last ones."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import TypeVar

T = TypeVar("T")


@cache
def _collator() -> object:
    # Loaded on first use (about 0.3 s): `scorepad score` and the imports stay fast.
    import pyuca

    return pyuca.Collator()


@lru_cache(maxsize=4096)
def name_key(name: str) -> tuple[tuple[int, ...], str]:
    """The sort key of a name: the letters first (accents and case ignored), then the
    accents, then the case (pyuca's levels), then the text itself, so that no two
    different names compare equal and the order never depends on the input's. Kept for
    the names met last: a season's ranking orders the same few names in every game, and
    the collation costs tens of microseconds a name."""
    return _collator().sort_key(name), name  # type: ignore[attr-defined]


def sorted_names(names: Iterable[str]) -> list[str]:
    return sorted(names, key=name_key)


def sorted_by_name(items: Iterable[T], name: Callable[[T], str]) -> list[T]:
    """`items` in the order of their names."""
    return sorted(items, key=lambda item: name_key(name(item)))


def same_name(first: str, second: str) -> bool:
    """Whether two names would look alike in a list: equal but for case and spaces
    ("Les mardis", "LES  MARDIS")."""
    return " ".join(first.casefold().split()) == " ".join(second.casefold().split())
