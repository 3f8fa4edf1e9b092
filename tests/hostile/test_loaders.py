"""Finding 1 of issue 15 (and the core's part of loading states and views): every loader
rejects bad input of any size in work linear in its size, at the first problem, with a short
message that names the place and never repeats the input."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, get_args, get_origin, get_type_hints

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import GameRecord, InvalidViewError, SerializationError, serialization
from cardgames.registry import GAMES

AnyGame = cardgames.Game[Any, Any, Any, Any]
NAMES = sorted(GAMES)
#: The longest message a loading error may carry here: a few hundred characters.
SHORT = 400
#: Text that the bad items carry: no message may repeat it.
MARKER = "HOSTILE" * 40
#: About 1 MB of JSON.
MEGABYTE = 1_000_000


def _mid_game(game: AnyGame, moves: int = 6) -> Any:
    state = game.new_game(seed=3)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply_move(state, game.legal_moves(state)[0])
    return state


def _doc(obj: object) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(cardgames.to_json(obj))
    return doc


def _list_field(data: dict[str, Any]) -> str:
    """The first field of a document's data that holds a list of items."""
    return next(key for key, value in data.items() if isinstance(value, list) and value)


def _config_list_field(game: AnyGame) -> str:
    """A field of the game's Config that is a tuple (written as a JSON list)."""
    hints = get_type_hints(game.config_type)

    def is_tuple(hint: Any) -> bool:
        return get_origin(hint) is tuple or any(get_origin(a) is tuple for a in get_args(hint))

    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(game.config_type)
    return next(f.name for f in fields if is_tuple(hints[f.name]))


