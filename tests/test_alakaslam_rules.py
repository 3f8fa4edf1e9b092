"""The rules of AlakaSLAM, one test per rule.

Positions are real matches (``new_game``) changed with ``attrs.evolve``: hands, places and the
ball are written in notation (``"R2 B1 E1"`` for a red Hit-2, a blue Hit-1 and an Enchant-1;
``"b4"`` for a cell), and every card not placed elsewhere goes to the deck, so the cards are
conserved. Cells are named from the blue edge (column ``a``) and from side 0's baseline (row
``1``): side 0 (players 0 and 2) defends rows 1-2 and hits toward row 4, side 1 (players 1 and
3) defends rows 3-4 and hits toward row 1. The net lies between rows 2 and 3. Singles courts
run from column ``a`` to ``c``, doubles courts to ``d``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest

from cardgames import IllegalMoveError
from cardgames.alakaslam import (
    Call,
    Card,
    CardCount,
    Cell,
    Character,
    Choose,
    Colour,
    Config,
    Copy,
    Corner,
    Decline,
    Discard,
    DiscardStep,
    Done,
    Fault,
    Hit,
    Keep,
    Meddle,
    Mulligan,
    Phase,
    PickServer,
    Point,
    State,
    Step,
    Support,
    Target,
    apply_move,
    card_counts,
    enchant,
    hit,
    is_over,
    legal_moves,
    new_game,
    outcome,
    parse_card,
    parse_move,
    view,
)
from cardgames.alakaslam.config import deck_cards
from cardgames.alakaslam.court import court_for
from cardgames.alakaslam.notation import parse_cell

RED, BLUE = Colour.RED, Colour.BLUE
RICH, TOOTS, SIMON, WENDOLYN = Character.RICH, Character.TOOTS, Character.SIMON, Character.WENDOLYN
AUSTIN, HAZEL, CORWIN, STEN = Character.AUSTIN, Character.HAZEL, Character.CORWIN, Character.STEN

CONFIG = Config()
DOUBLES = Config(players=4)
#: Characters whose abilities stay out of the way of most tests: Rich only matters for an
#: Enchant-2 of player 0, Sten only for a serve of player 1.
SINGLES_CAST = (RICH, STEN)
#: Doubles: Simon copies nobody in a hand-made position; Austin (player 2) only adds paid steps.
DOUBLES_CAST = (STEN, SIMON, AUSTIN, RICH)


# --- building positions ---------------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    """The cards a text names, sorted like a hand: ``cards("R2 E1")``."""
    return tuple(sorted(parse_card(code) for code in text.split()))


def in_order(text: str) -> tuple[Card, ...]:
    """The cards a text names, in the text's order."""
    return tuple(parse_card(code) for code in text.split())


def cell(name: str) -> Cell:
    return parse_cell(name)


def with_cards(
    state: State,
    *,
    hands: Sequence[str] | None = None,
    discard: str = "",
    deck_top: str = "",
    deck: str | None = None,
) -> State:
    """``state`` with these hands and discard pile (written bottom card first). The deck holds
    every other card of the config, ``deck_top``'s cards drawn first, in that order; with
    ``deck`` given, the deck is exactly those cards (drawn in that order) and every other card
    lies under the discard pile."""
    new_hands = state.hands if hands is None else tuple(cards(h) for h in hands)
    pile = in_order(discard)
    top = in_order(deck if deck is not None else deck_top)
    used = Counter(pile) + Counter(top)
    for hand in new_hands:
        used.update(hand)
    every = Counter(deck_cards(state.config))
    assert not used - every, f"more cards than the deck holds: {used - every}"
    rest = tuple((every - used).elements())
    drawn_last_first = tuple(reversed(top))  # the deck is drawn from its end
    if deck is None:
        return attrs.evolve(state, hands=new_hands, discard=pile, deck=rest + drawn_last_first)
    return attrs.evolve(state, hands=new_hands, discard=rest + pile, deck=drawn_last_first)


def position(
    hands: Sequence[str],
    *,
    at: Sequence[str],
    ball: str,
    to_move: int = 0,
    phase: Phase = Phase.MOVE,
    config: Config = CONFIG,
    characters: Sequence[Character] | None = None,
    copied: Character | None = None,
    queue: Sequence[int] | None = None,
    binds: Sequence[int] | None = None,
    score: tuple[int, int] = (0, 0),
    shots: int = 0,
    discard: str = "",
    deck_top: str = "",
    deck: str | None = None,
) -> State:
    """A match in the middle of a point: ``to_move`` decides in ``phase`` (a serve, or a side's
    turn to move and hit) with these hands, players on the cells ``at`` and the ball on
    ``ball``. In doubles the first player of the side to move hands over to the second."""
    n = config.players
    if characters is None:
        characters = DOUBLES_CAST if config.doubles else SINGLES_CAST
    if queue is None:
        first = config.doubles and phase is Phase.MOVE and to_move < 2
        queue = (to_move + 2,) if first else ()
    base = new_game(config, seed=0)
    state = attrs.evolve(
        base,
        phase=phase,
        to_move=to_move,
        queue=tuple(queue),
        characters=tuple(characters),
        copied=copied,
        positions=tuple(cell(name) for name in at),
        ball=cell(ball),
        score=score,
        server=to_move if phase is Phase.SERVE else 0,
        serving=phase is Phase.SERVE,
        free_step=True,
        binds=tuple(binds) if binds is not None else (0,) * n,
        shots=shots,
    )
    state = with_cards(state, hands=hands, discard=discard, deck_top=deck_top, deck=deck)
    assert legal_moves(state), "the position should be playable"
    return state


def at_call(config: Config, *, deck_top: str, seed: int = 0) -> State:
    """A new match after everybody kept their hand: player 1 is about to call a colour, and
    the deck's top cards are ``deck_top`` (revealed first to last)."""
    state = new_game(config, seed=seed)
    while state.phase is Phase.MULLIGAN:
        state = apply_move(state, Keep())
    assert state.phase is Phase.CALL
    return with_cards(state, deck_top=deck_top)


def at_corner(config: Config, server: int) -> State:
    """A new match whose server ``server`` is about to choose a corner."""
    state = new_game(config, seed=0)
    return attrs.evolve(state, phase=Phase.CORNER, to_move=server, queue=(), server=server)


def play(state: State, *moves: str) -> State:
    """``state`` after these moves, written in notation."""
    for text in moves:
        state = apply_move(state, parse_move(state, text))
    return state


def end_turn(state: State) -> State:
    """Stop moving after the hit (for every player of the side) so that the turn ends."""
    while state.phase is Phase.AFTER:
        state = apply_move(state, Done())
    return state


def plays(state: State) -> set[tuple[Card, ...]]:
    """The card sets of the legal hits (and support plays) of the player to move."""
    return {m.cards for m in legal_moves(state) if isinstance(m, Hit | Support)}


def steps(state: State) -> set[str]:
    """The cells the player to move may take the free step to."""
    return {m.to.name for m in legal_moves(state) if isinstance(m, Step)}


def meddles(state: State) -> set[tuple[int, str]]:
    return {(m.player, m.to.name) for m in legal_moves(state) if isinstance(m, Meddle)}


def cells(*names: str) -> tuple[Cell, ...]:
    return tuple(cell(name) for name in names)


# --- the court ------------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "the-court")
@pytest.mark.parametrize(("config", "columns"), [(CONFIG, 3), (DOUBLES, 4)], ids=["1v1", "2v2"])
def test_court_is_three_columns_in_singles_and_four_in_doubles(
    config: Config, columns: int
) -> None:
    """The court has 4 rows and 3 columns in singles, 4 columns in doubles."""
    court = court_for(config.columns)
    assert config.columns == columns
    every = {Cell(c, r) for c in range(columns) for r in range(4)}
    assert court.halves[0] | court.halves[1] == every


@pytest.mark.rule("alakaslam", "the-court")
def test_net_lies_between_second_and_third_rows() -> None:
    """Side 0 defends rows 1-2 and side 1 rows 3-4: the net is between rows 2 and 3."""
    court = court_for(CONFIG.columns)
    assert {c.row for c in court.halves[0]} == {0, 1}
    assert {c.row for c in court.halves[1]} == {2, 3}
    # A Hit-1 from the net row crosses the net.
    state = play(position(["R1", "B0"], at=("b2", "a4"), ball="b2"), "hit R1")
    assert state.phase is Phase.AFTER
    assert state.ball == cell("c3")


