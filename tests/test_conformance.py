"""The conformance suite: every registered game and every preset config, checked the same way.

Hypothesis draws the seed of each game and the choice of every move, then each test walks the
whole game and checks its property at every state. A game added to the registry is covered by
this module without new test code.

The tests of a preset draw the same games in a run (one Hypothesis seed for the run, a new one
each run) and conftest.py runs them one after the other, so each game is played once and every
property is checked on the very same states: what the library remembers of a state (its legal
moves, its views) is worked out once for all the properties instead of once for each. Every
property still sees as many distinct games as it draws examples.
"""

from __future__ import annotations

import copy
import hashlib
import os
import pickle
import random
import secrets
from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any

import attrs
import pytest
from hypothesis import core, given, note, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

import cardgames
from cardgames import Game, GameRecord, IllegalMoveError, InvalidStateError, Outcome
from cardgames.bench import game_playouts
from cardgames.testing import check_story

AnyGame = Game[Any, Any, Any, Any]

#: Random games per test and per (game, preset), at most. Nine tests below each play this many,
#: so the suite plays several hundred random games of every preset.
GAMES_PER_TEST = 60
#: ... and at least this many, however long the games of a preset are.
MIN_GAMES_PER_TEST = 10
#: Decisions each test may spend on a preset: a preset whose random games are long plays fewer
#: of them, so that every preset costs the suite about the same time.
DECISIONS_PER_TEST = 4000


def _typical_length(game: AnyGame, config: Any) -> float:
    """The average length of a few seeded random games of a preset."""
    samples = 4
    return game_playouts(game, config)(range(samples)) / samples


def _games_per_test(game: AnyGame, config: Any) -> int:
    budget = int(DECISIONS_PER_TEST / max(_typical_length(game, config), 1.0))
    return max(MIN_GAMES_PER_TEST, min(GAMES_PER_TEST, budget))


CASES = [
    pytest.param(game, config, _games_per_test(game, config), id=f"{name}-{preset}")
    for name, game in cardgames.GAMES.items()
    for preset, config in game.presets.items()
]

seeds = st.integers(min_value=0, max_value=2**63 - 1)
choosers = st.randoms(use_true_random=False)


@attrs.frozen
class Step:
    """One state of a game, its JSON and legal moves when it was made, and the move played."""

    state: Any
    snapshot: str
    legal: tuple[Any, ...]
    move: Any  # None at the end


@attrs.frozen
class Played:
    """A whole random game: its seed and every step."""

    seed: int
    steps: list[Step]


#: The games played so far for the preset whose tests are running, by seed: the tests of a preset
#: draw the same games, and get the first test's states back instead of playing them again.
_PLAYED: dict[tuple[str, Any], list[Played]] = {}


def play_random(game: AnyGame, config: Any, seed: int, chooser: random.Random) -> Played:
    """A whole game with moves chosen by ``chooser``; fails if it exceeds its declared bound.

    ``chooser`` picks every move as it always does; while its picks are those of a game played
    before from the same seed and preset, the steps of that game (its states, and their JSON
    when they were made) are taken as they are, and only a new pick plays on."""
    key = (game.name, config)
    if key not in _PLAYED:
        _PLAYED.clear()  # one preset at a time: the games of the others are not needed again
        _PLAYED[key] = []
    bound = game.max_decisions(config)
    followed = [played.steps for played in _PLAYED[key] if played.seed == seed]
    state = followed[0][0].state if followed else game.new_game(config, seed=seed)
    steps: list[Step] = []
    while not game.is_over(state):
        moves = game.legal_moves(state)
        move = moves[chooser.randrange(len(moves))]
        here = len(steps)
        if followed:
            known = followed[0][here]
            followed = [other for other in followed if other[here].move == move]
            steps.append(
                followed[0][here]
                if followed
                else Step(known.state, known.snapshot, known.legal, move)
            )
        else:
            steps.append(Step(state, cardgames.to_json(state), moves, move))
        state = followed[0][here + 1].state if followed else game.apply_move(state, move)
        assert len(steps) <= bound, f"{game.name} went past its bound of {bound} decisions"
    if followed:
        steps.append(followed[0][len(steps)])
        return Played(seed, steps)
    steps.append(Step(state, cardgames.to_json(state), (), None))
    played = Played(seed, steps)
    _PLAYED[key].append(played)
    return played


