"""What a phone reads after a wrong table code (scorepad.ui.access `wrong_code`): the
tries left once they are few, then, at the wrong code that reaches the limit, that there
were too many and when to try again, as the server's 429 says from then on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorepad.services.base.access import CodeAttempts
from scorepad.ui import services_context
from scorepad.ui.access import wrong_code


@pytest.fixture
def attempts() -> Iterator[CodeAttempts]:
    """A counter of this test's own, its clock standing still."""
    kept = services_context.code_attempts()
    counter = CodeAttempts(limit=10, window=60, clock=lambda: 1000.0)
    services_context.set_code_attempts(counter)
    yield counter
    services_context.set_code_attempts(kept)


def test_the_ninth_and_tenth_wrong_codes_say_what_comes_and_the_tenth_when_to_retry(
        attempts: CodeAttempts) -> None:
    wrong = "Ce n'est pas le code de cette partie."
    said = [wrong_code(wrong) for _ in range(10)]
    assert said[:6] == [wrong] * 6
    assert said[6] == f"{wrong} Encore 3 essais, puis il faudra patienter."
    assert said[8] == f"{wrong} Encore 1 essai, puis il faudra patienter."
    # The tenth: the server refuses this phone from now on (429), and the phone says so.
    assert said[9] == ("Trop de codes de table erronés depuis ce téléphone : réessayez "
                       "dans 60 s.")
    assert attempts.blocked("?")  # (outside a browser session the phone's key is "?")
