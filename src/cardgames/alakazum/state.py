"""The state of an Alakazum! game, the view one player has of it, and the cards each of them
shows on the table."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import attrs

from cardgames._engine import keeps_memo
from cardgames.alakazum.cards import Card, Culture, Enemy, Level
from cardgames.alakazum.config import Config
from cardgames.alakazum.moves import Move, Spell
from cardgames.game import Outcome
from cardgames.rng import Rng
from cardgames.svg import Pictured

__all__ = [
    "TRUSTED",
    "Combat",
    "Member",
    "Phase",
    "State",
    "View",
    "every_card",
    "table_cards",
]


class Phase(StrEnum):
    """What the player to move decides."""

    CHOOSE = "choose"  # the set-up: take a starting character
    FIGHTER = "fighter"  # a character came out of the forest: who faces it
    SUPPORT = "support"  # a side of a combat may add a sociable character
    POTIONS = "potions"  # the sides of a combat play combat potions, or pass
    HYPNOSIS = "hypnosis"  # the winner rolled too low: die potions, or pass
    ACTION = "action"  # the turn's action (or actions, after a Deja Vu), or none
    DOLL = "doll"  # a holder of a voodoo doll may cancel what was just announced
    TRICK = "trick"  # Halloween: half of one's hand, or a character
    GIVE = "give"  # Black Friday or Halloween: hand cards still to give away
    SACRIFICE = "sacrifice"  # a character of one's team goes to the cemetery
    SANTA = "santa"  # Santa Claus' Present did not explode: hand the die on
    KEEP = "keep"  # Magic of the forest: keep one of the cards taken
    PLACE = "place"  # Magic of the forest: put the others back in order
    TAKE = "take"  # Miserable witch: take cards of the market deck
    TARGET = "target"  # the spell (or crystal ball, recovery potion) just cast: its target
    ALAKAZUM = "alakazum"  # cast the Alakazum, or end the turn
    OVER = "over"


@attrs.frozen(cache_hash=True)
class Member:
    """A character in a player's team: its card, its level, and the broom and cape under it."""

    card: Card
    level: Level = Level.A
    broom: Card | None = None
    cape: Card | None = None

    @property
    def name(self) -> str:
        """The character's name."""
        return self.card.name

    @property
    def combat(self) -> int | None:
        """Combat points at its level (a cape adds its value); ``None``: a die decides (a cape
        then adds to the roll)."""
        points = self.card.combat[self.level]
        if points is None or self.cape is None:
            return points
        return points + self.cape.value

    @property
    def points(self) -> int:
        """Culture points at its level."""
        return self.card.points[self.level]

    @property
    def resistance(self) -> int:
        """Hypnosis resistance at its level."""
        return self.card.resistance[self.level]


@attrs.frozen
class Combat:
    """A combat under way, public to all.

    Side 0 is ``attacker`` (the player whose turn it is, with ``fighter``), side 1 the forest
    character ``opponent`` (``defender`` ``None``) or ``defender``'s character ``opponent``.

    - ``supports``: the sociable character each side added (``None``: none yet or none).
    - ``points``: each side's combat points so far (dice rolled for die characters, support and
      potions included); ``rolls`` the dice rolled for combat points, in order.
    - ``potions``: the potions played, in order, as ``(side, card, combat points added)``; they
      go to the market deck when the combat ends (a stolen one goes to the thief's hand).
    - ``to_act``: the side deciding now; ``passes``: consecutive passes while bidding potions.
    - ``roller``: the side that won and rolls to hypnotise; ``roll`` its die and ``bonus`` the
      die potions added.
    """

    attacker: int
    fighter: str | None
    defender: int | None
    opponent: Card
    supports: tuple[str | None, str | None] = (None, None)
    points: tuple[int, int] = (0, 0)
    rolls: tuple[int, ...] = ()
    potions: tuple[tuple[int, Card, int], ...] = ()
    to_act: int = 0
    passes: int = 0
    roller: int | None = None
    roll: int = 0
    bonus: int = 0


