"""Events: what a move did, for every game and preset.

Each move of random games gives at least one event; every event goes through JSON and back
unchanged and tells itself in a sentence; a player's events depend only on what that player
sees (checked against resampled states, as the views are); and hostile inputs get the
library's errors, which never repeat them.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import SPECTATOR, alakaslam, alakazum, alethi, lerally
from cardgames._engine import checked_transition, vouch_transition
from cardgames.errors import (
    CardgamesError,
    IllegalMoveError,
    InvalidPlayerError,
    InvalidStateError,
    SerializationError,
)
from cardgames.game import Game

AnyGame = Game[Any, Any, Any, Any]

CASES = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name, game in sorted(cardgames.GAMES.items())
    for preset in game.presets
]

#: The most moves of one game that the tests look at (Alakazum! games run long).
MOVES = 160


def _positions(game: AnyGame, preset: str, seed: int) -> Iterator[tuple[Any, Any, Any]]:
    """``(before, move, after)`` for the first moves of a random game."""
    rng = random.Random(seed)
    state = game.new_game(game.presets[preset], seed=seed)
    for _ in range(MOVES):
        if game.is_over(state):
            return
        move = rng.choice(game.legal_moves(state))
        after = game.apply_move(state, move)
        yield state, move, after
        state = after


def _viewers(game: AnyGame, state: Any) -> list[int | None]:
    config = state.config
    return [None, *range(game.num_players(config))]


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_every_move_has_events_that_round_trip_and_read_well(name: str, preset: str) -> None:
    game = cardgames.get_game(name)
    seen: set[type] = set()
    for before, move, after in _positions(game, preset, seed=7):
        for viewer in _viewers(game, before):
            told = game.events(before, move, after, viewer=viewer)
            assert type(told) is tuple and told, (game.format_move(move), viewer)
            for event in told:
                assert type(event) in game.event_types
                seen.add(type(event))
                text = cardgames.to_json(event)
                assert cardgames.from_json(text, type(event)) == event
                sentence = game.format_event(event)
                assert sentence[0].isupper() and sentence.endswith("."), sentence
                assert "\n" not in sentence
    assert seen


def _played_to_end(game: AnyGame, seed: int) -> list[tuple[Any, Any, Any]]:
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    steps = []
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        after = game.apply_move(state, move)
        steps.append((state, move, after))
        state = after
    return steps


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_the_last_move_tells_the_end(name: str) -> None:
    game = cardgames.get_game(name)
    before, move, after = _played_to_end(game, seed=11)[-1]
    last: Any = game.events(before, move, after)[-1]
    assert type(last).__name__ in ("GameOver", "MatchOver")
    outcome = game.outcome(after)
    assert outcome is not None
    assert tuple(last.winners) == tuple(sorted(outcome.winners))
    assert outcome.reason in game.format_event(last)


#: Per game: the event fields that hold another player's hidden cards, by class, and the field
#: naming whose they are.
PRIVATE: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "alethi": {},
    "lerally": {"PickedUp": ("player", ("cards",))},
    "alakaslam": {"HandChanged": ("player", ("discarded", "drawn"))},
    "alakazum": {"HandChanged": ("player", ("gained", "lost"))},
}


def _private_fields_hidden(name: str, event: Any, viewer: int) -> bool:
    owner_and_fields = PRIVATE.get(name, {}).get(type(event).__name__)
    if owner_and_fields is None:
        return True
    owner, fields = owner_and_fields
    if getattr(event, owner) == viewer:
        return True
    return all(getattr(event, field) is None for field in fields)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_a_players_events_depend_only_on_what_they_see(name: str, preset: str) -> None:
    """Like the views: the same move applied to a state resampled from the player's view, and
    leading to the same view, tells that player the same events."""
    game = cardgames.get_game(name)
    compared = 0
    for index, (before, move, after) in enumerate(_positions(game, preset, seed=3)):
        for viewer in _viewers(game, before)[1:]:
            assert viewer is not None
            told = game.events(before, move, after, viewer=viewer)
            assert all(_private_fields_hidden(name, e, viewer) for e in told)
            if index % 3:
                continue
            other = game.resample(game.view(before, viewer), seed=index)
            if move not in game.legal_moves(other):
                continue
            moved = game.apply_move(other, move)
            if game.view(moved, viewer) != game.view(after, viewer):
                continue
            assert game.events(other, move, moved, viewer=viewer) == told
            compared += 1
    assert compared > 0


def test_another_players_hand_is_only_a_size() -> None:
    """In Le Rally a pick-up names its cards to the player who picks up, and to nobody else."""
    game = lerally.GAME
    for before, move, after in _positions(game, "default", seed=1):
        if isinstance(move, lerally.PickUp):
            player = before.to_move
            mine = game.events(before, move, after, viewer=player)[0]
            theirs = game.events(before, move, after, viewer=1 - player)[0]
            assert isinstance(mine, lerally.story.PickedUp) and mine.cards
            assert isinstance(theirs, lerally.story.PickedUp) and theirs.cards is None
            assert theirs.count == mine.count == len(mine.cards)
            for card in mine.cards:
                assert card.code not in game.format_event(theirs)
            return
    pytest.fail("no pick-up in the game")


def _first(game: AnyGame, preset: str, found: Any) -> tuple[Any, Any, Any]:
    for seed in range(20):
        for before, move, after in _positions(game, preset, seed):
            if found(before, move):
                return before, move, after
    pytest.fail("no such position in twenty games")


def test_a_face_down_hit_is_counted_not_named() -> None:
    """AlakaSLAM doubles: the hitter's cards lie face down until the support has played."""
    before, move, after = _first(
        alakaslam.GAME, "doubles", lambda s, m: isinstance(m, alakaslam.Hit) and len(m.cards) > 1
    )
    hitter = before.to_move
    mine = alakaslam.events(before, move, after, viewer=hitter)[0]
    assert isinstance(mine, alakaslam.story.Decided) and mine.move is not None
    for viewer in range(4):
        if viewer != hitter:
            theirs = alakaslam.events(before, move, after, viewer=viewer)[0]
            assert theirs == alakaslam.story.Decided(hitter, None, len(move.cards))


