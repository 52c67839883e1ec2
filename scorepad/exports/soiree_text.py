"""The words of a soirée's recap shared by its CSV, PDF and picture, in the reader's
language (catalog keys `soiree.*`)."""

from __future__ import annotations

from datetime import timedelta

from scorepad.domain.language import day_text, word
from scorepad.domain.messages import (
    CONTRACT_NAMES,
    N_,
    fmt_list,
    fmt_number,
    fmt_signed,
    language,
    render,
    render_count,
)
from scorepad.domain.soiree import DealMoment, Highlight, SoireeRecap, by_deal
from scorepad.exports.bonuses import SIDE_WORDS

#: The ranking's columns: rank, player, total, deals played, average per deal, tables.
COLUMNS = (N_("soiree.rank"), N_("soiree.player"), N_("soiree.total"), N_("soiree.played"),
           N_("soiree.average"), N_("soiree.tables"))


def labelled(label: str, text: str, lang: str) -> str:
    """"Meilleure donne : …" / "Best deal: …" (the language's colon)."""
    return render("format.label_value", {"label": label, "value": text}, lang)


def title(recap: SoireeRecap, lang: str) -> str:
    text = (word("soiree.title", lang).format(day=day_text(recap.day, lang)) if recap.day
            else word("soiree.title_none", lang))
    return f"{text} · {recap.circle}" if recap.circle else text


def average(value: float | None, lang: str) -> str:
    return "" if value is None else fmt_number(round(value, 1), lang)


def duration(value: timedelta, lang: str) -> str:
    minutes = int(value.total_seconds() // 60)
    return word("soiree.duration", lang).format(h=minutes // 60, m=minutes % 60)


def deal_ref(moment: DealMoment | None, lang: str,
             players: tuple[str, ...] | None = None) -> str:
    if moment is None:
        return word("soiree.none", lang)
    who = fmt_list(players, lang) if players else moment.player
    return word("soiree.deal_ref", lang).format(
        player=who, score=fmt_signed(moment.score, lang), game=moment.game,
        number=moment.number, contract=CONTRACT_NAMES[language(lang)][moment.contract.value])


def deal_refs(moments: tuple[DealMoment, ...], lang: str) -> str:
    """Every tied best (or worst) deal, the players of one deal named together:
    "Bruno, Cécile et Didier −52 (Mardi, donne 4, garde)"."""
    if not moments:
        return word("soiree.none", lang)
    return "; ".join(deal_ref(m, lang, players) for m, players in by_deal(moments))


def highlight(item: Highlight, lang: str) -> str:
    side = word(SIDE_WORDS[item.side.value], lang)
    if item.announced:
        side += f", {word('soiree.announced', lang)}"
    return word("soiree.highlight", lang).format(
        taker=item.taker, game=item.game, number=item.number,
        contract=CONTRACT_NAMES[language(lang)][item.contract.value], side=side)


def highlights(recap: SoireeRecap, lang: str) -> list[tuple[str, str]]:
    """(label, text) lines: best and worst deal, chelems, petits au bout, most played
    contract, number of deals, time played."""
    none = word("soiree.none", lang)
    top = recap.most_played_contract
    contract = (render("soiree.contract_count", {
        "contract": CONTRACT_NAMES[language(lang)][top[0].value], "n": top[1]}, lang)
        if top else none)
    return [
        (word("soiree.best", lang), deal_refs(recap.best_deals, lang)),
        (word("soiree.worst", lang), deal_refs(recap.worst_deals, lang)),
        (word("soiree.chelems", lang),
         "; ".join(highlight(h, lang) for h in recap.chelems) or none),
        (word("soiree.petits", lang),
         "; ".join(highlight(h, lang) for h in recap.petits_au_bout) or none),
        (word("soiree.contract", lang), contract),
        (word("soiree.deals", lang), render_count("soiree.deals_count", len(recap.tables), {
            "deals": recap.deals, "played": recap.played}, lang)),
        (word("soiree.time", lang), duration(recap.duration, lang)),
    ]
