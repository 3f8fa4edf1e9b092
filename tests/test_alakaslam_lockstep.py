"""AlakaSLAM's quick paths, each held in lock-step to the plain reading it stands for.

The rules (``legal_moves``, ``apply_move``, ``new_game``) are held to
:mod:`cardgames.alakaslam.reference` over random matches of every preset (``tests/lockstep.py``)
and step by step; then each quick path on its own:

- the plays of a hand, looked up by what of the hand can matter (``_fast.play_options``),
  against :func:`~cardgames.alakaslam.reference.plays` over thousands of random hands, binds
  and locks, singles and doubles, default and custom decks; ``resample`` likewise deals a
  hitter's hidden face-down cards only as a play the hitter could have made;
- the draft a move works on, the twin of ``_fast.draft_of`` and ``_fast.blank_draft``, against
  the readable :class:`~cardgames.alakaslam.draft.Draft`;
- where a shot lands (``_fast.course``, ``_fast.landing``) and when a match ends (outcomes made
  once) against the reference's plain reading.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from cardgames import alakaslam
from cardgames.alakaslam import (
    DEFAULT_DECK,
    Card,
    CardCount,
    Cell,
    Character,
    Colour,
    Config,
    Hit,
    Phase,
    State,
    Support,
    _fast,
    enchant,
    hit,
    legal_moves,
    new_game,
    plays,
    reference,
    resample,
    view,
)
from cardgames.alakaslam._fast import twin as twin_module
from cardgames.alakaslam.config import deck_cards
from cardgames.alakaslam.court import court_for
from cardgames.alakaslam.draft import TRUSTED, Draft
from cardgames.alakaslam.plays import play_problem
from cardgames.alakaslam.state import match_end
from cardgames.errors import IllegalMoveError
from cardgames.rng import Rng
from lockstep import hold_to_reference

#: A replacement deck unlike the default one: Hit values 0-4, many copies of each face, and
#: Enchantments of every value (Enchant-3 included), so that hands hold long runs of one face.
CUSTOM_DECK = (
    *(CardCount(hit(value, colour), 5) for colour in Colour for value in range(5)),
    CardCount(enchant(1), 4),
    CardCount(enchant(2), 4),
    CardCount(enchant(3), 4),
)
#: A deck heavy in Enchantments: random face-down cards dealt from it would often hold two.
ENCHANTED_DECK = (
    *(CardCount(hit(value, colour), 6) for colour in Colour for value in range(3)),
    CardCount(enchant(2), 30),
    CardCount(enchant(3), 30),
)

#: Characters whose abilities do not touch what a play may hold (Rich's lock is set by hand).
SINGLES_CAST = (Character.STEN, Character.CORWIN)
DOUBLES_CAST = (Character.STEN, Character.CORWIN, Character.HAZEL, Character.AUSTIN)

CONFIGS = {
    "default-singles": Config(characters=SINGLES_CAST),
    "custom-singles": Config(deck=CUSTOM_DECK, characters=SINGLES_CAST),
    "default-doubles": Config(players=4, characters=DOUBLES_CAST),
    "custom-doubles": Config(players=4, deck=CUSTOM_DECK, characters=DOUBLES_CAST),
}
SINGLES_CONFIGS = ["default-singles", "custom-singles"]
DOUBLES_CONFIGS = ["default-doubles", "custom-doubles"]

#: Random hands (with a random bind and lock) tried per config.
HANDS = 1500


def reference_plays(hand: tuple[Card, ...], bind: int, locked: bool) -> set[tuple[Card, ...]]:
    """The cards of each of the reference's plays of ``hand``."""
    return {play.cards for play in reference.plays(hand, bind, locked, False)}


# --- positions ------------------------------------------------------------------------------------


def random_hand(rng: random.Random, pool: list[Card], most: int = 10) -> tuple[Card, ...]:
    """A random hand of 0 to ``most`` cards out of ``pool`` (which loses them)."""
    rng.shuffle(pool)
    size = rng.randint(0, min(most, len(pool)))
    hand = tuple(sorted(pool[:size]))
    del pool[:size]
    return hand


