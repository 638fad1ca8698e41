"""Bounty formats and ticket prizes: the host's choices, the wall's and cashier's bounty picture,
the mystery draw's audit and the tickets a player has won (`BountyService`)."""

from clockapp.services.bounties.service import BountyService
from clockapp.services.bounties.views import BountyView, DrawInfo, HeadInfo, TicketWon

__all__ = ["BountyService", "BountyView", "DrawInfo", "HeadInfo", "TicketWon"]
