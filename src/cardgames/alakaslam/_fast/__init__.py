"""AlakaSLAM's speed kit, behind a wall: what the rules read instead of working a thing out
again, each held in the tests to the plain reading it stands for (``reference.py``).

- :func:`play_options`: the plays of a hand, looked up by what of the hand can matter to a
  play, each play one move object, with an index for ``apply_move``;
- :func:`steps_to`, :func:`paid_steps_to`, :func:`meddles_to`: the step moves to a list of
  cells, each list made once;
- :func:`course` and :func:`landing`: where a shot sends the ball, once per shot and course;
- :func:`draft_of` and :func:`blank_draft`: the draft a move works on, a writable twin of the
  next state that becomes it.

The chapters import this package, never a module inside it (an import-linter contract); every
cache here is kept through :mod:`cardgames._kept`, so ``_kept.clear("cardgames.alakaslam")``
empties them all.
"""

from cardgames.alakaslam._fast.plays import play_options
from cardgames.alakaslam._fast.shots import course, landing
from cardgames.alakaslam._fast.steps import meddles_to, paid_steps_to, steps_to
from cardgames.alakaslam._fast.twin import blank_draft, draft_of

__all__ = [
    "blank_draft",
    "course",
    "draft_of",
    "landing",
    "meddles_to",
    "paid_steps_to",
    "play_options",
    "steps_to",
]
