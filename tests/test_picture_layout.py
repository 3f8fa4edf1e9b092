"""Every game's picture stays readable in a real match: no text over another, none covered by
a marker (a ball, a disc, a card drawn after it), none out of its card or off the page, and
no text of a card cut short.

For every game and preset a seeded random game is played to its end; its largest tables (the
pictures with the most texts) and some along the way are drawn as states and as views and
measured (``picture_boxes``). The largest Alakazum! tables are also built on purpose: teams
of seven characters with the longest names, and hands of fourteen cards.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardgames
from alakazum_tables import table
from cardgames import alakazum, alethi, lerally
from cardgames.alakazum.config import all_cards
from picture_boxes import layout_faults, text_boxes

CASES = [
    (name, preset) for name in sorted(cardgames.GAMES) for preset in cardgames.GAMES[name].presets
]
#: The largest tables of each game measured, and one state in how many along the way.
LARGEST = 6
EVERY = 25


def _states(name: str, preset: str, seed: int) -> list[Any]:
    game = cardgames.get_game(name)
    rng = random.Random(seed)
    state = game.new_game(game.presets[preset], seed=seed)
    states = [state]
    while not game.is_over(state):
        moves = game.legal_moves(state)
        state = game.apply_move(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def _assert_readable(picture: str) -> None:
    faults = layout_faults(picture)
    assert not faults, "\n".join(faults[:10])


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_the_pictures_of_a_whole_game_are_readable(name: str, preset: str) -> None:
    game = cardgames.get_game(name)
    states = _states(name, preset, seed=3)
    sizes = [len(game.render_svg(state)) for state in states]
    largest = sorted(range(len(states)), key=lambda i: -sizes[i])[:LARGEST]
    chosen = sorted({*largest, *range(0, len(states), EVERY), len(states) - 1})
    for index in chosen:
        state = states[index]
        _assert_readable(game.render_svg(state))
        for player in range(game.num_players(state.config)):
            _assert_readable(game.render_svg(game.view(state, player)))


def _longest(names: list[str]) -> list[str]:
    return sorted(names, key=lambda n: (-len(n), n))


@pytest.mark.parametrize("preset", ["five", "expansion-5", "expansion-4"])
def test_alakazum_teams_of_seven_and_hands_of_fourteen_stand_clear(preset: str) -> None:
    config = cardgames.get_game("alakazum").presets[preset]
    pool = all_cards(config)
    players = config.players
    characters = _longest([c.name for c in pool if c.is_character])
    hand_cards = _longest([c.name for c in pool if c.kind.is_hand])
    per_hand = min(14, len(hand_cards) // players)
    teams = [characters[p::players][:7] for p in range(players)]
    hands = [hand_cards[p::players][:per_hand] for p in range(players)]
    state = table(config, teams=teams, hands=hands)
    assert all(len(team) == 7 for team in state.teams)
    if players == 4:
        assert all(len(hand) == 14 for hand in state.hands)
    for drawn in (state, alakazum.view(state, 0)):
        picture = alakazum.render_svg(drawn)
        _assert_readable(picture)
        shown = [text.content for text in text_boxes(picture)]
        for team in teams:
            assert all(name in shown for name in team)  # every name whole, none cut


def test_alakazum_characters_show_resistance_and_personalities() -> None:
    state = table(teams=[["Maruxa", "Lavandeira"], ["Castanyera"]])
    shown = [text.content for text in text_boxes(alakazum.render_svg(state))]
    assert "resistance 2" in shown and "resistance 1" in shown  # Maruxa's, Lavandeira's
    assert "magic 2" in shown and "sociable, magic 1" in shown and "thrifty" in shown


def test_alethi_names_every_kind_whole_on_its_cards() -> None:
    for state in _states("alethi", "specials", seed=1):
        picture = alethi.render_svg(state)
        assert "\u2026" not in picture  # "soulcas..." was cut to fit its cell
        _assert_readable(picture)


def test_le_rally_ball_leaves_the_section_names_clear() -> None:
    state = next(
        s for s in _states("lerally", "default", seed=2) if s.ball is not None and s.result is None
    )
    picture = lerally.render_svg(state)
    _assert_readable(picture)
    shown = [text.content for text in text_boxes(picture)]
    assert f"{state.ball.full_name}, {state.ball.colour}" in shown
