"""The tournament's French words read right for anyone and wrap right: a person's name is
never the subject of a word that would agree with their gender ("Ophélie est pointé"),
and the space before a high punctuation mark of the "s'en va ?" dialog never breaks (a
line of the dialog started with ";")."""

from __future__ import annotations

import re

from scorepad.domain.language import catalog, keys
from scorepad.domain.messages import render

#: a person's name as the tournament's messages hold it
PERSON = r"\{(?:name|player|substitute|first|second)\}"
#: the name is the subject of a verb a participle or an adjective would agree with
AGREEING = re.compile(PERSON + r" (?:est|sera|était|a été|sont) ")


def _french(prefixes: tuple[str, ...]) -> dict[str, str]:
    fr = catalog("fr")
    found = {}
    for key in keys("fr"):
        if key.startswith(prefixes):
            text = fr.gettext(key)
            found[key] = text if text != key else fr.ngettext(key, key, 2)
    return found


def test_no_tournament_message_agrees_with_a_players_gender() -> None:
    messages = _french(("tournament", "error.tournament"))
    assert len(messages) > 200
    assert {k: v for k, v in messages.items() if AGREEING.search(v)} == {}
    assert render("tournament_ui.checkin.done", {"name": "Ophélie"}, "fr") == \
        "Ophélie rejoint les présents"


def test_the_leave_dialogs_punctuation_keeps_to_its_word_in_french() -> None:
    messages = _french(("tournament_ui.leave.", "tournament_ui.checkin.leave_tip"))
    assert len(messages) >= 10
    # A breaking space before ; : ? ! lets the mark start a line of its own.
    assert {k: v for k, v in messages.items() if re.search(r" [;:?!]", v)} == {}
    assert "\u00a0;" in messages["tournament_ui.leave.short_rule"]
