"""The configuration of a Le Rally match: players, teams, the card list and the match format."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

import attrs

from cardgames import _kept
from cardgames._engine import Passed
from cardgames.errors import InvalidConfigError, excerpt, kind_of
from cardgames.lerally.cards import (
    ATTACK_VALUES,
    DEFAULT_CARDS,
    MAX_FACES,
    Card,
    CardType,
    is_card,
)

__all__ = ["Config", "Format", "card_names", "check_config", "deck_cards"]


#: Players at the table; doubles seat four, partners opposite.
PLAYER_COUNTS = (2, 3, 4)
DOUBLES_PLAYERS = 4
DOUBLES_TEAMS = ((0, 2), (1, 3))
#: A match is one set, or the best of three or of five.
BEST_OF = (1, 3, 5)
#: Limits on a config's numbers.
MAX_COUNT = 1000
MAX_HAND = 50
MIN_RALLY_LIMIT, MAX_RALLY_LIMIT = 10, 100_000
#: Characters of a card's name at most.
MAX_NAME = 100


class Format(StrEnum):
    """How rallies add up to a set. A match is one set, or the best of three or five sets."""

    SHOT_GUN = "shot-gun"  # one rally is the set
    ONE_GAME = "one-game"  # 15, 30, 40, game: a rally won on 40 wins (sudden-death deuce)
    FAST_FOUR = "fast-four"  # every rally is a game; first to 4 games
    ONE_SET = "one-set"  # every rally is a game; first to 6 by 2, or to 7 after 5 all


@attrs.frozen(cache_hash=True)
class Config:
    """Options of a Le Rally match; every field has the rules' default.

    - ``players``: 2, 3 or 4; ``doubles`` (4 players only): partners sit opposite (players 0
      and 2 against 1 and 3) and a side wins a rally when either partner empties their hand.
    - ``format`` and ``best_of``: the six match formats are the four set formats played once,
      and best of three or five sets of any of them (``best_of=3``, ``best_of=5``).
    - ``cards``: the card list (the reconstructed 78 by default); ``hand_size``: cards dealt.
    - ``first_server``: the first server (dealer), or ``None`` for a seeded draw.
    - ``rally_limit``: a rally that reaches this many decisions is won by the player holding
      the fewest cards, so that every rally ends; real rallies never come near it.
    """

    players: int = 2
    doubles: bool = False
    format: Format = Format.ONE_GAME
    best_of: int = 1
    cards: tuple[CardType, ...] = DEFAULT_CARDS
    hand_size: int = 6
    first_server: int | None = None
    rally_limit: int = 500

    @property
    def sides(self) -> int:
        """How many sides score: the players, or two teams in doubles."""
        return len(DOUBLES_TEAMS) if self.doubles else self.players

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The players of each side: one each, or ``((0, 2), (1, 3))`` in doubles."""
        if self.doubles:
            return DOUBLES_TEAMS
        return tuple((player,) for player in range(self.players))

    @property
    def sets_to_win(self) -> int:
        """Sets a side needs to win the match."""
        return self.best_of // 2 + 1


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_card(card: object) -> None:
    if not is_card(card):
        raise InvalidConfigError(
            "cards: each card must be a well-formed Card (a shot has two sections, an attack a "
            f"zone and a value {ATTACK_VALUES[0]}-{ATTACK_VALUES[-1]}, other cards neither)"
        )


def check_config(config: Config) -> None:
    """Raise ``InvalidConfigError`` if the config cannot be played.

    The check takes time linear in the card list at most, and its messages show no more of a
    wrong value than a short excerpt.
    """
    if type(config) is not Config:  # a subclass could change what its properties say
        raise InvalidConfigError(f"expected a lerally Config, got {kind_of(config)}")
    _PASSED.check(config, _check)


#: Configs that passed the check: every state holds its config, and loading JSON hands out one
#: config object for one document's config.
_PASSED = _kept.keep(Passed(), owner=__name__)


def _check(config: Config) -> None:
    """The whole check of a config not seen before."""
    if not _is_int(config.players) or config.players not in PLAYER_COUNTS:
        raise InvalidConfigError(f"players must be 2, 3 or 4, got {excerpt(config.players)}")
    if type(config.doubles) is not bool:
        raise InvalidConfigError("doubles must be true or false")
    if config.doubles and config.players != DOUBLES_PLAYERS:
        raise InvalidConfigError("doubles needs 4 players")
    if type(config.format) is not Format:
        raise InvalidConfigError(f"format must be a Format, got {excerpt(config.format)}")
    if not _is_int(config.best_of) or config.best_of not in BEST_OF:
        raise InvalidConfigError(f"best_of must be 1, 3 or 5, got {excerpt(config.best_of)}")
    _check_cards(config.cards)
    if not _is_int(config.hand_size) or not 1 <= config.hand_size <= MAX_HAND:
        raise InvalidConfigError(
            f"hand_size must be an int 1-{MAX_HAND}, got {excerpt(config.hand_size)}"
        )
    if config.first_server is not None and (
        not _is_int(config.first_server) or not 0 <= config.first_server < config.players
    ):
        raise InvalidConfigError(
            f"first_server must be a player or None, got {excerpt(config.first_server)}"
        )
    limit = config.rally_limit
    if not _is_int(limit) or not MIN_RALLY_LIMIT <= limit <= MAX_RALLY_LIMIT:
        raise InvalidConfigError(
            f"rally_limit must be an int {MIN_RALLY_LIMIT}-{MAX_RALLY_LIMIT}, got {excerpt(limit)}"
        )
    cards = sum(entry.count for entry in config.cards)
    if cards < config.players * config.hand_size:
        raise InvalidConfigError(
            f"cards: {config.players} hands of {config.hand_size} need "
            f"{config.players * config.hand_size} cards, the list has {cards}"
        )


def _check_cards(cards: object) -> None:
    """Raise ``InvalidConfigError`` unless ``cards`` is a card list: a tuple of at most
    :data:`MAX_FACES` entries, each face once, counts 0-:data:`MAX_COUNT`, short names of
    printable characters."""
    if type(cards) is not tuple:
        raise InvalidConfigError("cards must be a tuple of CardType")
    if len(cards) > MAX_FACES:
        raise InvalidConfigError(f"cards: at most {MAX_FACES} entries (one per face)")
    faces: set[Card] = set()
    for i, entry in enumerate(cards):
        if type(entry) is not CardType:
            raise InvalidConfigError(f"cards[{i}] must be a CardType")
        _check_card(entry.card)
        if entry.card in faces:
            raise InvalidConfigError("cards: each face may appear only once")
        faces.add(entry.card)
        if not _is_int(entry.count) or not 0 <= entry.count <= MAX_COUNT:
            raise InvalidConfigError(
                f"cards: the count of {entry.card.code} must be an int 0-{MAX_COUNT}"
            )
        # A name is shown in every table's text: no line breaks or terminal escapes.
        if (
            type(entry.name) is not str
            or len(entry.name) > MAX_NAME
            or not entry.name.isprintable()
        ):
            raise InvalidConfigError(
                f"cards: the name of {entry.card.code} must be a string of at most "
                f"{MAX_NAME} printable characters"
            )


@_kept.lru(32, owner=__name__)
def deck_cards(config: Config) -> tuple[Card, ...]:
    """Every card of the match, in card-list order."""
    return tuple(entry.card for entry in config.cards for _ in range(entry.count))


@_kept.lru(32, owner=__name__)
def card_names(config: Config) -> Mapping[Card, str]:
    """The name of every face of the card list (read-only: shared by every match)."""
    return MappingProxyType({entry.card: entry.name for entry in config.cards})
