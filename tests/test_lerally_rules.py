"""The rules of Le Rally, one test per rule.

Positions are real matches (``new_game``) changed with ``attrs.evolve``: hands and piles are
written as card codes (``"BL-NR BW2 JO"``: a shot from Baseline-Left to Net-Right, a Baseline
Winner +2 and a Just Out), and every card not placed elsewhere goes to the deck, so the cards are
conserved. ``ball`` is the section the last shot landed in; ``attack`` the attack card to answer.
Seats: a player's left is the next seat up (``(p + 1) % players``), who plays after them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

import random_play
from cardgames import (
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidStateError,
    Rng,
    lerally,
)
from cardgames.lerally import (
    DEFAULT_CARDS,
    Card,
    CardKind,
    CardType,
    Config,
    Ending,
    Format,
    Lob,
    Offense,
    PickUp,
    Play,
    RallyWin,
    Score,
    Section,
    State,
    Zone,
    apply_move,
    attack,
    current_player,
    format_move,
    is_over,
    legal_moves,
    new_game,
    offense,
    outcome,
    parse_card,
    parse_move,
    score_rally,
    shot,
    special,
)
from cardgames.lerally.config import deck_cards

BL, BR, NL, NR = Section.BASELINE_LEFT, Section.BASELINE_RIGHT, Section.NET_LEFT, Section.NET_RIGHT

#: Singles, player 1 serves: player 0 leads the first exchange.
CONFIG = Config(first_server=1)
#: Three players, player 2 serves: player 0 leads.
THREE = Config(players=3, first_server=2)
#: Four players each for themselves, player 3 serves: player 0 leads.
FOUR = Config(players=4, first_server=3)
#: Doubles (players 0 and 2 against 1 and 3), player 3 serves: player 0 leads.
DOUBLES = Config(players=4, doubles=True, first_server=3)


# --- building positions ---------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    """The cards a text names, sorted like a hand: ``cards("BL-NR JO")``."""
    return tuple(sorted(parse_card(code) for code in text.split()))


def in_order(text: str) -> tuple[Card, ...]:
    """The cards a text names, in the text's order."""
    return tuple(parse_card(code) for code in text.split())


def position(
    hands: Sequence[str],
    *,
    to_move: int = 0,
    ball: str | None = None,
    attack_card: str | None = None,
    attack_total: int | None = None,
    last: int | None = None,
    pile: str | None = None,
    cleared: str = "",
    deck_top: str = "",
    deck: str | None = None,
    server: int | None = None,
    score: Score | None = None,
    plays: int = 0,
    config: Config = CONFIG,
) -> State:
    """A match in the middle of a rally: ``to_move`` leads a new exchange (no ``ball`` and no
    ``attack_card``) or answers the ball in ``ball`` or the attack ``attack_card``, put down by
    ``last`` (by default the player before them) on ``pile`` (written bottom card first).

    Every card of the config not in a hand, the pile or ``cleared`` is in the deck, ``deck_top``'s
    cards drawn first in that order; with ``deck`` given, the deck is exactly those cards (drawn
    in that order) and every other card is among the cleared cards.
    """
    base = new_game(config, seed=0)
    n = config.players
    assert len(hands) == n
    leading = ball is None and attack_card is None
    if leading:
        assert pile is None and last is None
        pile_cards: tuple[Card, ...] = ()
    else:
        if last is None:
            last = (to_move - 1) % n
        if pile is None:
            pile = attack_card if attack_card is not None else f"BR-{ball}"
        pile_cards = in_order(pile)
    the_attack = None if attack_card is None else parse_card(attack_card)
    total = attack_total if attack_total is not None else 0
    if the_attack is not None and attack_total is None:
        total = the_attack.value
    new_hands = tuple(cards(h) for h in hands)
    top = in_order(deck if deck is not None else deck_top)
    kept = in_order(cleared)
    used = Counter(pile_cards) + Counter(top) + Counter(kept)
    for hand in new_hands:
        used.update(hand)
    every = Counter(deck_cards(config))
    assert not used - every, f"more cards than the config holds: {used - every}"
    rest = tuple(sorted((every - used).elements()))
    drawn_last_first = tuple(reversed(top))  # the deck is drawn from its end
    if deck is None:
        new_deck, new_cleared = rest + drawn_last_first, kept
    else:
        new_deck, new_cleared = drawn_last_first, kept + rest
    return attrs.evolve(
        base,
        to_move=to_move,
        leading=leading,
        ball=None if ball is None else Section(ball),
        attack=the_attack,
        attack_total=total,
        last=last,
        deck=new_deck,
        pile=pile_cards,
        cleared=new_cleared,
        hands=new_hands,
        server=base.server if server is None else server,
        score=base.score if score is None else score,
        plays=plays,
    )


def play(state: State, *moves: str) -> State:
    """``state`` after the moves, written in notation."""
    for text in moves:
        state = apply_move(state, parse_move(state, text))
    return state


def moves(state: State) -> set[str]:
    """The legal moves, in notation."""
    return {format_move(move) for move in legal_moves(state)}


def conserved(state: State) -> bool:
    """Whether deck, pile, cleared cards and hands hold exactly the config's cards."""
    every = [*state.deck, *state.pile, *state.cleared, *(c for h in state.hands for c in h)]
    return Counter(every) == Counter(deck_cards(state.config))


def win_rally(state: State, player: int) -> State:
    """``state`` after ``player`` wins the current rally by leading their last card."""
    n = state.config.players
    hands = ["BL-NR" if p == player else "BR-BR" for p in range(n)]
    ready = position(
        hands,
        to_move=player,
        server=state.server,
        score=state.score,
        config=state.config,
    )
    after = play(ready, "play BL-NR")
    assert after.last_rally is not None and after.last_rally.player == player
    return after


# --- the cards ------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "the-cards")
@pytest.mark.rule("lerally", "reconstructed-court-and-cards")
def test_default_cards_are_the_reconstructed_78() -> None:
    """64 shots (16 kinds x 4), Baseline Winner +2 x3, Net Winner +3 x3, 2 offense, 2 of each
    special card: 78 cards."""
    assert Config().cards == DEFAULT_CARDS
    counts = Counter(deck_cards(Config()))
    assert sum(counts.values()) == 78
    shots = {card: n for card, n in counts.items() if card.kind is CardKind.SHOT}
    assert set(shots) == {shot(a, b) for a in Section for b in Section}
    assert set(shots.values()) == {4}
    assert counts[attack(Zone.BASELINE, 2)] == 3
    assert counts[attack(Zone.NET, 3)] == 3
    assert counts[offense()] == 2
    for kind in (CardKind.JUST_OUT, CardKind.YOURS, CardKind.CHALLENGE):
        assert counts[special(kind)] == 2
    assert len(counts) == 16 + 2 + 1 + 3


@pytest.mark.rule("lerally", "the-cards")
def test_card_codes_name_every_card() -> None:
    """Cards are written BL-NR, BW2, NW3, OF, JO, YO, CH, and those names parse back."""
    named = {
        "BL-NR": shot(BL, NR),
        "BW2": attack(Zone.BASELINE, 2),
        "NW3": attack(Zone.NET, 3),
        "OF": offense(),
        "JO": special(CardKind.JUST_OUT),
        "YO": special(CardKind.YOURS),
        "CH": special(CardKind.CHALLENGE),
    }
    for code, card in named.items():
        assert card.code == code
        assert parse_card(code) == card
        assert parse_card(code.lower()) == card


@pytest.mark.rule("lerally", "move-notation")
def test_move_notation_names_every_move() -> None:
    """``play BL-NR``, ``lob 2 BL-NR``, ``offense NR`` and ``pick up`` name the four moves."""
    state = new_game(CONFIG, seed=0)
    assert parse_move(state, "lob 2 BL-NR") == Lob(shot(BL, NR), 2)
    assert parse_move(state, "play BW2") == Play(attack(Zone.BASELINE, 2))
    assert parse_move(state, "offense NR") == Offense(NR)
    assert parse_move(state, "pick up") == PickUp()