def test_the_voodoo_doll_round_tells_every_answer_to_everybody() -> None:
    """Every player with a card is asked about an announcement, doll or not, so the answer is
    told to all: who was asked and what they answered."""
    before, move, after = _first(alakazum.GAME, "four", lambda s, m: s.phase is alakazum.Phase.DOLL)
    asked = before.to_move
    assert asked is not None
    told = alakazum.story.Decided(asked, alakazum.format_move(move))
    for viewer in (*range(4), SPECTATOR):
        assert alakazum.events(before, move, after, viewer=viewer)[0] == told


def test_alethi_tells_every_viewer_the_same() -> None:
    before, move, after = _one_step(alethi.GAME)
    told = alethi.events(before, move, after)
    for viewer in (0, 1, alethi.Colour.RED, alethi.Colour.BLUE):
        assert alethi.events(before, move, after, viewer=viewer) == told


def test_alethi_tells_the_captures() -> None:
    for before, move, after in _played_to_end(alethi.GAME, seed=5):
        told = alethi.events(before, move, after)
        captured = [e for e in told if isinstance(e, alethi.story.Captured)]
        down = sum(p.captured for p in after.field) - sum(p.captured for p in before.field)
        if isinstance(move, alethi.Soulcast):
            down += 1 if any(p.captured and p.at == move.target for p in before.field) else 0
        assert len(captured) >= down
        for event in captured:
            assert any(p.captured and p.at == event.at for p in after.field)


# --- format_event: a sample of every class -----------------------------------------------