def _bad_items(size: int) -> list[Any]:
    """About ``size`` characters of JSON list items that fit no field of any game."""
    item = {"x": [1, 2, 3], "marker": MARKER}
    return [item] * max(1, size // (len(json.dumps(item)) + 2))


def _refusal(load: Callable[[], object]) -> str:
    with pytest.raises(SerializationError) as info:
        load()
    return str(info.value)


def _assert_short_and_located(message: str, place: str) -> None:
    assert len(message) <= SHORT, message[:SHORT]
    assert MARKER[:40] not in message
    assert message.startswith(place), message
    # One place only: the first problem, not a list of every bad item.
    assert message.count("$") == 1, message


def _bad_state_text(game: AnyGame, size: int) -> tuple[str, str]:
    doc = _doc(_mid_game(game))
    field = _list_field(doc["data"])
    doc["data"][field] = _bad_items(size)
    return json.dumps(doc), f"$.data.{field}"


@pytest.mark.parametrize("name", NAMES)
def test_finding_1_a_megabyte_state_of_bad_items_gets_one_short_located_error(name: str) -> None:
    """Finding 1: 1 MB of bad list items once took 47 s and a 32-69 MB message."""
    game = GAMES[name]
    text, place = _bad_state_text(game, MEGABYTE)
    assert len(text) > MEGABYTE * 0.9
    message = _refusal(lambda: cardgames.from_json(text, game.state_type))
    _assert_short_and_located(message, place)


def _best_time(load: Callable[[], object], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        with pytest.raises(SerializationError):
            load()
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("name", NAMES)
def test_finding_1_rejection_work_grows_linearly_with_the_document(name: str) -> None:
    """Finding 1: four times the bad items cost about four times the work, not sixteen
    (a generous factor, so a busy machine does not fail it)."""
    game = GAMES[name]
    small, _ = _bad_state_text(game, MEGABYTE // 8)
    large, _ = _bad_state_text(game, MEGABYTE // 2)
    t_small = _best_time(lambda: cardgames.from_json(small, game.state_type))
    t_large = _best_time(lambda: cardgames.from_json(large, game.state_type))
    assert t_large <= 12 * t_small + 0.05, (t_small, t_large)


@pytest.mark.parametrize("name", NAMES)
def test_finding_1_views_moves_configs_and_records_refuse_bad_items_briefly(name: str) -> None:
    """Finding 1: the same for every other loader."""
    game = GAMES[name]
    state = _mid_game(game)

    view = _doc(game.view(state, 0))
    view_field = _list_field(view["data"])
    view["data"][view_field] = _bad_items(MEGABYTE)
    message = _refusal(lambda: cardgames.from_json(json.dumps(view), game.view_type))
    _assert_short_and_located(message, f"$.data.{view_field}")

    move = _doc(game.legal_moves(state)[0])
    move["data"]["type"] = MARKER * 3000
    message = _refusal(lambda: cardgames.from_json(json.dumps(move), game.move_types[0]))
    _assert_short_and_located(message, "$.data")

    config = _doc(game.config_type())
    field = _config_list_field(game)
    config["data"][field] = _bad_items(MEGABYTE)
    message = _refusal(lambda: cardgames.from_json(json.dumps(config), game.config_type))
    _assert_short_and_located(message, f"$.data.{field}[0]")

    record = _doc(
        cardgames.arena.play(game, [cardgames.bots.RandomBot()] * 2, seed=1)
        if game.num_players(game.config_type()) == 2
        else _record_of(game)
    )
    record["data"]["moves"] = _bad_items(MEGABYTE)
    message = _refusal(lambda: GameRecord.from_json(json.dumps(record)))
    assert len(message) <= SHORT and MARKER[:40] not in message
    assert message.startswith("$.data.moves"), message


def _record_of(game: AnyGame) -> GameRecord:
    seats = game.num_players(game.config_type())
    return cardgames.arena.play(game, [cardgames.bots.RandomBot()] * seats, seed=1)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 200_000,
        '{"a":' * 200_000,
        '{"format": "cardgames", "version": 1, "game": "alethi", "kind": "state", "data": '
        + "[" * 900
        + "]" * 900
        + "}",
    ],
)
def test_finding_1_deep_nesting_is_a_serialization_error(text: str) -> None:
    """Finding 1: deep nesting gives a SerializationError, never a RecursionError."""
    message = _refusal(lambda: cardgames.from_json(text, cardgames.alethi.State))
    assert len(message) <= SHORT


def test_finding_1_deep_nesting_inside_a_field_is_named_briefly() -> None:
    """Finding 1: a deeply nested value where a number belongs is described, not printed."""
    doc = _doc(_mid_game(GAMES["alethi"]))
    doc["data"]["turn"] = json.loads("[" * 900 + "]" * 900)
    message = _refusal(lambda: cardgames.from_json(json.dumps(doc), cardgames.alethi.State))
    _assert_short_and_located(message, "$.data.turn")


@pytest.mark.parametrize("digits", [30, 4000, 5000])
@pytest.mark.parametrize("name", NAMES)
def test_finding_1_huge_integers_are_refused_quickly(name: str, digits: int) -> None:
    """Finding 1: an integer beyond 64 bits, in text or in a field, is a SerializationError."""
    game = GAMES[name]
    doc = _doc(_mid_game(game))
    field = next(k for k, v in doc["data"].items() if type(v) is int)
    text = json.dumps(doc).replace(
        f'"{field}": {doc["data"][field]}', f'"{field}": {"9" * digits}', 1
    )
    assert "9" * digits in text
    message = _refusal(lambda: cardgames.from_json(text, game.state_type))
    assert len(message) <= SHORT
    assert "9" * 40 not in message


def test_finding_1_huge_integers_in_parsed_data_are_refused() -> None:
    """Finding 1: already-parsed data may hold an integer no JSON text could (a million
    digits' worth of bits); it is refused without being printed."""
    doc = _doc(_mid_game(GAMES["alethi"]))
    doc["data"]["turn"] = 1 << 3_000_000
    with pytest.raises(SerializationError) as info:
        serialization.structure(doc["data"], cardgames.alethi.State, "$.data")
    assert str(info.value).startswith("$.data.turn: expected an integer of at most 64 bits")
    assert len(str(info.value)) <= SHORT


def test_finding_1_documents_beyond_the_size_limit_are_refused_unread() -> None:
    """Finding 1: the limit on a document's size is checked before it is parsed."""
    text = " " * (serialization.MAX_DOCUMENT + 1)
    message = _refusal(lambda: cardgames.from_json(text, cardgames.alethi.State))
    assert "more than the" in message and len(message) <= SHORT
    message = _refusal(lambda: GameRecord.from_json(text.encode()))
    assert "more than the" in message


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="x" * MEGABYTE),
        lambda d: d.update(game="x" * MEGABYTE),
        lambda d: d.update(kind="x" * MEGABYTE),
        lambda d: d.update(version="x" * MEGABYTE),
        lambda d: d.update({"x" * MEGABYTE: 1}),
        lambda d: d["data"].update({"x" * MEGABYTE: 1}),
        lambda d: d["data"].update(to_move="x" * MEGABYTE),
    ],
)
def test_finding_12_envelope_and_keys_are_never_echoed(change: Callable[[Any], None]) -> None:
    """Finding 12 (loaders): a huge string in the envelope, a key or a field is not repeated."""
    doc = _doc(_mid_game(GAMES["alethi"]))
    change(doc)
    message = _refusal(lambda: cardgames.from_json(json.dumps(doc), cardgames.alethi.State))
    assert len(message) <= SHORT
    assert "x" * 40 not in message


@pytest.mark.parametrize("name", NAMES)
def test_loaded_states_are_checked_by_the_game(name: str) -> None:
    """Loading a state runs the game's check_state: a state the rules cannot reach (here, a
    player to move who does not exist) is refused when it is loaded, saying so briefly."""
    game = GAMES[name]
    doc = _doc(_mid_game(game))
    doc["data"]["to_move"] = 7
    message = _refusal(lambda: cardgames.from_json(json.dumps(doc), game.state_type))
    assert message.startswith("$.data")
    assert len(message) <= SHORT


