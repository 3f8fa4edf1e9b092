"""The events of Alakazum!, as users import them: :mod:`cardgames.alakazum.text.story`."""

from cardgames.alakazum.text.story import *  # noqa: F403
from cardgames.alakazum.text.story import __all__ as __all__