def random_bind(rng: random.Random) -> int:
    """No bind half of the time; otherwise a bind of 1, 2 or 3 cards."""
    return rng.choice([0, 0, 0, 1, 2, 3])


def with_hands(
    base: State, hands: dict[int, tuple[Card, ...]], played: tuple[Card, ...] = ()
) -> State:
    """``base`` with these hands (every other hand empty) and face-down cards; all the other
    cards of the config make the deck, so that every card is somewhere once."""
    rest = Counter(deck_cards(base.config))
    every_hand = tuple(hands.get(p, ()) for p in range(base.config.players))
    for hand in every_hand:
        rest.subtract(hand)
    rest.subtract(played)
    assert all(count >= 0 for count in rest.values())
    return attrs.evolve(
        base, hands=every_hand, played=played, deck=tuple(rest.elements()), discard=()
    )


def on_court(config: Config) -> State:
    """A match of ``config`` in the middle of a point, nobody bound, the ball on player 0."""
    state = new_game(config, seed=0)
    positions = (Cell(0, 0), Cell(1, 3), Cell(2, 1), Cell(2, 2))[: config.players]
    return attrs.evolve(
        state,
        phase=Phase.MOVE,
        to_move=0,
        queue=(),
        positions=positions,
        ball=positions[0],
        server=0,
        free_step=True,
        binds=(0,) * config.players,
    )


def hit_position(rng: random.Random, config: Config) -> tuple[State, int, bool]:
    """Player 0 on the ball in the move phase with a random hand, bind and lock."""
    pool = list(deck_cards(config))
    hand = random_hand(rng, pool)
    bind, locked = random_bind(rng), rng.random() < 0.3
    base = on_court(config)
    binds = (bind,) + (0,) * (config.players - 1)
    state = with_hands(attrs.evolve(base, binds=binds, locked=locked), {0: hand})
    return state, bind, locked


def support_position(
    rng: random.Random, config: Config
) -> tuple[State, tuple[Card, ...], int, bool]:
    """Doubles: player 0 has played a random legal play face down; player 2, the support, holds
    a random hand under a random bind and lock. Half the time the opponents hold all but a few
    cards of the deck (as late in a long point), so that the unseen cards are mostly in hands.
    Also returns the hitter's bind."""
    pool = list(deck_cards(config))
    locked = rng.random() < 0.3
    while True:
        hitter_hand = random_hand(rng, pool)
        hitter_bind = random_bind(rng)
        options = sorted(reference_plays(hitter_hand, hitter_bind, locked))
        if options:
            break
        pool.extend(hitter_hand)
    played = rng.choice(options)
    left = tuple(sorted((Counter(hitter_hand) - Counter(played)).elements()))
    support_hand = random_hand(rng, pool)
    bind = random_bind(rng)
    opponents: dict[int, tuple[Card, ...]] = {}
    if rng.random() < 0.5:
        rng.shuffle(pool)
        dealt = pool[rng.randint(0, 4) :]
        opponents = {1: tuple(sorted(dealt[0::2])), 3: tuple(sorted(dealt[1::2]))}
    base = on_court(config)
    state = attrs.evolve(
        base,
        phase=Phase.SUPPORT,
        to_move=2,
        hitter=0,
        binds=(hitter_bind, 0, bind, 0),
        locked=locked,
        shots=1,
    )
    state = with_hands(state, {0: left, 2: support_hand, **opponents}, played=played)
    return state, played, hitter_bind, locked


# --- the tests ------------------------------------------------------------------------------------