#: The Hypothesis seed of every test of this module in a run: the same in every xdist worker of
#: the run (from xdist's id of the run), a new one in each run. ``CONFORMANCE_SEED`` sets it, to
#: draw again the games of a run that failed (a failing test notes the seed).
RUN_SEED = int(
    os.environ.get("CONFORMANCE_SEED")
    or int.from_bytes(
        hashlib.sha256(
            (os.environ.get("PYTEST_XDIST_TESTRUNUID") or secrets.token_hex(16)).encode()
        ).digest()[:8]
    )
)


def _shared_seed() -> int | None:
    """The run's seed, unless Hypothesis already gives every test the same one: the ``ci``
    profile derandomizes (each test's seed then comes from its code, the same for all the tests
    here), and ``--hypothesis-seed`` forces one."""
    if settings().derandomize or getattr(core, "global_force_seed", None) is not None:
        return None
    return RUN_SEED


def each_game(test: Callable[[AnyGame, Any, Played], None]) -> Any:
    """Turn ``test(game, config, played)`` into a Hypothesis test over every game and preset."""

    @pytest.mark.parametrize(("game", "config", "games"), CASES)
    def wrapper(game: AnyGame, config: Any, games: int) -> None:
        shared = _shared_seed()

        @settings(max_examples=games)
        @given(seed=seeds, chooser=choosers)
        def check(seed: int, chooser: random.Random) -> None:
            if shared is not None:
                note(f"drawn with CONFORMANCE_SEED={shared}")
            test(game, config, play_random(game, config, seed, chooser))

        if shared is not None:
            check = hypothesis_seed(shared)(check)
        check()

    wrapper.__name__ = test.__name__
    wrapper.__doc__ = test.__doc__
    return wrapper


def states(played: Played) -> Iterator[Any]:
    return (step.state for step in played.steps)


def players(game: AnyGame, config: Any) -> range:
    return range(game.num_players(config))


def viewers(game: AnyGame, config: Any) -> tuple[int, ...]:
    """Every player, then the spectator: everybody a game makes views for."""
    return (*players(game, config), cardgames.SPECTATOR)


@each_game
def test_legal_moves_are_complete_unique_and_stable(
    game: AnyGame, config: Any, played: Played
) -> None:
    """Legal moves: some until the end, none after; no duplicates; the same on every call;
    every one of them applies; the player to move agrees with them."""
    for state in states(played):
        moves = game.legal_moves(state)
        assert moves == game.legal_moves(state)
        assert len(set(moves)) == len(moves)
        if game.is_over(state):
            assert moves == ()
            assert game.current_player(state) is None
            continue
        assert moves
        assert game.current_player(state) in players(game, config)
        for move in moves:
            game.apply_move(state, move)


@each_game
def test_outcome_is_well_formed(game: AnyGame, config: Any, played: Played) -> None:
    """No outcome until the end; then one return per player, 1 per winner and 0 per loser,
    or an equal share for everybody in a draw."""
    n = game.num_players(config)
    for state in states(played):
        assert (game.outcome(state) is None) == (not game.is_over(state))
    result = game.outcome(played.steps[-1].state)
    assert isinstance(result, Outcome)
    assert len(result.returns) == n
    assert result.winners <= set(range(n))
    assert result.reason
    if result.winners:
        assert result.returns == tuple(1.0 if p in result.winners else 0.0 for p in range(n))
    else:
        assert result.returns in ((0.0,) * n, (1.0 / n,) * n)


@each_game
def test_evaluate_is_a_guess_on_the_scale_of_returns(
    game: AnyGame, config: Any, played: Played
) -> None:
    """Every state has an evaluation: one value per player, each between 0 and 1, adding up to
    no more than a winning side could (one player, or two partners of a four-player table); at
    the end, the outcome's returns."""
    n = game.num_players(config)
    for state in states(played):
        value = game.evaluate(state)
        assert type(value) is tuple and len(value) == n
        assert all(type(v) is float and 0.0 <= v <= 1.0 for v in value)
        assert sum(value) <= max(1.0, n / 2) + 1e-9
    final = played.steps[-1].state
    outcome = game.outcome(final)
    assert outcome is not None
    assert game.evaluate(final) == outcome.returns


