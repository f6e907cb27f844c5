"""``python -m solitaire_klondike.frontends.cli`` runs the ``klondike`` command."""

import sys

from . import main

sys.exit(main())
