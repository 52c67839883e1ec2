"""Players told apart: the known names a typed one may be a slip of, and short labels."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorepad.domain.names import close_known, fold, matching, short_labels

SIX = ["Jean-Baptiste", "Jean-Bernard", "Marie-Hélène", "Maximilien", "Maxime", "Zoé"]


def test_a_slip_of_a_known_name_suggests_it() -> None:
    assert close_known("Géard", ["Cécile", "Gérard", "Maxime"]) == ["Gérard"]
    assert close_known("Cécil", ["Cécile", "Gérard"]) == ["Cécile"]


def test_the_same_letters_in_another_case_or_without_accents_come_first() -> None:
    assert close_known("cecile", ["Cécil", "Cécile"]) == ["Cécile", "Cécil"]
    assert fold("  ÉLODIE   Marie ") == "elodie marie"


def test_a_known_name_or_a_different_one_suggests_nothing() -> None:
    assert close_known("Gérard", ["Gérard", "Géraldine"]) == []
    assert close_known("Maxime", ["Maximilien", "Zoé"]) == []
    assert close_known("Zoé", []) == []


def test_six_long_names_get_distinct_short_labels() -> None:
    labels = short_labels(SIX, width=5)
    assert labels == {"Jean-Baptiste": "J-Bap", "Jean-Bernard": "J-Ber",
                      "Marie-Hélène": "M-Hél", "Maximilien": "Maximi", "Maxime": "Maxime",
                      "Zoé": "Zoé"}


def test_names_that_fit_are_shown_whole() -> None:
    four = ["André", "Bruno", "Cécile", "Didier"]
    assert short_labels(four, width=6) == {n: n for n in four}


def test_a_label_never_equals_another_players_whole_name() -> None:
    labels = short_labels(["Maxim", "Maximilien"], width=5)
    assert labels["Maxim"] == "Maxim"
    assert labels["Maximilien"] != "Maxim"


name = st.text(st.sampled_from("abcAB éè-Jj"), min_size=1, max_size=14).map(str.strip) \
    .filter(bool)


@given(st.lists(name, min_size=1, max_size=8, unique=True), st.integers(1, 10))
def test_labels_are_distinct_when_names_are_and_never_longer(names: list[str],
                                                              width: int) -> None:
    labels = short_labels(names, width)
    assert len(set(labels.values())) == len(names)
    for n in names:
        assert len(labels[n]) <= len(n)
        if len(n) <= width:
            assert labels[n] == n


@given(st.lists(st.text(min_size=1, max_size=20), min_size=1, max_size=6, unique=True))
def test_any_text_gets_a_distinct_label(names: list[str]) -> None:
    labels = short_labels(names, 6)
    assert len(set(labels.values())) == len(names)
    assert all(len(labels[n]) <= len(n) for n in names)


KNOWN = ["Mathieu", "Anne-Marie", "Emma", "Thomas", "Zoé", "Marc Antoine", "Éloïse"]


def test_letters_typed_offer_the_known_players_starting_with_them_first() -> None:
    # Name starting with "ma", then a word starting with it, then "ma" anywhere.
    assert matching("ma", KNOWN, 12) == ["Mathieu", "Marc Antoine", "Anne-Marie", "Emma",
                                         "Thomas"]
    assert matching("  ELO", KNOWN, 12) == ["Éloïse"]  # case, accents, spaces do not count
    assert matching("ma", KNOWN, 2) == ["Mathieu", "Marc Antoine"]
    assert matching("", KNOWN, 12) == [] and matching("   ", KNOWN, 12) == []
    assert matching("xavier", KNOWN, 12) == []


@given(st.text(max_size=4), st.lists(name, max_size=20, unique=True), st.integers(0, 15))
def test_every_offer_is_a_known_name_holding_the_letters(typed: str, known: list[str],
                                                         limit: int) -> None:
    offered = matching(typed, known, limit)
    assert len(offered) <= limit and len(set(offered)) == len(offered)
    assert all(n in known and fold(typed) in fold(n) for n in offered)
    if fold(typed) and limit >= len(known):  # every known name holding them is offered
        assert {n for n in known if fold(typed) in fold(n)} == set(offered)