# --- the deck -------------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "the-deck")
def test_default_deck_is_the_reconstructed_52() -> None:
    """The default deck: per colour Hit-0 x5, Hit-1 x8, Hit-2 x7; Enchant-1 x6, Enchant-2 x6."""
    expected = {"B0": 5, "B1": 8, "B2": 7, "R0": 5, "R1": 8, "R2": 7, "E1": 6, "E2": 6}
    assert dict(card_counts(new_game(seed=0))) == expected
    assert sum(expected.values()) == 52


@pytest.mark.rule("alakaslam", "the-deck")
def test_doubles_removes_the_enchant_ones() -> None:
    """Doubles is played without the Enchant-1s (46 cards)."""
    counts = card_counts(new_game(DOUBLES, seed=0))
    assert "E1" not in counts
    assert sum(counts.values()) == 46


@pytest.mark.rule("alakaslam", "the-deck")
def test_config_deck_replaces_the_default() -> None:
    """``Config(deck=...)`` plays with the given card list instead."""
    deck = (
        CardCount(hit(1, RED), 30),
        CardCount(hit(1, BLUE), 30),
        CardCount(enchant(2), 4),
    )
    assert dict(card_counts(new_game(Config(deck=deck), seed=0))) == {"R1": 30, "B1": 30, "E2": 4}


@pytest.mark.rule("alakaslam", "empty-deck")
def test_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    """When the deck runs out, the discard pile is shuffled into a new deck to draw from."""
    state = position(["B0", "R2 B1"], at=("a1", "b4"), ball="b4", to_move=1, deck="")
    assert state.deck == ()
    state = end_turn(play(state, "hit R2"))
    assert len(state.hands[1]) == 3  # drew 2
    assert state.discard == ()
    assert len(state.deck) == 52 - 1 - 3


@pytest.mark.rule("alakaslam", "drawing")
def test_hands_have_no_maximum_size() -> None:
    """A player keeps drawing after a hit however many cards they hold."""
    big = "R2 R1 R1 R1 R1 B1 B1 B1 B1 R0 R0 B0"
    state = position(["B0", big], at=("a1", "b4"), ball="b4", to_move=1)
    state = end_turn(play(state, "hit R2"))
    assert state.phase is Phase.MOVE and state.to_move == 0
    assert len(state.hands[1]) == 13


# --- set-up ------------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "set-up")
def test_characters_are_dealt_at_random() -> None:
    """Without a choice in the config, each player is dealt a different character at random."""
    casts = {new_game(seed=seed).characters for seed in range(20)}
    assert all(len(cast) == 2 and len(set(cast)) == 2 for cast in casts)
    assert len(casts) > 1


@pytest.mark.rule("alakaslam", "set-up")
def test_config_characters_fix_the_cast() -> None:
    """``Config(characters=...)`` gives each seat its character."""
    state = new_game(Config(characters=(HAZEL, TOOTS)), seed=0)
    assert state.characters == (HAZEL, TOOTS)


@pytest.mark.rule("alakaslam", "set-up")
def test_characters_are_chosen_in_seat_order() -> None:
    """With ``choose_characters`` the players pick in seat order among those not yet taken."""
    state = new_game(Config(choose_characters=True), seed=0)
    assert (state.phase, state.to_move) == (Phase.CHOOSE, 0)
    assert len(legal_moves(state)) == 8
    state = play(state, "choose toots")
    assert state.to_move == 1
    assert set(legal_moves(state)) == {Choose(c) for c in Character if c is not TOOTS}
    state = play(state, "choose rich")
    assert state.characters == (TOOTS, RICH)
    assert state.phase is Phase.MULLIGAN
    assert [len(hand) for hand in state.hands] == [8, 8]


@pytest.mark.rule("alakaslam", "set-up")
def test_opening_hands_hold_hand_size_cards() -> None:
    """Each player starts with ``hand_size`` cards (8 by default)."""
    assert [len(h) for h in new_game(seed=0).hands] == [8, 8]
    assert [len(h) for h in new_game(Config(hand_size=5), seed=0).hands] == [5, 5]
    assert [len(h) for h in new_game(DOUBLES, seed=0).hands] == [8, 8, 8, 8]


@pytest.mark.rule("alakaslam", "mulligan-order")
def test_mulligans_go_in_seat_order_and_keep_ends_them() -> None:
    """Set-up mulligans go in seat order; when all kept, player 1 calls the first serve."""
    state = new_game(seed=0)
    assert (state.phase, state.to_move) == (Phase.MULLIGAN, 0)
    assert set(legal_moves(state)) == {Mulligan(), Keep()}
    state = apply_move(state, Keep())
    assert (state.phase, state.to_move) == (Phase.MULLIGAN, 1)
    state = apply_move(state, Keep())
    assert (state.phase, state.to_move) == (Phase.CALL, 1)
    assert set(legal_moves(state)) == {Call(RED), Call(BLUE)}


@pytest.mark.rule("alakaslam", "mulligan-order")
def test_mulligan_discards_the_hand_and_draws_one_fewer() -> None:
    """A mulligan discards the whole hand and draws one card fewer; it may be repeated."""
    state = new_game(seed=0)
    hand = state.hands[0]
    state = apply_move(state, Mulligan())
    assert Counter(state.discard) == Counter(hand)
    assert len(state.hands[0]) == 7
    assert (state.phase, state.to_move) == (Phase.MULLIGAN, 0)
    state = apply_move(state, Mulligan())
    assert len(state.hands[0]) == 6
    assert len(state.discard) == 15


@pytest.mark.rule("alakaslam", "mulligan-order")
def test_mulligans_may_bring_a_hand_to_zero_and_the_empty_hand_is_skipped() -> None:
    """A hand may reach 0 cards by mulligans; its player is then not asked again."""
    state = new_game(Config(hand_size=2, characters=SINGLES_CAST), seed=0)
    state = play(state, "mulligan")
    assert (len(state.hands[0]), state.phase, state.to_move) == (1, Phase.MULLIGAN, 0)
    state = play(state, "mulligan")
    assert state.hands[0] == ()
    assert len(state.discard) == 3
    assert (state.phase, state.to_move) == (Phase.MULLIGAN, 1)
    state = play(state, "keep")
    assert (state.phase, state.to_move) == (Phase.CALL, 1)


@pytest.mark.rule("alakaslam", "the-call")
def test_call_reveals_cards_until_a_hit_card() -> None:
    """The call reveals cards off the deck until a Hit card; the revealed cards are discarded."""
    state = at_call(Config(characters=SINGLES_CAST), deck_top="E1 E2 R1")
    deck = len(state.deck)
    state = play(state, "call red")
    assert state.discard == in_order("E1 E2 R1")
    assert len(state.deck) == deck - 3


@pytest.mark.rule("alakaslam", "the-call")
def test_call_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    """A call that empties the deck before a Hit card shows goes on with the discard pile
    shuffled into a new deck (the cards revealed so far included)."""
    state = with_cards(at_call(Config(characters=SINGLES_CAST), deck_top=""), deck="E1 E2")
    pile = len(state.discard)
    state = play(state, "call red")
    # The old pile and the two revealed Enchantments became the new deck; the new pile holds
    # only what this call revealed after the reshuffle: Enchantments, then one Hit card.
    assert len(state.deck) + len(state.discard) == pile + 2
    *skipped, decider = state.discard
    assert decider.is_hit
    assert all(card.is_enchantment for card in skipped)
    assert state.server == (1 if decider.colour is RED else 0)
    assert state.phase is Phase.CORNER
    assert sum(card_counts(state).values()) == 52


@pytest.mark.rule("alakaslam", "the-call")
def test_right_call_serves_first() -> None:
    """When the revealed Hit card has the called colour, the caller's side serves."""
    state = play(at_call(Config(characters=SINGLES_CAST), deck_top="E1 R1"), "call red")
    assert (state.server, state.phase, state.to_move) == (1, Phase.CORNER, 1)


@pytest.mark.rule("alakaslam", "the-call")
def test_wrong_call_gives_the_serve_to_the_other_side() -> None:
    """When the revealed Hit card has the other colour, the other side serves."""
    state = play(at_call(Config(characters=SINGLES_CAST), deck_top="R1"), "call blue")
    assert (state.server, state.phase, state.to_move) == (0, Phase.CORNER, 0)


