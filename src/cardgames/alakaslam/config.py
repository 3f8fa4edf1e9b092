"""The configuration of an AlakaSLAM match."""

from __future__ import annotations

from collections import Counter

import attrs

from cardgames import _kept
from cardgames._engine import Passed
from cardgames.alakaslam.cards import (
    DEFAULT_DECK,
    ENCHANT_VALUES,
    HIT_VALUES,
    Card,
    CardCount,
    CardKind,
    Character,
    Colour,
)
from cardgames.errors import CardgamesError, InvalidConfigError, excerpt, kind_of

__all__ = [
    "DOUBLES_COLUMNS",
    "DOUBLES_PLAYERS",
    "LOSER_DISCARDS",
    "MAX_HIT_CARDS",
    "SINGLES_COLUMNS",
    "SINGLES_PLAYERS",
    "Config",
    "check_config",
    "config_problem",
    "deck_cards",
    "deck_counts",
    "partner",
    "side_of",
    "team",
]

#: Players in singles.
SINGLES_PLAYERS = 2
#: Players in doubles.
DOUBLES_PLAYERS = 4
#: Columns of the court in singles.
SINGLES_COLUMNS = 3
#: Columns of the court in doubles.
DOUBLES_COLUMNS = 4
#: A hit (or a support play) is one to three cards.
MAX_HIT_CARDS = 3
#: Cards the losers of a point may discard before the hands are brought back to size.
LOSER_DISCARDS = 3
#: Doubles are played without this card.
DOUBLES_LEAVE_OUT = Card(CardKind.ENCHANT, 1, None)
#: The most copies of one face a deck may hold.
MAX_COUNT = 1000
#: Every face a card may have: a Hit card of either colour and any value, or an Enchantment.
#: A deck list names each face at most once, so it has at most this many entries.
MAX_FACES = 2 * len(HIT_VALUES) + len(ENCHANT_VALUES)
#: In doubles a player's partner sits two seats away.
PARTNER_SEATS = 2
#: The bounds of the config's numbers: (name, lowest, highest).
LIMITS = (("points_to_win", 1, 99), ("hand_size", 1, 50), ("shot_limit", 1, 10_000))


def side_of(player: int) -> int:
    """The side a player is on: 0 for players 0 and 2, 1 for players 1 and 3."""
    return player % 2


def partner(player: int) -> int:
    """Doubles: the player's teammate (0 and 2, 1 and 3)."""
    return (player + PARTNER_SEATS) % (2 * PARTNER_SEATS)


def team(players: int, side: int) -> tuple[int, ...]:
    """The players of a side, in seat order."""
    return (side,) if players == SINGLES_PLAYERS else (side, partner(side))


