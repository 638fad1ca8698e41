"""Reading a file the user picked to import: size-checked, UTF-8 or UTF-16, line ends as written.

The windows read every import through `read_import_file`, so a huge file is refused before it is
read and a file in another encoding gets a message saying how to save it; the text then goes to
a service, whose parser (`clockapp.core.userfiles`) treats it as hostile.
"""

from __future__ import annotations

from pathlib import Path

from clockapp import formats
from clockapp.core.userfiles import MAX_FILE_CHARS, FileFormatError, decode_file
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


def read_import_file(path: str | Path) -> str:
    """The text of the file at `path`.

    Raises:
        ValidationError: The file cannot be read, is too big, or is not UTF-8 or UTF-16 text
            (the message names the file).
    """
    file = Path(path)
    try:
        size = file.stat().st_size
        if size > 4 * MAX_FILE_CHARS:  # UTF-8 takes at most 4 bytes a character
            raise ValidationError(
                _("{name} is too big to import ({size} bytes).").format(
                    name=file.name, size=formats.number(size)
                )
            )
        return decode_file(file.read_bytes())
    except FileFormatError as error:
        raise ValidationError(
            _("{name}: {problem}.").format(name=file.name, problem=error.problem)
        ) from None
    except OSError as error:
        raise ValidationError(
            _("{name} cannot be read: {error}.").format(
                name=file.name, error=error.strerror or error
            )
        ) from None
