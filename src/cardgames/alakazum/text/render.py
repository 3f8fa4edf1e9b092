"""A plain-text picture of an Alakazum! table, from a state or from one player's view."""

from __future__ import annotations

from cardgames.alakazum.cards import Card, Enemy
from cardgames.alakazum.notation import format_move
from cardgames.alakazum.state import Member, State, View
from cardgames.alakazum.view import check_view
from cardgames.errors import InvalidStateError, kind_of

__all__ = ["render"]

_LEVELS = "ABC"


def _member(member: Member) -> str:
    card = member.card
    combat = card.combat[member.level]
    text = (
        f"{card.name} [{card.culture}] {_LEVELS[member.level]} "
        f"combat {'die' if combat is None else member.combat} "
        f"points {member.points} resist {member.resistance}"
    )
    traits = [word for word, on in (("sociable", card.sociable), ("thrifty", card.thrifty)) if on]
    if card.magic:
        traits.append("very magical" + (f" x{card.magic}" if card.magic > 1 else ""))
    if member.broom is not None:
        traits.append("on a broom")
    if member.cape is not None:
        traits.append(f"cape +{member.cape.value}")
    return text + (f" ({', '.join(traits)})" if traits else "")


def _card(card: Card) -> str:
    return card.name


def _enemy(enemy: Enemy | None, players: int, up: bool) -> str:
    if enemy is None:
        return "(face down)"
    value = "invincible" if enemy.invincible else str(enemy.value(players))
    return f"{enemy.name} {value}" + ("" if up else " (seen, face down)")


def render(state_or_view: State | View) -> str:
    """The table as text: final enemies, market deck, cemetery, each team and hand, and what
    is being decided. A view shows only what its player may see."""
    hands: tuple[tuple[Card, ...], ...] = ()  # a view shows only its own player's hand
    if type(state_or_view) is View:
        v = check_view(state_or_view)  # refuses a view that no playable state has
    elif type(state_or_view) is not State:
        raise InvalidStateError(f"expected an alakazum State or View, got {kind_of(state_or_view)}")
    else:
        from cardgames.alakazum.view import view

        v = view(state_or_view, state_or_view.active)
        hands = state_or_view.hands
    config = v.config
    n = config.players
    lines = [f"Alakazum! {n} players, turn {v.turn + 1}: player {v.active}'s turn"]
    row = "; ".join(f"{i}: {_enemy(e, n, v.enemy_up[i])}" for i, e in enumerate(v.enemies))
    lines.append(f"Final enemies: {row}")
    lines.append(f"Forest deck: {v.forest_size} cards")
    if v.forest_top:
        lines.append("  known on top: " + ", ".join(_card(c) for c in v.forest_top))
    market = ", ".join(_card(c) for c in reversed(v.market)) or "empty"
    lines.append(f"Market deck (top first): {market}")
    if v.start_row:
        lines.append("Starting characters: " + ", ".join(_card(c) for c in v.start_row))
    if v.cemetery:
        lines.append("Cemetery: " + ", ".join(_card(c) for c in v.cemetery))
    for p in range(n):
        lines.append(f"Player {p}:")
        for member in v.teams[p]:
            lines.append(f"  {_member(member)}")
        if isinstance(state_or_view, State):
            cards = ", ".join(_card(c) for c in hands[p]) or "no cards"
            lines.append(f"  hand: {cards}")
        elif p == v.player:
            lines.append(f"  hand: {', '.join(_card(c) for c in v.hand) or 'no cards'}")
        else:
            lines.append(f"  hand: {v.hand_sizes[p]} cards")
    combat = v.combat
    if combat is not None:
        against = (
            f"{combat.opponent.name} of the forest"
            if combat.defender is None
            else f"{combat.opponent.name} of player {combat.defender}"
        )
        lines.append(
            f"Combat: {combat.fighter or '(fighter to choose)'} of player {combat.attacker} "
            f"against {against}: {combat.points[0]} to {combat.points[1]}"
        )
        if combat.roller is not None:
            lines.append(f"  hypnosis roll {combat.roll} + {combat.bonus}")
    if v.pending is not None:
        lines.append(f"Announced: {format_move(v.pending)}")
    if v.held:
        lines.append("Held (Magic of the forest): " + ", ".join(_card(c) for c in v.held))
    elif v.held_size:
        lines.append(f"Held (Magic of the forest): {v.held_size} cards")
    if v.result is not None:
        lines.append(f"Game over: {v.result.reason}")
    else:
        lines.append(f"To move: player {v.to_move} ({v.phase.value})")
    return "\n".join(lines)
