"""The ui package's house rules, read from its source: parts, not mixins; public names only.

No module in `clockapp/ui` imports another module's private (`_name`) helpers, no class there
inherits from two or more of the project's own classes (a stack of command mixins), and no class
is declared only for the type checker (a host shim under `if TYPE_CHECKING:`). Qt-free: the
source is parsed, not imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import clockapp

PACKAGE = Path(clockapp.__file__).parent
UI = PACKAGE / "ui"


def _trees(root: Path) -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(root.rglob("*.py"))
    }


def _name(path: Path) -> str:
    return str(path.relative_to(PACKAGE.parent))


def test_no_ui_module_imports_a_private_name() -> None:
    found = [
        f"{_name(path)}:{node.lineno} {node.module}.{alias.name}"
        for path, tree in _trees(UI).items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("clockapp")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert found == []


def test_no_ui_class_inherits_from_two_of_the_projects_classes() -> None:
    own = {
        node.name
        for tree in _trees(PACKAGE).values()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }
    found = []
    for path, tree in _trees(UI).items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [
                    base.id if isinstance(base, ast.Name) else getattr(base, "attr", "")
                    for base in node.bases
                ]
                if len([b for b in bases if b in own]) >= 2:
                    found.append(f"{_name(path)}:{node.lineno} {node.name}({', '.join(bases)})")
    assert found == []


def test_no_ui_class_exists_only_for_the_type_checker() -> None:
    found = []
    for path, tree in _trees(UI).items():
        for node in ast.walk(tree):
            test = node.test if isinstance(node, ast.If) else None
            if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
                found += [
                    f"{_name(path)}:{inner.lineno} {inner.name}"
                    for statement in node.body
                    for inner in ast.walk(statement)
                    if isinstance(inner, ast.ClassDef)
                ]
    assert found == []
