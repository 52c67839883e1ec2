"""How Babel finds every catalog key scorepad's code uses: the extraction method of
`[tool.babel]` in pyproject.toml (`pybabel extract -F pyproject.toml`).

Two kinds of key, one method (an AST walk of each Python file, standard library only):

- A key written where it is rendered: the first argument of a call of one of the
  keywords of pyproject.toml (`t`, `nt`, `render`, `render_count`, `word`, `nword`, `N_`,
  `NP_`; `nt:1,1` makes the key its own msgid_plural), or both branches of a conditional
  there.
  A key held in a variable is found where it is written (an `N_("...")` table); a key
  built at run time (`"error." + code`, an f-string) stops the extraction with the file
  and line, so no key is ever unfindable.
- A code: refusals and warnings hold a code, and their key is `<area>.<code>`
  (`InvalidDeal("points", "points_range")` is `error.points_range`). `CODES` names the
  calls whose argument is a code, with its position and its area; a refusal class's own
  `code = "..."` and its `super().__init__(field, "...")` count too, in the class's `area`.
  A code computed at run time stops the extraction the same way, unless it is a parameter
  passed on by one of these calls or another refusal's `.code`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, BinaryIO

#: Calls whose argument is a code: the code's position among the arguments (a keyword
#: `code=` too) and the catalog area of its key ("" for a base class: its subclasses say).
CODES: dict[str, tuple[int, str]] = {
    "Refusal": (1, ""),
    "InvalidDeal": (1, "error"),
    "InvalidPile": (1, "error"),
    "InvalidPeriod": (1, "period"),
    "TournamentRefused": (1, "error"),
    "TournamentConflict": (1, "error"),
    "SettingRefused": (1, "error"),
    "PlanRefused": (0, "error"),
    "OrganiserOnly": (1, "service"),
    "GameFinished": (1, "service"),
    "BackupRefused": (1, "phone.backup"),
    "ServiceError": (1, "service"),
    "MergeRefused": (1, "service"),
    "InvitationRefused": (0, "service"),
    "SyncRefused": (1, "service"),
    "CopyError": (1, "copy"),
    "BadRequest": (1, "api"),
    "DealWarning": (0, "warning"),
    # helpers that raise a refusal with the code they are given
    "_check_whole": (4, "error"),
    "_side": (2, "error"),
    "_player_name": (2, "service"),
    "_refuse": (0, "import"),
}

Found = tuple[int, str | None, str, list[str]]


class KeyBuiltAtRunTime(ValueError):
    """A key (or a code) the extraction cannot read from the source."""


def name_of(node: ast.expr) -> str | None:
    """The name a call or a base class is written with (`x` of `x` and of `a.x`)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


