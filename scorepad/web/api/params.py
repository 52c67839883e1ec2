"""What an API route declares besides its bodies: ids and whole numbers as the API reads
them, the `lang` query, the X-Table-Code / X-Organiser-Key / X-Author headers, and
`Loose`, a value documented with its type but judged by the domain."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import Depends, Header, Query
from pydantic import Field, PlainValidator

from scorepad.domain.language import asked_language, languages
from scorepad.services import Organiser
from scorepad.services.base.common import MAX_ID, given_author

QUOTE_LIMIT = 40            # characters of what was sent quoted back in an error
AUTHOR_LIMIT = 80           # characters of X-Author kept in the audit trail
CODE_HEADER = "X-Table-Code"
ORGANISER_HEADER = "X-Organiser-Key"
AUTHOR_HEADER = "X-Author"


def clip(text: str) -> str:
    """At most QUOTE_LIMIT characters of something a client sent."""
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"


def parse_id(value: str | None) -> int | None:
    """A database id written in ASCII digits (not "²" nor "٣"), at most 2^63 - 1."""
    if value is None or not (value.isascii() and value.isdigit()) or len(value) > 19:
        return None
    parsed = int(value)
    return parsed if parsed <= MAX_ID else None


class NotAWholeNumber(ValueError):
    """What `Whole` raises (refusals.py answers it as the API's own "number" refusal)."""

    def __init__(self, sent: object) -> None:
        super().__init__("a whole number from 0 to 2^63 - 1")
        self.sent = clip(str(sent))


def _whole(value: object) -> int:
    # As a path, a query or a body gives it: 12 or "12", never 12.0, true, "١٢" or "-1".
    parsed = parse_id(value if isinstance(value, str) else
                      None if isinstance(value, bool) else str(value))
    if parsed is None:
        raise NotAWholeNumber(value)
    return parsed


#: A whole number from 0 to 2^63 - 1 (an id, a version, a revision), in ASCII digits.
Whole = Annotated[int, PlainValidator(
    _whole, json_schema_input_type=Annotated[int, Field(ge=0, le=MAX_ID)])]


def _as_sent(value: Any) -> Any:
    return value


class Loose:
    """`Loose[T]`: documented as T in the schema, but taken as sent, so that the domain
    (which says better what is wrong, and what is allowed) judges it: a deal's keys, a
    new game's seats, a table code."""

    def __class_getitem__(cls, documented: Any) -> Any:
        return Annotated[Any, PlainValidator(_as_sent, json_schema_input_type=documented)]


def _language(
        lang: Annotated[Loose[Literal[languages()]], Query(
            description="The language of the messages (French by default)")] = None,
        accept_language: Annotated[str | None, Header(
            description="Read when there is no `lang` query")] = None,
) -> str:
    return asked_language(lang if isinstance(lang, str) else None, accept_language)


#: The language the asker reads (a route's `lang: Lang` parameter).
Lang = Annotated[str, Depends(_language)]
#: The X-Table-Code header (`code: TableCode = None`).
TableCode = Annotated[str | None, Header(
    alias=CODE_HEADER, description="The table code of a protected game")]
#: The X-Author header (`author: Author = None`).
Author = Annotated[str | None, Header(
    alias=AUTHOR_HEADER,
    description=f"Who writes, kept in the deal's history (first {AUTHOR_LIMIT} characters)")]


def _organiser(key: Annotated[str | None, Header(
        alias=ORGANISER_HEADER,
        description="The organiser key (never in a URL)")] = None) -> Organiser:
    return Organiser(key)


@dataclass(frozen=True, slots=True)
class Writer:
    """Who writes: the table code a phone gives, the author kept in the audit trail, and
    the organiser key (a tournament's organiser writes its tables' games without their
    codes, and the history names them)."""

    code: str | None
    author: str | None
    organiser: Organiser | None = None


def _writer(organiser: Annotated[Organiser, Depends(_organiser)], code: TableCode = None,
            author: Author = None) -> Writer:
    named = given_author(author[:AUTHOR_LIMIT] if author else None)
    return Writer(code, named, organiser if organiser.key else None)


#: X-Table-Code, X-Author and X-Organiser-Key (a write route's `who: WriterOf` parameter).
WriterOf = Annotated[Writer, Depends(_writer)]
#: X-Organiser-Key (an organiser route's `who: OrganiserOf` parameter).
OrganiserOf = Annotated[Organiser, Depends(_organiser)]
