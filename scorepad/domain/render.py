"""A scored deal for people and programs: step labels, the §2 JSON, the explanation."""

from __future__ import annotations

from typing import Any

from scorepad.domain.language import fmt_list, fmt_number, fmt_signed, language, word
from scorepad.domain.messages import CONTRACT_NAMES, N_, render, warning_message
from scorepad.domain.model import DealInput, ScoredDeal, Side, Step

#: The words of each step that is one sentence with its parameters.
_STEP_KEYS = {"needed": N_("step.needed"), "per_defender": N_("step.per_defender"),
              "row_sum": N_("step.row_sum"), "base": N_("step.base"),
              "coefficient": N_("step.coefficient"), "score_taker": N_("step.score_taker"),
              "score_partner": N_("step.score_partner"),
              "score_defenders": N_("step.score_defenders"), "misere": N_("step.misere")}


def _p(step: Step, name: str) -> Any:
    return step.param(name)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _chelem_words(step: Step, lang: str) -> str | None:
    """The words of a chelem step (the same in the steps and in the explanation)."""
    if step.code == "chelem_attack":
        return word(N_("chelem.announced_made") if _p(step, "announced")
                    else N_("chelem.unannounced"), lang)
    if step.code == "chelem_failed":
        return word("chelem.failed", lang)
    if step.code == "chelem_defense":
        return word("chelem.defense", lang)
    return None


def _outcome(made: bool, difference: object, lang: str) -> str:
    """"fait de 8" / "chuté de 4": one wording for the same idea everywhere."""
    return render(N_("made_by") if made else N_("lost_by"), {"n": difference}, lang)


def step_label(step: Step, lang: str = "fr") -> str:
    """The words of one calculation step, in the reader's language."""
    lang = language(lang)
    return _cap(_step_words(step, lang))


def _step_words(step: Step, lang: str) -> str:
    code = step.code
    params = dict(step.params)
    chelem = _chelem_words(step, lang)
    if chelem is not None:
        return chelem
    if code == "points":
        return word(N_("step.points_as_defense") if params.get("as_defense")
                    else N_("step.points"), lang)
    if code == "difference":
        exact = _p(step, "exact")
        text = word(N_("made_by") if _p(step, "made") else N_("lost_by"), lang)
        text = text.replace("{n}", "").strip()
        return text + (word("half_point", lang) if exact != int(exact) else "")
    if code == "petit_au_bout":
        side = (N_("step.petit_au_bout.attack") if _p(step, "side") is Side.ATTACK
                else N_("step.petit_au_bout.defense"))
        return word(side, lang) + (
            "" if _p(step, "multiplied") else word("not_multiplied", lang))
    if code == "base" and not _p(step, "made"):
        # The value is negative: the words show the sign too, "−(25 + 1)" and −26.
        return render("step.base_lost", params, lang)
    if code == "multiplied":
        return _multiplication(step, lang)
    if code == "poignee":
        params["side"] = "attack" if _p(step, "made") else "defense"
        return render("step.poignee", params, lang)
    if code in ("score_defenders",):
        params["players"] = tuple(_p(step, "players"))
    return render(_STEP_KEYS[code], params, lang) if code in _STEP_KEYS else code


def _multiplication(step: Step, lang: str) -> str:
    part = _p(step, "contract_part")
    pab = _p(step, "pab")
    coef = _p(step, "coefficient")
    inner = fmt_number(part, lang)
    if pab and _p(step, "pab_multiplied"):
        return f"({inner} {_op(pab)} {fmt_number(abs(pab), lang)}) × {coef}"
    if pab:
        return f"{inner} × {coef} {_op(pab)} {fmt_number(abs(pab), lang)}"
    return f"{inner} × {coef}"


def _op(value: int | float) -> str:
    return "+" if value >= 0 else "−"


def scored_to_dict(scored: ScoredDeal, lang: str = "fr") -> dict[str, Any]:
    """FORMAT.md §2."""
    return {
        "made": scored.made,
        "needed": scored.needed,
        "difference": scored.difference,
        "per_defender": scored.per_defender,
        "scores": dict(scored.scores),
        "steps": [
            {"code": s.code, "label": step_label(s, lang), "value": _json_number(s.value)}
            for s in scored.steps
        ],
        "warnings": [
            {"code": w.code, "message": warning_message(w.code, dict(w.params), lang)}
            for w in scored.warnings
        ],
    }


