"""The web view from the director's window: switch it on or off, and its address on the wall.

`WebViewControl` owns the server (`clockapp.services.web`, which has no Qt); `WebViewDialog` is
View > Web view for phones…: off by default, bound to this machine unless the director ticks
"share on the network", on a port of the director's choice (a taken port says so). Shared, the
address is this machine's IP on the phones' network (phones cannot resolve its host name): the one
the system routes outward from, or another LAN address the director picks, remembered in the
station's settings. While it is on, `WebCorner` shows its address and a QR code at the right of the
wall display's footer, so players can scan it from their seats. `WebViewSwitch`, owned by the
station (as its `web`), holds the three.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.web.addresses import EVERYWHERE, LOCAL, lan_addresses, page_url
from clockapp.services.web.server import DEFAULT_PORT, WebServer, WebServerError, serve_services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.inks import ink_sheet
from clockapp.ui.settings import UiSettings

if TYPE_CHECKING:
    from clockapp.ui.display.window import ClockDisplay

#: Light modules round the code (phones read two well; the standard's four shrink the code).
QUIET = 2


class WebViewControl(QObject):
    """The web view's server for the station's tournament: on, off, and where."""

    changed = Signal(str)  # the page's address; "" when it is off

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        settings: UiSettings,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._settings = settings
        self._server: WebServer | None = None
        # The server's thread reads this plain int; the bus (a QObject) stays on this thread.
        self._tournament_id = bus.tournament_id
        bus.tournament_switched.connect(self._on_bus_tournament_switched)
        self.url = ""
        self.shared = False
        self.port = DEFAULT_PORT

    @property
    def running(self) -> bool:
        """Whether the web view is on."""
        return self._server is not None

    def switch_on(self, share: bool, port: int) -> str:
        """Serve the page (again, with these choices); its address. WebServerError if it cannot."""
        self.switch_off()
        host = EVERYWHERE if share else LOCAL
        server = serve_services(self._services, lambda: self._tournament_id, host, port)
        server.start()
        self._server, self.shared, self.port = server, share, server.port
        self.url = page_url(host, server.port, self.chosen_address)
        self.changed.emit(self.url)
        return self.url

    @property
    def chosen_address(self) -> str | None:
        """The LAN address the director chose for the wall (None: the outward one)."""
        return self._settings.web_address

    def choose_address(self, address: str) -> None:
        """Show `address` (one of this machine's LAN addresses) on the wall, now and next time.

        The server listens on every interface and answers to each of them, so it goes on.
        """
        self._settings.web_address = address
        self._settings.sync()
        if self._server is not None and self.shared:
            self.url = page_url(EVERYWHERE, self.port, address)
            self.changed.emit(self.url)

    def switch_off(self) -> None:
        """Stop serving (every phone's page says it lost the connection)."""
        server, self._server = self._server, None
        if server is not None:
            server.stop()
            self.url = ""
            self.changed.emit("")

    def _on_bus_tournament_switched(self, tournament_id: int) -> None:
        self._tournament_id = tournament_id


class QrCode(QWidget):
    """A QR code of a text, drawn square in black on white with its quiet zone."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: tuple[tuple[bool, ...], ...] = ()
        self.text = ""

    def set_text(self, text: str) -> None:
        """Encode `text` (nothing: blank)."""
        self.text = text
        if text:
            import segno  # only when the web view is switched on

            code = segno.make(text, error="m", micro=False)
            self._rows = tuple(tuple(bool(cell) for cell in row) for row in code.matrix)
        else:
            self._rows = ()
        self.update()

    @property
    def modules(self) -> int:
        """Modules across (0 without a code)."""
        return len(self._rows)

    def paintEvent(self, event: QPaintEvent) -> None:
        """White square, black modules, a light quiet zone round them."""
        painter = QPainter(self)
        side = min(self.width(), self.height())
        painter.fillRect(QRect(0, 0, side, side), QColor("white"))
        count = len(self._rows)
        if not count:
            return
        unit = side / (count + 2 * QUIET)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("black"))
        for y, row in enumerate(self._rows):
            for x, dark in enumerate(row):
                if dark:
                    painter.drawRect(
                        QRect(
                            round((x + QUIET) * unit),
                            round((y + QUIET) * unit),
                            round((x + QUIET + 1) * unit) - round((x + QUIET) * unit),
                            round((y + QUIET + 1) * unit) - round((y + QUIET) * unit),
                        )
                    )


class WebCorner(QWidget):
    """The web view's address and QR code at the right end of the wall display's footer."""

    def __init__(self, display: ClockDisplay, control: WebViewControl) -> None:
        super().__init__(display)
        self.setObjectName("web_corner")
        self._display = display
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        words = QVBoxLayout()
        words.setSpacing(0)
        self.caption = QLabel(_("Live on your phone"))
        self.address = QLabel("")
        for label, color in ((self.caption, display.look.MUTED), (self.address, display.look.TEXT)):
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            label.setStyleSheet(f"color: {color.name()};")
            words.addWidget(label)
        row.addStretch(1)
        row.addLayout(words)
        self.qr = QrCode()
        row.addWidget(self.qr)
        display.add_to_footer(self)
        display.installEventFilter(self)
        control.changed.connect(self.show_url)
        self.show_url(control.url)

    def show_url(self, url: str) -> None:
        """Show `url` and its code; hide the corner when it is ''."""
        self.address.setText(url.removeprefix("http://").rstrip("/"))
        self.qr.set_text(url)
        self._fit()
        self.setVisible(bool(url))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the display's size."""
        if watched is self._display and event.type() == QEvent.Type.Resize:
            self._fit()
        return False

    def _fit(self) -> None:
        height = max(1, self._display.height())
        # About 9 cm across on a 3 m projection, 4 cm on a 55-inch TV: scannable from the room.
        self.qr.setFixedSize(QSize(round(height * 0.1), round(height * 0.1)))
        for label, share in ((self.caption, 0.02), (self.address, 0.028)):
            font = label.font()
            font.setPixelSize(max(10, round(height * share)))
            label.setFont(font)


class WebViewDialog(QDialog):
    """View > Web view for phones…: on or off, shared or not, the wall's address, the port."""

    def __init__(self, control: WebViewControl, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._control = control
        self.setWindowTitle(_("Web view for phones and TVs"))
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "Players follow the clock, the payouts and their seat on their phones (read-only: "
                "nothing can be changed from a phone). The wall shows the address and a QR code."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.share_check = QCheckBox(_("Share on the network (phones on this Wi-Fi can open it)"))
        self.share_check.setChecked(control.shared)
        layout.addWidget(self.share_check)
        address_row = QHBoxLayout()
        address_row.addWidget(QLabel(_("Address on the wall:")))
        self.address_combo = QComboBox()
        self.address_combo.setObjectName("web_address_combo")
        self.address_combo.setToolTip(
            _("This computer's address on the phones' network: the wall shows it and its QR code")
        )
        self.address_combo.setPlaceholderText(_("no network found"))
        address_row.addWidget(self.address_combo, 1)
        layout.addLayout(address_row)
        row = QHBoxLayout()
        row.addWidget(QLabel(_("Port:")))
        self.port_spin = QSpinBox()
        self.port_spin.setRange(1024, 65535)
        self.port_spin.setValue(control.port)
        row.addWidget(self.port_spin)
        row.addStretch(1)
        layout.addLayout(row)
        self.state_label = QLabel("")
        self.state_label.setObjectName("web_state_label")
        self.state_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.state_label.setWordWrap(True)
        layout.addWidget(self.state_label)
        self.error_label = QLabel("")
        self.error_label.setObjectName("web_error_label")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ink_sheet("#ff5a4e", "font-weight: bold;"))
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox()
        self.on_button = QPushButton(_("Switch on"))
        self.off_button = QPushButton(_("Switch off"))
        buttons.addButton(self.on_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.off_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.on_button.clicked.connect(self._on_on_button_clicked)
        self.off_button.clicked.connect(self._on_off_button_clicked)
        self.share_check.toggled.connect(self._on_share_check_toggled)
        self.address_combo.activated.connect(self._on_address_combo_activated)
        self.list_addresses()
        self._show_state()

    def list_addresses(self) -> None:
        """List this machine's LAN addresses (it may be on another network since last time)."""
        found = lan_addresses()
        self.address_combo.clear()
        self.address_combo.addItems(found)
        chosen = self._control.chosen_address
        self.address_combo.setCurrentIndex(found.index(chosen) if chosen in found else 0)
        self._enable_address_combo()

    def _enable_address_combo(self) -> None:
        # Only a shared web view is reached by a LAN address; with one address there is no choice.
        self.address_combo.setEnabled(
            self.share_check.isChecked() and self.address_combo.count() > 1
        )

    def _show_state(self) -> None:
        on = self._control.running
        if on:
            url = self._control.url
            if not self._control.shared:
                text = _("On, on this computer only: {url}")
            elif url.startswith(f"http://{LOCAL}:"):
                text = _(
                    "On, on the network: {url} (no network found: connect this computer to the "
                    "phones' Wi-Fi)"
                )
            else:
                text = _("On, on the network: {url}")
            self.state_label.setText(text.format(url=url))
        else:
            self.state_label.setText(_("Off."))
        self.on_button.setText(_("Apply") if on else _("Switch on"))
        self.off_button.setEnabled(on)

    def _on_on_button_clicked(self) -> None:
        try:
            self._control.switch_on(self.share_check.isChecked(), self.port_spin.value())
        except WebServerError as error:
            self.error_label.setText(str(error))
        else:
            self.error_label.setText("")
        self._show_state()

    def _on_off_button_clicked(self) -> None:
        self._control.switch_off()
        self.error_label.setText("")
        self._show_state()

    def _on_share_check_toggled(self, _checked: bool) -> None:
        self._enable_address_combo()

    def _on_address_combo_activated(self, index: int) -> None:
        self._control.choose_address(self.address_combo.itemText(index))
        self._show_state()


class WebViewSwitch(QObject):
    """The station's web view: its control, the wall's corner, and the dialog (Ctrl+Shift+P).

    The web view is off until the director switches it on; the corner is hidden while it is off.
    """

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        display: ClockDisplay,
        director: QWidget,
        settings: UiSettings,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._director = director  # the dialog's parent
        self.control = WebViewControl(services, bus, settings, self)
        self.corner = WebCorner(display, self.control)
        self.dialog: WebViewDialog | None = None  # built the first time it is asked for

    def open_dialog(self) -> WebViewDialog:
        """View > Web view for phones…: the dialog that switches it on or off."""
        if self.dialog is None:
            self.dialog = WebViewDialog(self.control, self._director)
        else:
            self.dialog.list_addresses()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def switch_off(self) -> None:
        """Stop serving (the station is closing)."""
        self.control.switch_off()
