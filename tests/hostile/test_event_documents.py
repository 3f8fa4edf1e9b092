"""Event documents from outside are checked like states, and nothing the command line prints
carries a control character.

Every game's events are mutated field by field, driven by the event classes' own fields, the
way an attacker would: a megabyte text, terminal escapes and line breaks in a text, half a
million entries in a list, a player number the game never seats. Each is refused quickly with
a short ``SerializationError`` that never repeats it.
"""

from __future__ import annotations

import io
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import GAMES, lerally
from cardgames.cli import main
from cardgames.cli.console import Console, printable
from cardgames.errors import InvalidConfigError, InvalidStateError, SerializationError
from cardgames.event_checks import MAX_EVENT_ITEMS, MAX_EVENT_TEXT, PLAYER_FIELDS, check_event

CASES = [(name, preset) for name, game in GAMES.items() for preset in game.presets]
#: Texts no event holds: terminal escapes, a bell, line breaks, a bidirectional override, a
#: zero-width space, a lone surrogate.
CONTROL = (
    "\x1b[2J\x1b[H",
    "ding\x07",
    "one\rtwo",
    "a\nresult: player 1 won",
    "\u202eevil",
    "\u200b",
    "\ud800x",
)
#: Enough for the refusal of a document of megabytes, on a loaded machine.
QUICK = 1.0


def _events(name: str, preset: str, seed: int, moves: int = 120) -> Iterator[Any]:
    """The events of the first ``moves`` moves of a random game, told to everyone and to each
    player."""
    game = cardgames.get_game(name)
    config = game.presets[preset]
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    for _ in range(moves):
        if game.is_over(state):
            return
        move = rng.choice(game.legal_moves(state))
        after = game.apply_move(state, move)
        for viewer in (None, *range(game.num_players(config))):
            yield from game.events(state, move, after, viewer=viewer)
        state = after


def _one_of_each_class(name: str) -> list[Any]:
    """An event of every class that random games of the game's presets make."""
    found: dict[type, Any] = {}
    for preset in GAMES[name].presets:
        for event in _events(name, preset, seed=3):
            found.setdefault(type(event), event)
    return list(found.values())


def _most_players(name: str) -> int:
    game = cardgames.get_game(name)
    return max(game.num_players(config) for config in game.presets.values())


def _mutations(event: Any, players: int) -> Iterator[tuple[str, Any]]:
    """``(what, data)``: the data of ``event``'s document with one field made hostile."""
    data = json.loads(cardgames.to_json(event))["data"]
    for field in attrs.fields(type(event)):
        value = data.get(field.name)
        if isinstance(value, str) or (field.type in ("str", "str | None")):
            yield f"{field.name}: a megabyte", {**data, field.name: "Z" * 1_000_000}
            yield f"{field.name}: one too many", {**data, field.name: "Z" * (MAX_EVENT_TEXT + 1)}
            for text in CONTROL:
                yield f"{field.name}: {text!r}", {**data, field.name: text}
        if isinstance(value, list):
            entry = value[0] if value else 0
            yield f"{field.name}: 500,000 entries", {**data, field.name: [entry] * 500_000}
            many = [entry] * (MAX_EVENT_ITEMS + 1)
            yield f"{field.name}: one too many", {**data, field.name: many}
        if field.name in PLAYER_FIELDS and isinstance(value, int) and type(value) is not bool:
            for number in (players, 63):
                yield f"{field.name}: player {number}", {**data, field.name: number}


