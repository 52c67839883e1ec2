"""One writer per phone (scorepad.phone.tabs), on a real SQLite file: while another tab
holds the database, a commit is refused in words, nothing is written, and the tab is
told to offer "Continuer ici"; once it holds it again, commits go through."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorepad import services
from scorepad.phone.tabs import GuardedUnitOfWork, OneWriter, OpenElsewhere
from scorepad.storage import open_database


class Holder:
    """The storage as the guard asks it: does this tab hold the database?"""

    writable = True


def test_a_tab_that_does_not_hold_the_database_commits_nothing_and_says_why(
    tmp_path: Path
) -> None:
    database = open_database(f"sqlite:///{tmp_path / 'phone.db'}")
    holder, told = Holder(), []
    writer = OneWriter(holder, database)  # type: ignore[arg-type]
    writer._refused = lambda: told.append("refused")  # type: ignore[method-assign]
    factory = writer.factory()
    assert isinstance(factory(), GuardedUnitOfWork)

    holder.writable = False
    with pytest.raises(OpenElsewhere) as refused:
        services.create_game(factory(), name="Ailleurs", seats=["A", "B", "C", "D"], deal_size=4)
    assert told == ["refused"]
    assert "ouvert dans un autre onglet" in refused.value.message("fr")
    assert "Continue here" in refused.value.message("en")
    assert services.list_games(database.uow()) == []

    holder.writable = True
    services.create_game(factory(), name="Ici", seats=["A", "B", "C", "D"], deal_size=4)
    assert [g.name for g in services.list_games(database.uow())] == ["Ici"]
