"""What the PyInstaller bundle leaves out: the parts of Qt that clockapp never loads.

PyInstaller's Qt hooks collect every plugin of each plugin group a module may use, and with them
the libraries those plugins link (the QML engine for the FFmpeg media backend, GTK for the GTK
theme). clockapp loads Qt Core, Gui, Widgets, Svg, Charts, PrintSupport, Multimedia (QSoundEffect
and QMediaDevices only, which need no media backend) and TextToSpeech. Of the translations it
loads only its own catalogs, Qt's qtbase catalogs (for Qt's standard dialogs) and Babel's CLDR
data, in the languages it ships (`shipped_languages`). `leave_out` names what goes; `prune` drops
it from PyInstaller's lists with the libraries nothing else kept needs.

The spec imports this file by path; it is plain Python (no PyInstaller, no Qt) so the rules are
tested without building (tests/packaging/test_trim.py).

>>> leave_out("PySide6/Qt/lib/libQt6Quick.so.6")
'Qt Quick and QML: the app is Qt Widgets'
>>> leave_out("PySide6/Qt/plugins/platforms/libqxcb.so") is None
True
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection, Iterable
from pathlib import Path, PurePosixPath

#: (pattern over the file's name, why it goes); names as on Linux, Windows and macOS.
LIBRARIES = (
    (r"^(lib)?Qt6?(Quick|Qml|VirtualKeyboard)", "Qt Quick and QML: the app is Qt Widgets"),
    (r"^(lib)?Qt6?Pdf", "Qt PDF: the app reads no PDF"),
    (r"^(lib)?Qt6?EglF[Ss]", "the EGLFS platform: the app runs on a desktop"),
    (
        r"^(lib)?(avcodec|avformat|avutil|swscale|swresample)[-.]|^(lib)?Qt6?FFmpegStub",
        "FFmpeg: QSoundEffect plays WAV files without a media backend",
    ),
)
#: Plugin groups the app never uses, by folder.
PLUGIN_GROUPS = {
    "multimedia": "media backends: QSoundEffect plays WAV files without one",
    "egldeviceintegrations": "the EGLFS platform: the app runs on a desktop",
    "generic": "evdev and tslib input, for platforms without a window system",
    "networkinformation": "the app never asks about the network's state",
    "tls": "the app opens no Qt network connections",
    "qmltooling": "Qt Quick and QML: the app is Qt Widgets",
}
#: Single plugins the app never uses: (group, name without "lib" and suffix) -> why.
PLUGINS = {
    ("platforms", "qeglfs"): "the EGLFS platform: the app runs on a desktop",
    ("platforms", "qminimalegl"): "the EGLFS platform: the app runs on a desktop",
    ("platforms", "qlinuxfb"): "the framebuffer platform: the app runs on a desktop",
    ("platforms", "qvnc"): "the VNC platform: the app runs on a desktop",
    ("platforms", "qvkkhrdisplay"): "the Vulkan display platform: the app runs on a desktop",
    ("imageformats", "qpdf"): "Qt PDF: the app reads no PDF",
    # The wall's own images are the formats its look dialog offers (PNG, JPEG, SVG, BMP, GIF,
    # WebP); Qt reads PNG and BMP itself.
    ("imageformats", "qtiff"): "TIFF images: the wall's look dialog does not offer them",
    ("imageformats", "qicns"): "macOS icon images: the wall's look dialog does not offer them",
    ("imageformats", "qtga"): "TGA images: the wall's look dialog does not offer them",
    ("imageformats", "qwbmp"): "WBMP images: the wall's look dialog does not offer them",
    ("platforminputcontexts", "qtvirtualkeyboardplugin"): "Qt Quick and QML: the app is Widgets",
    # It links the build machine's GTK 3 into the bundle, which then meets the user's own GTK
    # modules and themes; without it Qt draws its own (Fusion) style and dialogs.
    ("platformthemes", "qgtk3"): "GTK 3 theme: it would bundle the build machine's GTK",
    ("texttospeech", "qtexttospeech_mock"): "the test engine of Qt TextToSpeech",
}
#: The language the app is written in: it has no catalog, and Babel's data for it always stays.
SOURCE_LANGUAGE = "en"
#: Babel's CLDR data that every locale falls back to.
CLDR_ROOT = "root"


def shipped_languages(locale_dir: Path) -> tuple[str, ...]:
    """The codes of the languages the app ships a compiled catalog for (not English, the
    source), as `clockapp.i18n` finds them: `<code>/LC_MESSAGES/clockapp.mo`."""
    return tuple(sorted(mo.parents[1].name for mo in locale_dir.glob("*/LC_MESSAGES/clockapp.mo")))


def leave_out(dest: str, languages: Collection[str] = ()) -> str | None:
    """Why the bundle leaves out the file at `dest` (its path inside the bundle), or None.

    `languages` are the codes of the catalogs the app ships: Qt's qtbase catalog for each stays
    (`clockapp.ui.language` loads it for Qt's standard dialogs), and so does Babel's CLDR data
    for each language (any region) and for English; every other translation goes.

    >>> leave_out("PySide6/plugins/multimedia/ffmpegmediaplugin.dll")
    'media backends: QSoundEffect plays WAV files without one'
    >>> leave_out("PySide6/Qt/translations/qt_help_de.qm", ["de"])
    "Qt's translations: the app loads only qtbase's, in the languages it ships"
    >>> leave_out("PySide6/Qt/translations/qtbase_de.qm", ["de"]) is None
    True
    >>> leave_out("babel/locale-data/ja.dat", ["de"])
    'CLDR data of a language the app does not ship'
    >>> leave_out("babel/locale-data/de_AT.dat", ["de"]) is None
    True
    """
    path = PurePosixPath(dest.replace("\\", "/"))
    parts = path.parts
    if "translations" in parts and path.suffix == ".qm":
        if path.name not in {f"qtbase_{code}.qm" for code in languages}:
            return "Qt's translations: the app loads only qtbase's, in the languages it ships"
        return None
    if parts[-2:-1] == ("locale-data",) and "babel" in parts and path.suffix == ".dat":
        spoken = {SOURCE_LANGUAGE, *(code.split("_")[0] for code in languages)}
        if path.stem != CLDR_ROOT and path.stem.split("_")[0] not in spoken:
            return "CLDR data of a language the app does not ship"
        return None
    if "plugins" in parts and len(parts) > parts.index("plugins") + 2:
        group = parts[parts.index("plugins") + 1]
        if group in PLUGIN_GROUPS:
            return PLUGIN_GROUPS[group]
        name = path.name.split(".")[0].removeprefix("lib")
        if (group, name) in PLUGINS:
            return PLUGINS[group, name]
    # macOS keeps a library in Name.framework/Versions/A/Name: the framework folder decides.
    framework = next((p for p in parts if p.endswith(".framework")), None)
    name = framework or path.name
    for pattern, why in LIBRARIES:
        if re.search(pattern, name):
            return why
    return None


Entry = tuple[str, str, str]
"""One file of PyInstaller's lists: (path in the bundle, source path, type code).

A "SYMLINK" entry's source is its target, relative to its own folder in the bundle.
"""


def _name(dest: str) -> str:
    return PurePosixPath(dest.replace("\\", "/")).name.lower()


def _target(entry: Entry) -> str:
    dest = PurePosixPath(entry[0].replace("\\", "/"))
    return posixpath.normpath(str(dest.parent / entry[1].replace("\\", "/")))


def prune(
    entries: Iterable[Entry],
    imports: Callable[[str], Iterable[str]],
    system: Iterable[str] = (),
    languages: Collection[str] = (),
) -> tuple[list[Entry], dict[str, str]]:
    """The entries that stay, and the ones that go with why.

    What `leave_out` names goes, and so does every library that came only for it: a library
    that what goes imports and that nothing staying imports (directly or through others), with
    the symbolic links to it. `imports(source)` gives the names (any folder) of the libraries a
    binary links to directly. `system` names libraries the user's system provides (on Linux,
    the ones clockapp's preflight checks for before it starts), which go too. `languages` are
    the shipped catalogs' codes, whose translations stay (`leave_out`).

    >>> graph = {"gtk3.so": ["libgtk.so.0", "libX11.so"], "xcb.so": ["libX11.so"]}
    >>> files = [(f"PySide6/Qt/plugins/platformthemes/lib{'q' + n}", n, "BINARY")
    ...          for n in graph] + [(n, n, "BINARY") for n in ("libgtk.so.0.1", "libX11.so")]
    >>> files.append(("libgtk.so.0", "libgtk.so.0.1", "SYMLINK"))
    >>> kept, gone = prune(files, lambda src: graph.get(src, []))
    >>> sorted(src for _d, src, _t in kept)
    ['libX11.so', 'xcb.so']
    >>> sorted(gone)
    ['PySide6/Qt/plugins/platformthemes/libqgtk3.so', 'libgtk.so.0', 'libgtk.so.0.1']
    """
    entries = list(entries)
    by_dest = {posixpath.normpath(e[0].replace("\\", "/")): e for e in entries}
    by_name: dict[str, list[Entry]] = {}
    for entry in entries:
        by_name.setdefault(_name(entry[0]), []).append(entry)

    def closure(roots: Iterable[Entry], stop: Iterable[str] = ()) -> set[str]:
        seen: set[str] = set(stop)
        todo = list(roots)
        while todo:
            dest, src, kind = todo.pop()
            found: list[Entry] = []
            if kind == "SYMLINK":
                target = by_dest.get(_target((dest, src, kind)))
                found = [target] if target is not None else []
            elif kind in ("BINARY", "EXTENSION"):
                for name in imports(src):
                    found += by_name.get(_name(name), [])
            for entry in found:
                if entry[0] not in seen:
                    seen.add(entry[0])
                    todo.append(entry)
        return seen - set(stop)

    gone = {
        dest: why
        for dest, _src, _kind in entries
        if (why := leave_out(dest, languages)) is not None
    }
    ours = {name.lower() for name in system}
    for dest, _src, _kind in entries:
        if _name(dest) in ours:
            gone.setdefault(dest, "the system's own: clockapp checks for it before it starts")
    brought = closure(e for e in entries if e[0] in gone) - gone.keys()
    # What stays for its own sake, and what it links other than through what goes.
    needed = closure((e for e in entries if e[0] not in gone and e[0] not in brought), gone)
    for dest in brought - needed:
        gone[dest] = "only what the bundle leaves out links it"
    for dest, src, kind in entries:  # a link to a file that goes would point at nothing
        if kind == "SYMLINK" and by_dest.get(_target((dest, src, kind)), ("",))[0] in gone:
            gone.setdefault(dest, "a link to a file the bundle leaves out")
    return [e for e in entries if e[0] not in gone], gone
