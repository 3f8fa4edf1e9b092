"""The events of AlakaSLAM, as users import them: :mod:`cardgames.alakaslam.text.story`."""

from cardgames.alakaslam.text.story import *  # noqa: F403
from cardgames.alakaslam.text.story import __all__ as __all__
