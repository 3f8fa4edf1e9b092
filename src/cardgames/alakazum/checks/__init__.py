"""The check of a state the rules did not make: :func:`checked`, the gate every public function
passes a state through, and the checks of its fields, its cards and its final enemies.

States built by the rules are trusted; a state made any other way (by hand, or loaded from
JSON) is checked once, on first use, by :func:`inconsistency`: every field's type, the cards
of the config all present once, and the fields that go with each phase (those are in
:mod:`~cardgames.alakazum.checks.phases`). The checks of single values that these checks, the
view's and the chapters' share are :mod:`cardgames.alakazum.shapes`.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter

import attrs

from cardgames.alakazum.cards import MAX_NAME, Card, Culture, Enemy, Kind, is_enemy
from cardgames.alakazum.checks.phases import (
    combat_problem,
    fought_problem,
    nothing_to_do,
    phase_fits,
)
from cardgames.alakazum.config import Config, all_cards, cards_by_name
from cardgames.alakazum.draft import TRUSTED
from cardgames.alakazum.generate import generate
from cardgames.alakazum.moves import Move, Spell
from cardgames.alakazum.shapes import (
    DIE_FACES,
    cards_ok,
    config_card_ids,
    config_problem,
    counts_ok,
    flags_ok,
    is_int,
    is_player,
    last_move_problem,
    member_ok,
)
from cardgames.alakazum.spells import DEJA_VU_ACTIONS, FOREST_MAGIC_CARDS
from cardgames.alakazum.state import Phase, State, View, every_card
from cardgames.alakazum.traps import SANTA_MAX_PASSES
from cardgames.alakazum.turn import ACTIONS
from cardgames.errors import InvalidStateError, excerpt, kind_of
from cardgames.game import Outcome
from cardgames.rng import Rng

#: The fields of a state, each of which a state to play from has (``State.__new__`` alone
#: makes a shell without them).
_FIELD_NAMES = tuple(field.name for field in attrs.fields(State))

__all__ = ["MAX_REASON", "checked", "inconsistency", "vouched"]

# Enum members read by the checks, as module names: on Python 3.11 reading a member through
# its class costs about ten times as much as reading a module name, and a check reads dozens.
_CHARACTER_KIND = Kind.CHARACTER
_DOLL_KIND = Kind.DOLL
_ACTION = Phase.ACTION
_CHOOSE = Phase.CHOOSE
_DOLL = Phase.DOLL
_HYPNOSIS = Phase.HYPNOSIS
_OVER = Phase.OVER
_POTIONS = Phase.POTIONS


def checked(state: object) -> State:
    """``state`` if it is a playable Alakazum! state; raises ``InvalidStateError`` if not.

    States made by the rules are trusted; any other is validated once, on first use.
    """
    if type(state) is not State:
        hint = " (a view cannot stand for a state; resample() builds one)"
        extra = hint if isinstance(state, View) else ""
        raise InvalidStateError(f"expected an alakazum State, got {kind_of(state)}{extra}")
    if getattr(state, "_memo", None) is None:
        if not all(map(hasattr, itertools.repeat(state), _FIELD_NAMES)):
            raise InvalidStateError(
                "not a playable alakazum state: a State made without its fields"
            )
        found = _problem_or_moves(state)
        if type(found) is str:
            raise InvalidStateError(f"not a playable alakazum state: {found}")
        # The legal moves the check worked out stay in the memo, where legal_moves finds them
        # (a tuple there marks a trusted state, as after apply_move).
        object.__setattr__(state, "_memo", TRUSTED if found is None else found)
    return state


def inconsistency(state: State) -> str | None:
    """What makes a state that the rules did not build unplayable, or ``None``."""
    found = _problem_or_moves(state)
    return found if type(found) is str else None


def vouched(state: State, names: list[str]) -> bool:
    """Whether ``state``, which JSON's quick reader built, passes the check; if it does, it is
    marked as checked, as :func:`checked` marks it: holding its legal moves, or, in a phase
    where the player to move may always pass, as a state the rules made (the first
    ``legal_moves`` works them out).

    The reader answers for what it built: a config that passed its check; zones that hold
    only the config's own cards of the kinds each may hold, with ``players`` hands each sorted
    by name (so :func:`_zones_known` holds); ``players`` teams of members made of the config's
    own character, broom and cape cards, at a :class:`Level`; the config's own final enemies
    of a game of this many players, each once; and ``names``, the name of every card outside
    a combat. The rest is checked here, in the order of :func:`_problem_or_moves`; ``False``
    leaves the state to the full check, which says what is wrong. ``names`` is sorted here.
    """
    if (
        _scalars(state) is not None
        or _zone_sizes(state) is not None
        or _team_rules(state) is not None
        or _enemy_places(state) is not None
        or combat_problem(state) is not None
        or fought_problem(state) is not None
    ):
        return False
    if state.combat is None:
        # The names of the cards, sorted, are those of the config's card lists, sorted: for
        # cards known to be the config's own, that is :func:`_conserved`.
        expected = _all_names_sorted(state.config)
        if len(names) != len(expected):
            return False
        names.sort()
        if names != expected:
            return False
    elif _conserved(state) is not None:
        return False
    if phase_fits(state) is not None:
        return False
    if state.phase in _PASS_OFFERED:
        # Checked, and the player to move has something to do (at least to pass): the first
        # ``legal_moves`` works the moves out, as for a state the rules made.
        object.__setattr__(state, "_memo", TRUSTED)
        return True
    moves = generate(state)
    if not moves:
        return False
    object.__setattr__(state, "_memo", moves)
    return True


#: The phases whose moves always end with a pass, or where nobody moves (the game over): a
#: state in one that passes every other check has something to do, or is over.
_PASS_OFFERED = frozenset({_ACTION, _DOLL, _POTIONS, _HYPNOSIS, _OVER})


def _problem_or_moves(state: State) -> str | tuple[Move, ...] | None:
    """What makes ``state`` unplayable; else the legal moves of a game still on (which show
    that the player to move has something to do), or ``None`` for a game over."""
    problem = config_problem(state.config)
    if problem is not None:
        return problem
    checks = (_scalars, _zones, _table, _enemies, combat_problem, fought_problem, _conserved)
    for check in (*checks, phase_fits):
        problem = check(state)
        if problem is not None:
            return problem
    if state.phase is _OVER:
        return None
    return generate(state) or nothing_to_do(state)


def _scalars(state: State) -> str | None:
    config = state.config
    n = config.players
    if type(state.phase) is not Phase:
        return "phase must be a Phase"
    over = state.result is not None
    if over != (state.phase is _OVER):
        return "the phase is OVER exactly when there is a result"
    if over != (state.to_move is None):
        return "nobody moves exactly when the game is over"
    # is_player, written out: this check runs at every load.
    to_move, active = state.to_move, state.active
    if to_move is not None and not (type(to_move) is int and 0 <= to_move < n):
        return f"to_move must be a player 0-{n - 1}"
    if not (type(active) is int and 0 <= active < n):
        return f"active must be a player 0-{n - 1}"
    if over:
        problem = _result_problem(state)
        if problem is not None:
            return problem
    if not counts_ok(
        (state.turn, state.actions, state.giving, state.santa, state.taking), len(_COUNTERS)
    ):
        for name in _COUNTERS:  # which one
            if not is_int(getattr(state, name)):
                return f"{name} must be a non-negative int"
    # Turns are counted from 0 and the game ends as the count reaches the limit, so a game
    # still on is below it and a game over is at most at it.
    if state.turn > config.turn_limit or (not over and state.turn == config.turn_limit):
        return f"turn must be below the turn limit {config.turn_limit} (or at it, once over)"
    if type(state.deja_vu) is not bool:
        return "deja_vu must be true or false"
    # A turn has one action; a Deja Vu (once a turn) spends it and gives two more.
    if state.actions > ACTIONS + DEJA_VU_ACTIONS - 1 or (
        state.actions > ACTIONS and not state.deja_vu
    ):
        return "actions must be 0-1, or 0-2 after a Deja Vu"
    # Santa Claus' die explodes at the latest after SANTA_MAX_PASSES passes, and the count
    # stays where it ended until the next Santa Claus' Present.
    if state.santa > SANTA_MAX_PASSES:
        return f"santa must be 0-{SANTA_MAX_PASSES} passes"
    if state.failed is not None and (
        type(state.failed) is not Culture or state.failed not in config.cultures
    ):
        return "failed must be a culture of the game or None"
    if state.spell is not None and type(state.spell) is not Spell:
        return "spell must be a Spell or None"
    if state.roll is not None and (type(state.roll) is not int or state.roll not in DIE_FACES):
        return "roll must be a die roll 1-6 or None"
    rng = state.rng
    if type(rng) is not Rng or not (type(rng.state) is int and 0 <= rng.state < _RNG_STATES):
        return "rng must be an Rng with a 64-bit state"
    problem = last_move_problem(state.last_mover, state.last_move, n)
    if problem is not None:
        return problem
    # The deal sets aside each character or trap drawn: nobody exchanges more cards than the
    # forest deck has of those.
    if not counts_ok(state.exchanges, n) or sum(state.exchanges) > _not_hand_cards(config):
        return (
            f"exchanges must hold {n} non-negative ints, together at most the forest deck's "
            "characters and traps"
        )
    return None


#: The number of states of the 64-bit generator.
_RNG_STATES = 1 << 64

#: The fields that count something.
_COUNTERS = ("turn", "actions", "giving", "santa", "taking")

#: The longest reason of an outcome the rules give (the longest names a successful
#: Alakazum's, whose enemy name is at most MAX_NAME characters).
MAX_REASON = 128 + MAX_NAME


def _result_problem(state: State) -> str | None:
    """A game ends in a successful Alakazum (its caster, whose turn it is, alone wins) or with
    every player losing; never in a draw."""
    n = state.config.players
    result = state.result
    if type(result) is not Outcome or type(result.returns) is not tuple or len(result.returns) != n:
        return f"result must be an Outcome for {n} players"
    winners, returns, reason = result.winners, result.returns, result.reason
    if type(winners) is not frozenset or not all(is_player(w, n) for w in winners):
        return f"result: the winners must be players 0-{n - 1}"
    if type(reason) is not str or len(reason) > MAX_REASON:
        return f"result: the reason must be text of at most {MAX_REASON} characters"
    expected = tuple(1.0 if p in winners else 0.0 for p in range(n))
    if type(returns) is not tuple or returns != expected:
        return f"result: the returns of {n} players must be 1.0 for the winner, else 0.0"
    if winners and winners != {state.active}:
        return "result: only the player whose turn it is wins, by an Alakazum"
    return None


@functools.lru_cache(maxsize=64)
def _not_hand_cards(config: Config) -> int:
    return sum(1 for card in config.forest_cards if not card.kind.is_hand)


def _zones(state: State) -> str | None:
    if not _zones_known(state):
        problem = _zone_cards_problem(state)
        if problem is not None:
            return problem
    return _zone_sizes(state)


def _zone_sizes(state: State) -> str | None:
    """What is wrong with the counts of forest cards known and held, or ``None``."""
    n = state.config.players
    # The counts are ints once counts_ok holds: the largest, if any, is at most the size.
    if not counts_ok(state.seen, n) or (state.seen and max(state.seen) > len(state.forest)):
        return f"seen must hold {n} counts, each at most the forest deck's size"
    # A Magic of the forest takes FOREST_MAGIC_CARDS cards and forgets what was known: only
    # its caster knows cards at the top, at most those put back.
    if sum(state.seen) > FOREST_MAGIC_CARDS or len(state.held) > FOREST_MAGIC_CARDS:
        return f"a Magic of the forest holds and shows at most {FOREST_MAGIC_CARDS} cards"
    return None


@functools.lru_cache(maxsize=64)
def _kind_ids(config: Config) -> tuple[frozenset[int], ...]:
    """The identities of the config's own cards that each zone may hold: any card (the forest
    deck, the cards held), hand cards, hand cards but voodoo dolls (the market deck),
    characters (the cemetery, the starting row), traps and voodoo dolls (out of the game)."""
    cards = all_cards(config)
    return (
        frozenset(id(c) for c in cards),
        frozenset(id(c) for c in cards if c.kind.is_hand),
        frozenset(id(c) for c in cards if c.kind.is_hand and c.kind is not _DOLL_KIND),
        frozenset(id(c) for c in cards if c.kind is _CHARACTER_KIND),
        frozenset(id(c) for c in cards if c.kind.is_trap or c.kind is _DOLL_KIND),
    )


def _all_in(ids: frozenset[int], cards: object) -> bool:
    """Whether ``cards`` is a tuple of objects of ``ids``, in one pass at C speed."""
    return type(cards) is tuple and all(map(ids.__contains__, map(id, cards)))


def _zones_known(state: State) -> bool:
    """Whether every zone holds only the config's own cards of the kinds it may hold, and every
    hand is sorted by name: then :func:`_zone_cards_problem` finds nothing, since each of its
    checks passes for such cards. A state the rules or JSON made always has its config's own
    cards; any other state takes the long way."""
    any_card, hand, market, character, out = _kind_ids(state.config)
    hands = state.hands
    return (
        _all_in(any_card, state.forest)
        and _all_in(any_card, state.held)
        and _all_in(market, state.market)
        and _all_in(character, state.cemetery)
        and _all_in(character, state.start_row)
        and _all_in(out, state.removed)
        and type(hands) is tuple
        and len(hands) == state.config.players
        and all(_all_in(hand, h) and _sorted_names(h) for h in hands)
    )


def _sorted_names(cards: tuple[Card, ...]) -> bool:
    """Whether ``cards`` are in the order of their names (a stable sort by name keeps them)."""
    names = list(map(_NAME, cards))
    return names == sorted(names)


def _zone_cards_problem(state: State) -> str | None:
    """What is wrong with the cards of the decks, the cemetery, the cards out of the game, the
    starting row and the hands, each checked in full, or ``None``."""
    n = state.config.players
    ids = config_card_ids(state.config)
    for name in ("forest", "market", "cemetery", "removed", "start_row", "held"):
        if not cards_ok(getattr(state, name), ids):
            return f"{name} must be a tuple of cards"
    if any(not c.kind.is_hand or c.kind is _DOLL_KIND for c in state.market):
        return "the market deck holds hand cards only, never a voodoo doll"
    if any(c.kind is not _CHARACTER_KIND for c in (*state.cemetery, *state.start_row)):
        return "the cemetery and the starting row hold characters only"
    if any(not (c.kind.is_trap or c.kind is _DOLL_KIND) for c in state.removed):
        return "only traps and voodoo dolls leave the game"
    if type(state.hands) is not tuple or len(state.hands) != n:
        return f"hands must be a tuple of {n} hands"
    for hand in state.hands:
        if not cards_ok(hand, ids) or any(not c.kind.is_hand for c in hand):
            return "every hand must be a tuple of hand cards"
        if list(hand) != sorted(hand, key=lambda c: c.name):
            return "every hand must be sorted by name"
    return None


def _table(state: State) -> str | None:
    n = state.config.players
    ids = config_card_ids(state.config)
    if type(state.teams) is not tuple or len(state.teams) != n:
        return f"teams must be a tuple of {n} teams"
    for team in state.teams:
        if type(team) is not tuple or not all(member_ok(m, ids) for m in team):
            return "every team must be a tuple of Member"
    return _team_rules(state)


def _team_rules(state: State) -> str | None:
    """What is wrong with the teams of a state whose teams are well-formed, or ``None``."""
    setting_up = state.phase is _CHOOSE
    if not setting_up and state.result is None and not all(state.teams):
        return "every player has a character once the set-up is done"
    if setting_up and (state.actions or state.turn):
        return "the set-up comes before the first turn"
    return None


def _enemies(state: State) -> str | None:
    enemies = state.enemies
    if type(enemies) is not tuple:
        return "enemies must be a tuple of well-formed Enemy values"
    # The config's own final enemies (checked with the config) are known by identity, at C
    # speed; any other object is checked in full.
    if not all(map(_enemy_ids(state.config).__contains__, map(id, enemies))) and not all(
        is_enemy(e) for e in enemies
    ):
        return "enemies must be a tuple of well-formed Enemy values"
    # Neither count holds a zero, so dict equality (at C speed) is the counts' equality.
    if not dict.__eq__(Counter(enemies), _final_enemy_counts(state.config)):
        return "enemies must be the config's final enemies for this many players"
    return _enemy_places(state)


def _enemy_places(state: State) -> str | None:
    """What is wrong with the flags and the sets of places of the final enemies, or
    ``None``, for a state whose final enemies are the config's."""
    n = state.config.players
    k = len(state.enemies)
    if not flags_ok(state.enemy_up, k):
        return f"enemy_up must hold {k} flags"
    if type(state.known) is not tuple or len(state.known) != n:
        return f"known must hold {n} sets"
    for known in state.known:
        if type(known) is not frozenset:
            return f"known must hold sets of enemy places 0-{k - 1}"
        if not known:  # most are: nothing more to look at
            continue
        if not all(is_player(i, k) for i in known):
            return f"known must hold sets of enemy places 0-{k - 1}"
        if any(state.enemy_up[i] for i in known):
            return "known holds only face-down enemies (a face-up one is known to all)"
    return None