@pytest.mark.rule("alakaslam", "doubles-server")
def test_doubles_serving_side_picks_its_server() -> None:
    """In doubles the side that won the call names which of its two players serves."""
    config = Config(players=4, characters=(STEN, RICH, AUSTIN, TOOTS))
    state = play(at_call(config, deck_top="E2 R1"), "call red")
    assert (state.phase, state.to_move) == (Phase.PICK_SERVER, 1)
    assert set(legal_moves(state)) == {PickServer(1), PickServer(3)}
    state = play(state, "server 3")
    assert (state.server, state.phase, state.to_move) == (3, Phase.CORNER, 3)


# --- Simon ----------------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "simons-copy")
def test_simon_copies_the_only_other_character_automatically() -> None:
    """With one other character in play, Simon copies it without a decision."""
    state = play(at_call(Config(characters=(SIMON, CORWIN)), deck_top="R1"), "call red")
    assert state.copied is CORWIN
    assert state.phase is Phase.CORNER


@pytest.mark.rule("alakaslam", "simons-copy")
def test_simon_picks_a_character_in_play_to_copy() -> None:
    """At the start of a point Simon picks one of the other characters in play to copy."""
    config = Config(players=4, characters=(SIMON, TOOTS, RICH, HAZEL))
    state = play(at_call(config, deck_top="R1"), "call red", "server 1")
    assert (state.phase, state.to_move) == (Phase.COPY, 0)
    assert set(legal_moves(state)) == {Copy(TOOTS), Copy(RICH), Copy(HAZEL)}
    state = play(state, "copy hazel")
    assert state.copied is HAZEL
    assert (state.phase, state.to_move) == (Phase.CORNER, 1)


@pytest.mark.rule("alakaslam", "simons-copy")
def test_simon_has_the_copied_ability_until_the_point_ends() -> None:
    """Simon copying Austin may discard a Hit card to move; the copy ends with the point."""
    state = position(
        ["R1 B1", "B0"],
        at=("a1", "a4"),
        ball="b1",
        characters=(SIMON, AUSTIN),
        copied=AUSTIN,
    )
    assert DiscardStep(hit(1, RED), cell("b1")) in legal_moves(state)
    state = play(state, "decline")
    assert state.copied is None


# --- the corner -----------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "the-serve")
@pytest.mark.parametrize(
    ("server", "colour", "expected"),
    [
        (0, BLUE, ("a1", "c4")),
        (0, RED, ("c1", "a4")),
        (1, BLUE, ("c1", "a4")),
        (1, RED, ("a1", "c4")),
    ],
)
def test_singles_corner_and_diagonally_opposite_receiver(
    server: int, colour: Colour, expected: tuple[str, str]
) -> None:
    """The server takes the chosen back corner, the receiver the diagonally opposite one."""
    state = apply_move(at_corner(Config(characters=SINGLES_CAST), server), Corner(colour))
    assert state.positions == cells(*expected)
    assert state.ball == state.positions[server]
    assert (state.phase, state.to_move) == (Phase.SERVE, server)


@pytest.mark.rule("alakaslam", "doubles-placing")
@pytest.mark.parametrize(
    ("server", "colour", "expected"),
    [
        (0, BLUE, ("a1", "d4", "c2", "b3")),
        (0, RED, ("d1", "a4", "b2", "c3")),
        (1, BLUE, ("b2", "a4", "d1", "c3")),
    ],
)
def test_doubles_partner_one_row_forward_two_across_and_receivers_mirror(
    server: int, colour: Colour, expected: tuple[str, str, str, str]
) -> None:
    """Doubles: partner one row up and two across; receivers mirror the servers."""
    config = Config(players=4, characters=DOUBLES_CAST)
    state = apply_move(at_corner(config, server), Corner(colour))
    assert state.positions == cells(*expected)
    assert state.ball == state.positions[server]


# --- the serve ------------------------------------------------------------------------------------


def serve_position(
    hand: str = "R1 B1 R2 E1", characters: Sequence[Character] = SINGLES_CAST
) -> State:
    """Player 0 serves from a1; the receiver stands on c4."""
    return position(
        [hand, "B0"], at=("a1", "c4"), ball="a1", phase=Phase.SERVE, characters=characters
    )


@pytest.mark.rule("alakaslam", "the-serve")
def test_no_movement_before_the_serve() -> None:
    """The server may only hit (1-3 cards) or decline: no step comes before the serve."""
    moves = legal_moves(serve_position())
    assert {type(m) for m in moves} == {Hit, Decline}
    assert all(1 <= len(m.cards) <= 3 for m in moves if isinstance(m, Hit))


@pytest.mark.rule("alakaslam", "straight-serves")
def test_straight_serve_is_a_fault() -> None:
    """A serve landing in the column it started from is a fault."""
    state = play(serve_position(), "hit R1 B1")  # a1 -> a3
    assert state.last_point == Point(1, Fault.STRAIGHT)
    assert state.score == (0, 1)


@pytest.mark.rule("alakaslam", "the-serve")
def test_serve_landing_in_another_column_of_the_far_half_is_good() -> None:
    """A serve that lands across the net in another column is good."""
    state = play(serve_position(), "hit R2")  # a1 -> b3
    assert state.score == (0, 0)
    assert state.ball == cell("b3")
    assert (state.phase, state.to_move) == (Phase.AFTER, 0)


@pytest.mark.rule("alakaslam", "straight-serves")
def test_sten_may_serve_straight() -> None:
    """Sten's serve only has to land in the far half: straight is good."""
    state = play(serve_position(characters=(STEN, RICH)), "hit R1 B1")
    assert state.score == (0, 0)
    assert state.ball == cell("a3")


@pytest.mark.rule("alakaslam", "straight-serves")
def test_sten_serve_must_still_cross_the_net() -> None:
    """Sten's serve landing in his own half is still a fault."""
    state = serve_position("R0 B1 R2", characters=(STEN, RICH))
    state = play(state, "hit B1 R0")  # a1 -> a2
    assert state.last_point == Point(1, Fault.NET)


@pytest.mark.rule("alakaslam", "the-serve")
def test_declining_the_serve_gives_the_point_away() -> None:
    """A server who declines to serve loses the point."""
    state = play(serve_position(), "decline")
    assert state.last_point == Point(1, Fault.LET_GO)
    assert state.score == (0, 1)


@pytest.mark.rule("alakaslam", "no-draw-after-a-fault")
def test_faulting_side_does_not_draw() -> None:
    """After a fault the faulting player draws nothing: their shot is simply gone."""
    state = play(serve_position(), "hit R1 B1")
    assert state.hands[0] == cards("R2 E1")
    assert (state.phase, state.to_move) == (Phase.LOSER_DISCARD, 0)


def doubles_serve_position(hands: Sequence[str], *, deck_top: str = "") -> State:
    """Doubles: player 1 serves from a4 (partner on c3; receivers on d1 and b2)."""
    return position(
        hands,
        at=("b2", "a4", "d1", "c3"),
        ball="a4",
        to_move=1,
        phase=Phase.SERVE,
        config=DOUBLES,
        deck_top=deck_top,
    )


@pytest.mark.rule("alakaslam", "the-support")
def test_doubles_support_plays_on_the_serve_and_each_server_teammate_draws_one() -> None:
    """Doubles: the serving side's support plays face down after the server; after a good serve
    each player of the serving side draws one card."""
    state = doubles_serve_position(["B0", "R2 B1", "B0", "R0 E2"], deck_top="R1 B2")
    state = play(state, "hit R2")
    assert (state.phase, state.to_move) == (Phase.SUPPORT, 3)
    assert view(state, 3).played_count == 1
    assert all(isinstance(m, Support) for m in legal_moves(state))
    state = play(state, "support R0")  # a4: two columns toward red, two rows on
    assert state.ball == cell("c2")
    assert state.last_point is None and not state.serving
    state = end_turn(state)
    assert state.hands[1] == cards("B1 R1")
    assert state.hands[3] == cards("E2 B2")
    assert (state.phase, state.to_move, state.queue) == (Phase.MOVE, 0, (2,))


