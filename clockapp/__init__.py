"""clockapp: run a live poker tournament (blinds clock, cashier, seating and rulings).

The version is written once, in pyproject.toml; the installed package's metadata carries it here
(and into `clockapp --version` and Help > About).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("clockapp")
except PackageNotFoundError:  # a source tree on sys.path that was never installed
    __version__ = "0+unknown"
