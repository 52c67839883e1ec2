"""No word a person reads is written in the code: an AST walk over scorepad/ finds every
string literal with letters handed to a Flet control's text, printed by the command line,
or raised as an exception's message. Words come from the catalogs (t(), render())."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

from scorepad.domain.catalog_keys import name_of

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorepad"
_LETTERS = re.compile(r"[^\W\d_]{2,}")

#: Flet controls whose first argument is their text, and the keywords that hold a text.
TEXT_CONTROLS = frozenset({"Text", "Button", "TextButton", "FilledButton", "OutlinedButton",
                           "ElevatedButton", "FilledTonalButton", "Tab", "Chip", "Tooltip"})
TEXT_KEYWORDS = frozenset({"label", "tooltip", "hint_text", "title", "helper_text",
                           "error_text", "text", "semantics_label", "subtitle", "message",
                           "counter_text", "prefix_text", "suffix_text", "value_text",
                           "placeholder", "cancel_text", "confirm_text", "help_text"})

#: The UI's own helpers that show a text, and the positions of their text arguments.
TEXT_HELPERS = {"screen": (0,), "section_title": (0,), "empty_state": (1, 2),
                "primary_action": (0,), "show_snackbar": (0,), "navigate_then_show": (1,),
                "show_error": (0, 1), "Confirm": (0, 1, 2), "AskName": (0, 1, 3),
                "Notice": (0, 1, 2), "error_text": (0,)}

#: What may be written as it is, and why.
ALLOWED = {
    "scorepad": "the product's name, the same in every language",
}
#: Exceptions that are a developer's: a broken invariant or a build step that cannot
#: run, logged or shown as a traceback in a test, never a person's message (the people's
#: are refusals: a field and a code, their words in the catalogs).
DEVELOPERS_EXCEPTIONS = frozenset({
    "RuntimeError", "ValueError", "TypeError", "AssertionError", "NotImplementedError",
    "AttributeError",  # a module's __getattr__ (a name imported when first asked for)
    "SystemExit", "StartupMessageNotFound", "UnknownIcon",
    "ObjectPatchException"})  # Flet's own broken invariant (scorepad.ui.quick_configure)
_SENTENCE = re.compile(r"[^\W\d_]{2,}[\s'’]+[^\W\d_]{2,}")
#: Modules whose literal messages no person reads, and why.
DEVELOPERS_ONLY = {
    "scorepad/domain/catalog_keys.py": "the extraction's refusals, read by a developer",
    "scorepad/__main__.py": "the module's entry point",
}


def _literal_text(node: ast.expr) -> str | None:
    """The words of a literal (an f-string's literal parts; placeholders left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "".join(part for part, _, _, _ in string.Formatter().parse(node.value))
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values
                       if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return " ".join(t for t in (_literal_text(node.left), _literal_text(node.right)) if t)
    return None


def _has_words(node: ast.expr) -> bool:
    text = _literal_text(node)
    if text is None:
        return False
    return any(word.lower() not in ALLOWED for word in _LETTERS.findall(text))


def _has_sentence(node: ast.expr) -> bool:
    """Words a person would read (a code or a field name has no space in it)."""
    text = _literal_text(node)
    return text is not None and _SENTENCE.search(text) is not None


def _shown(tree: ast.AST, in_cli: bool) -> Iterator[tuple[int, str]]:
    """(line, what) of every literal with words that a person would read."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                and name_of(node.exc.func) not in DEVELOPERS_EXCEPTIONS):
            for arg in [*node.exc.args, *(k.value for k in node.exc.keywords)]:
                if _has_sentence(arg):
                    yield node.lineno, f"raise {name_of(node.exc.func)}(...)"
        if not isinstance(node, ast.Call):
            continue
        name = name_of(node.func)
        if isinstance(node.func, ast.Name) and name in ("tr", "ntr"):
            yield node.lineno, f"{name}(...): French and English side by side"
        is_flet = isinstance(node.func, ast.Attribute) and name_of(node.func.value) == "ft"
        if is_flet and name in TEXT_CONTROLS and node.args and _has_words(node.args[0]):
            yield node.lineno, f"ft.{name}(...)"
        if is_flet or name in TEXT_HELPERS:
            for keyword in node.keywords:
                if keyword.arg in TEXT_KEYWORDS and _has_words(keyword.value):
                    yield node.lineno, f"{name}({keyword.arg}=...)"
        if name in TEXT_HELPERS and any(
                _has_words(node.args[i]) for i in TEXT_HELPERS[name] if i < len(node.args)):
            yield node.lineno, f"{name}(...)"
        printed = name == "print" or (name == "write" and isinstance(node.func, ast.Attribute)
                                      and name_of(node.func.value) in ("stdout", "stderr"))
        if in_cli and printed and any(_has_words(a) for a in node.args):
            yield node.lineno, f"{name}(...)"


def test_no_word_a_person_reads_is_written_outside_the_catalogs() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative in DEVELOPERS_ONLY:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{relative}:{line}: {what}"
                  for line, what in _shown(tree, relative.startswith("scorepad/cli/"))]
    assert found == []


def test_the_walk_finds_a_word_in_each_place_a_person_reads() -> None:
    source = '''
ft.Text("Bonjour")
ft.TextField(label=f"Nom de {who}")
ft.IconButton(ft.Icons.ADD, tooltip="Add")
raise ValueError("a broken invariant")
raise ImportRefused("Fichier illisible")
raise ServiceError("name", "game_name")
show_error("Impossible", message)
sys.stdout.write("Done\\n")
print("Saved " + name)
ft.Text(t("games.title"))
ft.Text(f"{a} · {b}")
ft.Text("scorepad")
ft.Text(tr("Annuler", "Cancel"))
'''
    assert [what for _, what in sorted(_shown(ast.parse(source), in_cli=True))] == [
        "ft.Text(...)", "TextField(label=...)", "IconButton(tooltip=...)",
        "raise ImportRefused(...)", "show_error(...)", "write(...)", "print(...)",
        "tr(...): French and English side by side"]