@pytest.mark.rule("alakaslam", "straight-serves")
@pytest.mark.parametrize(
    ("serve", "support", "straight"),
    [("R2", "B1", True), ("R1 B1", "R0", False)],
    ids=["combined-straight", "server-alone-straight"],
)
def test_doubles_straight_serve_is_judged_on_the_combined_landing(
    serve: str, support: str, straight: bool
) -> None:
    """Doubles: a serve is straight when the server's and the support's cards together land in
    the column it was served from, whatever the server's cards alone would do."""
    state = doubles_serve_position(["B0", "R2 R1 B1", "B0", "B1 R0"])
    state = play(state, f"hit {serve}", f"support {support}")
    if straight:
        assert state.last_point == Point(0, Fault.STRAIGHT)
    else:
        assert state.last_point is None
        assert state.ball == cell("b2")


# --- aim and distance -----------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "landing")
def test_aiming_example() -> None:
    """Rulebook example: R0 B2 R1 go one column toward red and three rows on."""
    state = position(["R0 B2 R1 E1", "B0"], at=("b1", "a4"), ball="b1")
    state = play(state, "hit R0 B2 R1")
    assert state.ball == cell("c4")
    assert state.score == (0, 0)


@pytest.mark.rule("alakaslam", "landing")
def test_colours_aim_at_fixed_edges_and_side_one_hits_toward_row_one() -> None:
    """Red aims at the red edge whoever plays; side 1's shots travel toward lower rows."""
    state = play(position(["B0", "R2 B1"], at=("a1", "b4"), ball="b4", to_move=1), "hit R2")
    assert state.ball == cell("c2")


@pytest.mark.rule("alakaslam", "landing")
@pytest.mark.parametrize("shot", ["hit R1", "hit R0 B0"], ids=["b1-c2", "zero-distance"])
def test_ball_landing_in_own_half_is_a_fault(shot: str) -> None:
    """A ball landing in the hitter's own half (no distance too) is a net fault."""
    state = play(position(["R1 R0 B0", "B0"], at=("b1", "a4"), ball="b1"), shot)
    assert state.last_point == Point(1, Fault.NET)
    assert state.score == (0, 1)


@pytest.mark.rule("alakaslam", "landing")
@pytest.mark.parametrize(
    ("hitter", "at", "shot"),
    [
        (0, "b1", "hit R2 B2"),  # b1 -> b5: beyond the far baseline
        (1, "c3", "hit R2"),  # c3 -> d1: off the red side
        (1, "a4", "hit B0 B2"),  # a4 -> two columns off the blue edge
    ],
    ids=["beyond-baseline", "off-red-side", "off-blue-side"],
)
def test_ball_landing_off_the_court_is_out(hitter: int, at: str, shot: str) -> None:
    """A ball that lands beyond the far baseline or off a side is out: the point is lost."""
    places = ("b1", at) if hitter else (at, "a4")
    state = position(["R2 B2", "R2 B2 B0"], at=places, ball=at, to_move=hitter)
    state = play(state, shot)
    assert state.last_point == Point(1 - hitter, Fault.OUT)


@pytest.mark.rule("alakaslam", "landing")
def test_ball_may_leave_the_court_in_the_air_and_land_in() -> None:
    """Only the landing cell counts: a blue card off the blue edge, then two reds, lands in."""
    state = play(position(["B0 R1 R1", "B0"], at=("a1", "a4"), ball="a1"), "hit B0 R1 R1")
    assert state.ball == cell("b3")
    assert state.last_point is None


# --- movement -------------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "movement")
def test_one_free_step_per_turn() -> None:
    """A player may take one free step per turn; after it only paid steps remain."""
    state = position(["B0", "R2 B1"], at=("a1", "a4"), ball="b4", to_move=1)
    assert steps(state) == {"a3", "b4"}
    state = play(state, "step b4")
    assert state.positions[1] == cell("b4")
    assert steps(state) == set()
    assert (hit(2, RED),) in plays(state)


@pytest.mark.rule("alakaslam", "movement")
def test_steps_are_orthogonal_and_stay_in_own_half() -> None:
    """Steps go one cell up, down, left or right, on the court and in the player's half."""
    state = position(["B0", "R2"], at=("a1", "b3"), ball="b4", to_move=1)
    assert steps(state) == {"a3", "c3", "b4"}


@pytest.mark.rule("alakaslam", "movement")
def test_each_discarded_enchantment_pays_for_one_more_step() -> None:
    """Each Enchantment discarded, whatever its value, pays one more step; Hits cannot."""
    state = position(["B0", "E1 E2 R1 B1"], at=("a1", "a4"), ball="c4", to_move=1)
    state = play(state, "step b4")
    paid = {(m.card.code, m.to.name) for m in legal_moves(state) if isinstance(m, DiscardStep)}
    assert paid == {(e, c) for e in ("E1", "E2") for c in ("a4", "c4", "b3")}
    state = play(state, "step c4 E2")
    assert state.positions[1] == cell("c4")
    assert state.hands[1] == cards("E1 R1 B1")
    assert state.discard[-1] == enchant(2)
    state = play(state, "step b4 E1")
    assert state.positions[1] == cell("b4")
    assert state.hands[1] == cards("R1 B1")


@pytest.mark.rule("alakaslam", "the-characters")
def test_austin_may_discard_any_card_to_step() -> None:
    """Austin may pay a step with any card, not only an Enchantment."""
    state = position(
        ["B0", "R1 B1"], at=("a1", "a4"), ball="c4", to_move=1, characters=(RICH, AUSTIN)
    )
    assert DiscardStep(hit(1, RED), cell("b4")) in legal_moves(state)
    state = play(state, "step b4", "step c4 R1")
    assert state.positions[1] == cell("c4")
    assert state.hands[1] == cards("B1")


@pytest.mark.rule("alakaslam", "hitting")
def test_must_stand_on_the_ball_to_hit() -> None:
    """A player who is not on the ball's cell cannot hit it."""
    state = position(["B0", "R2 B1"], at=("a1", "a4"), ball="b4", to_move=1)
    assert plays(state) == set()
    with pytest.raises(IllegalMoveError):
        apply_move(state, Hit(cards("R2")))


@pytest.mark.rule("alakaslam", "hitting")
def test_declining_the_ball_gives_the_point_away() -> None:
    """Letting the ball go gives the point to the other side."""
    state = play(position(["B0", "R2"], at=("a1", "b4"), ball="b4", to_move=1), "decline")
    assert state.last_point == Point(0, Fault.LET_GO)
    assert state.score == (1, 0)


@pytest.mark.rule("alakaslam", "movement-after-the-hit")
def test_moving_before_the_hit_closes_the_movement_after_it() -> None:
    """A player who moved before the hit cannot move after it: the turn ends."""
    state = position(["B0", "R2 E1 E1"], at=("a1", "a4"), ball="b4", to_move=1)
    state = play(state, "step b4", "hit R2")
    assert (state.phase, state.to_move) == (Phase.MOVE, 0)


@pytest.mark.rule("alakaslam", "movement-after-the-hit")
def test_movement_may_come_after_the_hit() -> None:
    """A player who did not move before the hit may take the movement after it, then stop."""
    state = position(["B0", "R2 B1"], at=("a1", "b4"), ball="b4", to_move=1)
    state = play(state, "hit R2")
    assert (state.phase, state.to_move) == (Phase.AFTER, 1)
    assert steps(state) == {"a4", "c4", "b3"}
    assert Done() in legal_moves(state)
    state = play(state, "done")
    assert (state.phase, state.to_move) == (Phase.MOVE, 0)
    assert state.positions[1] == cell("b4")


@pytest.mark.rule("alakaslam", "movement-after-the-hit")
@pytest.mark.parametrize(
    "moves",
    [("step a4", "step b4 E1", "step a4 E2"), ("step a4 E1", "step b4", "step a4 E2")],
    ids=["free-step-first", "paid-step-first"],
)
def test_movement_after_the_hit_has_the_free_step_and_paid_steps(moves: tuple[str, ...]) -> None:
    """Movement after the hit is a whole window: free step plus paid steps."""
    state = position(["B0", "R2 E1 E2"], at=("a1", "b4"), ball="b4", to_move=1)
    state = play(state, "hit R2", *moves)
    assert state.positions[1] == cell("a4")
    assert (state.phase, state.to_move) == (Phase.MOVE, 0)
    assert len(state.hands[1]) == 2  # both Enchantments spent, two cards drawn


@pytest.mark.rule("alakaslam", "one-movement-window")
def test_split_movement_allows_moving_before_and_after_the_hit() -> None:
    """With ``split_movement`` a player may move before and after the hit."""
    config = Config(split_movement=True)
    state = position(["B0", "R2 E1 E1"], at=("a1", "a4"), ball="b4", to_move=1, config=config)
    state = play(state, "step b4", "hit R2")
    assert (state.phase, state.to_move) == (Phase.AFTER, 1)
    assert steps(state) == set()
    assert DiscardStep(enchant(1), cell("a4")) in legal_moves(state)


