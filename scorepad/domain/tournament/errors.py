"""A tournament's refusals: bad settings, draws and swaps (`TournamentRefused`), and
steps taken out of turn, such as a round closed twice (`TournamentConflict`)."""

from __future__ import annotations

from scorepad.domain.errors import InvalidDeal
from scorepad.domain.language import N_, word
from scorepad.domain.messages import error_message


class TournamentRefused(InvalidDeal):
    """Something asked of a tournament that is refused: `field` names what to correct,
    the message is the catalog's `error.<code>` (an InvalidDeal, like a bad period, so
    every front end reports it the same way)."""


class TournamentConflict(TournamentRefused):
    """A step the tournament's state does not allow now (a round closed twice, a draw of
    a round already started): nothing is wrong with the request itself."""


#: each setting's name in words, by its field
SETTING_NAMES = {key.removeprefix("tournament.setting."): key for key in (
    N_("tournament.setting.deals_3"), N_("tournament.setting.deals_4"),
    N_("tournament.setting.deals_5"), N_("tournament.setting.deals_6"),
    N_("tournament.setting.round_minutes"), N_("tournament.setting.rounds"))}


class SettingRefused(TournamentRefused):
    """A setting out of its range: the message names the setting in words."""

    def message(self, lang: str = "fr") -> str:
        what = word(SETTING_NAMES[self.field], lang)
        return error_message(self.code, {**self.params, "what": what}, lang)