def _json_number(value: int | float) -> int | float:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _head_lines(deal: DealInput, scored: ScoredDeal, lang: str) -> list[str]:
    """Who took what, and whether it was made: the first two lines."""
    contract = CONTRACT_NAMES[lang][deal.contract.value]
    head = _cap(render("explain.taker", {"contract": contract, "taker": deal.taker}, lang))
    if len(deal.players) == 5:
        head += (render("explain.partner", {"partner": deal.partner}, lang) if deal.partner
                 else word("explain.alone", lang))
    points = fmt_number(deal.points, lang)
    if deal.points_entered_as_defense:
        points += render("explain.defense_points", {"defense": 91 - deal.points}, lang)
    exact = abs(deal.points - scored.needed)
    half = "" if exact == int(exact) else word("half_point", lang)
    return [
        render("explain.head", {"head": head, "bouts": deal.bouts, "points": points}, lang),
        render("explain.needed", {
            "needed": scored.needed, "bouts": deal.bouts, "points": deal.points,
            "outcome": _outcome(scored.made, scored.difference, lang), "half": half,
        }, lang),
    ]


def _calculation_lines(scored: ScoredDeal, lang: str) -> list[str]:
    """The contract's calculation, then each bonus added to the running total."""
    steps = {s.code: s for s in scored.steps}
    mult, base = steps["multiplied"], steps["base"]
    sign, op = ("", "+") if scored.made else ("−", "−")
    terms = f"{sign}{fmt_number(_p(base, 'base'), lang)} {op} " \
            f"{fmt_number(_p(base, 'difference'), lang)}"
    pab, coef = _p(mult, "pab"), _p(mult, "coefficient")
    bonus = render("explain.pab_bonus", {"sign": _op(pab), "value": fmt_number(abs(pab), lang)},
                   lang) if pab else ""
    if pab and _p(mult, "pab_multiplied"):
        calc = f"({terms} {bonus}) × {coef}"
    elif pab:
        calc = f"({terms}) × {coef} {bonus}"
    else:
        calc = f"({terms}) × {coef}"
    running = mult.value
    lines = [f"{calc} = {fmt_signed(running, lang)}"]
    for step in scored.steps:
        if step.code == "poignee":
            what = render("explain.poignee", dict(step.params), lang)
        else:
            what = _chelem_words(step, lang) or ""
            if not what:
                continue
        running += step.value
        lines.append(f"{_op(step.value)} {fmt_number(abs(step.value), lang)} {what} = "
                     f"{fmt_signed(running, lang)}")
    return lines


def _share_lines(deal: DealInput, scored: ScoredDeal, lang: str) -> list[str]:
    """Each player's share, the misères, the row and its warnings."""
    s = scored.per_defender
    taker_step = next(st for st in scored.steps if st.code == "score_taker")
    lines = [render("explain.per_defender", {"value": s}, lang)]
    parts = [render("explain.score_taker", {
        "player": deal.taker, "factor": _p(taker_step, "factor"), "value": s,
        "score": fmt_signed(taker_step.value, lang)}, lang)]
    if deal.partner:
        parts.append(render("explain.score_partner",
                            {"player": deal.partner, "score": fmt_signed(s, lang)}, lang))
    defenders = tuple(p for p in deal.players if p not in (deal.taker, deal.partner))
    parts.append(render("explain.score_defenders",
                        {"players": defenders, "score": fmt_signed(-s, lang)}, lang))
    lines.append(word("explain.separator", lang).join(parts) + ".")
    for step in scored.steps:
        if step.code == "misere":
            lines.append(render("explain.misere", {
                "player": _p(step, "player"), "score": fmt_signed(step.value, lang),
                "each": fmt_signed(-_p(step, "each"), lang)}, lang))
    row = ", ".join(f"{p} {fmt_signed(v, lang)}" for p, v in scored.scores.items())
    total = sum(scored.scores.values())
    lines.append(render("explain.row", {"row": row, "total": total}, lang))
    for w in scored.warnings:
        message = warning_message(w.code, dict(w.params), lang)
        lines.append(render("explain.warning", {"message": message}, lang))
    return lines


def explain_text(deal: DealInput, scored: ScoredDeal, lang: str = "fr") -> str:
    """The calculation as a person redoes it on paper, one sentence a line."""
    lang = language(lang)
    lines = [*_head_lines(deal, scored, lang), *_calculation_lines(scored, lang),
             *_share_lines(deal, scored, lang)]
    return "\n".join(lines)


__all__ = ["explain_text", "fmt_list", "scored_to_dict", "step_label"]
