"""A scored deal for people and programs: step labels, the §2 JSON, the explanation."""

from __future__ import annotations

from typing import Any

from scorepad.domain.messages import (
    CONTRACT_NAMES,
    SIZE_NAMES,
    fmt_list,
    fmt_number,
    fmt_signed,
    language,
    warning_message,
)
from scorepad.domain.model import DealInput, ScoredDeal, Side, Step


def _p(step: Step, name: str) -> Any:
    return step.param(name)


def step_label(step: Step, lang: str = "fr") -> str:
    """The words of one calculation step, in the reader's language."""
    fr = language(lang) == "fr"
    code = step.code

    def n(value: object) -> str:
        return fmt_number(value, lang)

    if code == "needed":
        bouts = _p(step, "bouts")
        if fr:
            return f"Points nécessaires avec {bouts} bout{'s' if bouts > 1 else ''}"
        return f"Points needed with {bouts} bout{'s' if bouts != 1 else ''}"
    if code == "points":
        if _p(step, "as_defense"):
            return ("Points de l'attaque (91 − points de la défense)" if fr
                    else "Attack's points (91 − defence's points)")
        return "Points de l'attaque" if fr else "Attack's points"
    if code == "difference":
        made = _p(step, "made")
        exact = _p(step, "exact")
        half = exact != int(exact)
        if fr:
            text = "Fait de" if made else "Chuté de"
            return text + (" (le demi-point va au camp gagnant)" if half else "")
        text = "Made by" if made else "Lost by"
        return text + (" (the half point goes to the winning side)" if half else "")
    if code == "base":
        base, diff = n(_p(step, "base")), n(_p(step, "difference"))
        return (f"Base du contrat : {base} + {diff}" if fr
                else f"Contract base: {base} + {diff}")
    if code == "petit_au_bout":
        attack = _p(step, "side") is Side.ATTACK
        mult = _p(step, "multiplied")
        if fr:
            who = "à l'attaque" if attack else "à la défense"
            return f"Petit au bout {who}" + ("" if mult else " (non multiplié)")
        who = "won by the attack" if attack else "won by the defence"
        return f"Petit au bout {who}" + ("" if mult else " (not multiplied)")
    if code == "coefficient":
        name = CONTRACT_NAMES[language(lang)][str(_p(step, "contract"))]
        return f"Coefficient ({name})"
    if code == "multiplied":
        return _multiplication(step, lang)
    if code == "poignee":
        size = SIZE_NAMES[language(lang)][str(_p(step, "size"))]
        player = _p(step, "player")
        if fr:
            side = "l'attaque" if _p(step, "made") else "la défense"
            return f"Poignée {size} de {player}, au camp gagnant ({side}), non multipliée"
        side = "the attack" if _p(step, "made") else "the defence"
        return f"{size.capitalize()} poignée of {player}, to the winning side ({side}), " \
               "not multiplied"
    if code == "chelem_attack":
        if _p(step, "announced"):
            return "Chelem annoncé et réussi" if fr else "Chelem announced and made"
        return "Chelem réussi sans annonce" if fr else "Chelem made, not announced"
    if code == "chelem_failed":
        return "Chelem annoncé, non réussi" if fr else "Chelem announced, not made"
    if code == "chelem_defense":
        return "Chelem de la défense" if fr else "Chelem won by the defence"
    if code == "per_defender":
        return "Par défenseur" if fr else "Per defender"
    if code == "score_taker":
        factor = _p(step, "factor")
        return (f"Preneur {_p(step, 'player')} : {factor} × par défenseur" if fr
                else f"Taker {_p(step, 'player')}: {factor} × per defender")
    if code == "score_partner":
        return (f"Appelé {_p(step, 'player')} : 1 × par défenseur" if fr
                else f"Partner {_p(step, 'player')}: 1 × per defender")
    if code == "score_defenders":
        names = fmt_list(_p(step, "players"), lang)
        return f"Défense ({names}), chacun" if fr else f"Defence ({names}), each"
    if code == "misere":
        each, others = n(_p(step, "each")), _p(step, "others")
        return (f"Misère de {_p(step, 'player')} : {each} de chacun des {others} autres" if fr
                else f"Misère of {_p(step, 'player')}: {each} from each of the {others} others")
    if code == "row_sum":
        return "Somme de la ligne" if fr else "Row total"
    return code  # pragma: no cover - every code has a label


def _multiplication(step: Step, lang: str) -> str:
    part = _p(step, "contract_part")
    pab = _p(step, "pab")
    coef = _p(step, "coefficient")
    inner = fmt_number(part, lang)
    if pab and _p(step, "pab_multiplied"):
        inner = f"({inner} {_op(pab)} {fmt_number(abs(pab), lang)}) × {coef}"
    elif pab:
        inner = f"{inner} × {coef} {_op(pab)} {fmt_number(abs(pab), lang)}"
    else:
        inner = f"{inner} × {coef}"
    return inner.replace("-", "−")


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


