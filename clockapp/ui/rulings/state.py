"""What the director has entered for one dispute, as a frozen value the window re-renders.

The rulings window keeps one `Dispute` and replaces it on every edit (place a card, type a hand,
change a bet), so the view never holds state of its own that could disagree with the answer shown.
Nothing here imports Qt: the rules of card entry are checked in plain tests.

Cards are held as their two-character text (`"As"`, `"Td"`): the picker and the slots show them,
and `clockapp.poker.parse_cards` reads them back for the evaluator.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from clockapp.i18n import gettext as _

RANKS = "AKQJT98765432"  # the picker's column order, highest first
SUITS = "shdc"
MAX_PLAYERS = 10
MAX_SEAT = 10
BOARD_SIZE = 5
BOARD = -1  # the `target` that means the board rather than a player's hand


class Game(enum.StrEnum):
    """The games the window can rule on; the value is what `clockapp.poker` calls the game."""

    HOLDEM = "holdem"
    OMAHA = "omaha"

    @property
    def hole_cards(self) -> int:
        """How many cards each player holds."""
        return 4 if self is Game.OMAHA else 2

    @property
    def spoken(self) -> str:
        """The game's name as the director says it (`title` would hide `str.title`)."""
        return _("Omaha") if self is Game.OMAHA else _("Hold'em")


def all_cards() -> tuple[str, ...]:
    """The 52 cards in picker order: by suit, then rank from the ace down.

    >>> all_cards()[:3], len(all_cards())
    (('As', 'Ks', 'Qs'), 52)
    """
    return tuple(rank + suit for suit in SUITS for rank in RANKS)


@dataclass(frozen=True)
class Player:
    """One seat in the dispute.

    Attributes:
        seat: The seat number at the table (1..10), unique in the dispute.
        name: An optional name the table uses ("Bob").
        cards: The hole cards known so far (up to the game's count).
        bet: The chips the seat put in during the whole hand.
        folded: The seat folded: its chips stay in the pot but it can win nothing.
        place: The finishing order the director gives when the cards are not known (1 = best,
            equal numbers tie); None when not given.
        set_aside: Hole cards a switch to a game with fewer put aside (Omaha to Hold'em): the
            switch back brings them back, unless they were dealt elsewhere meanwhile.
    """

    seat: int
    name: str = ""
    cards: tuple[str, ...] = ()
    bet: int = 0
    folded: bool = False
    place: int | None = None
    set_aside: tuple[str, ...] = field(default=(), repr=False)

    @property
    def label(self) -> str:
        """`Seat 3 Bob`, or `Seat 3` without a name."""
        if not self.name:
            return _("Seat {seat}").format(seat=self.seat)
        return _("Seat {seat} {name}").format(seat=self.seat, name=self.name)

    @property
    def short(self) -> str:
        """The name, or `Seat 3` without one: for the pot table."""
        return self.name or _("Seat {seat}").format(seat=self.seat)


def _default_players() -> tuple[Player, ...]:
    return (Player(seat=1), Player(seat=2))


#: The unit of a dispute nobody set a chip for (it follows the tournament's smallest chip).
DEFAULT_CHIP = 1


