"""`RowTableModel`: a flat `QAbstractTableModel` over a tuple of row objects with fixed titles.

The plumbing every list in the app repeats (row and column counts, horizontal titles, finding the
row under an index) lives here; each model keeps what it shows (`data`), its flags and its own
setters. Rows are replaced whole (`_set_rows`, a model reset), or updated in place
(`_update_rows`): the views are told only what changed (rows removed, moved, inserted, and
`dataChanged` for rows whose value changed), so they keep their selection, current row, scroll
position and column widths, and repaint or measure only those rows.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from clockapp.i18n import gettext

AnyIndex = QModelIndex | QPersistentModelIndex
RowT = TypeVar("RowT")


def steady_keys(before: Sequence[Hashable], after: Sequence[Hashable]) -> set[Hashable]:
    """The keys of `before` that stay in place when `before` is reordered into `after`.

    The longest run of keys whose order is the same in both (a longest increasing subsequence of
    their old positions), so moving every other key gives `after` in the fewest moves. Keys
    missing from either side are ignored.

    >>> sorted(steady_keys("abcd", "bcda"))
    ['b', 'c', 'd']
    >>> sorted(steady_keys("abcde", "aebcx"))  # e moves up; d is gone, x is new
    ['a', 'b', 'c']
    """
    position = {k: i for i, k in enumerate(before)}
    order = [k for k in after if k in position]
    tails: list[int] = []  # tails[n]: the smallest old position ending a run of n + 1 keys
    ends: list[int] = []  # ends[n]: the index in `order` of that key
    previous: list[int] = [-1] * len(order)
    for i, k in enumerate(order):
        n = bisect_left(tails, position[k])
        previous[i] = ends[n - 1] if n else -1
        if n == len(tails):
            tails.append(position[k])
            ends.append(i)
        else:
            tails[n], ends[n] = position[k], i
    kept: set[Hashable] = set()
    i = ends[-1] if ends else -1
    while i >= 0:
        kept.add(order[i])
        i = previous[i]
    return kept


class RowTableModel(QAbstractTableModel, Generic[RowT]):
    """A flat table: one row object per row, one title per column."""

    def __init__(self, headers: Iterable[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers = tuple(headers)
        self._rows: tuple[RowT, ...] = ()

    def _set_rows(self, rows: Iterable[RowT]) -> None:
        """Show these rows (a model reset: views drop their selection)."""
        self.beginResetModel()
        self._rows = tuple(rows)
        self._rows_changed()
        self.endResetModel()

    def _update_rows(
        self, rows: Iterable[RowT], key: Callable[[RowT], Hashable] | None = None
    ) -> bool:
        """Show these rows, telling the views only what changed; whether anything did.

        Rows are matched by `key` (a row's identity: a player's id, a ledger row's id): a row
        whose key is gone is removed, a new key inserted, a key found elsewhere moved, and a row
        whose value changed under the same key signals `dataChanged`. The views keep their
        selection and current row on the rows that stay (they follow moves too). Without `key`
        rows are matched by position. Keys that repeat, or no key in common, reset the model.
        """
        new = tuple(rows)
        if new == self._rows:
            return False
        if key is None:
            old_keys: list[Hashable] = list(range(len(self._rows)))
            new_keys: list[Hashable] = list(range(len(new)))
        else:
            old_keys, new_keys = [key(r) for r in self._rows], [key(r) for r in new]
        wanted = set(new_keys)
        if (
            len(wanted) != len(new_keys)
            or len(set(old_keys)) != len(old_keys)
            or wanted.isdisjoint(old_keys)
        ):
            self._set_rows(new)
            return True
        steady = steady_keys(old_keys, new_keys)
        self._remove_rows(old_keys, lambda k: k not in wanted)
        self._move_rows(old_keys, new_keys, steady)
        self._insert_rows(old_keys, new_keys, new)
        self._replace_rows(new)
        return True

    def _remove_rows(self, keys: list[Hashable], gone: Callable[[Hashable], bool]) -> None:
        """Remove the rows whose key is `gone`, one run of rows at a time, the last run first."""
        row = len(keys) - 1
        while row >= 0:
            if not gone(keys[row]):
                row -= 1
                continue
            last = row
            while row >= 0 and gone(keys[row]):
                row -= 1
            self.beginRemoveRows(QModelIndex(), row + 1, last)
            del keys[row + 1 : last + 1]
            self._rows = self._rows[: row + 1] + self._rows[last + 1 :]
            self._rows_changed()
            self.endRemoveRows()

    def _move_rows(
        self, keys: list[Hashable], target: Sequence[Hashable], steady: set[Hashable]
    ) -> None:
        """Move each row not `steady` to just after the row that precedes it in `target`.

        The rows are moved in their target order, so the row a moved row goes after is either
        steady or already moved: in the end the rows kept are in `target`'s order.
        """
        present = set(keys)
        placed = [k for k in target if k in present]
        before = {k: placed[i - 1] if i else None for i, k in enumerate(placed)}
        rows = list(self._rows)
        for k in placed:
            if k in steady:
                continue
            source = keys.index(k)
            after = before[k]
            destination = keys.index(after) + 1 if after is not None else 0
            if destination in (source, source + 1):
                continue
            self.beginMoveRows(QModelIndex(), source, source, QModelIndex(), destination)
            landing = destination if destination < source else destination - 1
            keys.insert(landing, keys.pop(source))
            rows.insert(landing, rows.pop(source))
            self._rows = tuple(rows)
            self._rows_changed()
            self.endMoveRows()

    def _insert_rows(
        self, keys: list[Hashable], target: Sequence[Hashable], new: tuple[RowT, ...]
    ) -> None:
        """Insert the rows of `new` whose keys are not in `keys`, one run of rows at a time.

        `keys` holds the other keys of `target` in `target`'s order, so every row before the
        one looked at is where `target` wants it.
        """
        present = set(keys)
        row = 0
        while row < len(target):
            if target[row] in present:
                row += 1
                continue
            last = row
            while last + 1 < len(target) and target[last + 1] not in present:
                last += 1
            self.beginInsertRows(QModelIndex(), row, last)
            keys[row:row] = target[row : last + 1]
            self._rows = self._rows[:row] + new[row : last + 1] + self._rows[row:]
            self._rows_changed()
            self.endInsertRows()
            row = last + 1

    def _replace_rows(self, new: tuple[RowT, ...]) -> None:
        """Take the new value of each row that changed; `dataChanged` once per run of rows."""
        old, columns = self._rows, self.columnCount() - 1
        self._rows = new
        self._rows_changed()
        row = 0
        while row < len(new):
            if old[row] == new[row]:
                row += 1
                continue
            first = row
            while row < len(new) and old[row] != new[row]:
                row += 1
            self.dataChanged.emit(self.index(first, 0), self.index(row - 1, columns))

    def _rows_changed(self) -> None:
        """Called whenever `_rows` changes (inside Qt's begin/end calls): rebuild what a
        subclass derives from the rows."""

    def row_at(self, where: AnyIndex | int) -> RowT | None:
        """The row object under an index (or at a row number); None outside the table."""
        if not isinstance(where, int):
            if not where.isValid():
                return None
            where = where.row()
        return self._rows[where] if 0 <= where < len(self._rows) else None

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        """One row per row object (none under a valid parent: a flat table)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """One column per title."""
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """The column titles (no vertical header text)."""
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self._headers)
        ):
            # Titles are kept in English (pages find columns by them) and shown translated.
            return gettext(self._headers[section])
        return None
