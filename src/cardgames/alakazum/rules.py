"""The rules of Alakazum! as the library's functions: a new game, the legal moves, and a move
applied.

A move's life: :func:`apply_move` checks the state (:mod:`.checks`) and finds the move among
the legal ones (:mod:`.generate`), or says why it is not legal; it copies the state into a
draft (:func:`~cardgames.alakazum.draft.draft_of`), lets the chapter of the rules the move
belongs to change it (:mod:`.turn`, :mod:`.combat`, :mod:`.potions`, :mod:`.spells`,
:mod:`.market`, :mod:`.objects`, :mod:`.traps`, :mod:`.voodoo`, :mod:`.ending`), goes on with
the turn until a player has to decide, and freezes the draft into the next state; the old
state is never touched. A step with a single possible choice that changes nothing of interest
(one character to fight with, no potion to play) is taken without asking.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardgames import _kept
from cardgames._engine import find_move, remembered, slot_filler
from cardgames.alakazum import moves
from cardgames.alakazum.cards import OBJECT_ACTION_KINDS, Card, Enemy, Kind
from cardgames.alakazum.checks import checked
from cardgames.alakazum.combat import bid, fighter, hypnosis, may_be_fought, support
from cardgames.alakazum.config import HAND_SIZE, Config, check_config
from cardgames.alakazum.draft import DIE_SIDES, TRUSTED, Draft, Next, by_name, draft_of
from cardgames.alakazum.ending import sacrifice, why_no_alakazum
from cardgames.alakazum.generate import generate
from cardgames.alakazum.market import why_no_market
from cardgames.alakazum.notation import describe
from cardgames.alakazum.objects import why_not_used
from cardgames.alakazum.potions import can_steal
from cardgames.alakazum.spells import hit, keep, place, take, why_not_castable
from cardgames.alakazum.state import Member, Phase, State
from cardgames.alakazum.traps import (
    SANTA_EXPLODES_BELOW,
    SANTA_MAX_PASSES,
    give_card,
    give_half,
    pass_die,
)
from cardgames.alakazum.turn import carry_on, choose
from cardgames.alakazum.voodoo import announce, ask_next_doll, doll
from cardgames.errors import IllegalMoveError, excerpt
from cardgames.rng import Rng, check_seed

# DIE_SIDES and the Santa Claus numbers are defined in their chapters (draft, traps); they are
# named here too, where they were read before the chapters had modules of their own.
__all__ = [
    "APPLY",
    "DIE_SIDES",
    "SANTA_EXPLODES_BELOW",
    "SANTA_MAX_PASSES",
    "apply_move",
    "checked",
    "deal",
    "legal_moves",
    "new_game",
    "why_illegal",
]

_DECIDE, _CONTINUE, _END_TURN = Next.DECIDE, Next.CONTINUE, Next.END_TURN

_PHASE_ACTION = Phase.ACTION
_PHASE_ALAKAZUM = Phase.ALAKAZUM
_PHASE_DOLL = Phase.DOLL
_PHASE_SUPPORT = Phase.SUPPORT
_PHASE_POTIONS = Phase.POTIONS
_EFFECT_DIE = moves.Effect.DIE
_CHARACTER = Kind.CHARACTER
# The memo of a state known to be playable, under the name this module has always given it.
_TRUSTED = TRUSTED


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
    opening = _openings(config)
    enemies, forest, hands, exchanges, starter, rng = deal(
        config.players, opening.enemies, opening.forest, Rng.from_seed(seed)
    )
    # State(config=config, ..., rng=rng), the other fields at their defaults, with the memo of
    # a state made by the rules: made as a move makes its next state, without attrs' __init__.
    return _make_state(
        config=config,
        phase=_PHASE_CHOOSE,
        to_move=starter,
        active=starter,
        turn=0,
        forest=forest,
        market=opening.market,
        hands=hands,
        teams=opening.teams,
        cemetery=(),
        removed=(),
        enemies=enemies,
        enemy_up=opening.enemy_up,
        known=opening.known,
        seen=opening.seen,
        start_row=opening.start_row,
        exchanges=exchanges,
        rng=rng,
        _memo=_TRUSTED,
        **_STATE_DEFAULTS,
    )


def deal(
    players: int, final_enemies: tuple[Enemy, ...], forest_cards: tuple[Card, ...], rng: Rng
) -> tuple[
    tuple[Enemy, ...],
    tuple[Card, ...],
    tuple[tuple[Card, ...], ...],
    tuple[int, ...],
    int,
    Rng,
]:
    """The chance part of a new game, drawn from ``rng``: the final enemies shuffled, three hand
    cards dealt to each player from the shuffled forest deck (any other card drawn is set aside
    and counted as an exchange), the deck shuffled again with the cards set aside, and the
    player who starts (drawn among those who exchanged most). Returns the enemies, the forest
    deck, the hands (sorted by name), the exchanges, the starter and the generator after."""
    enemies, rng = rng.shuffled(final_enemies)
    forest, rng = rng.shuffled(forest_cards)
    deck = list(forest)
    hands: list[tuple[Card, ...]] = []
    exchanges = [0] * players
    aside: list[Card] = []
    for player in range(players):
        hand: list[Card] = []
        while len(hand) < HAND_SIZE:
            card = deck.pop()
            if card.kind.is_hand:
                hand.append(card)
            else:
                aside.append(card)
                exchanges[player] += 1
        hands.append(tuple(sorted(hand, key=by_name)))
    forest, rng = rng.shuffled((*deck, *aside))
    most = max(exchanges)
    tied = [p for p in range(players) if exchanges[p] == most]
    pick, rng = rng.below(len(tied))
    return enemies, forest, tuple(hands), tuple(exchanges), tied[pick], rng


class _Opening:
    """What every new game of one config starts from, worked out once for the config: the
    final enemies and the forest deck (before they are shuffled), the market deck and the row
    of starting characters, and the empty teams, knowledge and face-down row."""

    __slots__ = ("enemies", "enemy_up", "forest", "known", "market", "seen", "start_row", "teams")

    def __init__(self, config: Config) -> None:
        n = config.players
        start = config.start_cards
        self.enemies = config.final_enemies
        self.forest = config.forest_cards
        self.market = tuple(c for c in start if c.kind is not _CHARACTER)
        self.start_row = tuple(c for c in start if c.kind is _CHARACTER)
        self.teams: tuple[tuple[Member, ...], ...] = ((),) * n
        self.enemy_up = (False,) * len(self.enemies)
        self.known: tuple[frozenset[int], ...] = (frozenset(),) * n
        self.seen = (0,) * n


#: Each config's opening, by the config's identity.
_openings = _kept.by_identity(_Opening, owner=__name__)
_make_state = slot_filler(State)
_PHASE_CHOOSE = Phase.CHOOSE
#: The fields a new game leaves at their defaults, with their defaults.
_STATE_DEFAULTS = {
    field.name: field.default
    for field in attrs.fields(State)
    if field.init and field.default is not attrs.NOTHING
}


def legal_moves(state: State) -> tuple[moves.Move, ...]:
    """Every legal move of the player to decide, in a fixed order; ``()`` once the game is
    over."""
    # The memo read here first, as ``remembered`` reads it: a decision asks twice.
    if type(state) is State:
        try:
            memo = state._memo
        except AttributeError:  # a State made without its fields (State.__new__)
            memo = None
        if type(memo) is tuple:
            return memo
        if memo is _TRUSTED:  # made by the rules, or checked: only the moves are missing
            found = generate(state)
            _set_memo(state, found)
            return found
    return remembered(state, State, _work_out)


#: The memo slot's own setter, ``object.__setattr__(state, "_memo", moves)`` without the look-up
#: of the slot by its name: half the cost, at every decision.
_set_memo = vars(State)["_memo"].__set__


def _work_out(state: State) -> tuple[moves.Move, ...]:
    return generate(checked(state))


def apply_move(state: State, move: moves.Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` (changing nothing) if not legal."""
    # The moves a caller just asked legal_moves for are the memo: read here without a call.
    try:
        memo = state._memo if type(state) is State else None
    except AttributeError:  # a State made without its fields (State.__new__)
        memo = None
    legal = find_move(memo if type(memo) is tuple else legal_moves(state), move)
    if legal is None:
        raise IllegalMoveError(why_illegal(state, move))
    d = draft_of(state)
    d.last_mover, d.last_move, d.fought = state.to_move, legal, ()
    step = APPLY[type(legal)](d, legal)
    if step is not _DECIDE:  # (a step that says DECIDE leaves no more of the turn to play)
        carry_on(d, step)
    return d.finish()


