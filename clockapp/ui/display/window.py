"""`ClockDisplay`: the clock on the wall, readable across a room from 1280x720 to 4K.

Layout (stretch factors, so every part scales with the window; fonts come from the box heights):

    name ........................................................ time of day
    [            Rebuys until level 3 (only while rebuys or add-ons are sold)          ]
    [players   ] [          LEVEL 3 · NLHE             ] [next break ]
    [avg stack ] [             12:34                   ] [prize pool ]
    [chips     ] [ ============progress=============== ] [payouts    ]
    [          ] [        PAUSED / notices             ] [           ]
    [          ] [ BLINDS 100 / 200      ANTE 25       ] [           ]
    [ SEAT MOVES: Ann Lee   Table 3, seat 7 -> Table 1, seat 2 (only while moves are pending) ]
    next level ............................................ color-up / hard end

Every second only the labels whose text changed repaint (the countdown, the time to the next
break); nothing is re-laid out, because `FitLabel` sizes ignore their text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.chips.color_up import ColorUp, break_color_ups
from clockapp.core.clock import ClockStatus, format_clock
from clockapp.core.money.sales_line import SaleWindows, position_at
from clockapp.i18n import gettext as _
from clockapp.ui.clock import texts
from clockapp.ui.display import present
from clockapp.ui.display.covers import DisplayCovers, Forwarded
from clockapp.ui.display.field_panel import FieldPanel
from clockapp.ui.display.fullscreen import Fullscreen
from clockapp.ui.display.money import MoneyArea
from clockapp.ui.display.widgets import LEFT, RIGHT, FitLabel, Panel, ProgressStrip, StatBlock
from clockapp.ui.wall.house_view import HouseOnWall

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QPaintEvent, QResizeEvent

    # The first frame is painted from the start-up cache before the services, the seat-move
    # banner, the winner screen and the wall's stage are imported: for type checking only.
    from clockapp.core.clock import ClockView
    from clockapp.core.layouts.cells import Layout
    from clockapp.core.structure.items import Item
    from clockapp.ui.clock.session import ClockSession
    from clockapp.ui.display.moves import MovesBanner
    from clockapp.ui.display.theme import WallTheme
    from clockapp.ui.display.winner import WinnerScreen
    from clockapp.ui.wall.layout_view import CellTexts, LayoutView
    from clockapp.ui.wall.stage import WallStage

MEDIUM = QFont.Weight.Medium


class ClockDisplay(QWidget):
    """The room's clock; fullscreen on the chosen screen, Esc or the corner button leaves it."""

    closed = Signal()
    first_frame_painted = Signal()  # once, after the first paint (the start-up bench waits for it)

    def __init__(
        self, session: ClockSession, look: WallTheme, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._session = session
        #: The palette this display and everything over it draw with (the host's look).
        self.look = look
        look.follow(self)
        self._status: str | None = None
        self._is_break: bool | None = None
        self._frame: QColor | None = None
        self._view: ClockView | None = None
        self._notice = ""
        self._color_ups: dict[int, ColorUp] = {}  # each break's color-up, by structure index
        self._hand_for_hand = False
        self._painted = False
        self._sales: SaleWindows | None = None  # when rebuys and the add-on are sold
        # A host's layout over the clock's own widgets, built when a screen first shows one.
        self._layout_view: LayoutView | None = None
        #: The screen's name, by which the host chooses what it shows (`services.layouts`).
        self.screen_name = "wall"
        self.setWindowTitle(_("clockapp — clock"))
        self.setAutoFillBackground(False)
        # paintEvent fills every pixel itself: Qt need not clear the window first.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setMinimumSize(640, 360)
        self._closable = True  # the station's wall display refuses until the app quits
        # Fullscreen on and off, and its way out (`fullscreen.changed` says which). The covers
        # (the winner screen, the wall's stage, the seat-move banner) are built on first use.
        self.fullscreen = Fullscreen(self)
        self._setup_ui()
        self._bind(session)

    # Parts the first frame does not show, each built on first use (covers.py, money.py): the
    # seat-move banner, the winner screen, the director's moments over the clock (and over the
    # winner screen, until the director clears them), and the money area's two pages.
    moves_banner: Forwarded[MovesBanner] = Forwarded("_covers")
    winner_screen: Forwarded[WinnerScreen] = Forwarded("_covers")
    wall_stage: Forwarded[WallStage] = Forwarded("_covers")
    money_area: Forwarded[QWidget] = Forwarded("money_stack")
    no_money_area: Forwarded[QWidget] = Forwarded("money_stack")
    prize_block: Forwarded[StatBlock] = Forwarded("money_stack")
    payout_rows: Forwarded[list[tuple[FitLabel, FitLabel]]] = Forwarded("money_stack")

    def add_to_footer(self, widget: QWidget) -> None:
        """Put `widget` at the footer's right end (the web view's address and QR code)."""
        self._footer.addWidget(widget, 0)

    def set_session(self, session: ClockSession) -> None:
        """Show another clock source (the real session after the start-up cache)."""
        old = self._session
        old.snapshot_changed.disconnect(self._on_session_snapshot_changed)
        old.ticked.disconnect(self._on_session_ticked)
        old.moves_changed.disconnect(self.show_moves)
        self._session = session
        self._bind(session)

    def _bind(self, session: ClockSession) -> None:
        session.snapshot_changed.connect(self._on_session_snapshot_changed)
        session.ticked.connect(self._on_session_ticked)
        session.moves_changed.connect(self.show_moves)
        self.show_moves(session.moves)
        if session.snapshot is not None:
            self.show_snapshot(session.snapshot)
        self.show_view(session.current_view())

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        look = self.look
        root = QVBoxLayout(self)
        self._root = root

        header = QHBoxLayout()
        self.name_label = FitLabel(look, "", fill=0.62, weight=MEDIUM, align=LEFT, least=0.6)
        self.time_label = FitLabel(
            look, "", color=look.MUTED, fill=0.62, weight=MEDIUM, align=RIGHT
        )
        # "Late registration until level 6" / "Registration closed", once the cashier has begun.
        self.registration_label = FitLabel(look, "", color=look.BREAK, fill=0.56, weight=MEDIUM)
        header.addWidget(self.name_label, 44)
        header.addWidget(self.registration_label, 36)
        header.addWidget(self.time_label, 20)
        root.addLayout(header, 7)
        self.house = HouseOnWall(look, header, self.name_label)  # the host's look, logo, slides
        # "Rebuys until level 3", "Add-ons on sale now": shown only while something is on sale.
        self.sales_label = FitLabel(look, "", color=look.BREAK, fill=0.72, weight=MEDIUM)
        self.sales_label.setVisible(False)
        root.addWidget(self.sales_label, 6)

        body = QHBoxLayout()
        self._body = body
        root.addLayout(body, 70)

        # Left: the field (the blocks under the names tests and the director read).
        self.left_panel = FieldPanel(look)
        self.players_block = self.left_panel.players_block
        self.average_block = self.left_panel.average_block
        self.chips_block = self.left_panel.chips_block
        self.bounty_block = self.left_panel.bounty_block
        # The sides give the countdown room: its digits stay a quarter of the screen's height.
        body.addWidget(self.left_panel, 20)

        # Centre: the level and the countdown.
        center = QVBoxLayout()
        center.setSpacing(0)
        self.level_label = FitLabel(look, "", fill=0.66, weight=MEDIUM)
        self.countdown_label = FitLabel(look, "", fill=0.8, template="00:00")
        self.progress = ProgressStrip(look)
        self.status_label = FitLabel(look, "", fill=0.5)
        self.blinds_caption = FitLabel(
            look, _("BLINDS"), color=look.MUTED, fill=0.78, weight=MEDIUM
        )
        self.blinds_label = FitLabel(look, "", color=look.BLINDS, fill=0.76)
        self.ante_label = FitLabel(look, "", color=look.BLINDS, fill=0.66, weight=MEDIUM)
        center.addWidget(self.level_label, 10)
        center.addWidget(self.countdown_label, 42)
        center.addSpacing(1)
        center.addWidget(self.progress, 3)
        center.addStretch(2)
        center.addWidget(self.status_label, 8)
        center.addStretch(2)
        center.addWidget(self.blinds_caption, 5)
        center.addWidget(self.blinds_label, 18)
        center.addWidget(self.ante_label, 8)
        body.addLayout(center, 60)

        # Right: the next break and the money.
        self.right_panel = Panel(look)
        right = QVBoxLayout(self.right_panel)
        self.break_block = StatBlock(look, _("NEXT BREAK"))
        self.money_stack = MoneyArea(look)  # its pages are built when first shown
        right.addWidget(self.break_block, 32)
        right.addWidget(self.money_stack, 89)
        body.addWidget(self.right_panel, 20)

        # Seat moves (`moves_banner`) go here, in large type across the room until the director
        # acknowledges them; the banner is built with the first move.
        footer = QHBoxLayout()
        self._footer = footer
        self.next_caption = FitLabel(
            look, _("NEXT"), color=look.MUTED, fill=0.5, weight=MEDIUM, align=LEFT
        )
        self.next_label = FitLabel(look, "", fill=0.56, weight=MEDIUM, align=LEFT)
        self.notice_label = FitLabel(
            look, "", color=look.BREAK, fill=0.5, weight=MEDIUM, align=RIGHT
        )
        footer.addWidget(self.next_caption, 7)
        footer.addWidget(self.next_label, 45)
        footer.addWidget(self.notice_label, 48)
        root.addLayout(footer, 8)
        self._covers = DisplayCovers(self, look, lambda: self._session.now(), root, footer)
        self._apply_metrics()

    def _apply_metrics(self) -> None:
        """Margins and gaps proportional to the window, so 720p and 4K look the same."""
        h, w = max(1, self.height()), max(1, self.width())
        margin = round(h * 0.03)
        self._root.setContentsMargins(round(w * 0.025), margin, round(w * 0.025), margin)
        self._root.setSpacing(round(h * 0.02))
        self._body.setSpacing(round(w * 0.02))
        pad = round(h * 0.025)
        for panel in (self.left_panel, self.right_panel):
            if (layout := panel.layout()) is None:
                continue
            layout.setContentsMargins(round(pad * 1.2), pad, round(pad * 1.2), pad)
            layout.setSpacing(round(h * 0.015))
        self._covers.fit()

    # ---------------------------------------------------------------- content

    def show_snapshot(self, snapshot: Any) -> None:
        """Show the parts that change only when the tournament changes."""
        stats = snapshot.stats
        self._hand_for_hand = bool(getattr(snapshot, "hand_for_hand", False))
        currency = getattr(snapshot.settings, "currency", "$") or ""
        self.house.show_snapshot(snapshot)  # the palette, the event's name and logo
        self.left_panel.show_stats(stats, currency)
        stack = getattr(snapshot.settings, "starting_stack", 0) or 0
        self.money_stack.show_money(
            stats.prize_pool_cents,
            tuple(stats.payouts or ()),
            currency,
            stack,
            tuple(getattr(stats, "deal", ()) or ()),
            getattr(stats, "seats", 0) or 0,
        )
        self._show_ending(snapshot, currency)
        self._covers.show_moment(self.house.moment(self._moment(snapshot), self._view))
        if self._covers.stage_shown():
            self.show_view(self._session.current_view())  # the clock's strip under the moment
        self.fullscreen.raise_exit_button()
        self._color_ups = {}
        chip_set = getattr(snapshot, "chip_set", None)
        structure = getattr(snapshot, "structure", None)
        if chip_set is not None and structure is not None:
            self._color_ups = break_color_ups(structure.levels, chip_set)
        if self._view is not None:
            self._follow_layout(snapshot, self._view)
        self._show_cell_texts()

    def _moment(self, snapshot: Any) -> Any:
        """What the director or the host put over the clock: a host event's message for its
        seconds (it comes down by itself), else the director's moment."""
        return self._session.host_moment() or getattr(snapshot, "wall", None)

    def _show_ending(self, snapshot: Any, currency: str) -> None:
        """The registration line, and the winner screen over the clock once it is over."""
        ending = getattr(snapshot, "ending", None)
        line = getattr(ending, "registration", "")
        waiting = getattr(snapshot, "waiting", "")
        self.registration_label.setText(
            f"{line}  ·  {waiting}" if line and waiting else line or waiting
        )
        # Read from the flag, not the words: the line is in the station's language.
        closed = bool(line) and not getattr(ending, "registration_open", True)
        self.registration_label.setColor(self.look.MUTED if closed else self.look.BREAK)
        self._sales = getattr(ending, "sales", None)
        self._show_sales()
        final = getattr(ending, "final", None)
        if final is None:
            self._covers.hide_final()
        else:
            self._covers.show_final(final, snapshot.tournament.name, currency)

    def _show_sales(self) -> None:
        """What the cashier sells now (rebuys, the add-on), on its strip under the header.

        Read from the clock shown, at every tick: the level moves on by time, without a new
        snapshot. The strip is there only while something is on sale, so the clock keeps its
        size the rest of the night.
        """
        line = ""
        structure = getattr(self._session.snapshot, "structure", None)
        if self._sales is not None and self._view is not None and structure is not None:
            started = self._view.status is not ClockStatus.NOT_STARTED
            where = position_at(structure.levels, self._view.index, started=started)
            line = self._sales.line(where)
        if line == self.sales_label.text():
            return
        self.sales_label.setText(line)
        self.sales_label.setVisible(bool(line))

    def show_moves(self, moves: Any) -> None:
        """Show the pending seat moves in their banner (the clock shrinks to make room)."""
        self._covers.show_moves(moves)

    def show_view(self, clock_view: ClockView) -> None:
        """Show the clock at one moment; only labels whose text changes repaint."""
        snap = self._session.snapshot
        self._view = clock_view
        self._covers.show_moment(self.house.moment(self._moment(snap), clock_view))
        item = clock_view.item
        status = clock_view.status
        self._set_mode(status, clock_view.is_break)

        self.level_label.setText(present.level_line(clock_view))

        # Countdown.
        digits = texts.countdown(clock_view)
        self.countdown_label.setTemplate(texts.countdown_template(digits))
        self.countdown_label.setText(digits)
        change = ""
        if clock_view.is_break:
            # Play may resume with another game: the room should know before the cards are dealt.
            structure = getattr(snap, "structure", None)
            levels = structure.levels if structure is not None else ()
            change = texts.game_change(levels, texts.next_level_index(levels, clock_view.index))
        if self._covers.stage_shown():
            shown_blinds = clock_view.next_level if clock_view.is_break else item
            blinds = texts.blinds(shown_blinds) if shown_blinds is not None else ""
            # A moment covering the break still says which game play resumes with.
            blinds = "  ·  ".join(part for part in (blinds, change) if part)
            self.wall_stage.show_clock(self.level_label.text(), digits, blinds)
        self.countdown_label.setColor(self.look.tone(present.countdown_tone(clock_view)))
        self.progress.set_fraction(
            clock_view.elapsed_fraction, self.look.tone(present.accent_tone(clock_view))
        )

        # Blinds (during a break: what comes after it).
        shown: Item | None = item
        if clock_view.is_break:
            self.blinds_caption.setText(_("AFTER THE BREAK") if clock_view.next_level else "")
            shown = clock_view.next_level
        else:
            self.blinds_caption.setText(_("BLINDS"))
        self.blinds_label.setText(texts.blinds(shown) if shown is not None else "")
        ante = texts.ante(shown) if shown is not None else ""
        if change:
            ante = "  ·  ".join(part for part in (ante, change) if part)
        self.ante_label.setText(ante)
        blinds_color = self.look.BLINDS if not clock_view.is_break else self.look.TEXT
        self.blinds_label.setColor(blinds_color)
        self.ante_label.setColor(blinds_color)

        # Status row: pause, not started, hard end, colour-up.
        self._show_status(clock_view)
        self._show_sales()

        # Next level and notices.
        self.next_caption.setText(_("NEXT"))
        structure = getattr(snap, "structure", None)
        items = structure.levels if structure is not None else ()
        self.next_label.setText(present.next_line(clock_view, items))
        self.notice_label.setText(self._notice)

        # Field and breaks.
        self.left_panel.show_average(snap.stats, shown.big_blind if shown is not None else 0)
        if clock_view.ms_to_next_break is not None:
            self.break_block.caption.setText(_("NEXT BREAK IN"))
            self.break_block.value.setText(format_clock(clock_view.ms_to_next_break))
            self.break_block.value.setColor(self.look.TEXT)
        else:
            self.break_block.caption.setText(_("NEXT BREAK"))
            self.break_block.value.setText(_("none"))
            self.break_block.value.setColor(self.look.MUTED)
        self.time_label.setText(texts.time_of_day(self._session.now()))
        self._follow_layout(snap, clock_view)
        self._show_cell_texts()

    # ---------------------------------------------------------------- a host's layout

    def show_layout(self, layout: Layout | None) -> None:
        """Draw the wall as `layout`; None or today's wall (`DEFAULT`) shows the clock's own
        widgets, exactly as without layouts. The director's moments and the winner screen stay
        over a layout."""
        from clockapp.core.layouts.default import DEFAULT

        if layout is None or layout == DEFAULT:
            if self._layout_view is not None:
                self._layout_view.hide()
            return
        shown = self.layout_view
        if shown is not None and shown.layout_shown == layout:
            return
        if self._layout_view is None:
            from clockapp.ui.wall.layout_view import LayoutView

            self._layout_view = LayoutView(self.look, layout, self)
        view = self._layout_view
        view.set_layout(layout)
        view.setGeometry(self.rect())
        view.show()
        view.raise_()
        self._covers.raise_covers()
        self.fullscreen.raise_exit_button()
        self._show_cell_texts()

    def _follow_layout(self, snapshot: Any, clock_view: ClockView) -> None:
        """Show what the host chose for this screen now (a screen set turns by the seconds
        into the level or break, computed from the clock, never counted)."""
        layouts = getattr(snapshot, "layouts", None)
        if layouts is None:  # the start-up cache's first frame: today's wall
            return
        into_ms = clock_view.duration_ms - clock_view.remaining_ms + clock_view.overtime_ms
        self.show_layout(
            layouts.shown(self.screen_name, into_ms / 1000, on_break=clock_view.is_break)
        )

    @property
    def layout_view(self) -> LayoutView | None:
        """The host's layout shown over the clock, or None while today's wall shows."""
        view = self._layout_view
        return view if view is not None and not view.isHidden() else None

    def _show_cell_texts(self) -> None:
        view = self.layout_view
        if view is not None:
            view.show_texts(self._cell_texts())

    def _cell_texts(self) -> CellTexts:
        """What each kind of cell says: the very texts the clock's own widgets show."""
        from clockapp.core.layouts.cells import CellKind
        from clockapp.ui.wall.layout_view import CellTexts

        blinds = "  ·  ".join(
            part for part in (self.blinds_label.text(), self.ante_label.text()) if part
        )
        payouts = tuple(
            f"{place.text()}  {amount.text()}".strip()
            for place, amount in self.payout_rows
            if place.text() or amount.text()
        )
        one = {
            CellKind.COUNTDOWN: self.countdown_label.text(),
            CellKind.LEVEL: self.level_label.text(),
            CellKind.BLINDS: blinds,
            CellKind.NEXT_LEVEL: self.next_label.text(),
            CellKind.BREAK_IN: self.break_block.value.text(),
            CellKind.PLAYERS_LEFT: self.players_block.value.text(),
            CellKind.AVERAGE_STACK: self.average_block.value.text(),
            CellKind.CHIPS_IN_PLAY: self.chips_block.value.text(),
            CellKind.PRIZE_POOL: self.prize_block.value.text(),
            CellKind.TIME_OF_DAY: self.time_label.text(),
            CellKind.BOUNTIES: self.bounty_block.value.text(),
        }
        lines: dict[CellKind, tuple[str, ...]] = {k: (v,) for k, v in one.items() if v}
        lines[CellKind.PAYOUTS] = payouts
        fields = {
            "tournament": self.name_label.text(),
            "level": self.level_label.text(),
            "blinds": self.blinds_label.text(),
            "ante": self.ante_label.text(),
            "next_level": self.next_label.text(),
            "break_in": self.break_block.value.text(),
            "players_left": self.players_block.value.text(),
            "average_stack": self.average_block.value.text(),
            "chips_in_play": self.chips_block.value.text(),
            "prize_pool": self.prize_block.value.text(),
            "time_of_day": self.time_label.text(),
            "registration": self.registration_label.text(),
        }
        return CellTexts(lines, fields)

    def _show_status(self, clock_view: ClockView) -> None:
        line, self._notice = present.status_line(clock_view, self._color_ups)
        if self._hand_for_hand:
            line = present.hand_for_hand_line(line)
        self.status_label.setText(line.text)
        self.status_label.setBackground(
            None if line.banner is None else self.look.tone(line.banner)
        )
        self.status_label.setColor(self.look.tone(line.tone))

    def _set_mode(self, status: str, is_break: bool) -> None:
        """Repaint the frame only when the clock changes between running, paused and break."""
        if status == self._status and is_break == self._is_break:
            return
        self._status, self._is_break = status, is_break
        tone = present.frame_tone(status, is_break)
        self._frame = None if tone is None else self.look.tone(tone)
        self.level_label.setColor(self.look.BREAK if is_break else self.look.TEXT)
        self.update()

    # ---------------------------------------------------------------- events

    def _on_session_snapshot_changed(self, snapshot: Any) -> None:
        self.show_snapshot(snapshot)

    def _on_session_ticked(self, clock_view: ClockView) -> None:
        self.show_view(clock_view)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Rescale margins and keep the exit button in its corner."""
        self._apply_metrics()
        if self._layout_view is not None:
            self._layout_view.setGeometry(self.rect())
        self.fullscreen.window_resized()
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The background, and a colored frame while paused or on a break."""
        painter = QPainter(self)
        painter.fillRect(event.rect(), self.look.BACKGROUND)
        if self._frame is not None:
            width = max(4.0, self.height() * 0.008)
            half = width / 2
            frame = self.rect().toRectF().adjusted(half, half, -half, -half)
            painter.setPen(QPen(self.look.live(self._frame), width))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(frame)
        if not self._painted:
            self._painted = True
            # Children paint after their parent: report once the whole frame is out.
            QTimer.singleShot(0, self, self.first_frame_painted.emit)

    def allow_close(self, allowed: bool = True) -> None:
        """Whether a close is accepted: the station's wall display refuses one (a stray Alt+F4;
        the director hides it from the View menu) until the app quits."""
        self._closable = allowed

    def closeEvent(self, event: QCloseEvent) -> None:
        """Refuse a close while the room needs the clock; else tell the app (it remembers
        geometry and screen)."""
        if not self._closable:
            event.ignore()
            return
        self.closed.emit()
        super().closeEvent(event)
