"""Bad input of every kind to Le Rally ends in one of the library's own errors, never in a crash
inside it, and never in a changed state."""

from __future__ import annotations

import contextlib
import functools
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardgames
import random_play
from cardgames import (
    CardgamesError,
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidStateError,
    Outcome,
    SerializationError,
    _kept,
    alakaslam,
    lerally,
)
from cardgames.lerally import (
    DEFAULT_CARDS,
    GAME,
    Card,
    CardKind,
    CardType,
    Config,
    Ending,
    Format,
    Lob,
    Offense,
    PickUp,
    Play,
    RallyWin,
    Score,
    Section,
    State,
    View,
    Zone,
    attack,
    offense,
    shot,
    special,
)
from cardgames.rng import Rng
from cardgames.serialization import move_union

BL, BR, NL, NR = Section.BASELINE_LEFT, Section.BASELINE_RIGHT, Section.NET_LEFT, Section.NET_RIGHT
BASELINE, NET = Zone.BASELINE, Zone.NET
SHOT, ATTACK = CardKind.SHOT, CardKind.ATTACK


def _raw(value: object) -> Any:
    """``value`` typed as ``Any``: hostile input is built past the type checker on purpose."""
    return value


def _card(*fields: object) -> Card:
    """A ``Card`` whose fields may be of any type (missing fields take the defaults)."""
    defaults: tuple[object, ...] = (SHOT, None, None, None, 0)
    return Card._make((*fields, *defaults[len(fields) :]))


def _config(**changes: Any) -> Config:
    """The default config with these fields replaced, whatever their types."""
    return attrs.evolve(Config(), **changes)


def _with(*entries: CardType) -> tuple[CardType, ...]:
    """The default card list with ``entries`` added."""
    return (*DEFAULT_CARDS, *entries)


def _face(card: object, count: object = 1, name: object = "x") -> CardType:
    """A card-list entry whose fields may be of any type."""
    return CardType(_raw(card), _raw(name), _raw(count))


def _well_formed(card: object) -> bool:
    """Whether ``card`` is a Card whose every field has the rules' own type."""
    if type(card) is not Card:
        return False
    return (
        type(card.kind) is CardKind
        and (card.source is None or type(card.source) is Section)
        and (card.target is None or type(card.target) is Section)
        and (card.zone is None or type(card.zone) is Zone)
        and type(card.value) is int
    )


def _all_cards(state: State) -> list[Card]:
    return [*state.deck, *state.pile, *state.cleared, *(c for h in state.hands for c in h)]


def _to_move(state: State) -> int:
    player = state.to_move
    assert player is not None
    return player


def _hand(state: State) -> tuple[Card, ...]:
    return state.hands[_to_move(state)]


def _legal(state: State) -> tuple[lerally.Move, ...]:
    return lerally.legal_moves(state)


_SITUATIONS: dict[str, Callable[[State], bool]] = {
    # answering a shot, with two different cards in hand (so a reversed hand is unsorted)
    "ball": lambda s: (
        s.result is None and s.ball is not None and len(set(_hand(s))) >= 2 and s.plays >= 2
    ),
    "attack": lambda s: s.attack is not None,
    "over": lambda s: s.result is not None,
    "lob": lambda s: s.result is None and any(type(m) is Lob for m in _legal(s)),
    "offense": lambda s: s.result is None and any(type(m) is Offense for m in _legal(s)),
    "cleared": lambda s: s.result is None and len(s.cleared) >= 3 and len(s.pile) >= 1,
}


@functools.cache
def _at(situation: str, players: int = 2, doubles: bool = False) -> State:
    """A real match (seeded random play) the first time it is in ``situation``."""
    found = _SITUATIONS[situation]
    config = Config(players=players, doubles=doubles)
    for seed in range(300):
        for state in random_play.random_states(lerally, config, seed, State):
            if found(state):
                return state
    raise AssertionError(f"no match reached the {situation} situation")


def _lead() -> State:
    """Singles, player 1 leads the first exchange of the match."""
    state = lerally.new_game(seed=1)
    assert state.leading and state.to_move == 1
    return state


@pytest.fixture
def fresh_caches() -> Iterator[list[_kept.Clearable]]:
    """Every cache of Le Rally (all are kept through ``cardgames._kept``, wherever the game
    keeps them) empty before the test and emptied after it, so that a malformed card a test
    gets into them (a library bug those tests look for) cannot reach any other test. The test
    gets the caches."""
    caches = [cache for _, cache in _kept.caches("cardgames.lerally")]
    _kept.clear("cardgames.lerally")
    yield caches
    _kept.clear("cardgames.lerally")


def _doc(obj: object) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(cardgames.to_json(obj))
    return doc


def _envelope(kind: str, data: object) -> str:
    return json.dumps(
        {"format": "cardgames", "version": 1, "game": "lerally", "kind": kind, "data": data}
    )


# --- configs, seeds, players ----------------------------------------------------------------


_UNPLAYABLE_CONFIGS: list[Any] = [
    # players and doubles
    pytest.param({"players": 1}, id="players-1"),
    pytest.param({"players": 5}, id="players-5"),
    pytest.param({"players": 0}, id="players-0"),
    pytest.param({"players": -2}, id="players-negative"),
    pytest.param({"players": 10**100}, id="players-huge"),
    pytest.param({"players": 2.0}, id="players-float"),
    pytest.param({"players": "2"}, id="players-str"),
    pytest.param({"players": True}, id="players-bool"),
    pytest.param({"players": None}, id="players-none"),
    pytest.param({"players": [2]}, id="players-list"),
    pytest.param({"doubles": True}, id="doubles-with-2-players"),
    pytest.param({"players": 3, "doubles": True}, id="doubles-with-3-players"),
    pytest.param({"players": 4, "doubles": 1}, id="doubles-int"),
    pytest.param({"players": 4, "doubles": "yes"}, id="doubles-str"),
    pytest.param({"doubles": None}, id="doubles-none"),
    pytest.param({"doubles": 0}, id="doubles-0"),
    # the format
    pytest.param({"format": "one-game"}, id="format-str"),
    pytest.param({"format": "shot gun"}, id="format-unknown-str"),
    pytest.param({"format": None}, id="format-none"),
    pytest.param({"format": 1}, id="format-int"),
    pytest.param({"format": Zone.NET}, id="format-other-enum"),
    pytest.param({"best_of": 2}, id="best-of-2"),
    pytest.param({"format": Format.SHOT_GUN, "best_of": 4}, id="shot-gun-best-of-4"),
    pytest.param({"best_of": 0}, id="best-of-0"),
    pytest.param({"best_of": 7}, id="best-of-7"),
    pytest.param({"best_of": -1}, id="best-of-negative"),
    pytest.param({"best_of": True}, id="best-of-bool"),
    pytest.param({"best_of": 3.0}, id="best-of-float"),
    pytest.param({"best_of": "3"}, id="best-of-str"),
    pytest.param({"best_of": None}, id="best-of-none"),
    # the card list
    pytest.param({"cards": list(DEFAULT_CARDS)}, id="cards-list"),
    pytest.param({"cards": None}, id="cards-none"),
    pytest.param({"cards": "BL-NR"}, id="cards-str"),
    pytest.param({"cards": ()}, id="cards-empty"),
    pytest.param({"cards": ((shot(BL, NR), "x", 40),)}, id="entry-plain-tuple"),
    pytest.param({"cards": (1, 2)}, id="entry-int"),
    pytest.param({"cards": _with(_face((0, BL, NR, None, 0)))}, id="card-plain-tuple"),
    pytest.param({"cards": _with(_face("BL-NR"))}, id="card-str"),
    pytest.param({"cards": _with(_face(None))}, id="card-none"),
    pytest.param({"cards": _with(_face(_card(0, BL, NR)))}, id="kind-int"),
    pytest.param({"cards": _with(_face(_card("shot", BL, NR)))}, id="kind-str"),
    pytest.param({"cards": _with(_face(_card(9)))}, id="kind-out-of-range"),
    pytest.param({"cards": _with(_face(_card(SHOT)))}, id="shot-without-sections"),
    pytest.param({"cards": _with(_face(_card(SHOT, BL)))}, id="shot-without-target"),
    pytest.param({"cards": _with(_face(_card(SHOT, None, NR)))}, id="shot-without-source"),
    pytest.param({"cards": _with(_face(_card(SHOT, "BL", "NR")))}, id="shot-str-sections"),
    pytest.param({"cards": _with(_face(_card(SHOT, BL, NR, NET)))}, id="shot-with-zone"),
    pytest.param({"cards": _with(_face(_card(SHOT, BL, NR, None, 2)))}, id="shot-with-value"),
    pytest.param({"cards": _with(_face(_card(SHOT, BL, NET)))}, id="shot-to-a-zone"),
    pytest.param({"cards": _with(_face(_card(ATTACK, None, None, None, 2)))}, id="attack-no-zone"),
    pytest.param({"cards": _with(_face(attack(NET, 0)))}, id="attack-value-0"),
    pytest.param({"cards": _with(_face(attack(NET, -3)))}, id="attack-value-negative"),
    pytest.param({"cards": _with(_face(attack(NET, 21)))}, id="attack-value-21"),
    pytest.param({"cards": _with(_face(attack(NET, 10**100)))}, id="attack-value-huge"),
    pytest.param({"cards": _with(_face(attack(NET, _raw(True))))}, id="attack-value-bool"),
    pytest.param({"cards": _with(_face(attack(NET, _raw(4.0))))}, id="attack-value-float"),
    pytest.param({"cards": _with(_face(attack(NET, _raw("4"))))}, id="attack-value-str"),
    pytest.param({"cards": _with(_face(attack(NET, _raw([4]))))}, id="attack-value-list"),
    pytest.param({"cards": _with(_face(attack(_raw("net"), 4)))}, id="attack-zone-str"),
    pytest.param({"cards": _with(_face(attack(_raw(NL), 4)))}, id="attack-zone-section"),
    pytest.param(
        {"cards": _with(_face(_card(ATTACK, BL, None, BASELINE, 4)))}, id="attack-with-source"
    ),
    pytest.param({"cards": _with(_face(_card(ATTACK, None, NR, NET, 4)))}, id="attack-with-target"),
    pytest.param({"cards": _with(_face(_card(CardKind.OFFENSE, BL)))}, id="offense-with-source"),
    pytest.param(
        {"cards": _with(_face(_card(CardKind.JUST_OUT, BL, NR)))}, id="special-with-sections"
    ),
    pytest.param(
        {"cards": _with(_face(_card(CardKind.YOURS, None, None, NET)))}, id="special-with-zone"
    ),
    pytest.param(
        {"cards": _with(_face(_card(CardKind.CHALLENGE, None, None, None, 3)))},
        id="special-with-value",
    ),
    # counts, names, duplicates
    pytest.param({"cards": _with(_face(shot(BL, NR), -1))}, id="count-negative"),
    pytest.param({"cards": _with(_face(shot(BL, NR), 1001))}, id="count-1001"),
    pytest.param({"cards": _with(_face(shot(BL, NR), 10**100))}, id="count-huge"),
    pytest.param({"cards": _with(_face(shot(BL, NR), 4.0))}, id="count-float"),
    pytest.param({"cards": _with(_face(shot(BL, NR), "4"))}, id="count-str"),
    pytest.param({"cards": _with(_face(shot(BL, NR), None))}, id="count-none"),
    pytest.param({"cards": _with(_face(shot(BL, NR), True))}, id="count-bool"),
    pytest.param({"cards": _with(_face(shot(BL, NR), [4]))}, id="count-list"),
    pytest.param({"cards": _with(_face(attack(NET, 5), 1, None))}, id="name-none"),
    pytest.param({"cards": _with(_face(attack(NET, 5), 1, 5))}, id="name-int"),
    pytest.param({"cards": _with(_face(attack(NET, 5), 1, b"Winner"))}, id="name-bytes"),
    pytest.param({"cards": _with(_face(attack(NET, 5), 1, ["Winner"]))}, id="name-list"),
    pytest.param({"cards": _with(CardType(shot(BL, BL), "Again", 1))}, id="duplicate-face"),
    pytest.param({"cards": _with(DEFAULT_CARDS[0])}, id="duplicate-entry"),
    pytest.param({"cards": (CardType(shot(BL, BL), "x", 11),)}, id="too-few-for-the-hands"),
    pytest.param({"cards": (CardType(shot(BL, BL), "x", 0),)}, id="no-cards-at-all"),
    pytest.param({"hand_size": 40}, id="hands-take-more-than-the-deck"),
    pytest.param({"players": 4, "hand_size": 20}, id="four-hands-take-more-than-the-deck"),
    # hand size, first server, rally limit
    pytest.param({"hand_size": 0}, id="hand-size-0"),
    pytest.param({"hand_size": -1}, id="hand-size-negative"),
    pytest.param({"hand_size": 51}, id="hand-size-51"),
    pytest.param({"hand_size": 10**100}, id="hand-size-huge"),
    pytest.param({"hand_size": True}, id="hand-size-bool"),
    pytest.param({"hand_size": 6.0}, id="hand-size-float"),
    pytest.param({"hand_size": "6"}, id="hand-size-str"),
    pytest.param({"hand_size": None}, id="hand-size-none"),
    pytest.param({"hand_size": [6]}, id="hand-size-list"),
    pytest.param({"first_server": 2}, id="first-server-2"),
    pytest.param({"players": 4, "first_server": 4}, id="first-server-4-of-4"),
    pytest.param({"first_server": -1}, id="first-server-negative"),
    pytest.param({"first_server": 10**100}, id="first-server-huge"),
    pytest.param({"first_server": True}, id="first-server-bool"),
    pytest.param({"first_server": False}, id="first-server-false"),
    pytest.param({"first_server": "0"}, id="first-server-str"),
    pytest.param({"first_server": 0.0}, id="first-server-float"),
    pytest.param({"first_server": [0]}, id="first-server-list"),
    pytest.param({"first_server": {}}, id="first-server-dict"),
    pytest.param({"rally_limit": 9}, id="rally-limit-9"),
    pytest.param({"rally_limit": 0}, id="rally-limit-0"),
    pytest.param({"rally_limit": -500}, id="rally-limit-negative"),
    pytest.param({"rally_limit": 100_001}, id="rally-limit-100001"),
    pytest.param({"rally_limit": 10**100}, id="rally-limit-huge"),
    pytest.param({"rally_limit": True}, id="rally-limit-bool"),
    pytest.param({"rally_limit": 500.0}, id="rally-limit-float"),
    pytest.param({"rally_limit": "500"}, id="rally-limit-str"),
    pytest.param({"rally_limit": None}, id="rally-limit-none"),
    pytest.param({"rally_limit": [500]}, id="rally-limit-list"),
]


