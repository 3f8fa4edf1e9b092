"""The games' ``evaluate`` functions and the helpers they are built from.

An evaluation is a guess, so these tests check the direction of each guess (being closer to
winning is worth more, partners share a value) and its bounds, not exact numbers. The
conformance suite checks every evaluation along random games of every preset.
"""

from __future__ import annotations

import math
from typing import Any

import attrs
import pytest

from alakazum_tables import member, table
from cardgames import alakaslam, alakazum, alethi, lerally
from cardgames.alakazum import Level
from cardgames.alethi import Colour, Kind
from cardgames.evaluation import mix, race, softmax
from cardgames.lerally import Score

# --- helpers ---------------------------------------------------------------------------------


def test_softmax_shares_one_and_grows_by_e_per_unit() -> None:
    shares = softmax([2.0, 1.0, 1.0])
    assert math.isclose(sum(shares), 1.0)
    assert math.isclose(shares[0] / shares[1], math.e)
    assert shares[1] == shares[2]


def test_softmax_takes_large_strengths() -> None:
    assert softmax([1000.0, 0.0]) == (1.0, 0.0)


def test_race_is_even_between_equal_needs() -> None:
    assert race([3, 3, 3]) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_race_follows_the_exact_chances_of_a_tennis_game() -> None:
    """With toss-up points, needing ``a`` against ``b`` wins with the chance of at least ``a``
    successes in ``a + b - 1`` tosses; the guess stays within 0.05 of it."""
    for a in range(1, 5):
        for b in range(1, 5):
            tosses = a + b - 1
            exact = sum(math.comb(tosses, k) for k in range(a, tosses + 1)) / 2**tosses
            assert race([a, b])[0] == pytest.approx(exact, abs=0.05)


def test_a_lead_counts_for_less_in_a_longer_race() -> None:
    assert race([1, 2])[0] > race([11, 12])[0] > 0.5


def test_a_side_that_needs_nothing_has_won() -> None:
    assert race([2, 0, 0]) == (0.0, 1.0, 0.0)


def test_mix_weighs_the_outcomes_by_their_chances() -> None:
    assert mix([0.25, 0.75], [(1.0, 0.0), (0.2, 0.8)]) == pytest.approx((0.4, 0.6))


# --- Le Rally --------------------------------------------------------------------------------


def _rally(config: lerally.Config | None = None, **changes: Any) -> lerally.State:
    return attrs.evolve(lerally.new_game(config, seed=4), **changes)


def _with_hand_sizes(state: lerally.State, sizes: tuple[int, ...]) -> lerally.State:
    """``state`` with hands of ``sizes`` cards, the cards moved to or from the deck."""
    cards = [card for hand in state.hands for card in hand] + list(state.deck)
    hands = []
    for size in sizes:
        hands.append(tuple(sorted(cards[:size])))
        cards = cards[size:]
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(cards))


def test_lerally_fewer_cards_in_hand_is_better() -> None:
    """Rule: the first player to empty their hand wins the rally."""
    value = lerally.evaluate(_with_hand_sizes(_rally(), (2, 7)))
    assert value[0] > 0.5 > value[1]
    assert sum(value) == pytest.approx(1.0)


def test_lerally_a_lead_in_the_score_is_better() -> None:
    """Rule: rallies score 15, 30, 40 and game; 40-0 is nearly won."""
    state = _rally(score=Score((0, 0), (3, 0)))
    value = lerally.evaluate(state)
    assert value[0] > 0.85
    assert lerally.evaluate(_rally(score=Score((0, 0), (1, 0))))[0] < value[0]


def test_lerally_one_rally_from_the_match_with_one_card_is_close_to_won() -> None:
    state = _with_hand_sizes(_rally(score=Score((0, 0), (3, 0))), (1, 8))
    assert lerally.evaluate(state)[0] > 0.95


