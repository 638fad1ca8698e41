"""Images the host chooses (a logo, a sponsor's slide): checked, scaled, kept as PNG text.

A file a user hands the app is hostile: too large a file, too many pixels or not an image at all
is refused with a message that says which, before anything is decoded in full. What is kept is a
PNG scaled to `max_side`, as base64 text, so it lives in the database: every station draws it and
moving or deleting the original breaks nothing.
"""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPixmap

from clockapp import formats
from clockapp.core.house import MAX_IMAGE_CHARS
from clockapp.core.look import LookError
from clockapp.i18n import gettext as _

#: The largest image file read, and the most pixels on a side (before scaling): Qt decodes a
#: whole image first, and refuses one over 256 MB (8,000 x 8,000 at 4 bytes a pixel fits).
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_PIXELS_SIDE = 8_000


def load_image(path: Path, max_side: int) -> str:
    """The image at `path`, scaled to fit `max_side`, as base64 PNG; a `LookError` if refused."""
    name = path.name
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise LookError(
            _("{name} cannot be read: {error}.").format(name=name, error=exc.strerror or exc)
        ) from exc
    if size > MAX_FILE_BYTES:
        megabytes = MAX_FILE_BYTES // (1024 * 1024)
        raise LookError(
            _("{name} is larger than {megabytes} MB; choose a smaller image.").format(
                name=name, megabytes=megabytes
            )
        )
    reader = QImageReader(str(path))
    reader.setDecideFormatFromContent(True)
    if not reader.canRead():
        raise LookError(f"{name} is not an image clockapp can read (PNG, JPEG, SVG...).")
    dims = reader.size()
    if dims.isValid() and max(dims.width(), dims.height()) > MAX_PIXELS_SIDE:
        raise LookError(
            f"{name} is {formats.number(dims.width())} x {formats.number(dims.height())} pixels, "
            "too large to read; save it "
            f"at most {formats.number(MAX_PIXELS_SIDE)} pixels a side (the wall shows it smaller "
            "anyway)."
        )
    if dims.isValid() and max(dims.width(), dims.height()) > max_side:
        reader.setScaledSize(
            dims.scaled(QSize(max_side, max_side), Qt.AspectRatioMode.KeepAspectRatio)
        )
    image = reader.read()
    if image.isNull():
        raise LookError(f"{name} is not an image clockapp can read: {reader.errorString()}.")
    if max(image.width(), image.height()) > max_side:
        image = image.scaled(
            max_side,
            max_side,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    text = png_text(image)
    if len(text) > MAX_IMAGE_CHARS:
        raise LookError(f"{name} is too detailed to keep even scaled down; choose a simpler image.")
    return text


def png_text(image: QImage) -> str:
    """`image` as base64 PNG text."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6 wants the format as str here (bytes raise), whatever its stubs say.
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    buffer.close()
    return base64.b64encode(bytes(data.data())).decode("ascii")


def pixmap(text: str) -> QPixmap:
    """The kept image as a pixmap (a null one when `text` is empty or damaged)."""
    result = QPixmap()
    if text:
        try:
            raw = base64.b64decode(text, validate=True)
        except ValueError:
            return result
        result.loadFromData(raw, "PNG")
    return result
