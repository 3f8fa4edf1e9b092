"""A heuristic Alakazum! bot: collects one culture, fights when it is favourable, and casts the
Alakazum when it can win."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardgames.alakazum.cards import Culture, Enemy
from cardgames.alakazum.moves import (
    Alakazum,
    Cast,
    Choose,
    Doll,
    Drink,
    Fight,
    Fighter,
    Market,
    Move,
    Pass,
    Peek,
    Raise,
    Spell,
    Support,
    Swap,
    Train,
    UseObject,
)
from cardgames.alakazum.rules import culture_points
from cardgames.alakazum.state import Member, Phase, View

__all__ = ["CollectorBot"]


class CollectorBot:
    """Plays Alakazum! by rules of thumb.

    - **One culture.** It picks the culture it holds the most points of (characters, objects,
      amulets) and favours its characters: it chooses them at the start, feeds them meals and
      trains them.
    - **Favourable fights.** In a combat it plays potions while behind and passes when ahead;
      it attacks another player's character only when its fighter already has more combat
      points, and it faces the forest with its strongest character.
    - **Winning Alakazum.** It casts the Alakazum against an enemy it knows it beats, or against
      a face-down one when its points beat every enemy that could be there; it never casts
      one it could lose.
    - **Dolls.** It cancels another player's Alakazum, and nothing else.
    """

    name = "greedy"

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The move the rules of thumb prefer; ties are broken by ``rng``."""
        best = max(self._score(view, move) for move in legal_moves)
        top = [m for m in legal_moves if self._score(view, m) == best]
        return top[rng.randrange(len(top))]

    def _score(self, view: View, move: Move) -> float:
        team = view.teams[view.player]
        culture = _favourite(view)
        if isinstance(move, Alakazum):
            return 1000.0 if _beats(view, move) else -1000.0
        if isinstance(move, Doll):
            return 100.0 if isinstance(view.pending, Alakazum) else -1.0
        if isinstance(move, Choose):
            card = next(c for c in view.start_row if c.name == move.character)
            return 1.0 + card.points[2] + (2.0 if card.culture is culture else 0.0)
        if isinstance(move, Fighter):
            member = _member(team, move.character)
            combat = member.combat
            return 3.5 if combat is None else float(combat)
        if isinstance(move, Support):
            return 1.0
        if isinstance(move, Drink):
            return _drink_score(view, move)
        if isinstance(move, Fight):
            return _fight_score(view, move, culture)
        if isinstance(move, UseObject):
            if move.culture is not None:
                return 6.0 if move.culture is culture else 2.0
            return 3.0
        if isinstance(move, Cast):
            return _CAST_SCORES[move.spell] - 0.3 * len(move.hats)
        if isinstance(move, Train | Raise):
            return _target_score(view, move, culture)
        if isinstance(move, Swap):
            return _swap_score(view, move, culture)
        if isinstance(move, Peek):
            return 1.0
        if isinstance(move, Market):
            card = next(c for c in view.hand if c.name == move.card)
            return 0.5 + 0.5 * min(card.market, len(view.market)) - 0.1 * card.value
        if isinstance(move, Pass):
            return 0.0
        return 0.1


def _member(team: tuple[Member, ...], name: str) -> Member:
    return next(m for m in team if m.card.name == name)


def _favourite(view: View) -> Culture:
    team, hand = view.teams[view.player], view.hand
    return max(view.config.cultures, key=lambda c: (culture_points(team, hand, c), -len(c.value)))


def _enemy_values(view: View, move: Alakazum) -> list[Enemy]:
    enemy = view.enemies[move.enemy]
    if enemy is not None:
        return [enemy]
    shown = [e for e in view.enemies if e is not None]
    return [e for e in view.config.final_enemies if e not in shown]


def _beats(view: View, move: Alakazum) -> bool:
    total = culture_points(view.teams[view.player], view.hand, move.culture)
    n = view.config.players
    return all(not e.invincible and total > (e.value(n) or 0) for e in _enemy_values(view, move))


def _drink_score(view: View, move: Drink) -> float:
    combat = view.combat
    if combat is None:
        return -1.0
    if view.phase is Phase.HYPNOSIS:
        return 2.0
    mine = 0 if view.player == combat.attacker else 1
    ahead = combat.points[mine] > combat.points[1 - mine] or (
        mine == 1 and combat.points[1] == combat.points[0]
    )
    return -1.0 if ahead else 2.0


def _fight_score(view: View, move: Fight, culture: Culture) -> float:
    """Worth attacking when the bot's strongest character already has more combat points."""
    theirs = _member(view.teams[move.player], move.target)
    strongest = max((m.combat or 0 for m in view.teams[view.player]), default=0)
    if theirs.combat is None or strongest <= theirs.combat:
        return -1.0
    return 4.0 + (2.0 if theirs.card.culture is culture else 0.0)


_CAST_SCORES = {
    Spell.MISERABLE_WITCH: 3.0,
    Spell.TRAINING: 4.0,
    Spell.DIVINATION: 0.5,
    Spell.MAGIC_OF_THE_FOREST: 0.3,
    Spell.LEVITATION: 1.0,
    Spell.RESURRECT: 4.0,
    Spell.DEJA_VU: 0.2,
}


def _target_score(view: View, move: Train | Raise, culture: Culture) -> float:
    if isinstance(move, Train):
        card = _member(view.teams[view.player], move.character).card
    else:
        card = next(c for c in view.cemetery if c.name == move.character)
    return 5.0 if card.culture in (culture, Culture.MULTI) else 1.5


def _swap_score(view: View, move: Swap, culture: Culture) -> float:
    mine = _member(view.teams[view.player], move.character)
    if move.player is None:
        card = next(c for c in view.cemetery if c.name == move.target)
        theirs_points = card.points[0]
    else:
        theirs = _member(view.teams[move.player], move.target)
        card, theirs_points = theirs.card, theirs.points
    gain = (theirs_points if card.culture in (culture, Culture.MULTI) else 0) - (
        mine.points if mine.card.culture in (culture, Culture.MULTI) else 0
    )
    return float(gain)
