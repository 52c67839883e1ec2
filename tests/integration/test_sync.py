"""A phone alone and its club's server keeping games in step (scorepad.services.sync), on a
real SQLite file for the phone and a real club database (SQLite, and PostgreSQL when
named): each game arrives once whatever the number of tries or of phones, the deals
changed afterwards follow, both sides' edits of one deal are both kept, the club's own
changes come back, and an invitation revoked or expired stops at once."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain.awards import Award
from scorepad.domain.period import Period
from scorepad.domain.plain import read_plain, to_plain
from scorepad.domain.ranking import SeasonRanking
from scorepad.services.sync import club as club_side
from scorepad.services.sync import phone as phone_side
from scorepad.services.sync.errors import InvitationRefused
from scorepad.services.sync.invitations import (
    admitted,
    invitations,
    invite,
    revoke_invitation,
)
from scorepad.storage import open_database
from tests.factories import FOUR

DEALS = [{"taker": "André", "contract": "garde", "bouts": 2, "points": 49},
         {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 40},
         {"taker": "Cécile", "contract": "garde_sans", "bouts": 3, "points": 60}]


@pytest.fixture
def phone(tmp_path: Path) -> Any:
    db = open_database(f"sqlite:///{tmp_path / 'phone.db'}")
    yield db
    db.dispose()


@pytest.fixture
def second_phone(tmp_path: Path) -> Any:
    db = open_database(f"sqlite:///{tmp_path / 'second.db'}")
    yield db
    db.dispose()


def _joined(phone: Any, club: Any, *, mode: str = "chosen") -> tuple[str, int]:
    """The club's circle, an invitation into it, the phone joined: (token, circle)."""
    found = [c for c in s.list_circles(club.uow()) if c.name == "Les mardis"]
    circle = found[0].id if found else s.create_circle(club.uow(), "Les mardis")
    made = invite(club.uow(), circle, days=30)
    phone_side.join(phone.uow(), server="http://club.lan:8550", token=made.token,
                    club="Club", circle_id=circle, circle="Les mardis",
                    expires_at=made.expires_at, mode=mode)
    return made.token, circle


def _game(phone: Any, deals: list[dict[str, Any]] = DEALS) -> int:
    game = s.new_game(phone.uow(), name="Dimanche", seats=list(FOUR)).id
    for deal in deals:
        s.record_deal(phone.uow(), game, deal)
    phone_side.choose_game(phone.uow(), game, True)
    return game


def _send(phone: Any, club: Any, token: str, *, also: frozenset[str] = frozenset(),
          lost: bool = False) -> list[str]:
    """One try: the phone's parcels through JSON to the club and back; `lost`, the
    answer never reaches the phone (the connection cut after the club committed)."""
    parcels = phone_side.outbox(phone.uow(), also=also)
    if not parcels:
        return []
    sent = [club_side.read_sent(json.loads(json.dumps(p.body))) for p in parcels]
    answers = club_side.receive_games(club.uow(), token, sent)
    if lost:
        return ["lost"] * len(parcels)
    return [phone_side.take_answer(phone.uow(), p, json.loads(json.dumps(
        club_side.answer_dict(a, "fr")))) for p, a in zip(parcels, answers, strict=True)]


def _club_game(club: Any) -> int:
    [game] = [g for g in s.list_games(club.uow()) if g.name == "Dimanche"]
    return game.id


def _scores(uow: Callable[[], Any], game: int) -> list[dict[str, int]]:
    return [dict(d.scores) for d in s.get_sheet(uow(), game).deals]


def test_a_game_played_on_the_phone_reaches_the_circle_s_ranking_once_however_often_sent(
        phone: Any, database: Any) -> None:
    token, circle = _joined(phone, database)
    game = _game(phone)
    [state] = phone_side.club_games(phone.uow())
    assert (state.marked, state.state) == (True, "waiting")

    # The connection is cut after the club took the game: the phone never heard.
    assert _send(phone, database, token, lost=True) == ["lost"]
    assert _send(phone, database, token) == ["sent"]
    assert _send(phone, database, token) == []  # nothing new: nothing sent

    ranking = s.ranking(database.uow(), circle=circle, period=Period.season(s.today()))
    assert (ranking.games, ranking.deals) == (1, 3)
    club_game = _club_game(database)
    assert _scores(database.uow, club_game) == _scores(phone.uow, game)
    assert phone_side.club_games(phone.uow())[0].state == "sent"


