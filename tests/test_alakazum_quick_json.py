"""Alakazum!'s quick JSON road for states, in lock-step with the general one it stands in front of.

The quick reader (:mod:`cardgames.alakazum.documents.reading`) structures and checks a state in one
pass and marks it as checked; the quick writer writes a checked state straight from its fields.
Over every state of seeded random games, and over documents changed to break each rule in many
ways, the quick reader must take only documents that the general hook reads into a state the
full check accepts, make an equal state, and hold that state's legal moves; ``from_json`` must
load, or refuse with the same message, whichever road it takes; and the quick writer must write
what the general one writes.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardgames
import random_play
from cardgames import alakazum
from cardgames.alakazum import checks, documents
from cardgames.alakazum.draft import TRUSTED
from cardgames.alakazum.generate import generate
from cardgames.errors import SerializationError
from cardgames.serialization import converter

SEEDS = range(3)
PRESETS = ("default", "expansion-3", "five")

_CODECS = documents._codecs()
GENERAL_WRITE, GENERAL_READ = documents._hooks(alakazum.State, _CODECS)
QUICK_READ = documents._state_reader(_CODECS)
QUICK_WRITE, _ = documents._quick_state_hooks((GENERAL_WRITE, GENERAL_READ), _CODECS)


def random_states(config: alakazum.Config, seed: int) -> Iterator[alakazum.State]:
    """Every state of a seeded random game."""
    return random_play.random_states(alakazum, config, seed, alakazum.State)


def general_outcome(data: Any) -> alakazum.State | None:
    """The state the general road makes of ``data`` and the full check accepts, or ``None``."""
    try:
        state = GENERAL_READ(copy.deepcopy(data), alakazum.State)
        return None if checks.inconsistency(state) is not None else state
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


def loaded(text: str) -> tuple[str, object]:
    """What ``from_json`` makes of ``text``: the state, or the message it refuses it with."""
    try:
        return "state", cardgames.from_json(text, alakazum.State)
    except SerializationError as exc:
        return "refused", str(exc)


def assert_quick_agrees(data: Any) -> bool:
    """The quick reader takes ``data`` only as the general road does; whether it took it."""
    quick = QUICK_READ(copy.deepcopy(data))
    if quick is None:
        return False
    reference = general_outcome(data)
    assert reference is not None
    assert quick == reference
    # Marked as checked: holding the reference's moves, or as a state the rules made, whose
    # first legal_moves gives the reference's moves.
    memo = quick._memo
    moves = generate(reference)
    assert memo is TRUSTED or memo == moves
    assert type(memo) is tuple or reference.phase in _PASS_ALWAYS_OFFERED
    assert alakazum.legal_moves(quick) == moves
    assert quick._memo == moves
    return True


#: The phases in which the quick reader may leave the moves to the first legal_moves: the player
#: to move may always pass, or nobody moves.
_PASS_ALWAYS_OFFERED = {
    alakazum.Phase.ACTION,
    alakazum.Phase.DOLL,
    alakazum.Phase.POTIONS,
    alakazum.Phase.HYPNOSIS,
    alakazum.Phase.OVER,
}


# --- changed documents -------------------------------------------------------------------------

_ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    2**64,
    2**70,
    1.0,
    "x",
    [],
    [None],
    {},
)


def _names_of(state: alakazum.State, kind: Callable[[Any], bool]) -> list[str]:
    return [card.name for card in alakazum.config.all_cards(state.config) if kind(card)]


def changed_documents(
    data: dict[str, Any], state: alakazum.State, rng: random.Random
) -> Iterator[dict[str, Any]]:
    """Documents that break, or only look as if they break, a rule the quick reader checks."""
    kinds = alakazum.cards.Kind
    some = {
        "character": _names_of(state, lambda c: c.kind is kinds.CHARACTER),
        "doll": _names_of(state, lambda c: c.kind is kinds.DOLL),
        "hand": _names_of(state, lambda c: c.kind.is_hand and c.kind is not kinds.DOLL),
        "trap": _names_of(state, lambda c: c.kind.is_trap),
        "broom": _names_of(state, lambda c: c.kind is kinds.BROOM),
        "cape": _names_of(state, lambda c: c.kind is kinds.CAPE),
    }
    odd_names: list[Any] = [names[0] for names in some.values() if names]
    odd_names += ["Nobody", 1, None, ["x"]]

    def changed(key: str, value: Any) -> dict[str, Any]:
        out = copy.deepcopy(data)
        out[key] = value
        return out

    for key in data:
        for value in _ODD_VALUES:
            yield changed(key, value)
        without = copy.deepcopy(data)
        del without[key]
        yield without
    yield {**copy.deepcopy(data), "surprise": 1}
    for key, value in (("actions", 0), ("deja_vu", False), ("held", []), ("roll", None)):
        yield changed(key, value)
    for key in ("actions", "giving", "santa", "taking", "roll", "deja_vu", "turn", "active"):
        for value in (0, 1, 2, 3, 6, True, 1.0, None):
            yield changed(key, value)
    yield changed("config", {"players": 3})
    yield changed("config", {"expansion": True})
    yield changed("rng", {"state": -1})
    yield changed("rng", {"state": 1, "more": 2})
    for zone in ("forest", "market", "cemetery", "removed", "start_row", "held"):
        cards = list(data.get(zone, []))
        for name in odd_names:
            yield changed(zone, [*cards, name])
            if cards:
                spot = rng.randrange(len(cards))
                yield changed(zone, [*cards[:spot], name, *cards[spot + 1 :]])
        if cards:
            yield changed(zone, cards[:-1])
            yield changed(zone, [*cards, cards[0]])
    for i, hand in enumerate(data["hands"]):
        for variant in (hand[::-1], [*hand, *odd_names[:1]], hand[:-1], [*hand, *hand[:1]]):
            hands = copy.deepcopy(data["hands"])
            hands[i] = variant
            yield changed("hands", hands)
        for name in odd_names:
            hands = copy.deepcopy(data["hands"])
            hands[i] = sorted([*hand, name], key=str)
            yield changed("hands", hands)
    for i, team in enumerate(data["teams"]):
        for j in range(len(team)):
            changes: list[dict[str, Any]] = [
                {"level": 3},
                {"level": True},
                {"level": 1.0},
                {"level": "1"},
                {"level": 0},
                {"broom": None},
                {"cape": None},
                {"other": 1},
                *({"broom": name} for name in odd_names),
                *({"cape": name} for name in odd_names),
                *({"card": name} for name in odd_names),
            ]
            for change in changes:
                teams = copy.deepcopy(data["teams"])
                teams[i][j] = {**teams[i][j], **change}
                yield changed("teams", teams)
            teams = copy.deepcopy(data["teams"])
            teams[i][j] = teams[i][j]["card"]
            yield changed("teams", teams)
        teams = copy.deepcopy(data["teams"])
        teams[i] = [*team, *team[:1]]
        yield changed("teams", teams)
    enemies = data["enemies"]
    for variant in (enemies[::-1], enemies[:-1], [*enemies, enemies[0]], [*enemies[:-1], None]):
        yield changed("enemies", variant)
    flags = data["enemy_up"]
    yield changed("enemy_up", [not flag for flag in flags])
    yield changed("enemy_up", [*flags, False])
    yield changed("enemy_up", [1 if flag else 0 for flag in flags])
    for places in ([0], [len(enemies)], [-1], [True], [0, 0], [0.0]):
        yield changed("known", [places, *data["known"][1:]])
    yield changed("seen", [len(data["forest"]) + 1, *data["seen"][1:]])
    yield changed("seen", [1, *data["seen"][1:]])
    yield changed("exchanges", [*data["exchanges"][:-1], 99])


def test_the_quick_reader_takes_every_real_state_and_keeps_step_with_the_general_road() -> None:
    taken = changed_seen = 0
    for preset in PRESETS:
        config = alakazum.GAME.presets[preset]
        for seed in SEEDS:
            rng = random.Random(seed)
            for index, state in enumerate(random_states(config, seed)):
                data = json.loads(cardgames.to_json(state))["data"]
                assert assert_quick_agrees(data), (preset, seed, index)
                taken += 1
                if index % 25 == 0:
                    for variant in changed_documents(data, state, rng):
                        changed_seen += 1
                        assert_quick_agrees(variant)
    assert taken > 300 and changed_seen > 2000


def _document(data: Any) -> str:
    return json.dumps(
        {"format": "cardgames", "version": 1, "game": "alakazum", "kind": "state", "data": data}
    )


@pytest.fixture
def general_hook_only() -> Iterator[None]:
    """``from_json`` with the general hook alone, as before the quick road."""
    converter.register_structure_hook(alakazum.State, GENERAL_READ)
    try:
        yield
    finally:
        documents.register()


def test_from_json_loads_or_refuses_as_the_general_road_does(general_hook_only: None) -> None:
    texts = []
    for preset in ("default", "expansion-4"):
        config = alakazum.GAME.presets[preset]
        rng = random.Random(5)
        for index, state in enumerate(random_states(config, 5)):
            data = json.loads(cardgames.to_json(state))["data"]
            texts.append(_document(data))
            if index % 15 == 0:
                texts.extend(_document(v) for v in changed_documents(data, state, rng))
    general = [loaded(text) for text in texts]
    documents.register()
    quick = [loaded(text) for text in texts]
    assert quick == general
    assert sum(kind == "refused" for kind, _ in general) > 500


def test_the_quick_writer_writes_what_the_general_writer_writes() -> None:
    written = 0
    for preset in PRESETS:
        config = alakazum.GAME.presets[preset]
        for seed in SEEDS:
            for state in random_states(config, seed):
                assert state._memo is not None
                quick, general = QUICK_WRITE(state), GENERAL_WRITE(state)
                assert json.dumps(quick) == json.dumps(general)
                assert quick == general
                written += 1
    assert written > 300


def test_the_quick_writer_leaves_an_unchecked_state_to_the_general_writer() -> None:
    state = alakazum.new_game(seed=4)
    odd = attrs.evolve(state, actions=False, held=[])  # type: ignore[arg-type]
    assert odd._memo is None
    assert QUICK_WRITE(odd) == GENERAL_WRITE(odd)
    assert "held" in QUICK_WRITE(odd) and "actions" not in QUICK_WRITE(odd)


#: A value of every JSON type, the empty ones included (an empty value of the wrong type must
#: not pass for an empty list, nor a false one for a missing field).
_OTHER_TYPES: tuple[Any, ...] = (None, False, 0, 1.5, "", {}, [], "x")


def _mid_game_documents() -> Iterator[str]:
    """Documents of a mid-game state of each preset, each with one field (those a document may
    leave out too) given a value of every JSON type."""
    for config in alakazum.GAME.presets.values():
        states = list(random_states(config, 0))
        data = json.loads(cardgames.to_json(states[len(states) // 2]))["data"]
        for key in [field.name for field in attrs.fields(alakazum.State) if field.init]:
            for other in _OTHER_TYPES:
                variant = {**data, key: other}
                assert_quick_agrees(variant)
                yield _document(variant)


def test_a_field_of_another_type_gets_the_general_roads_answer(general_hook_only: None) -> None:
    texts = list(_mid_game_documents())
    general = [loaded(text) for text in texts]
    documents.register()
    assert [loaded(text) for text in texts] == general
    assert sum(kind == "refused" for kind, _ in general) > len(texts) // 2


def test_a_field_with_a_default_standing_in_for_a_required_one_goes_to_the_general_road() -> None:
    # The reader takes a document of as many keys as there are required fields to hold no
    # field with a default: one that swaps a required field for one with a default must still
    # be refused, as the general road refuses it.
    required = [
        f.name for f in attrs.fields(alakazum.State) if f.init and f.default is attrs.NOTHING
    ]
    optional = ("actions", "santa", "held", "roll")
    config = alakazum.GAME.presets["default"]
    tried = 0
    for index, state in enumerate(random_states(config, 11)):
        if index % 10:
            continue
        data = json.loads(cardgames.to_json(state))["data"]
        for name in required:
            for extra in optional:
                if extra in data:
                    continue
                variant = {k: v for k, v in data.items() if k != name}
                variant[extra] = data.get(extra, 1)
                for key in [k for k in variant if k not in required and k != extra]:
                    del variant[key]
                assert len(variant) == len(required)
                assert not assert_quick_agrees(variant)
                assert general_outcome(variant) is None
                tried += 1
    assert tried > 100
