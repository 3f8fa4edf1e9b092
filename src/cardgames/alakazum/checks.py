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
    MAX_NAME,
    Culture,
    Kind,
    Level,
    is_card,
    is_enemy,
)
from cardgames.alakazum.config import MAX_CARDS, Config, all_cards, cards_by_name, check_config
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
from cardgames.alakazum.notation import well_formed
from cardgames.alakazum.rules import (
    ACTIONS,
    DEJA_VU_ACTIONS,
    DIE_SIDES,
    FOREST_MAGIC_CARDS,
    MISERABLE_WITCH_CARDS,
    SANTA_EXPLODES_BELOW,
    SANTA_MAX_PASSES,
)
from cardgames.alakazum.state import Combat, Member, Phase, State, View
from cardgames.errors import CardgamesError, excerpt
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = ["hand_problem", "inconsistency", "team_problem", "view_problem", "why_illegal"]

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


def team_problem(team: object) -> str | None:
    """What makes ``team`` not a team of characters (each with its broom and cape), or
    ``None``."""
    if type(team) is not tuple or len(team) > MAX_CARDS:
        return "a team must be a tuple of Member"
    for i, member in enumerate(team):
        if not _member_ok(member, frozenset()):
            return f"team[{i}] is not a Member of a character (with a broom, a cape or None)"
    return None


def hand_problem(hand: object) -> str | None:
    """What makes ``hand`` not a tuple of hand cards, or ``None``."""
    if type(hand) is not tuple or len(hand) > MAX_CARDS:
        return "a hand must be a tuple of hand cards"
    for i, card in enumerate(hand):
        if not is_card(card) or not card.kind.is_hand:
            return f"hand[{i}] is not a hand card"
    return None


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
    if over != (state.to_move is None):
        return "nobody moves exactly when the game is over"
    if state.to_move is not None and not _players(state.to_move, n):
        return f"to_move must be a player 0-{n - 1}"
    if not _players(state.active, n):
        return f"active must be a player 0-{n - 1}"
    if over:
        problem = _result_problem(state)
        if problem is not None:
            return problem
    for name in ("turn", "actions", "giving", "santa", "taking"):
        if not _is_int(getattr(state, name)):
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
    if state.roll is not None and (type(state.roll) is not int or state.roll not in _DIE_FACES):
        return "roll must be a die roll 1-6 or None"
    if type(state.rng) is not Rng or not _is_int(state.rng.state, 0, (1 << 64) - 1):
        return "rng must be an Rng with a 64-bit state"
    # The deal sets aside each character or trap drawn: nobody exchanges more cards than the
    # forest deck has of those.
    if not _counts(state.exchanges, n) or sum(state.exchanges) > _not_hand_cards(config):
        return (
            f"exchanges must hold {n} non-negative ints, together at most the forest deck's "
            "characters and traps"
        )
    return None


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
    if type(winners) is not frozenset or not all(_players(w, n) for w in winners):
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
    # A Magic of the forest takes FOREST_MAGIC_CARDS cards and forgets what was known: only
    # its caster knows cards at the top, at most those put back.
    if sum(state.seen) > FOREST_MAGIC_CARDS or len(state.held) > FOREST_MAGIC_CARDS:
        return f"a Magic of the forest holds and shows at most {FOREST_MAGIC_CARDS} cards"
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
    return _combat_numbers(state, combat)


#: Characters in a combat with a die for combat points: each side's main one and support.
_MAX_ROLLS = 4


def _combat_numbers(state: State, combat: Combat) -> str | None:
    """The numbers of a combat stay within what its cards can give: a side's points come from
    its main character and support (each at most the config's strongest, a die counting 6,
    with a cape) and the potions it played, less what was stolen; a die is rolled for each
    character with a die, and die potions make the bonus."""
    if len(combat.rolls) > _MAX_ROLLS:
        return f"a combat rolls at most {_MAX_ROLLS} dice for combat points"
    strongest = 2 * _strongest(state.config)
    for side in _SIDES:
        potions = sum(points for by, _, points in combat.potions if by == side)
        if not 0 <= combat.points[side] <= strongest + potions:
            return f"side {side}'s combat points are more than its cards can give"
    dice = sum(card.die for _, card, points in combat.potions if not points)
    if combat.bonus > dice:
        return "a combat's bonus is more than its die potions give"
    return None


@functools.lru_cache(maxsize=64)
def _strongest(config: Config) -> int:
    """The most combat points one character can bring to a combat: its best level's (a die
    counts 6) with the best cape."""
    cards = all_cards(config)
    best = max(
        (
            p if p is not None else DIE_SIDES
            for c in cards
            if c.kind is Kind.CHARACTER
            for p in c.combat
        ),
        default=0,
    )
    return best + max((c.value for c in cards if c.kind is Kind.CAPE), default=0)


