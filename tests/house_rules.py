"""The house rules no linter knows: `python -m tests.house_rules` (part of `make lint`).

- No module imports another module's private name (`from clockapp.x import _helper`): what two
  modules share is promoted to a public name, or the two are one module. Tests follow the same
  rule: they use the code's public names.
- No class in `clockapp.ui` or `clockapp.services` is built from two or more of the project's own
  classes (a stack of mixins over a host); windows and services are composed of parts.
- No class there is declared only for the type checker (a host shim under `if TYPE_CHECKING:`).
- One word per thing (the README's "Words"): a player's exit is a bust. The old word survives only
  in the database's own names (the table `elimination`, its column `elimination_id`, a stored
  JSON key), which the models map.
- No `QThreadPool` runs our Python: destroyed with its owner, it waits for the running job inside
  the destructor while holding the interpreter's lock the job needs, and the process hangs (the
  station worker or `concurrent.futures` instead).

Prints one line per breach, `path:line: what`, and exits 1 when there is any.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "clockapp"
#: Where a class may not stack two of the project's own bases.
COMPOSED = ("clockapp/ui/", "clockapp/services/")


def _is_private(name: str) -> bool:
    # `_` alone is gettext's translate function (clockapp.i18n), public by a convention every
    # extraction tool and translator knows.
    return name.startswith("_") and not name.startswith("__") and name != "_"


def _own_classes() -> set[str]:
    """The names of every class the package defines (a base named so is one of ours)."""
    names: set[str] = set()
    for path in (ROOT / PACKAGE).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        names.update(node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef))
    return names


#: Retired words, and the lines where they are the database's stored names (kept, mapped).
RETIRED = re.compile(r"eliminat", re.IGNORECASE)
STORED_NAME = re.compile(
    r"\"elimination(\.id|_id)?\"|\"eliminations\"|elimination_id\"|FROM elimination"
)


def word_breaches(paths: list[Path]) -> Iterator[str]:
    """Every line that uses a retired word for a thing that has its one word now."""
    for path in paths:
        relative = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if RETIRED.search(line) and not STORED_NAME.search(line):
                yield f"{relative}:{number}: says elimination: the word is bust"


def _base_name(base: ast.expr) -> str:
    if isinstance(base, ast.Subscript):  # Generic[T], Base[int]
        base = base.value
    if isinstance(base, ast.Name):
        return base.id
    if isinstance(base, ast.Attribute):
        return base.attr
    return ""


def breaches(paths: list[Path], own: set[str]) -> Iterator[str]:
    """Every breach of the two rules in `paths`."""
    for path in paths:
        relative = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), relative)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE):
                for alias in node.names:
                    if _is_private(alias.name):
                        yield (
                            f"{relative}:{node.lineno}: imports the private name {alias.name} "
                            f"from {node.module}"
                        )
            if (
                isinstance(node, ast.If)
                and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"
                and relative.startswith(COMPOSED)
            ):
                for inner in (n for s in node.body for n in ast.walk(s)):
                    if isinstance(inner, ast.ClassDef):
                        yield (
                            f"{relative}:{inner.lineno}: class {inner.name} exists only for the "
                            "type checker: give the parts their real dependencies"
                        )
            if (
                isinstance(node, ast.Name | ast.Attribute)
                and (node.id if isinstance(node, ast.Name) else node.attr) == "QThreadPool"
                and relative.startswith(PACKAGE + "/")
            ):
                yield (
                    f"{relative}:{node.lineno}: QThreadPool runs Python jobs: its destructor "
                    "waits for them holding the interpreter's lock (use concurrent.futures)"
                )
            if isinstance(node, ast.ClassDef) and relative.startswith(COMPOSED):
                ours = [name for name in map(_base_name, node.bases) if name in own]
                if len(ours) >= 2:
                    yield (
                        f"{relative}:{node.lineno}: class {node.name} is built from "
                        f"{', '.join(ours)}: compose it of parts instead"
                    )


def main() -> int:
    paths = sorted((ROOT / PACKAGE).rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))
    paths = [p for p in paths if "migrations" not in p.parts]
    found = list(breaches(paths, _own_classes()))
    found += word_breaches([p for p in paths if p != Path(__file__).resolve()])
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} breach(es) of the house rules (tests/house_rules.py says why)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
