"""The deal: the server shuffles every card and deals each player a hand, one card at a time
from their left; the player on the server's left leads. A new match starts with a deal, and so
does every rally after the first (see :mod:`.winning`)."""

from __future__ import annotations

from cardgames.lerally.cards import Card
from cardgames.lerally.config import Config, check_config, deck_cards
from cardgames.lerally.draft import Draft, next_player
from cardgames.lerally.state import State
from cardgames.rng import Rng, check_seed

__all__ = ["deal", "new_game"]


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A fresh match: the first server shuffles and deals, the player on their left leads.

    >>> state = new_game(seed=1)
    >>> len(state.hands[0]), state.leading
    (6, True)
    """
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    rng = Rng.from_seed(seed)
    server = config.first_server
    if server is None:
        server, rng = rng.below(config.players)
    d = Draft.blank(config, server, rng)
    deal(d)
    return d.finish()


def deal(d: Draft) -> None:
    """Shuffle every card; the server deals ``hand_size`` cards to each player, one at a time,
    starting on their left, who then leads."""
    config = d.config
    deck, d.rng = d.rng.shuffled(deck_cards(config))
    players = config.players
    end = len(deck)
    top = end - players * config.hand_size
    first = next_player(config, d.server)
    # Dealt from the deck's end one card at a time, the i-th player from the server's left
    # gets every players-th card of the dealt run, from deck[end - 1 - i] down.
    hands: list[tuple[Card, ...]] = [()] * players
    for i in range(players):
        hand = deck[top + players - 1 - i : end - i : players]
        hands[(first + i) % players] = tuple(sorted(hand))
    d.deck = deck[:top]
    d.hands = tuple(hands)
    d.pile, d.cleared, d.plays = (), (), 0
    d.ball, d.attack, d.attack_total, d.last = None, None, 0, None
    d.to_move, d.leading = first, True
