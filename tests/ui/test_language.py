"""The windows in the station's language: German words on the wall, nothing cut at 1280x720 or
1366x768, and View > Language switching the station's choice and Qt's own dialogs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from clockapp.i18n import current_language, set_language
from clockapp.i18n import gettext as _
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.language import QT_TRANSLATOR, LanguageMenu, apply_language
from clockapp.ui.settings import UiSettings
from tests.ui.polling import poll

#: Where the renders go for a person to look at (CLOCKAPP_RENDERS=folder), else the test's tmp.
RENDERS = os.environ.get("CLOCKAPP_RENDERS")


@pytest.fixture
def german(qapp: QApplication) -> Iterator[str]:
    """The station speaks German from the first window on."""
    yield apply_language(qapp, "de")
    apply_language(qapp, "en")


def _cut_labels(window: QWidget) -> list[str]:
    """The visible labels whose text is wider than the label (Qt clips it)."""
    cut = []
    for label in window.findChildren(QLabel):
        text = label.text()
        if (
            not label.isVisible()
            or not text
            or label.wordWrap()
            or "<" in text  # rich text wraps and scales as laid out, no plain width to compare
        ):
            continue
        width = label.fontMetrics().horizontalAdvance(text)
        if width > label.contentsRect().width() + 1:
            cut.append(f"{label.objectName() or type(label).__name__}: {text!r}")
    for button in window.findChildren(QAbstractButton):
        text = button.text().replace("&", "")
        if button.isVisible() and text:
            width = button.fontMetrics().horizontalAdvance(text)
            if width > button.contentsRect().width():
                cut.append(f"{button.objectName() or type(button).__name__}: {text!r}")
    return cut


def _save(widget: QWidget, name: str, tmp_path: Path) -> Path:
    folder = Path(RENDERS) if RENDERS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    assert widget.grab().save(str(path))
    return path


def test_the_german_wall_speaks_german_and_nothing_is_cut(
    qtbot, german, station, services, tournament_id, tmp_path
) -> None:
    assert german == "de"
    display = station.display
    display.resize(1280, 720)
    services.clock.start(tournament_id)
    poll(qtbot, station.bus)
    assert display.level_label.text().startswith("LEVEL")
    assert display.next_caption.text() == "DANACH"
    assert display.blinds_caption.text() == "BLINDS"
    assert display.break_block.caption.text() in ("NÄCHSTE PAUSE IN", "NÄCHSTE PAUSE")
    captions = {label.text() for label in display.findChildren(FitLabel)}
    assert "SPIELER" in captions
    assert "DURCHSCHNITTSSTACK" in captions
    elided = [
        label.text()
        for label in display.findChildren(FitLabel)
        if label.isVisible() and label.shown_text() != label.text()
    ]
    assert elided == []
    _save(display, "wall-de-1280x720.png", tmp_path)


def test_the_german_director_fits_1366x768(qtbot, german, station, tmp_path) -> None:
    director = station.director
    director.show()
    qtbot.waitExposed(director)
    director.resize(1366, 768)
    qtbot.waitUntil(lambda: director.width() == 1366)
    titles = [action.text() for action in director.menuBar().actions()]
    assert titles[:3] == ["&Datei", "&Bearbeiten", "&Ansicht"]
    assert director.menuBar().sizeHint().width() <= 1366
    assert _cut_labels(director) == []
    _save(director, "director-de-1366x768.png", tmp_path)


def test_the_language_menu_keeps_the_choice_and_switches(
    qtbot, qapp, ui_settings: UiSettings
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    menu = LanguageMenu(ui_settings, parent)
    assert menu.actions_by_code[""].isChecked()  # the system's, until one is chosen
    assert {"en", "de"} <= set(menu.actions_by_code)
    try:
        menu.actions_by_code["de"].trigger()
        assert ui_settings.language == "de"
        assert current_language() == "de"
        assert _("Break") == "Pause"
        translators = qapp.findChildren(QTranslator, QT_TRANSLATOR)
        assert len(translators) == 1
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"
        menu.actions_by_code[""].trigger()
        assert ui_settings.language is None
    finally:
        set_language("en")
        apply_language(qapp, "en")
    assert qapp.findChildren(QTranslator, QT_TRANSLATOR) == []
