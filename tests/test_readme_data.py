"""The README says where the data lives and how to choose another folder, with the real names."""

from __future__ import annotations

from pathlib import Path

from clockapp import paths
from clockapp.persistence.backup import FOLDER as BACKUPS

ROOT = Path(__file__).resolve().parent.parent


def your_data() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Your data") :]
    return section[: section.index("\n## ", 1)]


def test_the_readme_says_where_the_data_lives_and_how_to_move_it() -> None:
    section = your_data()
    assert f"`{paths.DATA_DIR_ENV}`" in section
    assert "`--db`" in section
    assert "`clockapp.db`" in section  # `persistence.db.default_url`'s file
    assert f"`{BACKUPS}/`" in section
    for system in ("Linux", "macOS", "Windows"):
        assert system in section
