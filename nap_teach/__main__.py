"""``python -m nap_teach``: see :mod:`nap_teach.cli`."""
import sys

from .cli import main

sys.exit(main())
