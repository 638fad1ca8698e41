"""Poker rules for rulings at the table: cards, hand values, showdowns, side pots and odds.

Pure Python and numpy, no I/O beyond reading the shipped lookup tables, no Qt.

>>> from clockapp.poker import showdown, settle, equity
>>> showdown("2s Ah Ac Th Jh", ["As Ad", "Kh Qh"]).winners
(1,)
>>> settle([40, 10, 40], [False] * 3, [[1], [2], [0]], button=0, dead_money=20).payouts
(0, 50, 60)
>>> round(equity(["As Ad", "Kh Qh"])[0].share, 2)
0.82
"""

from __future__ import annotations

from clockapp.poker.cards import CARDS, Card, Suit, as_cards, format_cards, parse_cards
from clockapp.poker.equity import Equity, HandEquity, equity
from clockapp.poker.errors import CardError, PokerError, SettleError
from clockapp.poker.evaluator import (
    Category,
    Game,
    HandValue,
    describe_strength,
    evaluate,
    strength,
    strengths,
)
from clockapp.poker.pots import Pot, Settlement, Share, UncalledBet, settle
from clockapp.poker.showdown import Showdown, showdown

__all__ = [
    "CARDS",
    "Card",
    "CardError",
    "Category",
    "Equity",
    "Game",
    "HandEquity",
    "HandValue",
    "PokerError",
    "Pot",
    "SettleError",
    "Settlement",
    "Share",
    "Showdown",
    "Suit",
    "UncalledBet",
    "as_cards",
    "describe_strength",
    "equity",
    "evaluate",
    "format_cards",
    "parse_cards",
    "settle",
    "showdown",
    "strength",
    "strengths",
]
