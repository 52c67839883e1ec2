"""Every table of scorepad, as SQLModel model families (XBase shared fields, X the table)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Column, Index, Text, UniqueConstraint, text
from sqlalchemy import false as sa_false
from sqlmodel import Field, SQLModel


class PlayerBase(SQLModel):
    name: str = Field(max_length=40, unique=True)


class Player(PlayerBase, table=True):
    """A person, reused across games; deals refer to the id, so renaming keeps history."""

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime
    #: left out of the pickers (history kept)
    hidden: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    #: merged into that player (the same person): its name now means the kept player
    #: and its seats hold the kept player, each remembering it in `GameSeat.seated_as`
    merged_into: int | None = Field(default=None, foreign_key="player.id")
    merged_at: datetime | None = None


class Circle(SQLModel, table=True):
    """A named group of players who play together ("Les mardis"); games may belong to one."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=60, unique=True)
    created_at: datetime


class GameBase(SQLModel):
    name: str = Field(max_length=200)
    status: str = Field(max_length=16, default="in_progress")
    deal_size: int
    first_dealer: int = 0
    #: The complete rules object (FORMAT.md §1) the game is scored with.
    rules_json: str = Field(sa_column=Column(Text, nullable=False))


class Game(GameBase, table=True):
    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime
    updated_at: datetime
    #: salted scrypt hash of the table code (never the code); null: anybody may edit
    code_hash: str | None = Field(default=None, max_length=200)
    #: bumped by every write transaction on the game (phones compare it to know they
    #: show the current sheet)
    revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    #: the circle the game belongs to (deleting the circle keeps the game)
    circle_id: int | None = Field(default=None, foreign_key="circle.id", index=True,
                                  ondelete="SET NULL")
    #: hash of the organiser's key (a random secret held by one phone); null: a game
    #: from before organisers, claimed by the operator (`scorepad organiser GAME`)
    organiser_hash: str | None = Field(default=None, max_length=200)
    #: made by the command line (`scorepad new`, `scorepad import`): without an organiser
    #: only the operator may rename, finish or bin it (unlike a game from before
    #: organisers)
    made_by_operator: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    #: when the game went to the bin (null: not in the bin); purged 30 days later
    deleted_at: datetime | None = Field(default=None)
    #: a table of a tournament round (migration 0008): the tournament, the round's and
    #: the table's numbers, and the deals the round counts there (null: another game)
    tournament_id: int | None = Field(default=None, foreign_key="tournament.id", index=True)
    tournament_round: int | None = None
    tournament_table: int | None = None
    deal_limit: int | None = None
    #: the game's identity in every home (a phone, a club's server; migration 0012):
    #: minted where it was made, kept in its export and backup
    uid: str | None = Field(default=None, max_length=32, unique=True)


class OrganiserHandover(SQLModel, table=True):
    """A one-time link handing a game's organiser role to another phone: only the
    token's hash, valid until `expires_at`, deleted when used."""

    __tablename__ = "organiser_handover"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", index=True)
    token_hash: str = Field(max_length=200, unique=True)
    expires_at: datetime
    created_at: datetime


class GameSeat(SQLModel, table=True):
    """Seats in table order."""

    __tablename__ = "game_seat"

    game_id: int = Field(foreign_key="game.id", primary_key=True, ondelete="CASCADE")
    position: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    #: the player first seated here when a merge moved the seat to `player_id` (null
    #: otherwise): what un-merging puts back
    seated_as: int | None = Field(default=None, foreign_key="player.id")


class DealBase(SQLModel):
    number: int
    kind: str = Field(max_length=16)
    #: FORMAT.md §1 input as entered, with player ids in place of names (null unless played).
    input_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    deleted: bool = False
    version: int = 1


