"""A player's record over every game, a circle or a period (scorepad.domain.player_record),
from the sums the database makes (scorepad.services.stats.reads), and its exports."""

from __future__ import annotations

import re
import unicodedata
from datetime import tzinfo

from scorepad.collation import name_key
from scorepad.domain.messages import render
from scorepad.domain.period import Period
from scorepad.domain.player_record import PlayerRecord, player_record
from scorepad.services.base.errors import ServiceError
from scorepad.services.ports import UnitOfWork
from scorepad.services.stats.reads import derived, scope_facts

PLAYER_FORMATS = ("csv", "pdf")


def _record(uow: UnitOfWork, player: str, circle: int | None, period: Period | None,
            tz: tzinfo | None) -> tuple[PlayerRecord, str | None]:
    read = scope_facts(uow, circle=circle, period=period, tz=tz, player=player)
    (facts,) = read.facts.values()
    return derived(read, "record", lambda: player_record(facts, name_key)), read.circle


def record_of(uow: UnitOfWork, player: str, *, circle: int | None = None,
              period: Period | None = None, tz: tzinfo | None = None) -> PlayerRecord:
    """The record of `player` (a name; a merged name means the player kept) over the
    games of `circle` (None: all) in `period` (None: all time); PlayerNotFound or
    CircleNotFound when they do not exist."""
    return _record(uow, player, circle, period, tz)[0]


def player_file_name(player: str) -> str:
    """A file name people recognise for a player's record ("fiche-andre"), ASCII only."""
    ascii_name = unicodedata.normalize("NFKD", player).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-").lower()[:40]
    return f"fiche-{slug or 'joueur'}"


def export_player(uow: UnitOfWork, player: str, fmt: str, *, circle: int | None = None,
                  period: Period | None = None, lang: str = "fr",
                  tz: tzinfo | None = None) -> bytes:
    """The player's record as CSV or PDF, titled with the circle and the period."""
    if fmt not in PLAYER_FORMATS:
        raise ServiceError("format", "player_format", got=fmt)
    record, circle_name = _record(uow, player, circle, period, tz)
    scope = render("player_export.scope", {
        "circle": circle_name or render("player_export.every_game", {}, lang),
        "period": (period or Period.all_time()).label(lang)}, lang)
    from scorepad import exports

    if fmt == "csv":
        return exports.render_player_csv(record, scope, lang)
    return exports.render_player_pdf(record, scope, lang)