class _Walker(ast.NodeVisitor):
    def __init__(self, filename: str, keywords: Iterable[str]) -> None:
        self.filename = filename
        self.keywords = frozenset(keywords)
        self.found: list[Found] = []
        self.functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
        self.classes: list[tuple[int, str]] = []  # the enclosing refusals' (index, area)
        self.known = dict(CODES)  # and the refusal classes of this file

    def fail(self, node: ast.AST, what: str) -> None:
        line = getattr(node, "lineno", 0)
        raise KeyBuiltAtRunTime(f"{self.filename}:{line}: {what} is built at run time: write "
                                "the key where it is, or in an N_() table")

    # -- where we are -------------------------------------------------------------------

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        base = next((self.known[b] for b in map(name_of, node.bases) if b in self.known), None)
        if base is None:
            self.generic_visit(node)
            return
        index, area = base
        for item in node.body:
            if (isinstance(item, ast.Assign) and len(item.targets) == 1
                    and name_of(item.targets[0]) == "area"
                    and isinstance(item.value, ast.Constant)):
                area = str(item.value.value)
        self.known.setdefault(node.name, (index, area))
        self.classes.append((index, area))
        for item in node.body:
            target = item.targets[0] if isinstance(item, ast.Assign) and len(
                item.targets) == 1 else (item.target if isinstance(item, ast.AnnAssign)
                                         else None)
            value = getattr(item, "value", None)
            if target is not None and name_of(target) == "code" and value is not None:
                self.code(value, area, node)
        self.generic_visit(node)
        self.classes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        entry = CODES.get(node.name)
        if entry is not None and not self.classes:  # a helper: its default code
            args = node.args.posonlyargs + node.args.args
            defaults = dict(zip(args[len(args) - len(node.args.defaults):],
                                node.args.defaults, strict=True))
            if entry[0] < len(args) and args[entry[0]] in defaults:
                self.code(defaults[args[entry[0]]], entry[1], node)
        self.functions.append(node)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def forwarded(self, name: str) -> bool:
        """Is `name` a parameter of a function whose callers give the code?"""
        if not self.functions:
            return False
        function = self.functions[-1]
        params = {a.arg for a in (function.args.posonlyargs + function.args.args
                                  + function.args.kwonlyargs)}
        if name not in params:
            return False
        if function.name in CODES and len(self.functions) == 1:
            return True
        return bool(self.classes) and function.name == "__init__"

    # -- what we find -------------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        name = name_of(node.func)
        if isinstance(node.func, ast.Name) and name in self.keywords:
            self.key(node, name)
        elif name in CODES:
            index, area = CODES[name]
            self.call_code(node, index, area)
        elif (name == "__init__" and isinstance(node.func, ast.Attribute)
              and isinstance(node.func.value, ast.Call) and name_of(node.func.value.func) == "super"
              and self.classes):
            index, area = self.classes[-1]
            self.call_code(node, index, area)
        self.generic_visit(node)

    def key(self, call: ast.Call, name: str) -> None:
        # Babel applies the keyword's spec to what is yielded: "nt:1,1" makes the first
        # argument the msgid and the msgid_plural.
        if not call.args or isinstance(call.args[0], ast.Starred):
            self.fail(call, f"the key of {name}()")
        for key in self.literals(call.args[0], f"the key of {name}()"):
            self.found.append((call.lineno, name, key, []))

    def literals(self, node: ast.expr, what: str) -> Iterator[str]:
        """The keys an argument holds: a literal, both branches of a conditional, a
        marked key (found on its own); nothing for a variable, a failure otherwise."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.IfExp):
            yield from self.literals(node.body, what)
            yield from self.literals(node.orelse, what)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id in self.keywords):
            return  # N_("...") inside: visited as a call of its own
        elif not isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
            self.fail(node, what)

    def call_code(self, call: ast.Call, index: int, area: str) -> None:
        value = next((k.value for k in call.keywords if k.arg == "code"), None)
        if value is None and index < len(call.args):
            value = call.args[index]
        if value is None or isinstance(value, ast.Starred):
            return
        self.code(value, area, call)

    def code(self, node: ast.expr, area: str, where: ast.AST) -> None:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                if not area:
                    self.fail(where, f"the area of the code {node.value!r} (no `area`)")
                self.found.append((getattr(where, "lineno", 0), None,
                                   f"{area}.{node.value}", []))
            elif node.value is not None:
                self.fail(node, "a code")
        elif isinstance(node, ast.IfExp):
            self.code(node.body, area, where)
            self.code(node.orelse, area, where)
        elif isinstance(node, ast.Name) and self.forwarded(node.id):
            return
        elif isinstance(node, ast.Attribute) and node.attr == "code":
            return  # another refusal's code, found where that one is raised
        else:
            self.fail(node, "a code")


def extract(fileobj: BinaryIO, keywords: Iterable[str], comment_tags: object,
            options: Mapping[str, Any]) -> Iterator[Found]:
    """Babel's extraction method (see the module's docstring): yields (line, keyword,
    key or (key, key), comments)."""
    filename = str(getattr(fileobj, "name", "<source>"))
    walker = _Walker(filename, keywords)
    walker.visit(ast.parse(fileobj.read(), filename))
    yield from walker.found