@each_game
def test_other_and_malformed_moves_are_rejected_without_change(
    game: AnyGame, config: Any, played: Played
) -> None:
    """Moves legal elsewhere in the game but not here, and malformed moves, raise
    ``IllegalMoveError`` and leave the state as it was."""
    pool = {step.move for step in played.steps if step.move is not None}
    for state in states(played):
        before = cardgames.to_json(state)
        legal = game.legal_moves(state)
        strangers = [m for m in pool if m not in legal][:8]
        malformed: list[object] = [None, "pass", object(), 42]
        for move in list(legal)[:3]:
            malformed += [attrs.evolve(move, **{f.name: None}) for f in attrs.fields(type(move))]
            malformed += [attrs.evolve(move, **{f.name: [1]}) for f in attrs.fields(type(move))]
        for move in [*strangers, *(m for m in malformed if m not in legal)]:
            with pytest.raises(IllegalMoveError):
                game.apply_move(state, move)
        assert cardgames.to_json(state) == before


def _plain(value: Any) -> Any:
    """The same value without its type: an enum's value, a named tuple's plain tuple."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple) and type(value) is not tuple:
        return tuple(value)
    return value


@each_game
def test_moves_equal_to_legal_ones_play_the_same(
    game: AnyGame, config: Any, played: Played
) -> None:
    """A move that equals a legal move but is built from plain values (a string for an enum, a
    tuple for a cell) is accepted and leads to exactly the same state."""
    for step in played.steps[:-1]:
        move = step.move
        plain = attrs.evolve(
            move, **{f.name: _plain(getattr(move, f.name)) for f in attrs.fields(type(move))}
        )
        assert plain == move
        played_plain = game.apply_move(step.state, plain)
        played_move = game.apply_move(step.state, move)
        assert played_plain == played_move
        assert cardgames.to_json(played_plain) == cardgames.to_json(played_move)


@each_game
def test_no_state_is_ever_mutated(game: AnyGame, config: Any, played: Played) -> None:
    """Every state still serializes to what it was when it was made, after the game went on and
    after every query (legal moves, views) touched it again."""
    for state in states(played):
        game.legal_moves(state)
        for p in viewers(game, config):
            game.view(state, p)
    for step in played.steps:
        assert cardgames.to_json(step.state) == step.snapshot
        assert cardgames.from_json(step.snapshot, game.state_type) == step.state
        assert game.legal_moves(step.state) == step.legal


@each_game
def test_cards_are_conserved(game: AnyGame, config: Any, played: Played) -> None:
    """Nothing is created and nothing is lost: the multiset of all cards never changes."""
    first = dict(game.card_counts(played.steps[0].state))
    assert sum(first.values()) > 0
    for state in states(played):
        assert dict(game.card_counts(state)) == first


@each_game
def test_json_round_trips_exactly(game: AnyGame, config: Any, played: Played) -> None:
    """States, views, moves and configs come back equal from JSON, and re-serialize to the same
    text; a view's JSON does not load as a state."""
    assert cardgames.from_json(cardgames.to_json(config), game.config_type) == config
    for step in played.steps:
        text = cardgames.to_json(step.state)
        back: Any = cardgames.from_json(text, game.state_type)
        assert back == step.state
        assert cardgames.to_json(back) == text
        for p in viewers(game, config):
            v = game.view(step.state, p)
            v_text = cardgames.to_json(v)
            assert cardgames.from_json(v_text, game.view_type) == v
            with pytest.raises(cardgames.SerializationError):
                cardgames.from_json(v_text, game.state_type)
        if step.move is not None:
            m_text = cardgames.to_json(step.move)
            assert cardgames.from_json(m_text, type(step.move)) == step.move
            assert game.parse_move(step.state, game.format_move(step.move)) == step.move
            for move in game.legal_moves(step.state):
                assert game.parse_move(step.state, game.format_move(move)) == move


