"""The bundle leaves out the Qt parts clockapp never loads, and keeps the ones it does."""

from __future__ import annotations

import doctest
import re

import pytest

from tests.packaging.scripts import load

trim = load("trim")
#: The catalogs the app ships, as the spec passes them.
LANGUAGES = ("de", "es", "fr", "nl", "pt_BR")

#: Files the app needs, as PyInstaller names them in the bundle on Linux, Windows and macOS.
KEPT = [
    "PySide6/Qt/lib/libQt6Core.so.6",
    "PySide6/Qt/lib/libQt6Widgets.so.6",
    "PySide6/Qt/lib/libQt6Svg.so.6",
    "PySide6/Qt/lib/libQt6Charts.so.6",
    "PySide6/Qt/lib/libQt6OpenGL.so.6",  # Charts links it
    "PySide6/Qt/lib/libQt6Multimedia.so.6",
    "PySide6/Qt/lib/libQt6TextToSpeech.so.6",
    "PySide6/Qt/lib/libQt6PrintSupport.so.6",
    "PySide6/Qt/lib/libQt6WaylandClient.so.6",
    "PySide6/Qt/lib/libQt6XcbQpa.so.6",
    "PySide6/Qt/lib/libicudata.so.73",
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqwayland.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
    "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
    "PySide6/Qt/plugins/imageformats/libqsvg.so",
    "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
    "PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so",
    "PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so",
    "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so",
    "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so",
    "PySide6/Qt/plugins/texttospeech/libqtexttospeech_speechd.so",
    "PySide6/QtCharts.abi3.so",
    "PySide6/Qt6Core.dll",
    "PySide6/Qt6Charts.dll",
    "PySide6/plugins/platforms/qwindows.dll",
    "PySide6\\plugins\\imageformats\\qsvg.dll",
    "PySide6/plugins/texttospeech/qtexttospeech_sapi.dll",
    "PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore",
    "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
    "PySide6/Qt/plugins/texttospeech/libqtexttospeech_darwin.dylib",
    "numpy.libs/libscipy_openblas64_-32a4b2a6.so",
    "libpython3.11.so.1.0",
    "clockapp/resources/icons/clockapp.svg",
    "PySide6/Qt/translations/qtbase_de.qm",  # Qt's standard dialogs, in a shipped language
    "PySide6/Qt/translations/qtbase_pt_BR.qm",
    "PySide6\\translations\\qtbase_fr.qm",
    "babel/locale-data/root.dat",
    "babel/locale-data/en_US.dat",
    "babel/locale-data/de.dat",
    "babel/locale-data/de_AT.dat",
    "babel/locale-data/pt.dat",
    "babel/global.dat",
]
#: Files the app never loads.
LEFT_OUT = [
    "PySide6/Qt/lib/libQt6Quick.so.6",
    "PySide6/Qt/lib/libQt6Qml.so.6",
    "PySide6/Qt/lib/libQt6QmlModels.so.6",
    "PySide6/Qt/lib/libQt6VirtualKeyboard.so.6",
    "PySide6/Qt/lib/libQt6Pdf.so.6",
    "PySide6/Qt/lib/libQt6EglFSDeviceIntegration.so.6",
    "PySide6/Qt/lib/libavcodec.so.61",
    "PySide6/Qt/lib/libswresample.so.5",
    "PySide6/Qt/lib/libQt6FFmpegStub-va.so.2",
    "PySide6/Qt/plugins/multimedia/libffmpegmediaplugin.so",
    "PySide6/Qt/plugins/platforms/libqeglfs.so",
    "PySide6/Qt/plugins/platforms/libqvnc.so",
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
    "PySide6/Qt/plugins/imageformats/libqpdf.so",
    "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so",
    "PySide6/Qt/plugins/generic/libqevdevmouseplugin.so",
    "PySide6/Qt/plugins/tls/libqopensslbackend.so",
    "PySide6/Qt/translations/qt_help_de.qm",
    "PySide6/Qt/translations/qtmultimedia_fr.qm",
    "PySide6/Qt/translations/qtbase_ja.qm",  # a language the app does not ship
    "PySide6/Qt/translations/qt_de.qm",  # a catalog of catalogs: the app loads qtbase_de
    "PySide6/Qt/translations/qtmultimedia_de.qm",
    "babel/locale-data/ja.dat",
    "babel/locale-data/zh_Hant_TW.dat",
    "PySide6/Qt6Quick.dll",
    "PySide6/avcodec-61.dll",
    "PySide6\\plugins\\multimedia\\ffmpegmediaplugin.dll",
    "PySide6/Qt/lib/QtQml.framework/Versions/A/QtQml",
    "PySide6/Qt/lib/libavformat.61.dylib",
]


@pytest.mark.parametrize("dest", KEPT)
def test_the_bundle_keeps_what_the_app_loads(dest: str) -> None:
    assert trim.leave_out(dest, LANGUAGES) is None


@pytest.mark.parametrize("dest", LEFT_OUT)
def test_the_bundle_leaves_out_what_the_app_never_loads(dest: str) -> None:
    assert trim.leave_out(dest, LANGUAGES)