@pytest.mark.parametrize("changes", _UNPLAYABLE_CONFIGS)
def test_unplayable_configs_are_refused(changes: dict[str, Any]) -> None:
    """new_game refuses a config it cannot play (players, format, cards, counts, limits)."""
    config = _config(**changes)
    with pytest.raises(InvalidConfigError):
        lerally.new_game(config, seed=1)
    with pytest.raises(InvalidConfigError):
        GAME.new_game(config, seed=1)


@pytest.mark.parametrize(
    "config", [alakaslam.Config(), "default", {}, 2, lerally.PRESETS, DEFAULT_CARDS], ids=repr
)
def test_new_game_wants_a_lerally_config(config: Any) -> None:
    """new_game refuses anything but a Le Rally Config (another game's, a name, a dict)."""
    with pytest.raises(InvalidConfigError, match="expected a lerally Config"):
        lerally.new_game(config, seed=1)


@pytest.mark.parametrize("seed", ["x", "1", True, False, 1.0, None, [1], (1,)], ids=repr)
def test_seeds_must_be_ints(seed: Any) -> None:
    """new_game and resample refuse a seed that is not an int (bools included)."""
    with pytest.raises(InvalidConfigError, match="seed must be an int"):
        lerally.new_game(seed=seed)
    with pytest.raises(InvalidConfigError, match="seed must be an int"):
        lerally.resample(lerally.view(lerally.new_game(seed=1), 0), seed=seed)


@pytest.mark.parametrize(
    ("players", "player"),
    [
        (2, 2),
        (2, 3),
        (2, -2),
        (3, 3),
        (4, 4),
        (4, -5),
        (2, 10**30),
        (2, 0.0),
        (2, True),
        (2, False),
        (2, "0"),
        (2, None),
        (2, [0]),
        (4, 1.0),
    ],
    ids=repr,
)
def test_views_need_a_seated_player(players: int, player: Any) -> None:
    """view refuses a player number out of range or not an int (-1 is ``SPECTATOR``)."""
    state = lerally.new_game(Config(players=players), seed=1)
    with pytest.raises(InvalidPlayerError):
        lerally.view(state, player)


@pytest.mark.parametrize(
    "table",
    [None, "state", 3, Config(), alakaslam.new_game(seed=1), {"to_move": 0}],
    ids=["none", "str", "int", "config", "alakaslam-state", "dict"],
)
def test_state_functions_want_a_lerally_state(table: Any) -> None:
    """Every state function refuses what is not a Le Rally State."""
    calls: list[Callable[[Any], object]] = [
        lerally.legal_moves,
        lerally.current_player,
        lerally.is_over,
        lerally.outcome,
        lerally.card_counts,
        GAME.check_state,
        lambda s: lerally.view(s, 0),
        lambda s: lerally.apply_move(s, PickUp()),
    ]
    for call in calls:
        with pytest.raises(InvalidStateError, match="expected a lerally State"):
            call(table)


def test_a_view_cannot_stand_for_a_state() -> None:
    """State functions refuse a view and say that resample() builds a state from it."""
    seen = lerally.view(_lead(), 0)
    for call in (lerally.legal_moves, lerally.current_player, lerally.is_over, lerally.outcome):
        with pytest.raises(InvalidStateError, match=r"resample\(\) builds one"):
            call(_raw(seen))
    with pytest.raises(InvalidStateError, match=r"resample\(\) builds one"):
        lerally.apply_move(_raw(seen), PickUp())


# --- hand-made states -----------------------------------------------------------------------


Change = Callable[[State], dict[str, Any]]


def _set_hand(state: State, player: int, hand: object) -> dict[str, Any]:
    """The change that gives ``player`` this hand."""
    hands = list(state.hands)
    hands[player] = _raw(hand)
    return {"hands": tuple(hands)}


def _to_pile(state: State) -> dict[str, Any]:
    """The change that moves the top card of the deck onto the pile (cards conserved)."""
    return {"deck": state.deck[:-1], "pile": (*state.pile, state.deck[-1])}


def _other_side(state: State) -> int:
    return 1 - _to_move(state) % 2


