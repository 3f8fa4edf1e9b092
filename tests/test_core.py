"""The core: the random generator, outcomes, JSON documents, the registry, bots and the arena."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, assert_type

import pytest

import cardgames
from cardgames import (
    CardgamesError,
    GameRecord,
    IllegalMoveError,
    InvalidConfigError,
    InvalidStateError,
    Outcome,
    Rng,
    SerializationError,
    UnknownGameError,
    alethi,
)
from cardgames.bots import Bot, RandomBot, make_bot

# --- the random generator ---------------------------------------------------------------------


def test_rng_is_splitmix64() -> None:
    """The generator is SplitMix64: its first output from state 0 is the published value."""
    assert Rng(0).next64()[0] == 0xE220A8397B1DCDAF


def test_rng_gives_the_same_numbers_everywhere() -> None:
    """Fixed outputs for fixed seeds: the numbers are integer arithmetic, the same on every
    platform and Python version, so seeded games replay anywhere."""
    rng = Rng.from_seed(42)
    out = []
    for _ in range(3):
        value, rng = rng.next64()
        out.append(value)
    assert out == [6332618229526065668, 17630415256238047317, 8971565426155258802]
    rng = Rng.from_seed(7)
    rolls = []
    for _ in range(8):
        roll, rng = rng.below(6)
        rolls.append(roll)
    assert rolls == [3, 2, 1, 1, 4, 4, 2, 4]
    assert Rng.from_seed(1).shuffled(range(10))[0] == (4, 2, 1, 3, 7, 9, 5, 0, 6, 8)


def test_rng_is_an_immutable_value() -> None:
    """Drawing returns a new generator and leaves the old one as it was."""
    rng = Rng.from_seed(3)
    _, after = rng.next64()
    assert rng == Rng.from_seed(3)
    assert after != rng
    with pytest.raises(AttributeError):
        rng.state = 1  # type: ignore[misc]


def test_rng_below_stays_in_range_and_covers_it() -> None:
    rng = Rng.from_seed(11)
    seen = set()
    for _ in range(500):
        value, rng = rng.below(7)
        seen.add(value)
    assert seen == set(range(7))
    with pytest.raises(ValueError):
        rng.below(0)


def test_rng_accepts_any_int_seed() -> None:
    assert Rng.from_seed(-1) != Rng.from_seed(1)
    assert 0 <= Rng.from_seed(10**40).state < 2**64


def test_shuffled_is_a_permutation() -> None:
    items, _ = Rng.from_seed(5).shuffled("abcdefgh")
    assert sorted(items) == list("abcdefgh")


# --- outcomes ---------------------------------------------------------------------------------


def test_outcome_constructors() -> None:
    assert Outcome.win({1}, 2, "r") == Outcome(frozenset({1}), (0.0, 1.0), "r")
    draw = Outcome.draw(4, "r")
    assert draw.returns == (0.25,) * 4 and draw.is_draw and not draw.winners
    lost = Outcome.all_lose(3, "r")
    assert lost.returns == (0.0,) * 3 and not lost.is_draw


def test_outcome_rejects_impossible_values() -> None:
    with pytest.raises(ValueError):
        Outcome(frozenset({5}), (1.0, 0.0), "r")
    with pytest.raises(ValueError):
        Outcome(frozenset(), (2.0, 0.0), "r")


# --- JSON documents ---------------------------------------------------------------------------


def _state_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(cardgames.to_json(alethi.new_game(seed=1)))
    return doc


def test_documents_carry_format_version_game_and_kind() -> None:
    doc = _state_doc()
    assert doc["format"] == "cardgames"
    assert doc["version"] == cardgames.FORMAT_VERSION
    assert doc["game"] == "alethi"
    assert doc["kind"] == "state"


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(version=cardgames.FORMAT_VERSION + 1), "$.version"),
        (lambda d: d.update(version="1"), "$.version"),
        (lambda d: d.update(format="other"), "$.format"),
        (lambda d: d.update(game="lerally"), "$.game"),
        (lambda d: d.update(kind="view"), "$.kind"),
        (lambda d: d.pop("data"), "missing data"),
        (lambda d: d.update(extra=1), "unexpected keys extra"),
        (lambda d: d["data"].pop("turn"), "$.data"),
        (lambda d: d["data"].update(turn="three"), "$.data.turn"),
        (lambda d: d["data"]["field"][0].update(kind="dragon"), "$.data.field[0].kind"),
        (lambda d: d["data"].update(surprise=True), "surprise"),
    ],
)
def test_a_wrong_document_is_refused_saying_where(change: Any, where: str) -> None:
    """A foreign, newer or damaged document raises SerializationError that names the place."""
    doc = _state_doc()
    change(doc)
    with pytest.raises(SerializationError, match=None) as info:
        cardgames.from_json(json.dumps(doc), alethi.State)
    assert where in str(info.value)


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"state"', b"\xff\xfe"])
def test_text_that_is_not_a_document_is_refused(text: str | bytes) -> None:
    with pytest.raises(SerializationError):
        cardgames.from_json(text, alethi.State)


def test_a_view_does_not_load_as_a_state() -> None:
    text = cardgames.to_json(alethi.view(alethi.new_game(seed=1), 0))
    with pytest.raises(SerializationError, match=r"\$\.kind: this document holds a view"):
        cardgames.from_json(text, alethi.State)


def test_objects_that_are_not_documents_are_refused() -> None:
    with pytest.raises(SerializationError, match="not a cardgames"):
        cardgames.to_json(object())
    with pytest.raises(SerializationError, match="not a cardgames"):
        cardgames.from_json("{}", dict)


def test_moves_load_by_class_or_by_the_union() -> None:
    move = alethi.Throw(alethi.Kind.KNIGHT, alethi.Cell(3, 1))
    text = cardgames.to_json(move)
    assert cardgames.from_json(text, alethi.Throw) == move
    with pytest.raises(SerializationError, match="expected a scout move"):
        cardgames.from_json(text, alethi.Scout)


# --- records ----------------------------------------------------------------------------------


def _record() -> GameRecord:
    return cardgames.arena.play(alethi.GAME, [RandomBot(), RandomBot()], seed=5)


def test_record_round_trip_and_replay() -> None:
    record = _record()
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert cardgames.from_json(record.to_json(), GameRecord) == record
    assert cardgames.to_json(record) == record.to_json()
    states = loaded.states()
    assert len(states) == len(record.moves) + 1
    assert alethi.outcome(loaded.final_state()) == record.outcome


def test_record_of_an_unknown_game_is_refused() -> None:
    doc = json.loads(_record().to_json())
    doc["game"] = "chess"
    with pytest.raises(SerializationError, match=r"\$\.game: unknown game 'chess'"):
        GameRecord.from_json(json.dumps(doc))


def test_record_with_a_bad_move_is_refused_saying_which() -> None:
    doc = json.loads(_record().to_json())
    doc["data"]["moves"][2] = {"type": "fly"}
    with pytest.raises(SerializationError, match=r"\$\.data\.moves\[2\]"):
        GameRecord.from_json(json.dumps(doc))


def test_record_with_an_illegal_move_fails_on_replay_naming_it() -> None:
    record = _record()
    bad = GameRecord(record.game, record.config, record.seed, (alethi.Pass(), *record.moves))
    with pytest.raises(IllegalMoveError, match="move 1 of the record"):
        bad.states()


# --- registry, bots and arena -----------------------------------------------------------------


def test_registry() -> None:
    assert "alethi" in cardgames.GAMES
    assert cardgames.get_game("alethi") is alethi.GAME
    with pytest.raises(
        UnknownGameError,
        match="unknown game 'go'; known games: alakaslam, alakazum, alethi, lerally",
    ):
        cardgames.get_game("go")
    with pytest.raises(KeyError):
        cardgames.get_game("go")


def test_errors_are_value_errors_under_one_base() -> None:
    errors: list[type[Exception]] = [
        IllegalMoveError,
        cardgames.InvalidMoveError,
        SerializationError,
        InvalidConfigError,
        InvalidStateError,
        cardgames.InvalidPlayerError,
        UnknownGameError,
        cardgames.UnknownBotError,
    ]
    for error in errors:
        assert issubclass(error, CardgamesError) and issubclass(error, ValueError)


def test_make_bot_by_name() -> None:
    assert isinstance(make_bot("random", alethi.GAME), RandomBot)
    assert isinstance(make_bot("greedy", alethi.GAME), alethi.GreedyBot)
    with pytest.raises(cardgames.UnknownBotError, match="unknown bot"):
        make_bot("oracle", alethi.GAME)


def test_arena_play_is_repeatable() -> None:
    bots: list[Bot[Any, Any]] = [RandomBot(), alethi.GreedyBot()]
    assert cardgames.arena.play(alethi.GAME, bots, seed=9) == cardgames.arena.play(
        alethi.GAME, bots, seed=9
    )


def test_arena_needs_one_bot_per_seat() -> None:
    with pytest.raises(InvalidConfigError, match="seats 2"):
        cardgames.arena.play(alethi.GAME, [RandomBot()], seed=1)


class _Cheater:
    name = "cheater"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return alethi.Pass()


def test_a_bot_playing_an_illegal_move_is_named() -> None:
    with pytest.raises(IllegalMoveError, match="bot cheater in seat"):
        cardgames.arena.play(alethi.GAME, [_Cheater(), _Cheater()], seed=1)


def test_arena_reports_every_move() -> None:
    heard: list[tuple[int, int]] = []
    record = cardgames.arena.play(
        alethi.GAME,
        [RandomBot(), RandomBot()],
        seed=3,
        on_move=lambda n, p, m, s: heard.append((n, p)),
    )
    assert [n for n, _ in heard] == list(range(1, len(record.moves) + 1))


def test_bots_only_ever_see_views() -> None:
    seen: list[type] = []

    class Spy(RandomBot):
        def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
            seen.append(type(view))
            return super().choose(view, legal_moves, rng)

    cardgames.arena.play(alethi.GAME, [Spy(), Spy()], seed=2)
    assert set(seen) == {alethi.View}


def test_a_view_passed_as_a_state_is_a_clear_error() -> None:
    v = alethi.view(alethi.new_game(seed=1), 0)
    for call in (alethi.legal_moves, alethi.current_player, alethi.is_over, alethi.outcome):
        with pytest.raises(InvalidStateError, match="a view cannot stand for a state"):
            call(v)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        alethi.apply_move(v, alethi.Pass())  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        alethi.is_legal(v, alethi.Pass())  # type: ignore[arg-type]


def test_bad_arguments_are_the_library_s_errors() -> None:
    state = alethi.new_game(seed=1)
    with pytest.raises(cardgames.InvalidPlayerError, match="players 0 and 1"):
        alethi.view(state, 2)
    with pytest.raises(InvalidConfigError, match="seed must be an int"):
        alethi.new_game(seed="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="expected an alethi Config"):
        alethi.new_game("default", seed=1)  # type: ignore[arg-type]


class _PlainThrower(RandomBot):
    """Answers with an equal move written with plain values (a string kind, a tuple cell)."""

    name = "plain"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        move = super().choose(view, legal_moves, rng)
        if isinstance(move, alethi.Throw):
            return alethi.Throw(move.kind.value, tuple(move.at))  # type: ignore[arg-type]
        return move


def test_records_keep_the_game_s_own_moves() -> None:
    record = cardgames.arena.play(alethi.GAME, [_PlainThrower(), _PlainThrower()], seed=4)
    throws = [m for m in record.moves if isinstance(m, alethi.Throw)]
    assert throws and all(type(m.kind) is alethi.Kind and type(m.at) is alethi.Cell for m in throws)
    assert GameRecord.from_json(record.to_json()) == record


def test_arena_play_takes_a_game_s_name_and_bots_names_as_tournament_does() -> None:
    by_name = cardgames.arena.play("alethi", ["random", "greedy"], seed=9)
    made = cardgames.arena.play(alethi.GAME, [RandomBot(), alethi.GreedyBot()], seed=9)
    assert by_name == made and by_name.players == ("random", "greedy")
    with pytest.raises(cardgames.UnknownBotError, match="unknown bot"):
        cardgames.arena.play("alethi", ["random", "oracle"], seed=9)


def test_from_json_is_typed_for_the_class_it_is_given() -> None:
    """``mypy --strict`` (which ``make test`` runs on the tests) sees each result as the class
    asked for; a union of moves is ``Any`` until narrowed."""
    state = alethi.new_game(seed=1)
    loaded = cardgames.from_json(cardgames.to_json(state), alethi.State)
    assert_type(loaded, alethi.State)
    config = cardgames.from_json(cardgames.to_json(alethi.Config()), alethi.Config)
    assert_type(config, alethi.Config)
    record = cardgames.from_json(
        cardgames.arena.play("alethi", ["random"] * 2, seed=1).to_json(), cardgames.GameRecord
    )
    assert_type(record, cardgames.GameRecord)
    assert loaded == state and config == alethi.Config() and record.seed == 1


def test_a_record_is_typed_by_its_game() -> None:
    """``arena.play`` of a typed game gives a record whose states, moves and config a type
    checker knows; a record read from JSON is of ``Any`` until annotated."""
    record = cardgames.arena.play(alethi.GAME, [RandomBot(), RandomBot()], seed=2)
    assert_type(record, cardgames.GameRecord[alethi.State, alethi.Move, alethi.Config])
    assert_type(record.final_state(), alethi.State)
    assert_type(record.config, alethi.Config)
    first: alethi.State = record.states()[0]
    assert first == alethi.new_game(seed=2)
    loaded: cardgames.GameRecord[alethi.State, alethi.Move, alethi.Config] = (
        cardgames.GameRecord.from_json(record.to_json())
    )
    assert loaded == record and loaded.final_state() == record.final_state()
