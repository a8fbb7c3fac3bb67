"""``python -m normtui.demo``: :func:`normtui.demo.build.main`."""

import sys

from normtui.demo.build import main

sys.exit(main())