@each_game
def test_the_library_accepts_everything_it_makes(
    game: AnyGame, config: Any, played: Played
) -> None:
    """Every state the rules make, the final one included, passes ``check_state`` when it is
    checked afresh (a copy without its memo), and every player's view of it ``check_view``."""
    for state in states(played):
        fresh = copy.copy(state)
        assert game.check_state(fresh) is fresh
        assert fresh == state
        for p in viewers(game, config):
            v = game.view(state, p)
            assert game.check_view(v) is v


@each_game
def test_copies_and_pickles_keep_everything(game: AnyGame, config: Any, played: Played) -> None:
    """States, views and moves come back from ``pickle``, ``copy.deepcopy`` and ``copy.copy``
    equal, with the same legal moves, and play on exactly as the originals do; so does a record
    of the whole game. (Every copy is checked afresh when first used, so a sample of the states
    is copied: every fourth one and the last.)"""
    for step in [*played.steps[::4], played.steps[-1]]:
        state = step.state
        for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
            assert copied == state
            assert hash(copied) == hash(state)
            assert game.legal_moves(copied) == step.legal
            if step.move is not None:
                moved = pickle.loads(pickle.dumps(step.move))
                assert moved == step.move == copy.deepcopy(step.move)
                assert game.apply_move(copied, moved) == game.apply_move(state, step.move)
        for p in viewers(game, config):
            v = game.view(state, p)
            for copied_view in (pickle.loads(pickle.dumps(v)), copy.deepcopy(v)):
                assert copied_view == v
                assert game.check_view(copied_view) is copied_view
    record = GameRecord(
        game=game.name,
        config=config,
        seed=played.seed,
        moves=tuple(s.move for s in played.steps if s.move is not None),
        outcome=game.outcome(played.steps[-1].state),
    )
    for copied_record in (pickle.loads(pickle.dumps(record)), copy.deepcopy(record)):
        assert copied_record == record
        assert copied_record.final_state() == played.steps[-1].state


@each_game
def test_views_hide_what_players_may_not_see(game: AnyGame, config: Any, played: Played) -> None:
    """A view is the same for every state that differs only in what its player may not see:
    states resampled from the view give the same view and, for the player to move, the same
    legal moves. A view never carries the random generator, and is refused as a state."""
    for step in played.steps:
        state = step.state
        rng = getattr(state, "rng", None)
        for p in viewers(game, config):
            v = game.view(state, p)
            v_text = cardgames.to_json(v)
            assert '"rng"' not in v_text
            if rng is not None and rng.state >= 10**9:
                assert str(rng.state) not in v_text
            with pytest.raises(InvalidStateError):
                game.legal_moves(v)
            for k in range(2):
                other = game.resample(v, seed=k)
                assert game.view(other, p) == v
                if game.current_player(state) == p:
                    assert game.legal_moves(other) == game.legal_moves(state)
                # A spectator knows nothing a player does not: whatever a player may not see,
                # the spectator's view stays the same.
                spectator = game.view(state, cardgames.SPECTATOR)
                assert game.view(other, cardgames.SPECTATOR) == spectator
        assert game.current_player(state) != cardgames.SPECTATOR


#: At most this many legal moves of a state are compared by the event properties below.
MOVES_COMPARED = 6


def _compared_moves(state: Any, move: Any, legal: tuple[Any, ...], seed: int) -> list[Any]:
    """The move played and a few other legal moves of ``state``, chosen by ``seed``."""
    others = [m for m in legal if m != move]
    random.Random(seed).shuffle(others)
    return [move, *others[: MOVES_COMPARED - 1]]