@pytest.mark.rule("lerally", "the-cards")
def test_config_cards_replace_the_default() -> None:
    """A config's card list replaces the 78 reconstructed cards."""
    only = (CardType(shot(BL, BL), "Crosscourt", 10), CardType(offense(), "Offense", 2))
    state = new_game(Config(cards=only, first_server=1), seed=4)
    assert conserved(state)
    assert len(state.deck) + sum(len(h) for h in state.hands) == 12
    assert set(state.deck) | {c for h in state.hands for c in h} <= {shot(BL, BL), offense()}


# --- the deal -------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "set-up-and-the-deal")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_six_cards_to_each_player(players: int) -> None:
    """The server deals 6 cards to each player; the rest is the deck."""
    state = new_game(Config(players=players), seed=7)
    assert [len(hand) for hand in state.hands] == [6] * players
    assert len(state.deck) == 78 - 6 * players
    assert state.pile == () and state.cleared == ()
    assert conserved(state)


@pytest.mark.rule("lerally", "set-up-and-the-deal")
def test_hand_size_is_configurable() -> None:
    """``hand_size`` sets the number of cards dealt to each player."""
    state = new_game(Config(players=3, hand_size=9), seed=7)
    assert [len(hand) for hand in state.hands] == [9, 9, 9]


@pytest.mark.rule("lerally", "set-up-and-the-deal")
@pytest.mark.parametrize(("players", "server"), [(2, 0), (2, 1), (3, 1), (4, 2), (4, 3)])
def test_deal_is_one_card_at_a_time_starting_left_of_the_server(players: int, server: int) -> None:
    """The shuffled deck is dealt one card at a time, first to the server's left."""
    config = Config(players=players, first_server=server)
    shuffled, _ = Rng.from_seed(11).shuffled(deck_cards(config))
    state = new_game(config, seed=11)
    first = (server + 1) % players
    for i in range(players):
        dealt = [shuffled[len(shuffled) - 1 - i - k * players] for k in range(6)]
        assert state.hands[(first + i) % players] == tuple(sorted(dealt))
    assert state.deck == shuffled[: len(shuffled) - 6 * players]


@pytest.mark.rule("lerally", "set-up-and-the-deal")
@pytest.mark.parametrize(("players", "server"), [(2, 0), (2, 1), (3, 0), (3, 2), (4, 1), (4, 3)])
def test_player_left_of_the_server_leads(players: int, server: int) -> None:
    """The player on the server's left leads the first exchange."""
    state = new_game(Config(players=players, first_server=server), seed=3)
    assert state.server == server
    assert current_player(state) == (server + 1) % players
    assert state.leading


@pytest.mark.rule("lerally", "the-first-server")
def test_first_server_is_drawn_from_the_seed() -> None:
    """Without ``first_server``, the server is drawn at random from the seed."""
    servers = set()
    for seed in range(30):
        state = new_game(Config(players=3), seed=seed)
        assert state.server == Rng.from_seed(seed).below(3)[0]
        servers.add(state.server)
    assert servers == {0, 1, 2}


# --- leading an exchange --------------------------------------------------------------------


@pytest.mark.rule("lerally", "leading")
def test_leader_may_lead_any_shot_a_lob_or_the_offense_card() -> None:
    """Leading, any shot card, a lob or the offense card (landing anywhere) may be played."""
    state = position(["BL-NR BL-NR NR-BL BW2 NW3 JO YO CH OF", "BR-BR"])
    assert moves(state) == {
        "play BL-NR",
        "lob 2 BL-NR",
        "play NR-BL",
        "offense BL",
        "offense BR",
        "offense NL",
        "offense NR",
    }


@pytest.mark.rule("lerally", "leading")
def test_leader_may_not_lead_attack_or_special_cards() -> None:
    """Attack cards and special cards cannot lead: a leader holding only those picks up."""
    state = position(["BW2 NW3 JO YO CH", "BR-BR"])
    assert moves(state) == {"pick up"}


@pytest.mark.rule("lerally", "leading")
@pytest.mark.rule("lerally", "picking-up")
def test_leader_who_cannot_lead_picks_up_three_and_the_next_player_leads() -> None:
    """A leader with no shot and no offense card picks up 3; the next player leads."""
    state = position(["BW2 JO", "BR-BR", "NR-NR"], deck_top="NL-NL NL-BL NR-BR", config=THREE)
    after = play(state, "pick up")
    assert after.hands[0] == cards("BW2 JO NL-NL NL-BL NR-BR")
    assert after.to_move == 1 and after.leading
    assert conserved(after)


@pytest.mark.rule("lerally", "answering")
def test_a_shot_lands_where_its_arrow_points_for_the_next_player() -> None:
    """A shot from one section lands in its target section, where the next player plays from."""
    after = play(position(["BL-NR NR-NR", "BR-BR"]), "play BL-NR")
    assert after.to_move == 1 and not after.leading
    assert after.ball is NR and after.last == 0
    assert after.pile == in_order("BL-NR")


# --- answering ------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "answering")
def test_answer_is_played_from_the_section_the_ball_landed_in() -> None:
    """Only shot cards whose source is the ball's section can answer it."""
    state = position(["NR-BL NR-NR BL-NR NL-NR BR-NR", "BR-BR"], ball="NR")
    assert moves(state) == {"play NR-BL", "play NR-NR"}


@pytest.mark.rule("lerally", "answering")
def test_a_shot_from_another_section_is_illegal() -> None:
    """Playing a shot from a section the ball is not in is refused."""
    state = position(["NR-BL BL-NR", "BR-BR"], ball="NR")
    with pytest.raises(IllegalMoveError):
        play(state, "play BL-NR")


@pytest.mark.rule("lerally", "attack-cards-and-hot-shots")
@pytest.mark.rule("lerally", "attack-cards")
@pytest.mark.parametrize(
    ("ball", "winner"), [("BL", "BW2"), ("BR", "BW2"), ("NL", "NW3"), ("NR", "NW3")]
)
def test_attack_card_is_played_from_its_zone(ball: str, winner: str) -> None:
    """A Baseline Winner answers a ball in a baseline section, a Net Winner one at the net."""
    state = position(["BW2 NW3", "BR-BR"], ball=ball, pile="NL-NL")
    assert moves(state) == {f"play {winner}"}


@pytest.mark.rule("lerally", "attack-cards-and-hot-shots")
def test_an_attack_is_answered_by_the_next_player() -> None:
    """After an attack card, the next player must answer the attack; the ball is in no
    section."""
    after = play(position(["NW3 NR-NR", "BR-BR"], ball="NR"), "play NW3")
    assert after.to_move == 1 and after.attack == attack(Zone.NET, 3)
    assert after.attack_total == 3 and after.ball is None and after.last == 0


@pytest.mark.rule("lerally", "the-offense-card")
def test_offense_card_answers_from_any_section_and_lands_where_chosen() -> None:
    """The offense card is played from anywhere; the ball lands in the section chosen."""
    state = position(["OF BL-BL", "BR-BR"], ball="NR")
    assert {"offense BL", "offense BR", "offense NL", "offense NR"} <= moves(state)
    after = play(state, "offense BL")
    assert after.ball is BL and after.to_move == 1 and after.last == 0
    assert after.pile == in_order("BR-NR OF")


@pytest.mark.rule("lerally", "special-cards")
def test_special_cards_answer_any_shot() -> None:
    """Just Out, Yours and Challenge may be played on any shot."""
    state = position(["JO YO CH", "BR-BR"], ball="BL")
    assert moves(state) == {"play JO", "play YO", "play CH"}


@pytest.mark.rule("lerally", "playing-is-compulsory")
def test_playing_is_compulsory() -> None:
    """A player who can play a card may not pick up instead."""
    state = position(["BL-NR NR-NR", "BR-BR"], ball="BL")
    assert moves(state) == {"play BL-NR"}
    with pytest.raises(IllegalMoveError):
        apply_move(state, PickUp())


