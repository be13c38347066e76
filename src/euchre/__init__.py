"""euchre: the card game Euchre under every rule set of its classic and modern sources.

See the README for the command line; :mod:`euchre.core` for the engine.
"""

from euchre.core import *  # noqa: F403
from euchre.core import __all__ as _core_all

__all__ = list(_core_all)
__version__ = "0.1.0"