@each_game
def test_events_are_a_function_of_the_viewers_views(
    game: AnyGame, config: Any, played: Played
) -> None:
    """What a move tells a viewer depends on nothing but the viewer's views before and after:
    two moves that leave a viewer the same view tell that viewer the same events, and so does
    the same move from a state that differs only in what the viewer may not see (one dealt
    afresh from the viewer's view). Otherwise the story would tell a player, a spectator or a
    user interface more than the view does."""
    for number, step in enumerate(played.steps[:-1]):
        state = step.state
        moves = _compared_moves(state, step.move, step.legal, played.seed + number)
        afters = [(m, game.apply_move(state, m)) for m in moves]
        for p in viewers(game, config):
            told: dict[str, tuple[Any, tuple[object, ...]]] = {}
            for m, after in afters:
                seen = cardgames.to_json(game.view(after, p))
                events = game.events(state, m, after, viewer=p)
                if seen in told:
                    first, first_events = told[seen]
                    assert events == first_events, (
                        f"viewer {p} sees the same after {game.format_move(first)!r} and "
                        f"{game.format_move(m)!r}, but is told {first_events} and {events}"
                    )
                told[seen] = (m, events)
        p = list(viewers(game, config))[number % (game.num_players(config) + 1)]
        other = game.resample(game.view(state, p), seed=number)
        legal = set(game.legal_moves(other))
        for m, after in afters:
            if m not in legal:
                continue
            other_after = game.apply_move(other, m)
            if game.view(other_after, p) == game.view(after, p):
                assert game.events(other, m, other_after, viewer=p) == game.events(
                    state, m, after, viewer=p
                ), f"viewer {p} is told of hidden cards by {game.format_move(m)!r}"


@each_game
def test_the_story_agrees_with_the_states(game: AnyGame, config: Any, played: Played) -> None:
    """Each move's events, read in order and told to each viewer, agree with the states they
    tell of: the cells, cards, players, rolls and scores are those of ``before`` and
    ``after`` (the game's story check, run by ``cardgames.testing.check_game`` too)."""
    for step, after in zip(played.steps, played.steps[1:], strict=False):
        for p in (None, *viewers(game, config)):
            told = game.events(step.state, step.move, after.state, viewer=p)
            check_story(game, step.state, step.move, after.state, told, p)


@attrs.frozen
class Swap:
    """A state with two hidden cards swapped: where each of them went (a player's hand, or the
    bottom of the deck: ``None``), and the players who see neither place."""

    state: Any
    places: tuple[tuple[int | None, Any], ...]  # (hand or None for the deck, the card there)
    unaware: frozenset[int]


#: The fields that hold a game's face-down draw pile, drawn from its end.
_DECKS = ("deck", "forest")


def _seen_from_top(state: Any) -> int:
    """How many cards from the top of the deck some player has seen, in a game whose states
    count them (``seen``, one count a player): the bottom card is hidden only below those, so
    a deck of no more cards than that has no hidden card to swap."""
    seen = getattr(state, "seen", ())
    if isinstance(seen, tuple) and seen and all(type(s) is int for s in seen):
        return int(max(seen))
    return 0


def _hidden_swaps(game: AnyGame, state: Any, seed: int) -> Iterator[Swap]:
    """States that differ from ``state`` by two hidden cards swapped, a few chosen by
    ``seed``: a card of one hand for a card of another, or for the bottom card of the deck,
    never in the hand of the player to move (whose own move may show their cards) nor of the
    player whose turn it is, in a game whose states say so (``active``: an action they
    announced may be carried out, showing their cards, on somebody else's answer). Only swaps
    whose state passes the game's check are made; a game whose states keep no ``hands`` has
    none."""
    hands = getattr(state, "hands", None)
    mover = game.current_player(state)
    if not isinstance(hands, tuple) or mover is None:
        return
    active = getattr(state, "active", None)
    deck_name = next((name for name in _DECKS if isinstance(getattr(state, name, None), tuple)), "")
    deck: tuple[Any, ...] = getattr(state, deck_name, ())
    rng = random.Random(seed)
    n = len(hands)
    others = [p for p in range(n) if p not in (mover, active) and hands[p]]
    key = _sort_key(hands)
    for attempt in range(4):
        if not others:
            return
        r = rng.choice(others)
        i = rng.randrange(len(hands[r]))
        mine = list(hands[r])
        rest = [t for t in others if t != r]
        swapped = list(hands)
        if attempt % 2 == 0 and rest:
            t = rng.choice(rest)
            j = rng.randrange(len(hands[t]))
            theirs = list(hands[t])
            if mine[i] == theirs[j]:
                continue
            mine[i], theirs[j] = theirs[j], mine[i]
            swapped[t] = tuple(sorted(theirs, key=key))
            swapped[r] = tuple(sorted(mine, key=key))
            changes: dict[str, Any] = {"hands": tuple(swapped)}
            places: tuple[tuple[int | None, Any], ...] = ((r, mine[i]), (t, theirs[j]))
            unaware = frozenset(range(n)) - {r, t}
        elif len(deck) > _seen_from_top(state):
            bottom = deck[0]
            if bottom == mine[i]:
                continue
            mine[i] = bottom
            swapped[r] = tuple(sorted(mine, key=key))
            changes = {"hands": tuple(swapped), deck_name: (hands[r][i], *deck[1:])}
            places = ((r, bottom), (None, hands[r][i]))
            unaware = frozenset(range(n)) - {r}
        else:
            continue
        try:
            other = game.check_state(attrs.evolve(state, **changes))
        except cardgames.CardgamesError:
            continue
        yield Swap(other, places, unaware)


