"""Sphinx configuration: MyST Markdown pages, autodoc API reference, doctested examples.

Build (warnings are errors) and run the examples::

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest
"""

import logging
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

project = "proofcheck"
author = "proofcheck developers"
copyright = "2025, proofcheck developers"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.mathjax",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
# `-t noapi` leaves out the generated API reference: the doctest run needs only the pages.
NOAPI = "tags" in globals() and tags.has("noapi")  # noqa: F821 (Sphinx provides `tags`)
if NOAPI:
    exclude_patterns += ["api.md", "_autosummary"]

# MyST: headings get anchors (pages link to sections); `$...$` stays literal text because the
# pages quote shell commands and formulas in backticks.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# API reference: one generated page per module (docs/_autosummary, regenerated each build).
autosummary_generate = not NOAPI
autosummary_imported_members = False
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_mock_imports = ["matplotlib"]
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# The doctest builder runs the ```{doctest} blocks of the pages from the repository root, so that
# paths such as examples/my_claims.py resolve as in the text.
doctest_global_setup = f"import os\nos.chdir({ROOT!r})\n"
doctest_test_doctest_blocks = ""

# A name re-exported by a package (symbolic.Claim is symbolic.claim.Claim) is one object:
# type hints that name it resolve to either target, which Sphinx reports as ambiguous.
suppress_warnings = ["ref.python"]

html_theme = "alabaster"
html_title = "proofcheck"
html_static_path: list[str] = []


# -- pages written elsewhere ---------------------------------------------------------------------
# The topic pages (papers, findings, derivations, experiments) are written by other people and
# come and go; index.md lists them through the placeholder line OTHER_PAGES, which is replaced by
# the pages that exist (first PREFERRED in this order, then the rest alphabetically). A glob
# toctree would warn (an error under -W) for a pattern that matches nothing.
HERE = os.path.dirname(os.path.abspath(__file__))
LISTED = {"index", "tutorial", "howto-encode-a-lemma", "howto-pytest", "howto-read-a-witness",
          "reports", "verdicts", "architecture", "api"}
PREFERRED = ["closeness-findings", "derivations", "tensor-trick", "lipschitz-attention",
             "experiments"]


def other_pages() -> list[str]:
    """Top-level Markdown pages not listed explicitly in index.md, in reading order."""
    names = sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".md") and f[:-3] not in LISTED)
    return [p for p in PREFERRED if p in names] + [p for p in names if p not in PREFERRED]


def _fill_index(app, docname, source):
    if docname == "index":
        text = source[0].replace("OTHER_PAGES", "\n".join(other_pages()) or "verdicts")
        source[0] = re.sub(r"^api$", "", text, flags=re.M) if NOAPI else text


class _DocstringMarkup(logging.Filter):
    """Drop reST markup warnings raised by Python docstrings (API pages only).

    The modules' docstrings are Google-style text for ``help()`` and doctests, written by many
    people; reST nits there (an unindented line after a list) must not fail the -W build of the
    pages. Warnings from the pages themselves, and every non-markup warning (a missing module,
    a failed import, a broken cross-reference), still count.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "type", None) != "docutils":
            return True
        where = str(getattr(record, "location", "") or "")
        return not ("docstring of" in where or "_autosummary" in where)


def setup(app):
    app.connect("source-read", _fill_index)
    logging.getLogger("sphinx.sphinx.util.docutils").addFilter(_DocstringMarkup())