def test_loaded_views_go_through_the_registered_view_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """from_json(text, View) runs the view check the registry passed, and its error becomes a
    short SerializationError."""
    view = GAMES["alethi"].view(_mid_game(GAMES["alethi"]), 0)
    text = cardgames.to_json(view)
    seen: list[object] = []

    def refuse(loaded: object) -> object:
        seen.append(loaded)
        raise InvalidViewError("not a playable alethi view: the player sees a card twice")

    monkeypatch.setitem(serialization._LOAD_CHECKS, type(view), refuse)
    message = _refusal(lambda: cardgames.from_json(text, type(view)))
    assert seen == [view]
    assert message == "$.data: not a playable view of alethi: the player sees a card twice"


@pytest.mark.parametrize("name", NAMES)
def test_loaded_views_are_checked_by_the_game(name: str) -> None:
    """A view whose player is not seated does not load (once the game has check_view)."""
    game = GAMES[name]
    if getattr(game, "check_view", None) is None:
        pytest.skip(f"{name} has no check_view on this branch")
    doc = _doc(game.view(_mid_game(game), 0))
    doc["data"]["player"] = 9
    message = _refusal(lambda: cardgames.from_json(json.dumps(doc), game.view_type))
    assert message.startswith("$.data")
    assert len(message) <= SHORT


@pytest.mark.parametrize("name", NAMES)
def test_good_documents_still_load_exactly(name: str) -> None:
    """The checks refuse nothing the library writes."""
    game = GAMES[name]
    state = _mid_game(game)
    for obj in (state, game.view(state, 0), game.config_type(), *game.legal_moves(state)):
        assert cardgames.from_json(cardgames.to_json(obj), type(obj)) == obj


# --- mutated documents ----------------------------------------------------------------------

#: Values put in place of a valid one: wrong types, out-of-range and huge numbers, long and
#: look-alike strings, empty and huge containers, deep nesting.
_ODD_VALUES: list[Any] = [
    None,
    True,
    -1,
    2**63,
    2**70,
    -(2**70),
    1.5,
    float("1e308"),
    "",
    "x" * 3_000,
    "\u0455quire",  # a Cyrillic s
    "BL-BL",
    [],
    {},
    [0] * 3_000,
    [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]],
    {"type": "pass"},
]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside ``value``, as the keys and indices that lead to it."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:12]):
            found += _paths(item, (*path, index))
    return found


def _documents() -> list[tuple[str, str, dict[str, Any]]]:
    """A valid document of every kind of every game, with the loader's kind."""
    docs = []
    for name in NAMES:
        game = GAMES[name]
        state = _mid_game(game)
        docs.append((name, "state", _doc(state)))
        docs.append((name, "view", _doc(game.view(state, 0))))
        docs.append((name, "move", _doc(game.legal_moves(state)[0])))
        docs.append((name, "config", _doc(game.config_type())))
        docs.append((name, "record", _doc(_record_of(game))))
    return docs


_DOCUMENTS = _documents()


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[str, str, str]:
    """A game, a loader's kind and the text of one of its valid documents, changed at one
    place: a value replaced, a key removed or added, a list item repeated or dropped."""
    name, kind, original = draw(st.sampled_from(_DOCUMENTS))
    doc = json.loads(json.dumps(original))
    path = draw(st.sampled_from(_paths(doc["data"])))
    parent: Any = doc
    where: Any = "data"
    for step in path:
        parent, where = parent[where], step
    action = draw(st.sampled_from(["replace", "remove", "add", "repeat", "drop"]))
    target = parent[where]
    if action == "remove" and isinstance(parent, dict):
        del parent[where]
    elif action == "add" and isinstance(target, dict):
        target[draw(st.sampled_from(["extra", "type", "player", "\u0455eed"]))] = 1
    elif action == "repeat" and isinstance(target, list) and target:
        target.append(target[draw(st.integers(0, len(target) - 1))])
    elif action == "drop" and isinstance(target, list) and target:
        del target[draw(st.integers(0, len(target) - 1))]
    else:
        parent[where] = draw(st.sampled_from(_ODD_VALUES))
    return name, kind, json.dumps(doc, ensure_ascii=draw(st.booleans()))


def _loader(name: str, kind: str) -> Callable[[str], Any]:
    game = GAMES[name]
    if kind == "record":
        return GameRecord.from_json
    cls: Any = {
        "state": game.state_type,
        "view": game.view_type,
        "config": game.config_type,
        "move": game.move_types[0],
    }[kind]
    if kind == "move":
        cls = serialization.move_union(name)
    return lambda text: cardgames.from_json(text, cls)


@settings(max_examples=150, deadline=None)
@given(_mutated())
def test_mutated_documents_load_exactly_or_get_a_short_serialization_error(
    case: tuple[str, str, str],
) -> None:
    """Findings 1 and 12, by Hypothesis: a document changed at one place either loads as an
    object that writes back to an equal document, or is refused with a SerializationError whose
    message is short, located and free of the document's long values."""
    name, kind, text = case
    load = _loader(name, kind)
    try:
        loaded = load(text)
    except SerializationError as exc:
        message = str(exc)
        assert len(message) <= SHORT, message[:SHORT]
        assert "x" * 40 not in message and "0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0" not in message
        assert message.startswith(("$", "not JSON")), message
        return
    assert load(cardgames.to_json(loaded)) == loaded
