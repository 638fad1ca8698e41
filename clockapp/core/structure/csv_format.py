"""A structure as CSV: one row per level or break under a header row, as spreadsheets keep it.

The columns are `CSV_COLUMNS`; errors name the data row and the file line it starts on. The file
format itself (quoting, line endings, formula-safe cells) is `clockapp.core.userfiles`, imported
only when a file is read or written.
"""

from __future__ import annotations

from collections.abc import Mapping

from clockapp import formats
from clockapp.core.structure.items import MAX_ITEMS, Break, Item, Level, StructureError
from clockapp.core.structure.model import Structure
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _

CSV_COLUMNS = (
    "type",
    "small_blind",
    "big_blind",
    "ante",
    "big_blind_ante",
    "minutes",
    "game",
    "label",
    "color_up",
    "planned_last",
)

_YES = frozenset({"yes", "y", "true", "1", "x"})
_NO = frozenset({"no", "n", "false", "0", ""})
_YES_OR_NO = _YES | _NO


#: The refusal of a break row with an amount in each column a break does not have.
_BREAK_HAS_NO = {
    "small_blind": N_("a break has no small blind"),
    "big_blind": N_("a break has no big blind"),
    "ante": N_("a break has no ante"),
}


def structure_to_csv(structure: Structure) -> str:
    """The structure as CSV text with a header row; color-ups are chip values separated by spaces.

    A label or game that a spreadsheet would run as a formula (`=...`) is written with a leading
    quote (`clockapp.core.userfiles.safe_cell`), which `structure_from_csv` removes again.

    >>> print(structure_to_csv(Structure("S", (Level(5, 10), Break(10, color_up=(5,))))), end="")
    type,small_blind,big_blind,ante,big_blind_ante,minutes,game,label,color_up,planned_last
    level,5,10,0,no,20,NLHE,,,
    break,,,,,10,,Break,5,
    """
    rows: list[list[object]] = []
    numbers = structure._level_numbers
    for i, item in enumerate(structure.levels):
        if isinstance(item, Break):
            color_up = " ".join(str(v) for v in item.color_up)
            rows.append(["break", "", "", "", "", item.minutes, "", item.label, color_up, ""])
        else:
            planned = "yes" if numbers[i] == structure.planned_last_level else ""
            rows.append(
                [
                    "level",
                    item.small_blind,
                    item.big_blind,
                    item.ante,
                    "yes" if item.big_blind_ante else "no",
                    item.minutes,
                    item.game,
                    item.label,
                    "",
                    planned,
                ]
            )
    from clockapp.core.userfiles import csv_text

    return csv_text(CSV_COLUMNS, rows)


def _csv_int(row: Mapping[str, str], key: str, where: str, default: int | None) -> int:
    text = row.get(key, "").strip().replace(",", "").replace("_", "")
    if not text:
        if default is None:
            raise StructureError(
                _("{where}: the {replace} is missing.").format(
                    where=where, replace=key.replace("_", " ")
                )
            )
        return default
    try:
        return int(text)
    except ValueError:
        raise StructureError(
            _("{where}: the {replace} {line!r} is not a whole number.").format(
                where=where, replace=key.replace("_", " "), line=row[key].strip()
            )
        ) from None


