"""Provenance of a run: the versions of the toolkit and libraries behind its verdicts.

Example:
    >>> from proofs.store.provenance import versions
    >>> sorted(versions())[:2]
    ['mpmath', 'numpy']
"""

from __future__ import annotations

import platform


def versions() -> dict[str, str]:
    """Versions of the toolkit and the libraries behind a verdict."""
    import flint
    import mpmath
    import numpy
    import scipy
    import sympy

    import proofs

    out = {"proofcheck": proofs.__version__, "python": platform.python_version(),
           "sympy": sympy.__version__, "mpmath": mpmath.__version__, "numpy": numpy.__version__,
           "scipy": scipy.__version__, "python-flint": flint.__version__}
    try:
        import symengine

        out["symengine"] = symengine.__version__
    except ImportError:  # pragma: no cover
        pass
    return out
