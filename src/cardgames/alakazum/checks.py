"""Checks of hand-made states, and the reasons a move is not legal.

States built by the rules are trusted; a state made any other way (by hand, or loaded from
JSON) is checked once, on first use, by :func:`inconsistency`: every field's type, the cards
of the config all present once, and the fields that go with each phase.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import attrs

from cardgames.alakazum.cards import (
    COMBAT_KINDS,
    DIE_KINDS,
    Culture,
    Kind,
    Level,
    is_card,
    is_enemy,
)
from cardgames.alakazum.config import Config, all_cards, cards_by_name, check_config
from cardgames.alakazum.moves import (
    MOVE_TYPES,
    Alakazum,
    Cast,
    Drink,
    Fight,
    Market,
    Spell,
    UseObject,
)
from cardgames.alakazum.state import Combat, Member, Phase, State
from cardgames.errors import CardgamesError
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = ["inconsistency", "why_illegal"]

#: Phases with a combat under way (a Magic of the forest may also hold a kept character).
_COMBAT_PHASES = frozenset({Phase.FIGHTER, Phase.SUPPORT, Phase.POTIONS, Phase.HYPNOSIS})
#: Phases in which the player whose turn it is decides.
_ACTIVE_DECIDES = frozenset(
    {
        Phase.ACTION,
        Phase.TARGET,
        Phase.FIGHTER,
        Phase.GIVE,
        Phase.TRICK,
        Phase.KEEP,
        Phase.PLACE,
        Phase.TAKE,
        Phase.ALAKAZUM,
    }
)
#: Spells whose target is chosen in the target phase.
_AIMED = frozenset({Spell.TRAINING, Spell.DIVINATION, Spell.LEVITATION, Spell.RESURRECT})
_DIE_FACES = range(1, 7)
_SIDES = (0, 1)


@functools.lru_cache(maxsize=64)
def _config_card_ids(config: Config) -> frozenset[int]:
    """The identities of the config's own card objects (checked with the config), which the
    rules, ``resample`` and JSON put in every state they make."""
    return frozenset(id(card) for card in all_cards(config))


def _card(value: object, ids: frozenset[int]) -> bool:
    """Whether ``value`` is a card: one of the config's own objects, or a well-formed card."""
    return id(value) in ids or is_card(value)


def _cards(value: object, ids: frozenset[int]) -> bool:
    return type(value) is tuple and all(id(c) in ids or is_card(c) for c in value)


def _member_ok(member: object, ids: frozenset[int]) -> bool:
    return (
        type(member) is Member
        and _card(member.card, ids)
        and member.card.kind is Kind.CHARACTER
        and type(member.level) is Level
        and (member.broom is None or (_card(member.broom, ids) and member.broom.kind is Kind.BROOM))
        and (member.cape is None or (_card(member.cape, ids) and member.cape.kind is Kind.CAPE))
    )


def _is_int(value: object, low: int = 0, high: int | None = None) -> bool:
    return type(value) is int and value >= low and (high is None or value <= high)


def _players(value: object, n: int) -> bool:
    return _is_int(value, 0, n - 1)


def _flags(value: object, size: int) -> bool:
    return type(value) is tuple and len(value) == size and all(type(v) is bool for v in value)


def _counts(value: object, size: int) -> bool:
    return type(value) is tuple and len(value) == size and all(_is_int(v) for v in value)


def inconsistency(state: State) -> str | None:
    """What makes a state that the rules did not build unplayable, or ``None``."""
    try:
        check_config(state.config)
    except CardgamesError as exc:
        return str(exc)
    for check in (_scalars, _zones, _table, _enemies, _combat_problem, _conserved, _phase_fits):
        problem = check(state)
        if problem is not None:
            return problem
    return _something_to_do(state)


def _scalars(state: State) -> str | None:
    config = state.config
    n = config.players
    if type(state.phase) is not Phase:
        return "phase must be a Phase"
    over = state.result is not None
    if over != (state.phase is Phase.OVER):
        return "the phase is OVER exactly when there is a result"
    if over and (type(state.result) is not Outcome or len(state.result.returns) != n):
        return f"result must be an Outcome for {n} players"
    if over != (state.to_move is None):
        return "nobody moves exactly when the game is over"
    if state.to_move is not None and not _players(state.to_move, n):
        return f"to_move must be a player 0-{n - 1}"
    if not _players(state.active, n):
        return f"active must be a player 0-{n - 1}"
    for name in ("turn", "actions", "giving", "santa", "taking"):
        if not _is_int(getattr(state, name)):
            return f"{name} must be a non-negative int"
    if state.turn >= config.turn_limit:
        return f"turn must be below the turn limit {config.turn_limit}"
    if type(state.deja_vu) is not bool:
        return "deja_vu must be true or false"
    if state.failed is not None and (
        type(state.failed) is not Culture or state.failed not in config.cultures
    ):
        return "failed must be a culture of the game or None"
    if state.spell is not None and type(state.spell) is not Spell:
        return "spell must be a Spell or None"
    if state.roll is not None and (type(state.roll) is not int or state.roll not in _DIE_FACES):
        return "roll must be a die roll 1-6 or None"
    if type(state.rng) is not Rng or not _is_int(state.rng.state, 0, (1 << 64) - 1):
        return "rng must be an Rng with a 64-bit state"
    if not _counts(state.exchanges, n):
        return f"exchanges must hold {n} non-negative ints"
    return None