@pytest.mark.rule("alakaslam", "movement-after-the-hit")
def test_movement_after_the_hit_is_offered_on_public_facts_only() -> None:
    """After the hit a player is asked about movement when their window is open (they did not
    move before the hit, or movement is split) and their side's free step is unused or their
    hand is not empty: a hand without Enchantments still gets the question, with only ``done``
    to answer, so that being skipped tells nothing about the cards. An empty hand with the free
    step gone is skipped."""
    config = Config(split_movement=True, characters=SINGLES_CAST)
    state = position(["B0", "R2 B1"], at=("a1", "a4"), ball="b4", to_move=1, config=config)
    state = play(state, "step b4", "hit R2")
    assert (state.phase, state.to_move) == (Phase.AFTER, 1)
    assert legal_moves(state) == (Done(),)
    state = position(["B0", "R2"], at=("a1", "a4"), ball="b4", to_move=1, config=config)
    state = play(state, "step b4", "hit R2")
    assert (state.phase, state.to_move) == (Phase.MOVE, 0)


@pytest.mark.rule("alakaslam", "movement-after-the-hit")
def test_doubles_movement_after_the_hit_asks_on_public_facts_only() -> None:
    """Doubles: a player who moved before the hit is skipped after it; their partner, who did
    not move, is asked although the side's free step is gone and their hand holds no
    Enchantment, and can only say ``done``."""
    state = doubles_position(["B0", "B0", "B1", "R1 B1"], to_move=1, ball="c3")
    state = play(state, "step a4", "done", "hit B1", "support B0")  # c3 -> a2
    assert state.ball == cell("a2")
    assert (state.phase, state.to_move, state.queue) == (Phase.AFTER, 3, ())
    assert legal_moves(state) == (Done(),)


# --- drawing --------------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "drawing")
def test_hitter_draws_two_after_a_good_hit() -> None:
    """After a good hit and the movement, the hitter draws two cards off the deck."""
    state = position(["B0", "R2 B1"], at=("a1", "b4"), ball="b4", to_move=1, deck_top="E2 R0")
    state = end_turn(play(state, "hit R2"))
    assert state.hands[1] == cards("B1 E2 R0")
    assert (state.phase, state.to_move) == (Phase.MOVE, 0)


@pytest.mark.rule("alakaslam", "draw-phases")
def test_corwin_draws_one_more() -> None:
    """Corwin draws three cards instead of two."""
    state = position(
        ["B0", "R2 B1"],
        at=("a1", "b4"),
        ball="b4",
        to_move=1,
        characters=(RICH, CORWIN),
        deck_top="E2 R0 B0",
    )
    state = end_turn(play(state, "hit R2"))
    assert state.hands[1] == cards("B1 E2 R0 B0")


@pytest.mark.rule("alakaslam", "wendolyns-timing")
def test_wendolyn_draws_one_card_off_the_discard_pile() -> None:
    """Wendolyn's first draw comes from the top of the discard pile, the other from the deck."""
    state = position(
        ["B0", "R2 B1"],
        at=("a1", "b4"),
        ball="b4",
        to_move=1,
        characters=(RICH, WENDOLYN),
        discard="E2",
        deck_top="R0 B0",
    )
    state = end_turn(play(state, "hit R2"))
    # The top of the pile is the card of her own shot.
    assert state.hands[1] == cards("B1 R2 R0")
    assert state.discard == cards("E2")
    assert state.deck[-1] == hit(0, BLUE)


@pytest.mark.rule("alakaslam", "wendolyns-timing")
@pytest.mark.parametrize(
    ("moves", "pile"),
    [(("hit B0 R2 E1", "done"), "E2 B0 R2"), (("hit R2", "step a4 E1", "done"), "E2 R2")],
    ids=["her-shot-enchantment", "enchantment-discarded-to-move"],
)
def test_wendolyn_may_take_back_the_card_she_just_put_on_the_pile(
    moves: tuple[str, ...], pile: str
) -> None:
    """Wendolyn's discard-pile draw comes at the end of her turn, after her shot's cards (in hand
    order: Hit cards by value, blue before red, then the Enchantment) and the cards she
    discarded to move went onto the pile: she takes back the top one, her own card."""
    state = position(
        ["B0", "B0 R2 E1 R1"],
        at=("a1", "b4"),
        ball="b4",
        to_move=1,
        characters=(RICH, WENDOLYN),
        discard="E2",
        deck_top="R0",
    )
    state = play(state, *moves)
    assert (state.phase, state.to_move) == (Phase.MOVE, 0)
    assert enchant(1) in state.hands[1]
    assert hit(0, RED) in state.hands[1]
    assert state.discard == in_order(pile)


@pytest.mark.rule("alakaslam", "wendolyns-timing")
def test_wendolyn_draws_nothing_off_the_pile_at_the_refill_or_a_mulligan() -> None:
    """The refill after a point and a mulligan are not draw phases: Wendolyn draws off the
    deck only, and the discard pile stays as it was."""
    state = position(
        ["R1 R1 R1 B1 B1 B1 B2 B2", "R1 R1 B1"],
        at=("a1", "b4"),
        ball="b4",
        to_move=1,
        characters=(RICH, WENDOLYN),
        discard="E2 R2",
        deck_top="R0 B0 R0 B0 E1 R2 B2 E2 E1 R0 B0 R2",
    )
    state = play(state, "decline", "done")  # she loses the point; the hands are refilled
    assert (state.phase, state.to_move) == (Phase.MULLIGAN, 1)
    refilled = cards("R1 R1 B1 R0 B0 R0 B0 E1")
    assert state.hands[1] == refilled
    assert state.discard == in_order("E2 R2")
    state = play(state, "mulligan")
    assert state.hands[1] == cards("R2 B2 E2 E1 R0 B0 R2")
    assert state.discard == in_order("E2 R2") + refilled


@pytest.mark.rule("alakaslam", "wendolyns-timing")
def test_wendolyn_in_doubles_takes_her_one_draw_off_the_pile() -> None:
    """Doubles: Wendolyn's draw phase is her single card, and it is the discard pile's top (here
    the card she played as support); her partner draws off the deck."""
    state = position(
        ["R2 B0", "B0", "B0 R1", "R1"],
        at=("a1", "b4", "c2", "c3"),
        ball="a1",
        config=DOUBLES,
        characters=(STEN, SIMON, WENDOLYN, RICH),
        discard="E2",
        deck_top="R1 B2",
    )
    state = play(state, "hit R2", "support B0")  # a1 -> a3
    assert state.discard == in_order("E2 R2 B0")
    state = end_turn(state)
    assert state.hands[0] == cards("B0 R1")
    assert state.hands[2] == cards("B0 R1")
    assert state.discard == in_order("E2 R2")
    assert state.deck[-1] == hit(2, BLUE)


# --- hits and enchantments ------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "hitting")
def test_hit_is_one_to_three_cards_with_at_most_one_enchantment() -> None:
    """A hit plays 1 to 3 cards, of which at most one is an Enchantment."""
    state = position(["E1 E1 E2 R1 B1", "B0"], at=("b1", "a4"), ball="b1")
    options = plays(state)
    assert all(1 <= len(p) <= 3 for p in options)
    assert all(sum(c.is_enchantment for c in p) <= 1 for p in options)
    assert cards("E1 E2") not in options
    assert cards("E1 R1 B1") in options
    with pytest.raises(IllegalMoveError):
        apply_move(state, Hit(cards("E1 E2 R1")))


@pytest.mark.rule("alakaslam", "hitting")
def test_same_faces_are_one_move() -> None:
    """Plays of the same faces are one move: legal moves hold no duplicates."""
    state = position(["R1 R1 R1 B1", "B0"], at=("b1", "a4"), ball="b1")
    moves = legal_moves(state)
    assert len(set(moves)) == len(moves)
    expected = {"R1", "B1", "R1 R1", "R1 B1", "R1 R1 R1", "R1 R1 B1"}
    assert plays(state) == {cards(text) for text in expected}


