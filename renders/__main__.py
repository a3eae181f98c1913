"""``python -m renders [output-dir]``: the README's pictures (renders.readme)."""

import sys
from pathlib import Path

from renders.readme import main

if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(Path(args[0] if args else "docs/img"), gif="--gif" in sys.argv)
