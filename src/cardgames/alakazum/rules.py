"""The rules of Alakazum!: the set-up, the turn, combats, magic, objects, traps and the end.

A turn runs in the rulebook's order: thrifty characters draw from the market deck, the player
explores the forest (one card per character of their team, stopping at a character to fight or
a trap to suffer), takes one optional action (two more after a Deja Vu), and may cast the
Alakazum. Every choice on the way is one move of :mod:`cardgames.alakazum.moves`; everything
else (draws, dice, the end of a combat) happens inside :func:`apply_move`.

:func:`legal_moves` decides legality: a move is legal exactly when it is in that list.
``apply_move`` copies the state into a :class:`_Draft`, lets the rule functions change it and
freezes it into the next state; the old state is never touched. A step with a single possible
choice that changes nothing of interest (one character to fight with, no potion to play) is
taken without asking.
"""

from __future__ import annotations

import bisect
import functools
import operator
from collections import Counter
from collections.abc import Callable, Iterable

from cardgames._engine import find_move, slot_filler
from cardgames.alakazum.cards import (
    TRAP_KINDS,
    Card,
    Culture,
    Kind,
    Level,
)
from cardgames.alakazum.config import HAND_SIZE, Config, all_cards, check_config
from cardgames.alakazum.moves import (
    SPELL_COSTS,
    Alakazum,
    Cast,
    Choose,
    Doll,
    Drink,
    Effect,
    Fight,
    Fighter,
    GiveCard,
    GiveHalf,
    Keep,
    Market,
    Move,
    Pass,
    PassDie,
    Peek,
    Place,
    Raise,
    Sacrifice,
    Spell,
    Support,
    Swap,
    Take,
    Train,
    UseObject,
)
from cardgames.alakazum.state import Combat, Member, Phase, State, View
from cardgames.errors import IllegalMoveError, InvalidStateError
from cardgames.game import Outcome
from cardgames.rng import Rng, check_seed, draw_below

__all__ = [
    "ALAKAZUM_POINTS",
    "apply_move",
    "checked",
    "culture_points",
    "culture_totals",
    "current_player",
    "energy",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
]

#: Points of one culture needed to cast the Alakazum.
ALAKAZUM_POINTS = 8
#: The die's faces.
DIE_SIDES = 6
#: Santa Claus' Present explodes on a roll below this.
SANTA_EXPLODES_BELOW = 3
#: After this many passes, the Santa Claus die explodes whatever it shows (see the rules doc).
SANTA_MAX_PASSES = 20
#: Magic of the forest takes this many cards; Miserable witch takes this many market cards.
FOREST_MAGIC_CARDS = 6
MISERABLE_WITCH_CARDS = 2
#: With five players the Miserable witch needs only this many players with more characters.
FIVE_PLAYERS, FIVE_PLAYER_POORER = 5, 3
#: Actions of a turn, and the actions a Deja Vu gives.
ACTIONS, DEJA_VU_ACTIONS = 1, 2
#: Sides of a combat.
ATTACKER, DEFENDER = 0, 1
#: Passes in a row that end the bidding of potions between two players.
BOTH_PASSED = 2

# Enum members used in the hottest loops, looked up once (a member read through its class
# costs several times a global read).
_LEVEL_C = Level.C
_HAT, _CAULDRON, _OBJECT, _AMULET = Kind.HAT, Kind.CAULDRON, Kind.OBJECT, Kind.AMULET
_DOLL_KIND, _CHARACTER, _ROBBERY = Kind.DOLL, Kind.CHARACTER, Kind.ROBBERY
_COMBAT_POTION, _DIE_POTION, _DOUBLE_POTION = (
    Kind.COMBAT_POTION,
    Kind.DIE_POTION,
    Kind.DOUBLE_POTION,
)
_MULTI = Culture.MULTI
_MEAL, _BROOM, _CAPE = Kind.MEAL, Kind.BROOM, Kind.CAPE
_TRAPS = tuple(TRAP_KINDS)  # searched by identity: an enum's hash is a Python call
_PHASE_ACTION = Phase.ACTION
_PHASE_ALAKAZUM = Phase.ALAKAZUM
_PHASE_CHOOSE = Phase.CHOOSE
_PHASE_DOLL = Phase.DOLL
_PHASE_FIGHTER = Phase.FIGHTER
_PHASE_GIVE = Phase.GIVE
_PHASE_HYPNOSIS = Phase.HYPNOSIS
_PHASE_KEEP = Phase.KEEP
_PHASE_OVER = Phase.OVER
_PHASE_PLACE = Phase.PLACE
_PHASE_POTIONS = Phase.POTIONS
_PHASE_SACRIFICE = Phase.SACRIFICE
_PHASE_SANTA = Phase.SANTA
_PHASE_SUPPORT = Phase.SUPPORT
_PHASE_TAKE = Phase.TAKE
_PHASE_TARGET = Phase.TARGET
_PHASE_TRICK = Phase.TRICK
_EFFECT_COMBAT = Effect.COMBAT
_EFFECT_DIE = Effect.DIE
_EFFECT_ROBBERY = Effect.ROBBERY
_CRYSTAL_BALL, _RECOVERY_POTION = Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION
_TRAINING, _DIVINATION, _LEVITATION = Spell.TRAINING, Spell.DIVINATION, Spell.LEVITATION
_MISERABLE_WITCH, _MAGIC_OF_THE_FOREST = Spell.MISERABLE_WITCH, Spell.MAGIC_OF_THE_FOREST
_RESURRECT, _DEJA_VU = Spell.RESURRECT, Spell.DEJA_VU

_PASS = Pass()
_DOLL = Doll()
_GIVE_HALF = GiveHalf()


class _Checked:
    """The memo of a state known to be playable whose legal moves are not worked out yet.

    There is one, :data:`_TRUSTED`; a copy of it (by ``copy``, ``deepcopy`` or pickle) is that
    same object, so no copy path can make a stranger of it. States leave their memo out of
    pickles and copies anyway, and :func:`legal_moves` returns a memo only when it is a tuple
    of moves.
    """

    __slots__ = ()

    def __reduce__(self) -> str:
        return "_TRUSTED"  # pickled by reference to the module's single instance

    def __copy__(self) -> _Checked:
        return self

    def __deepcopy__(self, memo: object) -> _Checked:
        return self

    def __repr__(self) -> str:
        return "<alakazum state checked>"


_TRUSTED = _Checked()


# --- the draft: a mutable copy of the state for one move ------------------------------------


class _Fight:
    """A combat being worked on during one move: :class:`Combat`'s fields, changed in place and
    frozen into a ``Combat`` when the move is done."""

    __slots__ = (
        "attacker",
        "bonus",
        "defender",
        "fighter",
        "opponent",
        "passes",
        "points",
        "potions",
        "roll",
        "roller",
        "rolls",
        "supports",
        "to_act",
    )

    def __init__(self, combat: Combat) -> None:
        self.attacker = combat.attacker
        self.fighter = combat.fighter
        self.defender = combat.defender
        self.opponent = combat.opponent
        self.supports = combat.supports
        self.points = combat.points
        self.rolls = combat.rolls
        self.potions = combat.potions
        self.to_act = combat.to_act
        self.passes = combat.passes
        self.roller = combat.roller
        self.roll = combat.roll
        self.bonus = combat.bonus

    @classmethod
    def start(
        cls, attacker: int, defender: int | None, opponent: Card, points: int = 0, roll: int = 0
    ) -> _Fight:
        """A new combat of ``attacker`` against ``opponent`` (of ``defender``, or the forest),
        whose side starts with ``points`` (and ``roll``, the die rolled for them, if any)."""
        fight = cls.__new__(cls)
        fight.attacker = attacker
        fight.fighter = None
        fight.defender = defender
        fight.opponent = opponent
        fight.supports = (None, None)
        fight.points = (0, points)
        fight.rolls = (roll,) if roll else ()
        fight.potions = ()
        fight.to_act = 0
        fight.passes = 0
        fight.roller = None
        fight.roll = 0
        fight.bonus = 0
        return fight

    def freeze(self) -> Combat:
        return _fill_combat(
            self.attacker,
            self.fighter,
            self.defender,
            self.opponent,
            self.supports,
            self.points,
            self.rolls,
            self.potions,
            self.to_act,
            self.passes,
            self.roller,
            self.roll,
            self.bonus,
        )


