"""The draft of a Le Rally state: the fields of a :class:`~.state.State`, writable, for the
length of one ``apply_move``, with the table's chores the rules ask of it (taking cards from a
hand, picking up from the deck, clearing the pile).

``apply_move`` copies the state into a :class:`Draft`, lets one rule change it and freezes it
into the next state; the old state is never touched.
"""

from __future__ import annotations

from cardgames._draft import draft_freezer, draft_loader, draft_slots
from cardgames.game import Outcome
from cardgames.lerally import _fast
from cardgames.lerally.cards import Card, Section
from cardgames.lerally.checks import TRUSTED
from cardgames.lerally.config import Config
from cardgames.lerally.moves import Move
from cardgames.lerally.state import RallyWin, Score, State
from cardgames.rng import Rng

__all__ = ["Draft", "next_player"]


_load = draft_loader(State)


def next_player(config: Config, player: int) -> int:
    """The player on ``player``'s left, who plays after them."""
    return (player + 1) % config.players


class Draft:
    """The fields of a :class:`State`, writable, for the length of one ``apply_move``."""

    __slots__ = draft_slots(State)

    # The types of the slots (the state's fields), for the type checker.
    attack: Card | None
    attack_total: int
    ball: Section | None
    cleared: tuple[Card, ...]
    config: Config
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    last: int | None
    last_move: Move | None
    last_mover: int | None
    last_rally: RallyWin | None
    leading: bool
    pile: tuple[Card, ...]
    plays: int
    result: Outcome | None
    rng: Rng
    score: Score
    server: int
    to_move: int | None

    def __init__(self, s: State) -> None:
        _load(self, s)

    @classmethod
    def blank(cls, config: Config, server: int, rng: Rng) -> Draft:
        """A draft of a new match before its first deal: no cards anywhere, no points,
        ``server`` to deal."""
        d = cls(_fast.empty_table(config, server))
        d.rng = rng
        return d

    finish = draft_freezer(
        State, fixed={"_memo": TRUSTED}, doc="The next state, trusted as the rules made it."
    )

    def take(self, player: int, card: Card, count: int = 1) -> None:
        """``player`` plays ``count`` copies of ``card`` from their hand.

        The hand is sorted, so the copies sit together from the first one on; the rules only
        ask for copies the player holds.
        """
        hands = list(self.hands)
        hand = hands[player]
        at = hand.index(card)
        hands[player] = hand[:at] + hand[at + count :]
        self.hands = tuple(hands)

    def _set_hand(self, player: int, hand: tuple[Card, ...]) -> None:
        hands = list(self.hands)
        hands[player] = hand
        self.hands = tuple(hands)

    def pick_up(self, player: int, count: int) -> None:
        """``player`` picks up ``count`` cards off the deck; the cleared cards are shuffled into
        a new deck when it runs out, and picking up stops when both are empty.

        The cards come off the deck's end a run at a time (the hand is sorted, so their order
        does not matter): a pick-up of thousands of cards costs one pass, not one per card.
        """
        drawn: tuple[Card, ...] = ()
        while count > 0:
            if not self.deck:
                if not self.cleared:
                    break
                self.deck, self.rng = self.rng.shuffled(self.cleared)
                self.cleared = ()
            take = min(count, len(self.deck))
            drawn += self.deck[-take:]
            self.deck = self.deck[:-take]
            count -= take
        if drawn:
            self._set_hand(player, tuple(sorted(self.hands[player] + drawn)))

    def end_exchange(self, leader: int) -> None:
        """Clear the pile; ``leader`` starts the next exchange."""
        self.cleared = self.cleared + self.pile
        self.pile = ()
        self.ball, self.attack, self.attack_total, self.last = None, None, 0, None
        self.to_move, self.leading = leader, True