@pytest.mark.rule("lerally", "picking-up")
def test_player_who_cannot_answer_picks_up_three_and_the_next_player_leads() -> None:
    """Unable to play, a player picks up 3; the pile is cleared and the next player leads."""
    state = position(
        ["BR-BR", "NR-NR NW3", "NL-NL"],
        to_move=1,
        ball="BL",
        pile="NL-BR BR-BL",
        deck_top="NL-BL BL-BL NR-BR",
        config=THREE,
    )
    assert moves(state) == {"pick up"}
    after = play(state, "pick up")
    assert after.hands[1] == cards("NR-NR NW3 NL-BL BL-BL NR-BR")
    assert after.pile == () and after.cleared == in_order("NL-BR BR-BL")
    assert after.to_move == 2 and after.leading
    assert after.ball is None and after.last is None
    assert conserved(after)


# --- lobs -----------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "lobs")
def test_lob_is_two_or_more_identical_shot_cards() -> None:
    """A lob is 2 or more copies of the same shot card; different shots never lob together."""
    state = position(["BL-NR BL-NR BL-NR BL-BR", "BR-BR"])
    lobs = {m for m in moves(state) if m.startswith("lob")}
    assert lobs == {"lob 2 BL-NR", "lob 3 BL-NR"}


@pytest.mark.rule("lerally", "lobs")
def test_lob_answering_a_ball_uses_shots_from_its_section() -> None:
    """Answering, a lob is made of shot cards played from the ball's section."""
    state = position(["NR-BL NR-BL BL-NR BL-NR", "BR-BR"], ball="NR")
    assert moves(state) == {"play NR-BL", "lob 2 NR-BL"}


@pytest.mark.rule("lerally", "lobs")
@pytest.mark.parametrize(("config", "receiver"), [(THREE, 2), (FOUR, 2), (DOUBLES, 2)])
def test_lob_skips_the_next_player(config: Config, receiver: int) -> None:
    """A lob goes over the next player: the player after them plays from where it lands."""
    hands = ["BL-NR BL-NR NR-NR"] + ["BR-BR"] * (config.players - 1)
    after = play(position(hands, config=config), "lob 2 BL-NR")
    assert after.to_move == receiver and after.ball is NR and after.last == 0
    assert after.pile == in_order("BL-NR BL-NR")
    assert after.hands[0] == cards("NR-NR")


@pytest.mark.rule("lerally", "lobs")
def test_singles_lobber_plays_again_from_where_the_lob_landed() -> None:
    """With two players a lob skips the opponent: the lobber plays the next shot from where
    it landed."""
    after = play(position(["BL-NR BL-NR NR-BL BL-BL", "BR-BR"]), "lob 2 BL-NR")
    assert after.to_move == 0 and after.ball is NR
    assert moves(after) == {"play NR-BL"}


# --- attack cards ---------------------------------------------------------------------------


@pytest.mark.rule("lerally", "attack-cards-and-hot-shots")
@pytest.mark.rule("lerally", "attack-cards")
def test_attack_is_answered_only_by_the_identical_attack_or_a_special_card() -> None:
    """On an attack only the same attack card, Just Out, Yours or Challenge may be played."""
    state = position(["NR-BL NL-NR BL-BL BW2 NW3 OF JO YO CH", "BR-BR"], attack_card="NW3")
    assert moves(state) == {"play NW3", "play JO", "play YO", "play CH"}


@pytest.mark.rule("lerally", "the-offense-card")
@pytest.mark.rule("lerally", "attack-cards")
def test_offense_card_cannot_answer_an_attack() -> None:
    """The offense card cannot be played on top of an attack card."""
    state = position(["OF BL-BL", "BR-BR"], attack_card="BW2")
    assert moves(state) == {"pick up"}
    with pytest.raises(IllegalMoveError):
        play(state, "offense BL")


@pytest.mark.rule("lerally", "attack-cards-and-hot-shots")
@pytest.mark.rule("lerally", "hot-shots-are-one-card-at-a-time")
def test_hot_shot_totals_add_up() -> None:
    """Worked example: Baseline Winner +2 on Baseline Winner +2 leaves the next player 4 to
    pick up."""
    state = position(
        ["BW2 NR-NR", "BW2 NR-NR", "NR-NR NL-NL"],
        ball="BL",
        deck_top="BL-BL BL-BR BR-BL BR-BR BL-NL",
        config=THREE,
    )
    state = play(state, "play BW2")
    assert state.attack_total == 2 and state.to_move == 1
    state = play(state, "play BW2")
    assert state.attack_total == 4 and state.to_move == 2 and state.last == 1
    assert moves(state) == {"pick up"}
    after = play(state, "pick up")
    assert after.hands[2] == cards("NR-NR NL-NL BL-BL BL-BR BR-BL BR-BR")


@pytest.mark.rule("lerally", "attack-cards-and-hot-shots")
@pytest.mark.rule("lerally", "picking-up")
def test_unanswered_attack_costs_its_value_and_ends_the_exchange() -> None:
    """Unable to answer an attack, a player picks up its value; the next player leads."""
    state = position(
        ["BR-BR", "NR-NR", "NL-NL"],
        to_move=1,
        attack_card="NW3",
        pile="NL-NR NW3",
        deck_top="BL-BL BL-BR BR-BL BR-BR",
        config=THREE,
    )
    after = play(state, "pick up")
    assert after.hands[1] == cards("NR-NR BL-BL BL-BR BR-BL")
    assert after.pile == () and after.cleared == in_order("NL-NR NW3")
    assert after.to_move == 2 and after.leading and after.attack is None
    assert after.attack_total == 0


# --- Just Out -------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "just-out")
@pytest.mark.rule("lerally", "just-outs-victim")
def test_just_out_makes_the_player_of_the_last_card_pick_up_three() -> None:
    """Just Out: the player who put down the last card picks up 3 cards."""
    state = position(
        ["BR-BR", "JO NR-NR", "NL-NL"],
        to_move=1,
        ball="NR",
        pile="BL-NR",
        deck_top="BL-BL BL-BR BR-BL BR-BR",
        config=THREE,
    )
    after = play(state, "play JO")
    assert after.hands[0] == cards("BR-BR BL-BL BL-BR BR-BL")
    assert after.hands[1] == cards("NR-NR")
    assert after.hands[2] == cards("NL-NL")


@pytest.mark.rule("lerally", "just-out")
def test_just_out_player_clears_the_pile_and_leads() -> None:
    """After a Just Out the pile is cleared and the Just Out player leads the next exchange."""
    state = position(
        ["BR-BR", "JO NR-NR", "NL-NL"], to_move=1, ball="NR", pile="BL-NR", config=THREE
    )
    after = play(state, "play JO")
    assert after.pile == () and after.cleared == in_order("BL-NR JO")
    assert after.to_move == 1 and after.leading and after.ball is None
    assert conserved(after)


@pytest.mark.rule("lerally", "just-out")
@pytest.mark.rule("lerally", "just-outs-victim")
def test_just_out_on_an_attack_costs_three() -> None:
    """A Just Out on an attack makes the attacker pick up 3, not the attack total."""
    state = position(
        ["BR-BR", "JO NR-NR"],
        to_move=1,
        attack_card="BW2",
        attack_total=4,
        pile="BW2 BW2",
        last=0,
        deck_top="BL-BL BL-BR BR-BL BR-BR BL-NL",
    )
    after = play(state, "play JO")
    assert after.hands[0] == cards("BR-BR BL-BL BL-BR BR-BL")
    assert after.to_move == 1 and after.leading


@pytest.mark.rule("lerally", "just-out")
@pytest.mark.rule("lerally", "not-on-your-own-card")
def test_just_out_is_not_allowed_on_ones_own_card() -> None:
    """After one's own lob in singles, Just Out cannot be played (the last card is one's own)."""
    after = play(position(["BL-NR BL-NR JO NR-BL", "BR-BR"]), "lob 2 BL-NR")
    assert after.last == 0 and after.to_move == 0
    assert "play JO" not in moves(after)