@pytest.mark.rule("alakaslam", "hitting")
def test_a_play_is_a_set_of_faces_whatever_the_order() -> None:
    """A hit names faces, not an order: ``Hit`` (and ``Support``) keep their cards sorted, so a
    hit written out of order is the legal one and ``apply_move`` takes it."""
    assert Hit(in_order("R2 B1")) == Hit(in_order("B1 R2"))
    assert hash(Hit(in_order("R2 B1"))) == hash(Hit(in_order("B1 R2")))
    assert Hit(in_order("E1 R2 B1")).cards == cards("B1 R2 E1")
    assert Support(in_order("R1 B0")) == Support(cards("R1 B0"))
    state = position(["R0 B2 R1 E1", "B0"], at=("b1", "a4"), ball="b1")
    shuffled = Hit(in_order("R1 B2 R0"))
    assert shuffled in legal_moves(state)
    after = apply_move(state, shuffled)
    assert after == apply_move(state, Hit(cards("R0 B2 R1")))
    assert after.ball == cell("c4")


@pytest.mark.rule("alakaslam", "enchantments")
def test_enchantment_binds_the_return_to_exactly_n_cards() -> None:
    """An Enchant-N in a shot makes the opponent return it with exactly N cards."""
    state = position(["R2 E1 B0", "R1 B1 E2 R0"], at=("b1", "c3"), ball="b1")
    state = play(state, "hit R2 E1")  # b1 -> c3
    assert state.binds == (0, 1)
    state = end_turn(state)
    assert state.to_move == 1
    options = plays(state)
    assert options and all(len(p) == 1 for p in options)


@pytest.mark.rule("alakaslam", "enchantments")
def test_enchantment_example_wendolyn_and_austin() -> None:
    """Rulebook example: Austin answers Wendolyn's Enchant-2 with B2 + E1, not 1 or 3 cards."""
    state = position(
        ["R1 E2 B0", "B2 E1 R0 R1"],
        at=("b2", "c3"),
        ball="b2",
        characters=(WENDOLYN, AUSTIN),
    )
    state = end_turn(play(state, "hit R1 E2"))  # b2 -> c3
    assert (state.phase, state.to_move, state.binds) == (Phase.MOVE, 1, (0, 2))
    options = plays(state)
    assert cards("B2 E1") in options
    assert cards("B2") not in options
    assert cards("B2 E1 R0") not in options
    assert all(len(p) == 2 for p in options)
    for wrong in ("hit B2", "hit B2 E1 R0"):
        with pytest.raises(IllegalMoveError):
            play(state, wrong)
    state = play(state, "hit B2 E1")  # c3 -> b1
    assert state.ball == cell("b1")
    assert state.last_point is None


@pytest.mark.rule("alakaslam", "how-long-a-bind-lasts")
def test_a_bind_lasts_for_one_return() -> None:
    """A bind ends with the bound player's return; their Enchantment binds back."""
    state = position(["B0 R1", "B2 E1"], at=("a1", "c3"), ball="c3", to_move=1, binds=(0, 2))
    state = play(state, "hit B2 E1")
    assert state.binds == (1, 0)


@pytest.mark.rule("alakaslam", "hazel")
@pytest.mark.parametrize(("enchantment", "asked"), [("E1", 2), ("E2", 3)])
def test_hazel_enchantment_asks_one_more_card(enchantment: str, asked: int) -> None:
    """Hazel's Enchant-N asks for N + 1 cards in the return."""
    state = position(
        [f"R2 {enchantment}", "B0"], at=("b1", "c3"), ball="b1", characters=(HAZEL, STEN)
    )
    state = play(state, f"hit R2 {enchantment}")
    assert state.binds == (0, asked)


ENCHANT_THREE_DECK = Config(deck=(*CONFIG.deck, CardCount(enchant(3), 2)))


@pytest.mark.rule("alakaslam", "hazel")
@pytest.mark.parametrize(
    ("hitter", "asked"), [(HAZEL, 3), (RICH, 3)], ids=["hazel-capped", "plain-enchant-three"]
)
def test_hazel_bind_is_capped_at_three_cards(hitter: Character, asked: int) -> None:
    """Hazel's Enchant-3 asks for 3 cards, not 4: a return is never more than three cards."""
    state = position(
        ["R2 E3", "B0 B1 R1 R0"],
        at=("b1", "c3"),
        ball="b1",
        characters=(hitter, STEN),
        config=ENCHANT_THREE_DECK,
    )
    state = play(state, "hit R2 E3")  # b1 -> c3
    assert state.binds == (0, asked)
    state = end_turn(state)
    options = plays(state)
    assert options and all(len(p) == asked for p in options)


@pytest.mark.rule("alakaslam", "richs-lock")
def test_rich_enchant_two_forbids_enchantments_in_the_return() -> None:
    """After Rich's Enchant-2 the return holds no Enchantment (discarding to move is allowed)."""
    state = position(["R2 E2 B0", "E1 E2 R1 B1 B2"], at=("b1", "c3"), ball="b1")
    state = play(state, "hit R2 E2")  # b1 -> c3
    assert state.locked
    assert state.binds == (0, 2)
    state = end_turn(state)
    options = plays(state)
    assert options and all(len(p) == 2 for p in options)
    assert not any(c.is_enchantment for p in options for c in p)
    assert DiscardStep(enchant(1), cell("b3")) in legal_moves(state)


@pytest.mark.rule("alakaslam", "richs-lock")
def test_rich_enchant_one_does_not_lock() -> None:
    """Only Rich's Enchant-2 forbids Enchantments in the return."""
    state = play(position(["R2 E1", "B0"], at=("b1", "c3"), ball="b1"), "hit R2 E1")
    assert not state.locked


@pytest.mark.rule("alakaslam", "empty-hands")
def test_bound_player_without_enough_cards_can_only_let_go() -> None:
    """A player bound to more cards than they hold cannot return the ball."""
    state = position(["B0", "R1"], at=("a1", "c4"), ball="c4", to_move=1, binds=(0, 2))
    assert plays(state) == set()
    assert Decline() in legal_moves(state)


def rich_locked_return() -> State:
    """Rich (player 0) has hit R2 E2 from b1 to c3: player 1 must return with exactly two
    cards, none of them an Enchantment."""
    state = position(["R2 E2 B0", "E1 R1 B1"], at=("b1", "c3"), ball="b1")
    return end_turn(play(state, "hit R2 E2"))


@pytest.mark.rule("alakaslam", "hitting")
@pytest.mark.parametrize(
    ("make", "move", "reason"),
    [
        (
            lambda: position(["B0", "R2 B1"], at=("a1", "a4"), ball="b4", to_move=1),
            "hit R2",
            "the ball is on b4",
        ),
        (
            lambda: position(["B0", "R2 B1"], at=("a1", "b4"), ball="b4", to_move=1),
            "hit R1 B1",
            "player 1 does not hold R1",
        ),
        (
            lambda: position(["B0", "R2 B1"], at=("a1", "b4"), ball="b4", to_move=1, binds=(0, 2)),
            "hit R2",
            "an Enchantment asks for exactly 2 cards",
        ),
        (rich_locked_return, "hit R1 E1", "Rich's Enchant-2 forbids Enchantments"),
    ],
    ids=["ball-elsewhere", "card-not-held", "count-under-bind", "rich-lock"],
)
def test_illegal_hits_say_why(make: Callable[[], State], move: str, reason: str) -> None:
    """An ``IllegalMoveError`` names what is wrong with the hit: the ball is on another cell, a
    card is not in the hand, the count differs from the bind, or Rich's lock forbids it."""
    state = make()
    with pytest.raises(IllegalMoveError) as raised:
        play(state, move)
    assert reason in str(raised.value)


# --- corners random play rarely reaches, built on purpose -------------------------------------


@pytest.mark.rule("alakaslam", "richs-lock")
def test_a_locked_return_with_only_enchantments_in_hand_offers_no_hit() -> None:
    """Under Rich's lock, a player on the ball holding nothing but Enchantments has no hit to
    make: only steps (paid with those Enchantments) and letting the ball go."""
    state = attrs.evolve(
        position(["R2 B0", "E1 E2"], at=("b1", "c3"), ball="c3", to_move=1), locked=True
    )
    moves = legal_moves(state)
    assert not any(isinstance(m, Hit) for m in moves)
    assert Decline() in moves
    assert any(isinstance(m, DiscardStep) for m in moves)


