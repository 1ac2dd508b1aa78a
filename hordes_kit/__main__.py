"""``python -m hordes_kit`` runs the ``hordes-kit`` command."""

import sys

from hordes_kit.cli import main

sys.exit(main())