# --- Yours ----------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "yours")
def test_yours_passes_the_shot_to_the_next_player() -> None:
    """Yours: the next player must answer the same shot, from where it landed."""
    state = position(
        ["BR-BR", "YO BL-BL", "NR-BL BL-NR"], to_move=1, ball="NR", pile="BL-NR", config=THREE
    )
    after = play(state, "play YO")
    assert after.to_move == 2 and after.ball is NR
    assert after.pile == in_order("BL-NR YO")
    assert moves(after) == {"play NR-BL"}


@pytest.mark.rule("lerally", "yours")
def test_yours_passes_an_attack_to_the_next_player() -> None:
    """Yours on an attack: the next player must answer that attack, or pick up its total."""
    state = position(
        ["BR-BR", "YO BL-BL", "NL-NL BR-BL"],
        to_move=1,
        attack_card="NW3",
        deck_top="BL-BR BR-BR BL-NL NL-BL",
        config=THREE,
    )
    after = play(state, "play YO")
    assert after.to_move == 2 and after.attack == attack(Zone.NET, 3)
    assert after.attack_total == 3
    assert moves(after) == {"pick up"}
    picked = play(after, "pick up")
    assert picked.hands[2] == cards("NL-NL BR-BL BL-BR BR-BR BL-NL")
    assert picked.to_move == 0 and picked.leading


@pytest.mark.rule("lerally", "yours")
@pytest.mark.rule("lerally", "not-on-your-own-card")
def test_yours_may_follow_ones_own_lob() -> None:
    """Yours has no restriction but Just Out: after one's own lob it passes the shot on."""
    after = play(position(["BL-NR BL-NR YO BL-BL", "NR-BL"]), "lob 2 BL-NR")
    assert "play YO" in moves(after)
    passed = play(after, "play YO")
    assert passed.to_move == 1 and passed.ball is NR
    assert moves(passed) == {"play NR-BL"}


# --- Challenge ------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "challenge")
def test_challenge_worked_example() -> None:
    """Worked example: A plays Net Winner +3, B challenges, A must answer the Net Winner +3 and
    picks up 3 if unable; the player after A leads."""
    state = position(
        ["NW3 BL-BL", "CH BR-BR", "NL-NL"],
        ball="NR",
        pile="BL-NR",
        last=2,
        deck_top="BR-BL BL-BR NL-BL NR-BR",
        config=THREE,
    )
    state = play(state, "play NW3", "play CH")
    assert state.to_move == 0 and state.attack == attack(Zone.NET, 3) and state.attack_total == 3
    assert moves(state) == {"pick up"}
    after = play(state, "pick up")
    assert after.hands[0] == cards("BL-BL BR-BL BL-BR NL-BL")
    assert after.to_move == 1 and after.leading


@pytest.mark.rule("lerally", "challenge")
@pytest.mark.rule("lerally", "after-a-challenge")
def test_challenged_player_may_answer_with_a_hot_shot() -> None:
    """The challenged player answers their own attack like anybody: a Hot Shot adds up."""
    state = position(
        ["NW3 NW3 BL-BL", "CH BR-BR", "NL-NL"], ball="NR", pile="BL-NR", last=2, config=THREE
    )
    after = play(state, "play NW3", "play CH", "play NW3")
    assert after.attack_total == 6 and after.to_move == 1 and after.last == 0


@pytest.mark.rule("lerally", "challenge")
@pytest.mark.rule("lerally", "after-a-challenge")
def test_challenged_player_answers_the_shot_and_play_goes_on_from_them() -> None:
    """Challenge: the player of the last card answers their own shot; play then continues in
    the normal direction from them."""
    state = position(["BL-NR BL-NR NR-BL NL-NL", "BR-BR", "CH BL-BL"], config=THREE)
    state = play(state, "lob 2 BL-NR")
    assert state.to_move == 2
    state = play(state, "play CH")
    assert state.to_move == 0 and state.ball is NR
    assert moves(state) == {"play NR-BL"}
    after = play(state, "play NR-BL")
    assert after.to_move == 1 and after.ball is BL and after.last == 0


@pytest.mark.rule("lerally", "challenge")
@pytest.mark.rule("lerally", "not-on-your-own-card")
def test_challenge_is_not_allowed_on_ones_own_card() -> None:
    """After one's own lob in singles, Challenge cannot be played (the last card is one's own)."""
    after = play(position(["BL-NR BL-NR CH NR-BL", "BR-BR"]), "lob 2 BL-NR")
    assert "play CH" not in moves(after)
    assert moves(after) == {"play NR-BL"}


# --- what may not be played, and why: the corners random play seldom meets ------------------


@pytest.mark.rule("lerally", "hot-shots-are-one-card-at-a-time")
def test_attack_cards_are_never_lobbed() -> None:
    """Two copies of an attack card are played one at a time: no lob of them is offered, and
    one asked for is refused as no lob."""
    state = position(["BW2 BW2 NR-NR", "BR-BR"], ball="BL")
    assert moves(state) == {"play BW2"}
    with pytest.raises(IllegalMoveError, match="a lob is two or more identical shot cards"):
        apply_move(state, Lob(attack(Zone.BASELINE, 2), 2))


@pytest.mark.rule("lerally", "the-offense-card")
def test_offense_cards_are_never_lobbed() -> None:
    """Two offense cards are played one at a time: leading with both, no lob is offered."""
    state = position(["OF OF", "BR-BR"])
    assert moves(state) == {"offense BL", "offense BR", "offense NL", "offense NR"}
    with pytest.raises(IllegalMoveError, match="a lob is two or more identical shot cards"):
        apply_move(state, Lob(offense(), 2))


@pytest.mark.rule("lerally", "lobs")
def test_a_lob_of_one_card_or_of_more_copies_than_held_is_refused() -> None:
    """A lob is at least two copies, and at most every copy held."""
    state = position(["BL-NR BL-NR", "BR-BR"])
    with pytest.raises(IllegalMoveError, match="a lob is two or more identical shot cards"):
        apply_move(state, Lob(shot(BL, NR), 1))
    with pytest.raises(IllegalMoveError, match="holds 2 of that card"):
        apply_move(state, Lob(shot(BL, NR), 3))


@pytest.mark.rule("lerally", "lobs")
def test_a_lob_from_another_section_is_not_offered() -> None:
    """Answering a ball, copies of a shot hit from another section make no lob."""
    state = position(["BL-NR BL-NR NR-NR", "BR-BR"], ball="NR")
    assert moves(state) == {"play NR-NR"}
    with pytest.raises(IllegalMoveError, match="must play from NR"):
        apply_move(state, Lob(shot(BL, NR), 2))


@pytest.mark.rule("lerally", "attack-cards")
def test_an_attack_card_of_the_other_depth_does_not_answer_a_ball() -> None:
    """A Net Winner does not answer a ball at the baseline, nor a Baseline Winner one at the
    net; the refusal names the section to play from."""
    state = position(["NW3 NR-NR", "BR-BR"], ball="BL")
    assert moves(state) == {"pick up"}
    state = position(["NW3 BW2 BR-BR", "BR-BR"], ball="NL", pile="BL-NL")
    assert moves(state) == {"play NW3"}
    with pytest.raises(IllegalMoveError, match="must play from NL"):
        play(state, "play BW2")


@pytest.mark.rule("lerally", "attack-cards")
def test_another_attack_card_does_not_answer_an_attack() -> None:
    """Facing a Net Winner +3, a Baseline Winner +2 (or a Net Winner of another value) is no
    answer, and the refusal says what answers."""
    state = position(["BW2", "BR-BR"], attack_card="NW3")
    assert moves(state) == {"pick up"}
    state = position(["BW2 YO", "BR-BR"], attack_card="NW3")
    with pytest.raises(IllegalMoveError, match="only the identical attack card or a special card"):
        play(state, "play BW2")


