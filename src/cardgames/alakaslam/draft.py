"""The draft: a writable copy of a state while one move is applied (engine, not rules).

``apply_move`` copies the state into a :class:`Draft`, one rule function of a chapter module
changes it, and :meth:`Draft.finish` freezes it into the next state; the old state is never
touched. The draft also does the bookkeeping every chapter shares: taking and drawing cards,
the discard pile, and handing the decision to the next player of the queue.

:class:`Draft` is the readable form: an object of its own, which copies every field twice (in,
then out). ``_fast.draft_of`` gives the same draft for half the copying: a writable twin of
the next state itself (see :func:`cardgames._engine.writable_twin`) with the Draft's
functions, which becomes a plain :class:`State` when the move is done.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgames._draft import draft_freezer, draft_loader, draft_slots
from cardgames.alakaslam.cards import Card, Character
from cardgames.alakaslam.config import Config, deck_cards, team
from cardgames.alakaslam.court import Cell, Court, court_for
from cardgames.alakaslam.moves import Move
from cardgames.alakaslam.state import Bind, Phase, Point, State, has_ability
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = ["TRUSTED", "Draft", "load_state"]

# Enum members read on the move path, as module names: on Python 3.11 reading a member
# through its class costs about as much as a function call.
_MULLIGAN = Phase.MULLIGAN

#: The memo of a state that is trusted (made by the rules, or checked once) but whose legal
#: moves are not worked out yet.
TRUSTED = object()


#: Copy a state's fields onto a draft (the readable one, or the twin of ``_fast.draft_of``).
load_state = draft_loader(State)


class Draft:
    """The fields of a :class:`State`, writable, for the length of one ``apply_move``."""

    __slots__ = draft_slots(State)

    # The types of the slots (the state's fields, by name), for the type checker.
    ball: Cell | None
    binds: tuple[int, ...]
    characters: tuple[Character, ...]
    config: Config
    copied: Character | None
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    discards_left: int
    free_step: bool
    hands: tuple[tuple[Card, ...], ...]
    hitter: int | None
    last_move: Move | None
    last_mover: int | None
    last_point: Point | None
    locked: bool
    meddled: bool
    moved: tuple[int, ...]
    pending: tuple[Bind, ...]
    phase: Phase
    played: tuple[Card, ...]
    positions: tuple[Cell, ...]
    queue: tuple[int, ...]
    result: Outcome | None
    rng: Rng
    score: tuple[int, int]
    server: int | None
    serving: bool
    shots: int
    to_move: int | None

    def __init__(self, s: State) -> None:
        load_state(self, s)

    @classmethod
    def blank(cls, config: Config, rng: Rng) -> Draft:
        """A draft of a match before anything is dealt: the whole deck in order (the readable
        form of ``_fast.blank_draft``)."""
        empty = State(
            config=config,
            phase=_MULLIGAN,
            to_move=0,
            queue=(),
            characters=(),
            copied=None,
            deck=deck_cards(config),
            discard=(),
            hands=((),) * config.players,
            positions=(),
            ball=None,
            score=(0, 0),
            server=None,
            rng=rng,
        )
        return cls(empty)

    finish = draft_freezer(
        State, fixed={"_memo": TRUSTED}, doc="The state this draft describes, trusted by the rules."
    )

    # -- reading the draft like a state --

    def has(self, player: int, character: Character) -> bool:
        """Whether ``player`` has ``character``'s ability now (Simon's copy counts)."""
        return has_ability(self, player, character)

    @property
    def court(self) -> Court:
        """The court of this match's width."""
        return court_for(self.config.columns)

    def team(self, side: int) -> tuple[int, ...]:
        """The players of ``side``, in seat order."""
        return team(self.config.players, side)

    # -- cards --

    def take(self, player: int, cards: Iterable[Card]) -> None:
        """Take ``cards`` out of a player's hand (they hold them: the move was legal)."""
        hands = list(self.hands)
        hand = list(hands[player])
        for card in cards:
            hand.remove(card)
        hands[player] = tuple(hand)
        self.hands = tuple(hands)

    def place(self, player: int, to: Cell) -> None:
        """Put ``player``'s character on cell ``to``."""
        positions = list(self.positions)
        positions[player] = to
        self.positions = tuple(positions)

    def set_hand(self, player: int, hand: tuple[Card, ...]) -> None:
        """Give ``player`` this (sorted) hand."""
        hands = list(self.hands)
        hands[player] = hand
        self.hands = tuple(hands)

    def draw(self, player: int, count: int, from_discard: int = 0) -> None:
        """``player`` draws ``count`` cards, the first ``from_discard`` of them off the top of
        the discard pile while it has cards; the deck is rebuilt from the discard pile when it
        runs out, and drawing stops when both are empty.

        The cards come off a pile's end a run at a time (the hand is sorted, so their order
        does not matter): the same cards as drawing them one by one, for one slice a pile.
        """
        drawn: tuple[Card, ...] = ()
        if from_discard and self.discard:
            recycled = min(count, from_discard, len(self.discard))
            if recycled > 0:
                drawn = self.discard[-recycled:]
                self.discard = self.discard[:-recycled]
                count -= recycled
        while count > 0:
            deck = self.deck
            if not deck:
                if not self.discard:
                    break
                deck, self.rng = self.rng.shuffled(self.discard)
                self.discard = ()
            if count < len(deck):
                drawn += deck[-count:]
                self.deck = deck[:-count]
                break
            drawn += deck  # the whole deck, and the discard pile reshuffled for the rest
            self.deck = ()
            count -= len(deck)
        if drawn:
            hands = list(self.hands)
            hands[player] = tuple(sorted(hands[player] + drawn))
            self.hands = tuple(hands)

    def to_discard(self, cards: Iterable[Card]) -> None:
        """Put ``cards`` face up on the discard pile, the last on top."""
        self.discard = (*self.discard, *cards)

    # -- who decides --

    def new_turn(self) -> None:
        """A side's turn begins: its free step unused, nobody moved, Toots' meddle unused."""
        self.free_step, self.moved, self.meddled = True, (), False

    def next_in_queue(self) -> bool:
        """Hand the decision to the next player of the queue; False when it is empty."""
        if not self.queue:
            return False
        self.to_move, self.queue = self.queue[0], self.queue[1:]
        return True
