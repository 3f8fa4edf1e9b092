"""The draft: a mutable copy of an Alakazum! state that one move works on, and the small pieces
every chapter of the rules uses with it.

``apply_move`` copies the state into a draft; the chapter modules (:mod:`.turn`,
:mod:`.combat`, :mod:`.spells`...) change it and its ``finish`` freezes it into the next state,
so the old state is never touched. :class:`Draft` is the readable form, which the reference
(:mod:`.reference`) plays on; the move path works on :func:`draft_of`'s twin of the next state,
which has the Draft's methods and gives the same next state for about half the work. Each step
of a chapter says with a :class:`Next` what the turn does after it;
:func:`cardgames.alakazum.turn.carry_on` does it.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

from cardgames._draft import draft_freezer, draft_loader, draft_slots
from cardgames._engine import slot_filler
from cardgames.alakazum import _fast
from cardgames.alakazum._fast import new_member, with_level
from cardgames.alakazum.cards import DIE_SIDES, Card, Culture, Enemy, Level
from cardgames.alakazum.config import Config
from cardgames.alakazum.moves import Move, Spell
from cardgames.alakazum.state import TRUSTED, Combat, Member, Phase, State
from cardgames.game import Outcome
from cardgames.rng import Rng, draw_below

__all__ = [
    "ATTACKER",
    "DEFENDER",
    "DIE_SIDES",
    "TRUSTED",
    "CombatDraft",
    "CombatLike",
    "Draft",
    "Next",
    "by_name",
    "can_leave",
    "can_rise",
    "distinct",
    "draft_of",
    "faces",
    "main_character",
    "new_member",
    "side_owner",
    "start_combat",
    "with_level",
]

#: The side of a combat of the player whose turn it is.
ATTACKER = 0
#: The side of a combat of the forest's character, or of the other player's.
DEFENDER = 1

_LEVEL_C = Level.C
# The level above each level but C (Level(n) is a call into the enum machinery).
_LEVEL_ABOVE = (Level.B, Level.C)
_PHASE_OVER = Phase.OVER


class Next(Enum):
    """What the turn does once a step of the rules is done."""

    #: Nothing more: a player decides now (the phase says what), or the game is over.
    DECIDE = "decide"
    #: Go on with the turn: the next action, else the Alakazum, else the next turn.
    CONTINUE = "continue"
    #: The turn is over: the next player's begins.
    END_TURN = "end turn"


# The chapters read Next's members (and other enum members in their hot paths) as module
# constants (``_DECIDE = Next.DECIDE``): on Python 3.11 the enum type defines ``__getattr__``,
# which makes every read off an enum class a call, where a module constant is one lookup.


_load = draft_loader(State, leave=("combat",))
# A generator made at the end of a move that drew, as attrs' __init__ would make it.
_rng = slot_filler(Rng)
_load_combat = draft_loader(Combat)


class CombatDraft:
    """A combat being worked on during one move: :class:`Combat`'s fields, changed in place and
    frozen into a ``Combat`` when the move is done."""

    __slots__ = draft_slots(Combat)

    # The types of the slots (the combat's fields, by name), for the type checker.
    attacker: int
    bonus: int
    defender: int | None
    fighter: str | None
    opponent: Card
    passes: int
    points: tuple[int, int]
    potions: tuple[tuple[int, Card, int], ...]
    roll: int
    roller: int | None
    rolls: tuple[int, ...]
    supports: tuple[str | None, str | None]
    to_act: int

    def __init__(self, combat: Combat) -> None:
        _load_combat(self, combat)

    @classmethod
    def start(
        cls, attacker: int, defender: int | None, opponent: Card, points: int = 0, roll: int = 0
    ) -> CombatDraft:
        """A new combat of ``attacker`` against ``opponent`` (of ``defender``, or the forest),
        whose side starts with ``points`` (and ``roll``, the die rolled for them, if any)."""
        fight: CombatDraft = _fill_combat(
            cls.__new__(cls), attacker, defender, opponent, points, roll
        )
        return fight

    freeze = draft_freezer(Combat, doc="The combat as a frozen :class:`Combat`.")


#: A combat, frozen in a state or worked on in a draft: what the questions about one read.
CombatLike = Combat | CombatDraft

# The next state, of the draft's fields but those it keeps in a form of its own.
_freeze = draft_freezer(State, given=("rng", "combat", "_memo"))


class Draft:
    """The parts of a state a move changes; ``finish`` freezes it into the next state."""

    __slots__ = draft_slots(State, "rng_state", "moves")

    # The types of the slots, for the type checker: the state's fields (by name), but the
    # combat, kept as a draft of its own...
    actions: int
    active: int
    cemetery: tuple[Card, ...]
    config: Config
    deja_vu: bool
    enemies: tuple[Enemy, ...]
    enemy_up: tuple[bool, ...]
    exchanges: tuple[int, ...]
    failed: Culture | None
    forest: tuple[Card, ...]
    fought: tuple[Combat, ...]
    giving: int
    hands: tuple[tuple[Card, ...], ...]
    held: tuple[Card, ...]
    known: tuple[frozenset[int], ...]
    last_move: Move | None
    last_mover: int | None
    market: tuple[Card, ...]
    pending: Move | None
    phase: Phase
    removed: tuple[Card, ...]
    result: Outcome | None
    rng: Rng
    roll: int | None
    santa: int
    seen: tuple[int, ...]
    spell: Spell | None
    start_row: tuple[Card, ...]
    taking: int
    teams: tuple[tuple[Member, ...], ...]
    to_move: int | None
    turn: int
    combat: CombatDraft | None
    # ... and the draft's own: the random generator's state as a bare int, drawn from by the
    # rules (an Rng is made of it at the end), and the next player's moves, when the rules
    # already worked them out to set the phase.
    rng_state: int
    moves: tuple[Move, ...] | None

    def __init__(self, state: State) -> None:
        _load(self, state)
        combat = state.combat
        self.combat = None if combat is None else CombatDraft(combat)
        self.rng_state = state.rng.state
        self.moves = None

    def finish(self) -> State:
        """The next state, made of the draft's parts."""
        rng = self.rng if self.rng_state == self.rng.state else _rng(self.rng_state)
        combat = None if self.combat is None else self.combat.freeze()
        return _freeze(self, rng, combat, TRUSTED if self.moves is None else self.moves)

    # --- chance ---------------------------------------------------------------------------

    def die(self) -> int:
        """A roll of the die, 1 to 6."""
        value, self.rng_state = draw_below(self.rng_state, DIE_SIDES)
        return value + 1

    def shuffle_into_forest(self, card: Card) -> None:
        """Put ``card`` into the forest deck and shuffle it. While nobody knows anything of
        the deck's order, every order is equally likely to every player, so putting the card
        in at a random place is the same shuffle (and far cheaper than reordering the deck);
        once a player knows its top cards, the whole deck is reshuffled."""
        if any(self.seen):
            self.forest, rng = Rng(self.rng_state).shuffled((*self.forest, card))
            self.rng_state = rng.state
            self.seen = (0,) * self.config.players
            return
        place, self.rng_state = draw_below(self.rng_state, len(self.forest) + 1)
        forest = list(self.forest)  # a copy to insert into: cheaper than two slices joined
        forest.insert(place, card)
        self.forest = tuple(forest)

    # --- cards ----------------------------------------------------------------------------

    # The tuples of hands and teams are rebuilt from a list copy: three calls at C speed, where
    # slicing around the changed place and joining the pieces costs about twice as much.

    def set_hand(self, player: int, hand: tuple[Card, ...]) -> None:
        """``player``'s hand is now ``hand``."""
        hands = list(self.hands)
        hands[player] = hand
        self.hands = tuple(hands)

    def set_team(self, player: int, team: tuple[Member, ...]) -> None:
        """``player``'s team is now ``team``."""
        teams = list(self.teams)
        teams[player] = team
        self.teams = tuple(teams)

    # Hands are sorted by name, and halved without a key: a Card is a tuple whose first field
    # is its name, and the cards of one name are one card in a config (its check refuses two
    # different cards of one name), so tuples compare as their names do, at C speed, where a
    # key would be a call per step.

    def add_to_hand(self, player: int, *cards: Card) -> None:
        """Put ``cards`` into ``player``'s hand, in its order by name."""
        hands = list(self.hands)
        hand = list(hands[player])
        for card in cards:  # hands stay sorted by name (after the cards of the same name)
            bisect.insort_right(hand, card)
        hands[player] = tuple(hand)
        self.hands = tuple(hands)

    def take_from_hand(self, player: int, name: str) -> Card:
        """Take the card named ``name`` out of ``player``'s hand."""
        hands = list(self.hands)
        hand = list(hands[player])
        # The first card of that name, found by halving: the tuple (name,) comes after every
        # card of a name before it and before every card of that name.
        probe: Any = (name,)
        at = bisect.bisect_left(hand, probe)
        assert hand[at].name == name, "no card of that name in the hand"
        card = hand.pop(at)
        hands[player] = tuple(hand)
        self.hands = tuple(hands)
        return card

    def to_market(self, *cards: Card) -> None:
        """Put ``cards`` on top of the market deck, in order."""
        self.market = self.market + cards

    def draw_forest(self) -> Card | None:
        """The top card of the forest deck, or ``None`` (and the game lost) if none is left."""
        if not self.forest:
            self.end(Outcome.all_lose(self.config.players, "the forest deck ran out"))
            return None
        card = self.forest[-1]
        self.forest = self.forest[:-1]
        if any(self.seen):
            self.seen = tuple(max(0, s - 1) for s in self.seen)
        return card

    def draw_market(self, player: int, count: int) -> None:
        """``player`` takes ``count`` cards (or all there are) from the market deck's top."""
        market = self.market
        count = min(count, len(market))
        if count:
            self.market = market[:-count]
            self.add_to_hand(player, *reversed(market[-count:]))

    # --- teams ----------------------------------------------------------------------------

    def member(self, player: int, name: str) -> tuple[int, Member]:
        """The place and the member of the character ``name`` in ``player``'s team."""
        # Teams are small: a scan is cheaper than hashing the team for a table, or than
        # gathering its names to search them at C speed; counting the place by hand is cheaper
        # than enumerate's pairs.
        i = 0
        for member in self.teams[player]:
            if member.card.name == name:
                return i, member
            i += 1  # noqa: SIM113 (enumerate costs more here)
        raise AssertionError(f"{name} is not in player {player}'s team")  # pragma: no cover

    def set_member(self, player: int, index: int, member: Member) -> None:
        """The member at place ``index`` of ``player``'s team is now ``member``."""
        team = list(self.teams[player])
        team[index] = member
        teams = list(self.teams)
        teams[player] = tuple(team)
        self.teams = tuple(teams)

    def remove_member(self, player: int, index: int) -> Member:
        """Take the member at place ``index`` out of ``player``'s team."""
        team = self.teams[player]
        self.set_team(player, team[:index] + team[index + 1 :])
        return team[index]

    def join(self, player: int, member: Member) -> None:
        """``member`` joins ``player``'s team, last."""
        self.set_team(player, (*self.teams[player], member))

    def level_up(self, player: int, name: str) -> None:
        """The character ``name`` of ``player``'s team goes up a level (none above C)."""
        # The member found, moved up and put back in one edit of the team: a combat won levels
        # a character up (the reference's level_up does it through member and set_member).
        team = self.teams[player]
        index = 0
        for member in team:
            card = member.card
            if card.name == name:
                if can_rise(member):
                    edited = list(team)
                    edited[index] = new_member(
                        card, _LEVEL_ABOVE[member.level], member.broom, member.cape
                    )
                    teams = list(self.teams)
                    teams[player] = tuple(edited)
                    self.teams = tuple(teams)
                return
            index += 1  # noqa: SIM113 (enumerate costs more here)
        raise AssertionError(f"{name} is not in player {player}'s team")  # pragma: no cover

    def bury(self, player: int, name: str) -> None:
        """Send a character of ``player``'s team to the cemetery (back at level A; a cape under
        it goes to the market deck). The rules' protections are checked by the caller."""
        index, member = self.member(player, name)
        self.remove_member(player, index)
        self.cemetery = (*self.cemetery, member.card)
        if member.cape is not None:
            self.to_market(member.cape)

    def end(self, result: Outcome) -> None:
        """The game ends with ``result``: nothing is left under way."""
        self.result = result
        self.phase = _PHASE_OVER
        self.to_move = None
        self.combat = None
        self.pending = None


