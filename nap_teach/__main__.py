"""``python -m nap_teach``: see :mod:`nap_teach.app.cli`."""
import sys

from .app.cli import main

if __name__ == "__main__":
    sys.exit(main())
