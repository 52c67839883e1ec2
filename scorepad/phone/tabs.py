"""One writer per phone, as the person sees it (phone_writer.js does the locking): a tab
that finds scorepad open in another one says so and offers to continue here; the tab
that let go says so and offers to take it back; the one that takes the database reads it
again and shows it as stored. A tab that does not hold the database commits nothing: a
refusal in words (the deal's form keeps what was typed), never a silent loss."""

from __future__ import annotations

import logging
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any

from scorepad.domain.messages import N_
from scorepad.services.base.errors import ServiceError

if TYPE_CHECKING:
    from scorepad.phone.storage import BrowserStorage
    from scorepad.storage.database import Database

logger = logging.getLogger(__name__)


class OpenElsewhere(ServiceError):
    """scorepad is open in another tab, which holds the database: nothing is stored here
    until the person continues here."""

    code = "open_elsewhere"

    def __init__(self) -> None:
        super().__init__("storage")


class GuardedUnitOfWork:
    """A unit of work whose commit is refused (OpenElsewhere) while another tab holds
    the database; `refused()` is told, to offer "Continuer ici"."""

    def __init__(self, inner: Any, storage: BrowserStorage, refused: Callable[[], None]
                 ) -> None:
        self._inner = inner
        self._storage = storage
        self._refused = refused

    def __enter__(self) -> GuardedUnitOfWork:
        self._inner.__enter__()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._inner.__exit__(exc_type, exc, tb)

    @property
    def repo(self) -> Any:
        return self._inner.repo

    def commit(self) -> None:
        if not self._storage.writable:
            self._refused()
            raise OpenElsewhere
        self._inner.commit()

    def rollback(self) -> None:
        self._inner.rollback()

    def savepoint(self) -> Any:
        return self._inner.savepoint()


class OneWriter:
    """What a tab says and does as the database moves between tabs: `factory()` is the
    app's unit-of-work factory, guarded; `watch(page)` once the first screen is up."""

    def __init__(self, storage: BrowserStorage, database: Database | None = None) -> None:
        self.storage = storage
        #: None until the storage is opened (a start reads its first screen without it:
        #: scorepad.phone.opening), which reads nothing it could write over
        self.database = database
        self._page: Any = None
        self._asking = False

    def attach(self, database: Database) -> Callable[..., GuardedUnitOfWork]:
        """The database opened (after the first screen): the guarded factory over it."""
        self.database = database
        return self.factory()

    def factory(self) -> Callable[..., GuardedUnitOfWork]:
        database = self.database
        assert database is not None, "the storage is opened before its units of work"

        def guarded(**kwargs: Any) -> GuardedUnitOfWork:
            return GuardedUnitOfWork(database.uow(**kwargs), self.storage, self._refused)

        return guarded

    def watch(self, page: Any) -> None:
        """Says at start that scorepad is open elsewhere (when it is), and later each move
        of the database between tabs."""
        self._page = page
        self.storage.listen(self._heard)
        if not self.storage.writer_at_start:
            self._say_open_elsewhere()

    # -- what the tab hears ------------------------------------------------------------

    def _heard(self, what: str) -> None:
        if self._page is None:
            return
        if what == "elsewhere":
            self._say_taken_elsewhere()
        elif what == "here":
            self._page.run_task(self._read_again)
        elif what == "stored":  # the writing tab stored a change: this one shows it too
            self._page.run_task(self._follow)

    def _refused(self) -> None:
        if self._page is not None:
            self._say_open_elsewhere()

    # -- what it says ------------------------------------------------------------------

    def _show(self, title: str, text: str, action: str, identifier: str) -> None:
        from scorepad.ui.dialogs.notice import Notice, show_notice
        from scorepad.ui.i18n import t

        page = self._page

        async def say() -> None:
            show_notice(page, Notice(t(title), t(text), t("phone.tabs.look_only"),
                                     action=(t(action), self.continue_here),
                                     identifier=identifier))

        page.run_task(say)

    def _say_open_elsewhere(self) -> None:
        self._show(N_("phone.tabs.open_elsewhere_title"), N_("phone.tabs.open_elsewhere"),
                   N_("phone.tabs.continue_here"), "open-elsewhere")

    def _say_taken_elsewhere(self) -> None:
        self._show(N_("phone.tabs.taken_elsewhere_title"), N_("phone.tabs.taken_elsewhere"),
                   N_("phone.tabs.take_back"), "taken-elsewhere")

    # -- what it does ------------------------------------------------------------------

    def continue_here(self) -> None:
        """"Continuer ici" / "Reprendre ici": the database comes to this tab."""
        if self._asking:
            return
        self._asking = True

        async def take() -> None:
            try:
                if await self.storage.take_over():
                    await self._read_again()
                else:
                    self._say_open_elsewhere()
            finally:
                self._asking = False

        self._page.run_task(take)

    async def _read_again(self) -> None:
        """The database came to this tab, read again from storage (another tab wrote
        meanwhile): every screen reads it again, a form refused before may save."""
        from scorepad.ui.i18n import t
        from scorepad.ui.widgets.snackbar import show_snackbar

        self._database_replaced(writable=True)
        show_snackbar(t("phone.tabs.here"))

    async def _follow(self) -> None:
        """This tab only looks: what the writing tab stored was read again; every screen
        shows it."""
        self._database_replaced(writable=False)

    def _database_replaced(self, *, writable: bool) -> None:
        from scorepad.ui.live import session_live
        from scorepad.ui.services_context import set_uow_factory

        if self.database is not None:  # else the first reads open the file each time
            self.database.engine.dispose()
            set_uow_factory(self.factory())  # the sheets read before are forgotten too
        session_live(self._page).read_again(writable)
