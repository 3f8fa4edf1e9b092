"""Item 15 of issue 28, the small gaps: ``evaluation.mix`` keeps to chances and returns, a
generator's ``repr`` of a huge state is quick, every game's seats refuse a config with a field
of the wrong type, and the command line reads ``--first-player`` in every game that has it."""

from __future__ import annotations

import io
import random
import time
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import InvalidConfigError, InvalidStateError
from cardgames.cli import main
from cardgames.evaluation import CHANCE_SLACK, mix, race, softmax
from cardgames.rng import Rng


@pytest.mark.parametrize(
    ("chances", "words"),
    [
        ([-0.5, 1.5], "between 0 and 1"),
        ([1.5, -0.5], "between 0 and 1"),
        ([2.0, 0.0], "between 0 and 1"),
        ([0.5, 0.4], "add up to 1"),
        ([0.5, 0.5 + 10 * CHANCE_SLACK], "add up to 1"),
    ],
)
def test_mix_refuses_chances_that_are_not_chances(chances: list[float], words: str) -> None:
    """Negative chances, chances over one, and chances that do not add up to one gave
    expected values outside [0, 1]."""
    with pytest.raises(InvalidStateError, match=words):
        mix(chances, [(1.0, 0.0), (0.0, 1.0)])


@pytest.mark.parametrize("outcome", [(2.0, 0.0), (-1.0, 1.0), (0.5, 1.0000001)])
def test_mix_refuses_outcomes_that_are_not_returns(outcome: tuple[float, float]) -> None:
    with pytest.raises(InvalidStateError, match="between 0 and 1"):
        mix([0.5, 0.5], [outcome, (0.0, 1.0)])


def test_mix_of_a_softmax_and_races_stays_within_zero_and_one() -> None:
    """As Le Rally's evaluate uses it: chances from a softmax (which add up to one only up to
    rounding) and each side's race; every expected value lies in [0, 1]."""
    draw = random.Random(28)
    for _ in range(2000):
        sides = draw.randint(1, 6)
        chances = softmax([draw.uniform(-30.0, 30.0) for _ in range(sides)])
        outcomes = [race([draw.randint(0, 9) for _ in range(sides)]) for _ in range(sides)]
        values = mix(chances, outcomes)
        assert all(0.0 <= value <= 1.0 for value in values)


def test_the_repr_of_a_huge_generator_state_is_quick_and_short() -> None:
    """``repr(Rng(...))`` of a 5,000-digit state wrote every digit (or failed past Python's
    4,300-digit limit); now any state is described in a few characters."""
    for state in (10**5000 + 7, 1 << 100_000, -(10**5000)):
        start = time.perf_counter()
        text = repr(Rng(state))
        assert time.perf_counter() - start < 0.1
        assert len(text) < 60 and "bits" in text
    assert repr(Rng(2**64 - 1)) == "Rng(state=18446744073709551615)"
    assert eval(repr(Rng(12345))) == Rng(12345)  # a repr a user can paste back


# One field of the wrong type per game: the seats are no answer for such a config.
WRONG_FIELDS: list[tuple[str, dict[str, Any]]] = [
    ("alethi", {"first_player": "red"}),
    ("alethi", {"turn_limit": "100"}),
    ("alethi", {"army": None}),
    ("alakaslam", {"players": "2"}),
    ("lerally", {"players": 2.0}),
    ("alakazum", {"players": "3"}),
]


@pytest.mark.parametrize(("name", "fields"), WRONG_FIELDS)
@pytest.mark.parametrize("function", ["num_players", "seat_names"])
def test_every_game_s_seats_refuse_a_field_of_the_wrong_type(
    name: str, fields: dict[str, Any], function: str
) -> None:
    """Alethi answered ``num_players`` and ``seat_names`` for such a config, where every other
    game raised ``InvalidConfigError``."""
    game = cardgames.get_game(name)
    config = attrs.evolve(game.config_type(), **fields)
    with pytest.raises(InvalidConfigError):
        getattr(game, function)(config)


@pytest.mark.parametrize(
    ("argv", "field", "seat"),
    [
        (["alethi", "--first-player", "blue"], "first_player", 1),
        (["alethi", "--first-player", "0"], "first_player", 0),
        (["lerally", "--first-player", "1"], "first_server", 1),
        (["lerally", "--players", "3", "--first-player", "player 2"], "first_server", 2),
    ],
)
def test_first_player_is_read_as_a_seat_in_every_game_that_has_it(
    argv: list[str], field: str, seat: int, tmp_path: Any
) -> None:
    """The seat as typed reached the game's ``seat_names`` as text, which Le Rally (checking
    its config there, as Alethi now does) refused."""
    path = tmp_path / "game.json"
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["play", *argv, "--bots", "random", "--quiet", "--seed", "1", "--out", str(path)],
        stdout=out,
        stderr=err,
    )
    assert (status, err.getvalue()) == (0, "")
    record = cardgames.GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert getattr(record.config, field) == seat