def _zones(state: State) -> str | None:
    n = state.config.players
    ids = _config_card_ids(state.config)
    for name in ("forest", "market", "cemetery", "removed", "start_row", "held"):
        if not _cards(getattr(state, name), ids):
            return f"{name} must be a tuple of cards"
    if any(not c.kind.is_hand or c.kind is Kind.DOLL for c in state.market):
        return "the market deck holds hand cards only, never a voodoo doll"
    if any(c.kind is not Kind.CHARACTER for c in (*state.cemetery, *state.start_row)):
        return "the cemetery and the starting row hold characters only"
    if any(not (c.kind.is_trap or c.kind is Kind.DOLL) for c in state.removed):
        return "only traps and voodoo dolls leave the game"
    if type(state.hands) is not tuple or len(state.hands) != n:
        return f"hands must be a tuple of {n} hands"
    for hand in state.hands:
        if not _cards(hand, ids) or any(not c.kind.is_hand for c in hand):
            return "every hand must be a tuple of hand cards"
        if list(hand) != sorted(hand, key=lambda c: c.name):
            return "every hand must be sorted by name"
    if not _counts(state.seen, n) or any(s > len(state.forest) for s in state.seen):
        return f"seen must hold {n} counts, each at most the forest deck's size"
    return None


def _table(state: State) -> str | None:
    n = state.config.players
    ids = _config_card_ids(state.config)
    if type(state.teams) is not tuple or len(state.teams) != n:
        return f"teams must be a tuple of {n} teams"
    for team in state.teams:
        if type(team) is not tuple or not all(_member_ok(m, ids) for m in team):
            return "every team must be a tuple of Member"
    setting_up = state.phase is Phase.CHOOSE
    if not setting_up and state.result is None and not all(state.teams):
        return "every player has a character once the set-up is done"
    if setting_up and (state.actions or state.turn):
        return "the set-up comes before the first turn"
    return None


def _enemies(state: State) -> str | None:
    n = state.config.players
    enemies = state.enemies
    if type(enemies) is not tuple or not all(is_enemy(e) for e in enemies):
        return "enemies must be a tuple of well-formed Enemy values"
    if Counter(enemies) != Counter(state.config.final_enemies):
        return "enemies must be the config's final enemies for this many players"
    k = len(enemies)
    if not _flags(state.enemy_up, k):
        return f"enemy_up must hold {k} flags"
    if type(state.known) is not tuple or len(state.known) != n:
        return f"known must hold {n} sets"
    for known in state.known:
        if type(known) is not frozenset or not all(_players(i, k) for i in known):
            return f"known must hold sets of enemy places 0-{k - 1}"
        if any(state.enemy_up[i] for i in known):
            return "known holds only face-down enemies (a face-up one is known to all)"
    return None


def _names(team: tuple[Member, ...]) -> dict[str, Member]:
    return {m.card.name: m for m in team}