_UNPLAYABLE_STATES: list[Any] = [
    # the config
    pytest.param("lead", lambda s: {"config": None}, "expected a lerally Config", id="no-config"),
    pytest.param("lead", lambda s: {"config": alakaslam.Config()}, "Config", id="alakaslam-config"),
    pytest.param("lead", lambda s: {"config": Config(players=3)}, "hands must be", id="config-3"),
    pytest.param(
        "lead", lambda s: {"config": _config(doubles=True)}, "doubles", id="config-doubles-of-2"
    ),
    pytest.param(
        "lead", lambda s: {"config": _config(best_of=2)}, "best_of", id="config-best-of-2"
    ),
    pytest.param(
        "lead",
        lambda s: {"config": _config(first_server=[0])},
        "first_server",
        id="config-first-server-list",
    ),
    pytest.param(
        "lead",
        lambda s: {"config": _config(rally_limit=[500])},
        "rally_limit",
        id="config-rally-limit-list",
    ),
    pytest.param(
        "lead",
        lambda s: {"config": Config(cards=DEFAULT_CARDS[:-1])},
        "not those",
        id="config-of-other-cards",
    ),
    # cards: conservation and containers
    pytest.param("lead", lambda s: {"deck": s.deck[:-1]}, "not those", id="card-lost"),
    pytest.param("lead", lambda s: {"deck": (*s.deck, s.deck[0])}, "not those", id="card-added"),
    pytest.param(
        "lead",
        lambda s: {"deck": (*s.deck[:-1], attack(NET, 7))},
        "not those",
        id="card-swapped-for-one-not-in-the-list",
    ),
    pytest.param(
        "lead",
        lambda s: {"deck": (*s.deck[:-1], attack(NET, 0))},
        "deck must be a tuple of Card",
        id="card-swapped-for-attack-0",
    ),
    pytest.param("lead", lambda s: {"deck": list(s.deck)}, "deck must be", id="deck-list"),
    pytest.param("lead", lambda s: {"deck": None}, "deck must be", id="deck-none"),
    pytest.param("lead", lambda s: {"deck": "BL-NR"}, "deck must be", id="deck-str"),
    pytest.param(
        "lead",
        lambda s: {"deck": (*s.deck[:-1], s.deck[-1].code)},
        "deck must be",
        id="deck-card-as-str",
    ),
    pytest.param(
        "lead",
        lambda s: {"deck": (*s.deck[:-1], tuple(s.deck[-1]))},
        "deck must be",
        id="deck-card-as-plain-tuple",
    ),
    pytest.param("lead", lambda s: {"deck": (*s.deck, None)}, "deck must be", id="deck-none-card"),
    pytest.param("ball", lambda s: {"pile": (*s.pile, 5)}, "pile must be", id="pile-int"),
    pytest.param("ball", lambda s: {"pile": list(s.pile)}, "pile must be", id="pile-list"),
    pytest.param("ball", lambda s: {"cleared": None}, "cleared must be", id="cleared-none"),
    pytest.param(
        "cleared", lambda s: {"cleared": list(s.cleared)}, "cleared must be", id="cleared-list"
    ),
    pytest.param(
        "cleared",
        lambda s: {"cleared": (*s.cleared[:-1], s.cleared[-1].code)},
        "cleared must be",
        id="cleared-card-as-str",
    ),
    pytest.param(
        "ball",
        lambda s: _set_hand(s, _to_move(s), tuple(reversed(_hand(s)))),
        "sorted tuple of Card",
        id="unsorted-hand",
    ),
    pytest.param(
        "ball",
        lambda s: _set_hand(s, _to_move(s), list(_hand(s))),
        "sorted tuple of Card",
        id="hand-list",
    ),
    pytest.param("ball", lambda s: _set_hand(s, 0, None), "sorted tuple of Card", id="hand-none"),
    pytest.param(
        "ball",
        lambda s: _set_hand(s, 0, tuple(c.code for c in s.hands[0])),
        "sorted tuple of Card",
        id="hand-of-str",
    ),
    pytest.param(
        "ball",
        lambda s: _set_hand(s, 0, tuple(tuple(c) for c in s.hands[0])),
        "sorted tuple of Card",
        id="hand-of-plain-tuples",
    ),
    pytest.param("lead", lambda s: {"hands": list(s.hands)}, "hands must be", id="hands-list"),
    pytest.param("lead", lambda s: {"hands": (*s.hands, ())}, "hands must be", id="three-hands"),
    pytest.param("lead", lambda s: {"hands": s.hands[:1]}, "hands must be", id="one-hand"),
    pytest.param("lead", lambda s: {"hands": None}, "hands must be", id="hands-none"),
    pytest.param(
        "lead",
        lambda s: {**_set_hand(s, 0, ()), "deck": (*s.deck, *s.hands[0])},
        "empty hand",
        id="empty-hand-while-playing",
    ),
    # who moves, who played last, who served
    pytest.param("lead", lambda s: {"to_move": 2}, "to_move must be", id="to-move-2"),
    pytest.param("lead", lambda s: {"to_move": -1}, "to_move must be", id="to-move-negative"),
    pytest.param("lead", lambda s: {"to_move": 10**30}, "to_move must be", id="to-move-huge"),
    pytest.param("lead", lambda s: {"to_move": "0"}, "to_move must be", id="to-move-str"),
    pytest.param("lead", lambda s: {"to_move": True}, "to_move must be", id="to-move-bool"),
    pytest.param("lead", lambda s: {"to_move": 0.0}, "to_move must be", id="to-move-float"),
    pytest.param("lead", lambda s: {"to_move": None}, "nobody moves", id="to-move-none-playing"),
    pytest.param("over", lambda s: {"to_move": 0}, "nobody moves", id="to-move-when-over"),
    pytest.param("ball", lambda s: {"last": 2}, "last must be", id="last-2"),
    pytest.param("ball", lambda s: {"last": -1}, "last must be", id="last-negative"),
    pytest.param("ball", lambda s: {"last": "0"}, "last must be", id="last-str"),
    pytest.param("ball", lambda s: {"last": True}, "last must be", id="last-bool"),
    pytest.param("ball", lambda s: {"last": 1.0}, "last must be", id="last-float"),
    pytest.param("lead", lambda s: {"server": 2}, "server must be", id="server-2"),
    pytest.param("lead", lambda s: {"server": -1}, "server must be", id="server-negative"),
    pytest.param("lead", lambda s: {"server": None}, "server must be", id="server-none"),
    pytest.param("lead", lambda s: {"server": "0"}, "server must be", id="server-str"),
    pytest.param("lead", lambda s: {"server": False}, "server must be", id="server-bool"),
    pytest.param("lead", lambda s: {"server": [0]}, "server must be", id="server-list"),
    # the exchange: leading, the ball, the attack
    pytest.param("lead", lambda s: {"leading": 1}, "leading must be", id="leading-int"),
    pytest.param("lead", lambda s: {"leading": "true"}, "leading must be", id="leading-str"),
    pytest.param("lead", lambda s: {"leading": None}, "leading must be", id="leading-none"),
    pytest.param("lead", _to_pile, "leading player faces an empty pile", id="leading-with-pile"),
    pytest.param(
        "lead", lambda s: {"ball": BL}, "leading player faces an empty pile", id="leading-with-ball"
    ),
    pytest.param(
        "lead", lambda s: {"last": 0}, "leading player faces an empty pile", id="leading-with-last"
    ),
    pytest.param(
        "lead",
        lambda s: {"attack": attack(NET, 3), "attack_total": 3},
        "leading player faces an empty pile",
        id="leading-with-attack",
    ),
    pytest.param("ball", lambda s: {"ball": "BL"}, "ball must be a Section", id="ball-str"),
    pytest.param("ball", lambda s: {"ball": 0}, "ball must be a Section", id="ball-int"),
    pytest.param("ball", lambda s: {"ball": NET}, "ball must be a Section", id="ball-zone"),
    pytest.param("ball", lambda s: {"ball": [BL]}, "ball must be a Section", id="ball-list"),
    pytest.param(
        "ball", lambda s: {"ball": None}, "answers a ball or an attack", id="answering-no-ball"
    ),
    pytest.param(
        "ball", lambda s: {"last": None}, "answers somebody's card", id="answering-nobody"
    ),
    pytest.param(
        "attack", lambda s: {"ball": BL}, "facing an attack, the ball", id="attack-with-a-ball"
    ),
    pytest.param(
        "attack",
        lambda s: {"attack": shot(BL, NR)},
        "attack must be an attack card",
        id="attack-shot-card",
    ),
    pytest.param(
        "attack",
        lambda s: {"attack": offense()},
        "attack must be an attack card",
        id="attack-offense-card",
    ),
    pytest.param(
        "attack", lambda s: {"attack": "NW3"}, "attack must be an attack card", id="attack-str"
    ),
    pytest.param(
        "attack",
        lambda s: {"attack": tuple(s.attack or ())},
        "attack must be an attack card",
        id="attack-plain-tuple",
    ),
    pytest.param("attack", lambda s: {"attack_total": 0}, "go together", id="attack-without-total"),
    pytest.param(
        "ball", lambda s: {"attack_total": 2}, "go together", id="attack-total-without-attack"
    ),
    pytest.param(
        "attack", lambda s: {"attack_total": -3}, "attack_total must be", id="attack-total-negative"
    ),
    pytest.param(
        "attack", lambda s: {"attack_total": True}, "attack_total must be", id="attack-total-bool"
    ),
    pytest.param(
        "attack", lambda s: {"attack_total": 3.0}, "attack_total must be", id="attack-total-float"
    ),
    pytest.param(
        "attack", lambda s: {"attack_total": "3"}, "attack_total must be", id="attack-total-str"
    ),
    pytest.param(
        "attack", lambda s: {"attack_total": None}, "attack_total must be", id="attack-total-none"
    ),
    # the score
    pytest.param("lead", lambda s: {"score": None}, "score must hold", id="score-none"),
    pytest.param("lead", lambda s: {"score": ((0, 0), (0, 0))}, "score must", id="score-tuple"),
    pytest.param("lead", lambda s: {"score": Score((0,), (0, 0))}, "score must", id="sets-one"),
    pytest.param(
        "lead", lambda s: {"score": Score((0, 0), (0, 0, 0))}, "score must", id="games-three"
    ),
    pytest.param("lead", lambda s: {"score": Score((0, 0), ())}, "score must", id="games-empty"),
    pytest.param(
        "lead", lambda s: {"score": Score(_raw([0, 0]), (0, 0))}, "score must", id="sets-list"
    ),
    pytest.param(
        "lead", lambda s: {"score": Score((0, 0), _raw(None))}, "score must", id="games-none"
    ),
    pytest.param(
        "lead", lambda s: {"score": Score((-1, 0), (0, 0))}, "score must", id="sets-negative"
    ),
    pytest.param(
        "lead", lambda s: {"score": Score((9, 0), (0, 0))}, "score: the sets", id="sets-9"
    ),
    pytest.param(
        "lead", lambda s: {"score": Score((0, 0), (10**30, 0))}, "score: the games", id="games-huge"
    ),
    pytest.param(
        "lead", lambda s: {"score": Score(_raw((True, 0)), (0, 0))}, "score must", id="sets-bool"
    ),
    pytest.param(
        "lead", lambda s: {"score": Score(_raw(("0", 0)), (0, 0))}, "score must", id="sets-str"
    ),
    pytest.param(
        "lead", lambda s: {"score": Score((0, 0), _raw((0.0, 0)))}, "score must", id="games-float"
    ),
    pytest.param(
        "lead",
        lambda s: {"score": Score((0, 0), (0, 0), _raw(1))},
        "score must",
        id="to-seven-int",
    ),
    pytest.param(
        "lead",
        lambda s: {"score": Score((0, 0), (0, 0), _raw("no"))},
        "score must",
        id="to-seven-str",
    ),
    pytest.param(
        "lead",
        lambda s: {"score": Score((1, 0), (0, 0))},
        "score",
        id="a-set-won-but-the-match-of-one-set-goes-on",
    ),
    pytest.param(
        "lead",
        lambda s: {"score": Score((0, 0), (5, 0))},
        "score",
        id="one-game-points-beyond-40",
    ),
    # the decisions of the rally
    pytest.param("lead", lambda s: {"plays": -1}, "plays must be", id="plays-negative"),
    pytest.param("lead", lambda s: {"plays": 500}, "plays must be", id="plays-at-the-limit"),
    pytest.param("lead", lambda s: {"plays": 10**30}, "plays must be", id="plays-huge"),
    pytest.param("lead", lambda s: {"plays": True}, "plays must be", id="plays-bool"),
    pytest.param("lead", lambda s: {"plays": 1.5}, "plays must be", id="plays-float"),
    pytest.param("lead", lambda s: {"plays": None}, "plays must be", id="plays-none"),
    # the last rally
    pytest.param(
        "lead",
        lambda s: {"last_rally": (0, 0, Ending.EMPTY_HAND)},
        "last_rally",
        id="last-rally-plain-tuple",
    ),
    pytest.param(
        "lead",
        lambda s: {"last_rally": RallyWin(0, 0, _raw("empty hand"))},
        "last_rally",
        id="last-rally-ending-str",
    ),
    pytest.param(
        "lead",
        lambda s: {"last_rally": RallyWin(5, 5, Ending.EMPTY_HAND)},
        "last_rally",
        id="last-rally-side-5",
    ),
    pytest.param(
        "lead",
        lambda s: {"last_rally": RallyWin(0, 7, Ending.EMPTY_HAND)},
        "last_rally",
        id="last-rally-player-7",
    ),
    pytest.param(
        "lead",
        lambda s: {"last_rally": RallyWin(-1, -1, Ending.EMPTY_HAND)},
        "last_rally",
        id="last-rally-negative",
    ),
    pytest.param(
        "lead",
        lambda s: {"last_rally": RallyWin(_raw("0"), 0, Ending.EMPTY_HAND)},
        "last_rally",
        id="last-rally-side-str",
    ),
    pytest.param(
        "lead",
        lambda s: {"last_rally": RallyWin(0, _raw(True), Ending.EMPTY_HAND)},
        "last_rally",
        id="last-rally-player-bool",
    ),
    pytest.param(
        "lead",
        lambda s: {"last_rally": RallyWin(1, 0, Ending.EMPTY_HAND)},
        "last_rally",
        id="last-rally-side-not-the-players",
    ),
    # the result
    pytest.param(
        "lead",
        lambda s: {"result": Outcome.win({0}, 2, "r")},
        "nobody moves",
        id="result-while-playing",
    ),
    pytest.param("over", lambda s: {"result": "won"}, "result must be an Outcome", id="result-str"),
    pytest.param(
        "over", lambda s: {"result": (0, 1)}, "result must be an Outcome", id="result-tuple"
    ),
    pytest.param(
        "over",
        lambda s: {"result": Outcome.win({0}, 4, "r")},
        "result",
        id="result-for-four-players-in-singles",
    ),
    pytest.param(
        "over", lambda s: {"result": Outcome.win({0}, 1, "r")}, "result", id="result-for-one-player"
    ),
    # the generator
    pytest.param("lead", lambda s: {"rng": None}, "rng must be", id="rng-none"),
    pytest.param("lead", lambda s: {"rng": 5}, "rng must be", id="rng-int"),
    pytest.param("lead", lambda s: {"rng": Rng(_raw("1"))}, "rng must be", id="rng-str-state"),
    pytest.param("lead", lambda s: {"rng": Rng(_raw(True))}, "rng must be", id="rng-bool-state"),
    pytest.param("lead", lambda s: {"rng": Rng(_raw(1.0))}, "rng must be", id="rng-float-state"),
    pytest.param("lead", lambda s: {"rng": Rng(-1)}, "64-bit", id="rng-negative"),
    pytest.param("lead", lambda s: {"rng": Rng(1 << 64)}, "64-bit", id="rng-65-bits"),
]