class Deal(DealBase, table=True):
    __table_args__ = (
        Index("ix_deal_game_number", "game_id", "number"),
        Index("ix_deal_game_uid", "game_id", "uid", unique=True),
        # The deals a player sat out (few: most deals have nobody out).
        Index("ix_deal_sitting_out", "sitting_out_id", "game_id",
              sqlite_where=text("sitting_out_id IS NOT NULL"),
              postgresql_where=text("sitting_out_id IS NOT NULL")),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    dealer_id: int = Field(foreign_key="player.id")
    sitting_out_id: int | None = Field(default=None, foreign_key="player.id")
    created_at: datetime
    updated_at: datetime
    #: the deal's identity in every home of its game (migration 0012)
    uid: str | None = Field(default=None, max_length=32)
    #: the changes of its history no other change was made on (ids separated by
    #: spaces): one, or several when it was changed on both sides (scorepad.domain.sync)
    heads: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


#: A deal_score row's role: taker, called partner, defender (scorepad.storage.parts)
TAKER_ROLE = 1


class DealScore(SQLModel, table=True):
    """One cell of the score sheet, kept only for live deals so totals are a plain SUM,
    with the player's part in the deal (scorepad.domain.parts), derived from the deal's
    input in the same statement (migration 0010): role, contract, outcome and margin,
    ally and bonuses, so that statistics are sums the database makes."""

    __tablename__ = "deal_score"
    __table_args__ = (
        Index("ix_deal_score_game_player", "game_id", "player_id", "points"),
        # A player's takes in the order played (streaks), and their extreme deals.
        Index("ix_deal_score_takes", "player_id", "game_id", "deal_id", "made",
              sqlite_where=text(f"role = {TAKER_ROLE}"),
              postgresql_where=text(f"role = {TAKER_ROLE}")),
        Index("ix_deal_score_player_points", "player_id", "points", "game_id"),
    )

    deal_id: int = Field(foreign_key="deal.id", primary_key=True, ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    points: int
    #: 1 taker, 2 called partner, 3 defender
    role: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    #: 1 prise, 2 garde, 3 garde sans, 4 garde contre
    contract: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    #: the attack made the contract
    made: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    #: the attack's points over those needed, signed (the half point to the winner)
    margin: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    #: the taker's partner, or the partner's taker (0: none)
    ally_id: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    #: the poignée this player showed: 0 none, 1 simple, 2 double, 3 triple
    poignee: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    #: petit au bout and chelem from the player's side: 1 won, -1 lost, 0 none
    petit: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    chelem: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    #: the taker announced a chelem
    announced: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    misere: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})


