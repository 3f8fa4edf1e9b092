"""The events of Le Rally, as users import them: :mod:`cardgames.lerally.text.story`."""

from cardgames.lerally.text.story import *  # noqa: F403
from cardgames.lerally.text.story import __all__ as __all__
