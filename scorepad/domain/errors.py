"""The errors a person reads: a refusal naming the field to correct (`Refusal`), and the
domain's own, an invalid deal."""

from __future__ import annotations

from typing import Any, ClassVar

from scorepad.domain.messages import Message, render_message


class Refusal(Exception):
    """Something asked of scorepad that is refused: `field` names what to correct,
    `code` and `params` say why. The words are the catalog's `<area>.<code>` entry (each
    kind of refusal has its area), rendered by `message(lang)` in the reader's language.

    A refusal holds no words: a new code needs its entry in the catalogs, which the
    extraction finds at the place it is raised (scripts/catalogs.py)."""

    #: the catalog area of this kind of refusal's codes
    area: ClassVar[str] = "error"

    def __init__(self, field: str, code: str, **params: Any) -> None:
        self.field = field
        self.code = code
        self.params = params
        super().__init__(self.summary())

    @property
    def key(self) -> str:
        """The catalog key of the message."""
        return f"{self.area}.{self.code}"

    def summary(self) -> str:
        """What `str(error)` says (logs, tracebacks)."""
        return f"{self.field}: {self.code} {self.params}"

    def text(self) -> Message:
        """The message, not yet rendered."""
        return Message(self.key, self.params)

    def message(self, lang: str = "fr") -> str:
        """The message in `lang` (French by default)."""
        return render_message(self.text(), lang)

    def to_dict(self, lang: str = "fr") -> dict[str, dict[str, str]]:
        """FORMAT.md §3."""
        return {"error": {"field": self.field, "message": self.message(lang)}}


class InvalidDeal(Refusal):
    """A deal (or its rules) that cannot be scored.

    `field` is the FORMAT.md §1 key to correct; `code` and `params` render the
    message (`error.<code>`) in the reader's language with `message(lang)`.
    """