class PlayerTally(SQLModel, table=True):
    """A player's score rows of one game summed by part (role, contract, outcome, ally):
    derived, never written by the application. Kept by triggers on `deal_score`
    (migration 0010) like GameTotal, so a player's history is a few rows a game."""

    __tablename__ = "player_tally"
    __table_args__ = (
        Index("ix_player_tally_player", "player_id", "game_id"),
        # Every column, in the order the statistics group them (migration 0011).
        Index("ix_player_tally_sums", "player_id", "role", "contract", "made", "ally_id",
              "game_id", "deals", "points", "margin", "poignees_simple", "poignees_double",
              "poignees_triple", "petits_won", "petits_lost", "chelems_won", "chelems_lost",
              "announced", "miseres"),
    )

    game_id: int = Field(foreign_key="game.id", primary_key=True, ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    role: int = Field(primary_key=True)
    contract: int = Field(primary_key=True)
    made: bool = Field(primary_key=True)
    ally_id: int = Field(primary_key=True)
    deals: int = 0
    points: int = 0
    margin: int = 0
    poignees_simple: int = 0
    poignees_double: int = 0
    poignees_triple: int = 0
    petits_won: int = 0
    petits_lost: int = 0
    chelems_won: int = 0
    chelems_lost: int = 0
    announced: int = 0
    miseres: int = 0


class DealVersion(SQLModel, table=True):
    """The audit trail: a deal's state after each change, never updated nor deleted
    (except with its game)."""

    __tablename__ = "deal_version"
    __table_args__ = (UniqueConstraint("deal_id", "version"),)

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id", ondelete="CASCADE")
    version: int
    action: str = Field(max_length=16)
    kind: str = Field(max_length=16)
    input_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    scores_json: str = Field(sa_column=Column(Text, nullable=False))
    deleted: bool = False
    author: str | None = Field(default=None, max_length=80)
    at: datetime
    #: the change's id in every home of the game (null: the scores alone were worked
    #: out again, under new rules: no change of what was entered)
    change: str | None = Field(default=None, max_length=32, unique=True)
    #: the changes it was made on, ids separated by spaces (null: the first)
    parents: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class Operation(SQLModel, table=True):
    """The undo/redo stack of a game, persisted so it survives a restart."""

    # AUTOINCREMENT: an id is never given twice on SQLite (undo aims at one change by id)
    __table_args__ = (Index("ix_operation_game_undone", "game_id", "undone", "id"),
                      {"sqlite_autoincrement": True})

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    code: str = Field(max_length=32)
    params_json: str = Field(sa_column=Column(Text, nullable=False))
    payload_json: str = Field(sa_column=Column(Text, nullable=False))
    undone: bool = False
    at: datetime


class GameTotal(SQLModel, table=True):
    """Each player's running total in a game: derived, never written by the application.

    Kept by triggers on `deal_score` (migration 0007) in the transaction that changes a
    score, so it always equals SUM(deal_score.points) and the games list reads it
    instead of summing every score row."""

    __tablename__ = "game_total"

    game_id: int = Field(foreign_key="game.id", primary_key=True, ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    points: int = 0


class GameTally(SQLModel, table=True):
    """A game's number of live deals, kept by triggers on `deal` like GameTotal."""

    __tablename__ = "game_tally"

    game_id: int = Field(foreign_key="game.id", primary_key=True, ondelete="CASCADE")
    deals: int = 0


class Tournament(SQLModel, table=True):
    """A club's tournament night: rounds of tables, one game per table and round."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    day: date
    circle_id: int | None = Field(default=None, foreign_key="circle.id", index=True,
                                  ondelete="SET NULL")
    #: TournamentSettings (rounds, deals per table size, round minutes, ranking rule)
    settings_json: str = Field(sa_column=Column(Text, nullable=False))
    status: str = Field(max_length=16, default="in_progress")
    organiser_hash: str | None = Field(default=None, max_length=200)
    #: what the tables' codes are derived from (random, never shown)
    table_secret: str = Field(max_length=100)
    revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    created_at: datetime
    updated_at: datetime


class TournamentPlayer(SQLModel, table=True):
    """A player checked in at a tournament (`present` false once they left)."""

    __tablename__ = "tournament_player"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True,
                               ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    present: bool = True
    arrived_at: datetime


class TournamentRound(SQLModel, table=True):
    """A round: its draw's seed, its step (drawn, playing, closed) and when."""

    __tablename__ = "tournament_round"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", ondelete="CASCADE")
    number: int
    status: str = Field(max_length=16)
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    drawn_at: datetime
    started_at: datetime | None = None
    closed_at: datetime | None = None


class TournamentSeat(SQLModel, table=True):
    """A seat of a round's draw; a player has one seat a round (the primary key)."""

    __tablename__ = "tournament_seat"
    __table_args__ = (UniqueConstraint("round_id", "table_number", "position"),)

    round_id: int = Field(foreign_key="tournament_round.id", primary_key=True,
                          ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    table_number: int
    position: int


class TournamentHandover(SQLModel, table=True):
    """A one-time link handing a tournament's organiser role to another phone."""

    __tablename__ = "tournament_handover"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", ondelete="CASCADE", index=True)
    token_hash: str = Field(max_length=200, unique=True)
    expires_at: datetime
    created_at: datetime


class CircleInvitation(SQLModel, table=True):
    """A club server's invitation of phones into a circle (a link and its QR code): it
    lets a phone add games to that circle and read that circle, nothing else, until
    `expires_at` or until revoked. Only the token's hash is kept, and the hash of the key
    of the phone that made it (which may revoke it, as the operator may)."""

    __tablename__ = "circle_invitation"

    id: int | None = Field(default=None, primary_key=True)
    circle_id: int = Field(foreign_key="circle.id", ondelete="CASCADE", index=True)
    token_hash: str = Field(max_length=200, unique=True)
    key_hash: str | None = Field(default=None, max_length=200)
    expires_at: datetime
    created_at: datetime
    revoked_at: datetime | None = None


class ClubMembership(SQLModel, table=True):
    """On a phone alone: the club's circle it joined, the invitation that lets it in,
    which games it sends, and its read-only copy of the circle's season."""

    __tablename__ = "club_membership"

    id: int | None = Field(default=None, primary_key=True)
    server: str = Field(max_length=300)
    token: str = Field(max_length=100)
    club: str = Field(max_length=200)
    circle_id: int
    circle: str = Field(max_length=60)
    expires_at: datetime
    #: "all": every game whose players are the circle's; "chosen": game by game
    mode: str = Field(max_length=8)
    joined_at: datetime
    season_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    season_tag: str | None = Field(default=None, max_length=100)
    refreshed_at: datetime | None = None
    #: why the last try did not reach the club (a message and its parameters)
    failure_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    tried_at: datetime | None = None


class GameSync(SQLModel, table=True):
    """On a phone alone: a game's state towards the club (waiting, sent, refused and
    why), what the club has of it (the game's revision sent, the club's cursor), and the
    person's choice for it (null: as the membership's mode says)."""

    __tablename__ = "game_sync"

    game_id: int = Field(foreign_key="game.id", primary_key=True, ondelete="CASCADE")
    chosen: bool | None = None
    state: str = Field(max_length=16, default="waiting",
                       sa_column_kwargs={"server_default": "waiting"})
    reason_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    sent_revision: int = Field(default=-1, sa_column_kwargs={"server_default": "-1"})
    #: the last change of this phone's history the club acknowledged
    sent_upto: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    #: the last change of the club's history this phone took
    cursor: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    sent_at: datetime | None = None


class StoredStats(SQLModel, table=True):
    """What the statistics worked out, kept for a server's next start under a name, as
    JSON text: a cache, never a source of truth (scorepad.services.stats.stored checks
    it against the games' revisions and standings before using it)."""

    __tablename__ = "stored_stats"

    name: str = Field(max_length=200, primary_key=True)
    body: str = Field(sa_column=Column(Text, nullable=False))
    stored_at: datetime