_BASES: dict[str, Callable[[], State]] = {
    "lead": _lead,
    "ball": lambda: _at("ball"),
    "attack": lambda: _at("attack"),
    "over": lambda: _at("over"),
    "cleared": lambda: _at("cleared"),
    "lob": lambda: _at("lob"),
    "offense": lambda: _at("offense"),
}


def _refused_everywhere(state: State, why: str | None) -> None:
    """Every function that takes a state refuses ``state``, twice over (a refused state stays
    refused: the first refusal leaves nothing behind that the second would trust)."""
    calls: list[Callable[[State], object]] = [
        lerally.legal_moves,
        lerally.current_player,
        lerally.is_over,
        lerally.outcome,
        lerally.render,
        lerally.card_counts,
        GAME.check_state,
        lambda s: lerally.view(s, 0),
        lambda s: lerally.apply_move(s, PickUp()),
        lambda s: lerally.apply_move(s, Play(shot(BL, BL))),
    ]
    match = None if why is None else re.escape(why)
    for _ in range(2):
        for call in calls:
            with pytest.raises(InvalidStateError, match=match):
                call(state)


@pytest.mark.parametrize(("base", "change", "why"), _UNPLAYABLE_STATES)
def test_unplayable_states_are_refused_saying_why(base: str, change: Change, why: str) -> None:
    """A hand-edited unplayable state is refused with the reason by every call, twice."""
    real = _BASES[base]()
    assert lerally.legal_moves(real) or real.result is not None
    state = attrs.evolve(real, **change(real))
    _refused_everywhere(state, why)


def _first_card(state: State, make: Callable[[Card], Card]) -> dict[str, Any]:
    """The change that puts ``make(card)`` in place of the first card of the mover's hand."""
    hand = _hand(state)
    return _set_hand(state, _to_move(state), (make(hand[0]), *hand[1:]))


def _last_of(name: str, make: Callable[[Card], Card]) -> Change:
    """The change that puts ``make(card)`` in place of the last card of the deck, pile or
    cleared cards."""

    def change(state: State) -> dict[str, Any]:
        cards: tuple[Card, ...] = getattr(state, name)
        return {name: (*cards[:-1], make(cards[-1]))}

    return change


def _last_shot_of(name: str, make: Callable[[Card], Card]) -> Change:
    """The change that puts ``make(card)`` in place of the last shot card of the deck, pile or
    cleared cards."""

    def change(state: State) -> dict[str, Any]:
        cards: tuple[Card, ...] = getattr(state, name)
        i = max(i for i, card in enumerate(cards) if card.kind is CardKind.SHOT)
        return {name: (*cards[:i], make(cards[i]), *cards[i + 1 :])}

    return change


def _str_sections(card: Card) -> Card:
    """``card`` with its sections as plain strings (equal to the Sections, and hashed alike)."""
    return _card(
        card.kind, _raw(card.source and str(card.source)), card.target and str(card.target)
    )


_MALFORMED_PARTS: list[Any] = [
    pytest.param("ball", lambda s: _first_card(s, _str_sections), id="hand-card-str-sections"),
    pytest.param(
        "ball",
        lambda s: _first_card(s, lambda c: _card(int(c.kind), c.source, c.target, c.zone, c.value)),
        id="hand-card-int-kind",
    ),
    pytest.param(
        "ball",
        lambda s: _first_card(s, lambda c: _card("shot", c.source, c.target)),
        id="hand-card-str-kind",
    ),
    pytest.param(
        "ball",
        lambda s: _first_card(s, lambda c: _card(c.kind, c.source, c.target, c.zone, "0")),
        id="hand-card-str-value",
    ),
    pytest.param(
        "ball",
        lambda s: _first_card(s, lambda c: _card(c.kind, c.source, c.target, c.zone, [0])),
        id="hand-card-unhashable-value",
    ),
    pytest.param(
        "ball",
        lambda s: _first_card(s, lambda c: _card(c.kind, [c.source], c.target)),
        id="hand-card-unhashable-source",
    ),
    pytest.param(
        "ball",
        lambda s: _first_card(s, lambda c: _card(SHOT)),
        id="hand-shot-without-sections",
    ),
    pytest.param(
        "ball",
        lambda s: _first_card(s, lambda c: _card(c.kind, c.source, c.target, c.zone, 0.0)),
        id="hand-card-float-value",
    ),
    pytest.param("lead", _last_of("deck", _str_sections), id="deck-card-str-sections"),
    pytest.param(
        "lead",
        _last_of("deck", lambda c: _card(ATTACK, None, None, None, 2)),
        id="deck-attack-without-zone",
    ),
    pytest.param(
        "lead", _last_of("deck", lambda c: _card(c.kind, [1], c.target)), id="deck-card-unhashable"
    ),
    pytest.param("ball", _last_shot_of("pile", _str_sections), id="pile-card-str-sections"),
    pytest.param(
        "ball",
        _last_of("pile", lambda c: _card(int(c.kind), c.source, c.target, c.zone, c.value)),
        id="pile-card-int-kind",
    ),
    pytest.param(
        "cleared", _last_shot_of("cleared", _str_sections), id="cleared-card-str-sections"
    ),
    pytest.param(
        "cleared",
        _last_of("cleared", lambda c: _card(str(c.kind), c.source, c.target, c.zone, c.value)),
        id="cleared-card-str-kind",
    ),
    pytest.param(
        "attack",
        lambda s: {"attack": _card(ATTACK, None, None, str((s.attack or attack(NET, 3)).zone), 3)},
        id="attack-zone-str",
    ),
    pytest.param(
        "attack",
        lambda s: {"attack": _card(ATTACK, None, None, (s.attack or attack(NET, 3)).zone, "3")},
        id="attack-value-str",
    ),
    pytest.param(
        "attack",
        lambda s: {"attack": _card(ATTACK, None, None, None, (s.attack or attack(NET, 3)).value)},
        id="attack-without-zone",
    ),
    pytest.param(
        "attack",
        lambda s: {"attack": _card(ATTACK, None, None, NET, [3])},
        id="attack-unhashable-value",
    ),
]


@pytest.mark.usefixtures("fresh_caches")
@pytest.mark.parametrize(("base", "change"), _MALFORMED_PARTS)
def test_states_with_malformed_cards_are_refused(base: str, change: Change) -> None:
    """Cards with fields of the wrong type (str sections or kind, list values...) in a hand, the
    deck, the pile, the cleared cards or the attack make a refused state."""
    real = _BASES[base]()
    state = attrs.evolve(real, **change(real))
    _refused_everywhere(state, None)


_FAKES: list[Any] = [
    pytest.param(_str_sections, id="str-sections"),
    pytest.param(lambda c: _card(int(c.kind), c.source, c.target, c.zone, c.value), id="int-kind"),
]


@pytest.mark.usefixtures("fresh_caches")
@pytest.mark.parametrize("fake", _FAKES)
def test_a_malformed_state_does_not_poison_the_moves_of_real_states(
    fake: Callable[[Card], Card],
) -> None:
    """A card equal to a real one but of the wrong field types (str sections, an int kind) in a
    hand-made state never reaches a real state's moves, or the states after them, via caches."""
    real = _lead()
    player = _to_move(real)
    hand = real.hands[player]
    card = hand[0]
    with contextlib.suppress(CardgamesError):
        lerally.legal_moves(attrs.evolve(real, **_set_hand(real, player, (fake(card), *hand[1:]))))
    again: State = cardgames.from_json(cardgames.to_json(real), State)
    moves = lerally.legal_moves(again)
    assert Play(card) in moves
    for move in moves:
        if isinstance(move, Play | Lob):
            assert _well_formed(move.card), move
    after = lerally.apply_move(again, next(m for m in moves if m == Play(card)))
    assert all(_well_formed(c) for c in _all_cards(after))
    assert lerally.legal_moves(after)


def test_an_unplayable_state_is_refused_when_loaded_from_json() -> None:
    """JSON loading runs the full check: a well-formed but unplayable state (one card too many)
    does not load, and the same state built by hand is refused on first use."""
    doc = _doc(_lead())
    doc["data"]["deck"].append("BL-BL")
    with pytest.raises(SerializationError, match="not those"):
        cardgames.from_json(json.dumps(doc), State)
    real = _lead()
    by_hand = attrs.evolve(real, deck=(*real.deck, real.deck[-1]))
    _refused_everywhere(by_hand, "not those")


def test_a_refused_state_does_not_poison_its_real_original() -> None:
    """Refusing a hand-made copy leaves the real state it came from playable."""
    real = _at("ball")
    before = cardgames.to_json(real)
    moves = lerally.legal_moves(real)
    bad = attrs.evolve(real, score=Score((9, 9), (9, 9)))
    _refused_everywhere(bad, "score")
    assert lerally.legal_moves(real) == moves
    assert cardgames.to_json(real) == before


# --- JSON -----------------------------------------------------------------------------------


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """A change that sets ``data[key]`` or ``data[key][index]`` (``"deck.0"``) to ``value``."""
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]

    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return change


_BAD_CARDS: list[Any] = [
    pytest.param("XX-YY", id="XX-YY"),
    pytest.param("BL-XX", id="BL-XX"),
    pytest.param("BLNR", id="no-dash"),
    pytest.param("BL-NR-NL", id="three-sections"),
    pytest.param("BW0", id="BW0"),
    pytest.param("NW00", id="NW00"),
    pytest.param("BW99", id="BW99"),
    pytest.param("B\u0661W2", id="non-ascii-digit-in-zone"),
    pytest.param("BW\u0661", id="BW-non-ascii-digit"),
    pytest.param("NW\u0663", id="NW-non-ascii-digit"),
    pytest.param("BW\u00b2", id="BW-superscript"),
    pytest.param("OF2", id="OF2"),
    pytest.param("", id="empty"),
    pytest.param(5, id="int"),
    pytest.param(None, id="null"),
    pytest.param(["BL", "NR"], id="list"),
    pytest.param({"kind": 0, "source": "BL", "target": "NR"}, id="object"),
]


@pytest.mark.parametrize("card", _BAD_CARDS)
def test_json_cards_that_are_not_cards_are_refused(card: object) -> None:
    """A card written "XX-YY", "BW0", "BW\u0661" (non-ASCII digit), 5 or a list, anywhere (deck,
    hand, pile, attack, config, move): SerializationError, never a silently converted card."""
    state_doc = _doc(_at("ball"))
    docs: list[tuple[str, type[Any] | Any]] = []
    for place in ("deck.0", "hands.0.0", "pile.0"):
        doc = json.loads(json.dumps(state_doc))
        _set(place, card)(doc["data"])
        docs.append((json.dumps(doc), State))
    if card is not None:  # a state without an attack has ``"attack": null``
        doc = _doc(_at("attack"))
        doc["data"]["attack"] = card
        docs.append((json.dumps(doc), State))
    doc = _doc(lerally.view(_at("ball"), 0))
    doc["data"]["hand"][0] = card
    docs.append((json.dumps(doc), View))
    docs.append(
        (_envelope("config", {"cards": [{"card": card, "name": "x", "count": 80}]}), Config)
    )
    docs.append((_envelope("move", {"type": "play", "card": card}), move_union("lerally")))
    docs.append((_envelope("move", {"type": "lob", "card": card, "count": 2}), Lob))
    for text, cls in docs:
        with pytest.raises(SerializationError, match=r"\$"):
            cardgames.from_json(text, cls)