def _potion_ok(entry: object, config: Config) -> bool:
    if type(entry) is not tuple or len(entry) != 3:  # (side, card, points)
        return False
    side, card, points = entry
    # A potion played for combat points counts its value; a die potion, a double potion
    # played for the die and a robbery count none.
    return (
        type(side) is int
        and side in _SIDES
        and _card(card, _config_card_ids(config))
        and card.kind in (COMBAT_KINDS | DIE_KINDS | {Kind.ROBBERY})
        and type(points) is int
        and (points == 0 or (card.kind in COMBAT_KINDS and points == card.value))
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
            return f"the cards are not those of the config's card lists ({excerpt(card.name)})"
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
        # A game ends as a turn starts or ends, or on an Alakazum: nothing is left under way.
        under_way = (
            state.combat is not None
            or state.pending is not None
            or state.held
            or state.giving
            or state.taking
            or state.spell is not None
            or state.failed is not None
        )
        return (
            "a game over has nothing under way (combat, announcement, cards)" if under_way else None
        )
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
    # A Miserable witch takes at most MISERABLE_WITCH_CARDS cards.
    if state.taking > MISERABLE_WITCH_CARDS:
        return f"taking must be 0-{MISERABLE_WITCH_CARDS}"
    if phase is Phase.FIGHTER and combat is not None and combat.fighter is not None:
        return "the fighter is already chosen"
    if phase in (Phase.SUPPORT, Phase.POTIONS) and combat is not None and combat.fighter is None:
        return f"phase {phase.value} needs a fighter"
    if phase is Phase.HYPNOSIS and combat is not None and combat.roller is None:
        return "phase hypnosis needs a winner who rolled"
    # The die is handed on only when it did not explode: a roll of 3 or more, before the cap.
    if phase is Phase.SANTA and (
        state.roll is None or state.roll < SANTA_EXPLODES_BELOW or state.santa >= SANTA_MAX_PASSES
    ):
        return "the Santa Claus die is handed on only after a roll that did not explode"
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


def view_problem(view: object) -> str | None:
    """What makes ``view`` malformed, or ``None``: every field's type, the sizes of its card
    lists within the config's, and its player, counters and enemies within what the rules
    reach.

    A view that passes can be dealt into a full state in time linear in its size; the cards
    themselves, and whether some playable state has the view, are settled by dealing one and
    checking it in full (:func:`cardgames.alakazum.view.check_view`).
    """
    if type(view) is not View:
        hint = (
            " (a state is not a view; view(state, player) makes one)" if type(view) is State else ""
        )
        return f"expected a View of alakazum, got {type(view).__name__}{hint}"
    try:
        check_config(view.config)
    except CardgamesError as exc:
        return str(exc)
    config = view.config
    n = config.players
    total = len(all_cards(config))
    if not _players(view.player, n):
        return f"player must be a player 0-{n - 1}"
    if type(view.phase) is not Phase:
        return "phase must be a Phase"
    if view.to_move is not None and not _players(view.to_move, n):
        return f"to_move must be a player 0-{n - 1} or None"
    if not _players(view.active, n):
        return f"active must be a player 0-{n - 1}"
    for name, high in (
        ("turn", config.turn_limit),
        ("forest_size", total),
        ("actions", ACTIONS + DEJA_VU_ACTIONS),
        ("giving", total),
        ("santa", SANTA_MAX_PASSES),
        ("held_size", FOREST_MAGIC_CARDS),
        ("taking", MISERABLE_WITCH_CARDS),
    ):
        if not _is_int(getattr(view, name), 0, high):
            return f"{name} must be an int 0-{high}"
    for name in ("forest_top", "market", "hand", "cemetery", "removed", "start_row", "held"):
        cards = getattr(view, name)
        if type(cards) is not tuple or len(cards) > total:
            return f"{name} must be a tuple of at most {total} cards"
    if not _counts(view.hand_sizes, n) or any(size > total for size in view.hand_sizes):
        return f"hand_sizes must hold {n} counts of at most {total} cards"
    if view.hand_sizes[view.player] != len(view.hand):
        return "hand_sizes must count the viewer's own hand"
    if type(view.teams) is not tuple or len(view.teams) != n:
        return f"teams must be a tuple of {n} teams"
    for team in view.teams:
        if type(team) is not tuple or len(team) > total:
            return "every team must be a tuple of Member"
    k = len(config.final_enemies)
    enemies = view.enemies
    if (
        type(enemies) is not tuple
        or len(enemies) != k
        or not all(e is None or is_enemy(e) for e in enemies)
    ):
        return f"enemies must hold the {k} final enemies, None for those not seen"
    if not _flags(view.enemy_up, k):
        return f"enemy_up must hold {k} flags"
    if not _counts(view.exchanges, n):
        return f"exchanges must hold {n} non-negative ints"
    if type(view.deja_vu) is not bool:
        return "deja_vu must be true or false"
    if view.spell is not None and type(view.spell) is not Spell:
        return "spell must be a Spell or None"
    if view.failed is not None and type(view.failed) is not Culture:
        return "failed must be a Culture or None"
    if view.roll is not None and (type(view.roll) is not int or view.roll not in _DIE_FACES):
        return "roll must be a die roll 1-6 or None"
    if view.result is not None and type(view.result) is not Outcome:
        return "result must be an Outcome or None"
    if view.pending is not None and not (
        isinstance(view.pending, MOVE_TYPES) and well_formed(view.pending)
    ):
        return "pending must be a well-formed move or None"
    return _view_combat_problem(view.combat, config)


def _view_combat_problem(combat: object, config: Config) -> str | None:
    """The parts of a view's combat that dealing a state reads; the rest is checked with the
    state."""
    if combat is None:
        return None
    if type(combat) is not Combat:
        return "combat must be a Combat or None"
    if not _card(combat.opponent, _config_card_ids(config)):
        return "a combat's opponent is a character"
    if type(combat.potions) is not tuple or not all(
        _potion_ok(entry, config) for entry in combat.potions
    ):
        return "a combat's potions are (side 0 or 1, potion card, points) triples"
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
        return f"{what}: player {player} holds no card named {excerpt(card)}"
    hats = move.hats if isinstance(move, Cast) else ()
    if type(hats) is not tuple or any(type(h) is not str or h not in names for h in hats):
        return f"{what}: player {player} does not hold those hats"
    if isinstance(move, Market | UseObject | Fight | Cast) and phase is not Phase.ACTION:
        return f"{what}: actions are taken in the action phase; now it is {phase.value}"
    if isinstance(move, Cast) and type(move.spell) is Spell:
        return f"{what}: not castable now (its cost, the payment or its targets do not fit)"
    return f"{what}: not legal in the {phase.value} phase for player {player}"
