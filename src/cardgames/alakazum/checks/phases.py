"""The checks of what is under way in a state the rules did not make: the combat, and the
fields that go with each phase (who decides, what is held, given, taken or announced).

Part of :func:`cardgames.alakazum.checks.inconsistency`; an announced move and the moves of the
player to decide are held to the rules' own legal moves (:mod:`cardgames.alakazum.generate`).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping

import attrs

from cardgames.alakazum.cards import Card, Culture, Kind
from cardgames.alakazum.config import Config, all_cards, cards_by_name
from cardgames.alakazum.draft import DIE_SIDES
from cardgames.alakazum.generate import generate
from cardgames.alakazum.moves import Alakazum, Cast, Fight, Market, Spell, UseObject
from cardgames.alakazum.shapes import (
    DIE_FACES,
    SIDES,
    card_ok,
    config_card_ids,
    is_int,
    is_player,
    potion_ok,
)
from cardgames.alakazum.spells import MISERABLE_WITCH_CARDS, castable
from cardgames.alakazum.state import Combat, Member, Phase, State, every_card
from cardgames.alakazum.traps import santa_explodes
from cardgames.alakazum.voodoo import asked_about_doll, doll_in_game

__all__ = ["combat_problem", "fought_problem", "nothing_to_do", "phase_fits"]

# Enum members read by the checks, as module names: on Python 3.11 reading a member through
# its class costs about ten times as much as reading a module name, and a check reads dozens.
_CAPE_KIND = Kind.CAPE
_CHARACTER_KIND = Kind.CHARACTER
_DOLL_KIND = Kind.DOLL
_HAT_KIND = Kind.HAT
_ACTION = Phase.ACTION
_ALAKAZUM = Phase.ALAKAZUM
_CHOOSE = Phase.CHOOSE
_DOLL = Phase.DOLL
_FIGHTER = Phase.FIGHTER
_GIVE = Phase.GIVE
_HYPNOSIS = Phase.HYPNOSIS
_KEEP = Phase.KEEP
_OVER = Phase.OVER
_PLACE = Phase.PLACE
_POTIONS = Phase.POTIONS
_SACRIFICE = Phase.SACRIFICE
_SANTA = Phase.SANTA
_SUPPORT = Phase.SUPPORT
_TAKE = Phase.TAKE
_TARGET = Phase.TARGET
_TRICK = Phase.TRICK
_DIVINATION = Spell.DIVINATION
_LEVITATION = Spell.LEVITATION
_RESURRECT = Spell.RESURRECT
_TRAINING = Spell.TRAINING

#: Phases with a combat under way (a Magic of the forest may also hold a kept character).
_COMBAT_PHASES = frozenset({_FIGHTER, _SUPPORT, _POTIONS, _HYPNOSIS})
#: Phases in which the player whose turn it is decides.
_ACTIVE_DECIDES = frozenset(
    {
        _ACTION,
        _TARGET,
        _FIGHTER,
        _GIVE,
        _TRICK,
        _KEEP,
        _PLACE,
        _TAKE,
        _ALAKAZUM,
    }
)
#: Spells whose target is chosen in the target phase.
_AIMED = frozenset({_TRAINING, _DIVINATION, _LEVITATION, _RESURRECT})


def _names(team: tuple[Member, ...]) -> dict[str, Member]:
    return {m.card.name: m for m in team}


def combat_problem(state: State) -> str | None:
    """What is wrong with the state's combat, or ``None``: its sides, characters, points,
    dice and potions."""
    combat = state.combat
    if combat is None:
        return None
    n = state.config.players
    if type(combat) is not Combat:
        return "combat must be a Combat or None"
    if combat.attacker != state.active or type(combat.attacker) is not int:
        return "the attacker of a combat is the player whose turn it is"
    duel = combat.defender is not None
    if duel and (not is_player(combat.defender, n) or combat.defender == combat.attacker):
        return "the defender of a combat is another player"
    ids = config_card_ids(state.config)
    if not card_ok(combat.opponent, ids) or combat.opponent.kind is not _CHARACTER_KIND:
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
    if type(supports) is not tuple or len(supports) != len(SIDES):
        return "a combat's supports are two names or None"
    for side, (name, team, main) in enumerate(
        zip(supports, (mine, theirs), (combat.fighter, combat.opponent.name), strict=True)
    ):
        if name is None:
            continue
        supporter = team.get(name) if type(name) is str else None
        if supporter is None or not supporter.card.sociable or name == main:
            return f"side {side}'s support must be another sociable character of its team"
    problem = _combat_fields(state, combat)
    if problem is not None:
        return problem
    if (combat.roller is None) != (combat.roll == 0) or (combat.roller is None and combat.bonus):
        return "a combat rolls to hypnotise exactly when it has a winner"
    if not duel and (combat.to_act != 0 or combat.passes or combat.supports[1] is not None):
        return "in a combat against the forest only the attacker acts"
    return None


def _combat_fields(state: State, combat: Combat) -> str | None:
    """What is wrong with a combat's numbers (points, dice, potions, who acts, the roll to
    hypnotise), under way or decided, or ``None``."""
    if not (type(combat.points) is tuple and len(combat.points) == len(SIDES)) or any(
        type(p) is not int for p in combat.points
    ):
        return "a combat's points are two ints"
    if type(combat.rolls) is not tuple or any(
        type(r) is not int or r not in DIE_FACES for r in combat.rolls
    ):
        return "a combat's rolls are die rolls 1-6"
    if type(combat.potions) is not tuple or any(
        not potion_ok(entry, state.config) for entry in combat.potions
    ):
        return "a combat's potions are (side 0 or 1, potion card, points) triples"
    for name, value in (("to_act", combat.to_act), ("passes", combat.passes)):
        if type(value) is not int or value not in SIDES:
            return f"a combat's {name} is 0 or 1"
    if combat.roller is not None and (type(combat.roller) is not int or combat.roller not in SIDES):
        return "a combat's roller is 0, 1 or None"
    if not is_int(combat.roll, 0, 6) or not is_int(combat.bonus):
        return "a combat's roll is 0-6 and its bonus a non-negative int"
    return _combat_numbers(state, combat)


def fought_problem(state: State) -> str | None:
    """What is wrong with the combats the last move decided (``fought``), or ``None``: each
    one a combat of the game's own characters, its points compared (a winner who rolled to
    hypnotise, or the forest's character that won), its numbers within what its cards give."""
    fought = state.fought
    if fought == ():
        return None
    if type(fought) is not tuple or len(fought) > len(cards_by_name(state.config)):
        return "fought must be a tuple of at most as many combats as the game has cards"
    for combat in fought:
        problem = _decided_problem(state, combat)
        if problem is not None:
            return f"a combat the last move decided: {problem}"
    return None