def _pass(d: Draft, move: moves.Pass) -> Next:
    """What a pass declines depends on the phase."""
    phase = d.phase
    if phase is _PHASE_ACTION:  # no more actions this turn
        d.actions = 0
        return _CONTINUE
    if phase is _PHASE_ALAKAZUM:  # no Alakazum: the turn ends
        return _END_TURN
    if phase is _PHASE_DOLL:  # the doll is not used: the next holder is asked
        assert d.to_move is not None
        return ask_next_doll(d, d.to_move)
    if phase is _PHASE_SUPPORT:
        return support(d, move)
    if phase is _PHASE_POTIONS:
        return bid(d, move)
    return hypnosis(d, move)


def _drink(d: Draft, move: moves.Drink) -> Next:
    """A potion drunk for the hypnosis roll, or while combat points are bid."""
    if move.effect is _EFFECT_DIE:
        return hypnosis(d, move)
    return bid(d, move)


#: What each legal move does: the chapter of the rules it belongs to.
APPLY: dict[type, Callable[[Draft, Any], Next]] = {
    moves.Choose: choose,
    moves.Fighter: fighter,
    moves.Support: support,
    moves.Drink: _drink,
    moves.Pass: _pass,
    moves.Market: announce,
    moves.UseObject: announce,
    moves.Fight: announce,
    moves.Cast: announce,
    moves.Alakazum: announce,
    moves.Doll: doll,
    moves.GiveCard: give_card,
    moves.GiveHalf: give_half,
    moves.Sacrifice: sacrifice,
    moves.PassDie: pass_die,
    moves.Keep: keep,
    moves.Place: place,
    moves.Take: take,
    moves.Train: hit,
    moves.Peek: hit,
    moves.Swap: hit,
    moves.Raise: hit,
}


