"""Structures: levels and breaks, the chip set, templates, presets, CSV and JSON import/export."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from clockapp import formats
from clockapp.core.chips import ChipSet
from clockapp.core.clock import apply_structure_edit
from clockapp.core.money.handout import PlannedStacks
from clockapp.core.presets import Preset, parse_preset
from clockapp.core.structure import (
    MAX_ITEMS,
    Item,
    Structure,
    StructureError,
    item_name,
    structure_from_csv,
    structure_from_json,
    structure_to_csv,
    structure_to_json,
)
from clockapp.core.text import LABEL_MAX, NAME_MAX, clean_text
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.paths import resource_path
from clockapp.persistence.codec import (
    chips_to_json,
    stacks_to_json,
    structure_dump,
    structure_load,
)
from clockapp.persistence.models import TemplateRow
from clockapp.persistence.queries import templates
from clockapp.persistence.session import Session
from clockapp.services.backups import backup_before_import
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import (
    load_chips,
    load_clock,
    load_stacks,
    load_structure,
    lock_row,
    save_clock,
    save_structure,
    setup_row,
)

Format = Literal["csv", "json"]


class StructureChangedError(StructureError):
    """The stored structure is no longer the one a save was made over (`replace`'s
    `expected`): another station, or another window, changed it since."""

    def __init__(self) -> None:
        super().__init__("the structure was changed since (on another station?).")


@dataclass(frozen=True)
class TemplateInfo:
    """A saved structure template."""

    id: int
    name: str


@dataclass(frozen=True)
class TournamentSettings:
    """Set-up values the clock display and the cashier read."""

    starting_stack: int
    currency: str
    muted: bool
    announce: bool


def read_settings(session: Session, tournament_id: int) -> TournamentSettings:
    row = setup_row(session, tournament_id)
    return TournamentSettings(
        starting_stack=row.starting_stack,
        currency=row.currency,
        muted=row.muted,
        announce=row.announce,
    )


def _parse(text: str, fmt: Format, name: str | None = None) -> Structure:
    if fmt == "csv":
        return structure_from_csv(text, name=name or "Imported structure")
    if fmt == "json":
        return structure_from_json(text, name=name)
    raise ValidationError(_("Unknown structure format {fmt!r}: use csv or json.").format(fmt=fmt))


def clean_structure(structure: Structure) -> Structure:
    """`structure` with its name, games and labels cleaned as every typed text is (`clean_text`).

    A message names the item as the director sees it, or the file row it was read from.

    Raises:
        TextError: A name, game or label that cannot be stored (broken, invisible, too long).
    """
    name = clean_text(structure.name, "Structure name", NAME_MAX)

    def item(index: int, value: Item) -> Item:
        where = (structure.source_rows or ())[index : index + 1]
        at = where[0] if where else item_name(structure, index)
        label = clean_text(value.label, f"{at}: the label", LABEL_MAX)
        if value.is_break:
            return replace(value, label=label)
        game = clean_text(value.game, f"{at}: the game", LABEL_MAX)
        return replace(value, label=label, game=game)

    levels = tuple(item(i, value) for i, value in enumerate(structure.levels))
    if name == structure.name and levels == structure.levels:
        return structure
    return replace(structure, name=name, levels=levels)


def clean_chips(chips: ChipSet) -> ChipSet:
    """`chips` with each color's name cleaned as every typed text is (`clean_text`).

    Raises:
        TextError: A color name that cannot be stored (broken, invisible, too long).
    """
    denominations = tuple(
        replace(
            d,
            color=clean_text(
                d.color,
                _("Chip T{value}: the color").format(value=formats.number(d.value)),
                LABEL_MAX,
            ),
        )
        for d in chips.denominations
    )
    if denominations == chips.denominations:
        return chips
    return replace(chips, denominations=denominations)


def replace_structure(
    ctx: ServiceContext,
    session: Session,
    tournament_id: int,
    structure: Structure,
    summary: str,
    chips: ChipSet | None = None,
    stacks: PlannedStacks | None = None,
    *,
    starting_stack: int | None = None,
    expected: Structure | None = None,
) -> Outcome[Structure]:
    """Validate and store a new structure inside the caller's transaction.

    The structure must be payable with the tournament's chips (or with `chips`, stored with it in
    the same transaction: a generated structure and the chips it was made for; with `stacks`, the
    stacks it checked against the chips owned, which the cashier then hands out), and while the
    clock has started the items already played must stay as they were (the clock keeps its place
    in the current item). The tournament is locked first: a clock press on another station
    applies before or after. With `starting_stack`, the starting stack is set in the same
    transaction; with `expected`, it is refused unless the stored structure is still that one
    (an undo that must not overwrite another station's edit), checked under the lock.
    """
    check_starting_stack(starting_stack)
    structure = clean_structure(structure)
    if len(structure.levels) > MAX_ITEMS:
        raise ValidationError(
            _(
                "Structure {name!r}: {count} levels and breaks; a structure holds at most "
                "{max_items}."
            ).format(
                name=structure.name,
                count=formats.number(len(structure.levels)),
                max_items=formats.number(MAX_ITEMS),
            )
        )
    lock_row(session, tournament_id)
    now = ctx.now()  # inside the lock
    if expected is not None and load_structure(session, tournament_id) != expected:
        raise StructureChangedError
    if chips is not None:
        chips = clean_chips(chips)
    chip_set = chips if chips is not None else load_chips(session, tournament_id)
    structure.validate_chips(chip_set)
    if stacks is not None:
        check_stacks(stacks, chip_set)
    state = load_clock(session, tournament_id)
    if state.started:
        old = load_structure(session, tournament_id)
        state = apply_structure_edit(state, old, structure, now)
        save_clock(session, tournament_id, state)
    elif state.index >= len(structure.levels):
        save_clock(session, tournament_id, replace(state, index=0, remaining_ms=None))
    save_structure(session, tournament_id, structure)
    flags = Change.STRUCTURE | Change.CLOCK
    if chips is not None:
        row = setup_row(session, tournament_id)
        row.chips_json = chips_to_json(chips)
        session.add(row)
        flags |= Change.CHIPS
    if stacks is not None:
        row = setup_row(session, tournament_id)
        row.stacks_json = stacks_to_json(stacks)
        session.add(row)
        flags |= Change.CHIPS
    if starting_stack is not None:
        row = setup_row(session, tournament_id)
        row.starting_stack = starting_stack
        session.add(row)
        flags |= Change.TOURNAMENT
    changes = record_change(session, tournament_id, flags, summary, now)
    return Outcome(structure, changes)


def check_starting_stack(starting_stack: int | None) -> None:
    """Refuse a starting stack that is not a whole number of chips above 0 (None: unchanged)."""
    if starting_stack is not None and (isinstance(starting_stack, bool) or starting_stack <= 0):
        raise ValidationError(_("The starting stack must be a whole number of chips above 0."))


def check_stacks(stacks: PlannedStacks, chips: ChipSet) -> None:
    """Refuse planned stacks with a chip the chip set does not have."""
    for stack in (stacks.starting, stacks.rebuy, stacks.add_on):
        if stack is not None and not set(stack.values) <= set(chips.values):
            raise ValidationError(
                _("The stack {what} uses chips the chip set does not have.").format(
                    what=stack.describe()
                )
            )


class StructureService:
    """Use cases on a tournament's structure and chips."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    # ---------------------------------------------------------------- structure
    def get(self, tournament_id: int) -> Structure:
        """The tournament's levels and breaks."""
        with self._ctx.reading() as session:
            return load_structure(session, tournament_id)

    def replace(
        self,
        tournament_id: int,
        structure: Structure,
        summary: str = "structure edited",
        *,
        chips: ChipSet | None = None,
        stacks: PlannedStacks | None = None,
        starting_stack: int | None = None,
        expected: Structure | None = None,
    ) -> Outcome[Structure]:
        """Save an edited structure, and with `chips` the chip set it was made for, `stacks`
        the stacks the cashier hands out and `starting_stack`, at once; with `expected`, only
        over that structure (see `replace_structure` for the rules)."""
        with self._ctx.transaction() as session:
            return replace_structure(
                self._ctx,
                session,
                tournament_id,
                structure,
                summary,
                chips,
                stacks,
                starting_stack=starting_stack,
                expected=expected,
            )

    def import_text(
        self, tournament_id: int, text: str, fmt: Format, name: str | None = None
    ) -> Outcome[Structure]:
        """Replace the structure with one read from CSV or JSON text; nothing changes on error."""
        structure = _parse(text, fmt, name)
        backup_before_import(self._ctx, tournament_id)
        with self._ctx.transaction() as session:
            return replace_structure(
                self._ctx, session, tournament_id, structure, f"structure imported ({fmt})"
            )

    def export_text(self, tournament_id: int, fmt: Format) -> str:
        """The structure as CSV or JSON text."""
        structure = self.get(tournament_id)
        if fmt == "csv":
            return structure_to_csv(structure)
        if fmt == "json":
            return structure_to_json(structure)
        raise ValidationError(
            _("Unknown structure format {fmt!r}: use csv or json.").format(fmt=fmt)
        )

    # ---------------------------------------------------------------- chips
    def chip_set(self, tournament_id: int) -> ChipSet:
        """The tournament's chip set."""
        with self._ctx.reading() as session:
            return load_chips(session, tournament_id)

    def planned_stacks(self, tournament_id: int) -> PlannedStacks | None:
        """The stacks the cashier hands out, as planned with the structure (None: none)."""
        with self._ctx.reading() as session:
            return load_stacks(session, tournament_id)

    def set_chip_set(self, tournament_id: int, chips: ChipSet) -> Outcome[ChipSet]:
        """Replace the chip set; refused when a blind or ante could no longer be paid with it,
        or when a color's name cannot be stored (`clean_chips`)."""
        chips = clean_chips(chips)
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            load_structure(session, tournament_id).validate_chips(chips)
            row = setup_row(session, tournament_id)
            row.chips_json = chips_to_json(chips)
            session.add(row)
            changes = record_change(
                session, tournament_id, Change.CHIPS, "chip set edited", self._ctx.now()
            )
        return Outcome(chips, changes)

    # ---------------------------------------------------------------- settings
    def settings(self, tournament_id: int) -> TournamentSettings:
        """The tournament's set-up values."""
        with self._ctx.reading() as session:
            return read_settings(session, tournament_id)

    def update_settings(
        self,
        tournament_id: int,
        *,
        starting_stack: int | None = None,
        currency: str | None = None,
    ) -> Outcome[TournamentSettings]:
        """Change the starting stack or the currency symbol."""
        check_starting_stack(starting_stack)
        if currency is not None:
            currency = clean_text(currency, "Currency symbol", 8)
            if not currency:
                raise ValidationError(_("The currency symbol must be 1 to 8 characters."))
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            row = setup_row(session, tournament_id)
            if starting_stack is not None:
                row.starting_stack = starting_stack
            if currency is not None:
                row.currency = currency
            session.add(row)
            changes = record_change(
                session, tournament_id, Change.TOURNAMENT, "settings edited", self._ctx.now()
            )
            value = read_settings(session, tournament_id)
        return Outcome(value, changes)

    # ---------------------------------------------------------------- templates
    def templates(self) -> tuple[TemplateInfo, ...]:
        """Every saved template, by name."""
        with self._ctx.reading() as session:
            return tuple(TemplateInfo(r.id or 0, r.name) for r in templates.by_name(session))

    def save_template(
        self, name: str, structure: Structure, *, overwrite: bool = False
    ) -> Outcome[TemplateInfo]:
        """Save `structure` under `name` for later tournaments."""
        cleaned = clean_text(name, "Template name", NAME_MAX)
        if not cleaned:
            raise ValidationError(_("A template needs a name."))
        dumped = structure_dump(clean_structure(structure))
        with self._ctx.transaction() as session:
            now = self._ctx.now()
            # The database decides between two stations saving the same name at once.
            new = TemplateRow(name=cleaned, structure_json=dumped, created_at=now)
            row, inserted = templates.save(session, new)
            if not inserted:
                if not overwrite:
                    raise ValidationError(
                        _("A template named {cleaned!r} already exists.").format(cleaned=cleaned)
                    )
                row.structure_json = dumped
                session.add(row)
            assert row.id is not None
            info = TemplateInfo(row.id, cleaned)
            changes = record_change(
                session, None, Change.STRUCTURE, f"template {cleaned} saved", now
            )
        return Outcome(info, changes)

    def template(self, template_id: int) -> Structure:
        """The structure saved in a template."""
        with self._ctx.reading() as session:
            row = templates.get(session, template_id)
            if row is None:
                raise ValidationError(
                    _("Template #{template_id} does not exist.").format(template_id=template_id)
                )
            return structure_load(row.structure_json)

    def apply_template(self, tournament_id: int, template_id: int) -> Outcome[Structure]:
        """Replace the tournament's structure with a template's."""
        with self._ctx.transaction() as session:
            row = templates.get(session, template_id)
            if row is None:
                raise ValidationError(
                    _("Template #{template_id} does not exist.").format(template_id=template_id)
                )
            return replace_structure(
                self._ctx,
                session,
                tournament_id,
                structure_load(row.structure_json),
                f"template {row.name} applied",
            )

    def delete_template(self, template_id: int) -> Outcome[None]:
        """Forget a template (tournaments that used it keep their structure)."""
        with self._ctx.transaction() as session:
            row = templates.get(session, template_id)
            if row is None:
                raise ValidationError(
                    _("Template #{template_id} does not exist.").format(template_id=template_id)
                )
            templates.delete(session, row)
            changes = record_change(
                session, None, Change.STRUCTURE, f"template {row.name} deleted", self._ctx.now()
            )
        return Outcome(None, changes)

    # ---------------------------------------------------------------- presets
    def presets(self) -> tuple[str, ...]:
        """The names of the shipped preset structures."""
        folder = resource_path("presets")
        return tuple(sorted(p.stem for p in folder.glob("*.json")))

    def preset_info(self, name: str) -> Preset:
        """A shipped preset: its structure, chip set, starting stack and description.

        `name` is the file's name ("turbo_t5000") or the key `clockapp structure presets`
        lists ("turbo-t5000"): the director types what he was shown.
        """
        # Only a name from the list: never a path built from whatever was typed (too long for
        # the file system, or "../" out of the presets folder).
        names = self.presets()
        stem = name if name in names else name.replace("-", "_")
        if stem not in names:
            raise ValidationError(
                _(
                    "There is no preset called {name!r}; `clockapp structure presets` lists them."
                ).format(name=name[:80])
            )
        path = resource_path("presets", f"{stem}.json")
        return parse_preset(path.read_text(encoding="utf-8"), key=stem)

    def preset(self, name: str) -> Structure:
        """A shipped preset's structure."""
        return self.preset_info(name).structure

    def apply_preset(self, tournament_id: int, name: str) -> Outcome[Structure]:
        """Use a shipped preset: its structure, chip set and starting stack, in one transaction."""
        preset = self.preset_info(name)
        with self._ctx.transaction() as session:
            row = setup_row(session, tournament_id)
            row.chips_json = chips_to_json(preset.chip_set)
            row.starting_stack = preset.starting_stack
            row.stacks_json = None  # stacks planned for other chips: the cashier works them out
            session.add(row)
            session.flush()
            outcome = replace_structure(
                self._ctx, session, tournament_id, preset.structure, f"preset {preset.name} applied"
            )
            changes = replace(outcome.changes, what=outcome.changes.what | Change.CHIPS)
        return Outcome(outcome.value, changes)
