"""The events of Alethi, as users import them: :mod:`cardgames.alethi.text.story`."""

from cardgames.alethi.text.story import *  # noqa: F403
from cardgames.alethi.text.story import __all__ as __all__
