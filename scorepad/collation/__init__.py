"""The one order of people's and circles' names everywhere (lists, pickers, rankings):
French order by the Unicode Collation Algorithm (pyuca), "Émile" beside "Emile", never
after "Zoé"; accents then case only break ties, and the exact text breaks the last ones.

pyuca reads its collation table (a 1.8 MB text file, a regular expression a line) on first
use: 0.3 s on a laptop, over a second on a slow phone, in the middle of drawing the first
games list. The phone site ships the table compiled instead (`compile_table`, by `scorepad
build-phone`, beside pyuca's module): marshal data read in C, the same sort keys.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

#: The compiled table's name beside pyuca's module, for pyuca's UCA version.
COMPILED = "allkeys-{version}.marshal"
#: marshal's format 2: no references between objects, so the same table gives the same
#: bytes whatever the compiling process held (a reproducible build).
_MARSHAL_FORMAT = 2


@cache
def _collator() -> object:
    # Loaded on first use: `scorepad score` and the imports stay fast.
    import pyuca

    compiled = Path(pyuca.__file__).with_name(
        COMPILED.format(version=pyuca.Collator.UCA_VERSION))
    if compiled.is_file():
        return compiled_collator(compiled.read_bytes())
    return pyuca.Collator()


def compile_table(collator: Any) -> bytes:
    """pyuca's loaded table (a Collator's) as the compiled table's bytes."""
    entries: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}

    def walk(node: Any, key: tuple[int, ...]) -> Iterator[None]:
        if node.value is not None:
            entries[key] = tuple(tuple(element) for element in node.value)
        for part, child in (node.children or {}).items():
            yield from walk(child, (*key, part))
        yield None

    for _ in walk(collator.table.root, ()):
        pass
    nodes = sorted({key[:n] for key in entries for n in range(1, len(key) + 1)})
    weights = tuple(tuple(w) for w in collator.implicit_weights)
    return marshal.dumps((collator.UCA_VERSION, entries, tuple(nodes), weights),
                         _MARSHAL_FORMAT)


class _CompiledTable:
    """pyuca's Trie read from the compiled table: `find_prefix` as pyuca's, over flat
    lookups (every key's value, and every prefix that leads somewhere)."""

    def __init__(self, entries: dict[tuple[int, ...], Any], nodes: Iterable[tuple[int, ...]]
                 ) -> None:
        self._values = entries
        self._nodes = frozenset(nodes)

    def find_prefix(self, key: list[int]) -> tuple[list[int], Any, list[int]]:
        found, value = 0, None
        for end in range(1, len(key) + 1):
            prefix = tuple(key[:end])
            if prefix not in self._nodes:
                break
            if self._values.get(prefix):
                found, value = end, self._values[prefix]
        return key[:found], value, key[found:]


def compiled_collator(data: bytes) -> object:
    """A pyuca Collator over a compiled table (`compile_table`'s bytes) of its version."""
    import pyuca

    version, entries, nodes, weights = marshal.loads(data)
    if version != pyuca.Collator.UCA_VERSION:
        return pyuca.Collator()

    class CompiledCollator(pyuca.Collator):  # type: ignore[misc]
        def __init__(self) -> None:  # pyuca's reads its text table: not here
            self.table = _CompiledTable(entries, nodes)
            self.implicit_weights = [list(w) for w in weights]

    return CompiledCollator()


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
