"""``python -m domeng``: the same as the ``domeng`` command."""

import sys

from domeng.cli import main

sys.exit(main())
