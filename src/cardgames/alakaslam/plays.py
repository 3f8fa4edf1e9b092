"""What a play may hold: one to three cards of the player's hand (exactly as many as a bind
asks), at most one of them an Enchantment, none when Rich's Enchant-2 locks the return; and
where its cards send the ball.

See "Hitting" on the AlakaSLAM rules page. Each condition is one function here, which the
listing of the plays (``_fast.play_options``, and ``reference.plays``), the reason a play is
refused, the check of a doubles hitter's face-down cards and the cards a view's resampling
deals all call.
"""

from __future__ import annotations

from cardgames.alakaslam.cards import Card, CardKind
from cardgames.alakaslam.config import MAX_HIT_CARDS
from cardgames.alakaslam.moves import Hit, Support

__all__ = [
    "Play",
    "PlayIndex",
    "course",
    "enchantments",
    "most_enchantments",
    "play_problem",
    "play_sizes",
]

_HIT, _ENCHANT = CardKind.HIT, CardKind.ENCHANT

#: A play of cards: a hit, or a doubles support.
Play = Hit | Support
#: The plays open now, each mapped to itself: ``apply_move`` finds the rules' own object
#: for a play with one lookup.
PlayIndex = dict[Play, Play]


def play_sizes(need: int) -> range:
    """How many cards a play may hold: exactly ``need`` when an Enchantment binds the player
    to it, else 1 to 3."""
    return range(need, need + 1) if need else range(1, MAX_HIT_CARDS + 1)


def most_enchantments(locked: bool) -> int:
    """How many Enchantments a play may hold: one, or none when Rich's Enchant-2 locks the
    return."""
    return 0 if locked else 1


def enchantments(cards: tuple[Card, ...]) -> int:
    """How many of ``cards`` are Enchantments."""
    return sum(1 for card in cards if card.kind is _ENCHANT)


def play_problem(cards: tuple[Card, ...], need: int, locked: bool) -> str | None:
    """Why ``cards`` (held by the player) are not a play under a bind of ``need`` cards and
    the lock, or ``None`` when they are: the one statement of what a play may hold, which
    the listing of the plays, the refusal of a move and the checks of a state all follow."""
    if len(cards) not in play_sizes(need):
        if need:
            return f"an Enchantment asks for exactly {need} cards"
        return f"a hit is 1 to {MAX_HIT_CARDS} cards"
    if enchantments(cards) > most_enchantments(locked):
        if locked:
            return "Rich's Enchant-2 forbids Enchantments in this return"
        return "at most one Enchantment per hit"
    return None


def course(shot: tuple[Card, ...]) -> tuple[int, int]:
    """How many columns across (toward red) and rows forward a shot's cards send the ball:
    each card's colour pulls it a column toward that edge, each Hit card's value sends it on."""
    across = sum(card.colour.aim for card in shot if card.colour is not None)
    distance = sum(card.value for card in shot if card.kind is _HIT)
    return across, distance
