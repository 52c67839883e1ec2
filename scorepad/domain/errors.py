"""The errors a person reads: a refusal naming the field to correct (`Refusal`), and the
domain's own, an invalid deal."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """Something asked of scorepad that is refused: `field` names what to correct,
    `code` and `params` say why, rendered by `message(lang)` in French or English."""

    def __init__(self, field: str, code: str, **params: Any) -> None:
        self.field = field
        self.code = code
        self.params = params
        super().__init__(self.summary())

    def summary(self) -> str:
        """What `str(error)` says (logs, tracebacks)."""
        return f"{self.field}: {self.code} {self.params}"

    def message(self, lang: str = "fr") -> str:
        raise NotImplementedError

    def to_dict(self, lang: str = "fr") -> dict[str, dict[str, str]]:
        """FORMAT.md §3."""
        return {"error": {"field": self.field, "message": self.message(lang)}}


class InvalidDeal(Refusal):
    """A deal (or its rules) that cannot be scored.

    `field` is the FORMAT.md §1 key to correct; `code` and `params` render the
    message in the reader's language with `message(lang)`.
    """

    def message(self, lang: str = "fr") -> str:
        from scorepad.domain.messages import error_message

        return error_message(self.code, self.params, lang)