def _decided_problem(state: State, combat: object) -> str | None:
    if type(combat) is not Combat:
        return "not a Combat"
    n = state.config.players
    if not is_player(combat.attacker, n):
        return "the attacker is not a player"
    defender = combat.defender
    if defender is not None and (not is_player(defender, n) or defender == combat.attacker):
        return "the defender is not another player"
    cards = cards_by_name(state.config)
    if not card_ok(combat.opponent, config_card_ids(state.config)) or (
        combat.opponent.kind is not _CHARACTER_KIND
    ):
        return "the opponent is not a character"
    if not _is_character(cards, combat.fighter):
        return "the fighter is not a character"
    if type(combat.supports) is not tuple or len(combat.supports) != len(SIDES):
        return "a combat's supports are two names or None"
    for name in combat.supports:
        if name is not None and not _is_character(cards, name, sociable=True):
            return "a support is not a sociable character"
    problem = _combat_fields(state, combat)
    if problem is not None:
        return problem
    if combat.roller is None and (combat.roll or combat.bonus):
        return "nobody rolls to hypnotise without a winner"
    attack, defence = combat.points
    if defender is None:
        if attack > defence and (combat.roller != 0 or not combat.roll):
            return "the winner rolls to hypnotise the forest character it beat"
        if attack <= defence and combat.roller is not None:
            return "nobody rolls to hypnotise when the forest character wins"
    elif combat.roller != (0 if attack > defence else 1):
        return "the side with more points (the defender in a tie) wins a duel"
    return None


def _is_character(cards: Mapping[str, Card], name: object, *, sociable: bool = False) -> bool:
    """Whether ``name`` names a character among the config's ``cards`` (a sociable one if
    asked)."""
    card = cards.get(name) if type(name) is str else None
    return card is not None and card.kind is _CHARACTER_KIND and (card.sociable or not sociable)


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
    for side in SIDES:
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
            if c.kind is _CHARACTER_KIND
            for p in c.combat
        ),
        default=0,
    )
    return best + max((c.value for c in cards if c.kind is _CAPE_KIND), default=0)


