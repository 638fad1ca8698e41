"""The command line's net: every command ends with an exit status and at most one line on stderr.

The app's own errors (`DomainError`) are shown with their message (status 2); anything else is
written with its traceback to the log file and shown as one line naming that file (status 1).
Output cut off by a closed pipe (`clockapp structure suggest --json | head`) ends quietly.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130


def _say(line: str) -> None:
    # With no stderr to speak to, the exit status says it.
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at the null device so the exit flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass


def run_guarded(prog: str, command: Callable[[], int]) -> int:
    """Run `command` (a tool's main) and turn whatever it raises into an exit status.

    `prog` starts the error line, like argparse's: `clockapp odds: error: ...`.
    """
    try:
        code = command()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (head, less) has gone: nothing left to tell anyone.
        _silence_stdout()
        return EXIT_FAILED
    except KeyboardInterrupt:
        _say(_("{prog}: interrupted").format(prog=prog))
        return EXIT_INTERRUPTED
    except DomainError as error:
        _say(_("{prog}: error: {message}").format(prog=prog, message=" ".join(str(error).split())))
        return EXIT_BAD_INPUT
    except Exception as error:
        from clockapp.logs import describe_unexpected, log_unexpected

        path = log_unexpected(error, prog)
        _say(
            _("{prog}: error: {message}").format(
                prog=prog, message=describe_unexpected(error, path)
            )
        )
        return EXIT_FAILED
    return code