_BAD_STATE_DATA: list[Any] = [
    pytest.param(_set("to_move", True), id="to-move-bool"),
    pytest.param(_set("to_move", "1"), id="to-move-str"),
    pytest.param(_set("to_move", 1.0), id="to-move-float"),
    pytest.param(_set("to_move", [1]), id="to-move-list"),
    pytest.param(_set("leading", 1), id="leading-int"),
    pytest.param(_set("leading", "true"), id="leading-str"),
    pytest.param(_set("leading", None), id="leading-null"),
    pytest.param(_set("ball", "XX"), id="ball-XX"),
    pytest.param(_set("ball", "bl"), id="ball-lower"),
    pytest.param(_set("ball", "Baseline-Left"), id="ball-full-name"),
    pytest.param(_set("ball", "baseline"), id="ball-zone"),
    pytest.param(_set("ball", 0), id="ball-int"),
    pytest.param(_set("ball", ["BL"]), id="ball-list"),
    pytest.param(_set("attack", 5), id="attack-int"),
    pytest.param(_set("attack", {"zone": "net", "value": 3}), id="attack-object"),
    pytest.param(_set("attack_total", "3"), id="attack-total-str"),
    pytest.param(_set("attack_total", 3.0), id="attack-total-float"),
    pytest.param(_set("attack_total", True), id="attack-total-bool"),
    pytest.param(_set("attack_total", None), id="attack-total-null"),
    pytest.param(_set("last", "0"), id="last-str"),
    pytest.param(_set("last", False), id="last-bool"),
    pytest.param(_set("server", "0"), id="server-str"),
    pytest.param(_set("server", 0.0), id="server-float"),
    pytest.param(_set("server", None), id="server-null"),
    pytest.param(_set("deck", "BL-NR NL-NL"), id="deck-str"),
    pytest.param(_set("deck", {"BL-NR": 1}), id="deck-object"),
    pytest.param(_set("deck", None), id="deck-null"),
    pytest.param(_set("pile", {}), id="pile-object"),
    pytest.param(_set("cleared", 5), id="cleared-int"),
    pytest.param(_set("hands.0", "BL-NR NL-NL"), id="hand-str"),
    pytest.param(_set("hands.0", {"BL-NR": 1}), id="hand-object"),
    pytest.param(_set("hands.0", None), id="hand-null"),
    pytest.param(_set("hands", {"0": [], "1": []}), id="hands-object"),
    pytest.param(_set("hands", "BL-NR"), id="hands-str"),
    pytest.param(_set("score", [0, 0]), id="score-list"),
    pytest.param(_set("score", 0), id="score-int"),
    pytest.param(_set("score", {"sets": [0, 0]}), id="score-no-games"),
    pytest.param(_set("score", {"sets": ["0", 0], "games": [0, 0]}), id="sets-str"),
    pytest.param(_set("score", {"sets": [0.0, 0], "games": [0, 0]}), id="sets-float"),
    pytest.param(_set("score", {"sets": [True, 0], "games": [0, 0]}), id="sets-bool"),
    pytest.param(_set("score", {"sets": {"0": 0, "1": 0}, "games": [0, 0]}), id="sets-object"),
    pytest.param(_set("score", {"sets": [0, 0], "games": "00"}), id="games-str"),
    pytest.param(
        _set("score", {"sets": [0, 0], "games": [0, 0], "to_seven": 1}), id="to-seven-int"
    ),
    pytest.param(
        _set("score", {"sets": [0, 0], "games": [0, 0], "deuce": True}), id="score-unknown-key"
    ),
    pytest.param(_set("rng", {"state": "12"}), id="rng-str"),
    pytest.param(_set("rng", {"state": 1.5}), id="rng-float"),
    pytest.param(_set("rng", {"state": float("nan")}), id="rng-nan"),
    pytest.param(_set("rng", {"state": float("inf")}), id="rng-infinity"),
    pytest.param(_set("rng", 12), id="rng-int"),
    pytest.param(_set("rng", {"state": 1, "seed": 2}), id="rng-unknown-key"),
    pytest.param(_set("plays", 2.5), id="plays-float"),
    pytest.param(_set("plays", "3"), id="plays-str"),
    pytest.param(_set("plays", True), id="plays-bool"),
    pytest.param(
        _set("last_rally", {"side": 0, "player": 0, "ending": "bad"}), id="ending-unknown"
    ),
    pytest.param(
        _set("last_rally", {"side": "0", "player": 0, "ending": "empty hand"}), id="rally-side-str"
    ),
    pytest.param(_set("last_rally", {"side": 0, "player": 0}), id="rally-no-ending"),
    pytest.param(_set("last_rally", [0, 0, "empty hand"]), id="rally-list"),
    pytest.param(
        _set("result", {"winners": [True], "returns": [0.0, 1.0], "reason": "r"}),
        id="result-winner-bool",
    ),
    pytest.param(
        _set("result", {"winners": [1], "returns": ["0", "1"], "reason": "r"}),
        id="result-returns-str",
    ),
    pytest.param(_set("result", "won"), id="result-str"),
    pytest.param(_set("extra", 1), id="unknown-key"),
    pytest.param(lambda d: d.pop("rng"), id="missing-rng"),
    pytest.param(lambda d: d.pop("hands"), id="missing-hands"),
    pytest.param(lambda d: d.pop("to_move"), id="missing-to-move"),
    pytest.param(_set("config", {"players": 2.0}), id="config-players-float"),
    pytest.param(_set("config", {"players": "2"}), id="config-players-str"),
    pytest.param(_set("config", {"doubles": 1}), id="config-doubles-int"),
    pytest.param(_set("config", {"format": "one game"}), id="config-format-unknown"),
    pytest.param(_set("config", {"format": "ONE-GAME"}), id="config-format-upper"),
    pytest.param(_set("config", {"teams": 2}), id="config-unknown-key"),
    pytest.param(
        _set("config", {"cards": [{"card": "BL-NR", "name": "x", "count": 1.5}]}),
        id="config-count-float",
    ),
    pytest.param(
        _set("config", {"cards": [{"card": "BL-NR", "name": "x", "count": True}]}),
        id="config-count-bool",
    ),
    pytest.param(_set("config", {"cards": [["BL-NR", "x", 80]]}), id="config-entry-list"),
    pytest.param(_set("config", {"cards": "default"}), id="config-cards-str"),
    pytest.param(_set("config", None), id="config-null"),
]


@pytest.mark.parametrize("change", _BAD_STATE_DATA)
def test_json_states_with_wrong_values_are_refused(change: Callable[[dict[str, Any]], Any]) -> None:
    """State JSON with a wrong scalar type, an unknown key, a section "XX" or a list written as
    an object is refused."""
    doc = _doc(_at("ball"))
    change(doc["data"])
    with pytest.raises(SerializationError, match=r"\$"):
        cardgames.from_json(json.dumps(doc), State)


_BAD_VIEW_DATA: list[Any] = [
    pytest.param(_set("player", "0"), id="player-str"),
    pytest.param(_set("player", True), id="player-bool"),
    pytest.param(_set("player", None), id="player-null"),
    pytest.param(_set("hand", "BL-NR"), id="hand-str"),
    pytest.param(_set("hand", {"BL-NR": 1}), id="hand-object"),
    pytest.param(_set("hand_sizes", [6.0, 6]), id="hand-size-float"),
    pytest.param(_set("hand_sizes", {"0": 6, "1": 6}), id="hand-sizes-object"),
    pytest.param(_set("deck_size", "66"), id="deck-size-str"),
    pytest.param(_set("deck_size", 66.0), id="deck-size-float"),
    pytest.param(_set("ball", "XX"), id="ball-XX"),
    pytest.param(_set("rng", {"state": 1}), id="view-with-rng"),
    pytest.param(_set("deck", []), id="view-with-deck"),
    pytest.param(_set("hands", [[], []]), id="view-with-hands"),
]


@pytest.mark.parametrize("change", _BAD_VIEW_DATA)
def test_json_views_with_wrong_values_are_refused(change: Callable[[dict[str, Any]], Any]) -> None:
    """A view document with a wrong scalar type or a state's key (rng, deck, hands) is refused."""
    doc = _doc(lerally.view(_at("ball"), 0))
    change(doc["data"])
    with pytest.raises(SerializationError, match=r"\$"):
        cardgames.from_json(json.dumps(doc), View)


def test_a_view_does_not_load_as_a_state_nor_a_state_as_a_view() -> None:
    """The envelope's kind is checked: a view document is not a state, nor the other way."""
    state = _at("ball")
    with pytest.raises(SerializationError, match=r"\$\.kind"):
        cardgames.from_json(cardgames.to_json(lerally.view(state, 0)), State)
    with pytest.raises(SerializationError, match=r"\$\.kind"):
        cardgames.from_json(cardgames.to_json(state), View)
    with pytest.raises(SerializationError, match=r"\$\.kind"):
        cardgames.from_json(cardgames.to_json(Config()), State)
    with pytest.raises(SerializationError, match=r"\$\.kind"):
        cardgames.from_json(cardgames.to_json(PickUp()), Config)


def test_a_view_body_in_a_state_envelope_is_refused() -> None:
    """A view's data relabelled as a state is refused (it lacks the deck, hands and rng)."""
    data = _doc(lerally.view(_at("ball"), 0))["data"]
    with pytest.raises(SerializationError, match=r"\$\.data"):
        cardgames.from_json(_envelope("state", data), State)


def test_documents_of_another_game_are_refused() -> None:
    """An AlakaSLAM state is not a Le Rally state, even relabelled."""
    other = _doc(alakaslam.new_game(seed=1))
    with pytest.raises(SerializationError, match=r"\$\.game"):
        cardgames.from_json(json.dumps(other), State)
    other["game"] = "lerally"
    with pytest.raises(SerializationError, match=r"\$\.data"):
        cardgames.from_json(json.dumps(other), State)


_BAD_MOVE_DATA: list[Any] = [
    pytest.param({"type": "play"}, id="play-no-card"),
    pytest.param({"type": "play", "card": "BL-NR", "count": 1}, id="play-with-count"),
    pytest.param({"type": "lob", "card": "BL-NR"}, id="lob-no-count"),
    pytest.param({"type": "lob", "card": "BL-NR", "count": "2"}, id="lob-count-str"),
    pytest.param({"type": "lob", "card": "BL-NR", "count": 2.0}, id="lob-count-float"),
    pytest.param({"type": "lob", "card": "BL-NR", "count": True}, id="lob-count-bool"),
    pytest.param({"type": "lob", "card": "BL-NR", "count": None}, id="lob-count-null"),
    pytest.param({"type": "lob", "card": "BL-NR", "count": 1e400}, id="lob-count-infinite"),
    pytest.param({"type": "lob", "count": 2}, id="lob-no-card"),
    pytest.param({"type": "offense", "to": "XX"}, id="offense-XX"),
    pytest.param({"type": "offense", "to": "nr"}, id="offense-lower"),
    pytest.param({"type": "offense", "to": "net"}, id="offense-zone"),
    pytest.param({"type": "offense", "to": 1}, id="offense-int"),
    pytest.param({"type": "offense", "to": None}, id="offense-null"),
    pytest.param({"type": "offense", "to": ["NR"]}, id="offense-list"),
    pytest.param({"type": "offense"}, id="offense-no-section"),
    pytest.param({"type": "pickup", "count": 3}, id="pickup-unknown-key"),
    pytest.param({"type": "pick up"}, id="pick-up-with-space"),
    pytest.param({"type": "serve"}, id="unknown-type"),
    pytest.param({"type": "keep"}, id="alakaslam-move-type"),
    pytest.param({"type": "Play", "card": "BL-NR"}, id="type-capitalised"),
    pytest.param({"type": 5}, id="type-int"),
    pytest.param({"card": "BL-NR"}, id="no-type"),
    pytest.param(["play", "BL-NR"], id="list"),
    pytest.param("play BL-NR", id="notation"),
    pytest.param(None, id="null"),
]


