"""The log file: where unexpected errors leave their traceback for whoever looks into them.

The user is shown one readable line (`describe_unexpected`); the details go to
`clockapp.log` in the user data folder, rotated so it never grows without bound. Both the
desktop app and the command-line tools call `setup_logging` once when they start; no Qt here.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

LOGGER_NAME = "clockapp"
LOG_FILE_NAME = "clockapp.log"
#: Rotate at 1 MB, keeping three old files: a night's worth of tracebacks, and no more.
MAX_BYTES = 1_000_000
BACKUP_COUNT = 3
#: The longest error text put into a one-line message (the log has all of it).
SHORT_LENGTH = 160

_MARK = "_clockapp_log"  # set on the handlers this module adds, so they are replaced, not doubled


def default_log_folder() -> Path:
    """`logs/` in the user data folder."""
    from clockapp.paths import user_data_dir

    return user_data_dir() / "logs"


def setup_logging(folder: Path | None = None) -> Path | None:
    """Send the `clockapp` logger to a rotating file in `folder`; returns the file, or None.

    Calling it again with the same folder changes nothing; with another folder, the file moves.
    None means the file cannot be written (a read-only home folder): the app carries on.
    """
    logger = logging.getLogger(LOGGER_NAME)
    try:
        folder = default_log_folder() if folder is None else folder
        folder.mkdir(parents=True, exist_ok=True)
        path = (folder / LOG_FILE_NAME).resolve()
        for handler in list(logger.handlers):
            if getattr(handler, _MARK, False):
                if Path(getattr(handler, "baseFilename", "")) == path:
                    return path
                logger.removeHandler(handler)
                handler.close()
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8", delay=True
        )
    except (OSError, ValueError):
        return None
    setattr(handler, _MARK, True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    return path


def log_file() -> Path | None:
    """The file `setup_logging` chose, or None before it ran (or when it could not)."""
    for handler in logging.getLogger(LOGGER_NAME).handlers:
        if getattr(handler, _MARK, False):
            return Path(getattr(handler, "baseFilename", ""))
    return None


def close_log() -> None:
    """Stop writing the log file `setup_logging` opened (the next setup opens one afresh)."""
    logger = logging.getLogger(LOGGER_NAME)
    for handler in list(logger.handlers):
        if getattr(handler, _MARK, False):
            logger.removeHandler(handler)
            handler.close()


def log_unexpected(error: BaseException, where: str) -> Path | None:
    """Write `error` and its traceback to the log; returns the log file (None if there is none).

    Sets the log up in the default folder if nobody has yet.
    """
    path = log_file() or setup_logging()
    logger = logging.getLogger(LOGGER_NAME)
    try:
        logger.error(
            "%s: unexpected error", where, exc_info=(type(error), error, error.__traceback__)
        )
        for handler in logger.handlers:
            handler.flush()
    except Exception:  # logging must never be what breaks the app
        return None
    return path


def short_description(error: BaseException) -> str:
    """The error's type and first line, on one line and short.

    >>> short_description(OSError(28, "No space left on device"))
    'OSError: [Errno 28] No space left on device'
    >>> short_description(RuntimeError())
    'RuntimeError'
    """
    text = " ".join(str(error).split())
    name = type(error).__name__
    if not text:
        return name
    if len(text) > SHORT_LENGTH:
        text = text[: SHORT_LENGTH - 1] + "…"
    return f"{name}: {text}"


def describe_unexpected(error: BaseException, path: Path | None) -> str:
    """The sentence a user reads about an error the app did not expect.

    >>> describe_unexpected(KeyError("x"), Path("/tmp/clockapp.log"))
    "Something went wrong: KeyError: 'x'. Details were written to /tmp/clockapp.log."
    """
    where = f"Details were written to {path}." if path is not None else "No log could be written."
    return f"Something went wrong: {short_description(error)}. {where}"
