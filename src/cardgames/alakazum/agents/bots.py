"""A heuristic Alakazum! bot: collects one culture, fights when it is favourable, and casts the
Alakazum when it can win."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cardgames.alakazum import moves
from cardgames.alakazum.cards import Card, Culture, Enemy, Kind, Level
from cardgames.alakazum.ending import culture_totals
from cardgames.alakazum.state import Member, Phase, View
from cardgames.errors import InvalidConfigError, InvalidViewError, kind_of

__all__ = ["CollectorBot"]


class CollectorBot:
    """Plays Alakazum! by rules of thumb.

    - **One culture.** It picks the culture it holds the most points of (characters, objects,
      amulets) and favours its characters: it chooses them at the start, feeds them meals and
      trains (or resurrects) those that gain the most points.
    - **Know the enemy.** While a face-down final enemy it has not seen could be weaker than
      the weakest one it can already count on, it looks at one (Divination, a crystal ball).
    - **Favourable fights.** In a combat it plays potions while behind and passes when ahead;
      it attacks another player's character only when its fighter already has more combat
      points, and it faces the forest with its strongest character.
    - **Winning Alakazum.** It casts the Alakazum against an enemy it knows it beats, or against
      a face-down one when its points beat every enemy that could be there; it never casts
      one it could lose.
    - **Dolls.** It cancels another player's Alakazum, and nothing else.
    - **Deja Vu.** It casts Deja Vu when its very magical characters and cauldrons pay for it.
    - **Losses.** Made to give cards or a character away, or to show a card at the market, it
      parts with what counts least for its culture.
    """

    name = "greedy"

    def choose(
        self, view: View, legal_moves: Sequence[moves.Move], rng: random.Random
    ) -> moves.Move:
        """The move the rules of thumb prefer; ties are broken by ``rng``.

        Raises ``InvalidViewError`` for anything but an Alakazum! view with legal moves (a bot
        is given views the rules made, so it does not check them in full: see
        :func:`cardgames.alakazum.check_view`).
        """
        if type(view) is not View:
            raise InvalidViewError(f"expected an alakazum View, got {kind_of(view)}")
        if not isinstance(rng, random.Random):
            raise InvalidConfigError(f"rng must be a random.Random, got {type(rng).__name__}")
        try:
            culture = _favourite(view)
            scores = [_score(view, move, culture) for move in legal_moves]
            best = max(scores)
            top = [m for m, s in zip(legal_moves, scores, strict=True) if s == best]
        except (AttributeError, TypeError, KeyError, IndexError, ValueError, StopIteration):
            raise InvalidViewError("not a well-formed alakazum view with its legal moves") from None
        return top[rng.randrange(len(top))]


def _score(view: View, move: moves.Move, culture: Culture) -> float:
    team = view.teams[view.player]
    if isinstance(move, moves.Alakazum):
        return 1000.0 if _beats(view, move) else -1000.0
    if isinstance(move, moves.Doll):
        return 100.0 if isinstance(view.pending, moves.Alakazum) else -1.0
    if isinstance(move, moves.Choose):
        card = next(c for c in view.start_row if c.name == move.character)
        return 1.0 + card.points[2] + (2.0 if card.culture is culture else 0.0)
    if isinstance(move, moves.Fighter):
        return _strength(_member(team, move.character))
    if isinstance(move, moves.Support):
        return 1.0
    if isinstance(move, moves.Drink):
        return _drink_score(view)
    if isinstance(move, moves.Fight):
        return _fight_score(view, move, culture)
    if isinstance(move, moves.UseObject):
        return _object_score(view, move, culture)
    if isinstance(move, moves.Cast):
        return _cast_score(view, move, culture)
    if isinstance(move, moves.Train | moves.Raise):
        return _target_score(view, move, culture)
    if isinstance(move, moves.Swap):
        return _swap_score(view, move, culture)
    if isinstance(move, moves.Peek):
        return 1.0
    if isinstance(move, moves.Market):
        card = next(c for c in view.hand if c.name == move.card)
        return 0.5 + 0.5 * min(card.market, len(view.market)) - 0.5 * _worth(card, culture)
    if isinstance(move, moves.GiveCard):
        return -_worth(next(c for c in view.hand if c.name == move.card), culture)
    if isinstance(move, moves.Take):
        return _worth(next(c for c in view.market if c.name == move.card), culture)
    if isinstance(move, moves.Sacrifice):
        member = _member(team, move.character)
        return -(member.points if _counts_for(member.card, culture) else 0) - 0.1 * member.level
    if isinstance(move, moves.GiveHalf):
        return -1.5
    if isinstance(move, moves.Pass):
        return 0.0
    return 0.1


def _strength(member: Member) -> float:
    """Combat points, a die counting 3.5 (a cape adds to it)."""
    combat = member.combat
    if combat is not None:
        return float(combat)
    return 3.5 + (member.cape.value if member.cape is not None else 0)


def _member(team: tuple[Member, ...], name: str) -> Member:
    return next(m for m in team if m.card.name == name)


def _favourite(view: View) -> Culture:
    team, hand = view.teams[view.player], view.hand
    return max(
        view.config.cultures, key=lambda c: (culture_totals(team, hand, (c,))[c], -len(c.value))
    )


def _counts_for(card: Card, culture: Culture) -> bool:
    return card.culture is culture or card.culture is Culture.MULTI


def _worth(card: Card, culture: Culture) -> float:
    """How much a hand card is worth keeping: points for the favourite culture most."""
    kind = card.kind
    if kind is Kind.AMULET or (kind is Kind.OBJECT and card.culture is culture):
        return 3.0 + card.value
    if kind is Kind.MEAL:
        return 2.0 if culture in card.cultures else 0.3
    if kind is Kind.HAT or kind is Kind.CAULDRON:
        return 0.5 * card.value + (1.0 if kind is Kind.CAULDRON else 0.0)
    if kind is Kind.DOLL:
        return 1.5
    if kind is Kind.OBJECT:
        return 0.3
    return 0.5 + 0.2 * card.value


def _candidates(view: View, place: int) -> list[Enemy]:
    """The enemies that could be at ``place``: the one seen there, or any not seen yet."""
    enemy = view.enemies[place]
    if enemy is not None:
        return [enemy]
    shown = [e for e in view.enemies if e is not None]
    return [e for e in view.config.final_enemies if e not in shown]


def _to_beat(enemies: list[Enemy], players: int) -> float:
    """The points an Alakazum needs to beat each of ``enemies`` for certain."""
    if any(e.invincible for e in enemies):
        return math.inf
    return max((e.value(players) or 0) + 1 for e in enemies)


def _needed(view: View) -> float:
    """The fewest points that beat, for certain, some face-down enemy."""
    n = view.config.players
    return min(
        (_to_beat(_candidates(view, i), n) for i, up in enumerate(view.enemy_up) if not up),
        default=math.inf,
    )


def _worth_peeking(view: View) -> bool:
    """Whether a face-down enemy not seen yet could be weaker than what the bot can count on."""
    unseen = [i for i, e in enumerate(view.enemies) if e is None and not view.enemy_up[i]]
    if not unseen:
        return False
    n = view.config.players
    weakest = min(_to_beat([e], n) for e in _candidates(view, unseen[0]))
    return weakest < _needed(view)


def _beats(view: View, move: moves.Alakazum) -> bool:
    total = culture_totals(view.teams[view.player], view.hand, (move.culture,))[move.culture]
    return total >= _to_beat(_candidates(view, move.enemy), view.config.players)


def _drink_score(view: View) -> float:
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


def _fight_score(view: View, move: moves.Fight, culture: Culture) -> float:
    """Worth attacking when the bot's strongest character already has more combat points."""
    theirs = _member(view.teams[move.player], move.target)
    strongest = max((m.combat or 0 for m in view.teams[view.player]), default=0)
    if theirs.combat is None or strongest <= theirs.combat:
        return -1.0
    return 4.0 + (2.0 if _counts_for(theirs.card, culture) else 0.0)