def test_lerally_sets_count_in_a_best_of_three() -> None:
    """Rule: a best of three is won with two sets."""
    config = lerally.Config(format=lerally.Format.FAST_FOUR, best_of=3)
    ahead = lerally.evaluate(_rally(config, score=Score((1, 0), (0, 0))))
    assert ahead[0] > 0.6


def test_lerally_partners_share_their_side_value() -> None:
    """Rule: in doubles a rally is won by the side whose player empties a hand."""
    state = _with_hand_sizes(_rally(lerally.Config(players=4, doubles=True)), (1, 6, 9, 6))
    value = lerally.evaluate(state)
    assert value[0] == value[2] > 0.5 > value[1] == value[3]
    assert value[0] + value[1] == pytest.approx(1.0)


def test_lerally_three_players_share_one() -> None:
    value = lerally.evaluate(_with_hand_sizes(_rally(lerally.Config(players=3)), (3, 6, 6)))
    assert sum(value) == pytest.approx(1.0)
    assert value[0] > value[1] == value[2]


# --- AlakaSLAM -------------------------------------------------------------------------------


def test_alakaslam_a_lead_in_points_is_better() -> None:
    """Rule: the first side to 3 points wins."""
    state = attrs.evolve(alakaslam.new_game(seed=2), score=(2, 0))
    value = alakaslam.evaluate(state)
    assert value[0] > 0.8 and sum(value) == pytest.approx(1.0)
    level = alakaslam.evaluate(attrs.evolve(state, score=(1, 1)))
    assert level == pytest.approx((0.5, 0.5))


def test_alakaslam_partners_share_their_side_value() -> None:
    config = alakaslam.Config(players=4)
    state = attrs.evolve(alakaslam.new_game(config, seed=2), score=(0, 1))
    value = alakaslam.evaluate(state)
    assert value[0] == value[2] < 0.5 < value[1] == value[3]


# --- Alethi ----------------------------------------------------------------------------------


def test_alethi_the_side_with_more_cards_in_play_is_ahead() -> None:
    """Rule: when the barracks are empty the side with more uncaptured cards wins."""
    state = alethi.new_game(seed=1)
    assert alethi.evaluate(state) == (0.5, 0.5)
    red_lost = attrs.evolve(
        state,
        field=tuple(
            attrs.evolve(card, captured=True) if card.owner is Colour.RED and i == 0 else card
            for i, card in enumerate(state.field)
        ),
    )
    value = alethi.evaluate(red_lost)
    assert value[1] > 0.5 > value[0]
    fewer = attrs.evolve(state, barracks=(state.barracks[0], state.barracks[1][1:]))
    assert alethi.evaluate(fewer)[0] > 0.5
    assert Kind.KING in state.barracks[0]


# --- Alakazum! -------------------------------------------------------------------------------


def test_alakazum_more_points_of_one_culture_is_better() -> None:
    """Rule: the Alakazum needs more points of one culture than the enemy is worth."""
    close = table(teams=[[member("Moura", Level.C), "Fallera"], ["Olentzero"]])
    value = alakazum.evaluate(close)
    assert value[0] > 0.5 > value[1]
    assert sum(value) == pytest.approx(1.0)


def test_alakazum_nobody_can_win_once_no_enemy_can_be_beaten() -> None:
    """Rule: an Alakazum against a face-up enemy is not possible; with every enemy face up the
    game can only end with everybody losing."""
    state = table(teams=[["Moura"], ["Olentzero"]])
    up = attrs.evolve(state, enemy_up=(True,) * len(state.enemies))
    assert alakazum.evaluate(up) == (0.0, 0.0)


def test_evaluate_gives_the_outcome_once_over() -> None:
    state = alethi.new_game(seed=1)
    while not alethi.is_over(state):
        state = alethi.apply_move(state, alethi.legal_moves(state)[0])
    outcome = alethi.outcome(state)
    assert outcome is not None
    assert alethi.evaluate(state) == outcome.returns
