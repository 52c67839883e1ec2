"""The quicker walk of added controls (scorepad.ui.quick_configure) leaves every control
exactly as Flet's own walk does: the same controls yielded in the same order, each object
linked to the same parent, built, marked and tracked the same way; and it fails when a
Flet release changes the walk it replaces."""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import types
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder

from scorepad.ui import quick_configure
from scorepad.ui.widgets.charts import score_chart
from scorepad.ui.widgets.figures import explained_title, figure_tile, tiles

#: Flet 1.0.5's DiffBuilder._configure_dataclass, as quick_configure was written against
FLET_WALK_SHA256 = "fbbb21ab0ef5bcaa78b15d04710e34bc0c2fdfd9b9f310915cca91f7f516ca37"


def test_flet_s_walk_is_the_one_quick_configure_repeats() -> None:
    source = inspect.getsource(quick_configure.FLET_CONFIGURE)
    assert hashlib.sha256(source.encode()).hexdigest() == FLET_WALK_SHA256, (
        "Flet's DiffBuilder._configure_dataclass changed: compare it with "
        "scorepad/ui/quick_configure.py, then update FLET_WALK_SHA256")


@dataclasses.dataclass
class Plain:
    """A dataclass of no control class (its changes tracked another way), holding one."""
    label: str
    inner: ft.Control


class Built(ft.Text):
    """A control that does something when built."""

    def build(self) -> None:
        self.built_at_walk = True


def _screen() -> list[Any]:
    """A screen's worth of the controls scorepad draws: tiles, titles, a table, a chart
    (points, axes, a tooltip's styles), list lines, fields, chips, nested styles; some
    changed since they were made; and a plain dataclass holding a control."""
    def explain(_figure: str) -> None:
        return None

    changed = ft.Text("Donne 2")
    changed.value = "Donne 3"  # a change pending (its "dirty" mark) when walked

    table = ft.DataTable(
        columns=[ft.DataColumn(ft.Text("Contrat")), ft.DataColumn(ft.Text("%"), numeric=True)],
        rows=[ft.DataRow(cells=[ft.DataCell(ft.Text("Garde", size=13)),
                                ft.DataCell(ft.Semantics(identifier=f"takes-{n}",
                                                         content=ft.Text(f"{n}/9")))])
              for n in range(4)])
    return [ft.View(route="/x", controls=[ft.ListView(expand=True, controls=[
        explained_title("Preneur", "takes", explain),
        tiles([figure_tile("total", "+120", explain, ident="fig-total", detail="3 %"),
               figure_tile("games", "12", explain)]),
        ft.Row([table], scroll=ft.ScrollMode.AUTO),
        score_chart({"André": [0, 10, -5, 40, 12], "Bruno": [0, -10, 5, -40, -12]}, "Donne",
                    dark=False),
        ft.ListTile(dense=True, leading=ft.Icon(ft.Icons.CALCULATE_OUTLINED),
                    title=changed, trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                    on_click=lambda _e: None),
        ft.TextField(label="Nom", hint_text="Prénom",
                     text_style=ft.TextStyle(size=16, color=ft.Colors.PRIMARY)),
        ft.Dropdown(options=[ft.DropdownOption(key=str(n), text=f"{n}") for n in range(3)]),
        ft.Container(ft.Chip(label=ft.Text("Ce mois")), padding=ft.Padding.only(left=16),
                     border=ft.Border.all(1, ft.Colors.OUTLINE), data={"k": [1, "two"]}),
    ])]), Plain("autre", Built("dedans")), {"key": [ft.Icon(ft.Icons.ADD), 3]}]


def _objects(value: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every dataclass object of a tree, in the order of its fields (each once)."""
    seen = set() if seen is None else seen
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _objects(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _objects(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if id(value) in seen:
            return
        seen.add(id(value))
        yield value
        for field in dataclasses.fields(value):
            yield from _objects(getattr(value, field.name, None), seen)


def _state(tree: Any) -> list[tuple[Any, ...]]:
    """What the walk leaves on each object: its parent (by place), frozen mark,
    built mark, change tracking, what its build and checks before an update set."""
    objects = list(_objects(tree))
    place = {id(o): n for n, o in enumerate(objects)}
    out = []
    for o in objects:
        parent_ref = o.__dict__.get("_parent")
        parent = parent_ref() if parent_ref is not None else None
        dirty = getattr(o, "_dirty", None)
        out.append((type(o).__name__, place.get(id(parent), "outside" if parent else None),
                    o.__dict__.get("_frozen"), o.__dict__.get("_initialized"),
                    "__changes" in o.__dict__, None if dirty is None else dict(dirty),
                    type(o).__setattr__.__qualname__, sorted(o.__dict__),
                    sorted(o.__dict__.get("_internals") or {})))
    return out


def _walked(walk: Callable[..., Iterator[Any]], frozen: bool, parent: Any
            ) -> tuple[list[str], list[tuple[Any, ...]]]:
    tree = _screen()
    builder = DiffBuilder(None, None, control_cls=BaseControl)
    # the walk calls itself through the builder: the walk under test all the way down
    builder._configure_dataclass = types.MethodType(walk, builder)  # type: ignore[method-assign]
    yielded = list(builder._configure_dataclass(tree, parent, frozen))
    place = {id(o): n for n, o in enumerate(_objects(tree))}
    return [f"{type(c).__name__}@{place[id(c)]}" for c in yielded], _state(tree)


@pytest.mark.parametrize("frozen", [False, True])
@pytest.mark.parametrize("with_parent", [False, True])
def test_the_quick_walk_leaves_every_control_as_flet_s_walk_does(
        frozen: bool, with_parent: bool) -> None:
    parent = ft.Column() if with_parent else None
    flet_yielded, flet_state = _walked(quick_configure.FLET_CONFIGURE, frozen, parent)
    quick_yielded, quick_state = _walked(quick_configure.quick_configure, frozen, parent)
    assert len(flet_yielded) > 80  # the screen's controls, charts' points included
    assert quick_yielded == flet_yielded
    assert quick_state == flet_state


def test_every_session_walks_with_the_quick_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DiffBuilder, "_configure_dataclass", quick_configure.FLET_CONFIGURE)
    quick_configure.install()
    assert DiffBuilder._configure_dataclass is quick_configure.quick_configure