# --- the draft a move works on -----------------------------------------------------------------

#: A draft of a state for one move, as the move path makes it: it works as ``Draft(state)`` and
#: its ``finish`` gives the same next state, for about half the work (a writable twin of the
#: next state itself, see :mod:`cardgames.alakazum._fast`).
draft_of: Callable[[State], Draft] = _fast.twin_drafts(Draft)
draft_of.__doc__ = "The twin draft of ``state``: the writable copy that becomes the next state."

_NO_SUPPORTS = (None, None)


def start_combat(
    attacker: int, defender: int | None, opponent: Card, points: int = 0, roll: int = 0
) -> CombatDraft:
    """:meth:`CombatDraft.start`, made as a twin of the next state's combat, which the move's
    ``finish`` turns into a Combat instead of copying it: a combat starts at about every fifth
    decision."""
    started: CombatDraft = _fill_combat(
        _fast.blank_combat(), attacker, defender, opponent, points, roll
    )
    return started


def _fill_combat(
    fight: Any, attacker: int, defender: int | None, opponent: Card, points: int, roll: int
) -> Any:
    """Set every field of a new combat on ``fight`` (a :class:`CombatDraft` or its twin): the
    attacker's side to choose its fighter, the opponent's ``points`` (and ``roll``, if a die
    gave them), nothing played or rolled yet."""
    fight.attacker = attacker
    fight.fighter = None
    fight.defender = defender
    fight.opponent = opponent
    fight.supports = _NO_SUPPORTS
    fight.points = (0, points)
    fight.rolls = (roll,) if roll else ()
    fight.potions = ()
    fight.to_act = 0
    fight.passes = 0
    fight.roller = None
    fight.roll = 0
    fight.bonus = 0
    return fight