def explain_text(deal: DealInput, scored: ScoredDeal, lang: str = "fr") -> str:
    """The calculation as a person redoes it on paper, one sentence a line."""
    lang = language(lang)
    fr = lang == "fr"

    def n(value: object) -> str:
        return fmt_number(value, lang)

    lines: list[str] = []
    steps = {s.code: s for s in scored.steps}
    contract = CONTRACT_NAMES[lang][deal.contract.value]
    bouts_word = ("bout" if deal.bouts <= 1 else "bouts") if fr else (
        "bout" if deal.bouts == 1 else "bouts")

    head = f"{contract.capitalize()} " + ("de " if fr else "by ") + deal.taker
    if len(deal.players) == 5:
        if deal.partner:
            head += f" (appelé : {deal.partner})" if fr else f" (partner: {deal.partner})"
        else:
            head += " (seul)" if fr else " (alone)"
    points_text = n(deal.points)
    if deal.points_entered_as_defense:
        defense = n(91 - deal.points)
        points_text += (f" (91 − {defense} de la défense)" if fr
                        else f" (91 − {defense} for the defence)")
    lines.append(f"{head}, {deal.bouts} {bouts_word}, {points_text} points.")

    made_word = ("fait de" if scored.made else "chuté de") if fr else (
        "made by" if scored.made else "lost by")
    exact = abs(deal.points - scored.needed)
    half = "" if exact == int(exact) else (
        " (le demi-point va au camp gagnant)" if fr else " (the half point goes to the winner)")
    if fr:
        lines.append(f"Il fallait {scored.needed} points avec {deal.bouts} {bouts_word} ; "
                     f"{n(deal.points)} points : {made_word} {scored.difference}{half}.")
    else:
        lines.append(f"{scored.needed} points were needed with {deal.bouts} {bouts_word}; "
                     f"{n(deal.points)} points: {made_word} {scored.difference}{half}.")

    mult = steps["multiplied"]
    base = steps["base"]
    base_amount = _p(base, "base")
    diff = _p(base, "difference")
    sign = "" if scored.made else "−"
    op = "+" if scored.made else "−"
    terms = f"{sign}{n(base_amount)} {op} {n(diff)}"
    pab = _p(mult, "pab")
    pab_word = "petit au bout"
    coef = _p(mult, "coefficient")
    if pab and _p(mult, "pab_multiplied"):
        calc = f"({terms} {_op(pab)} {n(abs(pab))} {pab_word}) × {coef}"
    elif pab:
        calc = f"({terms}) × {coef} {_op(pab)} {n(abs(pab))} {pab_word}"
    else:
        calc = f"({terms}) × {coef}"
    running = mult.value
    lines.append(f"{calc} = {fmt_signed(running, lang)}")

    for step in scored.steps:
        if step.code == "poignee":
            size = SIZE_NAMES[lang][str(_p(step, "size"))]
            what = (f"poignée {size} de {_p(step, 'player')}" if fr
                    else f"{size} poignée of {_p(step, 'player')}")
        elif step.code == "chelem_attack":
            what = ("chelem annoncé et réussi" if _p(step, "announced") else
                    "chelem non annoncé") if fr else (
                "chelem announced and made" if _p(step, "announced") else
                "chelem not announced")
        elif step.code == "chelem_failed":
            what = "chelem annoncé non réussi" if fr else "chelem announced, not made"
        elif step.code == "chelem_defense":
            what = "chelem de la défense" if fr else "defence chelem"
        else:
            continue
        running += step.value
        value = step.value
        lines.append(f"{_op(value)} {n(abs(value))} {what} = {fmt_signed(running, lang)}")

    s = scored.per_defender
    lines.append((f"Soit {n(s)} par défenseur." if fr else f"That is {n(s)} per defender.")
                 .replace("-", "−"))

    taker_step = steps["score_taker"]
    factor = _p(taker_step, "factor")
    taker_score = taker_step.value
    parts = [
        (f"{deal.taker} (preneur) : {factor} × {n(s)} = {fmt_signed(taker_score, lang)}" if fr
         else f"{deal.taker} (taker): {factor} × {n(s)} = {fmt_signed(taker_score, lang)}")
        .replace("× -", "× −")
    ]
    if deal.partner:
        parts.append(f"{deal.partner} (appelé) : {fmt_signed(s, lang)}" if fr
                     else f"{deal.partner} (partner): {fmt_signed(s, lang)}")
    defenders = [p for p in deal.players if p not in (deal.taker, deal.partner)]
    parts.append(f"{fmt_list(defenders, lang)} (défense) : {fmt_signed(-s, lang)} chacun" if fr
                 else f"{fmt_list(defenders, lang)} (defence): {fmt_signed(-s, lang)} each")
    lines.append(" ; ".join(parts) + "." if fr else "; ".join(parts) + ".")

    for step in scored.steps:
        if step.code == "misere":
            each = _p(step, "each")
            lines.append(
                f"Misère de {_p(step, 'player')} : {fmt_signed(step.value, lang)} pour "
                f"{_p(step, 'player')}, −{n(each)} pour chacun des autres." if fr else
                f"Misère of {_p(step, 'player')}: {fmt_signed(step.value, lang)} for "
                f"{_p(step, 'player')}, −{n(each)} for each other player."
            )

    row = ", ".join(f"{p} {fmt_signed(v, lang)}" for p, v in scored.scores.items())
    total = sum(scored.scores.values())
    lines.append(f"Ligne : {row} (somme {total})." if fr else f"Row: {row} (sum {total}).")
    for w in scored.warnings:
        prefix = "Attention : " if fr else "Warning: "
        lines.append(prefix + warning_message(w.code, dict(w.params), lang))
    return "\n".join(lines)
