"""The table code's hashing and the per-transaction change log, without a database."""

from __future__ import annotations

import hashlib

import pytest

from scorepad.services import ChangeKind, GameChanged, ServiceError, TooManyCodes
from scorepad.services.base.access import CodeAttempts, code_matches, hash_code, normalize_code
from scorepad.services.ports.events import ChangeLog


def test_a_code_is_trimmed_and_upper_cased_before_it_is_compared() -> None:
    assert normalize_code(" tarot42 ") == "TAROT42"


@pytest.mark.parametrize("bad", ["abc", "x" * 13, "ab cd", "ça va", "12_34", None, 12345])
def test_a_code_that_is_not_4_to_12_letters_or_digits_names_the_field(bad: object) -> None:
    with pytest.raises(ServiceError) as caught:
        normalize_code(bad, field="current_code")
    assert caught.value.field == "current_code"
    assert caught.value.code == "table_code_format"


# Table codes are a server's (other phones at the table): the browser's Python has no
# scrypt, and one phone alone never sets a code.
@pytest.mark.skipif(not hasattr(hashlib, "scrypt"), reason="no scrypt in this Python")
def test_two_hashes_of_one_code_differ_and_both_match_it() -> None:
    first, second = hash_code("1234"), hash_code("1234")
    assert first != second
    assert code_matches(first, "1234") and code_matches(second, "1234")
    assert not code_matches(first, "1235")
    assert not code_matches(first, None)
    assert not code_matches(first, "!!")


def test_a_malformed_stored_hash_matches_no_code() -> None:
    assert not code_matches("scrypt$oops", "1234")
    assert not code_matches("md5$1$1$1$00$00", "1234")
    assert not code_matches("scrypt$16384$8$1$zz$zz", "1234")


def test_the_change_log_keeps_one_event_a_game_with_the_strongest_kind_and_last_revision(
        ) -> None:
    log = ChangeLog()
    log.record(1, ChangeKind.UPDATED, 4)
    log.record(2, ChangeKind.CREATED, 0)
    log.record(1, ChangeKind.UPDATED, 5)
    log.record(2, ChangeKind.UPDATED, 1)
    log.record(1, ChangeKind.DELETED)
    log.record(1, ChangeKind.UPDATED, 3)
    assert log
    assert log.take() == [GameChanged(1, ChangeKind.DELETED, 5),
                          GameChanged(2, ChangeKind.CREATED, 1)]
    assert not log and log.take() == []


def test_an_event_reads_as_json() -> None:
    assert GameChanged(3, ChangeKind.UPDATED, 7).to_dict() == {
        "game_id": 3, "kind": "updated", "revision": 7}


def test_ten_wrong_codes_in_a_minute_make_a_phone_wait_until_the_minute_has_passed() -> None:
    now = [1000.0]
    attempts = CodeAttempts(limit=10, window=60, clock=lambda: now[0])
    # Each wrong code says how many are left before the wait: none once ten are wrong.
    left = []
    for _ in range(9):
        left.append(attempts.failed("phone-a"))
        now[0] += 1
    assert left == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    attempts.check("phone-a")  # nine: still allowed
    assert attempts.retry_in("phone-a") == 0
    assert attempts.failed("phone-a") == 0
    with pytest.raises(TooManyCodes) as caught:
        attempts.check("phone-a")
    # When it may try again, in words: the first of the ten is 9 s old, 51 s to go.
    assert caught.value.message("fr") == ("Trop de codes de table erronés depuis ce "
                                          "téléphone : réessayez dans 51 s.")
    assert "try again in 51 s" in caught.value.message("en")
    assert not attempts.blocked("phone-b")  # another phone is not concerned
    now[0] += 30
    assert attempts.retry_in("phone-a") == 21
    now[0] += 21  # the first failure is now more than a minute old
    assert not attempts.blocked("phone-a")