def phase_fits(state: State) -> str | None:
    """What is wrong with the fields that go with each phase, and who decides in it, or
    ``None``."""
    phase = state.phase
    if phase is _OVER:
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
    kept = phase in (_KEEP, _PLACE) and combat is not None
    if in_combat != (combat is not None) and not kept:
        return f"a combat goes with the combat phases, not with phase {phase.value}"
    if kept and combat is not None and (combat.defender is not None or combat.fighter is not None):
        return "a kept character waits to be faced in a fresh combat"
    if (phase is _DOLL) != (state.pending is not None):
        return "an announced move waits exactly in the doll phase"
    if (phase in (_KEEP, _PLACE)) != bool(state.held):
        return "held cards go with the Magic of the forest's keep and place phases"
    if (phase is _TARGET) != (state.spell is not None) or (
        state.spell is not None and state.spell not in _AIMED
    ):
        return "a spell with a target to choose goes with the target phase"
    if (phase is _GIVE) != (state.giving > 0):
        return "cards to give go with the give phase"
    if (phase is _TAKE) != (state.taking > 0):
        return "cards to take go with the take phase"
    if state.failed is not None and phase is not _SACRIFICE:
        return "a failed Alakazum's culture goes with the sacrifice phase"
    if phase is _CHOOSE:
        return None if state.start_row else "the set-up needs starting characters to choose"
    if state.start_row:
        return "the starting characters are all taken or buried once the set-up is done"
    if phase is _ACTION and state.actions < 1:
        return "the action phase needs an action left"
    if phase is _GIVE and state.giving > len(state.hands[state.active]):
        return "the player cannot give more cards than they hold"
    if phase is _TAKE and state.taking > len(state.market):
        return "the market deck has fewer cards than are to be taken"
    # A Miserable witch takes at most MISERABLE_WITCH_CARDS cards.
    if state.taking > MISERABLE_WITCH_CARDS:
        return f"taking must be 0-{MISERABLE_WITCH_CARDS}"
    if phase is _FIGHTER and combat is not None and combat.fighter is not None:
        return "the fighter is already chosen"
    if phase in (_SUPPORT, _POTIONS) and combat is not None and combat.fighter is None:
        return f"phase {phase.value} needs a fighter"
    if phase is _HYPNOSIS and combat is not None and combat.roller is None:
        return "phase hypnosis needs a winner who rolled"
    # The die is handed on only when it did not explode: a roll of 3 or more, before the cap.
    if phase is _SANTA and (state.roll is None or santa_explodes(state.roll, state.santa)):
        return "the Santa Claus die is handed on only after a roll that did not explode"
    return _decider_fits(state)


def _decider_fits(state: State) -> str | None:
    phase, to_move, combat = state.phase, state.to_move, state.combat
    if phase in _ACTIVE_DECIDES and to_move != state.active:
        return f"in phase {phase.value} the player whose turn it is decides"
    if combat is not None and phase in (_SUPPORT, _POTIONS, _HYPNOSIS):
        side = combat.roller if phase is _HYPNOSIS else combat.to_act
        owner = combat.attacker if side == 0 else combat.defender
        if owner is None or owner != to_move:
            return f"in phase {phase.value} the side whose turn it is decides"
    if phase is _DOLL:
        if to_move == state.active or to_move is None:
            return "another player than the announcer decides on a voodoo doll"
        if not asked_about_doll(state.hands[to_move]):
            return "a player with no card in hand is not asked about a voodoo doll"
        dolls = sum(1 for c in every_card(state) if c.kind is _DOLL_KIND)
        if not doll_in_game(state.removed, dolls):
            return "nobody is asked about a voodoo doll once every doll has left the game"
        return _pending_problem(state)
    return None


def _pending_problem(state: State) -> str | None:
    """An announced move must be one its player could have announced. Part of that hangs on
    cards only they see (cauldrons, objects for an Alakazum), so a cast is held only to its
    spell having something to work on and its hats being in hand, and an Alakazum to its
    culture and a face-down enemy."""
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
            hats = Counter(c.name for c in state.hands[player] if c.kind is _HAT_KIND)
            ok = (
                type(pending.spell) is Spell
                and type(pending.hats) is tuple
                and all(type(h) is str for h in pending.hats)
                and not Counter(pending.hats) - hats
                and castable(state, player, pending.spell)
            )
        elif isinstance(pending, Market | UseObject | Fight):
            before = attrs.evolve(state, phase=_ACTION, to_move=player, pending=None, actions=1)
            ok = pending in generate(before)
        else:
            ok = False
    except (TypeError, ValueError):
        ok = False
    return None if ok else "the announced move is not one its player could announce"


def nothing_to_do(state: State) -> str | None:
    """A game still on where the player to move has no legal move: the reason, or ``None``."""
    if state.phase is not _OVER and not generate(state):
        return f"the player to move has nothing to do in phase {state.phase.value}"
    return None
