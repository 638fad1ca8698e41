"""Poker errors are the same kind of error as every other broken rule."""

from __future__ import annotations

import pytest

from clockapp.errors import DomainError
from clockapp.poker import parse_cards


def test_a_bad_card_is_a_domain_error_naming_the_text() -> None:
    with pytest.raises(DomainError, match="Zz"):
        parse_cards("As Zz")