def test_reference_enumeration_by_hand() -> None:
    """The reference itself, on a hand small enough to list: R1 R1 B0 E1 E2."""
    r1, b0, e1, e2 = hit(1, Colour.RED), hit(0, Colour.BLUE), enchant(1), enchant(2)
    hand = tuple(sorted((r1, r1, b0, e1, e2)))
    assert reference_plays(hand, 2, locked=True) == {
        tuple(sorted(cards)) for cards in [(r1, r1), (r1, b0)]
    }
    assert reference_plays(hand, 1, locked=False) == {(b0,), (r1,), (e1,), (e2,)}
    assert reference_plays(hand, 3, locked=False) == {
        tuple(sorted(cards))
        for cards in [(r1, r1, b0), (r1, r1, e1), (r1, r1, e2), (r1, b0, e1), (r1, b0, e2)]
    }
    assert len(reference_plays(hand, 0, locked=False)) == 4 + 6 + 5
    assert reference_plays((e1, e2), 2, locked=False) == set()


@pytest.mark.parametrize("name", list(CONFIGS))
def test_hits_offered_are_exactly_the_reference_plays(name: str) -> None:
    """The ``Hit`` moves of a player on the ball are the reference plays of their hand, for
    random hands, binds and locks, singles and doubles, default and custom decks."""
    config = CONFIGS[name]
    rng = random.Random(f"hits-{name}")
    seen = Counter[str]()
    for _ in range(HANDS):
        state, bind, locked = hit_position(rng, config)
        offered = [m for m in legal_moves(state) if isinstance(m, Hit)]
        expected = reference_plays(state.hands[0], bind, locked)
        assert len(offered) == len(set(offered)), "a play is offered twice"
        assert {m.cards for m in offered} == expected, (state.hands[0], bind, locked)
        seen.update(["bound" if bind else "free", "locked" if locked else "open"])
        seen.update(["none" if not expected else "some"])
    assert min(seen.values()) > HANDS // 10, seen


@pytest.mark.parametrize("name", DOUBLES_CONFIGS)
def test_support_plays_offered_are_exactly_the_reference_plays(name: str) -> None:
    """Doubles: the ``Support`` moves are the reference plays of the support's hand (and when
    there is none, the support can only let the point go)."""
    config = CONFIGS[name]
    rng = random.Random(f"support-{name}")
    seen = Counter[str]()
    for _ in range(HANDS):
        state, _played, _hitter_bind, locked = support_position(rng, config)
        bind = state.binds[2]
        moves = legal_moves(state)
        offered = [m for m in moves if isinstance(m, Support)]
        expected = reference_plays(state.hands[2], bind, locked)
        assert len(offered) == len(set(offered)), "a play is offered twice"
        assert {m.cards for m in offered} == expected, (state.hands[2], bind, locked)
        assert not any(isinstance(m, Hit) for m in moves)
        if not expected:
            assert len(moves) == 1
        seen.update(["bound" if bind else "free", "locked" if locked else "open"])
        seen.update(["none" if not expected else "some"])
    assert min(seen.values()) > HANDS // 10, seen


@pytest.mark.parametrize(
    "deck", [DEFAULT_DECK, CUSTOM_DECK, ENCHANTED_DECK], ids=["default", "custom", "enchanted"]
)
def test_resampled_face_down_play_is_one_the_hitter_could_make(
    deck: tuple[CardCount, ...],
) -> None:
    """``resample`` of a view that does not show the hitter's face-down cards deals them as a
    legal play: the count seen, at most one Enchantment, none under Rich's lock."""
    config = Config(players=4, deck=deck, characters=DOUBLES_CAST)
    rng = random.Random(f"resample-{len(deck_cards(config))}")
    locks = Counter[bool]()
    for _ in range(300):
        state, played, hitter_bind, locked = support_position(rng, config)
        locks[locked] += 1
        for player in (2, 1, 3):
            seen = view(state, player)
            assert seen.played == () and seen.played_count == len(played)
            for _ in range(4):
                # The view comes from a real state, so resampling it must never fail.
                again = resample(seen, seed=rng.randrange(2**32))
                assert len(again.played) == len(played)
                assert play_problem(again.played, hitter_bind, locked) is None, (
                    again.played,
                    locked,
                )
                assert again.hands[player] == state.hands[player]
                assert legal_moves(again)
    assert locks[True] > 30 and locks[False] > 30


# --- the rules, step by step ------------------------------------------------------------------

PRESETS = sorted(alakaslam.GAME.presets)