@pytest.mark.rule("lerally", "leading")
@pytest.mark.parametrize("card", ["BW2", "NW3", "JO", "YO", "CH"])
def test_leading_with_an_attack_or_a_special_card_is_refused(card: str) -> None:
    """An attack card or a special card answers somebody's card: leading with one is refused,
    saying what leads."""
    state = position([f"{card} BL-NR", "BR-BR"])
    with pytest.raises(IllegalMoveError, match="leads a new exchange with a shot, a lob"):
        play(state, f"play {card}")


@pytest.mark.rule("lerally", "not-on-your-own-card")
@pytest.mark.parametrize("card", ["JO", "CH"])
def test_just_out_and_challenge_on_ones_own_card_are_refused_saying_why(card: str) -> None:
    """On one's own lob, Just Out and Challenge are refused because the last card is one's
    own; so they are on one's own attack passed back (a hand-made case), where Yours is not."""
    after = play(position([f"BL-NR BL-NR {card} NR-BL", "BR-BR"]), "lob 2 BL-NR")
    with pytest.raises(IllegalMoveError, match="the last card on the pile is player 0's own"):
        play(after, f"play {card}")
    own_attack = position([f"{card} YO", "BR-BR"], attack_card="NW3", last=0)
    assert moves(own_attack) == {"play YO"}
    with pytest.raises(IllegalMoveError, match="the last card on the pile is player 0's own"):
        play(own_attack, f"play {card}")


@pytest.mark.rule("lerally", "specials-on-specials")
@pytest.mark.parametrize("first", ["YO", "CH"])
def test_every_special_card_may_be_played_on_a_yours_or_a_challenge(first: str) -> None:
    """A Yours or a Challenge turns the exchange: the player who must answer then (the next
    player after a Yours, the challenged player after a Challenge) may play any special card
    on it, since the last card is not theirs."""
    answerer = 2 if first == "YO" else 0
    hands = ["BR-BR", f"{first} BL-BL", "NL-NL"]
    hands[answerer] = f"JO YO CH {hands[answerer]}"
    state = position(hands, to_move=1, ball="NR", pile="BL-NR", last=0, config=THREE)
    after = play(state, f"play {first}")
    assert after.to_move == answerer and after.last == 1
    assert {"play JO", "play YO", "play CH"} <= moves(after)


@pytest.mark.rule("lerally", "picking-up")
@pytest.mark.rule("lerally", "playing-is-compulsory")
def test_picking_up_with_a_card_to_play_is_refused_saying_why() -> None:
    """Picking up while a card can be played is refused: playing is compulsory."""
    state = position(["BL-NR", "BR-BR"], ball="BL")
    with pytest.raises(IllegalMoveError, match="playing is compulsory"):
        play(state, "pick up")
    stuck = position(["NR-NR", "BR-BR"], ball="BL")
    with pytest.raises(IllegalMoveError, match="can play no card and must pick up"):
        play(stuck, "play NR-NR")


# --- the deck -------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "picking-up")
def test_cards_are_picked_up_from_the_deck() -> None:
    """A pick-up takes the top cards of the face-down deck."""
    state = position(["BR-BR", "NR-NR"], to_move=1, ball="BL", deck_top="NL-NL NL-BL NR-BR")
    after = play(state, "pick up")
    assert after.hands[1] == cards("NR-NR NL-NL NL-BL NR-BR")
    assert len(after.deck) == len(state.deck) - 3


@pytest.mark.rule("lerally", "reshuffling")
def test_empty_deck_is_rebuilt_from_the_cleared_cards() -> None:
    """When the deck runs out, the cleared cards are shuffled into a new deck."""
    state = position(["BR-BR", "NR-NR"], to_move=1, ball="BL", pile="BR-BL", deck="NL-NL")
    old_cleared = Counter(state.cleared)
    after = play(state, "pick up")
    assert len(after.hands[1]) == 4 and parse_card("NL-NL") in after.hands[1]
    drawn = Counter(after.hands[1]) - Counter(cards("NR-NR NL-NL"))
    assert sum(drawn.values()) == 2 and not drawn - old_cleared
    assert Counter(after.deck) == old_cleared - drawn
    assert after.cleared == in_order("BR-BL")
    assert conserved(after)


@pytest.mark.rule("lerally", "picking-up-stops-short")
def test_pick_up_stops_short_when_deck_and_cleared_cards_are_empty() -> None:
    """With the deck and the cleared cards both empty, a pick-up takes only what there is."""
    config = Config(
        cards=(CardType(shot(BL, BL), "Left", 4), CardType(shot(NR, NR), "Right", 4)),
        hand_size=3,
        first_server=1,
    )
    state = position(
        ["BL-BL BL-BL BL-BL", "NR-NR NR-NR NR-NR"],
        to_move=1,
        ball="BL",
        pile="BL-BL",
        deck="NR-NR",
        config=config,
    )
    assert state.cleared == ()
    after = play(state, "pick up")
    assert after.hands[1] == cards("NR-NR NR-NR NR-NR NR-NR")
    assert after.deck == () and after.cleared == in_order("BL-BL")
    assert after.to_move == 0 and after.leading


@pytest.mark.rule("lerally", "hand-made-positions")
@pytest.mark.parametrize(
    "config",
    [
        CONFIG,
        THREE,
        FOUR,
        Config(players=4, doubles=True, format=Format.FAST_FOUR),
        Config(format=Format.SHOT_GUN, best_of=3),
    ],
    ids=["singles", "three", "four", "doubles", "best-of-three"],
)
def test_cards_are_conserved_through_whole_matches(config: Config) -> None:
    """Through random matches every card stays in the deck, the pile, the cleared cards or a
    hand, and the match ends."""
    for state in random_play.random_states(lerally, config, 5, State):
        assert conserved(state)
    assert is_over(state)


# --- winning a rally ------------------------------------------------------------------------


@pytest.mark.rule("lerally", "winning-a-rally")
@pytest.mark.parametrize(
    ("hand", "move"),
    [("BL-NR", "play BL-NR"), ("BL-NR BL-NR", "lob 2 BL-NR"), ("OF", "offense NL")],
)
def test_playing_ones_last_card_wins_the_rally(hand: str, move: str) -> None:
    """A player who plays their last card (a shot, a lob, the offense card) wins the rally."""
    after = play(position([hand, "BR-BR"]), move)
    assert after.last_rally == RallyWin(0, 0, Ending.EMPTY_HAND)
    assert after.score.games == (1, 0)


@pytest.mark.rule("lerally", "winning-a-rally")
@pytest.mark.rule("lerally", "just-out")
def test_just_out_as_ones_last_card_wins_the_rally() -> None:
    """A Just Out that empties its player's hand wins the rally at once."""
    state = position(["BR-BR", "JO"], to_move=1, ball="NR", pile="BL-NR")
    after = play(state, "play JO")
    assert after.last_rally == RallyWin(1, 1, Ending.EMPTY_HAND)
    assert after.score.games == (0, 1)


@pytest.mark.rule("lerally", "between-rallies")
def test_after_a_rally_the_server_moves_left_and_everything_is_dealt_again() -> None:
    """After a rally the player left of the server serves; all 78 cards are reshuffled and 6
    dealt to each; the player left of the new server leads."""
    state = position(["BL-NR", "BR-BR", "NR-NR"], cleared="NL-NL NL-BL", server=2, config=THREE)
    after = play(state, "play BL-NR")
    assert after.server == 0
    assert after.to_move == 1 and after.leading
    assert [len(hand) for hand in after.hands] == [6, 6, 6]
    assert after.pile == () and after.cleared == () and len(after.deck) == 78 - 18
    assert after.plays == 0 and conserved(after)


@pytest.mark.rule("lerally", "doubles")
def test_doubles_rally_is_won_for_the_team() -> None:
    """In doubles a partner emptying their hand wins the rally for the team (0+2 vs 1+3)."""
    state = position(["BR-BR", "NR-NR", "BL-NR", "NL-NL"], to_move=2, config=DOUBLES)
    after = play(state, "play BL-NR")
    assert after.last_rally == RallyWin(0, 2, Ending.EMPTY_HAND)
    assert after.score.games == (1, 0)