_CombatLike = Combat | _Fight

# The values a move ends with are built by setting their slots (see slot_filler): a decision
# makes a state of thirty-one fields and often a combat.
_fill_state = slot_filler(State)
_fill_combat = slot_filler(Combat)


class _Draft:
    """The parts of a state a move changes; ``finish`` freezes it into the next state."""

    __slots__ = (
        "actions",
        "active",
        "cemetery",
        "combat",
        "config",
        "deja_vu",
        "enemies",
        "enemy_up",
        "exchanges",
        "failed",
        "forest",
        "giving",
        "hands",
        "held",
        "known",
        "market",
        "moves",
        "pending",
        "phase",
        "removed",
        "result",
        "rng",
        "rng_state",
        "roll",
        "santa",
        "seen",
        "spell",
        "start_row",
        "taking",
        "teams",
        "to_move",
        "turn",
    )

    def __init__(self, state: State) -> None:
        self.config = state.config
        self.phase = state.phase
        self.to_move = state.to_move
        self.active = state.active
        self.turn = state.turn
        self.forest = state.forest
        self.market = state.market
        self.hands = state.hands
        self.teams = state.teams
        self.cemetery = state.cemetery
        self.removed = state.removed
        self.enemies = state.enemies
        self.enemy_up = state.enemy_up
        self.known = state.known
        self.seen = state.seen
        self.start_row = state.start_row
        self.exchanges = state.exchanges
        self.rng = state.rng
        self.rng_state = state.rng.state  # drawn from as a bare int; an Rng is made at the end
        self.actions = state.actions
        self.deja_vu = state.deja_vu
        self.combat = None if state.combat is None else _Fight(state.combat)
        self.pending = state.pending
        self.giving = state.giving
        self.santa = state.santa
        self.held = state.held
        self.taking = state.taking
        self.spell = state.spell
        self.failed = state.failed
        self.roll = state.roll
        self.result = state.result
        self.moves: tuple[Move, ...] | None = None

    def finish(self) -> State:
        return _fill_state(
            self.config,
            self.phase,
            self.to_move,
            self.active,
            self.turn,
            self.forest,
            self.market,
            self.hands,
            self.teams,
            self.cemetery,
            self.removed,
            self.enemies,
            self.enemy_up,
            self.known,
            self.seen,
            self.start_row,
            self.exchanges,
            self.rng if self.rng_state == self.rng.state else Rng(self.rng_state),
            self.actions,
            self.deja_vu,
            None if self.combat is None else self.combat.freeze(),
            self.pending,
            self.giving,
            self.santa,
            self.held,
            self.taking,
            self.spell,
            self.failed,
            self.roll,
            self.result,
            # The next player's moves, when the rules already worked them out to set the phase.
            _TRUSTED if self.moves is None else self.moves,
        )

    # --- chance ---------------------------------------------------------------------------

    def die(self) -> int:
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
        self.forest = (*self.forest[:place], card, *self.forest[place:])

    # --- cards ----------------------------------------------------------------------------

    def set_hand(self, player: int, hand: tuple[Card, ...]) -> None:
        hands = self.hands
        self.hands = (*hands[:player], hand, *hands[player + 1 :])

    def set_team(self, player: int, team: tuple[Member, ...]) -> None:
        teams = self.teams
        self.teams = (*teams[:player], team, *teams[player + 1 :])

    def add_to_hand(self, player: int, *cards: Card) -> None:
        hand = self.hands[player]
        for card in cards:  # hands stay sorted by name
            at = bisect.bisect_right(hand, card.name, key=_by_name)
            hand = (*hand[:at], card, *hand[at:])
        self.set_hand(player, hand)

    def take_from_hand(self, player: int, name: str) -> Card:
        hand = self.hands[player]
        for i, card in enumerate(hand):
            if card.name == name:
                self.set_hand(player, hand[:i] + hand[i + 1 :])
                return card
        raise AssertionError(f"{name} is not in player {player}'s hand")  # pragma: no cover

    def to_market(self, *cards: Card) -> None:
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
        count = min(count, len(self.market))
        if count:
            drawn = self.market[-count:][::-1]
            self.market = self.market[:-count]
            self.add_to_hand(player, *drawn)

    # --- teams ----------------------------------------------------------------------------

    def member(self, player: int, name: str) -> tuple[int, Member]:
        # Teams are small: a scan is cheaper than hashing the team for a table.
        for i, member in enumerate(self.teams[player]):
            if member.card.name == name:
                return i, member
        raise AssertionError(f"{name} is not in player {player}'s team")  # pragma: no cover

    def set_member(self, player: int, index: int, member: Member) -> None:
        team = self.teams[player]
        self.set_team(player, (*team[:index], member, *team[index + 1 :]))

    def remove_member(self, player: int, index: int) -> Member:
        team = self.teams[player]
        self.set_team(player, team[:index] + team[index + 1 :])
        return team[index]

    def join(self, player: int, member: Member) -> None:
        self.set_team(player, (*self.teams[player], member))

    def level_up(self, player: int, name: str) -> None:
        index, member = self.member(player, name)
        if member.level < _LEVEL_C:
            self.set_member(player, index, _with_level(member, Level(member.level + 1)))

    def bury(self, player: int, name: str) -> None:
        """Send a character of ``player``'s team to the cemetery (back at level A; a cape under
        it goes to the market deck). The rules' protections are checked by the caller."""
        index, member = self.member(player, name)
        self.remove_member(player, index)
        self.cemetery = (*self.cemetery, member.card)
        if member.cape is not None:
            self.to_market(member.cape)

    def end(self, result: Outcome) -> None:
        self.result = result
        self.phase = _PHASE_OVER
        self.to_move = None
        self.combat = None
        self.pending = None


#: A card's name, the order of hands.
_by_name = operator.attrgetter("name")


def _with_level(member: Member, level: Level) -> Member:
    return Member(member.card, level, member.broom, member.cape)


def can_leave(team: tuple[Member, ...], member: Member) -> bool:
    """Whether a character may leave its team: never on a broom, never a player's last one."""
    return member.broom is None and len(team) > 1


# --- set-up ---------------------------------------------------------------------------------


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A fresh game: final enemies face down, the market deck, three hand cards each (other
    cards exchanged), and the player who exchanged most choosing the first starting character.

    >>> state = new_game(seed=1)
    >>> [len(hand) for hand in state.hands], state.phase.value
    ([3, 3], 'choose')
    """
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    rng = Rng.from_seed(seed)
    n = config.players
    enemies, rng = rng.shuffled(config.final_enemies)
    forest, rng = rng.shuffled(config.forest_cards)
    deck = list(forest)
    hands: list[tuple[Card, ...]] = []
    exchanges = [0] * n
    aside: list[Card] = []
    for player in range(n):
        hand: list[Card] = []
        while len(hand) < HAND_SIZE:
            card = deck.pop()
            if card.kind.is_hand:
                hand.append(card)
            else:
                aside.append(card)
                exchanges[player] += 1
        hands.append(tuple(sorted(hand, key=_by_name)))
    forest, rng = rng.shuffled((*deck, *aside))
    most = max(exchanges)
    tied = [p for p in range(n) if exchanges[p] == most]
    pick, rng = rng.below(len(tied))
    starter = tied[pick]
    start = config.start_cards
    state = State(
        config=config,
        phase=_PHASE_CHOOSE,
        to_move=starter,
        active=starter,
        turn=0,
        forest=forest,
        market=tuple(c for c in start if c.kind is not _CHARACTER),
        hands=tuple(hands),
        teams=((),) * n,
        cemetery=(),
        removed=(),
        enemies=enemies,
        enemy_up=(False,) * len(enemies),
        known=(frozenset(),) * n,
        seen=(0,) * n,
        start_row=tuple(c for c in start if c.kind is _CHARACTER),
        exchanges=tuple(exchanges),
        rng=rng,
    )
    object.__setattr__(state, "_memo", _TRUSTED)
    return state


def _choose(d: _Draft, move: Choose) -> None:
    """Set-up: take a starting character; once everybody has one, the rest go to the
    cemetery and the first turn begins."""
    player = d.to_move
    assert player is not None
    index = next(i for i, c in enumerate(d.start_row) if c.name == move.character)
    d.join(player, Member(d.start_row[index]))
    d.start_row = d.start_row[:index] + d.start_row[index + 1 :]
    following = (player + 1) % d.config.players
    if following != d.active:
        d.to_move = following
        return
    d.cemetery = d.cemetery + d.start_row
    d.start_row = ()
    _start_turn(d)


# --- the turn ---------------------------------------------------------------------------------


def _start_turn(d: _Draft) -> None:
    """Thrifty characters draw from the market deck, then the player explores the forest."""
    player = d.active
    d.to_move = player
    d.actions = ACTIONS
    d.deja_vu = False
    d.roll = None
    team = d.teams[player]
    thrifty = sum(1 for member in team if member.card.thrifty)
    if thrifty:
        d.draw_market(player, thrifty)
    for _ in range(len(team)):
        card = d.draw_forest()
        if card is None:
            return
        if card.kind is _CHARACTER:
            _meet(d, card)
            return
        if card.kind in _TRAPS:
            _spring(d, card)
            return
        d.add_to_hand(player, card)
    _continue(d)


def _continue(d: _Draft) -> None:
    """After a step of the turn: the next action, else the Alakazum, else the next turn."""
    if d.result is not None:
        return
    d.to_move = d.active
    if d.actions > 0:
        d.phase = _PHASE_ACTION
        return
    _offer_alakazum(d)


def _end_turn(d: _Draft) -> None:
    d.turn += 1
    d.failed = None
    if d.turn >= d.config.turn_limit:
        d.end(Outcome.all_lose(d.config.players, f"no Alakazum in {d.config.turn_limit} turns"))
        return
    d.active = (d.active + 1) % d.config.players
    _start_turn(d)


def culture_points(team: tuple[Member, ...], hand: tuple[Card, ...], culture: Culture) -> int:
    """Points of ``culture`` for an Alakazum: the team's characters of that culture and the
    multicoloured ones, the cultural objects of that culture and the amulets in hand.

    Raises ``InvalidStateError`` unless ``team`` is a tuple of :class:`Member`, ``hand`` one of
    hand cards and ``culture`` a :class:`Culture`.
    """
    _check_team_and_hand(team, hand)
    if type(culture) is not Culture:
        raise InvalidStateError(f"culture must be a Culture, got {type(culture).__name__}")
    return culture_totals(team, hand, (culture,))[culture]


def _check_team_and_hand(team: object, hand: object) -> None:
    """Raise ``InvalidStateError`` unless ``team`` and ``hand`` are a team and a hand."""
    from cardgames.alakazum.checks import hand_problem, team_problem

    problem = team_problem(team) or hand_problem(hand)
    if problem is not None:
        raise InvalidStateError(problem)


def culture_totals(
    team: tuple[Member, ...], hand: tuple[Card, ...], cultures: tuple[Culture, ...]
) -> dict[Culture, int]:
    """:func:`culture_points` of each of ``cultures``, in one pass."""
    own: dict[Culture | None, int] = dict.fromkeys(cultures, 0)
    shared = 0  # multicoloured characters and amulets count for every culture
    for member in team:
        card = member.card
        if card.culture is _MULTI:
            shared += card.points[member.level]
        elif card.culture in own:
            own[card.culture] += card.points[member.level]
    for card in hand:
        if card.kind is _AMULET:
            shared += card.value
        elif card.kind is _OBJECT and card.culture in own:
            own[card.culture] += card.value
    return {c: own[c] + shared for c in cultures}


def _can_cast_alakazum(
    team: tuple[Member, ...], hand: tuple[Card, ...], cultures: tuple[Culture, ...]
) -> bool:
    """Whether a player has the points of some culture for an Alakazum."""
    # Without objects or amulets, no culture has more points than the whole team: a quick bound.
    characters = 0
    for member in team:
        characters += member.card.points[member.level]
    if characters < ALAKAZUM_POINTS and not _holds_objects(hand):
        return False
    return max(culture_totals(team, hand, cultures).values(), default=0) >= ALAKAZUM_POINTS


def _holds_objects(hand: tuple[Card, ...]) -> bool:
    return any(card.kind is _OBJECT or card.kind is _AMULET for card in hand)


def _offer_alakazum(d: _Draft) -> None:
    player = d.active
    if not all(d.enemy_up) and _can_cast_alakazum(
        d.teams[player], d.hands[player], d.config.cultures
    ):
        d.phase = _PHASE_ALAKAZUM
        d.to_move = player
        return
    _end_turn(d)


# --- announcing, and voodoo dolls -------------------------------------------------------------


def _announce(d: _Draft, move: Market | UseObject | Fight | Cast | Alakazum) -> None:
    """An action (or Alakazum) is announced: holders of a voodoo doll may cancel it."""
    if not isinstance(move, Alakazum):
        d.actions -= 1
    d.pending = move
    _ask_next_doll(d, d.active)


def _ask_next_doll(d: _Draft, after: int) -> None:
    """Offer the doll to the next holder after seat ``after`` (never the announcer), or carry
    out the announced move if nobody is left to ask."""
    n = d.config.players
    dolls = _doll_faces(d.config)
    seat = (after + 1) % n
    while dolls and seat != d.active:
        hand = d.hands[seat]
        for doll in dolls:
            if doll in hand:
                d.phase = _PHASE_DOLL
                d.to_move = seat
                return
        seat = (seat + 1) % n
    move = d.pending
    assert move is not None
    d.pending = None
    d.to_move = d.active
    _CARRY_OUT[type(move)](d, move)


@functools.lru_cache(maxsize=64)
def _doll_faces(config: Config) -> tuple[Card, ...]:
    """The game's voodoo dolls, one of each name (usually one)."""
    return tuple(_distinct(c for c in all_cards(config) if c.kind is _DOLL_KIND))


def _doll(d: _Draft, move: Doll) -> None:
    """The announced move is cancelled (nothing it would use is spent); the doll leaves."""
    player = d.to_move
    assert player is not None
    doll = next(card for card in d.hands[player] if card.kind is _DOLL_KIND)
    d.take_from_hand(player, doll.name)
    d.removed = (*d.removed, doll)
    cancelled = d.pending
    d.pending = None
    d.to_move = d.active
    if isinstance(cancelled, Alakazum):
        _end_turn(d)
    else:
        _continue(d)


# --- the actions ------------------------------------------------------------------------------


def _market(d: _Draft, move: Market) -> None:
    """Show a hand card, take its market number of cards from the market deck's top, one by
    one, then put the shown card on top."""
    player = d.active
    card = d.take_from_hand(player, move.card)
    d.draw_market(player, card.market)
    d.to_market(card)
    _continue(d)


def _use_object(d: _Draft, move: UseObject) -> None:
    player = d.active
    card = d.take_from_hand(player, move.card)
    kind = card.kind
    if kind is Kind.MEAL:
        fed = tuple(
            _with_level(m, _LEVEL_C) if m.card.culture is move.culture else m
            for m in d.teams[player]
        )
        d.set_team(player, fed)
        d.to_market(card)
    elif kind is Kind.BROOM or kind is Kind.CAPE:
        assert move.character is not None
        index, member = d.member(player, move.character)
        if kind is Kind.BROOM:
            member = Member(member.card, member.level, card, member.cape)
        else:
            member = Member(member.card, member.level, member.broom, card)
        d.set_member(player, index, member)
    else:  # a crystal ball works as Divination, a recovery potion as Resurrect
        d.to_market(card)
        _aim(d, Spell.DIVINATION if kind is Kind.CRYSTAL_BALL else Spell.RESURRECT)
        return
    _continue(d)


def _aim(d: _Draft, spell: Spell) -> None:
    """The caster chooses the target of ``spell``."""
    d.spell = spell
    d.phase = _PHASE_TARGET
    d.to_move = d.active


def _hit(d: _Draft, move: Train | Peek | Swap | Raise) -> None:
    """The spell's target is chosen: the spell works."""
    player = d.active
    d.spell = None
    if isinstance(move, Train):
        d.level_up(player, move.character)
    elif isinstance(move, Peek):
        _peek(d, player, move.enemy)
    elif isinstance(move, Swap):
        _levitate(d, move)
    else:
        _raise_from_cemetery(d, player, move.character)
    _continue(d)


def _peek(d: _Draft, player: int, enemy: int) -> None:
    known = list(d.known)
    known[player] = known[player] | {enemy}
    d.known = tuple(known)


def _raise_from_cemetery(d: _Draft, player: int, name: str) -> None:
    index = next(i for i, c in enumerate(d.cemetery) if c.name == name)
    d.join(player, Member(d.cemetery[index]))
    d.cemetery = d.cemetery[:index] + d.cemetery[index + 1 :]


def _cast(d: _Draft, move: Cast) -> None:
    player = d.active
    hats = [d.take_from_hand(player, name) for name in move.hats]
    d.to_market(*hats)
    spell = move.spell
    if spell is Spell.MISERABLE_WITCH:
        d.taking = min(MISERABLE_WITCH_CARDS, len(d.market))
        d.phase = _PHASE_TAKE
        return
    if spell is Spell.MAGIC_OF_THE_FOREST:
        _take_forest_cards(d)
        return
    if spell is Spell.DEJA_VU:
        d.actions += DEJA_VU_ACTIONS
        d.deja_vu = True
        _continue(d)
        return
    _aim(d, spell)


def _levitate(d: _Draft, move: Swap) -> None:
    """Swap one's character for another not at level C: each keeps its level, except that the
    cemetery takes characters at level A and gives them at level A."""
    player = d.active
    index, mine = d.member(player, move.character)
    d.remove_member(player, index)
    if move.player is None:
        where = next(i for i, c in enumerate(d.cemetery) if c.name == move.target)
        theirs = Member(d.cemetery[where])
        d.cemetery = (*d.cemetery[:where], *d.cemetery[where + 1 :], mine.card)
        if mine.cape is not None:
            d.to_market(mine.cape)
    else:
        where, theirs = d.member(move.player, move.target)
        d.remove_member(move.player, where)
        d.join(move.player, mine)
    d.join(player, theirs)


def _take_forest_cards(d: _Draft) -> None:
    """Magic of the forest: the top six cards (or fewer) go to the caster's hands."""
    count = min(FOREST_MAGIC_CARDS, len(d.forest))
    d.held = d.forest[-count:][::-1]
    d.forest = d.forest[:-count]
    d.seen = (0,) * d.config.players
    if any(card.kind is _CHARACTER or card.kind.is_hand for card in d.held):
        d.phase = _PHASE_KEEP
    else:
        _place_or_finish(d)


def _keep(d: _Draft, move: Keep) -> None:
    index = next(i for i, c in enumerate(d.held) if c.name == move.card)
    card = d.held[index]
    d.held = d.held[:index] + d.held[index + 1 :]
    if card.kind is _CHARACTER:
        d.combat = _Fight.start(d.active, None, card)
    else:
        d.add_to_hand(d.active, card)
    _place_or_finish(d)


def _place(d: _Draft, move: Place) -> None:
    index = next(i for i, c in enumerate(d.held) if c.name == move.card)
    _put_back(d, index)
    _place_or_finish(d)


def _put_back(d: _Draft, index: int) -> None:
    card = d.held[index]
    d.held = d.held[:index] + d.held[index + 1 :]
    d.forest = (*d.forest, card)
    seen = list(d.seen)
    seen[d.active] += 1
    d.seen = tuple(seen)


def _place_or_finish(d: _Draft) -> None:
    """Ask for the order of the cards still held while it matters; then face a kept
    character, or go on with the turn."""
    while d.held and len({c.name for c in d.held}) == 1:
        _put_back(d, 0)
    if d.held:
        d.phase = _PHASE_PLACE
        return
    combat = d.combat
    if combat is not None:
        d.combat = None
        _meet(d, combat.opponent)
    else:
        _continue(d)


def _take(d: _Draft, move: Take) -> None:
    index = max(i for i, c in enumerate(d.market) if c.name == move.card)
    card = d.market[index]
    d.market = d.market[:index] + d.market[index + 1 :]
    d.add_to_hand(d.active, card)
    d.taking -= 1
    if d.taking == 0 or not d.market:
        d.taking = 0
        _continue(d)


# --- the Alakazum -------------------------------------------------------------------------------


def _alakazum(d: _Draft, move: Alakazum) -> None:
    """Flip the chosen enemy: more points than it wins the game; otherwise it stays face up
    and one character that took part goes to the cemetery."""
    player = d.active
    up = list(d.enemy_up)
    up[move.enemy] = True
    d.enemy_up = tuple(up)
    if any(move.enemy in known for known in d.known):  # face up, it is known to everybody
        d.known = tuple(known - {move.enemy} for known in d.known)
    enemy = d.enemies[move.enemy]
    total = culture_totals(d.teams[player], d.hands[player], (move.culture,))[move.culture]
    value = enemy.value(d.config.players)
    assert value is not None
    if not enemy.invincible and total > value:
        d.end(
            Outcome.win(
                {player},
                d.config.players,
                f"player {player}'s {move.culture.full_name} Alakazum ({total}) beat "
                f"{enemy.name} ({value})",
            )
        )
        return
    d.failed = move.culture
    _offer_sacrifice(d, player, after=_end_turn)


def _participants(team: tuple[Member, ...], culture: Culture) -> list[Member]:
    return [
        m
        for m in team
        if (m.card.culture is culture or m.card.culture is _MULTI) and m.card.points[m.level] > 0
    ]


def _sacrificable(d: _Draft | State, player: int) -> list[Member]:
    """The characters ``player`` may choose to send to the cemetery now."""
    team = d.teams[player]
    pool = _participants(team, d.failed) if d.failed is not None else list(team)
    return [m for m in pool if can_leave(team, m)]


def _offer_sacrifice(d: _Draft, player: int, *, after: Callable[[_Draft], None]) -> None:
    options = _sacrificable(d, player)
    if len(options) > 1:
        d.phase = _PHASE_SACRIFICE
        d.to_move = player
        return
    if options:
        d.bury(player, options[0].card.name)
    after(d)


def _sacrifice(d: _Draft, move: Sacrifice) -> None:
    player = d.to_move
    assert player is not None
    d.bury(player, move.character)
    if d.failed is not None:
        _end_turn(d)
    else:
        _continue(d)


# --- traps ------------------------------------------------------------------------------------


def _spring(d: _Draft, trap: Card) -> None:
    """A trap drawn in the forest: its effect at once, then it leaves the game."""
    d.removed = (*d.removed, trap)
    player = d.active
    half = len(d.hands[player]) // 2
    kind = trap.kind
    if kind is Kind.BLACK_FRIDAY:
        _start_giving(d, half)
    elif kind is Kind.HALLOWEEN:
        # Half the hand or a character; a player who can give neither is spared.
        if half and _sacrificable(d, player):
            d.phase = _PHASE_TRICK
        elif half:
            _start_giving(d, half)
        else:
            _offer_sacrifice(d, player, after=_continue)
    elif kind is Kind.SANTA_CLAUS:
        d.santa = 0
        _santa_roll(d, player)
    else:  # Cupcakes: the turn's action is lost
        d.actions = 0
        _continue(d)


def _start_giving(d: _Draft, count: int) -> None:
    if count <= 0:
        _continue(d)
        return
    d.giving = count
    d.phase = _PHASE_GIVE


def _give_half(d: _Draft, move: GiveHalf) -> None:
    _start_giving(d, len(d.hands[d.active]) // 2)


def _give_card(d: _Draft, move: GiveCard) -> None:
    card = d.take_from_hand(d.active, move.card)
    d.add_to_hand(move.player, card)
    d.giving -= 1
    if d.giving == 0:
        _continue(d)


def _santa_roll(d: _Draft, holder: int) -> None:
    """The holder of Santa Claus' die rolls: below 3 it explodes and one of their characters
    goes to the cemetery (never their last one); otherwise they hand it on."""
    d.roll = d.die()
    d.to_move = holder
    if d.roll < SANTA_EXPLODES_BELOW or d.santa >= SANTA_MAX_PASSES:
        _offer_sacrifice(d, holder, after=_continue)
        return
    d.phase = _PHASE_SANTA


def _pass_die(d: _Draft, move: PassDie) -> None:
    d.santa += 1
    _santa_roll(d, move.player)


# --- combat -------------------------------------------------------------------------------------


def _meet(d: _Draft, card: Card) -> None:
    """A character from the forest must be faced: choose the fighter (if there is a choice)."""
    d.combat = _challenge(d, None, Member(card))
    _choose_fighter(d)


def _challenge(d: _Draft, defender: int | None, opponent: Member) -> _Fight:
    """A new combat of the player whose turn it is against ``opponent`` (a character of the
    forest, at level A, or of ``defender``'s team)."""
    points, roll = _rolled(d, opponent)
    return _Fight.start(d.active, defender, opponent.card, points, roll or 0)


def _choose_fighter(d: _Draft) -> None:
    """The attacker chooses which character fights (no choice with a single character)."""
    team = d.teams[d.active]
    if len(team) == 1:
        _set_fighter(d, team[0].card.name)
        return
    d.phase = _PHASE_FIGHTER
    d.to_move = d.active


def _rolled(d: _Draft, member: Member) -> tuple[int, int | None]:
    """A character's combat points in this combat, and the die rolled for them if they are a
    die (a cape adds to the die too)."""
    points = member.card.combat[member.level]
    cape = 0 if member.cape is None else member.cape.value
    if points is None:
        value = d.die()
        return value + cape, value
    return points + cape, None


def _add_points(combat: _Fight, side: int, rolled: tuple[int, int | None]) -> None:
    """Add ``rolled`` combat points (and the die rolled for them, if any) to ``side``."""
    points, roll = rolled
    attack, defence = combat.points
    combat.points = (attack + points, defence) if side == ATTACKER else (attack, defence + points)
    if roll is not None:
        combat.rolls = (*combat.rolls, roll)


def _fighter(d: _Draft, move: Fighter) -> None:
    _set_fighter(d, move.character)


def _set_fighter(d: _Draft, name: str) -> None:
    combat = d.combat
    assert combat is not None
    _, member = d.member(combat.attacker, name)
    combat.fighter = name
    _add_points(combat, ATTACKER, _rolled(d, member))
    _offer_support(d, ATTACKER)


def _fight(d: _Draft, move: Fight) -> None:
    """Fight and hypnotise: another player's character is challenged; the attacker chooses
    the character that attacks it, then both sides may add a sociable character and bid
    potions."""
    _, theirs = d.member(move.player, move.target)
    d.combat = _challenge(d, move.player, theirs)
    _choose_fighter(d)


def _side_owner(combat: _CombatLike, side: int) -> int:
    if side == ATTACKER:
        return combat.attacker
    assert combat.defender is not None
    return combat.defender


def _main(combat: _CombatLike, side: int) -> str:
    """The name of the character that fights for ``side``."""
    if side == ATTACKER:
        assert combat.fighter is not None
        return combat.fighter
    return combat.opponent.name


def _supporters(team: tuple[Member, ...], main: str) -> list[Member]:
    return [m for m in team if m.card.sociable and m.card.name != main]


def _offer_support(d: _Draft, side: int) -> None:
    """The side may add one sociable character of its team; the forest has none."""
    combat = d.combat
    assert combat is not None
    if side == DEFENDER and combat.defender is None:
        _start_bidding(d)
        return
    owner = _side_owner(combat, side)
    if _supporters(d.teams[owner], _main(combat, side)):
        combat.to_act = side
        d.phase = _PHASE_SUPPORT
        d.to_move = owner
        return
    _after_support(d, side)


def _after_support(d: _Draft, side: int) -> None:
    if side == ATTACKER:
        _offer_support(d, DEFENDER)
    else:
        _start_bidding(d)


def _support(d: _Draft, move: Support | Pass) -> None:
    combat = d.combat
    assert combat is not None
    side = combat.to_act
    if isinstance(move, Support):
        _, member = d.member(_side_owner(combat, side), move.character)
        supports = list(combat.supports)
        supports[side] = move.character
        combat.supports = (supports[0], supports[1])
        _add_points(combat, side, _rolled(d, member))
    _after_support(d, side)


def _start_bidding(d: _Draft) -> None:
    combat = d.combat
    assert combat is not None
    combat.to_act = ATTACKER
    combat.passes = 0
    _next_bidder(d)


def _potion_moves(d: _Draft | State, combat: _CombatLike, side: int) -> list[Move]:
    """The potions ``side`` may play while combat points are bid."""
    owner = _side_owner(combat, side)
    hand = d.hands[owner]
    moves: list[Move] = []
    duel = combat.defender is not None
    if not duel and combat.points[ATTACKER] > combat.points[DEFENDER]:
        return moves  # winning the forest's character already: no potion can help
    last = None
    for card in hand:
        if card.name == last:
            continue
        last = card.name
        if card.kind is _COMBAT_POTION or card.kind is _DOUBLE_POTION:
            moves.append(_drink_move(card.name, _EFFECT_COMBAT))
        elif card.kind is _ROBBERY and duel and _stealable(combat, side) is not None:
            moves.append(_drink_move(card.name, _EFFECT_ROBBERY))
    return moves


# Moves are small values shared by every state that offers them: each is made once and
# looked up by its fields after that, which costs far less than building it again.
_FIGHTER = functools.lru_cache(maxsize=4096)(Fighter)
_FIGHT = functools.lru_cache(maxsize=4096)(Fight)
_SUPPORT = functools.lru_cache(maxsize=4096)(Support)
_SWAP = functools.lru_cache(maxsize=8192)(Swap)
_TRAIN = functools.lru_cache(maxsize=4096)(Train)
_PEEK = functools.lru_cache(maxsize=64)(Peek)
_RAISE = functools.lru_cache(maxsize=4096)(Raise)
_SACRIFICE = functools.lru_cache(maxsize=4096)(Sacrifice)
_USE_OBJECT = functools.lru_cache(maxsize=4096)(UseObject)


def _fighter_moves(team: tuple[Member, ...]) -> tuple[Move, ...]:
    """A choice of each character of the team to fight."""
    return tuple([_FIGHTER(member.card.name) for member in team])


@functools.lru_cache(maxsize=4096)
def _drink_move(name: str, effect: Effect) -> Drink:
    return Drink(name, effect)


def _stealable(combat: _CombatLike, side: int) -> int | None:
    """The place in ``combat.potions`` of the opponent's last combat potion, if any."""
    for index in range(len(combat.potions) - 1, -1, -1):
        played_by, _, points = combat.potions[index]
        if played_by != side and points > 0:
            return index
    return None


def _next_bidder(d: _Draft) -> None:
    """Ask the side whose turn it is to bid, skipping a side with nothing to play; the bidding
    ends when both sides have passed in a row (at once in the forest, with only one side)."""
    while True:
        combat = d.combat
        assert combat is not None
        side = combat.to_act
        potions = _potion_moves(d, combat, side)
        if potions:
            d.phase = _PHASE_POTIONS
            d.to_move = _side_owner(combat, side)
            d.moves = (*potions, _PASS)
            return
        if combat.defender is None or combat.passes + 1 >= BOTH_PASSED:
            _resolve(d)
            return
        combat.passes += 1
        combat.to_act = 1 - side


def _bid(d: _Draft, move: Drink | Pass) -> None:
    combat = d.combat
    assert combat is not None
    side = combat.to_act
    duel = combat.defender is not None
    if isinstance(move, Pass):
        if not duel or combat.passes + 1 >= BOTH_PASSED:
            _resolve(d)
            return
        combat.passes += 1
        combat.to_act = 1 - side
        _next_bidder(d)
        return
    owner = _side_owner(combat, side)
    card = d.take_from_hand(owner, move.card)
    points = list(combat.points)
    potions = combat.potions
    if move.effect is _EFFECT_ROBBERY:
        index = _stealable(combat, side)
        assert index is not None
        _, stolen, taken = potions[index]
        points[1 - side] -= taken
        potions = (*potions[:index], *potions[index + 1 :], (side, card, 0))
        d.add_to_hand(owner, stolen)
    else:
        points[side] += card.value
        potions = (*potions, (side, card, card.value))
    combat.points = (points[0], points[1])
    combat.potions = potions
    if duel:
        combat.passes = 0
        combat.to_act = 1 - side
    _next_bidder(d)


def _resolve(d: _Draft) -> None:
    """Compare combat points (a tie goes to the defender): the winner's character levels up
    and its player rolls to hypnotise; a character of the forest that wins brings drama."""
    combat = d.combat
    assert combat is not None
    won = combat.points[ATTACKER] > combat.points[DEFENDER]
    if combat.defender is None and not won:
        _drama(d)
        return
    side = ATTACKER if won else DEFENDER
    owner = _side_owner(combat, side)
    if combat.defender is not None or won:
        d.level_up(owner, _main(combat, side))
    combat.roller = side
    combat.bonus = 0
    if not _target_can_move(d, combat, 1 - side):
        _end_combat(d, hypnotised=False)  # nothing to roll for
        return
    combat.roll = d.die()
    _after_roll(d)


def _target_can_move(d: _Draft, combat: _Fight, loser: int) -> bool:
    if combat.defender is None:
        return True
    owner = _side_owner(combat, loser)
    team = d.teams[owner]
    _, member = d.member(owner, _main(combat, loser))
    return can_leave(team, member)


def _resistance(d: _Draft | State, combat: _CombatLike) -> int:
    """The hypnosis resistance the roll must beat: the loser's, at its level (a character of
    the forest is at level A)."""
    if combat.defender is None:
        return combat.opponent.resistance[Level.A]
    loser = 1 - (combat.roller or 0)
    owner = _side_owner(combat, loser)
    name = _main(combat, loser)
    member = next(m for m in d.teams[owner] if m.card.name == name)
    return member.resistance


def _die_moves(d: _Draft | State, combat: _CombatLike) -> list[Move]:
    owner = _side_owner(combat, combat.roller or 0)
    moves: list[Move] = []
    last = None
    for card in d.hands[owner]:
        if (card.kind is _DIE_POTION or card.kind is _DOUBLE_POTION) and card.name != last:
            last = card.name
            moves.append(_drink_move(card.name, _EFFECT_DIE))
    return moves


def _after_roll(d: _Draft) -> None:
    combat = d.combat
    assert combat is not None
    if combat.roll + combat.bonus > _resistance(d, combat):
        _end_combat(d, hypnotised=True)
    elif potions := _die_moves(d, combat):
        d.phase = _PHASE_HYPNOSIS
        d.to_move = _side_owner(combat, combat.roller or 0)
        d.moves = (*potions, _PASS)
    else:
        _end_combat(d, hypnotised=False)


def _hypnosis(d: _Draft, move: Drink | Pass) -> None:
    combat = d.combat
    assert combat is not None
    if isinstance(move, Pass):
        _end_combat(d, hypnotised=False)
        return
    side = combat.roller or 0
    card = d.take_from_hand(_side_owner(combat, side), move.card)
    combat.bonus += card.die
    combat.potions = (*combat.potions, (side, card, 0))
    _after_roll(d)


def _end_combat(d: _Draft, *, hypnotised: bool) -> None:
    """The hypnotised character changes team (a forest one joins at level A, another player's
    keeps its level); a forest character not hypnotised goes to the cemetery. The potions
    played go to the market deck."""
    combat = d.combat
    assert combat is not None
    d.to_market(*(card for _, card, _ in combat.potions))
    d.combat = None
    winner = _side_owner(combat, combat.roller or 0)
    if combat.defender is None:
        if hypnotised:
            d.join(winner, Member(combat.opponent))
        else:
            d.cemetery = (*d.cemetery, combat.opponent)
    elif hypnotised:
        loser_side = 1 - (combat.roller or 0)
        loser = _side_owner(combat, loser_side)
        index, member = d.member(loser, _main(combat, loser_side))
        d.remove_member(loser, index)
        d.join(winner, member)
    _continue(d)


def _drama(d: _Draft) -> None:
    """The forest's character won: it goes back into the forest deck, which is shuffled, and
    the fighter goes to the cemetery (unless it is the player's last character or on a
    broom)."""
    combat = d.combat
    assert combat is not None and combat.fighter is not None
    d.to_market(*(card for _, card, _ in combat.potions))
    d.combat = None
    d.shuffle_into_forest(combat.opponent)
    player = combat.attacker
    team = d.teams[player]
    _, fighter = d.member(player, combat.fighter)
    if can_leave(team, fighter):
        d.bury(player, combat.fighter)
    _continue(d)


# --- legal moves ------------------------------------------------------------------------------


def _distinct(cards: Iterable[Card]) -> list[Card]:
    seen: set[str] = set()
    out = []
    for card in cards:
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


def _faces(hand: tuple[Card, ...]) -> list[Card]:
    """One card of each name in a hand (hands are sorted by name)."""
    out: list[Card] = []
    last = None
    for card in hand:
        if card.name != last:
            last = card.name
            out.append(card)
    return out


def energy(team: tuple[Member, ...], hand: tuple[Card, ...]) -> int:
    """The magic energy a player has for each spell without spending hats: their very
    magical characters' and their cauldrons'.

    Raises ``InvalidStateError`` unless ``team`` is a tuple of :class:`Member` and ``hand`` one
    of hand cards.
    """
    _check_team_and_hand(team, hand)
    return sum(m.card.magic for m in team) + sum(c.value for c in hand if c.kind is _CAULDRON)


@functools.lru_cache(maxsize=4096)
def _hat_payments(hats: tuple[tuple[str, int], ...], need: int) -> tuple[tuple[str, ...], ...]:
    """Every way to pay ``need`` energy with these hats (name and energy) in which no hat could
    be left out: the rules give no change, and paying more for nothing is no choice."""
    kinds = Counter(name for name, _ in hats)
    value = dict(hats)
    names = sorted(kinds)
    out: list[tuple[str, ...]] = []
    for counts in _counts_up_to(tuple(kinds[name] for name in names), need):
        chosen = [name for name, k in zip(names, counts, strict=True) for _ in range(k)]
        if not chosen:
            continue
        total = sum(value[name] for name in chosen)
        if total >= need and total - min(value[name] for name in chosen) < need:
            out.append(tuple(chosen))
    return tuple(out)


def _counts_up_to(available: tuple[int, ...], most: int) -> Iterable[tuple[int, ...]]:
    """How many of each hat to pay with, at most ``available`` of each and ``most`` in all,
    in the order of ``itertools.product`` over the counts (the first varying slowest).

    A payment that no hat could be left out of holds at most ``need`` hats, each giving 1
    energy or more: the other count vectors are never paid, so they are not made.
    """
    if not available:
        yield ()
        return
    first, rest = available[0], available[1:]
    for count in range(min(first, most) + 1):
        for tail in _counts_up_to(rest, most - count):
            yield (count, *tail)


def _face_down(state: State, player: int, *, unknown: bool) -> list[int]:
    known = state.known[player]
    return [i for i, up in enumerate(state.enemy_up) if not up and not (unknown and i in known)]


def _poorer(state: State, player: int) -> bool:
    """Whether the Miserable witch is open to ``player``: everybody else has more characters
    (with five players, at least three of the others)."""
    n = state.config.players
    mine = len(state.teams[player])
    richer = sum(1 for p in range(n) if p != player and len(state.teams[p]) > mine)
    needed = FIVE_PLAYER_POORER if n == FIVE_PLAYERS else n - 1
    return richer >= needed


def _spell_moves(state: State, player: int) -> tuple[Cast, ...]:
    team, hand = state.teams[player], state.hands[player]
    power = 0
    for member in team:
        power += member.card.magic
    hats = []
    for card in hand:
        if card.kind is _HAT:
            hats.append((card.name, card.value))
        elif card.kind is _CAULDRON:
            power += card.value
    most = power
    for _, value in hats:
        most += value
    castables = 0  # one bit per spell that has something to work on
    for bit, spell, cost in _SPELL_BITS:  # cheapest first
        if cost > most:
            break
        if spell is _MAGIC_OF_THE_FOREST:  # the quick ones are worked out here
            works = bool(state.forest)
        elif spell is _RESURRECT:
            works = bool(state.cemetery)
        elif spell is _DEJA_VU:
            works = not state.deja_vu
        else:
            works = castable(state, player, spell)
        if works:
            castables |= bit
    return _casts(tuple(hats), power, castables) if castables else ()


#: Each spell's bit in a set of castable spells, and its cost, cheapest first.
_SPELL_BITS = tuple(
    (1 << bit, spell, cost) for bit, (spell, cost) in enumerate(SPELL_COSTS.items())
)


@functools.lru_cache(maxsize=4096)
def _casts(hats: tuple[tuple[str, int], ...], power: int, castables: int) -> tuple[Cast, ...]:
    """Every cast of the spells in ``castables`` (bits in the order of ``SPELL_COSTS``) with
    ``power`` energy and these hats (made once: moves are shared values)."""
    moves: list[Cast] = []
    for bit, spell, cost in _SPELL_BITS:
        if castables & bit:
            payments = ((),) if cost <= power else _hat_payments(hats, cost - power)
            moves.extend(Cast(spell, paid) for paid in payments)
    return tuple(moves)


def castable(state: State, player: int, spell: Spell) -> bool:
    """Whether ``spell`` has something to work on now."""
    if spell is _TRAINING:
        return any(m.level < _LEVEL_C for m in state.teams[player])
    if spell is _DIVINATION:
        known = state.known[player]
        return any(not up and i not in known for i, up in enumerate(state.enemy_up))
    if spell is _MISERABLE_WITCH:
        return bool(state.market) and _poorer(state, player)
    if spell is _LEVITATION:
        # A character free to go, and one to take (not at level C, not on a broom).
        return any(m.broom is None for m in state.teams[player]) and (
            bool(state.cemetery)
            or any(
                m.broom is None and m.level < _LEVEL_C
                for other, team in enumerate(state.teams)
                if other != player
                for m in team
            )
        )
    if spell is _MAGIC_OF_THE_FOREST:
        return bool(state.forest)
    if spell is _RESURRECT:
        return bool(state.cemetery)
    return not state.deja_vu  # Deja Vu


def _target_moves(state: State, player: int, spell: Spell) -> list[Move]:
    """The targets of a spell that has one (a crystal ball's are Divination's, a recovery
    potion's Resurrect's)."""
    if spell is Spell.TRAINING:
        return [_TRAIN(m.card.name) for m in state.teams[player] if m.level < _LEVEL_C]
    if spell is Spell.DIVINATION:
        return [_PEEK(i) for i in _face_down(state, player, unknown=True)]
    if spell is Spell.LEVITATION:
        return _levitations(state, player)
    if spell is Spell.RESURRECT:
        return [_RAISE(c.name) for c in state.cemetery]
    return []


def _levitations(state: State, player: int) -> list[Move]:
    out: list[Move] = []
    for mine in state.teams[player]:
        if mine.broom is not None:
            continue
        name = mine.card.name
        for other in range(state.config.players):
            if other != player:
                out.extend(
                    _SWAP(name, m.card.name, other)
                    for m in state.teams[other]
                    if m.broom is None and m.level < _LEVEL_C
                )
        out.extend([_SWAP(name, c.name, None) for c in state.cemetery])
    return out


def _object_moves(state: State, player: int, faces: list[Card]) -> list[Move]:
    team = state.teams[player]
    moves: list[Move] = []
    hungry: set[Culture | None] | None = None  # the cultures with a character below level C
    for card in faces:
        kind = card.kind
        if kind is _MEAL:
            if hungry is None:
                hungry = {m.card.culture for m in team if m.level < _LEVEL_C}
            moves.extend(
                _USE_OBJECT(card.name, culture) for culture in card.cultures if culture in hungry
            )
        elif kind is _BROOM or kind is _CAPE:
            moves.extend(_equip_moves(card, team))
        elif kind is _CRYSTAL_BALL:
            if _face_down(state, player, unknown=True):
                moves.append(_USE_OBJECT(card.name))
        elif kind is _RECOVERY_POTION and state.cemetery:
            moves.append(_USE_OBJECT(card.name))
    return moves


def _equip_moves(card: Card, team: tuple[Member, ...]) -> list[Move]:
    """A broom or a cape put under each character of the team that has none yet."""
    name = card.name
    if card.kind is _BROOM:
        return [_USE_OBJECT(name, None, m.card.name) for m in team if m.broom is None]
    return [_USE_OBJECT(name, None, m.card.name) for m in team if m.cape is None]


def _action_moves(state: State) -> list[Move]:
    player = state.active
    hand = state.hands[player]
    moves: list[Move] = [_PASS]
    faces = _faces(hand)
    if state.market:
        moves.extend([_market_move(c.name) for c in faces if c.kind is not _DOLL_KIND])
    moves.extend(_object_moves(state, player, faces))
    for other, theirs in enumerate(state.teams):
        if other == player or len(theirs) < 2:  # never a player's last one
            continue
        moves.extend(_fights(other, theirs))
    moves.extend(_spell_moves(state, player))
    return moves


@functools.lru_cache(maxsize=4096)
def _market_move(name: str) -> Market:
    return Market(name)


def _fights(player: int, team: tuple[Member, ...]) -> list[Fight]:
    """The fights against each character of ``player``'s team."""
    return [_FIGHT(player, member.card.name) for member in team]


def _alakazum_moves(state: State) -> list[Move]:
    player = state.active
    team, hand = state.teams[player], state.hands[player]
    down = _face_down(state, player, unknown=False)
    moves: list[Move] = [_PASS]
    for culture, total in culture_totals(team, hand, state.config.cultures).items():
        if total >= ALAKAZUM_POINTS:
            moves.extend(Alakazum(culture, i) for i in down)
    return moves


def _generate(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order."""
    player = state.to_move
    if player is None:
        return ()
    return _MOVES_OF[state.phase](state, player)


def _combat_of(state: State) -> Combat:
    combat = state.combat
    assert combat is not None
    return combat


def _support_moves(state: State, player: int) -> tuple[Move, ...]:
    combat = _combat_of(state)
    main = _main(combat, combat.to_act)
    supporters = _supporters(state.teams[player], main)
    return (*[_SUPPORT(m.card.name) for m in supporters], _PASS)


def _give_moves(state: State, player: int) -> tuple[Move, ...]:
    others = [p for p in range(state.config.players) if p != player]
    return tuple(GiveCard(c.name, p) for c in _distinct(state.hands[player]) for p in others)


def _keep_moves(state: State, player: int) -> tuple[Move, ...]:
    held = _distinct(state.held)
    return tuple(Keep(c.name) for c in held if c.kind is _CHARACTER or c.kind.is_hand)


def _targets(state: State, player: int) -> tuple[Move, ...]:
    assert state.spell is not None
    return tuple(_target_moves(state, player, state.spell))


#: The legal moves of each phase (of the player to move).
_MOVES_OF: dict[Phase, Callable[[State, int], tuple[Move, ...]]] = {
    Phase.CHOOSE: lambda s, p: tuple(Choose(c.name) for c in _distinct(s.start_row)),
    Phase.ACTION: lambda s, p: tuple(_action_moves(s)),
    Phase.FIGHTER: lambda s, p: _fighter_moves(s.teams[p]),
    Phase.SUPPORT: _support_moves,
    Phase.POTIONS: lambda s, p: (
        *_potion_moves(s, _combat_of(s), _combat_of(s).to_act),
        _PASS,
    ),
    Phase.HYPNOSIS: lambda s, p: (*_die_moves(s, _combat_of(s)), _PASS),
    Phase.DOLL: lambda s, p: (_DOLL, _PASS),
    Phase.ALAKAZUM: lambda s, p: tuple(_alakazum_moves(s)),
    Phase.GIVE: _give_moves,
    Phase.TRICK: lambda s, p: (
        _GIVE_HALF,
        *[_SACRIFICE(m.card.name) for m in _sacrificable(s, p)],
    ),
    Phase.SACRIFICE: lambda s, p: tuple([_SACRIFICE(m.card.name) for m in _sacrificable(s, p)]),
    Phase.SANTA: lambda s, p: tuple(PassDie(o) for o in range(s.config.players) if o != p),
    Phase.KEEP: _keep_moves,
    Phase.PLACE: lambda s, p: tuple(Place(c.name) for c in _distinct(s.held)),
    Phase.TARGET: _targets,
    Phase.TAKE: lambda s, p: tuple(Take(c.name) for c in _distinct(reversed(s.market))),
    Phase.OVER: lambda s, p: (),
}


# --- applying a move ----------------------------------------------------------------------


def _pass(d: _Draft, move: Pass) -> None:
    phase = d.phase
    if phase is _PHASE_ACTION:
        d.actions = 0
        _continue(d)
    elif phase is _PHASE_ALAKAZUM:
        _end_turn(d)
    elif phase is _PHASE_DOLL:
        assert d.to_move is not None
        _ask_next_doll(d, d.to_move)
    elif phase is _PHASE_SUPPORT:
        _support(d, move)
    elif phase is _PHASE_POTIONS:
        _bid(d, move)
    else:
        _hypnosis(d, move)


def _drink(d: _Draft, move: Drink) -> None:
    if move.effect is _EFFECT_DIE:
        _hypnosis(d, move)
    else:
        _bid(d, move)


_CARRY_OUT: dict[type, Callable[[_Draft, object], None]] = {
    Market: _market,  # type: ignore[dict-item]
    UseObject: _use_object,  # type: ignore[dict-item]
    Fight: _fight,  # type: ignore[dict-item]
    Cast: _cast,  # type: ignore[dict-item]
    Alakazum: _alakazum,  # type: ignore[dict-item]
}

_APPLY: dict[type, Callable[[_Draft, object], None]] = {
    Choose: _choose,  # type: ignore[dict-item]
    Fighter: _fighter,  # type: ignore[dict-item]
    Support: _support,  # type: ignore[dict-item]
    Drink: _drink,  # type: ignore[dict-item]
    Pass: _pass,  # type: ignore[dict-item]
    Market: _announce,  # type: ignore[dict-item]
    UseObject: _announce,  # type: ignore[dict-item]
    Fight: _announce,  # type: ignore[dict-item]
    Cast: _announce,  # type: ignore[dict-item]
    Alakazum: _announce,  # type: ignore[dict-item]
    Doll: _doll,  # type: ignore[dict-item]
    GiveCard: _give_card,  # type: ignore[dict-item]
    GiveHalf: _give_half,  # type: ignore[dict-item]
    Sacrifice: _sacrifice,  # type: ignore[dict-item]
    PassDie: _pass_die,  # type: ignore[dict-item]
    Keep: _keep,  # type: ignore[dict-item]
    Place: _place,  # type: ignore[dict-item]
    Take: _take,  # type: ignore[dict-item]
    Train: _hit,  # type: ignore[dict-item]
    Peek: _hit,  # type: ignore[dict-item]
    Swap: _hit,  # type: ignore[dict-item]
    Raise: _hit,  # type: ignore[dict-item]
}


# --- the public functions ---------------------------------------------------------------------


def checked(state: object) -> State:
    """``state`` if it is a playable Alakazum! state; raises ``InvalidStateError`` if not.

    States made by the rules are trusted; any other is validated once, on first use.
    """
    if type(state) is not State:
        hint = " (a view cannot stand for a state; resample() builds one)"
        extra = hint if isinstance(state, View) else ""
        raise InvalidStateError(f"expected an alakazum State, got {type(state).__name__}{extra}")
    if state._memo is None:
        from cardgames.alakazum.checks import inconsistency

        problem = inconsistency(state)
        if problem is not None:
            raise InvalidStateError(f"not a playable alakazum state: {problem}")
        object.__setattr__(state, "_memo", _TRUSTED)
    return state


def legal_moves_unchecked(state: State) -> tuple[Move, ...]:
    """The legal moves of a state not yet known to be consistent (for its check)."""
    return _generate(state)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, in a fixed order; ``()`` once the game is
    over."""
    memo = checked(state)._memo
    if type(memo) is tuple:
        return memo
    moves = _generate(state)  # checked, moves not yet worked out
    object.__setattr__(state, "_memo", moves)
    return moves


def current_player(state: State) -> int | None:
    """The player to decide now, or ``None`` once the game is over."""
    return checked(state).to_move


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return checked(state).result is not None


def outcome(state: State) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return checked(state).result


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` (changing nothing) if not legal."""
    moves = legal_moves(state)
    legal = find_move(moves, move)
    if legal is None:
        from cardgames.alakazum.checks import why_illegal

        raise IllegalMoveError(why_illegal(state, move))
    d = _Draft(state)
    _APPLY[type(legal)](d, legal)
    return d.finish()


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
