"""Names as players read them (issue 19): lists in French order from the database, circle
names unique but for case, empty or long names refused in words, and the merge offering
only players never seated together (on SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest

from scorepad import services as s


def test_the_players_and_circles_lists_are_in_french_order(database: Any) -> None:
    uow = database.uow
    s.create_game(uow(), name="Ordre", seats=["Zoé", "Hélène", "Émile", "emma"], deal_size=4)
    assert [p.name for p in s.list_players(uow())] == ["Émile", "emma", "Hélène", "Zoé"]
    for name in ("Tilleuls", "Écureuils", "érables", "Amis"):
        s.create_circle(uow(), name)
    assert [c.name for c in s.list_circles(uow())] == ["Amis", "Écureuils", "érables",
                                                       "Tilleuls"]


def test_a_circle_name_that_differs_only_by_case_is_refused(database: Any) -> None:
    uow = database.uow
    first = s.create_circle(uow(), "Les mardis")
    with pytest.raises(s.CircleNameTaken) as refused:
        s.create_circle(uow(), "LES MARDIS")
    assert refused.value.message("fr") == "Le cercle « Les mardis » existe déjà."
    other = s.create_circle(uow(), "Les jeudis")
    with pytest.raises(s.CircleNameTaken):
        s.rename_circle(uow(), other, "les  Mardis ")
    s.rename_circle(uow(), first, "Les Mardis")  # its own name, another case: fine
    assert [c.name for c in s.list_circles(uow())] == ["Les jeudis", "Les Mardis"]


def test_an_empty_or_long_name_is_refused_in_words_not_as_a_format(database: Any) -> None:
    uow = database.uow
    s.create_game(uow(), name="Noms", seats=["André", "Bruno", "Cécile"], deal_size=3)
    with pytest.raises(s.ServiceError) as empty:
        s.rename_player(uow(), "André", "   ")
    assert empty.value.field == "name"
    assert empty.value.message("fr") == "Le nom du joueur est vide : écrivez au moins une lettre."
    assert "reçu" not in empty.value.message("fr")
    with pytest.raises(s.ServiceError) as long:
        s.rename_player(uow(), "André", "A" * 41)
    assert long.value.message("en") == (
        "A player's name has at most 40 characters: this one has 41.")
    with pytest.raises(s.ServiceError) as circle:
        s.create_circle(uow(), "")
    assert circle.value.message("fr") == ("Le nom du cercle est vide : écrivez au moins une "
                                          "lettre.")
    with pytest.raises(s.ServiceError) as seat:
        s.create_game(uow(), name="Vide", seats=["André", " ", "Cécile"], deal_size=3)
    assert seat.value.field == "seats"
    assert seat.value.message("fr") == ("Un siège n'a pas de nom : écrivez le nom de chaque "
                                        "joueur.")


def test_the_merge_offers_only_players_never_seated_together(database: Any) -> None:
    uow = database.uow
    s.create_game(uow(), name="Mardi", seats=["JP", "Bruno", "Cécile"], deal_size=3)
    s.create_game(uow(), name="Vendredi", seats=["Jean-Pierre", "Bruno", "Didier"],
                  deal_size=3)
    options = s.merge_options(uow())
    assert options["JP"] == ("Didier", "Jean-Pierre")
    assert options["Bruno"] == ()  # sat with everybody
    s.merge_players(uow(), "Jean-Pierre", "JP")  # what is offered is accepted
    assert "JP" not in s.merge_options(uow())
