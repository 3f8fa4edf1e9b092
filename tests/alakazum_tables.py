"""Hand-made Alakazum! tables for the tests: put named cards where a test needs them.

``table(...)`` starts from a fresh game of ``config`` and places the cards a test names; every
card not named goes to the forest deck (under the named top cards), so the cards of the game
are conserved and the state passes the game's checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.alakazum import Card, Config, Level, Member, Phase, State, new_game
from cardgames.alakazum.config import all_cards, cards_by_name

__all__ = ["card", "member", "table"]


def card(name: str, config: Config | None = None) -> Card:
    """The card named ``name`` in ``config``'s lists."""
    return cards_by_name(config or Config())[name]


def member(
    name: str,
    level: Level = Level.A,
    *,
    broom: str | None = None,
    cape: str | None = None,
    config: Config | None = None,
) -> Member:
    """A character of a team, at ``level``, with a broom or cape under it."""
    config = config or Config()
    return Member(
        card(name, config),
        level,
        None if broom is None else card(broom, config),
        None if cape is None else card(cape, config),
    )


def table(
    config: Config | None = None,
    *,
    teams: Sequence[Sequence[Member | str]],
    hands: Sequence[Sequence[str]] | None = None,
    forest_top: Sequence[str] = (),
    market: Sequence[str] = (),
    cemetery: Sequence[str] = (),
    removed: Sequence[str] = (),
    active: int = 0,
    phase: Phase = Phase.ACTION,
    seed: int = 0,
    **fields: Any,
) -> State:
    """A state of ``config`` with the named cards in place, ``active``'s turn in ``phase``
    (the action phase by default, with one action left).

    ``teams`` lists each player's characters (a name: at level A); ``hands`` each player's hand
    cards; ``forest_top`` the forest deck's top cards, the first drawn first; ``market`` the
    market deck bottom to top; ``removed`` the cards out of the game. Other ``State`` fields
    (``actions``, ``combat``, ``enemies`` ...) can be given too; ``to_move`` is ``active``
    unless given.
    """
    config = config or Config()
    n = config.players
    base = new_game(config, seed=seed)
    pool = Counter(all_cards(config))

    def take(name: str) -> Card:
        found = card(name, config)
        if pool[found] <= 0:
            raise ValueError(f"no {name!r} left to place")
        pool[found] -= 1
        return found

    team_tuples = []
    for team in teams:
        members = []
        for entry in team:
            m = Member(card(entry, config)) if isinstance(entry, str) else entry
            take(m.card.name)
            for extra in (m.broom, m.cape):
                if extra is not None:
                    take(extra.name)
            members.append(m)
        team_tuples.append(tuple(members))
    hand_tuples = [
        tuple(sorted((take(name) for name in hand), key=lambda c: c.name))
        for hand in (hands or [()] * n)
    ]
    top = [take(name) for name in forest_top]
    market_cards = tuple(take(name) for name in market)
    buried = tuple(take(name) for name in cemetery)
    out = tuple(take(name) for name in removed)
    rest = sorted(pool.elements(), key=lambda c: c.name)
    values: dict[str, Any] = {
        "phase": phase,
        "to_move": active,
        "active": active,
        "forest": (*rest, *reversed(top)),
        "market": market_cards,
        "hands": tuple(hand_tuples),
        "teams": tuple(team_tuples),
        "cemetery": buried,
        "removed": out,
        "start_row": (),
        "actions": 1 if phase is Phase.ACTION else 0,
        "seen": (0,) * n,
    }
    values.update(fields)
    return attrs.evolve(base, **values)