@pytest.mark.rule("alakaslam", "hitting")
def test_two_enchantments_are_never_one_play() -> None:
    """A hand of two Enchantments and one Hit card offers no play holding both Enchantments,
    even bound to three cards."""
    state = position(["B0", "E1 E2 R1"], at=("a1", "c4"), ball="c4", to_move=1, binds=(0, 3))
    assert plays(state) == set()
    state = position(["B0", "E1 E2 R1"], at=("a1", "c4"), ball="c4", to_move=1)
    assert plays(state) and all(sum(c.is_enchantment for c in p) <= 1 for p in plays(state))


@pytest.mark.rule("alakaslam", "movement")
def test_no_paid_step_is_offered_without_an_enchantment_to_discard() -> None:
    """Without Austin, a player whose hand holds no Enchantment is offered no paid step."""
    state = play(position(["B0", "R2 B1"], at=("a1", "a4"), ball="b4", to_move=1), "step b4")
    assert not any(isinstance(m, DiscardStep) for m in legal_moves(state))


@pytest.mark.rule("alakaslam", "toots-meddle")
def test_no_meddle_is_offered_without_toots() -> None:
    """Nobody meddles in a match without Toots (or Simon copying her)."""
    state = position(["B0", "R2 B1"], at=("a1", "a4"), ball="b4", to_move=1)
    assert meddles(state) == set()


# --- Toots ----------------------------------------------------------------------------------------


def toots_position() -> State:
    return position(["R2 B1", "B0"], at=("a1", "b4"), ball="b1", characters=(TOOTS, STEN))


@pytest.mark.rule("alakaslam", "toots-meddle")
def test_toots_moves_any_character_one_step_in_its_half() -> None:
    """Toots may move any character, herself included, one step within that character's half."""
    state = toots_position()
    assert meddles(state) == {(0, "a2"), (0, "b1"), (1, "a4"), (1, "c4"), (1, "b3")}
    state = play(state, "meddle 1 c4")
    assert state.positions == cells("a1", "c4")


@pytest.mark.rule("alakaslam", "toots-meddle")
def test_toots_may_move_herself() -> None:
    """Toots' meddling works on herself: she can reach the ball with it."""
    state = play(toots_position(), "meddle 0 b1")
    assert state.positions[0] == cell("b1")
    assert cards("R2") in plays(state)


@pytest.mark.rule("alakaslam", "toots-meddle")
def test_toots_meddles_once_per_turn() -> None:
    """Toots meddles at most once per turn, before and after the hit together."""
    state = play(toots_position(), "meddle 1 c4")
    assert meddles(state) == set()
    state = play(state, "step b1", "hit R2")
    assert meddles(state) == set()


@pytest.mark.rule("alakaslam", "toots-meddle")
def test_toots_may_meddle_after_the_hit() -> None:
    """Toots' meddling is also open in the movement after the hit."""
    state = play(toots_position(), "step b1", "hit R2")
    assert state.phase is Phase.AFTER
    assert (1, "c4") in meddles(state)


@pytest.mark.rule("alakaslam", "toots-meddle")
def test_toots_cannot_meddle_before_her_serve() -> None:
    """No movement comes before a serve, meddling included."""
    state = serve_position(characters=(TOOTS, STEN))
    assert meddles(state) == set()


# --- points ---------------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "the-aim")
def test_first_side_to_three_points_wins() -> None:
    """The first side to reach three points wins the match."""
    state = position(["B0", "R2"], at=("a1", "b4"), ball="b4", to_move=1, score=(2, 1))
    state = play(state, "decline")
    assert state.score == (3, 1)
    assert is_over(state) and state.phase is Phase.OVER
    result = outcome(state)
    assert result is not None and result.winners == {0}


def point_lost_by_one(hands: Sequence[str], discard: str = "") -> State:
    """Player 1 lets the ball go and loses the point."""
    state = position(hands, at=("a1", "b4"), ball="b4", to_move=1, discard=discard)
    return play(state, "decline")


@pytest.mark.rule("alakaslam", "points")
def test_loser_may_discard_up_to_three_cards() -> None:
    """After a point the loser may discard up to three cards."""
    state = point_lost_by_one(["R1 R1 R1 B1 B1 B1 B2 E1", "R1 R1 B1 B2 E1"], discard="E2")
    assert (state.phase, state.to_move, state.discards_left) == (Phase.LOSER_DISCARD, 1, 3)
    assert set(legal_moves(state)) == {Discard(c) for c in cards("R1 B1 B2 E1")} | {Done()}
    state = play(state, "discard R1", "discard B2", "discard E1")
    assert state.phase is Phase.MULLIGAN
    assert state.discard == in_order("E2 R1 B2 E1")


@pytest.mark.rule("alakaslam", "points")
def test_loser_may_stop_discarding() -> None:
    """``done`` ends the loser's discards early."""
    state = point_lost_by_one(["R1 R1 R1 B1 B1 B1 B2 E1", "R1 R1 B1"], discard="E2")
    state = play(state, "discard R1", "done")
    assert state.phase is Phase.MULLIGAN
    assert state.discard == in_order("E2 R1")


@pytest.mark.rule("alakaslam", "points")
def test_hands_are_brought_back_to_hand_size() -> None:
    """After a point, players over 8 discard down to it and the others draw up to it."""
    state = point_lost_by_one(["R1 R1 R1 B1 B1 B1 B2 B2 E1 E2", "R1 R1 B1"])
    state = play(state, "done")
    assert (state.phase, state.to_move) == (Phase.REFILL, 0)
    assert Done() not in legal_moves(state)
    state = play(state, "discard E1")
    assert state.phase is Phase.REFILL
    state = play(state, "discard E2")
    assert state.hands[0] == cards("R1 R1 R1 B1 B1 B1 B2 B2")
    assert len(state.hands[1]) == 8


@pytest.mark.rule("alakaslam", "order-after-a-point")
def test_loser_serves_next_after_mulligans_server_first() -> None:
    """The loser of a point serves the next one; mulligans come first, the server's first."""
    state = play(point_lost_by_one(["R1 R1 B1", "R1 R1 B1"]), "done")
    assert (state.phase, state.to_move, state.queue) == (Phase.MULLIGAN, 1, (0,))
    state = play(state, "mulligan")
    assert len(state.hands[1]) == 7
    state = play(state, "keep", "keep")
    assert (state.phase, state.to_move, state.server) == (Phase.CORNER, 1, 1)


@pytest.mark.rule("alakaslam", "doubles-server")
def test_doubles_losing_side_picks_its_server() -> None:
    """Doubles: both losers may discard, then the losing side names its next server."""
    state = position(
        ["B0", "R2", "B1", "R1"], at=("a1", "b4", "c2", "b3"), ball="b4", to_move=1, config=DOUBLES
    )
    state = play(state, "done", "decline")
    assert state.last_point == Point(0, Fault.LET_GO)
    assert (state.phase, state.to_move) == (Phase.LOSER_DISCARD, 1)
    state = play(state, "done")
    assert (state.phase, state.to_move) == (Phase.LOSER_DISCARD, 3)
    state = play(state, "done")
    assert (state.phase, state.to_move) == (Phase.PICK_SERVER, 1)
    assert set(legal_moves(state)) == {PickServer(1), PickServer(3)}
    state = play(state, "server 3")
    assert (state.phase, state.to_move, state.queue) == (Phase.MULLIGAN, 3, (1, 0, 2))


# --- doubles --------------------------------------------------------------------------------------


def doubles_position(
    hands: Sequence[str],
    *,
    to_move: int = 0,
    ball: str | None = None,
    binds: Sequence[int] | None = None,
    deck_top: str = "",
) -> State:
    """Side 0 on a1 and c2, side 1 on b4 and c3; the ball on the mover's cell unless given."""
    places = ("a1", "b4", "c2", "c3")
    return position(
        hands,
        at=places,
        ball=places[to_move] if ball is None else ball,
        to_move=to_move,
        config=DOUBLES,
        binds=binds,
        deck_top=deck_top,
    )


@pytest.mark.rule("alakaslam", "doubles-turns")
def test_doubles_side_decides_in_seat_order() -> None:
    """Doubles: the first player of the side may hand over; the second hits or lets go."""
    state = doubles_position(["B0", "R2", "B1", "R1"], to_move=1)
    assert Done() in legal_moves(state) and Decline() not in legal_moves(state)
    state = play(state, "done")
    assert state.to_move == 3
    assert Decline() in legal_moves(state) and Done() not in legal_moves(state)