@attrs.frozen(cache_hash=True)
class Config:
    """Options of an AlakaSLAM match; every field has the rules' default.

    - ``players``: 2 for singles, 4 for doubles (teams 0 and 2 against 1 and 3).
    - ``deck``: the card list (the reconstructed 52 by default). Doubles take the Enchant-1s out.
    - ``characters``: one character per seat, or ``None`` to deal them at random (or let the
      players choose in seat order when ``choose_characters`` is set).
    - ``points_to_win``: the first side to this many points wins the match.
    - ``hand_size``: the opening hand, and the size every hand is brought back to after a point.
    - ``split_movement``: let a player move both before and after the hit in one turn (the
      free step is still one per turn); by default the movement comes before *or* after it.
    - ``shot_limit``: a match that reaches this many hits ends, won by the side ahead (a draw
      when level), so that every match has an end; real matches never come near it.
    """

    players: int = 2
    deck: tuple[CardCount, ...] = DEFAULT_DECK
    characters: tuple[Character, ...] | None = None
    choose_characters: bool = False
    points_to_win: int = 3
    hand_size: int = 8
    split_movement: bool = False
    shot_limit: int = 300

    @property
    def doubles(self) -> bool:
        """Whether this is a doubles match."""
        return self.players == DOUBLES_PLAYERS

    @property
    def teams(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The players of each side: ``((0,), (1,))`` in singles, ``((0, 2), (1, 3))`` in
        doubles."""
        if self.players == DOUBLES_PLAYERS:
            return ((0, 2), (1, 3))
        return ((0,), (1,))

    @property
    def columns(self) -> int:
        """Columns of the court: 3 in singles, 4 in doubles."""
        return DOUBLES_COLUMNS if self.players == DOUBLES_PLAYERS else SINGLES_COLUMNS


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_card(card: object, where: str) -> None:
    if type(card) is not Card or len(card) != 3:
        raise InvalidConfigError(f"{where}: expected a Card, got {excerpt(card)}")
    kind, value, colour = card
    if type(kind) is not CardKind or not _is_int(value):
        raise InvalidConfigError(f"{where}: a Card needs a CardKind and an int value")
    if kind is CardKind.HIT:
        if type(colour) is not Colour or value not in HIT_VALUES:
            raise InvalidConfigError(
                f"{where}: a Hit card needs a Colour and a value 0-{HIT_VALUES[-1]}, "
                f"got the value {excerpt(value)}"
            )
    elif colour is not None or value not in ENCHANT_VALUES:
        raise InvalidConfigError(
            f"{where}: an Enchantment has no colour and a value 1-{MAX_HIT_CARDS}, "
            f"got the value {excerpt(value)}"
        )


def check_config(config: Config) -> None:
    """Raise ``InvalidConfigError`` if the config cannot be played.

    Every check costs at most a pass over the config's lists, and lists longer than any
    playable config's are refused by their length before their items are looked at.
    """
    if type(config) is not Config:
        raise InvalidConfigError(f"expected an alakaslam Config, got {kind_of(config)}")
    _PASSED.check(config, _check)


def _check(config: Config) -> None:
    """The whole check of a config not seen before."""
    if any(not hasattr(config, a.name) for a in attrs.fields(Config)):
        raise InvalidConfigError("a Config made without its fields")
    if not _is_int(config.players) or config.players not in (SINGLES_PLAYERS, DOUBLES_PLAYERS):
        raise InvalidConfigError(
            f"players must be 2 (singles) or 4 (doubles), got {excerpt(config.players)}"
        )
    deck = config.deck
    if type(deck) is not tuple:
        raise InvalidConfigError("deck must be a tuple of CardCount")
    if len(deck) > MAX_FACES:
        raise InvalidConfigError(
            f"deck: at most {MAX_FACES} entries (one per face), got {len(deck)}"
        )
    if not all(type(c) is CardCount for c in deck):
        raise InvalidConfigError("deck must be a tuple of CardCount")
    for i, entry in enumerate(deck):
        _check_card(entry.card, f"deck[{i}].card")
        if not _is_int(entry.count) or not 0 <= entry.count <= MAX_COUNT:
            raise InvalidConfigError(
                f"deck: the count of {entry.card.code} must be an int 0-{MAX_COUNT}"
            )
    faces = [entry.card for entry in deck]
    if len(set(faces)) != len(faces):
        raise InvalidConfigError("deck: each face may appear only once")
    for name in ("choose_characters", "split_movement"):
        if type(getattr(config, name)) is not bool:
            raise InvalidConfigError(f"{name} must be true or false")
    for name, low, high in LIMITS:
        value = getattr(config, name)
        if not _is_int(value) or not low <= value <= high:
            raise InvalidConfigError(f"{name} must be an int {low}-{high}, got {excerpt(value)}")
    if config.characters is not None:
        chosen = config.characters
        if type(chosen) is not tuple:
            raise InvalidConfigError("characters must be a tuple of Character, or None")
        if len(chosen) != config.players:
            raise InvalidConfigError(
                f"characters: expected one for each of {config.players} players"
            )
        if not all(type(c) is Character for c in chosen):
            raise InvalidConfigError("characters must be a tuple of Character, or None")
        if len(set(chosen)) != len(chosen):
            raise InvalidConfigError("characters: each character can be in play only once")
    cards = deck_cards(config)
    hits = sum(1 for card in cards if card.kind is CardKind.HIT)
    if hits <= config.players * config.hand_size:
        raise InvalidConfigError(
            f"deck: needs more than {config.players * config.hand_size} Hit cards "
            f"({config.players} hands of {config.hand_size}), has {hits}"
        )


def config_problem(config: Config) -> str | None:
    """Why ``config`` cannot be played, as :func:`check_config` would say it, or ``None``: for
    the checks of a state or a view, which name the first problem they find."""
    try:
        check_config(config)
    except CardgamesError as exc:
        return str(exc)
    return None


#: The configs that passed :func:`check_config`; configs are frozen, so they still do. Kept by
#: identity, not equality: an equal config may hold values of other types (``2.0 == 2``), which
#: the check refuses.
_PASSED = _kept.keep(Passed(), owner=__name__)


@_kept.lru(32, owner=__name__)
def deck_counts(config: Config) -> Counter[Card]:
    """How many cards of each face the match is played with (do not change the counter)."""
    return Counter(deck_cards(config))


@_kept.lru(32, owner=__name__)
def deck_cards(config: Config) -> tuple[Card, ...]:
    """Every card the match is played with, in deck-list order (doubles: no Enchant-1s)."""
    return tuple(
        entry.card
        for entry in config.deck
        if not (config.doubles and entry.card == DOUBLES_LEAVE_OUT)
        for _ in range(entry.count)
    )
