"""Checks of hand-made states, and the reasons a move is not legal."""

from __future__ import annotations

from collections import Counter

from cardgames.alakazum.cards import Culture, Enemy, Kind, Level, is_card
from cardgames.alakazum.config import check_config
from cardgames.alakazum.moves import MOVE_TYPES, Cast, Drink, Fight, Market, Spell, UseObject
from cardgames.alakazum.state import Combat, Member, Phase, State
from cardgames.errors import CardgamesError
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = ["inconsistency", "why_illegal"]


def _cards(value: object) -> bool:
    return type(value) is tuple and all(is_card(c) for c in value)


def _member_ok(member: object) -> bool:
    return (
        type(member) is Member
        and is_card(member.card)
        and member.card.kind is Kind.CHARACTER
        and type(member.level) is Level
        and (member.broom is None or (is_card(member.broom) and member.broom.kind is Kind.BROOM))
        and (member.cape is None or (is_card(member.cape) and member.cape.kind is Kind.CAPE))
    )


def _players(value: object, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def inconsistency(state: State) -> str | None:
    """What makes a state that the rules did not build unplayable, or ``None``."""
    from cardgames.alakazum.rules import config_cards, every_card

    try:
        check_config(state.config)
    except CardgamesError as exc:
        return str(exc)
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
        value = getattr(state, name)
        if type(value) is not int or value < 0:
            return f"{name} must be a non-negative int"
    if state.turn >= config.turn_limit:
        return f"turn must be below the turn limit {config.turn_limit}"
    if type(state.deja_vu) is not bool:
        return "deja_vu must be true or false"
    for name in ("forest", "market", "cemetery", "removed", "start_row", "held"):
        if not _cards(getattr(state, name)):
            return f"{name} must be a tuple of cards"
    if any(not c.kind.is_hand or c.kind is Kind.DOLL for c in state.market):
        return "the market deck holds hand cards only, never a voodoo doll"
    if any(c.kind is not Kind.CHARACTER for c in (*state.cemetery, *state.start_row)):
        return "the cemetery and the starting row hold characters only"
    if type(state.hands) is not tuple or len(state.hands) != n:
        return f"hands must be a tuple of {n} hands"
    for hand in state.hands:
        if not _cards(hand) or any(not c.kind.is_hand for c in hand):
            return "every hand must be a tuple of hand cards"
        if list(hand) != sorted(hand, key=lambda c: c.name):
            return "every hand must be sorted by name"
    if type(state.teams) is not tuple or len(state.teams) != n:
        return f"teams must be a tuple of {n} teams"
    for team in state.teams:
        if type(team) is not tuple or not all(_member_ok(m) for m in team):
            return "every team must be a tuple of Member"
    if state.phase is not Phase.CHOOSE and not over and not all(state.teams):
        return "every player has a character once the set-up is done"
    if not all(type(e) is Enemy for e in state.enemies) or type(state.enemies) is not tuple:
        return "enemies must be a tuple of Enemy"
    if Counter(state.enemies) != Counter(config.final_enemies):
        return "enemies must be the config's final enemies for this many players"
    k = len(state.enemies)
    if type(state.enemy_up) is not tuple or len(state.enemy_up) != k:
        return f"enemy_up must hold {k} flags"
    if any(type(up) is not bool for up in state.enemy_up):
        return "enemy_up must hold true or false"
    if type(state.known) is not tuple or len(state.known) != n:
        return f"known must hold {n} sets"
    for known in state.known:
        if type(known) is not frozenset or not all(_players(i, k) for i in known):
            return f"known must hold sets of enemy places 0-{k - 1}"
    if type(state.seen) is not tuple or len(state.seen) != n:
        return f"seen must hold {n} counts"
    if any(type(s) is not int or not 0 <= s <= len(state.forest) for s in state.seen):
        return "seen counts must be 0 to the forest deck's size"
    if type(state.exchanges) is not tuple or len(state.exchanges) != n:
        return f"exchanges must hold {n} counts"
    if any(type(e) is not int or e < 0 for e in state.exchanges):
        return "exchanges must be non-negative ints"
    if state.failed is not None and type(state.failed) is not Culture:
        return "failed must be a Culture or None"
    if state.roll is not None and (type(state.roll) is not int or not 1 <= state.roll <= 6):
        return "roll must be a die roll 1-6 or None"
    if type(state.rng) is not Rng or type(state.rng.state) is not int:
        return "rng must be an Rng"
    if not 0 <= state.rng.state < 1 << 64:
        return "rng state must be a 64-bit unsigned int"
    problem = _combat_problem(state)
    if problem is not None:
        return problem
    if state.pending is not None and not isinstance(state.pending, MOVE_TYPES):
        return "pending must be an announced move or None"
    try:
        cards = Counter(every_card(state))
    except (TypeError, AttributeError):
        return "the cards are not well formed"
    if cards != config_cards(config):
        return "the cards are not those of the config's card lists"
    return _phase_problem(state)


def _combat_problem(state: State) -> str | None:
    combat = state.combat
    if combat is None:
        return None
    n = state.config.players
    if type(combat) is not Combat:
        return "combat must be a Combat or None"
    if not _players(combat.attacker, n) or combat.attacker != state.active:
        return "the attacker of a combat is the player whose turn it is"
    if combat.defender is not None and (
        not _players(combat.defender, n) or combat.defender == combat.attacker
    ):
        return "the defender of a combat is another player"
    if not is_card(combat.opponent) or combat.opponent.kind is not Kind.CHARACTER:
        return "a combat's opponent is a character"
    names = {m.card.name for m in state.teams[combat.attacker]}
    if combat.fighter is not None and combat.fighter not in names:
        return "the fighter must be in the attacker's team"
    if combat.defender is not None and combat.opponent not in [
        m.card for m in state.teams[combat.defender]
    ]:
        return "the defending character must be in the defender's team"
    if (
        type(combat.points) is not tuple
        or len(combat.points) != 2
        or any(type(p) is not int for p in combat.points)
    ):
        return "a combat's points are two ints"
    if combat.to_act not in (0, 1) or combat.roller not in (None, 0, 1):
        return "a combat's sides are 0 and 1"
    if type(combat.potions) is not tuple or any(
        type(p) is not tuple or len(p) != 3 or not is_card(p[1]) for p in combat.potions
    ):
        return "a combat's potions are (side, card, points) triples"
    return None


def _phase_problem(state: State) -> str | None:
    phase = state.phase
    combat_phases = (Phase.FIGHTER, Phase.SUPPORT, Phase.POTIONS, Phase.HYPNOSIS)
    if phase in combat_phases and state.combat is None:
        return f"phase {phase.value} needs a combat"
    if phase is Phase.FIGHTER and state.combat is not None and state.combat.fighter is not None:
        return "the fighter is already chosen"
    if phase is Phase.HYPNOSIS and state.combat is not None and state.combat.roller is None:
        return "phase hypnosis needs a winner who rolled"
    if phase in (Phase.KEEP, Phase.PLACE) and not state.held:
        return f"phase {phase.value} needs cards taken by a Magic of the forest"
    if phase is Phase.DOLL and (state.pending is None or state.to_move == state.active):
        return "phase doll needs an announced move and another player deciding"
    if (
        phase is Phase.DOLL
        and state.to_move is not None
        and not any(c.kind is Kind.DOLL for c in state.hands[state.to_move])
    ):
        return "only a holder of a voodoo doll decides whether to use it"
    if phase is Phase.GIVE and not 0 < state.giving <= len(state.hands[state.active]):
        return "phase give needs cards to give that the player holds"
    if phase is Phase.TAKE and not 0 < state.taking <= len(state.market):
        return "phase take needs market cards to take"
    if phase is Phase.CHOOSE and not state.start_row:
        return "phase choose needs starting characters to choose from"
    if phase not in (Phase.CHOOSE, Phase.OVER) and state.start_row:
        return "the starting characters are all taken or buried once the set-up is done"
    from cardgames.alakazum.rules import legal_moves_unchecked

    if phase is not Phase.OVER and not legal_moves_unchecked(state):
        return f"the player to move has nothing to do in phase {phase.value}"
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
    card = getattr(move, "card", None)
    if isinstance(move, Market | UseObject | Drink) and (
        type(card) is not str or card not in names
    ):
        return f"{what}: player {player} holds no card named {move.card!r}"
    hats = move.hats if isinstance(move, Cast) else ()
    if type(hats) is not tuple or any(type(h) is not str or h not in names for h in hats):
        return f"{what}: player {player} does not hold those hats"
    if isinstance(move, Market | UseObject | Fight | Cast) and phase is not Phase.ACTION:
        return f"{what}: actions are taken in the action phase; now it is {phase.value}"
    if isinstance(move, Cast) and type(move.spell) is Spell:
        return f"{what}: not castable now (the cost, the payment or the target does not fit)"
    return f"{what}: not legal in the {phase.value} phase for player {player}"