def structure_from_csv(text: str, *, name: str = "Imported structure") -> Structure:
    """Read a structure from CSV text with a header row.

    The columns are those of `CSV_COLUMNS` (in any order, case and spaces ignored); only
    `minutes` and, for levels, `small_blind` and `big_blind` are required. A row whose `type`
    is `break` (or, without a `type` column, a row with no blinds) is a break. Errors name the row,
    counting data rows from 1 (the header is not counted) and the file line it starts on. Quotes
    are read strictly: a quote left open (`"20` that swallows the next line) or text after a
    closing quote is refused rather than guessed at. The structure keeps each item's row name in
    `source_rows`, so `validate_chips` names the same rows as the import.

    >>> structure_from_csv("small_blind,big_blind,minutes\\n5,10,20\\n,,10\\n").levels[1].is_break
    True
    >>> structure_from_csv("small_blind,big_blind,minutes\\n5,ten,20\\n")
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: Row 1 (file line 2): the big blind 'ten' is not a whole number.
    """  # noqa: E501
    from clockapp.core.userfiles import FileFormatError, csv_records

    records = csv_records(text)
    try:
        header = next(records).cells
    except StopIteration:
        raise StructureError(_("Structure file is empty: expected a header row.")) from None
    except FileFormatError as error:
        where = "Header row (file line 1)" if error.line is not None else "Structure file"
        raise StructureError(
            _("{where}: {problem}.").format(where=where, problem=error.problem)
        ) from None
    keys = [h.strip().lower().replace(" ", "_").replace("-", "_") for h in header]
    unknown = [h for h, k in zip(header, keys, strict=True) if k not in CSV_COLUMNS]
    if unknown:
        named = ", ".join(repr(u[:40]) for u in unknown[:5])  # a hostile header: a few, cut
        more = len(unknown) - 5
        if more > 0:
            text = ngettext(
                "Header row: unknown column(s) {named} and {count} more; known columns are {join}.",
                "Header row: unknown column(s) {named} and {count} more; known columns are {join}.",
                more,
            )
        else:
            text = _("Header row: unknown column(s) {named}; known columns are {join}.")
        raise StructureError(
            text.format(named=named, count=formats.number(more), join=", ".join(CSV_COLUMNS))
        )
    if "minutes" not in keys:
        raise StructureError(_("Header row: the 'minutes' column is missing."))
    if len(set(keys)) != len(keys):
        raise StructureError(_("Header row: a column appears twice."))
    items: list[Item] = []
    names: list[str] = []
    planned: int | None = None
    row_number = 0
    level_count = 0
    while True:
        try:
            record = next(records)
        except StopIteration:
            break
        except FileFormatError as error:
            raise StructureError(
                _("Row {value} (file line {line}): {problem}.").format(
                    value=row_number + 1, line=error.line, problem=error.problem
                )
            ) from None
        cells = record.cells
        joined = "".join(cells)
        if not joined.strip():
            continue  # a blank line (or a line of empty cells)
        row_number += 1
        where = f"Row {row_number} (file line {record.line})"
        if row_number > MAX_ITEMS:  # refused here: the rows after it are never read
            raise StructureError(
                _("{where}: a structure holds at most {MAX_ITEMS} levels and breaks.").format(
                    where=where, MAX_ITEMS=MAX_ITEMS
                )
            )
        # Only a label can hold a line break; anywhere else a quote swallowed the next line
        # (`"20` with its closing quote forgotten on a later row).
        if "\n" in joined or "\r" in joined:
            for i, cell in enumerate(cells):
                if ("\n" in cell or "\r" in cell) and (i >= len(keys) or keys[i] != "label"):
                    raise StructureError(_("{where}: a quote is not closed.").format(where=where))
        if len(cells) > len(keys):
            raise StructureError(
                _("{where}: {count} cells but the header has {count2} columns.").format(
                    where=where, count=len(cells), count2=len(keys)
                )
            )
        row = dict(zip(keys, cells, strict=False))
        item = _csv_item(row, where)
        items.append(item)
        names.append(where)
        if not item.is_break:
            level_count += 1
        flag = row.get("planned_last", "").strip().lower()
        if flag not in _YES_OR_NO:
            raise StructureError(
                _("{where}: planned last {flag!r} is not yes or no.").format(where=where, flag=flag)
            )
        if flag in _YES:
            if items[-1].is_break:
                raise StructureError(
                    _("{where}: a break cannot be the planned last level.").format(where=where)
                )
            if planned is not None:
                raise StructureError(
                    _("{where}: a second level is marked as planned last.").format(where=where)
                )
            planned = level_count
    if not items:
        raise StructureError(_("Structure file has a header but no levels."))
    return Structure(name, tuple(items), planned, source_rows=tuple(names))


def _csv_item(row: Mapping[str, str], where: str) -> Item:
    kind = row.get("type", "").strip().lower()
    if not kind:
        blinds = row.get("small_blind", "").strip() or row.get("big_blind", "").strip()
        kind = "level" if blinds else "break"
    try:
        if kind == "break":
            for key in ("small_blind", "big_blind", "ante"):
                if row.get(key, "").strip() not in ("", "0"):
                    raise StructureError(_(_BREAK_HAS_NO[key]))
            raw = row.get("color_up", "").replace(",", " ").replace(";", " ").split()
            values = []
            for token in raw:
                try:
                    values.append(int(token.lstrip("Tt")))
                except ValueError:
                    raise StructureError(
                        _("color-up value {token!r} is not a chip value").format(token=token)
                    ) from None
            label = row.get("label", "").strip() or "Break"
            return Break(_csv_int(row, "minutes", where, None), label=label, color_up=tuple(values))
        if kind != "level":
            raise StructureError(
                _("type {kind!r} is neither 'level' nor 'break'").format(kind=kind)
            )
        if row.get("color_up", "").strip():
            raise StructureError(_("only a break can color up chips"))
        bba_text = row.get("big_blind_ante", "").strip().lower()
        if bba_text not in _YES_OR_NO:
            raise StructureError(
                _("big blind ante {bba_text!r} is not yes or no").format(bba_text=bba_text)
            )
        return Level(
            _csv_int(row, "small_blind", where, None),
            _csv_int(row, "big_blind", where, None),
            ante=_csv_int(row, "ante", where, 0),
            big_blind_ante=bba_text in _YES,
            minutes=_csv_int(row, "minutes", where, None),
            game=row.get("game", "").strip() or "NLHE",
            label=row.get("label", "").strip(),
        )
    except StructureError as error:
        message = str(error).rstrip(".")
        if message.startswith(where):
            raise
        raise StructureError(
            _("{where}: {message}.").format(where=where, message=message)
        ) from None
