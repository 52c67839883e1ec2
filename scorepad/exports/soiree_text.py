"""The words of a soirée's recap shared by its CSV, PDF and picture (French and English)."""

from __future__ import annotations

from datetime import date, timedelta

from scorepad.domain.language import LANGUAGES, section
from scorepad.domain.messages import CONTRACT_NAMES, fmt_list, fmt_number, fmt_signed, language
from scorepad.domain.soiree import DealMoment, Highlight, SoireeRecap, by_deal

#: Its "(s)" is what the catalog's tests forbid, and the recap's bytes stay as they are.
_DEALS_COUNT = {"fr": "{deals} dont {played} jouées, {games} partie(s)",
                "en": "{deals} of which {played} played, {games} game(s)"}
WORDS = {lang: {**section("soiree", lang), "deals_count": _DEALS_COUNT[lang]}
         for lang in LANGUAGES}


def words(lang: str) -> dict[str, str]:
    return WORDS[language(lang)]


def day_text(day: date | None, lang: str) -> str:
    if day is None:
        return ""
    return day.isoformat() if language(lang) == "en" else day.strftime("%d/%m/%Y")


def title(recap: SoireeRecap, lang: str) -> str:
    w = words(lang)
    text = w["title"].format(day=day_text(recap.day, lang)) if recap.day else w["title_none"]
    return f"{text} · {recap.circle}" if recap.circle else text


def average(value: float | None, lang: str) -> str:
    return "" if value is None else fmt_number(round(value, 1), lang)


def duration(value: timedelta, lang: str) -> str:
    minutes = int(value.total_seconds() // 60)
    return words(lang)["duration"].format(h=minutes // 60, m=minutes % 60)


def deal_ref(moment: DealMoment | None, lang: str,
             players: tuple[str, ...] | None = None) -> str:
    w = words(lang)
    if moment is None:
        return w["none"]
    who = fmt_list(players, lang) if players else moment.player
    return w["deal_ref"].format(player=who, score=fmt_signed(moment.score, lang),
                                game=moment.game, number=moment.number,
                                contract=CONTRACT_NAMES[language(lang)][moment.contract.value])


def deal_refs(moments: tuple[DealMoment, ...], lang: str) -> str:
    """Every tied best (or worst) deal, the players of one deal named together:
    "Bruno, Cécile et Didier −52 (Mardi, donne 4, garde)"."""
    if not moments:
        return words(lang)["none"]
    return "; ".join(deal_ref(m, lang, players) for m, players in by_deal(moments))


def highlight(item: Highlight, lang: str) -> str:
    w = words(lang)
    side = w[item.side.value] + (f", {w['announced']}" if item.announced else "")
    return w["highlight"].format(taker=item.taker, game=item.game, number=item.number,
                                 contract=CONTRACT_NAMES[language(lang)][item.contract.value],
                                 side=side)


def highlights(recap: SoireeRecap, lang: str) -> list[tuple[str, str]]:
    """(label, text) lines: best and worst deal, chelems, petits au bout, most played
    contract, number of deals, time played."""
    w = words(lang)
    top = recap.most_played_contract
    contract = (w["contract_count"].format(
        contract=CONTRACT_NAMES[language(lang)][top[0].value], n=top[1])
        if top else w["none"])
    return [
        (w["best"], deal_refs(recap.best_deals, lang)),
        (w["worst"], deal_refs(recap.worst_deals, lang)),
        (w["chelems"], "; ".join(highlight(h, lang) for h in recap.chelems) or w["none"]),
        (w["petits"], "; ".join(highlight(h, lang) for h in recap.petits_au_bout)
         or w["none"]),
        (w["contract"], contract),
        (w["deals"], w["deals_count"].format(deals=recap.deals, played=recap.played,
                                             games=len(recap.tables))),
        (w["time"], duration(recap.duration, lang)),
    ]