def _gain(member: Member, culture: Culture, level: Level) -> int:
    """The points of ``culture`` that ``member`` gains at ``level`` (multicoloured characters
    count for every culture)."""
    if not _counts_for(member.card, culture) or level <= member.level:
        return 0
    return member.card.points[level] - member.points


def _object_score(view: View, move: moves.UseObject, culture: Culture) -> float:
    if move.culture is not None:  # a meal: worth the points it adds to the favourite culture
        team = view.teams[view.player]
        fed = [m for m in team if m.card.culture is move.culture]  # never multicoloured ones
        gain = sum(_gain(m, culture, Level.C) for m in fed) if move.culture is culture else 0
        return 4.0 + gain if gain else 1.0
    card = next(c for c in view.hand if c.name == move.card)
    if card.kind is Kind.CRYSTAL_BALL:
        return 6.0 if _worth_peeking(view) else 0.5
    return 3.0


_CAST_SCORES = {
    moves.Spell.MISERABLE_WITCH: 3.0,
    moves.Spell.TRAINING: 4.0,
    moves.Spell.DIVINATION: 0.5,
    moves.Spell.MAGIC_OF_THE_FOREST: 0.3,
    moves.Spell.LEVITATION: 1.0,
    moves.Spell.RESURRECT: 4.0,
    moves.Spell.DEJA_VU: 0.2,
}


def _cast_score(view: View, move: moves.Cast, culture: Culture) -> float:
    score = _CAST_SCORES[move.spell] - 0.3 * len(move.hats)
    if move.spell is moves.Spell.DIVINATION and _worth_peeking(view):
        score += 6.0
    elif move.spell is moves.Spell.DEJA_VU and not move.hats:
        score += 4.5
    elif move.spell is moves.Spell.TRAINING:
        team = view.teams[view.player]
        if not any(_gain(m, culture, Level(m.level + 1)) for m in team if m.level < Level.C):
            score -= 2.0
    return score


def _target_score(view: View, move: moves.Train | moves.Raise, culture: Culture) -> float:
    if isinstance(move, moves.Train):
        member = _member(view.teams[view.player], move.character)
        return 3.0 + _gain(member, culture, Level(member.level + 1))
    card = next(c for c in view.cemetery if c.name == move.character)
    return 3.0 + (card.points[0] + 1 if _counts_for(card, culture) else 0)


def _swap_score(view: View, move: moves.Swap, culture: Culture) -> float:
    mine = _member(view.teams[view.player], move.character)
    if move.player is None:
        card = next(c for c in view.cemetery if c.name == move.target)
        theirs_points = card.points[0]
    else:
        theirs = _member(view.teams[move.player], move.target)
        card, theirs_points = theirs.card, theirs.points
    gain = (theirs_points if _counts_for(card, culture) else 0) - (
        mine.points if _counts_for(mine.card, culture) else 0
    )
    return float(gain)
