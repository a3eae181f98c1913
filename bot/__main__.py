"""``python -m bot`` (``make run``): see :mod:`bot.cli` for the commands."""

import sys

from bot.cli import main

if __name__ == "__main__":
    sys.exit(main())
