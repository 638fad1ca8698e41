"""The host's look: built-in themes and any colours a host picks stay readable (7:1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clockapp.core.house import Look
from clockapp.core.look import (
    BUILT_IN,
    CUSTOM_ROLES,
    MIN_CONTRAST,
    LookError,
    check,
    contrast_ratio,
    fit_colours,
    text_pairs,
    theme_named,
)


def _reference_ratio(a: str, b: str) -> float:
    """WCAG 2's formula written out again, independently."""

    def lum(colour: str) -> float:
        def lin(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b_ = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b_)

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize(
    ("a", "b", "ratio"),
    [("#000000", "#ffffff", 21.0), ("#ffffff", "#ffffff", 1.0), ("#777777", "#ffffff", 4.48)],
)
def test_contrast_ratio_matches_the_wcag_examples(a: str, b: str, ratio: float) -> None:
    assert contrast_ratio(a, b) == pytest.approx(ratio, abs=0.01)


@pytest.mark.parametrize("palette", BUILT_IN, ids=lambda p: p.name)
def test_every_built_in_theme_keeps_every_text_at_seven_to_one(palette) -> None:
    assert check(palette) == ()
    for role, surface in text_pairs(palette):
        ratio = _reference_ratio(palette.colours[role], palette.colours[surface])
        assert ratio >= MIN_CONTRAST, (palette.name, role, surface, ratio)


colour = st.integers(0, 0xFFFFFF).map(lambda n: f"#{n:06x}")


@pytest.mark.slow
@given(
    base=st.sampled_from(BUILT_IN),
    chosen=st.dictionaries(st.sampled_from(CUSTOM_ROLES), colour, max_size=len(CUSTOM_ROLES)),
)
def test_any_colours_a_host_picks_are_fitted_until_readable(base, chosen) -> None:
    fitted, notes = fit_colours(base, chosen)
    assert check(fitted) == ()
    for role, surface in text_pairs(fitted):
        ratio = _reference_ratio(fitted.colours[role], fitted.colours[surface])
        assert ratio >= MIN_CONTRAST - 1e-9
    # Every chosen text colour that had to change is named in a note.
    changed = [r for r, c in chosen.items() if fitted.colours[r] != c.lower()]
    assert len(notes) == len(changed)
    # A look stores the fitted colours and reads back the same palette.
    kept = {r: fitted.colours[r] for r in chosen}
    assert Look(theme=base.name, colours=kept).palette().colours == fitted.colours


def test_a_readable_colour_is_kept_as_chosen() -> None:
    fitted, notes = fit_colours(theme_named("night"), {"BLINDS": "#ffe08a"})
    assert fitted.colours["BLINDS"] == "#ffe08a"
    assert notes == ()


def test_an_unreadable_stored_look_or_bad_colour_is_refused() -> None:
    assert check(Look(colours={"TEXT": "#0c0f14"}).palette()) == ()  # stored by hand: fitted
    with pytest.raises(LookError, match="not a colour"):
        fit_colours(theme_named("night"), {"TEXT": "red"})
    with pytest.raises(LookError, match="cannot set"):
        fit_colours(theme_named("night"), {"PANEL": "#000000"})
    with pytest.raises(LookError, match="no theme called"):
        Look(theme="neon")
    with pytest.raises(LookError, match="not readable"):
        Look.from_json("[1]")
