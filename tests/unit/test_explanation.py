"""The explanation that settles a dispute: every number a person needs, in order."""

from __future__ import annotations

from scorepad.domain import explain_text, parse_deal, score_deal, scored_to_dict
from tests.factories import FIVE
from tests.unit.helpers_domain import THREE, deal


def explain(lang: str = "fr", **overrides: object) -> str:
    parsed, rules = parse_deal(deal(**overrides))
    return explain_text(parsed, score_deal(parsed, rules), lang)


def test_a_lost_garde_with_petit_au_bout_to_the_defence_reads_naturally() -> None:
    text = explain(contract="garde", bouts=1, points=45, petit_au_bout="defense",
                   poignees=[{"player": "Bruno", "size": "simple"}])
    assert "Il fallait 51 points avec 1 bout ; 45 points : chuté de 6." in text
    assert "(−25 − 6 − 10 petit au bout) × 2 = −82" in text
    assert "− 20 poignée simple de Bruno = −102" in text
    assert "Soit −102 par défenseur." in text
    assert "André (preneur) : 3 × −102 = −306" in text
    assert "Bruno, Cécile et Didier (défense) : +102 chacun." in text
    assert text.endswith("(somme 0).")


def test_a_half_point_is_explained() -> None:
    text = explain(players=THREE, contract="garde", bouts=2, points=40.5)
    assert "40,5 points : chuté de 1 (le demi-point va au camp gagnant)." in text


def test_five_players_name_the_partner_and_their_share() -> None:
    text = explain(players=FIVE, partner="Cécile", contract="garde", bouts=2, points=45)
    assert text.startswith("Garde d'André (appelé : Cécile), 2 bouts, 45 points.")
    assert "Cécile (appelé) : +58" in text


def test_defence_points_entry_is_shown_as_entered() -> None:
    data = deal(bouts=2)
    del data["points"]
    data["defense_points"] = 42
    parsed, rules = parse_deal(data)
    text = explain_text(parsed, score_deal(parsed, rules))
    assert "49 (91 − 42 de la défense) points" in text


def test_chelem_and_misere_lines_appear() -> None:
    text = explain(contract="garde", bouts=3, points=91, chelem="attack", chelem_announced=True,
                   miseres=["Didier"], rules={"misere": True})
    assert "+ 400 chelem annoncé et réussi" in text
    assert "Misère de Didier : +30 pour Didier, −10 pour chacun des autres." in text


def test_warnings_are_part_of_the_explanation() -> None:
    text = explain("en", contract="prise", bouts=3, points=91)
    assert "Warning: 91 points and no chelem recorded" in text


def test_the_steps_let_a_person_redo_the_sum() -> None:
    parsed, rules = parse_deal(deal(contract="garde_sans", bouts=3, points=50,
                                    petit_au_bout="attack",
                                    poignees=[{"player": "André", "size": "simple"}]))
    steps = scored_to_dict(score_deal(parsed, rules))["steps"]
    values = {s["code"]: s["value"] for s in steps}
    assert values["needed"] == 36
    assert values["base"] == 25 + 14
    assert values["multiplied"] == (values["base"] + values["petit_au_bout"]) * values[
        "coefficient"]
    assert values["per_defender"] == values["multiplied"] + values["poignee"] == 216
    assert values["row_sum"] == 0
    assert [s["label"] for s in steps if s["code"] == "multiplied"] == ["(39 + 10) × 4"]
