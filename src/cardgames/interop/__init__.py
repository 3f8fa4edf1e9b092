"""Adapters to the learning and search libraries: each module is an optional extra.

- :mod:`cardgames.interop.pettingzoo`: every game as a PettingZoo ``AECEnv`` (``cardgames[rl]``);
- :mod:`cardgames.interop.gymnasium`: one seat of a game as a Gymnasium ``Env``, the other seats
  played by bots (``cardgames[rl]``);
- :mod:`cardgames.interop.openspiel`: importing it registers ``python_cardgames_<game>`` with
  OpenSpiel (``cardgames[openspiel]``).

This package itself imports nothing: ``import cardgames`` never reaches it, and an adapter whose
extra is not installed raises ``ImportError`` naming the extra to install. All three are built
on the encodings every game defines (``num_actions``, ``move_to_action``, ``action_to_move``,
``action_mask``, ``observation`` and ``observation_shape``).
"""

from __future__ import annotations

__all__: list[str] = []
