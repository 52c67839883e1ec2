"""Names read out of the "Nouveau joueur" field's successive texts (one name a line)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorepad.ui.widgets.text_input import LineNames, clean_name


def typed(text: str) -> list[str]:
    """Feeds the field's text key by key, as the phone reports it; returns the names."""
    reader = LineNames()
    names: list[str] = []
    for end in range(1, len(text) + 1):
        names += reader.changed(text[:end])
    return names


def test_each_line_ended_by_enter_is_one_name_taken_when_it_ends() -> None:
    reader = LineNames()
    assert reader.changed("Cécile") == []
    assert reader.changed("Cécile\n") == ["Cécile"]
    assert reader.changed("Cécile\nGé") == []
    assert reader.typing == "Gé"
    assert reader.changed("Cécile\nGérard\n") == ["Gérard"]


def test_deleting_back_over_an_enter_does_not_take_the_name_again() -> None:
    reader = LineNames()
    reader.changed("Zoé\n")
    assert reader.changed("Zoé") == []
    assert reader.changed("Zoé\n") == ["Zoé"]  # Enter again: the person means it


def test_empty_lines_and_spaces_are_no_names() -> None:
    assert typed("\n  \n Jean   Baptiste \n") == ["Jean Baptiste"]


names = st.lists(st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")),
                         min_size=1, max_size=12).filter(lambda n: clean_name(n) != ""),
                 max_size=8)


@given(names)
def test_names_typed_one_after_the_other_come_out_exactly(typed_names: list[str]) -> None:
    text = "".join(f"{n}\n" for n in typed_names)
    assert typed(text) == [clean_name(n) for n in typed_names]


def test_a_reset_starts_again_from_the_given_text() -> None:
    reader = LineNames()
    reader.changed("Zoé\nGé")
    reader.reset("Gé")
    assert reader.typing == "Gé"
    assert reader.changed("Gérard\n") == ["Gérard"]