def _combat_problem(state: State) -> str | None:
    combat = state.combat
    if combat is None:
        return None
    n = state.config.players
    if type(combat) is not Combat:
        return "combat must be a Combat or None"
    if combat.attacker != state.active or type(combat.attacker) is not int:
        return "the attacker of a combat is the player whose turn it is"
    duel = combat.defender is not None
    if duel and (not _players(combat.defender, n) or combat.defender == combat.attacker):
        return "the defender of a combat is another player"
    ids = _config_card_ids(state.config)
    if not _card(combat.opponent, ids) or combat.opponent.kind is not Kind.CHARACTER:
        return "a combat's opponent is a character"
    mine = _names(state.teams[combat.attacker])
    if combat.fighter is not None and (
        type(combat.fighter) is not str or combat.fighter not in mine
    ):
        return "the fighter must be in the attacker's team"
    theirs: dict[str, Member] = {}
    if combat.defender is not None:
        theirs = _names(state.teams[combat.defender])
        if theirs.get(combat.opponent.name, Member(combat.opponent)).card != combat.opponent:
            return "the defending character must be in the defender's team"
        if combat.opponent.name not in theirs:
            return "the defending character must be in the defender's team"
    supports = combat.supports
    if type(supports) is not tuple or len(supports) != len(_SIDES):
        return "a combat's supports are two names or None"
    for side, (name, team, main) in enumerate(
        zip(supports, (mine, theirs), (combat.fighter, combat.opponent.name), strict=True)
    ):
        if name is None:
            continue
        supporter = team.get(name) if type(name) is str else None
        if supporter is None or not supporter.card.sociable or name == main:
            return f"side {side}'s support must be another sociable character of its team"
    if not (type(combat.points) is tuple and len(combat.points) == len(_SIDES)) or any(
        type(p) is not int for p in combat.points
    ):
        return "a combat's points are two ints"
    if type(combat.rolls) is not tuple or any(
        type(r) is not int or r not in _DIE_FACES for r in combat.rolls
    ):
        return "a combat's rolls are die rolls 1-6"
    if type(combat.potions) is not tuple or any(
        not _potion_ok(entry, state.config) for entry in combat.potions
    ):
        return "a combat's potions are (side 0 or 1, potion card, points) triples"
    for name, value in (("to_act", combat.to_act), ("passes", combat.passes)):
        if type(value) is not int or value not in _SIDES:
            return f"a combat's {name} is 0 or 1"
    if combat.roller is not None and (
        type(combat.roller) is not int or combat.roller not in _SIDES
    ):
        return "a combat's roller is 0, 1 or None"
    if not _is_int(combat.roll, 0, 6) or not _is_int(combat.bonus):
        return "a combat's roll is 0-6 and its bonus a non-negative int"
    if (combat.roller is None) != (combat.roll == 0) or (combat.roller is None and combat.bonus):
        return "a combat rolls to hypnotise exactly when it has a winner"
    if not duel and (combat.to_act != 0 or combat.passes or combat.supports[1] is not None):
        return "in a combat against the forest only the attacker acts"
    return None


def _potion_ok(entry: object, config: Config) -> bool:
    if type(entry) is not tuple or len(entry) != 3:  # (side, card, points)
        return False
    side, card, points = entry
    return (
        type(side) is int
        and side in _SIDES
        and _card(card, _config_card_ids(config))
        and card.kind in (COMBAT_KINDS | DIE_KINDS | {Kind.ROBBERY})
        and _is_int(points)
    )


def _conserved(state: State) -> str | None:
    """Every card of the config is somewhere, once (counted by name, once each card is known
    to be the config's card of that name)."""
    from cardgames.alakazum.rules import every_card

    config = state.config
    by_name = cards_by_name(config)
    cards = every_card(state)
    for card in cards:
        own = by_name.get(card.name)
        if own is not card and own != card:
            return f"the cards are not those of the config's card lists ({card.name!r})"
    if Counter(card.name for card in cards) != _name_counts(config):
        return "the cards are not those of the config's card lists"
    return None


@functools.lru_cache(maxsize=64)
def _name_counts(config: Config) -> Counter[str]:
    return Counter(card.name for card in all_cards(config))


def _phase_fits(state: State) -> str | None:
    """The fields that go with each phase, and who decides in it."""
    phase = state.phase
    if phase is Phase.OVER:
        return None
    combat = state.combat
    in_combat = phase in _COMBAT_PHASES
    kept = phase in (Phase.KEEP, Phase.PLACE) and combat is not None
    if in_combat != (combat is not None) and not kept:
        return f"a combat goes with the combat phases, not with phase {phase.value}"
    if kept and combat is not None and (combat.defender is not None or combat.fighter is not None):
        return "a kept character waits to be faced in a fresh combat"
    if (phase is Phase.DOLL) != (state.pending is not None):
        return "an announced move waits exactly in the doll phase"
    if (phase in (Phase.KEEP, Phase.PLACE)) != bool(state.held):
        return "held cards go with the Magic of the forest's keep and place phases"
    if (phase is Phase.TARGET) != (state.spell is not None) or (
        state.spell is not None and state.spell not in _AIMED
    ):
        return "a spell with a target to choose goes with the target phase"
    if (phase is Phase.GIVE) != (state.giving > 0):
        return "cards to give go with the give phase"
    if (phase is Phase.TAKE) != (state.taking > 0):
        return "cards to take go with the take phase"
    if state.failed is not None and phase is not Phase.SACRIFICE:
        return "a failed Alakazum's culture goes with the sacrifice phase"
    if phase is Phase.CHOOSE:
        return None if state.start_row else "the set-up needs starting characters to choose"
    if state.start_row:
        return "the starting characters are all taken or buried once the set-up is done"
    if phase is Phase.ACTION and state.actions < 1:
        return "the action phase needs an action left"
    if phase is Phase.GIVE and state.giving > len(state.hands[state.active]):
        return "the player cannot give more cards than they hold"
    if phase is Phase.TAKE and state.taking > len(state.market):
        return "the market deck has fewer cards than are to be taken"
    if phase is Phase.FIGHTER and combat is not None and combat.fighter is not None:
        return "the fighter is already chosen"
    if phase in (Phase.SUPPORT, Phase.POTIONS) and combat is not None and combat.fighter is None:
        return f"phase {phase.value} needs a fighter"
    if phase is Phase.HYPNOSIS and combat is not None and combat.roller is None:
        return "phase hypnosis needs a winner who rolled"
    return _decider_fits(state)


