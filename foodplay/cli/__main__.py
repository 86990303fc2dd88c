"""`python -m foodplay.cli`: the same as the `foodplay` command."""

import sys

from foodplay.cli.commands import main

sys.exit(main())
