"""Players' names: the known names a typed one may be a slip of, and short labels that
tell every player of a table apart in a narrow column."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence

#: How alike two folded names must be (difflib's ratio) to suggest one for the other:
#: "Géard" ~ "Gérard" (0.91), "Cécil" ~ "Cécile" (0.91), but not "Maxime" ~ "Maximilien" (0.75).
CLOSE_ENOUGH = 0.8


def fold(name: str) -> str:
    """A name without case, accents or extra spaces: "  Cécile " and "cecile" fold alike."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.split())


def close_known(name: str, known: Sequence[str], limit: int = 3) -> list[str]:
    """The known names `name` may be a slip of, closest first; none when it is known.

    Same letters but for case or accents come first, then names difflib finds close."""
    if name in known:
        return []
    folded = fold(name)
    same = [k for k in known if fold(k) == folded]
    by_fold: dict[str, str] = {}
    for k in known:
        by_fold.setdefault(fold(k), k)
    near = difflib.get_close_matches(folded, list(by_fold), n=limit, cutoff=CLOSE_ENOUGH)
    found = same + [by_fold[f] for f in near if by_fold[f] not in same]
    return found[:limit]


def matching(typed: str, known: Sequence[str], limit: int) -> list[str]:
    """The known names a player may be typing, at most `limit`, in `known`'s order within
    each group: names starting with the typed letters first, then names with a word
    starting with them ("ma" finds "Anne-Marie"), then names holding them anywhere. Case,
    accents and extra spaces do not count; nothing typed matches nothing."""
    folded = fold(typed)
    if not folded:
        return []
    starts: list[str] = []
    words: list[str] = []
    inside: list[str] = []
    for name in known:
        bare = fold(name)
        if bare.startswith(folded):
            starts.append(name)
        elif any(w.startswith(folded) for w in _SEPARATOR.split(bare)[1:]):
            words.append(name)
        elif folded in bare:
            inside.append(name)
    return [*starts, *words, *inside][:max(limit, 0)]


# ---- short labels --------------------------------------------------------------------------

_PARTS = re.compile(r"[\s\-]+|[^\s\-]+")
_SEPARATOR = re.compile(r"[\s\-]+")


def _candidates(name: str, width: int) -> list[str]:
    """The labels of one name from shortest to the whole name: the first words by their
    initial ("J-", "M-") then as much of the last word as needed; one word: its start."""
    parts = _PARTS.findall(name)
    words = [p for p in parts if not _SEPARATOR.fullmatch(p)]
    if len(words) <= 1 or _SEPARATOR.fullmatch(parts[-1]):
        start = min(max(width, 1), len(name))
        return [name[:n] for n in range(start, len(name) + 1)]
    head = "".join(("-" if "-" in p else " ") if _SEPARATOR.fullmatch(p) else p[0]
                   for p in parts[:-1])
    last = parts[-1]
    shortened = [head + last[:n] for n in range(1, len(last) + 1)]
    fitting = [s for s in shortened if len(s) >= width] or shortened[-1:]
    return fitting if fitting[-1] == name else [*fitting, name]


def short_labels(names: Sequence[str], width: int = 6) -> dict[str, str]:
    """A label per name, distinct when the names are, never longer than the name: the
    whole name when it fits in `width` characters, else a shortened one ("J-Bap",
    "Maxim"), lengthened until no two labels are alike."""
    options = {n: _candidates(n, width) for n in names}
    level = {n: 0 for n in names}

    def label(n: str) -> str:
        return n if len(n) <= width else options[n][level[n]]

    while True:
        taken: dict[str, list[str]] = {}
        for n in names:
            taken.setdefault(label(n), []).append(n)
        clashes = [group for group in taken.values() if len(set(group)) > 1]
        if not clashes:
            return {n: label(n) for n in names}
        moved = False
        for group in clashes:
            for n in group:
                if len(n) > width and level[n] < len(options[n]) - 1:
                    level[n] += 1
                    moved = True
        if not moved:  # only whole names left: they differ (or are the same name)
            return {n: n for n in names}