@pytest.mark.rule("lerally", "three-or-four-players")
def test_each_player_scores_for_themselves_without_doubles() -> None:
    """With 3 or 4 players each for themselves, every player has their own score."""
    state = position(["BR-BR", "NR-NR", "BL-NR", "NL-NL"], to_move=2, config=FOUR)
    after = play(state, "play BL-NR")
    assert after.last_rally == RallyWin(2, 2, Ending.EMPTY_HAND)
    assert after.score.games == (0, 0, 1, 0)


@pytest.mark.rule("lerally", "the-rally-limit")
def test_rally_limit_gives_the_rally_to_the_fewest_cards() -> None:
    """A rally reaching ``rally_limit`` decisions is won by the player with the fewest cards."""
    config = Config(rally_limit=10, first_server=1)
    state = position(["BL-NR NR-NR NL-NL BR-BR", "BL-BL NL-BR"], plays=9, config=config)
    after = play(state, "play BL-NR")
    assert after.last_rally == RallyWin(1, 1, Ending.RALLY_LIMIT)
    assert after.score.games == (0, 1)


@pytest.mark.rule("lerally", "the-rally-limit")
def test_rally_limit_tie_goes_in_seat_order_from_left_of_the_server() -> None:
    """Tied for fewest cards at the rally limit, the first of them from the server's left
    wins."""
    config = Config(players=3, rally_limit=10, first_server=0)
    state = position(
        ["NR-NR NL-NL", "BL-NR BR-BR BL-BL NL-BR", "BL-BR NR-BL"],
        to_move=1,
        server=0,
        plays=9,
        config=config,
    )
    after = play(state, "play BL-NR")
    assert after.last_rally == RallyWin(2, 2, Ending.RALLY_LIMIT)


# --- players --------------------------------------------------------------------------------


@pytest.mark.rule("lerally", "players")
@pytest.mark.parametrize(("players", "doubles"), [(2, False), (3, False), (4, False), (4, True)])
def test_two_three_or_four_players_or_doubles(players: int, doubles: bool) -> None:
    """Le Rally is played by 2, 3 or 4 players each for themselves, or as doubles."""
    config = Config(players=players, doubles=doubles)
    state = new_game(config, seed=1)
    assert len(state.hands) == players
    assert len(state.score.games) == (2 if doubles else players)


@pytest.mark.rule("lerally", "players")
@pytest.mark.parametrize(("players", "doubles"), [(1, False), (5, False), (2, True), (3, True)])
def test_other_player_counts_are_refused(players: int, doubles: bool) -> None:
    """Other player counts, and doubles with other than 4 players, are refused."""
    with pytest.raises(InvalidConfigError):
        new_game(Config(players=players, doubles=doubles), seed=1)


# --- scoring: score_rally -------------------------------------------------------------------


@pytest.mark.rule("lerally", "match-formats")
def test_shot_gun_one_rally_wins() -> None:
    """Shot Gun: the winner of one rally wins the match."""
    config = Config(players=3, format=Format.SHOT_GUN)
    score, winner = score_rally(config, Score((0, 0, 0), (0, 0, 0)), 2)
    assert winner == 2 and score.sets == (0, 0, 1)


@pytest.mark.rule("lerally", "one-game")
def test_one_game_counts_15_30_40_then_game() -> None:
    """One Game: rallies count 15, 30, 40 (kept as 1, 2, 3); a rally won on 40 wins."""
    config = Config(format=Format.ONE_GAME)
    score = Score((0, 0), (0, 0))
    for points in (1, 2, 3):
        score, winner = score_rally(config, score, 0)
        assert winner is None and score.games == (points, 0)
    score, winner = score_rally(config, score, 0)
    assert winner == 0 and score.sets == (1, 0)


@pytest.mark.rule("lerally", "one-game")
def test_one_game_deuce_is_sudden_death() -> None:
    """One Game: at 40-40 the next rally wins the game (no advantage)."""
    config = Config(format=Format.ONE_GAME)
    score, winner = score_rally(config, Score((0, 0), (2, 3)), 0)
    assert winner is None and score.games == (3, 3)
    score, winner = score_rally(config, score, 1)
    assert winner == 1


@pytest.mark.rule("lerally", "fast-four")
def test_fast_four_first_to_four_games() -> None:
    """Fast Four: each rally is a game; the first to 4 games wins."""
    config = Config(format=Format.FAST_FOUR)
    score, winner = score_rally(config, Score((0, 0), (3, 2)), 1)
    assert winner is None and score.games == (3, 3)
    score, winner = score_rally(config, score, 0)
    assert winner == 0


@pytest.mark.rule("lerally", "one-set")
def test_one_set_six_games_with_a_lead_of_two() -> None:
    """One Set: 6 games with a lead of 2 wins the set."""
    config = Config(format=Format.ONE_SET)
    score, winner = score_rally(config, Score((0, 0), (4, 4)), 0)
    assert winner is None and score.games == (5, 4)
    score, winner = score_rally(config, score, 0)
    assert winner == 0 and score.games == (6, 4)


@pytest.mark.rule("lerally", "one-set-with-three-or-four-players")
def test_one_set_lead_of_two_over_every_other_player() -> None:
    """One Set with 3 players: 6 games wins with a lead of 2 over each other player."""
    config = Config(players=3, format=Format.ONE_SET)
    score, winner = score_rally(config, Score((0, 0, 0), (5, 4, 3)), 0)
    assert winner == 0 and score.games == (6, 4, 3)


@pytest.mark.rule("lerally", "one-set")
def test_one_set_five_all_is_played_to_seven() -> None:
    """One Set: after 5 games all, 6-5 is not over and the first to 7 wins."""
    config = Config(format=Format.ONE_SET)
    score, winner = score_rally(config, Score((0, 0), (5, 4)), 1)
    assert winner is None and score.games == (5, 5) and score.to_seven
    score, winner = score_rally(config, score, 0)
    assert winner is None and score.games == (6, 5)
    score, winner = score_rally(config, score, 0)
    assert winner == 0 and score.games == (7, 5)


@pytest.mark.rule("lerally", "one-set")
def test_one_set_six_all_then_seven_wins() -> None:
    """One Set played to 7: from 6-6 the next game wins."""
    config = Config(format=Format.ONE_SET)
    score, winner = score_rally(config, Score((0, 0), (6, 6), to_seven=True), 1)
    assert winner == 1 and score.games == (6, 7)


@pytest.mark.rule("lerally", "one-set-with-three-or-four-players")
def test_one_set_five_all_among_three_players_is_played_to_seven() -> None:
    """One Set, 3 players: two players at 5 apiece make it first to 7 for everybody."""
    config = Config(players=3, format=Format.ONE_SET)
    score, winner = score_rally(config, Score((0, 0, 0), (5, 4, 2)), 1)
    assert winner is None and score.to_seven
    score, winner = score_rally(config, score, 0)
    assert winner is None and score.games == (6, 5, 2)
    score, winner = score_rally(config, score, 1)
    assert winner is None and score.games == (6, 6, 2)
    score, winner = score_rally(config, score, 1)
    assert winner == 1 and score.games == (6, 7, 2)


def rallies_to_win_a_set(fmt: Format) -> int:
    """Rallies one side wins in a row to take a set from love."""
    return {Format.SHOT_GUN: 1, Format.ONE_GAME: 4, Format.FAST_FOUR: 4, Format.ONE_SET: 6}[fmt]


def win_set(config: Config, score: Score, side: int) -> tuple[Score, int | None]:
    """The score after ``side`` wins every rally of a set, from love."""
    winner = None
    for _ in range(rallies_to_win_a_set(config.format)):
        assert winner is None
        score, winner = score_rally(config, score, side)
    return score, winner


