"""`RulingsWindow`: settle a dispute at a table — who wins, with what, and who takes which chips.

The window keeps one frozen `Dispute` (what the director entered) and re-renders everything from
it after each edit: the picker's greyed cards, the slots, each hand's best five and words, the
showdown's winners, the side pots. Exact odds can take a second, so they are computed by an
`OddsRunner` in the background and shown when they arrive, unless the cards changed meanwhile.
The smallest chip in play comes from the tournament (`services.rulings`) and follows the clock's
color-ups through the bus. When the hand is at a known table, the director picks it in the side-pot
panel: the players' names follow their seats and the button comes from the seating.

The window is assembled from parts that each own one job and get what they use in their
constructor: `DisputeState` (the dispute on screen, `edits.py`), `CardEdits` (typing and picking
cards, `edits.py`), `Feeds` (the chip set and the odds, `feeds.py`), `AtTable` (a known table,
`at_table.py`) and `WallKeys` (the verdict, the showdown and a bad beat to the wall).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.ui.actions import RulingsAction, bind_keys
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import analysis, settlement
from clockapp.ui.rulings.at_table import AtTable
from clockapp.ui.rulings.bar import RulingsBar, VerdictBar, keys_help
from clockapp.ui.rulings.card_picker import CardPicker
from clockapp.ui.rulings.edits import CardEdits, DisputeState
from clockapp.ui.rulings.feeds import Feeds
from clockapp.ui.rulings.hands import BoardRow, HandsPanel
from clockapp.ui.rulings.pots import PotsPanel
from clockapp.ui.rulings.present import hand_shown, pots_shown
from clockapp.ui.rulings.slots import CardsBox
from clockapp.ui.rulings.state import BOARD, Dispute, Game
from clockapp.ui.rulings.style import sheet
from clockapp.ui.rulings.tournament import ChipSource, TableSource
from clockapp.ui.rulings.verdict import verdict
from clockapp.ui.rulings.wall_keys import WallKeys
from clockapp.ui.rulings.worker import OddsRunner
from clockapp.ui.screens import fit_to_screen
from clockapp.ui.settings import UiSettings

GEOMETRY_KEY = "rulings"
FOUR_COLOUR_KEY = "rulings/four_colour"
SIDE_MARGIN = 14
OPEN_SIZE = QSize(1680, 1000)  # shrunk to the screen's free area when shown (`fit_to_screen`)
#: Shorter than this (a 1366x768 laptop), the window is compact: smaller cards and type, and the
#: keys line folded into a button, so that three hands and the verdict are in sight at once.
COMPACT_BELOW = 900


class RulingsWindow(QWidget):
    """The director's rulings window: cards, hands, odds and side pots.

    Signals:
        dispute_changed(object): the `Dispute` after every edit.
        odds_shown(object): odds for the cards on screen arrived (an `OddsAnswer`).
    """

    dispute_changed = Signal(object)
    odds_shown = Signal(object)

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        parent: QWidget | None = None,
        *,
        settings: UiSettings | None = None,
    ) -> None:
        """Build the window; with `settings`, its place and the deck choice are remembered."""
        super().__init__(parent, Qt.WindowType.Window)
        self._settings = settings
        self._services = services
        self._bus = bus
        self.state = DisputeState(self)
        self.state.applied.connect(self._on_state_applied)
        self.setWindowTitle(_("Rulings"))
        self.setObjectName("rulings_window")
        self.runner = OddsRunner(self)
        self._setup_ui()
        self._install_keys()
        if settings is not None:
            settings.restore_geometry(GEOMETRY_KEY, self)
            four = settings.qsettings.value(FOUR_COLOUR_KEY, False)
            self.four_colour_check.setChecked(four in (True, "true", "1", 1))
        self.chips = ChipSource(services, bus, self)
        self.chips.loaded.connect(self.feeds.on_chips_loaded)
        self.chips.load()
        self.tables.load()
        self._render()

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        self._compact = False
        self._apply_sheet()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(SIDE_MARGIN, 6, SIDE_MARGIN, 6)
        outer.setSpacing(6)
        # The verdict first, across both columns and outside every scroll area: always in sight.
        self.verdict_bar = VerdictBar(self)
        outer.addWidget(self.verdict_bar)
        self.bar = RulingsBar(self)
        self.game_combo = self.bar.game_combo
        self.edits = CardEdits(
            self.state, self.game_combo, self.focus_target, lambda: self.pots.focus_bets()
        )
        self.four_colour_check = self.bar.four_colour_check
        self.four_colour_check.toggled.connect(lambda _on: self._render())
        self.bar.new_button.clicked.connect(self.new_dispute)
        self.bar.close_button.clicked.connect(self.close)

        # Two columns: on the left what the director enters card by card (the bar, the picker,
        # the board under it, the hands, the keys), on the right the side pots over the whole
        # height with the answer first. Ten-handed on a 1366x768 laptop the ruling stays in
        # sight: it no longer shares the height left under the picker with the seats' inputs.
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        left = QWidget(splitter)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(10)
        column.addWidget(self.bar)
        self.picker = CardPicker(left)
        self.picker.card_picked.connect(self.edits.place_card)
        self.picker.card_removed.connect(self.edits.remove_card)
        column.addWidget(self.picker, 0, Qt.AlignmentFlag.AlignLeft)
        self.board = BoardRow(left)
        self._connect_cards_box(self.board.cards, BOARD)
        self.busy_bar = self.board.busy_bar
        self.odds_note = self.board.odds_note
        self.feeds = Feeds(self.state, self.runner, self.odds_note, self.busy_bar, self)
        self.feeds.changed.connect(self._render)
        self.feeds.odds_shown.connect(self.odds_shown)
        column.addWidget(self.board)
        self.hands = HandsPanel(left)
        self.hands.player_added.connect(self.add_player)
        self.hands.rows_changed.connect(self._connect_rows)
        column.addWidget(self.hands, 1)
        self.keys_help = keys_help(left)
        column.addWidget(self.keys_help)
        self._column = column
        self.pots = PotsPanel(splitter)
        state = self.state
        self.pots.bet_changed.connect(lambda i, v: state.edit_player(i, bet=v))
        self.pots.folded_changed.connect(lambda i, on: state.edit_player(i, folded=on))
        self.pots.place_changed.connect(lambda i, v: state.edit_player(i, place=v or None))
        self.pots.button_changed.connect(lambda v: state.set(button=v or None))
        self.pots.dead_changed.connect(lambda v: state.set(dead=v))
        self.pots.chip_changed.connect(lambda v: state.set(chip=v))
        self.tables = TableSource(self._services, self._bus, self)
        self.at_table = AtTable(self.state, self.pots, self.tables)
        self.pots.table_chosen.connect(lambda n: self.at_table.choose_table(n or None))
        self.wall = WallKeys(
            self._services, self._bus, self.state, self.feeds, self.four_colour_check, self
        )
        splitter.addWidget(left)
        splitter.addWidget(self.pots)
        splitter.setChildrenCollapsible(False)
        # Never narrower than the pot inputs need: the hands give way (their text wraps).
        self.pots.setMinimumWidth(self.pots.minimumSizeHint().width() + 12)
        self._splitter = splitter
        self._sized = False
        self._split_dragged = False
        splitter.splitterMoved.connect(lambda *_: setattr(self, "_split_dragged", True))
        outer.addWidget(splitter, 1)
        self.resize(OPEN_SIZE)

    def _install_keys(self) -> None:
        # Every key comes from the actions registry, which keeps each key to one meaning.
        handlers: dict[RulingsAction, Callable[[int], object]] = {
            RulingsAction.BOARD: lambda _: self.focus_target(BOARD),
            RulingsAction.HAND: self.focus_target,  # Alt+1 is the first player (index 0)
            RulingsAction.BETS: lambda _: self.pots.focus_bets(),
            RulingsAction.ADD_PLAYER: lambda _: self.add_player(),
            RulingsAction.REMOVE_PLAYER: lambda _: self.remove_player(self.state.dispute.target),
            # Outside text fields (they take Backspace first), it takes back the last card.
            RulingsAction.TAKE_BACK: lambda _: self.edits.remove_last(),
            RulingsAction.TOGGLE_GAME: lambda _: self.edits.toggle_game(),
            RulingsAction.NEW_DISPUTE: lambda _: self.new_dispute(),
            RulingsAction.RULING_TO_WALL: lambda _: self.wall.ruling_to_wall(),
            RulingsAction.SHOWDOWN_TO_WALL: lambda _: self.wall.showdown_to_wall(),
            RulingsAction.BAD_BEAT: lambda _: self.wall.beat_to_list(),
            RulingsAction.CLOSE: lambda _: self.close(),
        }
        self.key_actions = {a: bind_keys(self, a, handlers[a]) for a in RulingsAction}
        keys = self.key_actions
        self.wall.controls = {
            "ruling": keys[RulingsAction.RULING_TO_WALL][0],
            "showdown": keys[RulingsAction.SHOWDOWN_TO_WALL][0],
            "beat": keys[RulingsAction.BAD_BEAT][0],
        }

    def _connect_cards_box(self, box: CardsBox, target: int) -> None:
        box.text_edited.connect(lambda text: self.edits.entry_edited(target, text))
        box.focused.connect(lambda: self.state.aim(target))
        box.remove_requested.connect(self.edits.remove_card)
        box.remove_last_requested.connect(lambda: self.edits.remove_last(target))
        box.advanced.connect(lambda: self.edits.advance(target))

    def _connect_rows(self) -> None:
        for index, row in enumerate(self.hands.rows):
            if row.property("connected"):
                continue
            row.setProperty("connected", True)
            self._connect_cards_box(row.cards, index)
            row.seat_spin.valueChanged.connect(lambda v, i=index: self.at_table.edit_seat(i, v))
            row.name_edit.textEdited.connect(lambda t, i=index: self.state.edit_player(i, name=t))
            row.remove_button.clicked.connect(lambda _=False, i=index: self.remove_player(i))

    # ---------------------------------------------------------------- public API

    def dispute(self) -> Dispute:
        """What the director has entered."""
        return self.state.dispute

    def set_dispute(self, dispute: Dispute) -> None:
        """Show `dispute` (a whole case at once: tests, a saved example)."""
        self.state.errors.clear()
        self.state.apply(dispute)
        self.pots.refit()  # a new case: share the height again (edits never move the form)

    def new_dispute(self) -> None:
        """Start again with an empty board and two players; the game and chip stay."""
        d = self.state.dispute
        fresh = Dispute(game=d.game, chip=d.chip)
        if self.at_table.table is not None:
            fresh = fresh.at_table(self.at_table.names(), self.at_table.button_seat())
        self.set_dispute(fresh)
        self.focus_target(BOARD)

    def add_player(self) -> None:
        """Add a player on the next free seat (at a known table, the next seated player) and aim
        the picker at them."""
        d = self.state.dispute.add_player(self.at_table.names())
        if d is not self.state.dispute:
            self.state.apply(d.with_target(len(d.players) - 1))
            self.focus_target(len(d.players) - 1)

    def remove_player(self, index: int) -> None:
        """Take player `index` out of the dispute."""
        if index == BOARD:
            return
        self.state.errors.clear()
        self.state.apply(self.state.dispute.remove_player(index))

    def focus_target(self, target: int) -> None:
        """Put the keyboard in the entry of `target` (the board or a player)."""
        if target != BOARD and target >= len(self.state.dispute.players):
            return
        self.state.aim(target)
        box = self.board.cards if target == BOARD else self.hands.rows[target].cards
        if target != BOARD:
            self.hands.scroll_to(self.hands.rows[target])
        box.entry.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # ---------------------------------------------------------------- render

    def _on_state_applied(self, changed: bool) -> None:
        self._render()
        if changed:
            self.dispute_changed.emit(self.state.dispute)

    def _render(self) -> None:
        state, feeds = self.state, self.feeds
        d = state.dispute
        four = self.four_colour_check.isChecked()
        blocked = self.game_combo.blockSignals(True)
        self.game_combo.setCurrentIndex(list(Game).index(d.game))
        self.game_combo.blockSignals(blocked)
        self.picker.set_four_colour(four)
        self.picker.set_used(d.used())
        reading = analysis.read_hands(d)
        feeds.follow(analysis.odds_job(d))
        self.board.show_board(
            d.board, d.target == BOARD, state.errors.get(BOARD), four, state.typing == BOARD
        )
        # The pots first: their winners badge the hands ("WINS SIDE 2").
        pots = self._render_pots(reading)
        self.hands.ensure_rows(len(d.players))
        for index, row in enumerate(self.hands.rows):
            error = state.errors.get(index)
            shown = hand_shown(d, index, reading, feeds.odds, feeds.odds_job, error, four, pots)
            player = d.players[index]
            row.show_player(player.seat, player.name, removable=len(d.players) > 1)
            winner = shown.badge_kind in ("WINS", "SPLITS")
            row.show_hand(shown, d.game.hole_cards, winner, four, state.typing == index)

    def _render_pots(self, reading: analysis.Reading) -> tuple[settlement.PotRow, ...]:
        d = self.state.dispute
        shown = pots_shown(d, reading)
        self.pots.show_players(d.players, shown.places)
        self.pots.show_settings(d.button, d.dead, d.chip, self.feeds.chip_note)
        self.pots.show_answer(
            shown.pots,
            shown.payouts,
            shown.uncalled,
            shown.note,
            shown.error,
            shown.warnings,
            shown.knockouts,
        )
        odds = self.feeds.odds
        shares = {i: h.share for i, h in odds.hands.items()} if odds is not None else None
        self.verdict_bar.show_verdict(verdict(d, reading, shown.pots, shown.uncalled, shares))
        return shown.pots

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            fit_to_screen(self)  # 1680x1000 does not fit a 1366x768 laptop: take what there is
            if self._compact:
                # Compact now, its minimum is smaller (once laid out again): fit again.
                outer = self.layout()
                if outer is not None:
                    outer.activate()
                fit_to_screen(self)
            self._share_width()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._set_compact(self.height() < COMPACT_BELOW)
        self._share_width()

    def is_compact(self) -> bool:
        """The window is laid out for a short screen."""
        return self._compact

    def changeEvent(self, event: QEvent) -> None:
        """A desktop theme changed while the window is open: the notes follow its palette."""
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._apply_sheet()
        super().changeEvent(event)

    def _apply_sheet(self) -> None:
        wanted = sheet(self._compact, self.palette())
        if wanted != self.styleSheet():  # setting a sheet re-polishes every widget: not free
            self.setStyleSheet(wanted)

    def _set_compact(self, on: bool) -> None:
        if on == self._compact:
            return
        self._compact = on
        self._apply_sheet()
        self.picker.set_compact(on)
        self.board.set_compact(on)
        self.hands.set_compact(on)
        self.keys_help.setVisible(not on)
        self.bar.keys_button.setVisible(on)
        self._column.setSpacing(6 if on else 10)

    def _share_width(self) -> None:
        """The cards a little more than the pots, never less than the picker needs nor leaving
        the pots less than theirs (on a 1366 px laptop, in a language of long words, the cards
        give the pots what they need), at every window size until the director drags it."""
        if self._split_dragged:
            return
        total = max(self.width() - 2 * SIDE_MARGIN - self._splitter.handleWidth(), 1)
        first, second = self._splitter.widget(0), self._splitter.widget(1)
        least = first.minimumSizeHint().width() if first is not None else 0
        pots = second.minimumSizeHint().width() if second is not None else 0
        # Compact, the hands' three tiles side by side need a little more.
        share = total * (55 if self._compact else 52) // 100
        left = max(min(share, total - pots), least)
        self._splitter.setSizes([left, max(total - left, 1)])

    def closeEvent(self, event: QCloseEvent) -> None:
        # A job still running must not report to a window that is gone.
        self.runner.wait()
        if self._settings is not None:
            self._settings.save_geometry(GEOMETRY_KEY, self)
            self._settings.qsettings.setValue(FOUR_COLOUR_KEY, self.four_colour_check.isChecked())
            self._settings.sync()
        super().closeEvent(event)