@pytest.mark.rule("alakaslam", "doubles-turns")
def test_doubles_free_step_is_shared_by_the_side() -> None:
    """Doubles: the side has one free step between its two players."""
    state = doubles_position(["B0", "R2", "B1", "R1"], to_move=1, ball="b3")
    state = play(state, "step b3", "done")
    assert state.to_move == 3
    assert steps(state) == set()


@pytest.mark.rule("alakaslam", "the-hit")
def test_doubles_hitter_plays_face_down() -> None:
    """Doubles: the support sees how many cards the hitter played, not which."""
    state = doubles_position(["B0", "R2 B1", "B1", "B1 R1"], to_move=1)
    state = play(state, "hit R2")
    assert (state.phase, state.to_move) == (Phase.SUPPORT, 3)
    support = view(state, 3)
    assert support.played == ()
    assert support.played_count == 1
    assert view(state, 0).played == ()
    assert view(state, 1).played == cards("R2")


@pytest.mark.rule("alakaslam", "doubles-resolution")
def test_doubles_hitter_and_support_cards_combine() -> None:
    """Doubles: the Hit cards of hitter and support add up for aim and distance."""
    state = doubles_position(["R1 B0", "B0", "R1 B1", "R1"])
    state = play(state, "hit R1", "support R1")  # a1: two columns toward red, two rows on
    assert state.ball == cell("c3")
    assert state.last_point is None


@pytest.mark.rule("alakaslam", "the-support")
def test_doubles_support_plays_one_to_three_cards() -> None:
    """Doubles: an unbound support plays 1 to 3 cards."""
    state = play(doubles_position(["R1 B0", "B0", "R1 R1 B1 B2", "R1"]), "hit R1")
    sizes = {len(p) for p in plays(state)}
    assert sizes == {1, 2, 3}
    assert all(isinstance(m, Support) for m in legal_moves(state))


@pytest.mark.rule("alakaslam", "the-support")
def test_doubles_bound_support_plays_exactly_its_bind() -> None:
    """Doubles: a support bound by an Enchantment plays exactly that many cards."""
    state = doubles_position(["R1 B0", "B0", "R1 R1 B1 B2", "R1"], binds=(0, 0, 2, 0))
    state = play(state, "hit R1")
    options = plays(state)
    assert options and all(len(p) == 2 for p in options)


@pytest.mark.rule("alakaslam", "the-support")
@pytest.mark.parametrize("support", ["R1", "E2 E2"], ids=["too-few-cards", "two-enchantments"])
def test_doubles_bound_support_without_a_play_loses_the_point(support: str) -> None:
    """Doubles: a support bound to N cards who cannot play exactly N (too few cards, or no
    play of N with at most one Enchantment) can only let the point go: fault ``no answer``."""
    state = doubles_position(["R2 B0", "B0", support, "R1"], binds=(0, 0, 2, 0))
    state = play(state, "hit R2")
    assert (state.phase, state.to_move) == (Phase.SUPPORT, 2)
    assert legal_moves(state) == (Decline(),)
    state = play(state, "decline")
    assert state.last_point == Point(1, Fault.NO_ANSWER)
    assert state.score == (0, 1)
    assert state.played == ()
    assert state.discard[-1] == hit(2, RED)
    assert state.hands[0] == cards("B0")


@pytest.mark.rule("alakaslam", "the-support")
def test_doubles_unbound_support_with_no_cards_is_skipped() -> None:
    """Doubles: an unbound support with an empty hand adds nothing: the hitter's cards resolve
    alone and the shot stands."""
    state = doubles_position(["R2 B0", "B0", "", "R1"])
    state = play(state, "hit R2")  # a1 -> b3
    assert state.played == ()
    assert state.ball == cell("b3")
    assert state.last_point is None
    assert (state.phase, state.to_move) == (Phase.AFTER, 0)
    assert state.discard[-1] == hit(2, RED)


@pytest.mark.rule("alakaslam", "the-support")
def test_doubles_unbound_support_with_only_locked_enchantments_is_skipped() -> None:
    """Doubles: under Rich's lock an unbound support holding only Enchantments has no play and
    is skipped: the hitter's cards resolve alone and the support keeps the Enchantments."""
    state = doubles_position(["R2 B0", "B0", "E2 E2", "R1"])
    state = attrs.evolve(state, locked=True)
    state = play(state, "hit R2")  # a1 -> b3
    assert state.ball == cell("b3")
    assert state.last_point is None
    assert state.phase is Phase.AFTER
    assert state.hands[2] == cards("E2 E2")


@pytest.mark.rule("alakaslam", "richs-lock")
def test_doubles_rich_lock_binds_both_opponents_when_he_supports() -> None:
    """Doubles: Rich's Enchant-2 locks the return even when he plays it as the support, and the
    lock covers both opponents' plays: the bound one's and the unbound one's."""
    state = doubles_position(["R0 B0 E2", "R1", "B1 R1 E2", "E2 R1"], to_move=1)
    state = play(state, "hit R1", "support E2 R1")  # b4 -> d2
    assert state.ball == cell("d2")
    assert state.locked
    state = end_turn(play(state, "target 0"))
    assert state.binds == (2, 0, 0, 0)
    assert (state.phase, state.to_move, state.queue) == (Phase.MOVE, 0, (2,))
    state = play(state, "done", "step d2")
    assert plays(state) == {cards("B1"), cards("R1"), cards("B1 R1")}
    with pytest.raises(IllegalMoveError):
        play(state, "hit B1 E2")
    state = play(state, "hit B1")  # d2 -> c3
    assert (state.phase, state.to_move) == (Phase.SUPPORT, 0)
    assert plays(state) == {cards("R0 B0")}
    with pytest.raises(IllegalMoveError):
        play(state, "support B0 E2")
    state = play(state, "support R0 B0")
    assert state.ball == cell("c3")
    assert not state.locked


@pytest.mark.rule("alakaslam", "enchantment-targets")
def test_doubles_each_enchantment_binds_a_different_opponent() -> None:
    """Doubles: the hitter picks whom their Enchantment binds; the support's binds the other."""
    state = doubles_position(["R2 E2 B0", "B0", "B1 E2 R1", "R1"])
    state = play(state, "hit R2 E2", "support B1 E2")  # a1 -> a4
    assert state.ball == cell("a4")
    assert (state.phase, state.to_move) == (Phase.TARGET, 0)
    assert set(legal_moves(state)) == {Target(1), Target(3)}
    state = play(state, "target 3")
    assert state.binds == (0, 2, 0, 2)
    assert state.phase is Phase.AFTER


@pytest.mark.rule("alakaslam", "drawing")
def test_doubles_each_teammate_draws_one() -> None:
    """Doubles: after a good hit each player of the hitting side draws one card."""
    state = doubles_position(["R1 B0", "B0", "R1 B1", "R1"], deck_top="E2 R2")
    state = end_turn(play(state, "hit R1", "support R1"))
    assert state.hands[0] == cards("B0 E2")
    assert state.hands[2] == cards("B1 R2")
    assert (state.phase, state.to_move, state.queue) == (Phase.MOVE, 1, (3,))


# --- the shot limit -------------------------------------------------------------------------------


@pytest.mark.rule("alakaslam", "shot-limit")
@pytest.mark.parametrize(("score", "winners"), [((0, 1), {1}), ((1, 1), set())])
def test_shot_limit_ends_the_match_by_score(score: tuple[int, int], winners: set[int]) -> None:
    """Reaching the shot limit ends the match: the side ahead wins, a level score is a draw."""
    config = Config(shot_limit=5)
    state = position(
        ["B0", "R2"], at=("a1", "b4"), ball="b4", to_move=1, config=config, shots=4, score=score
    )
    state = play(state, "hit R2")
    assert is_over(state)
    result = outcome(state)
    assert result is not None
    assert result.winners == winners
    assert result.is_draw is (not winners)


@pytest.mark.rule("alakaslam", "shot-limit")
def test_shot_limit_counts_a_faulted_hit() -> None:
    """A hit that reaches the shot limit ends the match even when it loses the point."""
    config = Config(shot_limit=5)
    state = position(["B0", "R2 B2"], at=("a1", "b4"), ball="b4", to_move=1, config=config, shots=4)
    state = play(state, "hit R2 B2")  # b4 -> beyond side 0's baseline: out
    assert state.score == (1, 0)
    result = outcome(state)
    assert result is not None and result.winners == {0}