SAMPLES = [
    (
        alethi,
        alethi.story.Thrown(alethi.Colour.RED, alethi.Kind.KNIGHT, alethi.Cell(3, 1)),
        "Red threw a knight at 3,1.",
    ),
    (
        alethi,
        alethi.story.Soulcasted(alethi.Colour.BLUE, alethi.Kind.SQUIRE, alethi.Cell(0, 0)),
        "Blue soulcast red's squire at 0,0.",
    ),
    (
        alethi,
        alethi.story.Scouted(alethi.Colour.RED, alethi.Cell(0, 1), alethi.Cell(2, 2)),
        "Red moved the scout from 0,1 to 2,2.",
    ),
    (
        alethi,
        alethi.story.Passed(alethi.Colour.BLUE, alethi.Phase.SCOUT),
        "Blue passed on scouting.",
    ),
    (
        alethi,
        alethi.story.Captured(alethi.Colour.BLUE, alethi.Kind.KNIGHT, alethi.Cell(3, 1)),
        "Red captured blue's knight at 3,1.",
    ),
    (
        alethi,
        alethi.story.GameOver((alethi.Colour.RED,), "the King was captured"),
        "Red won: the King was captured.",
    ),
    (
        alethi,
        alethi.story.GameOver((), "the turn limit"),
        "The battle ended in a draw: the turn limit.",
    ),
    (lerally, lerally.story.Played(1, lerally.parse_card("BL-NR")), "Player 1 played BL-NR."),
    (
        lerally,
        lerally.story.Lobbed(0, lerally.parse_card("BL-NR"), 2),
        "Player 0 lobbed 2 copies of BL-NR.",
    ),
    (
        lerally,
        lerally.story.OffensePlayed(2, lerally.Section.NET_LEFT),
        "Player 2 played the offense card into NL.",
    ),
    (lerally, lerally.story.PickedUp(1, 1, None), "Player 1 picked up 1 card."),
    (
        lerally,
        lerally.story.PickedUp(1, 2, tuple(map(lerally.parse_card, ("OF", "NW3")))),
        "Player 1 picked up 2 cards: OF, NW3.",
    ),
    (
        lerally,
        lerally.story.RallyWon(0, 0, lerally.Ending.EMPTY_HAND, (2, 1), lerally.Format.ONE_SET),
        "Player 0 won the rally for side 0 by playing their last card; games 2-1.",
    ),
    (
        lerally,
        lerally.story.RallyWon(1, 1, lerally.Ending.RALLY_LIMIT, (3, 1), lerally.Format.ONE_GAME),
        "Player 1 won the rally for side 1 with the fewest cards at the rally limit; 40-15.",
    ),
    (
        lerally,
        lerally.story.RallyWon(2, 0, lerally.Ending.EMPTY_HAND, (0, 0), lerally.Format.SHOT_GUN),
        "Player 2 won the rally for side 0 by playing their last card.",
    ),
    (lerally, lerally.story.SetWon(1, (0, 1)), "Side 1 won a set; sets 0-1."),
    (lerally, lerally.story.Dealt(0, 1, (6, 6)), "Player 0 dealt 6 cards each; player 1 leads."),
    (lerally, lerally.story.MatchOver((0, 2), "won the match"), "Players 0 and 2 won the match."),
    (alakaslam, alakaslam.story.Decided(0, "step 2,1"), "Player 0: step 2,1."),
    (alakaslam, alakaslam.story.Decided(2, None, 1), "Player 2 played 1 card face down."),
    (alakaslam, alakaslam.story.Decided(2, None, 3), "Player 2 played 3 cards face down."),
    (
        alakaslam,
        alakaslam.story.BallLanded(alakaslam.Cell(1, 3)),
        "The ball landed on b4.",
    ),
    (alakaslam, alakaslam.story.Discarded((alakaslam.parse_card("R2"),)), "Discarded: R2."),
    (alakaslam, alakaslam.story.HandChanged(1, 1, None, None), "Player 1 now holds 1 card."),
    (
        alakaslam,
        alakaslam.story.HandChanged(0, 5, (), (alakaslam.parse_card("B1"),)),
        "Player 0 drew B1; now holds 5 cards.",
    ),
    (
        alakaslam,
        alakaslam.story.HandChanged(
            0,
            5,
            (alakaslam.parse_card("B1"), alakaslam.parse_card("R1")),
            (alakaslam.parse_card("R0"),),
        ),
        "Player 0 discarded B1, R1 and drew R0; now holds 5 cards.",
    ),
    (
        alakaslam,
        alakaslam.story.PointWon(1, alakaslam.Fault.OUT, (0, 1)),
        "Side B won the point (0-1): the shot went out.",
    ),
    (alakaslam, alakaslam.story.MatchOver((1,), "won the match"), "Player 1 won the match."),
    (
        alakaslam,
        alakaslam.story.MatchOver((), "shot limit reached with the score level"),
        "The match ended in a draw: shot limit reached with the score level.",
    ),
    (alakazum, alakazum.story.Decided(1, "pass"), "Player 1: pass."),
    (alakazum, alakazum.story.Decided(1, None), "Player 1 made a hidden choice."),
    (alakazum, alakazum.story.CombatWon(0, "Merlin"), "Player 0 won the combat against Merlin."),
    (alakazum, alakazum.story.CombatWon(None, "Merlin"), "The forest's Merlin won the combat."),
    (alakazum, alakazum.story.Joined(2, "Merlin"), "Merlin joined player 2's team."),
    (
        alakazum,
        alakazum.story.PointsRolled(None, "Cuc", 4),
        "The forest's Cuc rolled 4 for its combat points.",
    ),
    (
        alakazum,
        alakazum.story.PointsRolled(1, "Cuc", 2),
        "Player 1's Cuc rolled 2 for its combat points.",
    ),
    (
        alakazum,
        alakazum.story.PointsCompared(0, None, (5, 5)),
        "Combat points: 5 for player 0, 5 for the forest (a tie goes to the forest).",
    ),
    (
        alakazum,
        alakazum.story.PointsCompared(0, 1, (6, 3)),
        "Combat points: 6 for player 0, 3 for player 1.",
    ),
    (
        alakazum,
        alakazum.story.HypnosisRolled(0, "Merlin", 3, 4),
        "Player 0 rolled 3 to hypnotise Merlin (it takes more than 4).",
    ),
    (
        alakazum,
        alakazum.story.Resisted("Merlin", 4, 4),
        "Merlin resisted the hypnosis: 4 is not more than 4.",
    ),
    (
        alakazum,
        alakazum.story.Stayed(1, "Merlin", "broom"),
        "Merlin stays in player 1's team: it rides a broom.",
    ),
    (
        alakazum,
        alakazum.story.Stayed(1, "Merlin", "last"),
        "Merlin stays in player 1's team: it is its player's last character.",
    ),
    (alakazum, alakazum.story.Met(0, "Merlin"), "Player 0 met Merlin in the forest."),
    (alakazum, alakazum.story.TurnBegan(1, 4), "Turn 4: player 1's turn begins."),
    (
        alakazum,
        alakazum.story.LevelledUp(0, "Merlin", alakazum.Level.B),
        "Player 0's Merlin rose to level B.",
    ),
    (
        alakazum,
        alakazum.story.TrapSprung(1, "Santa Claus' Present", alakazum.Kind.SANTA_CLAUS),
        "Player 1 fell into the trap Santa Claus' Present: Santa Claus' die starts rolling.",
    ),
    (
        alakazum,
        alakazum.story.SantaRolled(2, 1, True),
        "Player 2 rolled 1 with Santa Claus' die: it exploded.",
    ),
    (
        alakazum,
        alakazum.story.SantaRolled(0, 4, False),
        "Player 0 rolled 4 with Santa Claus' die: they hand it on.",
    ),
    (
        alakazum,
        alakazum.story.AlakazumFailed(1, alakazum.Culture.EUS),
        "Player 1's Alakazum with EUS failed.",
    ),
    (
        alakazum,
        alakazum.story.Decided(2, None),
        "Player 2 made a hidden choice.",
    ),
    (alakazum, alakazum.story.Left(1, "Merlin"), "Merlin left player 1's team."),
    (alakazum, alakazum.story.Buried(("Merlin", "Morgan")), "To the cemetery: Merlin, Morgan."),
    (alakazum, alakazum.story.HandChanged(3, 2, None, None), "Player 3 now holds 2 cards."),
    (
        alakazum,
        alakazum.story.GameOver((), "everybody lost"),
        "The game ended with no winner: everybody lost.",
    ),
    (
        alakazum,
        alakazum.story.GameOver((0, 1), "the most culture points"),
        "Players 0 and 1 won: the most culture points.",
    ),
]