@pytest.mark.rule("lerally", "best-of")
@pytest.mark.rule("lerally", "best-of-three-and-five")
@pytest.mark.parametrize("fmt", list(Format))
def test_best_of_three_won_two_sets_to_love(fmt: Format) -> None:
    """Best of three: the first side to win 2 sets (each in the chosen format) wins."""
    config = Config(format=fmt, best_of=3)
    score, winner = win_set(config, Score((0, 0), (0, 0)), 0)
    assert winner is None and score.sets == (1, 0) and score.games == (0, 0)
    score, winner = win_set(config, score, 0)
    assert winner == 0 and score.sets == (2, 0)


@pytest.mark.rule("lerally", "best-of")
@pytest.mark.rule("lerally", "best-of-three-and-five")
@pytest.mark.parametrize("fmt", list(Format))
def test_best_of_three_won_in_three_sets(fmt: Format) -> None:
    """Best of three: after a set each, the third set decides."""
    config = Config(format=fmt, best_of=3)
    score, winner = win_set(config, Score((0, 0), (0, 0)), 1)
    assert winner is None and score.sets == (0, 1)
    score, winner = win_set(config, score, 0)
    assert winner is None and score.sets == (1, 1)
    score, winner = win_set(config, score, 1)
    assert winner == 1 and score.sets == (1, 2)


@pytest.mark.rule("lerally", "best-of")
@pytest.mark.rule("lerally", "best-of-three-and-five")
@pytest.mark.parametrize("fmt", [Format.SHOT_GUN, Format.FAST_FOUR])
def test_best_of_five_needs_three_sets(fmt: Format) -> None:
    """Best of five: the first side to win 3 sets wins."""
    config = Config(format=fmt, best_of=5)
    score = Score((0, 0), (0, 0))
    for side in (0, 1, 0, 1):
        score, winner = win_set(config, score, side)
        assert winner is None
    assert score.sets == (2, 2)
    score, winner = win_set(config, score, 0)
    assert winner == 0 and score.sets == (3, 2)


@pytest.mark.rule("lerally", "best-of-three-and-five")
def test_a_new_set_starts_from_love() -> None:
    """A set won, the next set starts at no games all, and no longer played to 7."""
    config = Config(format=Format.ONE_SET, best_of=3)
    score, winner = score_rally(config, Score((0, 0), (6, 6), to_seven=True), 0)
    assert winner is None
    assert score == Score((1, 0), (0, 0), to_seven=False)


@pytest.mark.rule("lerally", "best-of-three-and-five")
def test_three_player_best_of_three() -> None:
    """With 3 players each scores sets for themselves; 2 sets win a best of three."""
    config = Config(players=3, format=Format.SHOT_GUN, best_of=3)
    score = Score((0, 0, 0), (0, 0, 0))
    for side in (2, 0, 1):
        score, winner = score_rally(config, score, side)
        assert winner is None
    score, winner = score_rally(config, score, 0)
    assert winner == 0 and score.sets == (2, 1, 1)


# --- scoring: played rallies ----------------------------------------------------------------


@pytest.mark.rule("lerally", "one-game")
def test_one_game_match_played_rally_by_rally() -> None:
    """Played out, One Game is won by the first player to win a rally on 40."""
    state = new_game(CONFIG, seed=2)
    sequence = [(1, (0, 1)), (0, (1, 1)), (1, (1, 2)), (0, (2, 2)), (0, (3, 2)), (1, (3, 3))]
    for winner, points in sequence:
        state = win_rally(state, winner)
        assert state.score.games == points and not is_over(state)
    state = win_rally(state, 1)
    assert is_over(state) and current_player(state) is None
    result = outcome(state)
    assert result is not None and result.winners == {1}


@pytest.mark.rule("lerally", "between-rallies")
def test_server_moves_one_seat_left_every_rally() -> None:
    """Each rally the server moves one seat to the left, and the player on their left leads."""
    state = new_game(Config(players=3, format=Format.FAST_FOUR, first_server=0), seed=2)
    for expected in (1, 2, 0, 1):
        state = win_rally(state, expected)
        assert state.server == expected
        assert state.to_move == (expected + 1) % 3


@pytest.mark.rule("lerally", "one-set")
def test_one_set_played_to_seven_after_five_all() -> None:
    """Played out, One Set at 5 games all goes on at 6-5 and ends at 7-5."""
    state = new_game(Config(format=Format.ONE_SET, first_server=1), seed=2)
    for side in (0, 1) * 5:
        state = win_rally(state, side)
    assert state.score.games == (5, 5) and state.score.to_seven
    state = win_rally(state, 0)
    assert not is_over(state) and state.score.games == (6, 5)
    state = win_rally(state, 0)
    result = outcome(state)
    assert result is not None and result.winners == {0}


@pytest.mark.rule("lerally", "best-of-three-and-five")
def test_best_of_three_played_in_three_sets() -> None:
    """Played out, a best-of-three Shot Gun match is won 2 sets to 1."""
    state = new_game(Config(format=Format.SHOT_GUN, best_of=3, first_server=0), seed=2)
    state = win_rally(state, 0)
    state = win_rally(state, 1)
    assert state.score.sets == (1, 1) and not is_over(state)
    state = win_rally(state, 0)
    result = outcome(state)
    assert result is not None and result.winners == {0} and state.score.sets == (2, 1)


@pytest.mark.rule("lerally", "best-of-three-and-five")
@pytest.mark.rule("lerally", "fast-four")
def test_best_of_three_fast_four_played_two_sets_to_love() -> None:
    """Played out, a best-of-three Fast Four match is won 2 sets to 0 after 8 rallies."""
    state = new_game(Config(format=Format.FAST_FOUR, best_of=3, first_server=0), seed=2)
    for rally in range(8):
        assert not is_over(state), rally
        state = win_rally(state, 1)
    result = outcome(state)
    assert result is not None and result.winners == {1} and state.score.sets == (0, 2)


@pytest.mark.rule("lerally", "doubles")
def test_doubles_match_is_won_by_both_partners() -> None:
    """In doubles the match's winners are both players of the winning team."""
    state = new_game(Config(players=4, doubles=True, format=Format.SHOT_GUN), seed=2)
    state = win_rally(state, 3)
    result = outcome(state)
    assert result is not None and result.winners == {1, 3}
    assert result.returns == (0.0, 1.0, 0.0, 1.0)


@pytest.mark.rule("lerally", "three-or-four-players")
def test_four_players_match_is_won_by_one_player() -> None:
    """With 4 players each for themselves, only the rally winner wins a Shot Gun match."""
    state = new_game(Config(players=4, format=Format.SHOT_GUN), seed=2)
    state = win_rally(state, 2)
    result = outcome(state)
    assert result is not None and result.winners == {2}


# --- One Game with several sides on 40 ------------------------------------------------------

#: One Game with 3 and with 4 players each for themselves, several sides on 40: the points, a
#: side below 40 and a side on 40.
SEVERAL_ON_40 = [
    pytest.param(THREE, (3, 3, 1), 2, 1, id="three"),
    pytest.param(FOUR, (3, 1, 3, 3), 1, 3, id="four"),
]


@pytest.mark.rule("lerally", "one-game")
@pytest.mark.parametrize(("config", "points", "below", "on_40"), SEVERAL_ON_40)
def test_one_game_several_sides_on_40_next_rally_won_on_40_wins(
    config: Config, points: tuple[int, ...], below: int, on_40: int
) -> None:
    """One Game, several sides on 40: a rally won below 40 adds a point, one won on 40 wins."""
    sets = (0,) * config.players
    start = Score(sets, points)
    for side, point in enumerate(points):
        if point == 3:
            score, winner = score_rally(config, start, side)
            assert winner == side and score.sets[side] == 1, side
    score, winner = score_rally(config, start, below)
    raised = tuple(point + (side == below) for side, point in enumerate(points))
    assert winner is None and score == Score(sets, raised)
    score, winner = score_rally(config, score, on_40)
    assert winner == on_40
    assert score.sets == tuple(int(side == on_40) for side in range(config.players))


