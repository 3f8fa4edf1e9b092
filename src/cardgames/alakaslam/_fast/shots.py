"""Where a shot sends the ball, worked out once per shot and once per course."""

from __future__ import annotations

from cardgames import _kept
from cardgames.alakaslam import plays
from cardgames.alakaslam.config import Config
from cardgames.alakaslam.court import Cell, Landing, court_for

__all__ = ["course", "landing"]

#: :func:`~cardgames.alakaslam.plays.course`, worked out once per shot.
course = _kept.lru(4096, owner=__name__)(plays.course)


@_kept.lru(4096, owner=__name__)
def landing(
    config: Config, start: Cell, side: int, across: int, distance: int
) -> tuple[Cell, Landing]:
    """:meth:`Court.land` on the court of ``config``, worked out once per shot's course."""
    return court_for(config.columns).land(start, side, across, distance)