@pytest.mark.parametrize("data", _BAD_MOVE_DATA)
def test_json_moves_with_wrong_values_are_refused(data: object) -> None:
    """A move document that is not a well-formed Le Rally move is refused."""
    with pytest.raises(SerializationError, match=r"\$"):
        cardgames.from_json(_envelope("move", data), move_union("lerally"))


def test_a_move_document_of_another_class_is_refused() -> None:
    """Loading a move as one class refuses a document of another (an offense is not a play)."""
    text = cardgames.to_json(Offense(NR))
    with pytest.raises(SerializationError, match=r"\$\.data\.type"):
        cardgames.from_json(text, Play)


_BAD_CONFIG_DATA: list[Any] = [
    pytest.param({"players": "2"}, id="players-str"),
    pytest.param({"players": 2.0}, id="players-float"),
    pytest.param({"players": True}, id="players-bool"),
    pytest.param({"doubles": 1}, id="doubles-int"),
    pytest.param({"doubles": "yes"}, id="doubles-str"),
    pytest.param({"format": "one game"}, id="format-unknown"),
    pytest.param({"format": "ONE-GAME"}, id="format-upper"),
    pytest.param({"format": 1}, id="format-int"),
    pytest.param({"best_of": "3"}, id="best-of-str"),
    pytest.param({"best_of": 3.0}, id="best-of-float"),
    pytest.param({"hand_size": None}, id="hand-size-null"),
    pytest.param({"hand_size": "6"}, id="hand-size-str"),
    pytest.param({"first_server": "0"}, id="first-server-str"),
    pytest.param({"first_server": True}, id="first-server-bool"),
    pytest.param({"rally_limit": 1e3}, id="rally-limit-float"),
    pytest.param({"rally_limit": 1e400}, id="rally-limit-infinite"),
    pytest.param({"cards": [{"card": "BL-NR", "name": "x", "count": "3"}]}, id="count-str"),
    pytest.param({"cards": [{"card": "BL-NR", "name": "x", "count": 1.5}]}, id="count-float"),
    pytest.param({"cards": [{"card": "BL-NR", "name": 5, "count": 80}]}, id="name-int"),
    pytest.param({"cards": [{"card": "BL-NR", "name": None, "count": 80}]}, id="name-null"),
    pytest.param({"cards": [{"card": "BL-NR", "name": "x"}]}, id="count-missing"),
    pytest.param(
        {"cards": [{"card": "BL-NR", "name": "x", "count": 80, "zone": "net"}]},
        id="entry-extra-key",
    ),
    pytest.param({"cards": [["BL-NR", "x", 80]]}, id="entry-list"),
    pytest.param({"cards": {"BL-NR": 80}}, id="cards-object"),
    pytest.param({"cards": "default"}, id="cards-str"),
    pytest.param({"teams": [[0, 2], [1, 3]]}, id="unknown-key"),
    pytest.param([], id="list"),
    pytest.param(None, id="null"),
]


@pytest.mark.parametrize("data", _BAD_CONFIG_DATA)
def test_json_configs_with_wrong_values_are_refused(data: object) -> None:
    """A config document with a wrong scalar type, a malformed card entry or an unknown key is
    refused."""
    with pytest.raises(SerializationError, match=r"\$"):
        cardgames.from_json(_envelope("config", data), Config)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "cardgames", "version": 1, "game": "lerally", "kind": "state", "data": '
        + "[" * 100_000
        + "]" * 100_000
        + "}",
        '{"a": ' + "9" * 5000 + "}",
        '{"format": "cardgames", "version": 1, "game": "lerally", "kind": "move", '
        '"data": {"type": "lob", "card": "BL-NR", "count": ' + "9" * 5000 + "}}",
        '{"format": NaN}',
        '{"format": "cardgames", "version": NaN, "game": "lerally", "kind": "state", "data": {}}',
        '{"format": "cardgames", "version": 1e400, "game": "lerally", "kind": "state", "data": {}}',
        "",
        "not json",
        b"\xff\xfe",
        "null",
        "[]",
    ],
    ids=[
        "deep",
        "deep-data",
        "huge-number",
        "huge-lob-count",
        "nan",
        "nan-version",
        "infinite-version",
        "empty",
        "garbage",
        "bad-utf8",
        "null",
        "list",
    ],
)
def test_absurd_json_is_refused(text: str | bytes) -> None:
    """Absurd nesting, huge numbers, NaN, empty or non-JSON text end in SerializationError."""
    for cls in (State, View, Config, Play, Lob, move_union("lerally")):
        with pytest.raises(SerializationError):
            cardgames.from_json(text, cls)


@pytest.mark.parametrize("text", [None, 5, ["{}"], {"format": "cardgames"}], ids=repr)
def test_from_json_wants_text(text: Any) -> None:
    """from_json refuses something that is not JSON text."""
    with pytest.raises(SerializationError):
        cardgames.from_json(text, State)


_MALFORMED_OBJECTS: list[Any] = [
    pytest.param(Play(_raw(None)), id="play-none"),
    pytest.param(Play(_raw("BL-NR")), id="play-str-card"),
    pytest.param(Play(_raw(object())), id="play-object-card"),
    pytest.param(Play(_raw((0, "BL", "NR", None, 0))), id="play-plain-tuple"),
    pytest.param(Play(_card("x", BL, NR)), id="play-card-kind-str"),
    pytest.param(Play(_card(0, BL, NR)), id="play-card-kind-int-0"),
    pytest.param(Play(_card(2)), id="play-card-kind-int-2"),
    pytest.param(Play(_card(SHOT)), id="play-shot-without-sections"),
    pytest.param(Play(_card(SHOT, "BL", "NR")), id="play-shot-str-sections"),
    pytest.param(Play(_card(SHOT, BL, NR, NET, 0)), id="play-shot-with-zone"),
    pytest.param(Play(_card(SHOT, BL, NR, None, 3)), id="play-shot-with-value"),
    pytest.param(Play(_card(ATTACK, None, None, None, 2)), id="play-attack-without-zone"),
    pytest.param(Play(_card(ATTACK, None, None, "baseline", 2)), id="play-attack-zone-str"),
    pytest.param(Play(attack(BASELINE, 0)), id="play-attack-value-0"),
    pytest.param(Play(attack(BASELINE, 99)), id="play-attack-value-99"),
    pytest.param(Play(attack(BASELINE, _raw(True))), id="play-attack-value-bool"),
    pytest.param(Play(attack(BASELINE, _raw(2.0))), id="play-attack-value-float"),
    pytest.param(Play(_card(ATTACK, BL, None, BASELINE, 2)), id="play-attack-with-source"),
    pytest.param(Play(_card(CardKind.OFFENSE, BL)), id="play-offense-with-source"),
    pytest.param(Play(_card(CardKind.JUST_OUT, None, None, None, 3)), id="play-special-value"),
    pytest.param(Lob(shot(BL, NR), _raw("2")), id="lob-count-str"),
    pytest.param(Lob(shot(BL, NR), _raw(True)), id="lob-count-bool"),
    pytest.param(Lob(shot(BL, NR), _raw(2.0)), id="lob-count-float"),
    pytest.param(Lob(shot(BL, NR), _raw(None)), id="lob-count-none"),
    pytest.param(Lob(_raw(None), 2), id="lob-card-none"),
    pytest.param(Offense(_raw(None)), id="offense-none"),
    pytest.param(Offense(_raw("XX")), id="offense-XX"),
    pytest.param(Offense(_raw(NET)), id="offense-zone"),
    pytest.param(Offense(_raw(5)), id="offense-int"),
    pytest.param(Config(cards=(_face(_card(ATTACK, None, None, None, 2), 80),)), id="config-card"),
    pytest.param(Config(cards=(_face(attack(NET, 0), 80),)), id="config-attack-0"),
    pytest.param(_config(players=_raw(2.0)), id="config-players-float"),
]


@pytest.mark.parametrize("obj", _MALFORMED_OBJECTS)
def test_to_json_of_malformed_moves_is_refused_or_does_not_load(obj: object) -> None:
    """to_json of a malformed move or config refuses or writes JSON that does not load, never
    another object (an attack without a zone is not written "NW2")."""
    try:
        text = cardgames.to_json(obj)
    except SerializationError:
        return
    cls: Any = Config if type(obj) is Config else move_union("lerally")
    with pytest.raises(SerializationError):
        cardgames.from_json(text, cls)


def test_to_json_of_a_state_with_a_malformed_card_is_refused_or_does_not_load() -> None:
    """A state holding an attack card without a zone is not written as one holding "NW2"."""
    real = _lead()
    bad = attrs.evolve(real, deck=(*real.deck[:-1], _card(ATTACK, None, None, None, 3)))
    try:
        text = cardgames.to_json(bad)
    except SerializationError:
        return
    with pytest.raises(SerializationError):
        cardgames.from_json(text, State)


# --- moves ----------------------------------------------------------------------------------


def _refused(state: State, move: object, why: str) -> None:
    """``move`` is refused with an IllegalMoveError matching ``why``; ``state`` is unchanged."""
    before = cardgames.to_json(state)
    legal = lerally.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=why or None) as info:
        lerally.apply_move(state, _raw(move))
    assert str(info.value)
    assert cardgames.to_json(state) == before
    assert lerally.legal_moves(state) == legal


def _not_held(state: State) -> Card:
    return next(shot(a, b) for a in Section for b in Section if shot(a, b) not in _hand(state))


def _lobbed(state: State) -> Lob:
    return next(m for m in lerally.legal_moves(state) if type(m) is Lob)


def _held(state: State, card: Card) -> int:
    return sum(1 for c in _hand(state) if c == card)


_NOT_A_CARD = "not a card"
_HOLDS = r"holds \d+ of that card"
_TWO_OR_MORE = "two or more"