def _document(name: str, data: Any) -> str:
    envelope = {"format": "cardgames", "version": 1, "game": name, "kind": "event"}
    return json.dumps({**envelope, "data": data})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hostile_event_fields_are_refused_quickly_and_never_repeated(name: str) -> None:
    """Each field of each class of event, made hostile, is a ``SerializationError`` naming
    the field, in well under a second, whichever class the document is read as."""
    game = cardgames.get_game(name)
    union = sys.modules[type(game).__module__].Event  # the game's union of event classes
    players = _most_players(name)
    tried = 0
    for event in _one_of_each_class(name):
        for what, data in _mutations(event, players):
            text = _document(name, data)
            for target in (type(event), union):
                start = time.perf_counter()
                with pytest.raises(SerializationError) as refused:
                    cardgames.from_json(text, target)
                assert time.perf_counter() - start < QUICK, what
                message = str(refused.value)
                assert len(message) < 200, what
                assert "Z" * 40 not in message and "\x1b" not in message, what
                assert not any(ch in message for ch in "\x07\r\n\u202e\u200b"), what
            tried += 1
    assert tried > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_player_is_a_player_of_the_game(name: str) -> None:
    """A player number loads below the most players any config seats, and not at it: Le
    Rally's player 3 loads and its player 4 (or 63) does not."""
    players = _most_players(name)
    for event in _one_of_each_class(name):
        data = json.loads(cardgames.to_json(event))["data"]
        numbered = [
            f.name
            for f in attrs.fields(type(event))
            if f.name in PLAYER_FIELDS and type(data.get(f.name)) is int
        ]
        for field in numbered:
            if field == "player":  # a side (AlakaSLAM's two) may be bound tighter by its class
                last = {**data, field: players - 1}
                loaded: Any = cardgames.from_json(_document(name, last), type(event))
                assert getattr(loaded, field) == players - 1
            with pytest.raises(SerializationError, match=r"^\$\.data"):
                cardgames.from_json(_document(name, {**data, field: players}), type(event))


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_every_event_the_rules_make_passes_check_event(name: str, preset: str) -> None:
    """The check refuses nothing the rules tell, to anyone."""
    seen = 0
    for event in _events(name, preset, seed=11):
        assert check_event(event) is event
        seen += 1
    assert seen


def test_check_event_names_what_is_wrong_without_repeating_it() -> None:
    """Called on an event built in code, the check says which field breaks which bound."""
    card = lerally.parse_card("BL-NR")
    with pytest.raises(InvalidStateError, match=r"^player: not a player of lerally \(0-3\)$"):
        check_event(lerally.story.Played(4, card))
    with pytest.raises(InvalidStateError, match=r"^reason: a text with control or format"):
        check_event(lerally.story.MatchOver((0,), "won\x1b[31m"))
    with pytest.raises(InvalidStateError, match=r"^winners\[1\]: not a player"):
        check_event(lerally.story.MatchOver((0, 9), "won"))
    with pytest.raises(InvalidStateError, match=r"^cards: a list of more than 1000 entries$"):
        check_event(lerally.story.PickedUp(0, 1001, (card,) * 1001))
    with pytest.raises(InvalidStateError, match="is not an event of any game"):
        check_event(card)


def test_the_console_never_writes_a_control_character() -> None:
    """What the command line writes keeps its own line breaks and tabs, and shows every other
    control or format character as ``?``."""
    out, err = io.StringIO(), io.StringIO()
    console = Console(io.StringIO(), out, err)
    console.say("a\x1b[2Jb\rc\x07d\u202ee\u200bf\nnext\tline\x85")
    console.note("\x9b31m")
    assert out.getvalue() == "a?[2Jb?c?d?e?f\nnext\tline?\n"
    assert err.getvalue() == "?31m\n"
    assert printable("plain text, é and ♠") == "plain text, é and ♠"


def test_a_file_name_with_escapes_is_printed_harmless(tmp_path: Path) -> None:
    """An error names the file it is about, and a name full of terminal escapes reaches the
    terminal as ``?``."""
    missing = tmp_path / "game\x1b[2J\x07.json"
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(missing)], stdout=out, stderr=err) == 2
    line = err.getvalue()
    assert line.count("\n") == 1 and "game?[2J?.json" in line
    assert "\x1b" not in line and "\x07" not in line


def test_a_le_rally_card_name_with_control_characters_is_refused() -> None:
    """Card names are shown in every table's text, so a config whose name holds a line break
    or an escape cannot be played (nor a record of it replayed)."""
    config = lerally.Config()
    first = config.cards[0]
    for name in ("BL\nresult: player 1 won", "\x1b[31mBL", "BL\u202e"):
        bad = attrs.evolve(config, cards=(attrs.evolve(first, name=name), *config.cards[1:]))
        with pytest.raises(InvalidConfigError, match="printable characters"):
            lerally.new_game(bad, seed=1)
    fine = attrs.evolve(config, cards=(attrs.evolve(first, name="Bélé ♠"), *config.cards[1:]))
    assert lerally.new_game(fine, seed=1).config == fine