@pytest.mark.parametrize(
    "folder", ["PySide6/Qt/plugins/imageformats", "PySide6/plugins/imageformats"]
)
def test_the_bundle_reads_every_image_format_the_wall_offers(folder: str) -> None:
    from clockapp.ui.wall.look_dialog import IMAGE_FILTER

    offered = re.findall(r"\*\.(\w+)", IMAGE_FILTER)
    assert {"png", "jpg", "svg", "gif", "webp"} <= set(offered)
    plugins = {"jpg": "qjpeg", "jpeg": "qjpeg", "svg": "qsvg", "gif": "qgif", "webp": "qwebp"}
    for extension in offered:
        if extension in ("png", "bmp"):  # read by Qt Gui itself, without a plugin
            continue
        assert extension in plugins, f"which plugin reads .{extension}?"
        for name in (f"lib{plugins[extension]}.so", f"{plugins[extension]}.dll"):
            assert trim.leave_out(f"{folder}/{name}") is None
    assert trim.leave_out(f"{folder}/libqtiff.so")


def test_without_languages_no_translation_stays() -> None:
    assert trim.leave_out("PySide6/Qt/translations/qtbase_de.qm")
    assert trim.leave_out("babel/locale-data/de.dat")
    assert trim.leave_out("babel/locale-data/en.dat") is None  # the source language stays


def test_a_library_that_came_only_for_a_left_out_plugin_goes_with_it() -> None:
    links = {
        "gtk3": ["libgtk-3.so.0", "libcairo.so.2", "libX11.so.6"],
        "libgtk-3.so.0.2400": ["libcairo.so.2", "libX11.so.6"],
        "xcb": ["libX11.so.6", "libQt6Gui.so.6"],
        "cairo": ["libpixman-1.so.0"],
    }
    entries = [
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "gtk3", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "xcb", "BINARY"),
        ("libgtk-3.so.0.2400", "libgtk-3.so.0.2400", "BINARY"),
        ("libgtk-3.so.0", "libgtk-3.so.0.2400", "SYMLINK"),
        ("libcairo.so.2", "cairo", "BINARY"),
        ("libpixman-1.so.0", "pixman", "BINARY"),
        ("libX11.so.6", "x11", "BINARY"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "gui", "BINARY"),
        ("libsomething_ctypes_loads.so", "ctypes", "BINARY"),
        ("clockapp/resources/icons/clockapp.svg", "svg", "DATA"),
    ]
    kept, gone = trim.prune(entries, lambda source: links.get(source, []))
    assert sorted(gone) == [
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "libcairo.so.2",
        "libgtk-3.so.0",
        "libgtk-3.so.0.2400",
        "libpixman-1.so.0",
    ]
    assert [dest for dest, _src, _kind in kept] == [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "libX11.so.6",  # xcb links it too
        "PySide6/Qt/lib/libQt6Gui.so.6",
        "libsomething_ctypes_loads.so",  # nothing that goes links it: it came for itself
        "clockapp/resources/icons/clockapp.svg",
    ]


def test_the_systems_own_libraries_go_with_what_only_they_link() -> None:
    links = {"xcb": ["libX11.so.6", "libQt6Gui.so.6"], "x11": ["libxcb.so.1"]}
    entries = [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "xcb", "BINARY"),
        ("libX11.so.6", "x11", "BINARY"),
        ("libxcb.so.1", "xcb1", "BINARY"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "gui", "BINARY"),
    ]
    kept, gone = trim.prune(entries, lambda source: links.get(source, []), system=["libX11.so.6"])
    assert sorted(gone) == ["libX11.so.6", "libxcb.so.1"]
    assert [dest for dest, _src, _kind in kept] == [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/lib/libQt6Gui.so.6",
    ]


def test_the_examples_in_the_rules_hold() -> None:
    assert doctest.testmod(trim).failed == 0


def test_the_print_plugin_stays_but_the_systems_cups_and_what_it_links_go() -> None:
    # As the spec calls it on Linux: what preflight checks for is the user's own.
    from clockapp.preflight import OPTIONAL, REQUIRED

    links = {
        "cups-plugin": ["libcups.so.2", "libQt6PrintSupport.so.6"],
        "cups": ["libgnutls.so.30", "libavahi-client.so.3"],
        "gnutls": ["libunistring.so.2", "libp11-kit.so.0"],
    }
    entries = [
        ("PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", "cups-plugin", "BINARY"),
        ("PySide6/Qt/lib/libQt6PrintSupport.so.6", "print", "BINARY"),
        ("libcups.so.2", "cups", "BINARY"),
        ("libgnutls.so.30", "gnutls", "BINARY"),
        ("libavahi-client.so.3", "avahi", "BINARY"),
        ("libunistring.so.2", "unistring", "BINARY"),
        ("libp11-kit.so.0", "p11", "BINARY"),
    ]
    system = [library.soname for library in (*REQUIRED, *OPTIONAL)]
    kept, gone = trim.prune(entries, lambda source: links.get(source, []), system)
    assert [dest for dest, _src, _kind in kept] == [
        "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so",
        "PySide6/Qt/lib/libQt6PrintSupport.so.6",
    ]
    assert gone["libcups.so.2"].startswith("the system's own")