_MALFORMED_MOVES: list[Any] = [
    # plays of things that are not cards, or not held
    pytest.param("lead", lambda s: Play(_raw(None)), _NOT_A_CARD, id="play-none"),
    pytest.param("lead", lambda s: Play(_raw("BL-NR")), _NOT_A_CARD, id="play-str"),
    pytest.param("lead", lambda s: Play(_raw(5)), _NOT_A_CARD, id="play-int"),
    pytest.param("lead", lambda s: Play(_raw([*_hand(s)[0]])), _NOT_A_CARD, id="play-list"),
    pytest.param("lead", lambda s: Play(_raw({"kind": 0})), _NOT_A_CARD, id="play-dict"),
    pytest.param("lead", lambda s: Play(_raw(set())), _NOT_A_CARD, id="play-unhashable"),
    pytest.param("lead", lambda s: Play(_raw(Card)), _NOT_A_CARD, id="play-card-class"),
    pytest.param(
        "lead",
        lambda s: Play(_raw((0, "XX", "YY", None, 0))),
        f"{_NOT_A_CARD}|{_HOLDS}",
        id="play-plain-tuple-not-a-card",
    ),
    pytest.param("lead", lambda s: Play(_not_held(s)), _HOLDS, id="play-card-not-held"),
    pytest.param("lead", lambda s: Play(attack(NET, 9)), _HOLDS, id="play-card-not-in-the-list"),
    pytest.param(
        "lead",
        lambda s: Play(_card("x", BL, NR)),
        f"{_NOT_A_CARD}|{_HOLDS}",
        id="play-card-kind-str",
    ),
    pytest.param(
        "lead",
        lambda s: Play(_card(SHOT, [BL], NR)),
        f"{_NOT_A_CARD}|{_HOLDS}",
        id="play-card-unhashable-source",
    ),
    pytest.param(
        "lead",
        lambda s: Play(_card(SHOT)),
        f"{_NOT_A_CARD}|{_HOLDS}",
        id="play-shot-without-sections",
    ),
    pytest.param(
        "lead",
        lambda s: Play(_card(ATTACK, None, None, None, 3)),
        f"{_NOT_A_CARD}|{_HOLDS}",
        id="play-attack-without-zone",
    ),
    # lobs
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, 1), _TWO_OR_MORE, id="lob-of-1"),
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, 0), _TWO_OR_MORE, id="lob-of-0"),
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, -2), _TWO_OR_MORE, id="lob-negative"),
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, _raw(True)), _TWO_OR_MORE, id="lob-true"),
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, _raw(False)), _TWO_OR_MORE, id="lob-false"),
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, _raw("2")), _TWO_OR_MORE, id="lob-str"),
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, _raw(None)), _TWO_OR_MORE, id="lob-none"),
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, _raw([2])), _TWO_OR_MORE, id="lob-list"),
    pytest.param(
        "lob",
        lambda s: Lob(_lobbed(s).card, _held(s, _lobbed(s).card) + 1),
        _HOLDS,
        id="lob-more-than-held",
    ),
    pytest.param("lob", lambda s: Lob(_lobbed(s).card, 10**100), _HOLDS, id="lob-of-a-googol"),
    pytest.param("lob", lambda s: Lob(_not_held(s), 2), _HOLDS, id="lob-card-not-held"),
    pytest.param("lob", lambda s: Lob(_raw(None), 2), _NOT_A_CARD, id="lob-card-none"),
    pytest.param("lob", lambda s: Lob(_raw("BL-NR"), 2), _NOT_A_CARD, id="lob-card-str"),
    # the offense card
    pytest.param("offense", lambda s: Offense(_raw(None)), "not a section", id="offense-none"),
    pytest.param("offense", lambda s: Offense(_raw("XX")), "not a section", id="offense-XX"),
    pytest.param("offense", lambda s: Offense(_raw(NET)), "not a section", id="offense-zone"),
    pytest.param("offense", lambda s: Offense(_raw(5)), "not a section", id="offense-int"),
    pytest.param("offense", lambda s: Offense(_raw([NR])), "not a section", id="offense-list"),
    pytest.param(
        "lead", lambda s: Offense(NR), "holds no offense card|holds 0", id="offense-not-held"
    ),
    # moves that are not moves, or another game's
    pytest.param("lead", lambda s: None, "", id="none"),
    pytest.param("lead", lambda s: "play BL-NR", "", id="notation-str"),
    pytest.param("lead", lambda s: 5, "", id="int"),
    pytest.param("lead", lambda s: object(), "", id="object"),
    pytest.param("lead", lambda s: {"type": "pickup"}, "", id="dict"),
    pytest.param("lead", lambda s: [PickUp()], "", id="list-of-move"),
    pytest.param("lead", lambda s: Play, "", id="move-class-not-instance"),
    pytest.param("lead", lambda s: PickUp, "", id="pick-up-class"),
    pytest.param("lead", lambda s: alakaslam.Keep(), "", id="alakaslam-keep"),
    pytest.param("lead", lambda s: _hand(s)[0], "", id="bare-card"),
    # legal elsewhere, not here
    pytest.param("lead", lambda s: PickUp(), "playing is compulsory", id="pick-up-with-cards"),
    pytest.param(
        "attack",
        lambda s: Play(next(c for c in _hand(s) if c.kind is SHOT)),
        "only the identical attack card or a special card",
        id="shot-against-an-attack",
    ),
    pytest.param("over", lambda s: PickUp(), "the match is over", id="pick-up-when-over"),
    pytest.param("over", lambda s: None, "the match is over", id="none-when-over"),
    pytest.param("over", lambda s: Play(_raw(None)), "the match is over", id="play-none-when-over"),
]


@pytest.mark.parametrize(("base", "make", "why"), _MALFORMED_MOVES)
def test_malformed_or_foreign_moves_are_refused_and_change_nothing(
    base: str, make: Callable[[State], object], why: str
) -> None:
    """Malformed cards, lobs of 1/0/True, bad sections, non-moves, AlakaSLAM moves:
    IllegalMoveError saying why, state unchanged."""
    state = _BASES[base]()
    _refused(state, make(state), why)


def test_a_shot_is_refused_against_an_attack_that_held_it() -> None:
    """The attack base really holds a shot (so its refusal above is about the attack)."""
    assert any(c.kind is SHOT for c in _hand(_at("attack")))


@pytest.mark.usefixtures("fresh_caches")
def test_moves_equal_to_legal_ones_leave_only_the_rules_values_in_the_state() -> None:
    """A play of a plain tuple or a str-section Card equal to a held card, a lob of a plain
    tuple, an offense to "NR" play as the legal move, leaving only real Cards and Sections."""
    cases: list[tuple[State, object]] = []
    lob_state = _at("lob")
    lob = _lobbed(lob_state)
    cases.append((lob_state, Lob(_raw(tuple(lob.card)), lob.count)))
    cases.append((lob_state, Lob(_str_sections(lob.card), lob.count)))
    lead = _lead()
    card = _hand(lead)[0]
    cases.append((lead, Play(_raw(tuple(card)))))
    cases.append((lead, Play(_raw((int(card.kind), str(card.source), str(card.target), None, 0)))))
    cases.append((lead, Play(_str_sections(card))))
    offense_state = _at("offense")
    cases.append((offense_state, Offense(_raw("NR"))))
    for state, move in cases:
        legal = next(m for m in lerally.legal_moves(state) if m == move)
        after = lerally.apply_move(state, _raw(move))
        assert after == lerally.apply_move(state, legal)
        assert all(_well_formed(c) for c in _all_cards(after)), move
        assert after.ball is None or type(after.ball) is Section
        assert after.attack is None or _well_formed(after.attack)
        assert lerally.legal_moves(after) or after.result is not None
        assert cardgames.from_json(cardgames.to_json(after), State) == after


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "\n",
        "fly",
        "play",
        "play play",
        "play BL-NR NL-NL",
        "play XX-YY",
        "play BL-XX",
        "play BLNR",
        "play BL_NR",
        "XX-YY",
        "play BW0",
        "play NW00",
        "play BW99",
        "play B\u0661W2",
        "play BW\u0661",
        "play BW\u00b2",
        "BW\u0661",
        "lob",
        "lob 2",
        "lob BL-NR",
        "lob 1 BL-NR",
        "lob 0 BL-NR",
        "lob 00 BL-NR",
        "lob -2 BL-NR",
        "lob x BL-NR",
        "lob \u00b2 BL-NR",
        "lob \u0662 BL-NR",
        "lob 2.0 BL-NR",
        "lob 10000 BL-NR",
        "lob 2 XX-YY",
        "lob 2 BL-NR NL-NL",
        "lob 2 BL-NR" + "0" * 5000,
        "lob " + "9" * 5000 + " BL-NR",
        "offense",
        "offense XX",
        "offense net",
        "offense Baseline-Left",
        "offense BL NR",
        "offense \u0661",
        "pick",
        "pick up now",
        "pick up 3",
        "pickup 3",
    ],
)
def test_parse_move_refuses_garbage(text: str) -> None:
    """Empty text, unknown cards ("XX-YY", "BW0", foreign digits), lobs of 1 or of "x" or "²",
    offense to "XX", a bare "play": InvalidMoveError."""
    for state in (_lead(), lerally.view(_lead(), 0)):
        with pytest.raises(InvalidMoveError):
            lerally.parse_move(state, text)


@pytest.mark.parametrize("text", [None, 5, b"play BL-NR", ["play", "BL-NR"], PickUp()], ids=repr)
def test_parse_move_wants_a_string(text: Any) -> None:
    """parse_move refuses notation that is not a str."""
    with pytest.raises(InvalidMoveError, match="must be a string"):
        lerally.parse_move(_lead(), text)


@pytest.mark.parametrize(
    "move",
    [
        pytest.param(Play(_raw(None)), id="play-none"),
        pytest.param(Play(_raw("BL-NR")), id="play-str"),
        pytest.param(Play(_raw((0, 1))), id="play-short-tuple"),
        pytest.param(Play(_raw([SHOT, BL, NR, None, 0])), id="play-list"),
        pytest.param(Play(_card("x", BL, NR)), id="play-kind-str"),
        pytest.param(Play(_card(9)), id="play-kind-9"),
        pytest.param(Play(_card(SHOT)), id="play-shot-without-sections"),
        pytest.param(Play(_card(SHOT, BL)), id="play-shot-without-target"),
        pytest.param(Play(_card(SHOT, "XX", NR)), id="play-shot-section-XX"),
        pytest.param(Play(_card(SHOT, BL, NR, NET)), id="play-shot-with-zone"),
        pytest.param(Play(_card(SHOT, BL, NR, None, 2)), id="play-shot-with-value"),
        pytest.param(Play(_card(ATTACK, None, None, None, 2)), id="play-attack-without-zone"),
        pytest.param(Play(_card(ATTACK, None, None, "net", 3)), id="play-attack-zone-str"),
        pytest.param(Play(attack(NET, 0)), id="play-attack-value-0"),
        pytest.param(Play(attack(NET, -1)), id="play-attack-value-negative"),
        pytest.param(Play(attack(NET, 99)), id="play-attack-value-99"),
        pytest.param(Play(attack(NET, _raw(True))), id="play-attack-value-bool"),
        pytest.param(Play(attack(NET, _raw("3"))), id="play-attack-value-str"),
        pytest.param(Play(_card(ATTACK, BL, None, BASELINE, 2)), id="play-attack-with-source"),
        pytest.param(Play(_card(CardKind.OFFENSE, BL)), id="play-offense-with-source"),
        pytest.param(Play(_card(CardKind.YOURS, None, None, NET)), id="play-special-with-zone"),
        pytest.param(Lob(shot(BL, NR), 1), id="lob-of-1"),
        pytest.param(Lob(shot(BL, NR), 0), id="lob-of-0"),
        pytest.param(Lob(shot(BL, NR), _raw(True)), id="lob-true"),
        pytest.param(Lob(shot(BL, NR), _raw("2")), id="lob-str"),
        pytest.param(Lob(shot(BL, NR), _raw(2.0)), id="lob-float"),
        pytest.param(Lob(_raw(None), 2), id="lob-card-none"),
        pytest.param(Lob(offense(), 2), id="lob-of-offense-cards"),
        pytest.param(Lob(attack(NET, 3), 2), id="lob-of-attack-cards"),
        pytest.param(Lob(special(CardKind.JUST_OUT), 2), id="lob-of-just-outs"),
        pytest.param(Offense(_raw(None)), id="offense-none"),
        pytest.param(Offense(_raw("XX")), id="offense-XX"),
        pytest.param(Offense(_raw(NET)), id="offense-zone"),
        pytest.param(Offense(_raw(5)), id="offense-int"),
        pytest.param(Offense(_raw([NR])), id="offense-list"),
        pytest.param(PickUp, id="class"),
        pytest.param(None, id="none"),
        pytest.param("pick up", id="str"),
        pytest.param(object(), id="object"),
        pytest.param(shot(BL, NR), id="bare-card"),
        pytest.param(alakaslam.Keep(), id="alakaslam-keep"),
    ],
)
def test_format_move_refuses_malformed_moves(move: Any) -> None:
    """format_move refuses a malformed move rather than write notation for another move."""
    with pytest.raises(InvalidMoveError):
        lerally.format_move(move)


