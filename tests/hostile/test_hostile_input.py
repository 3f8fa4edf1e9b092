"""Bad input of every kind ends in one of the library's own errors, never in a crash inside it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import (
    GameRecord,
    InvalidConfigError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidStateError,
    Outcome,
    SerializationError,
    UnknownGameError,
    alethi,
)
from cardgames.alethi import Card, CardType, Cell, Colour, Config, Kind, Phase, Placed, Throw


def _state_doc() -> dict[str, Any]:
    state = alethi.new_game(seed=1)
    state = alethi.apply_move(state, alethi.legal_moves(state)[0])
    doc: dict[str, Any] = json.loads(cardgames.to_json(state))
    return doc


# --- JSON -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["data"].update(turn=1.7),
        lambda d: d["data"].update(turn="5"),
        lambda d: d["data"].update(turn=True),
        lambda d: d["data"]["field"][0].update(captured="no"),
        lambda d: d["data"]["field"][0].update(at=[0.0, 1]),
        lambda d: d["data"]["field"][0].update(owner=True),
        lambda d: d["data"]["rng"].update(state="12"),
        lambda d: d["data"].update(config={"first_player": True}),
        lambda d: d["data"].update(
            config={"army": [{"kind": "king", "attack": 1.5, "health": 1, "count": 1}]}
        ),
    ],
)
def test_json_scalars_of_the_wrong_type_are_refused(change: Any) -> None:
    """No silent conversion: a loaded object is exactly what was written, or an error."""
    doc = _state_doc()
    change(doc)
    with pytest.raises(SerializationError):
        cardgames.from_json(json.dumps(doc), alethi.State)


def test_outcome_values_of_the_wrong_type_are_refused() -> None:
    good = json.loads(cardgames.to_json(alethi.new_game(seed=1)))
    record = json.loads(
        cardgames.arena.play(alethi.GAME, [cardgames.bots.RandomBot()] * 2, seed=1).to_json()
    )
    for outcome in (
        {"winners": [True], "returns": [0.0, 1.0], "reason": "r"},
        {"winners": [1], "returns": ["0", "1"], "reason": "r"},
        {"winners": [1], "returns": [0.0, 1.0], "reason": 5},
        {"winners": [0], "returns": [0.0, 1.0], "reason": "r"},
    ):
        record["data"]["outcome"] = outcome
        with pytest.raises(SerializationError, match=r"\$\.data\.outcome"):
            GameRecord.from_json(json.dumps(record))
    assert good["kind"] == "state"


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"a": ' + "9" * 5000 + "}", '{"format": NaN}'],
    ids=["deep", "huge-number", "nan"],
)
def test_absurd_json_is_refused(text: str) -> None:
    with pytest.raises(SerializationError):
        cardgames.from_json(text, alethi.State)


@pytest.mark.parametrize("cls", ["State", None, [1], 3, dict])
def test_from_json_wants_a_cardgames_class(cls: Any) -> None:
    with pytest.raises(SerializationError, match="is not a cardgames"):
        cardgames.from_json(cardgames.to_json(alethi.Config()), cls)


def test_an_unplayable_state_is_refused_when_loaded() -> None:
    """from_json checks the document, and whether the state can be played (check_state)."""
    doc = _state_doc()
    doc["data"]["field"][1]["at"] = doc["data"]["field"][0]["at"]
    with pytest.raises(
        SerializationError, match=r"\$\.data: not a playable state of alethi: two cards share"
    ):
        cardgames.from_json(json.dumps(doc), alethi.State)


def test_the_cli_refuses_absurd_json_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    result = subprocess.run(
        [sys.executable, "-m", "cardgames", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


# --- configs, seeds, players ------------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [
        Config(army=list(alethi.DEFAULT_ARMY)),  # type: ignore[arg-type]
        Config(army=(CardType(Kind.SQUIRE, 1, 3, "5"),)),  # type: ignore[arg-type]
        Config(army=(CardType(Kind.SQUIRE, None, 3, 5),)),  # type: ignore[arg-type]
        Config(army=(CardType("squire", 1, 3, 5),)),  # type: ignore[arg-type]
        Config(army=(1, 2)),  # type: ignore[arg-type]
        Config(first_player=True),
        Config(first_player=1.0),  # type: ignore[arg-type]
        Config(first_player=2),
        Config(army=(CardType(Kind.SQUIRE, 1, 3, 2000),)),
    ],
)
def test_unplayable_configs_are_refused(config: Config) -> None:
    with pytest.raises(InvalidConfigError):
        alethi.new_game(config, seed=1)


@pytest.mark.parametrize("seed", ["x", True, 1.0, None])
def test_seeds_must_be_ints(seed: Any) -> None:
    with pytest.raises(InvalidConfigError):
        alethi.new_game(seed=seed)
    with pytest.raises(InvalidConfigError):
        alethi.resample(alethi.view(alethi.new_game(seed=1), 0), seed=seed)


@pytest.mark.parametrize("player", [2, -2, 0.0, True, "0", None])
def test_views_need_a_seated_player(player: Any) -> None:
    """A player out of range or not an int is refused (-1 is ``SPECTATOR``, a watcher)."""
    with pytest.raises(InvalidPlayerError):
        alethi.view(alethi.new_game(seed=1), player)


def test_stats_tables_are_read_only() -> None:
    from cardgames.alethi.config import stats

    with pytest.raises(TypeError):
        stats(Config()).attack[Kind.KING] = 99  # type: ignore[index]


# --- hand-made states -------------------------------------------------------------------------


def _start() -> alethi.State:
    return alethi.new_game(Config(first_player=0), seed=1)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"barracks": ((), ())}, "no decision"),
        ({"phase": Phase.OVER}, "exactly when there is a result"),
        ({"result": Outcome.win({0}, 2, "r")}, "exactly when there is a result"),
        ({"phase": "throw"}, "to_move must be a Colour"),
        ({"to_move": 2}, "to_move must be a Colour"),
        ({"turn": 0}, "turn"),
        ({"rng": None}, "rng"),
        ({"removed": (Placed(Colour.RED, Kind.KING, Cell(9, 9)),)}, "not a removed card"),
        ({"field": (Placed(Colour.RED, Kind.SQUIRE, Cell(0, 32767)),)}, "too far out"),
        ({"field": (Placed(Colour.RED, Kind.SQUIRE, (0, 0)),)}, "malformed cell"),  # type: ignore[arg-type]
        ({"field": (Placed(Colour.RED, "squire", Cell(0, 0)),)}, "malformed kind"),  # type: ignore[arg-type]
        (
            {"field": (Placed(Colour.RED, Kind.SQUIRE, Cell(0, 0)),) * 2},
            "two cards share",
        ),
        (
            {"barracks": ((Kind.KING, Kind.SQUIRE), ())},
            "not in army order",
        ),
        (
            {"config": Config(army=alethi.DEFAULT_ARMY[:-1])},
            "army",
        ),
        (
            {
                "field": (
                    *_start().field,
                    Placed(Colour.BLUE, Kind.KING, Cell(0, -1)),
                    Placed(Colour.BLUE, Kind.KING, Cell(1, -1)),
                )
            },
            "should have been captured",
        ),
    ],
)
def test_unplayable_states_are_refused_saying_why(change: dict[str, Any], why: str) -> None:
    state = attrs.evolve(_start(), **change)
    for call in (alethi.legal_moves, alethi.current_player, alethi.is_over, alethi.render):
        with pytest.raises(InvalidStateError, match=why):
            call(state)
    with pytest.raises(InvalidStateError, match=why):
        alethi.apply_move(state, alethi.Pass())


def test_a_card_kept_out_of_the_game_is_a_card() -> None:
    state = attrs.evolve(_start(), removed=(Card(Colour.RED, Kind.SQUIRE),))
    assert alethi.legal_moves(state)


@pytest.mark.parametrize("table", [None, "x", 3, alethi.Config()])
def test_render_wants_a_state_or_a_view(table: Any) -> None:
    with pytest.raises(InvalidStateError):
        alethi.render(table)


# --- moves and notation -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [Throw(None, None), Throw(Kind.KING, None), alethi.Scout(Cell(0, 0), "x"), object()],  # type: ignore[arg-type]
)
def test_format_move_refuses_malformed_moves(move: Any) -> None:
    with pytest.raises(InvalidMoveError):
        alethi.format_move(move)


@pytest.mark.parametrize(
    "text", ["throw knight 1" + "0" * 5000 + ",0", "soulcast \u0661,\u0662", "", "   "]
)
def test_parse_move_refuses_absurd_numbers_and_foreign_digits(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        alethi.parse_move(alethi.new_game(seed=1), text)


def test_moves_equal_to_legal_ones_leave_only_the_rules_values_in_the_state() -> None:
    state = _start()
    move = alethi.legal_moves(state)[0]
    plain = Throw(move.kind.value, tuple(move.at))  # type: ignore[arg-type,union-attr]
    after = alethi.apply_move(state, plain)
    placed = after.field[-1] if after.field[-1].at == move.at else None  # type: ignore[union-attr]
    assert placed is not None and type(placed.kind) is Kind and type(placed.at) is Cell


# --- names and records ------------------------------------------------------------------------


@pytest.mark.parametrize("name", [["alethi"], None, 3, "Alethi"])
def test_get_game_refuses_unknown_names(name: Any) -> None:
    with pytest.raises(UnknownGameError):
        cardgames.get_game(name)


@pytest.mark.parametrize(
    "change",
    [
        {"moves": (object(),)},
        {"outcome": "x"},
        {"config": None},
        {"game": "chess"},
        {"seed": "1"},
    ],
)
def test_records_with_bad_contents_refuse_to_be_written(change: dict[str, Any]) -> None:
    record = cardgames.arena.play(alethi.GAME, [cardgames.bots.RandomBot()] * 2, seed=1)
    with pytest.raises(SerializationError):
        attrs.evolve(record, **change).to_json()


def test_outcomes_must_agree_with_themselves() -> None:
    assert Outcome({0}, [1.0, 0.0], "r").winners == frozenset({0})
    with pytest.raises(ValueError):
        Outcome(frozenset({0}), (0.0, 1.0), "r")
    with pytest.raises(ValueError):
        Outcome.draw(0, "r")
