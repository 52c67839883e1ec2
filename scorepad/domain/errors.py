"""The domain's own error: an invalid deal, naming the field a person would correct."""

from __future__ import annotations

from typing import Any


class InvalidDeal(Exception):
    """A deal (or its rules) that cannot be scored.

    `field` is the FORMAT.md §1 key to correct; `code` and `params` render the
    message in the reader's language with `message(lang)`.
    """

    def __init__(self, field: str, code: str, **params: Any) -> None:
        self.field = field
        self.code = code
        self.params = params
        super().__init__(f"{field}: {code} {params}")

    def message(self, lang: str = "fr") -> str:
        from scorepad.domain.messages import error_message

        return error_message(self.code, self.params, lang)

    def to_dict(self, lang: str = "fr") -> dict[str, dict[str, str]]:
        """FORMAT.md §3."""
        return {"error": {"field": self.field, "message": self.message(lang)}}
