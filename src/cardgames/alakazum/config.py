"""The configuration of an Alakazum! game: players, the expansion, and the card lists."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

import attrs

from cardgames._engine import Passed
from cardgames.alakazum import deck
from cardgames.alakazum.cards import (
    MAX_NAME,
    PLAYER_COUNTS,
    Card,
    Culture,
    Enemy,
    Kind,
    is_card,
    is_enemy,
    plain_name,
)
from cardgames.errors import InvalidConfigError, excerpt, kind_of

__all__ = ["HAND_SIZE", "Config", "all_cards", "cards_by_name", "check_config"]

T = TypeVar("T")

#: Hand cards dealt to each player at the start.
HAND_SIZE = 3
#: Limits on a config's numbers.
MIN_TURN_LIMIT, MAX_TURN_LIMIT = 10, 100_000
MAX_CARDS = 1000
#: Magic hats with different names a card list may hold. A spell can be paid with any set of
#: up to four hats from which none could be left out, and each set is a move: with many names,
#: a hand of hats would offer more moves than a game can list (the printed game has three).
MAX_HAT_NAMES = 12


@attrs.frozen(cache_hash=True)
class Config:
    """Options of an Alakazum! game; every field has the rules' default.

    - ``players``: 2 to 5.
    - ``expansion``: play with Alakazum! 2 (Armazon, the Castilian culture, new characters,
      objects and the Cupcakes trap) added to the standard lists.
    - ``forest``, ``start``, ``enemies``: replace the card lists (``None``: the project's
      reconstruction, with the expansion's cards when ``expansion`` is on). ``start`` holds the
      starting characters and the hand cards that begin the market deck.
    - ``turn_limit``: a game still going after this many turns ends with every player losing,
      like a forest that runs out, so that every game ends; real games never come near it.
    """

    players: int = 2
    expansion: bool = False
    forest: tuple[Card, ...] | None = None
    start: tuple[Card, ...] | None = None
    enemies: tuple[Enemy, ...] | None = None
    turn_limit: int = 300

    @property
    def forest_cards(self) -> tuple[Card, ...]:
        """The forest deck's cards."""
        return self._listed(self.forest, deck.FOREST, deck.EXPANSION_FOREST)

    @property
    def start_cards(self) -> tuple[Card, ...]:
        """The start cards: the starting characters and the market deck's first cards."""
        return self._listed(self.start, deck.START_CHARACTERS + deck.START_MARKET, ())

    @property
    def enemy_cards(self) -> tuple[Enemy, ...]:
        """Every final enemy of the list, whether or not it plays with this many players."""
        return self._listed(self.enemies, deck.ENEMIES, deck.EXPANSION_ENEMIES)

    def _listed(
        self, given: tuple[T, ...] | None, printed: tuple[T, ...], added: tuple[T, ...]
    ) -> tuple[T, ...]:
        """The card list the config gives, or else the printed one, with the cards the
        expansion adds to it when the expansion plays."""
        if given is not None:
            return given
        return printed + added if self.expansion else printed

    @property
    def final_enemies(self) -> tuple[Enemy, ...]:
        """The final enemies of a game with this many players (Saint Valentine only with 2 or
        5 players)."""
        return tuple(e for e in self.enemy_cards if e.value(self.players) is not None)

    @property
    def cultures(self) -> tuple[Culture, ...]:
        """The cultures an Alakazum can be cast in: those of the game's characters."""
        return _cultures(self)


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_list(name: str, cards: object) -> None:
    if type(cards) is not tuple:
        raise InvalidConfigError(f"{name} must be a tuple of cards or None")
    if len(cards) > MAX_CARDS:
        raise InvalidConfigError(f"{name}: at most {MAX_CARDS} cards")
    for i, card in enumerate(cards):
        if not is_card(card):
            raise InvalidConfigError(
                f"{name}[{i}] is not a well-formed card (a Card whose name has 1-{MAX_NAME} "
                "printable characters, single spaces, and numbers 0-99)"
            )


def check_config(config: Config) -> None:
    """Raise ``InvalidConfigError`` if the config cannot be played."""
    if not isinstance(config, Config):
        raise InvalidConfigError(f"expected an alakazum Config, got {kind_of(config)}")
    _PASSED.check(config, _check)


#: Configs that passed the check (a game checks its config often).
_PASSED = Passed()


def _check(config: Config) -> None:
    if not _is_int(config.players) or config.players not in PLAYER_COUNTS:
        raise InvalidConfigError(f"players must be 2 to 5, got {excerpt(config.players)}")
    if type(config.expansion) is not bool:
        raise InvalidConfigError("expansion must be true or false")
    limit = config.turn_limit
    if not _is_int(limit) or not MIN_TURN_LIMIT <= limit <= MAX_TURN_LIMIT:
        raise InvalidConfigError(
            f"turn_limit must be an int {MIN_TURN_LIMIT}-{MAX_TURN_LIMIT}, got {excerpt(limit)}"
        )
    for name in ("forest", "start"):
        if getattr(config, name) is not None:
            _check_list(name, getattr(config, name))
    forest, start = config.forest_cards, config.start_cards
    if any(card.kind is not Kind.CHARACTER and not card.kind.is_hand for card in start):
        raise InvalidConfigError("start: only characters and hand cards are start cards")
    if any(card.kind is Kind.DOLL for card in start):
        raise InvalidConfigError("start: a voodoo doll cannot begin in the market deck")
    _check_names(forest + start)
    hat_names = {card.name for card in (*forest, *start) if card.kind is Kind.HAT}
    if len(hat_names) > MAX_HAT_NAMES:
        raise InvalidConfigError(
            f"the card lists hold {len(hat_names)} magic hats of different names; "
            f"at most {MAX_HAT_NAMES}"
        )
    characters = sum(card.kind is Kind.CHARACTER for card in start)
    if characters < config.players:
        raise InvalidConfigError(
            f"start: {config.players} players need {config.players} starting characters, "
            f"the list has {characters}"
        )
    hand = sum(card.kind.is_hand for card in forest)
    if hand < HAND_SIZE * config.players:
        raise InvalidConfigError(
            f"forest: {config.players} hands of {HAND_SIZE} need {HAND_SIZE * config.players} "
            f"hand cards, the list has {hand}"
        )
    enemies = config.enemy_cards
    if config.enemies is not None and (
        type(enemies) is not tuple
        or len(enemies) > MAX_CARDS
        or not all(is_enemy(e) for e in enemies)
    ):
        raise InvalidConfigError(
            f"enemies must be None or a tuple of at most {MAX_CARDS} well-formed Enemy values"
        )
    names = [e.name for e in enemies]
    if len(set(names)) != len(names):
        raise InvalidConfigError("enemies: each final enemy may appear only once")
    if not config.final_enemies:
        raise InvalidConfigError(f"enemies: none plays in a game of {config.players}")


#: Words that move notation puts between two names or a name and a culture (``use Broom on
#: Moura``, ``use Meal: ... for CAT``, ``swap Moura for Mari of player 1``), and the comma
#: between the hats of a spell: a name holding one would read back as another move.
_SEPARATORS = (" for ", " on ", ",")


def _check_names(cards: tuple[Card, ...]) -> None:
    """Cards with one name are one card, each character exists once, and every name reads
    back from move notation as itself: notation matches names without case, accents,
    compatibility forms or repeated spaces, so no two names may agree once those are left out,
    and no name may hold a word that notation uses to separate names."""
    seen: dict[str, Card] = {}
    plain: dict[str, str] = {}
    for i, card in enumerate(cards):
        other = seen.setdefault(card.name, card)
        if other is not card:
            if other != card:
                raise InvalidConfigError(f"two different cards are named {card.name!r}")
            continue  # the same card again
        form = plain_name(card.name)
        if not form:
            raise InvalidConfigError(f"card {i} of forest + start: its name is accents alone")
        if any(word in f" {form} " for word in _SEPARATORS):
            raise InvalidConfigError(
                f"card {i} of forest + start ({card.name!r}): a name may not hold a comma or "
                "the words 'for' or 'on', which move notation puts between names"
            )
        clash = plain.setdefault(form, card.name)
        if clash != card.name:
            raise InvalidConfigError(
                f"card names {clash!r} and {card.name!r} differ only in case, accents or "
                "spacing, so move notation cannot tell them apart"
            )
    characters = Counter(card.name for card in cards if card.kind is Kind.CHARACTER)
    twice = sorted(name for name, count in characters.items() if count > 1)
    if twice:
        raise InvalidConfigError(f"each character exists once; twice: {', '.join(twice)}")


@functools.lru_cache(maxsize=64)
def _cultures(config: Config) -> tuple[Culture, ...]:
    present = {card.culture for card in all_cards(config) if card.kind is Kind.CHARACTER}
    return tuple(c for c in Culture if c in present and c is not Culture.MULTI)


@functools.lru_cache(maxsize=64)
def all_cards(config: Config) -> tuple[Card, ...]:
    """Every card of the game: the forest deck's, then the start cards."""
    return config.forest_cards + config.start_cards


@functools.lru_cache(maxsize=64)
def cards_by_name(config: Config) -> Mapping[str, Card]:
    """Every card of the game by name (read-only: shared by every game of this config)."""
    return MappingProxyType({card.name: card for card in all_cards(config)})