def test_deals_edited_or_deleted_after_sending_follow_the_game(
        phone: Any, database: Any) -> None:
    token, _ = _joined(phone, database)
    game = _game(phone)
    _send(phone, database, token)
    first, second, _ = s.get_sheet(phone.uow(), game).deals
    s.edit_deal(phone.uow(), game, first.id, {**DEALS[0], "points": 70})
    s.delete_deal(phone.uow(), game, second.id)
    s.record_deal(phone.uow(), game, DEALS[1])
    assert phone_side.club_games(phone.uow())[0].state == "waiting"
    assert _send(phone, database, token) == ["sent"]
    club_game = _club_game(database)
    assert _scores(database.uow, club_game) == _scores(phone.uow, game)
    assert [d.number for d in s.get_sheet(database.uow(), club_game).deals] == [1, 3, 4]


def test_a_deal_edited_on_both_sides_keeps_both_versions_and_shows_the_later(
        phone: Any, database: Any) -> None:
    token, _ = _joined(phone, database)
    game = _game(phone)
    _send(phone, database, token)
    club_game = _club_game(database)
    at_club = s.get_sheet(database.uow(), club_game).deals[1]
    on_phone = s.get_sheet(phone.uow(), game).deals[1]
    s.edit_deal(database.uow(), club_game, at_club.id, {**DEALS[1], "points": 30})
    s.edit_deal(phone.uow(), game, on_phone.id, {**DEALS[1], "points": 61})  # later
    assert _send(phone, database, token) == ["sent"]

    for uow, game_id, deal_id in ((database.uow, club_game, at_club.id),
                                  (phone.uow, game, on_phone.id)):
        shown = s.get_sheet(uow(), game_id).deals[1]
        assert shown.both_sides
        assert shown.input is not None and shown.input.points == 61
        kept = {v.input.points for v in s.deal_history(uow(), deal_id) if v.input}
        assert {30, 40, 61} <= kept
    # A change made on top of both joins them: no more word.
    s.edit_deal(phone.uow(), game, on_phone.id, {**DEALS[1], "points": 62})
    assert _send(phone, database, token) == ["sent"]
    assert not s.get_sheet(database.uow(), club_game).deals[1].both_sides
    assert _scores(database.uow, club_game) == _scores(phone.uow, game)


def test_a_deal_recorded_at_the_club_comes_back_to_the_phone(
        phone: Any, database: Any) -> None:
    token, _ = _joined(phone, database)
    game = _game(phone)
    _send(phone, database, token)
    club_game = _club_game(database)
    s.record_deal(database.uow(), club_game, {"taker": "Didier", "contract": "garde",
                                              "bouts": 1, "points": 55})
    assert _send(phone, database, token) == []
    with phone.uow() as uow:
        uid = uow.repo.get_game(game).uid
    assert _send(phone, database, token, also=frozenset({uid})) == ["sent"]
    assert len(s.get_sheet(phone.uow(), game).deals) == 4
    assert _scores(phone.uow, game) == _scores(database.uow, club_game)
    assert _send(phone, database, token) == []


def test_a_second_phone_with_the_game_restored_sends_it_and_it_is_there_once(
        phone: Any, second_phone: Any, database: Any) -> None:
    token, circle = _joined(phone, database)
    game = _game(phone)
    _send(phone, database, token)
    s.import_backup(second_phone.uow(), s.export_backup(phone.uow()))
    _joined(second_phone, database)
    [restored] = s.list_games(second_phone.uow())
    phone_side.choose_game(second_phone.uow(), restored.id, True)
    assert _send(second_phone, database, token) == ["sent"]
    s.record_deal(second_phone.uow(), restored.id, DEALS[0])
    assert _send(second_phone, database, token) == ["sent"]

    ranking = s.ranking(database.uow(), circle=circle, period=Period.season(s.today()))
    assert (ranking.games, ranking.deals) == (1, 4)
    assert not any(d.both_sides for d in s.get_sheet(database.uow(), _club_game(database)).deals)
    # The first phone hears of the second's deal the next time it asks.
    with phone.uow() as uow:
        uid = uow.repo.get_game(game).uid
    _send(phone, database, token, also=frozenset({uid}))
    assert len(s.get_sheet(phone.uow(), game).deals) == 4


def test_a_revoked_or_expired_invitation_stops_at_once_in_words(
        phone: Any, database: Any) -> None:
    token, circle = _joined(phone, database)
    _game(phone)
    [line] = invitations(database.uow(), circle)
    with database.uow() as uow:
        later = admitted(uow, token).expires_at + timedelta(seconds=1)
        with pytest.raises(InvitationRefused) as expired:
            admitted(uow, token, at=later)
    assert "a pris fin le" in expired.value.message("fr")
    revoke_invitation(database.uow(), line.id, organiser=s.OPERATOR)
    with pytest.raises(InvitationRefused) as revoked:
        _send(phone, database, token)
    assert "révoquée" in revoked.value.message("fr")
    assert "revoked on" in revoked.value.message("en")
    assert s.list_games(database.uow()) == []
    with pytest.raises(InvitationRefused) as unknown:
        club_side.check_invitation(database.uow(), "x" * 24)
    assert "ne connaît pas" in unknown.value.message("fr")