def _decider_fits(state: State) -> str | None:
    phase, to_move, combat = state.phase, state.to_move, state.combat
    if phase in _ACTIVE_DECIDES and to_move != state.active:
        return f"in phase {phase.value} the player whose turn it is decides"
    if combat is not None and phase in (Phase.SUPPORT, Phase.POTIONS, Phase.HYPNOSIS):
        side = combat.roller if phase is Phase.HYPNOSIS else combat.to_act
        owner = combat.attacker if side == 0 else combat.defender
        if owner is None or owner != to_move:
            return f"in phase {phase.value} the side whose turn it is decides"
    if phase is Phase.DOLL:
        if to_move == state.active or to_move is None:
            return "another player than the announcer decides on a voodoo doll"
        if not any(c.kind is Kind.DOLL for c in state.hands[to_move]):
            return "only a holder of a voodoo doll decides whether to use it"
        return _pending_problem(state)
    return None


def _pending_problem(state: State) -> str | None:
    """An announced move must be one its player could have announced. Part of that hangs on
    cards only they see (cauldrons, objects for an Alakazum), so a cast is held only to its
    spell having something to work on and its hats being in hand, and an Alakazum to its
    culture and a face-down enemy."""
    from cardgames.alakazum.rules import castable, legal_moves_unchecked

    pending = state.pending
    player = state.active
    try:
        if isinstance(pending, Alakazum):
            enemy = pending.enemy
            ok = (
                type(pending.culture) is Culture
                and pending.culture in state.config.cultures
                and type(enemy) is int
                and 0 <= enemy < len(state.enemies)
                and not state.enemy_up[enemy]
            )
        elif isinstance(pending, Cast):
            hats = Counter(c.name for c in state.hands[player] if c.kind is Kind.HAT)
            ok = (
                type(pending.spell) is Spell
                and type(pending.hats) is tuple
                and all(type(h) is str for h in pending.hats)
                and not Counter(pending.hats) - hats
                and castable(state, player, pending.spell)
            )
        elif isinstance(pending, Market | UseObject | Fight):
            before = attrs.evolve(
                state, phase=Phase.ACTION, to_move=player, pending=None, actions=1
            )
            ok = pending in legal_moves_unchecked(before)
        else:
            ok = False
    except (TypeError, ValueError):
        ok = False
    return None if ok else "the announced move is not one its player could announce"


def _something_to_do(state: State) -> str | None:
    from cardgames.alakazum.rules import legal_moves_unchecked

    if state.phase is not Phase.OVER and not legal_moves_unchecked(state):
        return f"the player to move has nothing to do in phase {state.phase.value}"
    return None


def why_illegal(state: State, move: object) -> str:
    """The reason ``move`` is not legal in ``state``, for the ``IllegalMoveError``."""
    from cardgames.alakazum.notation import describe

    what = describe(move)
    if state.result is not None:
        return f"{what}: the game is over"
    if not isinstance(move, MOVE_TYPES):
        return f"{what}: not an alakazum move"
    player = state.to_move
    phase = state.phase
    names = {c.name for c in state.hands[player]} if player is not None else set()
    card: Any = getattr(move, "card", None)
    if isinstance(move, Market | UseObject | Drink) and (
        type(card) is not str or card not in names
    ):
        return f"{what}: player {player} holds no card named {card!r}"
    hats = move.hats if isinstance(move, Cast) else ()
    if type(hats) is not tuple or any(type(h) is not str or h not in names for h in hats):
        return f"{what}: player {player} does not hold those hats"
    if isinstance(move, Market | UseObject | Fight | Cast) and phase is not Phase.ACTION:
        return f"{what}: actions are taken in the action phase; now it is {phase.value}"
    if isinstance(move, Cast) and type(move.spell) is Spell:
        return f"{what}: not castable now (its cost, the payment or its targets do not fit)"
    return f"{what}: not legal in the {phase.value} phase for player {player}"