@dataclass(frozen=True)
class Dispute:
    """The cards, chips and order the director has entered.

    Attributes:
        game: Hold'em or Omaha.
        board: The community cards, in the order dealt (up to five).
        players: The seats involved, in the order shown.
        target: Where the next picked card goes: `BOARD` or a player's index.
        button: The dealer button's seat number, or None when not known.
        dead: Chips already in the middle that belong to no seat (antes, a folded seat's chips
            the director did not enter as a player).
        chip: The smallest chip in play: the unit of an odd chip.
    """

    game: Game = Game.HOLDEM
    board: tuple[str, ...] = ()
    players: tuple[Player, ...] = field(default_factory=_default_players)
    target: int = BOARD
    button: int | None = None
    dead: int = 0
    chip: int = DEFAULT_CHIP

    # ---------------------------------------------------------------- reading

    def slots(self, target: int) -> int:
        """How many cards `target` (the board or a player) holds when complete."""
        return BOARD_SIZE if target == BOARD else self.game.hole_cards

    def cards_of(self, target: int) -> tuple[str, ...]:
        """The cards entered for `target`."""
        return self.board if target == BOARD else self.players[target].cards

    def name_of(self, target: int) -> str:
        """`the board` or `Seat 3 Bob`: for messages."""
        return _("the board") if target == BOARD else self.players[target].label

    def used(self) -> dict[str, int]:
        """Every card entered, with where it is (`BOARD` or a player's index)."""
        where = {card: BOARD for card in self.board}
        for index, player in enumerate(self.players):
            where.update({card: index for card in player.cards})
        return where

    def targets(self) -> tuple[int, ...]:
        """Every place a card can go, in the order the picker fills them: players, then board."""
        return (*range(len(self.players)), BOARD)

    def is_full(self, target: int) -> bool:
        """`target` holds all its cards."""
        return len(self.cards_of(target)) >= self.slots(target)

    # ---------------------------------------------------------------- editing

    def with_cards(self, target: int, cards: tuple[str, ...]) -> Dispute:
        """`target` holds exactly `cards` (checked by the caller against `conflicts`)."""
        if target == BOARD:
            return replace(self, board=cards)
        players = list(self.players)
        # A hand entered anew: the cards a game switch put aside are not that hand's any more.
        players[target] = replace(players[target], cards=cards, set_aside=())
        return replace(self, players=tuple(players))

    def conflicts(self, target: int, cards: tuple[str, ...]) -> str | None:
        """Why `target` cannot hold `cards`, in a director's words, or None when it can.

        >>> d = Dispute().with_cards(0, ("As", "Kd"))
        >>> print(d.conflicts(BOARD, ("Qh", "As")))
        As is already in Seat 1's hand.
        >>> print(Dispute().conflicts(0, ("As", "Kd", "Qh")))
        Seat 1 holds 2 cards in Hold'em, not 3.
        """
        if len(cards) > self.slots(target):
            if target == BOARD:
                return _("The board has at most 5 cards, not {count}.").format(count=len(cards))
            return _("{seat} holds {slots} cards in {game}, not {count}.").format(
                seat=self.name_of(target),
                slots=self.slots(target),
                game=self.game.spoken,
                count=len(cards),
            )
        seen: set[str] = set()
        for card in cards:
            if card in seen:
                return _("{card} is entered twice.").format(card=card)
            seen.add(card)
        used = self.used()
        for card in cards:
            where = used.get(card)
            if where is not None and where != target:
                if where == BOARD:
                    return _("{card} is already on the board.").format(card=card)
                return _("{card} is already in {seat}'s hand.").format(
                    card=card, seat=self.name_of(where)
                )
        return None

    def place_card(self, card: str) -> Dispute:
        """Put `card` in the next empty slot of the target, or of the next target with room.

        After the target fills up, the target moves on to the next one with an empty slot, so
        a director can click a whole hand out without touching anything else. A card already
        used, or no empty slot anywhere, leaves the dispute as it is.

        >>> d = Dispute().place_card("As").place_card("Kd")
        >>> d.board, d.target
        (('As', 'Kd'), -1)
        >>> d = Dispute(target=0).place_card("As").place_card("Kd")
        >>> d.players[0].cards, d.target
        (('As', 'Kd'), 1)
        """
        if card in self.used():
            return self
        target = self._next_open(self.target)
        if target is None:
            return self
        placed = self.with_cards(target, (*self.cards_of(target), card))
        after = placed._next_open(target)
        return replace(placed, target=target if after is None else after)

    def _next_open(self, start: int) -> int | None:
        """`start` if it has room, else the next target (in `targets` order) that has."""
        order = self.targets()
        first = order.index(start) if start in order else 0
        for step in range(len(order)):
            target = order[(first + step) % len(order)]
            if not self.is_full(target):
                return target
        return None

    def remove_card(self, card: str) -> Dispute:
        """Take `card` back to the deck from wherever it is; the target moves to that place."""
        where = self.used().get(card)
        if where is None:
            return self
        left = tuple(c for c in self.cards_of(where) if c != card)
        return replace(self.with_cards(where, left), target=where)

    def remove_last(self) -> Dispute:
        """Take back the target's last card (Backspace)."""
        cards = self.cards_of(self.target)
        return self.remove_card(cards[-1]) if cards else self

    def with_target(self, target: int) -> Dispute:
        """Aim the picker at `target`."""
        if target != BOARD and not 0 <= target < len(self.players):
            raise IndexError(f"no player {target}")
        return replace(self, target=target)

    def with_game(self, game: Game) -> Dispute:
        """Switch games; hands longer than the new game allows keep their first cards and put
        the rest aside, for a switch back (the toggle loses no card).

        >>> d = Dispute(game=Game.OMAHA).with_cards(0, ("Ah", "7c", "7d", "2s"))
        >>> d.with_game(Game.HOLDEM).players[0].cards
        ('Ah', '7c')
        >>> d.with_game(Game.HOLDEM).with_game(Game.OMAHA).players[0].cards
        ('Ah', '7c', '7d', '2s')
        """
        used = set(self.used())
        players = []
        for p in self.players:
            if len(p.cards) > game.hole_cards:
                kept, aside = p.cards[: game.hole_cards], p.cards[game.hole_cards :]
                players.append(replace(p, cards=kept, set_aside=aside + p.set_aside))
                continue
            back = tuple(c for c in p.set_aside if c not in used)
            room = game.hole_cards - len(p.cards)
            players.append(replace(p, cards=p.cards + back[:room], set_aside=back[room:]))
        return replace(self, game=game, players=tuple(players))

    def with_player(self, index: int, **changes: object) -> Dispute:
        """Change one player's seat, name, bet, folded flag or place."""
        players = list(self.players)
        players[index] = replace(players[index], **changes)  # type: ignore[arg-type]
        return replace(self, players=tuple(players))

    def add_player(self, names: Mapping[int, str] | None = None) -> Dispute:
        """Add a player on the lowest free seat (at most ten players).

        With `names` (a table's seated players by seat), the lowest seated seat not yet in the
        dispute is taken first, with its player's name.

        >>> Dispute().add_player().players[-1]
        Player(seat=3, name='', cards=(), bet=0, folded=False, place=None)
        >>> Dispute().add_player({2: "Ann", 6: "Bob"}).players[-1].label
        'Seat 6 Bob'
        """
        if len(self.players) >= MAX_PLAYERS:
            return self
        names = names or {}
        taken = {p.seat for p in self.players}
        seated = [s for s in sorted(names) if s <= MAX_SEAT and s not in taken]
        empty = [s for s in range(1, MAX_SEAT + 1) if s not in taken]
        seat = (seated or empty)[0]
        player = Player(seat=seat, name=names.get(seat, ""))
        return replace(self, players=(*self.players, player))

    def at_table(self, names: Mapping[int, str], button: int | None) -> Dispute:
        """The dispute at a known table: names and the button come from the seating.

        Each player sitting on a seated seat takes that seat's name; a player on an empty seat
        moves to the lowest seated seat not yet in the dispute (a new dispute's seats 1 and 2
        become the table's first two players). Cards, bets and folds stay.

        >>> table = {2: "Ann", 5: "Bob", 7: "Cy"}
        >>> d = Dispute().at_table(table, button=7)
        >>> [p.label for p in d.players], d.button
        (['Seat 2 Ann', 'Seat 5 Bob'], 7)
        """
        usable = {s: n for s, n in names.items() if 1 <= s <= MAX_SEAT}
        kept = {p.seat for p in self.players if p.seat in usable}
        free = iter(s for s in sorted(usable) if s not in kept)
        players = []
        for player in self.players:
            seat = player.seat if player.seat in usable else next(free, player.seat)
            players.append(replace(player, seat=seat, name=usable.get(seat, player.name)))
        # Round the table in seat order; the picker keeps aiming at the same player.
        order = sorted(range(len(players)), key=lambda i: players[i].seat)
        target = self.target if self.target == BOARD else order.index(self.target)
        return replace(self, players=tuple(players[i] for i in order), button=button, target=target)

    def remove_player(self, index: int) -> Dispute:
        """Drop a player (their cards go back to the deck); at least one player stays."""
        if len(self.players) <= 1:
            return self
        players = self.players[:index] + self.players[index + 1 :]
        target = self.target
        if target == index:
            target = BOARD
        elif target > index:
            target -= 1
        return replace(self, players=players, target=target)

    def duplicate_seats(self) -> tuple[int, ...]:
        """Seat numbers given to more than one player (the pots need each seat once)."""
        seats = [p.seat for p in self.players]
        return tuple(sorted({s for s in seats if seats.count(s) > 1}))
