"""The preview of a pre-registration list: every line with what the import will do with it.

`CashierService.preview_pre_registrations` plans the list without writing anything; this dialog
shows the plan (create a new player, use the player already in the database, or skip a blank
line, a name given twice or a player already on tonight's list) and the page imports the list,
in one service call, only when the cashier confirms.
"""

from __future__ import annotations

from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QLabel, QWidget

from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.players.importing import ImportAction, ImportLine, ImportPlan
from clockapp.ui.cashier.dialog_base import CashierDialog
from clockapp.ui.cashier.pages import table_view
from clockapp.ui.cashier.rows_model import Column, RowsModel
from clockapp.ui.inks import ink_on

#: What the preview calls each action.
ACTION_TEXT = {
    ImportAction.CREATE: N_("create"),
    ImportAction.MERGE: N_("use existing"),
    ImportAction.SKIP: N_("skip"),
}

_SKIPPED = "#888888"


class ImportPreviewModel(RowsModel[ImportLine]):
    """The lines of an import plan: file line, name, action and why."""

    COLUMNS = (
        Column(N_("Line"), lambda r: str(r.line), numeric=True),
        Column(N_("Name"), lambda r: r.name),
        Column(N_("Action"), lambda r: _(ACTION_TEXT[r.action])),
        Column(N_("Why"), lambda r: r.note),
    )

    def _foreground(self, row: ImportLine) -> QBrush | None:
        return ink_on(_SKIPPED) if row.action is ImportAction.SKIP else None


class PreRegistrationDialog(CashierDialog):
    """Shows what importing a pre-registration list will do; Import confirms it."""

    def __init__(self, plan: ImportPlan, source: str, parent: QWidget | None = None) -> None:
        names = plan.count(ImportAction.CREATE) + plan.count(ImportAction.MERGE)
        super().__init__(
            _("Import pre-registrations: {source}").format(source=source),
            ngettext("Import {count} name", "Import {count} names", names).format(count=names),
            parent,
        )
        self.setObjectName("pre_registration_preview")
        self.setMinimumSize(640, 420)
        self.plan = plan
        self.summary_label = QLabel(
            _("{source}: {summary}.").format(source=source, summary=plan.summary())
        )
        self.summary_label.setObjectName("preview_summary")
        self.summary_label.setWordWrap(True)
        self.model = ImportPreviewModel(self)
        self.model.set_rows(plan.lines)
        self.view = table_view(self.model, "preview_lines", _("Lines to import"))
        # Fixed widths: sizing to the contents measures every line of a long list.
        for header, width in (("Line", 50), ("Name", 220), ("Action", 100)):
            self.view.setColumnWidth(self.model.column_of(header), width)
        self.layout_.insertWidget(0, self.summary_label)
        self.layout_.insertWidget(1, self.view, 1)
        self._update()

    def _problem(self) -> str:
        if not any(line.action is not ImportAction.SKIP for line in self.plan.lines):
            return _("Nothing to import: every name is skipped (see Why).")
        return ""