def _sort_key(hands: tuple[tuple[Any, ...], ...]) -> Callable[[Any], Any]:
    """How the game keeps a hand in order: by the cards themselves, or by their names."""
    try:
        if all(list(h) == sorted(h) for h in hands):
            return lambda card: card
    except TypeError:  # cards without an order of their own
        pass
    return lambda card: card.name


def _still_there(state: Any, places: tuple[tuple[int | None, Any], ...]) -> bool:
    """Whether each card is still where the swap put it: in its hand, or at the bottom of the
    deck (so nothing has shown it)."""
    for place, card in places:
        if place is None:
            deck = next(
                (getattr(state, n) for n in _DECKS if isinstance(getattr(state, n, None), tuple)),
                (),
            )
            if deck[:1] != (card,):
                return False
        elif card not in state.hands[place]:
            return False
    return True


@each_game
def test_a_hidden_swap_changes_no_other_players_view(
    game: AnyGame, config: Any, played: Played
) -> None:
    """Swapping two hidden cards (of two hands, or of a hand and the deck) never changes what
    anybody else sees, before or after the same move by a third player, as long as both cards
    stay hidden: the rules never let a player learn another's hidden cards by whether
    somebody is asked something (a voodoo doll, a potion), only by what the holder does."""
    for number, step in enumerate(played.steps[:-1]):
        state = step.state
        for swap in _hidden_swaps(game, state, played.seed + number):
            legal = set(game.legal_moves(swap.state))
            watchers = (*sorted(swap.unaware), cardgames.SPECTATOR)
            for p in watchers:
                assert game.view(swap.state, p) == game.view(state, p)
            swapped_back = tuple(
                (place, card)
                for (place, _), (_, card) in zip(swap.places, swap.places[::-1], strict=True)
            )
            for m in _compared_moves(state, step.move, step.legal, number):
                if m not in legal:
                    continue
                after, other_after = game.apply_move(state, m), game.apply_move(swap.state, m)
                if not (
                    _still_there(other_after, swap.places) and _still_there(after, swapped_back)
                ):
                    continue  # the move took a swapped card where others may see it
                for p in watchers:
                    assert game.view(other_after, p) == game.view(after, p), (
                        f"player {p} learns of two hidden cards swapped from "
                        f"{game.format_move(m)!r}"
                    )


@each_game
def test_replay_is_identical(game: AnyGame, config: Any, played: Played) -> None:
    """A record of the game, through JSON and back, replays to the very same states."""
    steps = played.steps
    record = GameRecord(
        game=game.name,
        config=config,
        seed=played.seed,
        moves=tuple(s.move for s in steps if s.move is not None),
        players=tuple(f"p{i}" for i in players(game, config)),
        outcome=game.outcome(steps[-1].state),
    )
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert list(loaded.states()) == [s.state for s in steps]
    assert game.outcome(loaded.final_state()) == record.outcome


def test_every_game_is_registered_with_its_presets() -> None:
    """The registry lists each game under its own name, with a default preset first."""
    for name, game in cardgames.GAMES.items():
        assert game.name == name
        assert next(iter(game.presets)) == "default"
        assert cardgames.get_game(name) is game