def _conserved(state: State) -> str | None:
    """Every card of the config is somewhere, once (counted by name, once each card is known
    to be the config's card of that name)."""
    config = state.config
    cards = every_card(state)
    # The config's own card objects (as in every state the rules or JSON made) are the cards
    # of their names: known in one pass at C speed. Any other is compared with the config's
    # card of its name.
    if not all(map(config_card_ids(config).__contains__, map(id, cards))):
        by_name = cards_by_name(config)
        for card in cards:
            own = by_name.get(card.name)
            if own is not card and own != card:
                return f"the cards are not those of the config's card lists ({excerpt(card.name)})"
    # Neither count holds a zero, so dict equality (at C speed) is the counts' equality.
    if not dict.__eq__(Counter(map(_NAME, cards)), _name_counts(config)):
        return "the cards are not those of the config's card lists"
    return None


#: A card's name.
_NAME = operator.attrgetter("name")


@functools.lru_cache(maxsize=64)
def _enemy_ids(config: Config) -> frozenset[int]:
    """The identities of the config's own final enemies (the config keeps them alive)."""
    return frozenset(id(enemy) for enemy in config.enemy_cards)


@functools.lru_cache(maxsize=64)
def _final_enemy_counts(config: Config) -> Counter[Enemy]:
    return Counter(config.final_enemies)


@functools.lru_cache(maxsize=64)
def _all_names_sorted(config: Config) -> list[str]:
    return sorted(card.name for card in all_cards(config))


@functools.lru_cache(maxsize=64)
def _name_counts(config: Config) -> Counter[str]:
    return Counter(card.name for card in all_cards(config))
