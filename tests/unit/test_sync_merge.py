"""The merge of one game's changes between two homes (scorepad.domain.sync): whatever the
interleaving of both sides' changes, the order they arrive in, the tries repeated or cut
in the middle, every change is kept once on both sides and both show the same version."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.domain.sync import (
    ChangeStamp,
    both_sides,
    game_uid,
    heads,
    is_uid,
    parents_of,
    parents_text,
    unseen,
    winner,
)

START = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


@dataclass
class Side:
    """One home of a deal: its history (a list, so that a change stored twice shows)."""

    name: str
    history: list[ChangeStamp] = field(default_factory=list)
    made: int = 0

    def edit(self, at: datetime) -> ChangeStamp:
        self.made += 1
        change = ChangeStamp(f"{self.name}{self.made:031d}"[:32],
                             tuple(h.id for h in heads(self.history)), at)
        self.history.append(change)
        return change

    def take(self, incoming: list[ChangeStamp]) -> None:
        self.history.extend(unseen((c.id for c in self.history), incoming))


def _send(source: Side, target: Side, rng: random.Random, *, cut: bool) -> None:
    """The source's whole history, shuffled, some of it twice, maybe cut in the middle."""
    batch = list(source.history) + rng.sample(source.history, k=len(source.history) // 2)
    rng.shuffle(batch)
    if cut:
        batch = batch[:rng.randrange(len(batch) + 1)]
    target.take(batch)


steps = st.lists(st.tuples(st.sampled_from(["a", "b", "a>b", "b>a"]), st.booleans(),
                           st.integers(-300, 300)), max_size=30)


@settings(max_examples=300, deadline=None)
@given(steps, st.integers(0, 2**32))
def test_any_interleaving_keeps_every_change_once_and_both_sides_agree(
        plan: list[tuple[str, bool, int]], seed: int) -> None:
    rng = random.Random(seed)
    phone, club = Side("a"), Side("b")
    made: list[str] = []
    clock = START
    for step, cut, skew in plan:
        clock += timedelta(seconds=30)
        if step == "a":
            made.append(phone.edit(clock + timedelta(seconds=skew)).id)
        elif step == "b":
            made.append(club.edit(clock + timedelta(seconds=skew)).id)
        elif step == "a>b":
            _send(phone, club, rng, cut=cut)
        else:
            _send(club, phone, rng, cut=cut)
    # The connection comes back: each side sends everything once more.
    _send(phone, club, rng, cut=False)
    _send(club, phone, rng, cut=False)
    for side in (phone, club):
        ids = [c.id for c in side.history]
        assert len(ids) == len(set(ids)), "a change stored twice"
        assert set(ids) == set(made), "a change lost"
    assert winner(phone.history) == winner(club.history)
    assert {h.id for h in heads(phone.history)} == {h.id for h in heads(club.history)}
    # A change made on top of what both sides show joins every branch again.
    if made:
        phone.edit(clock + timedelta(hours=1))
        _send(phone, club, rng, cut=False)
        assert not both_sides(club.history)
        assert winner(club.history) == winner(phone.history)


def test_a_deal_edited_on_both_sides_shows_the_later_version_and_says_so() -> None:
    first = ChangeStamp("1" * 32, (), START)
    phone = ChangeStamp("2" * 32, (first.id,), START + timedelta(minutes=5))
    club = ChangeStamp("3" * 32, (first.id,), START + timedelta(minutes=3))
    assert winner([first, phone, club]) == phone
    assert both_sides([first, club, phone])
    assert not both_sides([first, phone])
    # The same time: the id decides, the same way on both sides.
    twin = ChangeStamp("4" * 32, (first.id,), phone.at)
    assert winner([first, phone, twin]) == winner([twin, first, phone]) == twin


def test_a_change_arriving_before_its_parent_is_still_the_head() -> None:
    first = ChangeStamp("1" * 32, (), START)
    second = ChangeStamp("2" * 32, (first.id,), START + timedelta(minutes=1))
    assert heads([second, first]) == [second]


def test_parents_are_stored_as_text_and_read_back() -> None:
    assert parents_text([]) is None
    assert parents_of(parents_text(["a" * 32, "b" * 32])) == ("a" * 32, "b" * 32)
    assert parents_of(None) == ()


def test_a_game_from_before_uids_gets_the_same_uid_wherever_it_is_restored() -> None:
    # The same moment at Paris's offset in November (a fixed offset: the browser's
    # Python, which runs these tests too, has no time zone database)
    paris = datetime(2026, 11, 29, 20, 15, 0, 400_000,
                     tzinfo=UTC).astimezone(timezone(timedelta(hours=1)))
    utc = datetime(2026, 11, 29, 20, 15, tzinfo=UTC)
    seats = ("André", "Bruno", "Cécile")
    assert game_uid("Mardi", paris, seats) == game_uid("Mardi", utc, seats)
    assert is_uid(game_uid("Mardi", utc, seats))
    assert game_uid("Mardi", utc, seats) != game_uid("Mardi", utc, ("André", "Cécile", "Bruno"))
    assert not is_uid("A" * 32) and not is_uid("a" * 31) and not is_uid(None)