def why_illegal(state: State, move: object) -> str:
    """The reason ``move`` is not legal in ``state``, for the ``IllegalMoveError``: asked of
    the same conditions that list the legal moves, so that the reason names the one that
    fails (a spell's target or cost, the rival's single character, too few points)."""
    what = describe(move)
    if state.result is not None:
        return f"{what}: the game is over"
    if not isinstance(move, moves.MOVE_TYPES):
        return f"{what}: not an alakazum move"
    player = state.to_move
    phase = state.phase
    names = {c.name for c in state.hands[player]} if player is not None else set()
    card: Any = getattr(move, "card", None)
    if isinstance(move, moves.Market | moves.UseObject | moves.Drink) and (
        type(card) is not str or card not in names
    ):
        return f"{what}: player {player} holds no card named {excerpt(card)}"
    hats = move.hats if isinstance(move, moves.Cast) else ()
    if type(hats) is not tuple or any(type(h) is not str or h not in names for h in hats):
        return f"{what}: player {player} does not hold those hats"
    if (
        isinstance(move, moves.Market | moves.UseObject | moves.Fight | moves.Cast)
        and phase is not _PHASE_ACTION
    ):
        return f"{what}: actions are taken in the action phase; now it is {phase.value}"
    reason = None
    if moves.well_formed(move):
        reason = _broken_condition(state, move)
        if reason is None:
            reason = _unlike_the_legal_moves(move, legal_moves(state), player)
    if reason is not None:
        return f"{what}: {reason}"
    return f"{what}: not legal in the {phase.value} phase for player {player}"


