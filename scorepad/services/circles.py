"""Use cases on circles: named groups of players ("Les mardis", "Famille") their games
belong to, so that soirées, rankings and statistics can be read for one group."""

from __future__ import annotations

from scorepad.services.common import lock_game, now
from scorepad.services.errors import CircleNameTaken, CircleNotFound, ServiceError
from scorepad.services.ports import CircleRow, UnitOfWork

MAX_CIRCLE_NAME = 60


def circle_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_CIRCLE_NAME:
        raise ServiceError("name", "circle_name", got=name)
    return name.strip()


def load_circle(uow: UnitOfWork, circle_id: int) -> CircleRow:
    circle = uow.repo.get_circle(circle_id)
    if circle is None:
        raise CircleNotFound(circle_id)
    return circle


def create_circle(uow: UnitOfWork, name: str) -> int:
    """A new circle (names are unique); returns its id."""
    clean = circle_name(name)
    with uow:
        if uow.repo.find_circle(clean) is not None:
            raise CircleNameTaken(clean)
        circle_id = uow.repo.add_circle(clean, now=now())
        uow.commit()
    return circle_id


def rename_circle(uow: UnitOfWork, circle_id: int, name: str) -> None:
    clean = circle_name(name)
    with uow:
        load_circle(uow, circle_id)
        other = uow.repo.find_circle(clean)
        if other is not None and other.id != circle_id:
            raise CircleNameTaken(clean)
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
