"""AlakaSLAM's quicker move path held to its readable reference, step by step through random
games of every preset: the draft that becomes the next state against the readable
:class:`~cardgames.alakaslam.draft.Draft`, and the legal moves and moves applied through the
public functions against the rules worked out from scratch at every step."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

from cardgames import alakaslam
from cardgames.alakaslam import draft as alakaslam_draft
from cardgames.alakaslam import hitting, set_up
from cardgames.alakaslam import rules as alakaslam_rules
from cardgames.alakaslam.cards import Colour
from cardgames.alakaslam.court import court_for
from cardgames.alakaslam.draft import TRUSTED, Draft, blank_draft, draft_of
from cardgames.alakaslam.state import match_end
from cardgames.game import Outcome
from cardgames.rng import Rng

PRESETS = sorted(alakaslam.GAME.presets)


def _fields(state: alakaslam.State) -> list[object]:
    return [getattr(state, field.name) for field in attrs.fields(alakaslam.State) if field.init]


def _reference_new_game(config: alakaslam.Config, seed: int) -> alakaslam.State:
    """A new match as the readable draft makes it."""
    d = Draft.blank(config, Rng.from_seed(seed))
    set_up.begin(d)
    return d.finish()


def _reference_step(
    state: alakaslam.State, move: alakaslam.Move
) -> tuple[tuple[alakaslam.Move, ...], alakaslam.State]:
    """The legal moves of ``state`` worked out from scratch, and the state after ``move``,
    found among them by equality and applied on the readable draft."""
    options, plays = alakaslam_rules._legal(state)
    legal = alakaslam_rules._find(options, plays, move)
    assert legal is not None
    d = Draft(state)
    d.last_mover, d.last_move = state.to_move, legal
    alakaslam_rules._APPLY[type(legal)](d, legal)
    return options, d.finish()


@pytest.mark.parametrize("preset", PRESETS)
def test_every_step_is_the_readable_rules_step(preset: str) -> None:
    """The public functions give, step by step, the moves and the next states of the
    readable draft and of the moves worked out anew; every state they make is a plain,
    trusted State."""
    config = alakaslam.GAME.presets[preset]
    kinds: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = alakaslam.new_game(config, seed=seed)
        reference = _reference_new_game(config, seed)
        while True:
            assert type(state) is alakaslam.State
            assert state == reference
            assert _fields(state) == _fields(reference)
            if alakaslam.is_over(state):
                break
            moves = alakaslam.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            options, reference = _reference_step(reference, move)
            assert moves == options
            kinds.add(type(move).__name__)
            state = alakaslam.apply_move(state, move)
            # Trusted, its moves to be worked out, or given at once (checked on the next step).
            assert state._memo is TRUSTED or type(state._memo) is tuple
    assert {"Mulligan", "Keep", "Hit", "Discard", "Corner"} <= kinds


@pytest.mark.parametrize("preset", PRESETS)
def test_a_blank_draft_is_the_readable_blank(preset: str) -> None:
    """The match before the deal, made on the twin, is field for field the readable one."""
    config = alakaslam.GAME.presets[preset]
    rng = Rng.from_seed(5)
    fast = blank_draft(config, rng).finish()
    slow = Draft.blank(config, rng).finish()
    assert type(fast) is alakaslam.State
    assert fast == slow
    assert _fields(fast) == _fields(slow)
    assert fast._memo is slow._memo is TRUSTED


def test_a_twin_left_as_it_is_finishes_into_the_same_state() -> None:
    """Copied onto the twin and turned into a State, a state comes back field for field; the
    state it was copied from is left as it was."""
    state = alakaslam.new_game(seed=2)
    rng = random.Random(2)
    for _ in range(40):
        before = _fields(state)
        again = draft_of(state).finish()
        assert type(again) is alakaslam.State
        assert again == state
        assert _fields(again) == before == _fields(state)
        state = alakaslam.apply_move(state, rng.choice(alakaslam.legal_moves(state)))


def test_the_twin_draws_through_the_drafts_own_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever stands for ``Draft.draw`` stands for the twin's draw too (so a test that
    replaces it replaces it on both paths)."""
    calls: list[tuple[int, int, int]] = []
    readable = Draft.draw

    def counted(d: Any, player: int, count: int, from_discard: int = 0) -> None:
        calls.append((player, count, from_discard))
        readable(d, player, count, from_discard)

    monkeypatch.setattr(Draft, "draw", counted)
    state = alakaslam.new_game(seed=4)
    assert calls == [(0, 8, 0), (1, 8, 0)]
    twin = draft_of(state)
    twin.draw(1, 2, 1)
    assert calls[-1] == (1, 2, 1)
    assert len(twin.finish().hands[1]) == 10
    assert alakaslam_draft._TwinDraft.draw is not Draft.draw


def _plain_match_end(
    config: alakaslam.Config, score: tuple[int, int], shots: int
) -> Outcome | None:
    """When a match ends, as the rules page says it, each outcome made afresh."""
    n = config.players
    for side in (0, 1):
        if score[side] >= config.points_to_win:
            return Outcome.win(set(alakaslam.team(n, side)), n, "won the match")
    if shots < config.shot_limit:
        return None
    if score[0] == score[1]:
        return Outcome.draw(n, "shot limit reached with the score level")
    leader = 0 if score[0] > score[1] else 1
    return Outcome.win(set(alakaslam.team(n, leader)), n, "ahead when the shot limit was reached")


@pytest.mark.parametrize("players", [2, 4])
def test_a_match_ends_as_the_plain_reading_says(players: int) -> None:
    """The quick answer for a match going on, and the outcomes made once, agree with the
    plain reading over every score and shot count near the limits."""
    config = alakaslam.Config(players=players, points_to_win=3, shot_limit=5)
    for first in range(5):
        for second in range(5):
            for shots in range(8):
                score = (first, second)
                found = match_end(config, score, shots)
                assert found == _plain_match_end(config, score, shots)


def test_a_shot_lands_as_its_cards_say() -> None:
    """A shot's course, worked out once per shot, is each card's pull and push added up, and
    it lands where the court says, for every shot of up to three faces from every cell."""
    faces = sorted({entry.card for entry in alakaslam.DEFAULT_DECK})
    shots = [
        shot for size in (1, 2, 3) for shot in itertools.combinations_with_replacement(faces, size)
    ]
    for config in (alakaslam.Config(), alakaslam.Config(players=4)):
        court = court_for(config.columns)
        for shot in shots:
            across = sum(-1 if c.colour is Colour.BLUE else 1 for c in shot if c.colour)
            distance = sum(c.value for c in shot if c.kind is alakaslam.CardKind.HIT)
            assert hitting._course(shot) == (across, distance)
            for side in (0, 1):
                for start in court.halves[side]:
                    assert hitting._landing(config, start, side, across, distance) == (
                        court.land(start, side, across, distance)
                    )