#: What a move of each kind does, in the words of a refusal.
_DOES = {
    moves.Choose: "choose a starting character",
    moves.Fighter: "send a fighter",
    moves.Support: "support the combat",
    moves.Drink: "drink a potion",
    moves.Pass: "pass",
    moves.Market: "go to the market",
    moves.UseObject: "give an object",
    moves.Fight: "fight",
    moves.Cast: "cast a spell",
    moves.Train: "train a character",
    moves.Peek: "peek at an enemy",
    moves.Swap: "swap characters",
    moves.Raise: "raise a character",
    moves.Alakazum: "cast an Alakazum",
    moves.Doll: "cancel with a voodoo doll",
    moves.GiveCard: "give a card",
    moves.GiveHalf: "give half of the hand",
    moves.Sacrifice: "sacrifice a character",
    moves.PassDie: "pass the die",
    moves.Keep: "keep a card",
    moves.Place: "place a card",
    moves.Take: "take a card",
}
#: The most choices a refusal lists.
_LISTED = 8


def _shown(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "(" + ", ".join(_shown(v) for v in value) + ")" if value else "none"
    return str(getattr(value, "value", value))


def _unlike_the_legal_moves(
    move: object, legal: tuple[moves.Move, ...], player: int | None
) -> str | None:
    """Where a well-formed ``move`` parts from every legal move, read off the same list
    :func:`legal_moves` gives: no move of its kind is legal now (and what is), or the first
    of its fields, in order, whose value no legal move that agrees on the fields before it
    takes, with the values that are open. The values named are the state's, never the
    move's. ``None`` if no such place is found."""
    kind = type(move)
    alike = [m for m in legal if type(m) is kind]
    if not legal:
        return None
    if not alike:
        open_now = sorted({_DOES[type(m)] for m in legal})
        return (
            f"player {player} may not {_DOES.get(kind, 'do that')} now; "
            f"they may {', '.join(open_now[:-1])}{' or ' if len(open_now) > 1 else ''}"
            f"{open_now[-1]}"
        )
    if not attrs.has(kind):
        return None
    for field in attrs.fields(kind):
        value = getattr(move, field.name)
        choices = [getattr(m, field.name) for m in alike]
        if value not in choices:
            shown = list(dict.fromkeys(_shown(c) for c in choices))
            more = ", ..." if len(shown) > _LISTED else ""
            one_of = "one of " if len(shown) > 1 else ""
            return f"the {field.name} must be {one_of}{', '.join(shown[:_LISTED])}{more}"
        alike = [m for m in alike if getattr(m, field.name) == value]
    return None


def _broken_condition(state: State, move: moves.Move) -> str | None:
    """The rule's condition that a well-formed ``move`` of the phase it is made in breaks, if
    one says so (``None``: the move names something that is not there)."""
    player = state.active
    if isinstance(move, moves.Cast):
        return why_not_castable(state, player, move)
    if isinstance(move, moves.Fight):
        if move.player == player or move.player >= state.config.players:
            return None
        team = state.teams[move.player]
        if not may_be_fought(team) and any(m.card.name == move.target for m in team):
            return (
                f"player {move.player} has a single character, and only a player with at "
                "least two may be attacked"
            )
        return None
    mover = state.to_move
    assert mover is not None  # the game is on
    held = {c.name: c for c in state.hands[mover]}
    if isinstance(move, moves.Market):
        return why_no_market(state, held[move.card])
    if isinstance(move, moves.UseObject):
        card = held[move.card]
        if card.kind not in OBJECT_ACTION_KINDS:
            return f"{card.kind.value} is not given as an object"
        return why_not_used(state, player, move, card)
    if isinstance(move, moves.Alakazum) and state.phase is _PHASE_ALAKAZUM:
        if move.culture not in state.config.cultures or move.enemy >= len(state.enemies):
            return None
        return why_no_alakazum(state, move)
    if (
        isinstance(move, moves.Drink)
        and state.phase is _PHASE_POTIONS
        and move.effect is moves.Effect.ROBBERY
        and state.combat is not None
        and held.get(move.card, _NO_CARD).kind is Kind.ROBBERY
        and not can_steal(state.combat, state.combat.to_act)
    ):
        return "a robbery steals the opponent's combat potion in play, and there is none"
    return None


#: A card that is no card of any hand, for the lookups above.
_NO_CARD = Card("no card", Kind.CHARACTER)
