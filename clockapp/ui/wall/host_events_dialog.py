"""The host's events editor: when something happens, what the room hears and sees.

The list shows the tournament's events (from the clock session's snapshot, so opening it reads
nothing on the GUI thread); the form under it edits one. Add, Save and Remove are each one
service call on the station's worker, pushed on the dialog's own undo stack once done, so Undo
and Redo take them back one at a time. "Test now" plays, speaks and shows the form's event at
once on this station's wall, with the fields filled from the clock as it is, and claims nothing:
the real occurrence still fires at its moment. A sound file is checked when it is chosen; one
that cannot be played is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.host_events import (
    BUILT_IN_SOUNDS,
    FIELDS,
    MAX_MINUTES,
    MAX_SECONDS,
    MIN_SECONDS,
    HostEvent,
    HostEventError,
    Occurrence,
    TournamentFacts,
    Trigger,
    field_values,
    fill,
)
from clockapp.i18n import N_, pgettext
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.sound import sound_file_problem
from clockapp.ui.table_model import RowTableModel
from clockapp.ui.undo_step import UndoStep, move_on_worker

AnyIndex = QModelIndex | QPersistentModelIndex
#: The sound choices before the built-in sounds' names.
NO_SOUND, OWN_FILE = N_("(none)"), N_("A file of my own")
SOUND_FILTER = N_("WAV sounds (*.wav *.WAV)")


class HostEventsModel(RowTableModel[HostEvent]):
    """The events, one a row: when, and what it does."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((_("When"), _("What")), parent)

    def set_events(self, events: tuple[HostEvent, ...]) -> None:
        """Show these events."""
        self._set_rows(events)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The event's trigger and actions in a few words."""
        event = self.row_at(index)
        if event is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        return event.when() if index.column() == 0 else event.what()