@pytest.mark.parametrize(("module", "event", "sentence"), SAMPLES)
def test_format_event(module: Any, event: Any, sentence: str) -> None:
    assert module.format_event(event) == sentence
    assert cardgames.from_json(cardgames.to_json(event), type(event)) == event


def test_the_samples_cover_every_class() -> None:
    covered = {type(event) for _, event, _ in SAMPLES}
    for game in (alethi, lerally, alakaslam, alakazum):
        assert set(game.EVENT_TYPES) <= covered, game.__name__


def test_an_event_loads_as_its_games_event_union() -> None:
    for game in (alethi, lerally, alakaslam, alakazum):
        for _, event, _ in SAMPLES:
            if type(event) in game.EVENT_TYPES:
                text = cardgames.to_json(event)
                assert cardgames.from_json(text, game.Event) == event
    text = cardgames.to_json(alethi.story.Passed(alethi.Colour.RED, alethi.Phase.SCOUT))
    with pytest.raises(SerializationError):
        cardgames.from_json(text, lerally.Event)


def test_the_games_show_their_event_types() -> None:
    for game in cardgames.GAMES.values():
        module = importlib.import_module(getattr(game, "module"))  # noqa: B009 - not in the protocol
        assert game.event_types == tuple(module.EVENT_TYPES)
        assert game.events is module.events and game.format_event is module.format_event


# --- hostile inputs ----------------------------------------------------------------------


LONG = "Z" * 5000


