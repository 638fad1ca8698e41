"""The Windows .ico and the macOS .icns are drawn from the app's SVG icon, at every size."""

from __future__ import annotations

import struct
from pathlib import Path

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QImage, QImageReader

from tests.packaging.scripts import load

make_icons = load("make_icons")


def png_size(data: bytes) -> tuple[int, int]:
    image = QImage.fromData(QByteArray(data), "PNG")
    assert not image.isNull()
    return image.width(), image.height()


def test_the_ico_holds_a_drawn_png_of_each_size(qapp, tmp_path: Path) -> None:
    ico, _icns = make_icons.make_icons(tmp_path)
    data = ico.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    sizes = []
    for index in range(count):
        side, _h, _c, _r, _p, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        png = data[offset : offset + length]
        width, height = png_size(png)
        assert width == height == (side or 256)
        assert bits == 32
        image = QImage.fromData(QByteArray(png), "PNG")
        assert image.pixelColor(width // 2, height // 2).alpha() > 0  # drawn, not blank
        sizes.append(width)
    assert sizes == list(make_icons.ICO_SIZES)


def test_the_icns_is_read_by_qts_own_icns_reader(qapp, tmp_path: Path) -> None:
    _ico, icns = make_icons.make_icons(tmp_path)
    data = icns.read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    offset, kinds = 8, {}
    while offset < len(data):
        kind, length = data[offset : offset + 4], struct.unpack_from(">I", data, offset + 4)[0]
        kinds[kind] = png_size(data[offset + 8 : offset + length])[0]
        offset += length
    assert kinds == dict(make_icons.ICNS_TYPES)
    reader = QImageReader(str(icns))  # Qt's own icns plugin, as a second reader
    assert reader.format() == b"icns"
    read = []
    for index in range(reader.imageCount()):
        assert reader.jumpToImage(index)
        read.append(reader.read().width())
    assert sorted(read) == sorted(size for _kind, size in make_icons.ICNS_TYPES)
