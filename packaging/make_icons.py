"""Make the Windows .ico and the macOS .icns from clockapp's one icon, the SVG.

`python packaging/make_icons.py OUT_DIR` writes OUT_DIR/clockapp.ico and OUT_DIR/clockapp.icns.
Qt draws the SVG at each size; both containers hold PNG images (Windows Vista and later, macOS
10.7 and later read them), written here, so the build needs no Pillow and no iconutil and makes
the same files on every system. The spec runs it before building the Windows or macOS app.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

SVG = Path(__file__).resolve().parents[1] / "clockapp" / "resources" / "icons" / "clockapp.svg"
#: The sizes Windows picks from (title bar, task bar, Explorer's views).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: The .icns entry types that hold a PNG of each size in pixels (the @2x ones share sizes).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),
    (b"icp6", 64),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),
    (b"ic09", 512),
    (b"ic14", 512),
    (b"ic10", 1024),
)


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .ico holding one PNG per size (a 256-pixel entry is written as size 0).

    >>> data = ico_bytes({16: b"a", 256: b"bc"})
    >>> struct.unpack_from("<HHH", data), data[6], data[22]
    ((0, 1, 2), 16, 0)
    """
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, png in sorted(pngs.items()):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .icns holding the PNG of each entry type's size.

    >>> data = icns_bytes({n: b"x" for _t, n in ICNS_TYPES})
    >>> data[:4], struct.unpack_from(">I", data, 4)[0] == len(data), data[8:12]
    (b'icns', True, b'icp4')
    """
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_pngs(svg: Path, sizes: set[int]) -> dict[int, bytes]:
    """The SVG drawn by Qt as a square PNG of each size."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: cannot read {svg}")
    pngs: dict[int, bytes] = {}
    for size in sorted(sizes):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        pngs[size] = bytes(data.data())
    del app
    return pngs


def make_icons(out: Path, svg: Path = SVG) -> tuple[Path, Path]:
    """Write clockapp.ico and clockapp.icns into `out`; their paths."""
    pngs = render_pngs(svg, set(ICO_SIZES) | {size for _kind, size in ICNS_TYPES})
    out.mkdir(parents=True, exist_ok=True)
    ico, icns = out / "clockapp.ico", out / "clockapp.icns"
    ico.write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    icns.write_bytes(icns_bytes(pngs))
    return ico, icns


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python packaging/make_icons.py OUT_DIR")
    for path in make_icons(Path(sys.argv[1])):
        print(f"wrote {path}")