class HostEventsDialog(QDialog):
    """Edit the host's events of the open tournament (see the module docstring)."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        session: ClockSession,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Host events"))
        self.setObjectName("hostEventsDialog")
        self._services = services
        self._bus = bus
        self._session = session
        self._sound_file = ""
        self.undo_stack = QUndoStack(self)
        #: The file dialog hook (tests replace it): the chosen WAV file, None when cancelled.
        self.ask_sound_file: Callable[[], Path | None] = self._ask_sound_file
        self._setup_ui()
        session.snapshot_changed.connect(self._on_session_snapshot_changed)
        self._show_events(tuple(getattr(session.snapshot, "host_events", ())))
        self._on_trigger_changed()
        self._on_sound_changed()

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        root = QVBoxLayout(self)
        self.banner = MessageBanner(self, name="hostEventsBanner")
        root.addWidget(self.banner)
        self.model = HostEventsModel(self)
        self.table = QTableView(self)
        self.table.setAccessibleName(_("Host events"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_row_changed)
        root.addWidget(self.table, 1)

        form = QFormLayout()
        self.trigger_box = QComboBox(self)
        for trigger in Trigger:
            # Kept as text: Qt hands a str subclass back as a plain str.
            self.trigger_box.addItem(str(trigger).capitalize(), str(trigger))
        self.trigger_box.currentIndexChanged.connect(self._on_trigger_changed)
        form.addRow(_("&When"), self.trigger_box)
        self.minutes_box = QSpinBox(self)
        self.minutes_box.setRange(1, MAX_MINUTES)
        self.minutes_box.setValue(5)
        form.addRow(_("&Minutes before the end"), self.minutes_box)
        self.players_box = QSpinBox(self)
        self.players_box.setRange(2, 10_000)
        self.players_box.setValue(10)
        form.addRow(_("&Players left"), self.players_box)
        self.time_edit = QLineEdit(self)
        self.time_edit.setPlaceholderText("23:30")
        form.addRow(_("&Time of day"), self.time_edit)
        sound_row = QHBoxLayout()
        self.sound_box = QComboBox(self)
        self.sound_box.addItem(_(NO_SOUND), "")
        for name in BUILT_IN_SOUNDS:
            self.sound_box.addItem(name.replace("_", " ").capitalize(), name)
        self.sound_box.addItem(_(OWN_FILE), OWN_FILE)
        self.sound_box.currentIndexChanged.connect(self._on_sound_changed)
        sound_row.addWidget(self.sound_box, 1)
        self.file_button = QPushButton(_("Choose &file…"), self)
        self.file_button.clicked.connect(self._on_file_button_clicked)
        sound_row.addWidget(self.file_button)
        form.addRow(_("&Sound"), sound_row)
        self.file_label = QLabel("", self)
        form.addRow("", self.file_label)
        fields = " ".join(f"{{{name}}}" for name in FIELDS)
        self.spoken_edit = QLineEdit(self)
        self.spoken_edit.setToolTip(_("Fields: {fields}").format(fields=fields))
        form.addRow(_("S&poken text"), self.spoken_edit)
        self.wall_edit = QLineEdit(self)
        self.wall_edit.setToolTip(_("Fields: {fields}").format(fields=fields))
        form.addRow(_("&Wall message"), self.wall_edit)
        self.seconds_box = QSpinBox(self)
        self.seconds_box.setRange(MIN_SECONDS, MAX_SECONDS)
        self.seconds_box.setValue(10)
        self.seconds_box.setSuffix(pgettext("seconds, after a number", " s"))
        form.addRow(_("Message &stays up"), self.seconds_box)
        root.addLayout(form)
        root.addWidget(QLabel(_("Fields: {fields}").format(fields=fields), self))

        buttons = QHBoxLayout()
        self.add_button = QPushButton(_("&Add"), self)
        self.add_button.clicked.connect(self.add_event)
        self.save_button = QPushButton(_("Sa&ve changes"), self)
        self.save_button.clicked.connect(self.save_event)
        self.remove_button = QPushButton(_("&Remove"), self)
        self.remove_button.clicked.connect(self.remove_event)
        self.test_button = QPushButton(_("&Test now"), self)
        self.test_button.clicked.connect(self.test_now)
        self.undo_button = QPushButton(_("&Undo"), self)
        self.undo_button.clicked.connect(self.undo)
        self.redo_button = QPushButton(_("R&edo"), self)
        self.redo_button.clicked.connect(self.redo)
        self.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_button.setEnabled(False)
        self.redo_button.setEnabled(False)
        close = QPushButton(_("Close"), self)
        close.clicked.connect(self.close)
        for button in (
            self.add_button,
            self.save_button,
            self.remove_button,
            self.test_button,
            self.undo_button,
            self.redo_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        root.addLayout(buttons)
        self.resize(720, 560)

    # ---------------------------------------------------------------- the list

    def _show_events(self, events: tuple[HostEvent, ...]) -> None:
        selected = self.selected()
        self.model.set_events(events)
        self._update_buttons()
        if selected is None:
            return
        for row, event in enumerate(events):
            if event.id == selected.id:
                self.table.selectRow(row)

    def _on_session_snapshot_changed(self, snapshot: Any) -> None:
        self._show_events(tuple(getattr(snapshot, "host_events", ())))

    def selected(self) -> HostEvent | None:
        """The event chosen in the list (None: none)."""
        return self.model.row_at(self.table.currentIndex())

    def _on_table_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        event = self.model.row_at(current)
        if event is not None:
            self.show_event(event)
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.selected() is not None
        self.save_button.setEnabled(chosen)
        self.remove_button.setEnabled(chosen)

    # ---------------------------------------------------------------- the form

    def show_event(self, event: HostEvent) -> None:
        """Put `event` in the form."""
        self.trigger_box.setCurrentIndex(self.trigger_box.findData(str(event.trigger)))
        self.minutes_box.setValue(max(event.minutes, 1))
        self.players_box.setValue(max(event.players, 2))
        self.time_edit.setText(event.at)
        if event.sound in BUILT_IN_SOUNDS or not event.sound:
            self._sound_file = ""
            self.sound_box.setCurrentIndex(self.sound_box.findData(event.sound))
        else:
            self._sound_file = event.sound
            self.sound_box.setCurrentIndex(self.sound_box.findData(OWN_FILE))
        self.spoken_edit.setText(event.spoken)
        self.wall_edit.setText(event.wall_text)
        self.seconds_box.setValue(event.seconds)
        self._on_sound_changed()

    def form_event(self, event_id: int = 0) -> HostEvent:
        """The event the form describes; a `HostEventError` says what is wrong with it."""
        trigger = Trigger(self.trigger_box.currentData())
        sound = self.sound_box.currentData()
        if sound == OWN_FILE:
            if not self._sound_file:
                raise HostEventError(_("Choose the sound file, or another sound."))
            sound = self._sound_file
        return HostEvent(
            id=event_id,
            trigger=trigger,
            minutes=self.minutes_box.value() if trigger is Trigger.MINUTES_BEFORE_END else 0,
            players=self.players_box.value() if trigger is Trigger.PLAYERS_LEFT else 0,
            at=self.time_edit.text().strip() if trigger is Trigger.TIME_OF_DAY else "",
            sound=sound,
            spoken=self.spoken_edit.text().strip(),
            wall_text=self.wall_edit.text().strip(),
            seconds=self.seconds_box.value(),
        )

    def _on_trigger_changed(self) -> None:
        trigger = Trigger(self.trigger_box.currentData())
        self.minutes_box.setEnabled(trigger is Trigger.MINUTES_BEFORE_END)
        self.players_box.setEnabled(trigger is Trigger.PLAYERS_LEFT)
        self.time_edit.setEnabled(trigger is Trigger.TIME_OF_DAY)

    def _on_sound_changed(self) -> None:
        own = self.sound_box.currentData() == OWN_FILE
        self.file_button.setEnabled(own)
        self.file_label.setText(Path(self._sound_file).name if own and self._sound_file else "")

    def _ask_sound_file(self) -> Path | None:
        name, _filter = QFileDialog.getOpenFileName(self, _("A sound"), "", _(SOUND_FILTER))
        return Path(name) if name else None

    def _on_file_button_clicked(self) -> None:
        path = self.ask_sound_file()
        if path is not None:
            self.choose_sound_file(path)

    def choose_sound_file(self, path: Path) -> bool:
        """Take `path` as the event's sound if it can be played; else say why and keep the
        sound as it was."""
        problem = sound_file_problem(path)
        if problem is not None:
            self.banner.show_error(problem)
            return False
        self.banner.hide_message()
        self._sound_file = str(path.resolve())
        self.sound_box.setCurrentIndex(self.sound_box.findData(OWN_FILE))
        self._on_sound_changed()
        return True

    # ---------------------------------------------------------------- actions

    def _checked(self, event_id: int = 0) -> HostEvent | None:
        try:
            event = self.form_event(event_id)
        except HostEventError as error:
            self.banner.show_error(str(error))
            return None
        self.banner.hide_message()
        return event

    def _refused(self, error: Exception) -> None:
        if not isinstance(error, HostEventError | ValueError):
            raise error  # the app's net shows the unexpected
        self.banner.show_error(str(error))

    def _submit(
        self, operation: Callable[[], Outcome[HostEvent]], done: Callable[[HostEvent], None]
    ) -> bool:
        return self._bus.submit(operation, done, self._refused, key=(self, "edit"), asker=self)

    def add_event(self) -> bool:
        """Keep the form's event as a new one (one service call); Undo removes it."""
        event = self._checked()
        if event is None:
            return False
        tid, host = self._bus.tournament_id, self._services.host_events

        def done(saved: HostEvent) -> None:
            self._push(
                f"add {saved.when()}",
                lambda: host.save(tid, saved),
                lambda: host.delete(tid, saved.id),
            )

        return self._submit(lambda: host.save(tid, event), done)

    def save_event(self) -> bool:
        """Keep the form over the chosen event; Undo puts the event back as it was."""
        before = self.selected()
        if before is None:
            return False
        after = self._checked(before.id)
        if after is None:
            return False
        tid, host = self._bus.tournament_id, self._services.host_events

        def done(saved: HostEvent) -> None:
            self._push(
                f"edit {saved.when()}",
                lambda: host.save(tid, saved),
                lambda: host.save(tid, before),
            )

        return self._submit(lambda: host.save(tid, after), done)

    def remove_event(self) -> bool:
        """Remove the chosen event; Undo puts it back under its id (what it fired stays fired)."""
        chosen = self.selected()
        if chosen is None:
            return False
        tid, host = self._bus.tournament_id, self._services.host_events

        def done(removed: HostEvent) -> None:
            self._push(
                f"remove {removed.when()}",
                lambda: host.delete(tid, removed.id),
                lambda: host.save(tid, removed),
            )

        return self._submit(lambda: host.delete(tid, chosen.id), done)

    def _push(
        self,
        text: str,
        redo_work: Callable[[], Outcome[HostEvent]],
        undo_work: Callable[[], Outcome[HostEvent]],
    ) -> None:
        self.undo_stack.push(UndoStep(text, redo_work, undo_work, obsolete_on=(HostEventError,)))

    def undo(self) -> bool:
        """Take back the last add, edit or removal (one service call on the worker)."""
        return move_on_worker(
            self._bus, self.undo_stack, undo=True, key=(self, "undo"), on_failed=self._refused
        )

    def redo(self) -> bool:
        """Do the undone step again."""
        return move_on_worker(
            self._bus, self.undo_stack, undo=False, key=(self, "undo"), on_failed=self._refused
        )

    def test_now(self) -> bool:
        """Play, speak and show the form's event on this station's wall now, with the fields
        filled from the clock as it is; nothing is claimed or written."""
        event = self._checked()
        if event is None:
            return False
        snap = self._session.snapshot
        facts = TournamentFacts(
            at=self._session.now(),
            state=snap.state,
            players_left=snap.stats.players_left,
            paid=len(snap.stats.payouts),
        )
        values = field_values(snap.structure, facts, event)
        occurrence = Occurrence(
            "test", event, fill(event.spoken, values), fill(event.wall_text, values)
        )
        self._session.fire_host((occurrence,))
        return True


class HostEventsControls:
    """The director's way into the editor: one dialog, raised again when already open."""

    def __init__(
        self, services: Services, bus: TournamentBus, session: ClockSession, parent: QWidget
    ) -> None:
        self._services = services
        self._bus = bus
        self._session = session
        self._parent = parent
        self.dialog: HostEventsDialog | None = None

    def open_editor(self) -> HostEventsDialog:
        """Show the editor (not modal: the clock and the director's window stay usable)."""
        if self.dialog is None:
            self.dialog = HostEventsDialog(self._services, self._bus, self._session, self._parent)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog
