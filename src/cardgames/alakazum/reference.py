"""The rules of Alakazum! read plainly: the oracle every fast path of the game is held to.

No caches, no tables, no twins: every move is made anew, phase by phase, from the chapters'
own conditions (a spell's, an object's, a potion's, a trap's: one predicate each, which the
move path asks too), and a move is played on the readable :class:`~.draft.Draft`. Production
never calls this module: ``tests/test_alakazum_lockstep.py`` holds ``legal_moves`` and
``apply_move`` of :mod:`cardgames.alakazum` to :func:`legal_moves` and :func:`apply_move` here
over random games of every preset, and each written-out step of the move path to the plain one
below (:func:`start_turn`, :func:`new_game`, the hands' edits).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

from cardgames._engine import find_move
from cardgames.alakazum.cards import (
    COMBAT_KINDS,
    DIE_KINDS,
    OBJECT_ACTION_KINDS,
    Card,
    Culture,
    Kind,
    alakazum_points,
    may_show,
)
from cardgames.alakazum.checks import checked
from cardgames.alakazum.combat import may_be_fought, meet, supporters
from cardgames.alakazum.config import Config
from cardgames.alakazum.draft import Draft, Next, distinct, main_character, side_owner
from cardgames.alakazum.ending import enough_points, face_down, sacrificable
from cardgames.alakazum.market import market_open
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
from cardgames.alakazum.objects import hungry_cultures, may_take_broom, may_take_cape
from cardgames.alakazum.potions import can_steal, potions_may_help
from cardgames.alakazum.rules import APPLY, deal, why_illegal
from cardgames.alakazum.spells import (
    castable,
    levitation_gives,
    levitation_takes,
    may_keep,
    one_to_peek,
    one_to_raise,
    payments,
    peek_targets,
    power,
    training_targets,
)
from cardgames.alakazum.state import Combat, Phase, State, every_card
from cardgames.alakazum.traps import spring
from cardgames.alakazum.turn import ACTIONS, carry_on
from cardgames.alakazum.voodoo import asked_about_doll, doll_in_game, holds_doll
from cardgames.errors import IllegalMoveError
from cardgames.rng import Rng

_MULTI = Culture.MULTI

__all__ = [
    "action_moves",
    "add_to_hand",
    "apply_move",
    "bids",
    "casts",
    "die_moves",
    "doll_round",
    "legal_moves",
    "levitations",
    "may_have_points",
    "most_hand_points",
    "new_game",
    "object_moves",
    "potion_moves",
    "start_turn",
    "take_from_hand",
    "targets",
]


# --- the legal moves ----------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, phase by phase as the rules list them."""
    state = checked(state)
    player = state.to_move
    if player is None:
        return ()
    return tuple(_PHASES[state.phase](state, player))


def action_moves(state: State, player: int) -> list[Move]:
    """No action, or one of the four: the market, an object, a fight, a spell."""
    hand = state.hands[player]
    moves: list[Move] = [Pass()]
    if market_open(state):
        moves += [Market(card.name) for card in distinct(hand) if may_show(card)]
    moves += object_moves(state, player)
    for other, team in enumerate(state.teams):
        if other != player and may_be_fought(team):
            moves += [Fight(other, member.card.name) for member in team]
    moves += casts(state, player)
    return moves


def object_moves(state: State, player: int) -> list[Move]:
    """Each use of an object of ``player``'s hand (one card of each name, in the hand's order):
    a meal for each of its cultures it may feed, a broom or a cape under each character that
    may take it, a crystal ball or a recovery potion while it has a target."""
    team = state.teams[player]
    moves: list[Move] = []
    for card in distinct(state.hands[player]):
        kind = card.kind
        if kind not in OBJECT_ACTION_KINDS:
            continue
        if kind is Kind.MEAL:
            hungry = hungry_cultures(team)
            moves += [UseObject(card.name, c) for c in card.cultures if c in hungry]
        elif kind is Kind.BROOM:
            moves += [UseObject(card.name, None, m.card.name) for m in team if may_take_broom(m)]
        elif kind is Kind.CAPE:
            moves += [UseObject(card.name, None, m.card.name) for m in team if may_take_cape(m)]
        elif kind is Kind.CRYSTAL_BALL:
            if one_to_peek(state, player):
                moves.append(UseObject(card.name))
        elif one_to_raise(state, player):  # a recovery potion
            moves.append(UseObject(card.name))
    return moves


def casts(state: State, player: int) -> list[Cast]:
    """Every cast ``player`` may make: each spell with something to work on, in the order of
    ``SPELL_COSTS``, paid by their characters' and cauldrons' energy alone if it is enough, or
    else in each way their hats pay the rest without a hat that could be left out."""
    team, hand = state.teams[player], state.hands[player]
    own = power(team, hand)
    hats = tuple((card.name, card.value) for card in hand if card.kind is Kind.HAT)
    moves: list[Cast] = []
    for spell, cost in SPELL_COSTS.items():
        if not castable(state, player, spell):
            continue
        paid = ((),) if cost <= own else payments(hats, cost - own)
        moves += [Cast(spell, hats_paid) for hats_paid in paid]
    return moves


def levitations(state: State, player: int) -> list[Move]:
    """Levitation's swaps: each of ``player``'s characters it may send away with each
    character it may take, another player's (by player) and then the cemetery's."""
    moves: list[Move] = []
    for mine in state.teams[player]:
        if not levitation_gives(mine):
            continue
        for other, team in enumerate(state.teams):
            if other != player:
                moves += [
                    Swap(mine.card.name, m.card.name, other) for m in team if levitation_takes(m)
                ]
        moves += [Swap(mine.card.name, card.name, None) for card in state.cemetery]
    return moves


def targets(state: State, player: int, spell: Spell) -> list[Move]:
    """The targets ``player`` may choose for ``spell`` (one of the four spells with a target):
    a character of theirs below level C to train, a face-down enemy they have not seen to look
    at, Levitation's swaps, a character of the cemetery to raise."""
    if spell is Spell.TRAINING:
        return [Train(m.card.name) for m in training_targets(state.teams[player])]
    if spell is Spell.DIVINATION:
        return [Peek(index) for index in peek_targets(state, player)]
    if spell is Spell.LEVITATION:
        return levitations(state, player)
    assert spell is Spell.RESURRECT
    return [Raise(card.name) for card in state.cemetery]


def _target_moves(state: State, player: int) -> list[Move]:
    spell = state.spell
    assert spell is not None
    return targets(state, player, spell)


def bids(hand: tuple[Card, ...]) -> list[Drink]:
    """The potions of ``hand`` that may be played while combat points are bid, robberies
    included: each combat or double potion as combat, each robbery as robbery, one move per
    name in the hand's order."""
    moves: list[Drink] = []
    for card in distinct(hand):
        if card.kind in COMBAT_KINDS:
            moves.append(Drink(card.name, Effect.COMBAT))
        elif card.kind is Kind.ROBBERY:
            moves.append(Drink(card.name, Effect.ROBBERY))
    return moves


def potion_moves(state: State, combat: Combat, side: int) -> list[Move]:
    """The potions ``side`` may play while combat points are bid, card by card: each combat or
    double potion, and each robbery while it may steal, one move per name; none once potions
    cannot help."""
    if not potions_may_help(combat):
        return []
    steals = can_steal(combat, side)
    hand = state.hands[side_owner(combat, side)]
    return [move for move in bids(hand) if steals or move.effect is not Effect.ROBBERY]


def die_moves(state: State, combat: Combat) -> list[Move]:
    """The potions the winner may drink for the hypnosis roll: each die or double potion."""
    hand = state.hands[side_owner(combat, combat.roller or 0)]
    return [Drink(card.name, Effect.DIE) for card in distinct(hand) if card.kind in DIE_KINDS]


def _combat(state: State) -> Combat:
    combat = state.combat
    assert combat is not None
    return combat


def _support_moves(state: State, player: int) -> list[Move]:
    combat = _combat(state)
    main = main_character(combat, combat.to_act)
    return [*(Support(m.card.name) for m in supporters(state.teams[player], main)), Pass()]


def _alakazum_moves(state: State, player: int) -> list[Move]:
    team, hand = state.teams[player], state.hands[player]
    moves: list[Move] = [Pass()]
    for culture in state.config.cultures:
        total = 0
        for member in team:
            if member.card.culture in (culture, _MULTI):
                total += member.card.points[member.level]
        for card in hand:
            added = alakazum_points(card)
            if added is not None and added[0] in (culture, _MULTI):
                total += added[1]
        if enough_points(total):
            moves += [Alakazum(culture, index) for index in face_down(state)]
    return moves


def doll_round(state: State) -> list[int]:
    """The players asked, in order, about an action or Alakazum the player whose turn it is
    announces in ``state``: every other player holding a card, in seat order from the
    announcer's left, while a voodoo doll is still in the game."""
    dolls = [card for card in every_card(state) if card.kind is Kind.DOLL]
    if not doll_in_game(state.removed, len(dolls)):
        return []
    n = state.config.players
    seats = [(state.active + step) % n for step in range(1, n)]
    return [seat for seat in seats if asked_about_doll(state.hands[seat])]


def _others(state: State, player: int) -> list[int]:
    return [other for other in range(state.config.players) if other != player]


#: The legal moves of each phase, plainly.
_PHASES: dict[Phase, Callable[[State, int], list[Move]]] = {
    Phase.CHOOSE: lambda s, p: [Choose(c.name) for c in distinct(s.start_row)],
    Phase.ACTION: action_moves,
    Phase.FIGHTER: lambda s, p: [Fighter(m.card.name) for m in s.teams[p]],
    Phase.SUPPORT: _support_moves,
    Phase.POTIONS: lambda s, p: [*potion_moves(s, _combat(s), _combat(s).to_act), Pass()],
    Phase.HYPNOSIS: lambda s, p: [*die_moves(s, _combat(s)), Pass()],
    Phase.DOLL: lambda s, p: [Doll(), Pass()] if holds_doll(s.hands[p]) else [Pass()],
    Phase.ALAKAZUM: _alakazum_moves,
    Phase.GIVE: lambda s, p: [
        GiveCard(c.name, other) for c in distinct(s.hands[p]) for other in _others(s, p)
    ],
    Phase.TRICK: lambda s, p: [GiveHalf(), *(Sacrifice(m.card.name) for m in sacrificable(s, p))],
    Phase.SACRIFICE: lambda s, p: [Sacrifice(m.card.name) for m in sacrificable(s, p)],
    Phase.SANTA: lambda s, p: [PassDie(other) for other in _others(s, p)],
    Phase.KEEP: lambda s, p: [Keep(c.name) for c in distinct(s.held) if may_keep(c)],
    Phase.PLACE: lambda s, p: [Place(c.name) for c in distinct(s.held)],
    Phase.TARGET: _target_moves,
    Phase.TAKE: lambda s, p: [Take(c.name) for c in distinct(reversed(s.market))],
    Phase.OVER: lambda s, p: [],
}


# --- a move played ----------------------------------------------------------------------------


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``, played on the readable :class:`~.draft.Draft`; raises
    ``IllegalMoveError`` for a move not among :func:`legal_moves`."""
    legal = find_move(legal_moves(state), move)
    if legal is None:
        raise IllegalMoveError(why_illegal(state, move))
    d = Draft(state)
    d.last_mover, d.last_move, d.fought = state.to_move, legal, ()
    step = APPLY[type(legal)](d, legal)
    if step is not Next.DECIDE:
        carry_on(d, step)
    d.moves = None  # the next state's moves are worked out again when asked for
    return d.finish()


def start_turn(d: Draft) -> Next:
    """The start of a turn as the rulebook reads: thrifty characters draw from the market
    deck, then the player draws one forest card at a time for each character of the team,
    stopping at a character (fought at once) or a trap (suffered at once)."""
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
        if card is None:  # the forest ran out: the game is over
            return Next.DECIDE
        if card.kind is Kind.CHARACTER:
            return meet(d, card)
        if card.kind.is_trap:
            return spring(d, card)
        d.add_to_hand(player, card)
    return Next.CONTINUE


def add_to_hand(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` with ``cards`` put in one by one, each after the cards of its name (hands are
    sorted by name)."""
    for card in cards:
        at = bisect.bisect_right([c.name for c in hand], card.name)
        hand = (*hand[:at], card, *hand[at:])
    return hand


def take_from_hand(hand: tuple[Card, ...], name: str) -> tuple[Card, tuple[Card, ...]]:
    """The first card named ``name`` of ``hand``, and the hand without it."""
    index = [card.name for card in hand].index(name)
    return hand[index], hand[:index] + hand[index + 1 :]


def new_game(config: Config, seed: int) -> State:
    """A new game as attrs' ``__init__`` makes it from the config's own lists, with the deal
    of :func:`~.rules.deal`: the starting characters in a row, the other start cards as the
    market deck."""
    n = config.players
    enemies, forest, hands, exchanges, starter, rng = deal(
        n, config.final_enemies, config.forest_cards, Rng.from_seed(seed)
    )
    start = config.start_cards
    return State(
        config=config,
        phase=Phase.CHOOSE,
        to_move=starter,
        active=starter,
        turn=0,
        forest=forest,
        market=tuple(c for c in start if c.kind is not Kind.CHARACTER),
        hands=hands,
        teams=((),) * n,
        cemetery=(),
        removed=(),
        enemies=enemies,
        enemy_up=(False,) * len(enemies),
        known=(frozenset(),) * n,
        seen=(0,) * n,
        start_row=tuple(c for c in start if c.kind is Kind.CHARACTER),
        exchanges=exchanges,
        rng=rng,
    )


def most_hand_points(config: Config) -> int:
    """The most Alakazum points one hand card of ``config`` gives (none: 0)."""
    cards = (*config.forest_cards, *config.start_cards)
    return max((added[1] for c in cards if (added := alakazum_points(c)) is not None), default=0)


def may_have_points(state: State, player: int) -> bool:
    """Whether ``player`` may have the points of some culture for an Alakazum as everybody sees
    it: their team's, with each card of their hand worth :func:`most_hand_points`."""
    config = state.config
    hidden = len(state.hands[player]) * most_hand_points(config)
    for culture in config.cultures:
        total = hidden + sum(
            m.card.points[m.level]
            for m in state.teams[player]
            if m.card.culture in (culture, _MULTI)
        )
        if enough_points(total):
            return True
    return False