def test_format_move_never_writes_another_card_for_a_plain_tuple() -> None:
    """A plain-tuple card (0, "BL", "NR", None, 0) is written as BL-NR or refused."""
    move = Play(_raw((0, "BL", "NR", None, 0)))
    try:
        text = lerally.format_move(move)
    except InvalidMoveError:
        return
    assert text == "play BL-NR"


# --- render and resample --------------------------------------------------------------------


@pytest.mark.parametrize(
    "table",
    [None, "x", 3, Config(), alakaslam.new_game(seed=1), {"to_move": 0}, PickUp(), DEFAULT_CARDS],
    ids=["none", "str", "int", "config", "alakaslam-state", "dict", "move", "cards"],
)
def test_render_wants_a_state_or_a_view(table: Any) -> None:
    """render refuses what is neither a Le Rally state nor a view."""
    with pytest.raises(InvalidStateError):
        lerally.render(table)


def test_render_refuses_an_alakaslam_view() -> None:
    """render refuses another game's view."""
    with pytest.raises(InvalidStateError):
        lerally.render(_raw(alakaslam.view(alakaslam.new_game(seed=1), 0)))


_MALFORMED_VIEWS: list[Any] = [
    pytest.param(lambda v: {"config": None}, id="no-config"),
    pytest.param(lambda v: {"config": alakaslam.Config()}, id="alakaslam-config"),
    pytest.param(lambda v: {"config": _config(rally_limit=[500])}, id="config-unhashable"),
    pytest.param(lambda v: {"player": 5}, id="player-5"),
    pytest.param(lambda v: {"player": "0"}, id="player-str"),
    pytest.param(lambda v: {"to_move": 7}, id="to-move-7"),
    pytest.param(lambda v: {"to_move": None}, id="to-move-none-while-playing"),
    pytest.param(lambda v: {"last": "1"}, id="last-str"),
    pytest.param(lambda v: {"server": None}, id="server-none"),
    pytest.param(lambda v: {"leading": "no"}, id="leading-str"),
    pytest.param(lambda v: {"ball": "BL"}, id="ball-str"),
    pytest.param(lambda v: {"attack": shot(BL, NR)}, id="attack-shot"),
    pytest.param(lambda v: {"attack_total": -1}, id="attack-total-negative"),
    pytest.param(lambda v: {"hand": None}, id="hand-none"),
    pytest.param(lambda v: {"hand": ("BL-NR",)}, id="hand-str-card"),
    pytest.param(lambda v: {"hand": (_card("x", BL, NR),)}, id="hand-card-kind-str"),
    pytest.param(lambda v: {"pile": ("BL-NR",)}, id="pile-str-card"),
    pytest.param(lambda v: {"pile": (_card(SHOT, [BL], NR),)}, id="pile-card-unhashable"),
    pytest.param(lambda v: {"cleared": (_card(SHOT, [BL], NR),)}, id="cleared-card-unhashable"),
    pytest.param(lambda v: {"hand": (_card(SHOT, [BL], NR),)}, id="hand-card-unhashable"),
    pytest.param(lambda v: {"pile": (_card(SHOT),)}, id="pile-shot-without-sections"),
    pytest.param(lambda v: {"cleared": None}, id="cleared-none"),
    pytest.param(lambda v: {"hand_sizes": ()}, id="no-hand-sizes"),
    pytest.param(lambda v: {"hand_sizes": (6, 6, 6)}, id="three-hand-sizes"),
    pytest.param(lambda v: {"hand_sizes": (6, "6")}, id="hand-size-str"),
    pytest.param(lambda v: {"deck_size": None}, id="deck-size-none"),
    pytest.param(lambda v: {"plays": -1}, id="plays-negative"),
    pytest.param(lambda v: {"score": ()}, id="score-tuple"),
    pytest.param(lambda v: {"score": Score((0,), (0, 0))}, id="score-one-set-count"),
    pytest.param(lambda v: {"score": Score((0, 0), (0, 0), _raw(1))}, id="score-to-seven-int"),
    pytest.param(lambda v: {"last_rally": (0, 0, "x")}, id="last-rally-plain-tuple"),
    pytest.param(
        lambda v: {"last_rally": RallyWin(9, 9, Ending.EMPTY_HAND)}, id="last-rally-side-9"
    ),
    pytest.param(lambda v: {"result": "won"}, id="result-str"),
]


@pytest.mark.usefixtures("fresh_caches")
@pytest.mark.parametrize("change", _MALFORMED_VIEWS)
def test_render_refuses_a_malformed_view(change: Callable[[View], dict[str, Any]]) -> None:
    """render of a view with fields of the wrong type is an InvalidStateError, not a crash."""
    real = lerally.view(_at("ball"), 0)
    seen = attrs.evolve(real, **change(real))
    with pytest.raises(InvalidStateError):
        lerally.render(seen)


@pytest.mark.parametrize(
    "thing",
    [
        None,
        "view",
        3,
        alakaslam.view(alakaslam.new_game(seed=1), 0),
        lerally.new_game(seed=1),
        Config(),
    ],
    ids=["none", "str", "int", "alakaslam-view", "state", "config"],
)
def test_resample_wants_a_view(thing: Any) -> None:
    """resample refuses what is not a Le Rally view (a state included)."""
    with pytest.raises(InvalidStateError, match="expected a View of lerally"):
        lerally.resample(thing, seed=1)


@pytest.mark.usefixtures("fresh_caches")
@pytest.mark.parametrize(
    ("change", "why"),
    [
        pytest.param(lambda v: {"deck_size": v.deck_size + 1}, "do not add up", id="deck-plus-1"),
        pytest.param(lambda v: {"deck_size": v.deck_size - 1}, "do not add up", id="deck-minus-1"),
        pytest.param(lambda v: {"deck_size": -5}, "", id="deck-negative"),
        pytest.param(lambda v: {"deck_size": 10**30}, "do not add up", id="deck-huge"),
        pytest.param(
            lambda v: {"hand_sizes": (v.hand_sizes[0], v.hand_sizes[1] + 1)},
            "do not add up",
            id="hand-plus-1",
        ),
        pytest.param(
            lambda v: {"hand_sizes": (v.hand_sizes[0], v.hand_sizes[1] - 1)},
            "do not add up",
            id="hand-minus-1",
        ),
        pytest.param(
            lambda v: {"hand": tuple(sorted((*v.hand, *(shot(BL, BL),) * 10)))},
            "not in its config's card list",
            id="hand-too-many-cards",
        ),
        pytest.param(
            lambda v: {"cleared": (*v.cleared, attack(NET, 9))},
            "not in its config's card list",
            id="cleared-card-not-in-the-list",
        ),
        pytest.param(
            lambda v: {"pile": (*v.pile, attack(NET, 0))},
            "not in its config's card list",
            id="pile-attack-0",
        ),
        pytest.param(lambda v: {"hand_sizes": (*v.hand_sizes, 0)}, "", id="three-hand-sizes"),
        pytest.param(lambda v: {"hand_sizes": v.hand_sizes[:1]}, "", id="one-hand-size"),
        pytest.param(lambda v: {"hand_sizes": (v.hand_sizes[0], -3)}, "", id="hand-size-negative"),
        pytest.param(lambda v: {"hand_sizes": (v.hand_sizes[0], "6")}, "", id="hand-size-str"),
        pytest.param(lambda v: {"hand_sizes": (v.hand_sizes[0], 6.0)}, "", id="hand-size-float"),
        pytest.param(lambda v: {"hand_sizes": None}, "", id="hand-sizes-none"),
        pytest.param(lambda v: {"hand_sizes": list(v.hand_sizes)}, "", id="hand-sizes-list"),
        pytest.param(lambda v: {"hand": None}, "", id="hand-none"),
        pytest.param(lambda v: {"hand": ("BL-NR",)}, "", id="hand-str-card"),
        pytest.param(lambda v: {"hand": tuple(reversed(v.hand))}, "", id="hand-unsorted"),
        pytest.param(
            lambda v: {"hand": (_card(SHOT, [BL], NR), *v.hand[1:])}, "", id="hand-card-unhashable"
        ),
        pytest.param(
            lambda v: {"hand": (_str_sections(v.hand[0]), *v.hand[1:])},
            "",
            id="hand-card-str-sections",
        ),
        pytest.param(
            lambda v: {"pile": (*v.pile[:-1], _card(int(v.pile[-1].kind), *v.pile[-1][1:]))},
            "",
            id="pile-card-int-kind",
        ),
        pytest.param(lambda v: {"pile": None}, "", id="pile-none"),
        pytest.param(lambda v: {"cleared": 5}, "", id="cleared-int"),
        pytest.param(lambda v: {"config": None}, "", id="config-none"),
        pytest.param(lambda v: {"config": Config(players=3)}, "", id="config-3-players"),
        pytest.param(lambda v: {"config": _config(first_server=[0])}, "", id="config-unhashable"),
        pytest.param(lambda v: {"player": 7}, "", id="player-7"),
        pytest.param(lambda v: {"player": -2}, "", id="player-negative"),
        pytest.param(lambda v: {"player": "0"}, "", id="player-str"),
        pytest.param(lambda v: {"player": True}, "", id="player-bool"),
        pytest.param(lambda v: {"deck_size": "66"}, "", id="deck-size-str"),
        pytest.param(lambda v: {"deck_size": None}, "", id="deck-size-none"),
        pytest.param(lambda v: {"to_move": 9}, "", id="to-move-9"),
        pytest.param(lambda v: {"ball": "BL"}, "", id="ball-str"),
        pytest.param(lambda v: {"score": None}, "", id="score-none"),
        pytest.param(lambda v: {"plays": 10**30}, "", id="plays-huge"),
        pytest.param(
            lambda v: {"last_rally": RallyWin(9, 9, Ending.EMPTY_HAND)}, "", id="last-rally-side-9"
        ),
    ],
)
def test_resample_refuses_views_that_do_not_add_up(
    change: Callable[[View], dict[str, Any]], why: str
) -> None:
    """resample of a view whose cards do not add up or whose fields are mistyped:
    InvalidStateError."""
    real = lerally.view(_at("ball"), 0)
    seen = attrs.evolve(real, **change(real))
    with pytest.raises(InvalidStateError, match=why or None):
        lerally.resample(seen, seed=1)


@pytest.mark.usefixtures("fresh_caches")
def test_resample_of_a_real_view_is_playable() -> None:
    """The views of the hostile tests are real: resample builds a playable state from them."""
    for state in (_at("ball"), _at("attack"), _at("ball", 4, True), _at("ball", 3)):
        for player in range(state.config.players):
            again = lerally.resample(lerally.view(state, player), seed=3)
            assert lerally.legal_moves(again)
            assert lerally.view(again, player) == lerally.view(state, player)


def test_every_error_here_is_a_value_error() -> None:
    """The errors bad input meets are the library's own, and ValueErrors."""
    for error in (
        IllegalMoveError,
        InvalidMoveError,
        SerializationError,
        InvalidConfigError,
        InvalidStateError,
        InvalidPlayerError,
    ):
        assert issubclass(error, CardgamesError) and issubclass(error, ValueError)