class _Checked:
    """The memo of a state known to be playable whose legal moves are not worked out yet.

    There is one, :data:`TRUSTED`; a copy of it (by ``copy``, ``deepcopy`` or pickle) is that
    same object, so no copy path can make a stranger of it. States leave their memo out of
    pickles and copies anyway, and ``legal_moves`` returns a memo only when it is a tuple of
    moves.
    """

    __slots__ = ()

    def __reduce__(self) -> str:
        return "TRUSTED"  # pickled by reference to the module's single instance

    def __copy__(self) -> _Checked:
        return self

    def __deepcopy__(self, memo: object) -> _Checked:
        return self

    def __repr__(self) -> str:
        return "<alakazum state checked>"


#: The memo of a state known to be playable (see :class:`_Checked`): made by the rules, or
#: checked once.
TRUSTED = _Checked()


@keeps_memo
@attrs.frozen
class State(Pictured):
    """A whole Alakazum! game at one moment.

    - ``phase`` says what ``to_move`` decides (``None`` once over); it is ``active``'s turn,
      number ``turn`` (from 0); ``actions`` are the actions left this turn and ``deja_vu`` says
      a Deja Vu was cast this turn.
    - ``forest`` and ``market`` are drawn from their ends (the top); ``seen[p]`` is how many
      cards at the top of the forest deck player ``p`` knows (after a Magic of the forest).
    - ``hands`` hold hand cards (sorted by name), ``teams`` the characters of each player,
      ``cemetery`` the defeated characters, ``removed`` the used traps and voodoo dolls.
    - ``enemies`` is the row of final enemies, ``enemy_up`` which are face up and ``known[p]``
      the face-down ones player ``p`` has looked at.
    - Set-up: ``start_row`` the starting characters not yet chosen; ``exchanges`` how many cards
      each player changed in the deal.
    - ``combat`` a combat under way; ``pending`` an announced action or Alakazum that a voodoo
      doll may still cancel; ``giving`` hand cards still to give away; ``santa`` the Santa Claus
      die's passes so far; ``held`` the cards a Magic of the forest took and not yet kept or
      put back; ``taking`` Miserable witch cards still to take; ``spell``
      the spell whose target is chosen now (a crystal ball works as Divination, a recovery
      potion as Resurrect);
      ``failed`` the culture of a failed Alakazum (its characters pay); ``roll`` the last trap
      die.
    - ``last_move`` is the move that led here and ``last_mover`` the player who made it
      (``None`` before the first move). Every move is made in the open but the choices of a
      Magic of the forest (``keep``, ``place``) and a card given away (``give``): a view shows
      those only to their player (and a card given to its receiver too), and a state dealt
      from a view keeps ``last_move`` only if that view shows it.
    - ``fought`` holds the combats decided during the move that led here, in order, as they
      stood when decided (points, the dice rolled for them, the roll to hypnotise): the
      combat itself is gone from the table by then, and its story is told from these.
    """

    config: Config
    phase: Phase
    to_move: int | None
    active: int
    turn: int
    forest: tuple[Card, ...]
    market: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    teams: tuple[tuple[Member, ...], ...]
    cemetery: tuple[Card, ...]
    removed: tuple[Card, ...]
    enemies: tuple[Enemy, ...]
    enemy_up: tuple[bool, ...]
    known: tuple[frozenset[int], ...]
    seen: tuple[int, ...]
    start_row: tuple[Card, ...]
    exchanges: tuple[int, ...]
    rng: Rng
    actions: int = 0
    deja_vu: bool = False
    combat: Combat | None = None
    pending: Move | None = None
    giving: int = 0
    santa: int = 0
    held: tuple[Card, ...] = ()
    taking: int = 0
    spell: Spell | None = None
    failed: Culture | None = None
    roll: int | None = None
    result: Outcome | None = None
    last_mover: int | None = None
    last_move: Move | None = None
    fought: tuple[Combat, ...] = ()
    # The legal moves once worked out (or a marker that the state has been checked); not part
    # of the value: never compared, hashed, shown or serialized.
    _memo: Any = attrs.field(init=False, default=None, eq=False, hash=False, repr=False)

    def __repr__(self) -> str:
        try:
            return f"<alakazum.State {_summary(self, self.to_move)}, forest {len(self.forest)}>"
        except (AttributeError, TypeError, ValueError, IndexError):
            return "<alakazum.State, not well-formed>"