def _one_step(game: AnyGame) -> tuple[Any, Any, Any]:
    before = game.new_game(seed=2)
    move = game.legal_moves(before)[0]
    return before, move, game.apply_move(before, move)


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_hostile_inputs_get_library_errors(name: str) -> None:
    game = cardgames.get_game(name)
    before, move, after = _one_step(game)
    view = game.view(before, 0)
    hostile: Any = LONG
    cases: list[tuple[type[CardgamesError], Any]] = [
        (InvalidStateError, lambda: game.events(view, move, after)),
        (InvalidStateError, lambda: game.events(before, move, LONG)),
        (InvalidStateError, lambda: game.events(None, move, after)),
        (IllegalMoveError, lambda: game.events(before, move, before)),
        (IllegalMoveError, lambda: game.events(before, LONG, after)),
        (IllegalMoveError, lambda: game.events(before, object(), after)),
        (InvalidPlayerError, lambda: game.events(before, move, after, viewer=-2)),
        (InvalidPlayerError, lambda: game.events(before, move, after, viewer=True)),
        (InvalidPlayerError, lambda: game.events(before, move, after, viewer=hostile)),
        (InvalidPlayerError, lambda: game.events(before, move, after, viewer=64)),
        (InvalidStateError, lambda: game.format_event(LONG)),
        (InvalidStateError, lambda: game.format_event(move)),
    ]
    for error, call in cases:
        with pytest.raises(error) as caught:
            call()
        assert LONG[:40] not in str(caught.value)
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_a_vouched_transition_is_told_as_a_checked_one(name: str) -> None:
    game = cardgames.get_game(name)
    before, move, after = _one_step(game)
    expected = [game.events(before, move, after, viewer=v) for v in _viewers(game, before)]
    vouch_transition(before, move, after)
    assert [game.events(before, move, after, viewer=v) for v in _viewers(game, before)] == expected
    with pytest.raises(IllegalMoveError):
        game.events(before, move, before)


def test_only_the_very_objects_vouched_for_skip_applying_the_move() -> None:
    before, move, after = _one_step(lerally.GAME)
    applied: list[Any] = []

    def apply_move(state: Any, played: Any) -> Any:
        applied.append(played)
        return lerally.apply_move(state, played)

    def check(state: Any, played: Any, then: Any) -> None:
        checked_transition(
            "lerally", state, played, then, checked=lambda s: s, apply_move=apply_move
        )

    check(before, move, after)
    assert len(applied) == 1
    vouch_transition(before, move, after)
    check(before, move, after)
    assert len(applied) == 1  # taken on trust
    # An equal copy of the state after is checked by applying the move again.
    check(before, move, cardgames.from_json(cardgames.to_json(after), type(after)))
    assert len(applied) == 2
    other = lerally.legal_moves(before)[-1]
    assert other != move
    with pytest.raises(IllegalMoveError):
        check(before, other, after)
    assert len(applied) == 3


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_hostile_event_documents_are_refused(name: str) -> None:
    game = cardgames.get_game(name)
    before, move, after = _one_step(game)
    event = game.events(before, move, after)[0]
    text = cardgames.to_json(event)
    other = next(cls for cls in game.event_types if cls is not type(event))
    with pytest.raises(SerializationError):
        cardgames.from_json(text, other)
    bad_tag = text.replace(f'"type":"{type(event).__name__.lower()}"', f'"type":"{LONG}"')
    for bad in (
        bad_tag,
        text.replace('"kind":"event"', '"kind":"move"'),
        text.replace('"game":"' + name, '"game":"x' + name),
        text.replace('"player":', '"player":"' + LONG + '","x":'),
        text.replace('"player":', '"player":-1,"y":') if '"player":' in text else bad_tag,
        '{"format":"cardgames","version":1,"game":"' + name + '","kind":"event","data":[]}',
    ):
        with pytest.raises(SerializationError) as caught:
            cardgames.from_json(bad, type(event))
        assert LONG[:40] not in str(caught.value)


def test_out_of_range_fields_are_refused_when_loaded() -> None:
    event = lerally.story.Played(1, lerally.parse_card("BL-NR"))
    text = cardgames.to_json(event)
    for bad in (
        text.replace('"player":1', '"player":99'),
        text.replace('"player":1', '"player":true'),
    ):
        with pytest.raises(SerializationError):
            cardgames.from_json(bad, lerally.story.Played)
    with pytest.raises((TypeError, ValueError)):
        attrs.evolve(event, player=-1)
    with pytest.raises(ValueError):
        alethi.story.GameOver((alethi.Colour.BLUE, alethi.Colour.RED), "unordered")
