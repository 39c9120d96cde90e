"""``python -m nap_teach``: see :mod:`nap_teach.cli`."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
