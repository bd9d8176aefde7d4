"""Test-wide settings: the results store is off (``PROOFCHECK_CACHE=off``), so that a test
that runs ``proofcheck check`` checks its claims instead of reading what an earlier test (or a
developer's run) left in ``.proofcheck/``, and writes nothing into the working tree. Tests of
the store turn it on in a temporary directory."""

import os

os.environ.setdefault("PROOFCHECK_CACHE", "off")