def test_only_the_maker_or_the_operator_revokes_an_invitation(database: Any) -> None:
    circle = s.create_circle(database.uow(), "Les mardis")
    made = invite(database.uow(), circle, days=7)
    with pytest.raises(s.OrganiserOnly):
        revoke_invitation(database.uow(), made.id, organiser=s.Organiser("someone else"))
    revoke_invitation(database.uow(), made.id, organiser=s.Organiser(made.key))
    with pytest.raises(s.ServiceError) as days:
        invite(database.uow(), circle, days=0)
    assert days.value.field == "days"


def test_the_season_s_copy_reads_back_as_the_club_s_ranking_and_awards(
        phone: Any, database: Any) -> None:
    token, _ = _joined(phone, database)
    _game(phone)
    _send(phone, database, token)
    today = s.today()
    invitation, stamp = club_side.season_stamp(database.uow(), token, today)
    season = club_side.circle_season(database.uow(), invitation, stamp, today)
    text = json.dumps({"ranking": to_plain(season.ranking),
                       "awards": to_plain(season.awards), "members": season.members})
    back = json.loads(text)
    assert read_plain(SeasonRanking, back["ranking"]) == season.ranking
    assert tuple(read_plain(Award, a) for a in back["awards"]) == season.awards
    assert set(season.members) == set(FOUR)
    # Nothing changed: the same stamp; a deal more: another.
    assert club_side.season_stamp(database.uow(), token, today)[1] == stamp


def test_in_mode_all_the_games_of_the_circle_s_players_are_sent_and_no_other(
        phone: Any, database: Any) -> None:
    token, _ = _joined(phone, database, mode="all")
    game = _game(phone)
    phone_side.choose_game(phone.uow(), game, None)
    other = s.new_game(phone.uow(), name="Famille", seats=["Mamie", "Papi", "Zoé"]).id
    # No copy of the season yet: the phone does not know the circle's players.
    assert [g.state for g in phone_side.club_games(phone.uow())] == ["off", "off"]
    phone_side.store_season(phone.uow(), json.dumps({"members": list(FOUR)}), "t")
    states = {g.id: g.state for g in phone_side.club_games(phone.uow())}
    assert states == {game: "waiting", other: "off"}
    phone_side.choose_game(phone.uow(), other, True)
    assert _send(phone, database, token) == ["sent", "sent"]
    phone_side.leave(phone.uow())
    assert phone_side.outbox(phone.uow()) == []
    assert {g.state for g in phone_side.club_games(phone.uow())} == {"off"}


def test_new_rules_on_the_phone_score_the_club_s_game_again_without_a_change_of_deal(
        phone: Any, database: Any) -> None:
    token, _ = _joined(phone, database)
    game = _game(phone)
    _send(phone, database, token)
    s.change_rules(phone.uow(), game, {"base": 30})
    with phone.uow() as uow:
        # Worked out again, entered the same: no change of the deals' histories.
        assert uow.repo.deal_changes(game) == uow.repo.deal_changes(game, after=0)
        assert len(uow.repo.deal_changes(game)) == 3
    assert _send(phone, database, token) == ["sent"]
    club_game = _club_game(database)
    assert _scores(database.uow, club_game) == _scores(phone.uow, game)
    assert s.get_sheet(database.uow(), club_game).rules.base == 30
    assert not any(d.both_sides for d in s.get_sheet(database.uow(), club_game).deals)


def test_the_operator_makes_lists_and_revokes_invitations_from_the_command_line(
        database: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from scorepad.cli import main

    circle = s.create_circle(database.uow(), "Les mardis")
    url = database.url
    assert main(["--db", url, "invitations", "--new", str(circle), "--server",
                 "https://club.example.org"]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("https://club.example.org/telephone/#/rejoindre/")
    assert main(["--db", url, "invitations", "--json"]) == 0
    [listed] = json.loads(capsys.readouterr().out)
    assert listed["active"] is True
    assert main(["--db", url, "invitations", "--revoke", str(listed["id"])]) == 0
    assert "révoquée" in capsys.readouterr().out
    assert main(["--db", url, "invitations", "--revoke", "99"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "invitation"
