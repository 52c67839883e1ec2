"""Use cases on circles: named groups of players ("Les mardis", "Famille") their games
belong to, so that soirées, rankings and statistics can be read for one group."""

from __future__ import annotations

from scorepad.collation import same_name
from scorepad.services.base.common import lock_game, now
from scorepad.services.base.errors import CircleNameTaken, CircleNotFound, ServiceError
from scorepad.services.ports import CircleRow, UnitOfWork

MAX_CIRCLE_NAME = 60


def circle_name(name: object) -> str:
    if not isinstance(name, str):
        raise ServiceError("name", "circle_name", got=name)
    clean = name.strip()
    if not clean:
        raise ServiceError("name", "circle_name_empty")
    if len(clean) > MAX_CIRCLE_NAME:
        raise ServiceError("name", "circle_name_too_long", max=MAX_CIRCLE_NAME,
                           length=len(clean))
    return clean


def load_circle(uow: UnitOfWork, circle_id: int) -> CircleRow:
    circle = uow.repo.get_circle(circle_id)
    if circle is None:
        raise CircleNotFound(circle_id)
    return circle


def _check_free(uow: UnitOfWork, name: str, circle_id: int | None = None) -> None:
    """Refuses a name another circle already has, but for case or spaces ("LES MARDIS"
    beside "Les mardis" would look like the same circle in every list)."""
    for other in uow.repo.list_circles():
        if other.id != circle_id and same_name(other.name, name):
            raise CircleNameTaken(other.name)


def create_circle(uow: UnitOfWork, name: str) -> int:
    """A new circle (names are unique, case aside); returns its id."""
    clean = circle_name(name)
    with uow:
        _check_free(uow, clean)
        circle_id = uow.repo.add_circle(clean, now=now())
        uow.commit()
    return circle_id


def rename_circle(uow: UnitOfWork, circle_id: int, name: str) -> None:
    clean = circle_name(name)
    with uow:
        load_circle(uow, circle_id)
        _check_free(uow, clean, circle_id)
        uow.repo.rename_circle(circle_id, clean)
        uow.commit()


def delete_circle(uow: UnitOfWork, circle_id: int) -> None:
    """Deletes the circle; its games stay, in no circle."""
    with uow:
        load_circle(uow, circle_id)
        uow.repo.delete_circle(circle_id)
        uow.commit()


def list_circles(uow: UnitOfWork) -> list[CircleRow]:
    """Every circle (id, name, created_at, number of games), by name."""
    with uow:
        return uow.repo.list_circles()


def get_circle(uow: UnitOfWork, circle_id: int) -> CircleRow:
    with uow:
        return load_circle(uow, circle_id)


def set_game_circle(uow: UnitOfWork, game_id: int, circle_id: int | None, *,
                    code: str | None = None) -> None:
    """Puts the game in a circle (None: in none). A write of the game: the table code
    is needed when it has one; allowed on a finished game."""
    with uow:
        lock_game(uow, game_id, now(), code=code, open_only=False)
        if circle_id is not None:
            load_circle(uow, circle_id)
        uow.repo.set_game_circle(game_id, circle_id)
        uow.commit()