def _fields(state: alakaslam.State) -> list[object]:
    return [getattr(state, field.name) for field in attrs.fields(alakaslam.State) if field.init]


def test_the_rules_are_the_reference_over_random_matches() -> None:
    """At every state of random matches of every preset, the legal moves are the reference's,
    in its order, and each move (or a sample of them) leads to the reference's next state."""
    assert hold_to_reference(alakaslam.GAME, reference) > 500


@pytest.mark.parametrize("preset", PRESETS)
def test_every_step_is_the_readable_rules_step(preset: str) -> None:
    """The public functions give, step by step, the moves and the next states of the
    reference (the readable draft, the moves worked out anew) from a match the reference
    dealt; every state they make is a plain, trusted State."""
    config = alakaslam.GAME.presets[preset]
    kinds: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = alakaslam.new_game(config, seed=seed)
        plain = reference.new_game(config, seed)
        while True:
            assert type(state) is alakaslam.State
            assert state == plain
            assert _fields(state) == _fields(plain)
            if alakaslam.is_over(state):
                break
            moves = alakaslam.legal_moves(state)
            assert moves == reference.legal_moves(plain)
            move = moves[rng.randrange(len(moves))]
            kinds.add(type(move).__name__)
            plain = reference.apply_move(plain, move)
            state = alakaslam.apply_move(state, move)
            # Trusted, its moves to be worked out, or given at once (checked on the next step).
            assert state._memo is TRUSTED or type(state._memo) is tuple
    expected = {"Mulligan", "Keep", "Hit", "Discard", "Corner"}
    if preset == "tiny":
        expected.discard("Discard")  # hands of one card: a hit leaves nothing to discard
    assert expected <= kinds


def test_the_reference_refuses_a_move_not_listed() -> None:
    """The reference applies only the moves it lists, as the rules do."""
    state = alakaslam.new_game(seed=1)
    with pytest.raises(IllegalMoveError):
        reference.apply_move(state, Hit((hit(0, Colour.RED),)))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_blank_draft_is_the_readable_blank(preset: str) -> None:
    """The match before the deal, made on the twin, is field for field the readable one."""
    config = alakaslam.GAME.presets[preset]
    rng = Rng.from_seed(5)
    fast = _fast.blank_draft(config, rng).finish()
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
        again = _fast.draft_of(state).finish()
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
    twin = _fast.draft_of(state)
    twin.draw(1, 2, 1)
    assert calls[-1] == (1, 2, 1)
    assert len(twin.finish().hands[1]) == 10
    assert twin_module._TwinDraft.draw is not Draft.draw


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
                assert found == reference.match_end(config, score, shots)


def test_a_shot_lands_as_its_cards_say() -> None:
    """A shot's course, kept once per shot, is the chapter's, and the ball lands where the
    reference says, for every shot of up to three faces from every cell."""
    faces = sorted({entry.card for entry in alakaslam.DEFAULT_DECK})
    shots = [
        shot for size in (1, 2, 3) for shot in itertools.combinations_with_replacement(faces, size)
    ]
    for config in (alakaslam.Config(), alakaslam.Config(players=4)):
        court = court_for(config.columns)
        for shot in shots:
            across, distance = _fast.course(shot)
            assert (across, distance) == plays.course(shot)
            for side in (0, 1):
                for start in court.halves[side]:
                    assert _fast.landing(config, start, side, across, distance) == (
                        reference.landing(config, start, side, shot)
                    )


def test_a_course_is_each_cards_pull_and_push() -> None:
    """Each card's colour pulls the ball one column toward its edge (blue one way, red the
    other), and each Hit card's value sends it that many rows on; an Enchantment does neither."""
    r2, b1, r0, e2 = hit(2, Colour.RED), hit(1, Colour.BLUE), hit(0, Colour.RED), enchant(2)
    assert plays.course((r2,)) == (1, 2)
    assert plays.course((b1, r2)) == (0, 3)
    assert plays.course((b1, b1, r0)) == (-1, 2)
    assert plays.course((e2, r0)) == (1, 0)