@pytest.mark.rule("lerally", "one-game")
@pytest.mark.parametrize(("config", "points", "below", "on_40"), SEVERAL_ON_40)
def test_one_game_several_sides_on_40_played_rallies(
    config: Config, points: tuple[int, ...], below: int, on_40: int
) -> None:
    """One Game played out, several sides on 40: a point below 40, then a win from 40."""
    sets = (0,) * config.players
    state = attrs.evolve(new_game(config, seed=2), score=Score(sets, points))
    state = win_rally(state, below)
    raised = tuple(point + (side == below) for side, point in enumerate(points))
    assert not is_over(state) and state.score == Score(sets, raised)
    state = win_rally(state, on_40)
    result = outcome(state)
    assert result is not None and result.winners == {on_40}
    assert result.reason == "won the match"
    assert state.score.sets[on_40] == 1


# --- best of five ---------------------------------------------------------------------------


def contested_set(fmt: Format, winner: int) -> list[int]:
    """The winners of the rallies of a two-sided set that ``winner`` takes after a fight: from
    0-40 down in One Game (then four rallies in a row), through 5-5 and 6-5 to 7-5 in
    One Set."""
    loser = 1 - winner
    if fmt is Format.ONE_GAME:
        return [loser] * 3 + [winner] * 4
    assert fmt is Format.ONE_SET
    return [loser, winner] * 5 + [winner] * 2


@pytest.mark.rule("lerally", "best-of-three-and-five")
@pytest.mark.parametrize("fmt", [Format.ONE_GAME, Format.ONE_SET])
def test_best_of_five_sets_reset_and_three_sets_win(fmt: Format) -> None:
    """Best of five (One Game, One Set): each set starts from love, and 3 sets win the match."""
    config = Config(format=fmt, best_of=5)
    score = Score((0, 0), (0, 0))
    set_winners = [1, 0, 1, 0, 1]
    for number, set_winner in enumerate(set_winners, start=1):
        rallies = contested_set(fmt, set_winner)
        winner = None
        for rally, side in enumerate(rallies, start=1):
            assert winner is None
            score, winner = score_rally(config, score, side)
            if rally == len(rallies) - 1:  # one rally from the set
                ahead = 3 if fmt is Format.ONE_GAME else 6
                behind = 3 if fmt is Format.ONE_GAME else 5
                assert score.games == tuple(ahead if s == set_winner else behind for s in (0, 1))
                assert score.to_seven is (fmt is Format.ONE_SET)
        sets = (set_winners[:number].count(0), set_winners[:number].count(1))
        assert score.sets == sets
        if number < len(set_winners):
            assert winner is None and score == Score(sets, (0, 0), to_seven=False), number
    assert winner == 1 and score.sets == (2, 3)


@pytest.mark.rule("lerally", "best-of-three-and-five")
@pytest.mark.parametrize(
    ("fmt", "set_winners", "reason"),
    [
        (Format.ONE_GAME, [1, 0, 1, 1], "won the match 3 sets to 1"),
        (Format.ONE_SET, [1, 0, 1, 1], "won the match 3 sets to 1"),
        (Format.ONE_GAME, [0, 1, 1, 0, 0], "won the match 3 sets to 2"),
        (Format.ONE_SET, [1, 1, 1], "won the match 3 sets to 0"),
    ],
)
def test_best_of_five_played_out_names_the_sets_winner_first(
    fmt: Format, set_winners: list[int], reason: str
) -> None:
    """Best of five played out: 3 sets end it, the reason naming the winner's sets first."""
    state = new_game(Config(format=fmt, best_of=5, first_server=0), seed=2)
    for number, set_winner in enumerate(set_winners, start=1):
        for side in contested_set(fmt, set_winner):
            assert not is_over(state)
            state = win_rally(state, side)
        if number < len(set_winners):
            assert not is_over(state) and state.score.games == (0, 0)
            assert not state.score.to_seven
    result = outcome(state)
    champion = set_winners[-1]
    assert result is not None and result.winners == {champion}
    assert result.reason == reason
    assert state.score.sets[champion] == 3


# --- checking states: One Set played to seven -----------------------------------------------

ONE_SET_CONFIG = Config(format=Format.ONE_SET, first_server=1)


@pytest.mark.rule("lerally", "hand-made-positions")
@pytest.mark.parametrize(
    "score",
    [Score((0, 0), (5, 5), False), Score((0, 0), (6, 6), False), Score((0, 0), (3, 2), True)],
    ids=["5-5-not-to-seven", "6-6-not-to-seven", "3-2-to-seven"],
)
def test_checked_one_set_to_seven_flag_must_fit_the_games(score: Score) -> None:
    """A One Set score goes to seven exactly when two sides have 5 games; any other is refused."""
    state = position(["BL-NR", "BR-BR"], score=score, config=ONE_SET_CONFIG)
    with pytest.raises(InvalidStateError) as refused:
        legal_moves(state)
    message = str(refused.value)
    assert "score" in message and str(score.games) in message


@pytest.mark.rule("lerally", "hand-made-positions")
@pytest.mark.parametrize(
    "score", [Score((0, 0), (5, 5), True), Score((0, 0), (6, 5), True)], ids=["5-5", "6-5"]
)
def test_checked_one_set_to_seven_after_five_all_is_accepted(score: Score) -> None:
    """A One Set score at 5-5 or 6-5 played to seven is a playable state."""
    state = position(["BL-NR", "BR-BR"], score=score, config=ONE_SET_CONFIG)
    assert moves(state) == {"play BL-NR"}


# --- notation: the offense card and long lobs -----------------------------------------------


@pytest.mark.rule("lerally", "the-offense-card")
@pytest.mark.rule("lerally", "move-notation")
@pytest.mark.parametrize("text", ["play OF", "OF", "of", "  Play  of "])
def test_offense_card_is_not_played_by_name(text: str) -> None:
    """The offense card is written ``offense NR``: ``play OF`` (or ``OF``) is not a move."""
    state = position(["OF BL-BL", "BR-BR"])
    with pytest.raises(InvalidMoveError):
        parse_move(state, text)


@pytest.mark.rule("lerally", "the-offense-card")
@pytest.mark.parametrize("ball", [None, "NR"], ids=["leading", "answering"])
def test_offense_card_played_as_a_card_is_refused_naming_the_landing_section(
    ball: str | None,
) -> None:
    """``Play(offense())`` is illegal even for its holder: the move must name where it lands."""
    state = position(["OF BL-BL", "BR-BR"], ball=ball)
    with pytest.raises(IllegalMoveError) as refused:
        apply_move(state, Play(offense()))
    message = str(refused.value)
    assert "Offense(to=section)" in message and "where it lands" in message


@pytest.mark.rule("lerally", "lobs")
@pytest.mark.rule("lerally", "move-notation")
def test_lob_of_more_than_99_identical_cards_round_trips_through_notation() -> None:
    """A lob of any count the card list allows (up to 1000 copies) is written and read back."""
    many = Config(
        cards=(
            CardType(shot(BL, NR), "Forehand Angle", 1000),
            CardType(shot(BR, BR), "Crosscourt Backhand", 10),
        ),
        first_server=1,
    )
    state = position([" ".join(["BL-NR"] * 1000), "BR-BR"], config=many)
    lobs = [move for move in legal_moves(state) if isinstance(move, Lob)]
    assert [lob.count for lob in lobs] == list(range(2, 1001))
    for lob in lobs:
        text = format_move(lob)
        assert text == f"lob {lob.count} BL-NR"
        assert parse_move(state, text) == lob
    assert parse_move(state, "LOB 100 bl-nr") == Lob(shot(BL, NR), 100)
    assert format_move(Lob(shot(BL, NR), 1000)) == "lob 1000 BL-NR"
    after = play(state, "lob 999 BL-NR")
    assert after.hands[0] == cards("BL-NR") and after.ball is NR
    assert after.pile == (shot(BL, NR),) * 999