@attrs.frozen
class View(Pictured):
    """What ``player`` knows: everything on the table (teams, cemetery, market deck, face-up
    final enemies, a combat and its potions), their own hand, the sizes of the other hands and
    of the forest deck, the top forest cards and the final enemies they have seen.

    ``last_move`` is the move that led here as this player may know it (``None`` for another
    player's keep, place or give, and before the first move); ``held`` is ``()`` for all but
    the caster of a Magic of the forest, who alone sees those cards (the others see
    ``held_size``). ``enemies`` shows ``None`` for each face-down enemy the player has not
    seen. ``fought``, the combats decided by the move that led here, is public, as the
    combat was.
    """

    player: int
    config: Config
    phase: Phase
    to_move: int | None
    active: int
    turn: int
    forest_size: int
    forest_top: tuple[Card, ...]
    market: tuple[Card, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    teams: tuple[tuple[Member, ...], ...]
    cemetery: tuple[Card, ...]
    removed: tuple[Card, ...]
    enemies: tuple[Enemy | None, ...]
    enemy_up: tuple[bool, ...]
    start_row: tuple[Card, ...]
    exchanges: tuple[int, ...]
    actions: int = 0
    deja_vu: bool = False
    combat: Combat | None = None
    pending: Move | None = None
    giving: int = 0
    santa: int = 0
    held: tuple[Card, ...] = ()
    held_size: int = 0
    taking: int = 0
    spell: Spell | None = None
    failed: Culture | None = None
    roll: int | None = None
    result: Outcome | None = None
    last_mover: int | None = None
    last_move: Move | None = None
    fought: tuple[Combat, ...] = ()

    def __repr__(self) -> str:
        try:
            summary = _summary(self, self.to_move)
            return f"<alakazum.View of player {self.player}: {summary}, hand {len(self.hand)}>"
        except (AttributeError, TypeError, ValueError, IndexError):
            return "<alakazum.View, not well-formed>"


def _summary(table: State | View, to_move: int | None) -> str:
    """The turn, who decides what (or how the game ended) and the size of each team, as a
    ``repr`` shows them."""
    result = table.result
    if result is not None:
        won = sorted(result.winners)
        who = f"won by player {won[0]}" if won else "lost by all"
    elif to_move is None:
        who = f"another player decides ({table.phase.value})"
    else:
        who = f"player {to_move} to move ({table.phase.value})"
    teams = "-".join(str(len(team)) for team in table.teams)
    return f"turn {table.turn}, {who}, teams {teams}"


def every_card(state: State) -> list[Card]:
    """Every card of the game wherever it is (for conservation checks)."""
    cards = table_cards(state)
    cards.extend(state.forest)
    cards.extend(state.held)
    for hand in state.hands:
        cards.extend(hand)
    return cards


def table_cards(state: State | View) -> list[Card]:
    """The cards on the table, seen by every player: the market deck, the cemetery, the cards
    out of the game, the starting row, the teams with their brooms and capes, and a combat's
    forest character and potions."""
    cards: list[Card] = [*state.market, *state.cemetery, *state.removed, *state.start_row]
    for team in state.teams:
        for member in team:
            cards.append(member.card)
            if member.broom is not None:
                cards.append(member.broom)
            if member.cape is not None:
                cards.append(member.cape)
    combat = state.combat
    if combat is not None:
        if combat.defender is None:
            cards.append(combat.opponent)
        cards.extend(card for _, card, _ in combat.potions)
    return cards