#: A card's name, the order of hands.
by_name = operator.attrgetter("name")


def can_leave(team: tuple[Member, ...], member: Member) -> bool:
    """Whether a character may leave its team (to another player's, or to the cemetery): never
    on a broom, never a player's last one."""
    return member.broom is None and len(team) > 1


def can_rise(member: Member) -> bool:
    """Whether a character is below level C (the rulebook's "not at level C"), so that it can
    still go up a level: by winning a combat, Training or a meal."""
    return member.level < _LEVEL_C


def side_owner(combat: CombatLike, side: int) -> int:
    """The player whose character fights for ``side``."""
    if side == ATTACKER:
        return combat.attacker
    assert combat.defender is not None
    return combat.defender


def main_character(combat: CombatLike, side: int) -> str:
    """The name of the character that fights for ``side``."""
    if side == ATTACKER:
        assert combat.fighter is not None
        return combat.fighter
    return combat.opponent.name


def distinct(cards: Iterable[Card]) -> list[Card]:
    """The first card of each name, in order."""
    seen: set[str] = set()
    out = []
    for card in cards:
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


def faces(hand: tuple[Card, ...]) -> list[Card]:
    """One card of each name in a hand (hands are sorted by name)."""
    out: list[Card] = []
    last = None
    for card in hand:
        if card.name != last:
            last = card.name
            out.append(card)
    return out
