"""Every example of docs/latex-notation.md runs as written (the doctest blocks, as
tests/test_docs_snippets.py runs the tutorial's), and the page is in the toctree and linked
from the how-to and the tutorial."""

from __future__ import annotations

import doctest
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "latex-notation.md"


def blocks(text: str, lang: str) -> list[str]:
    """The fenced code blocks of ``text`` in language ``lang`` (```lang ... ```)."""
    return re.findall(rf"^```{re.escape(lang)}\n(.*?)^```", text, flags=re.M | re.S)


def test_notation_page_doctest_blocks_run_as_written():
    source = "\n".join(blocks(PAGE.read_text(encoding="utf-8"), "{doctest}"))
    test = doctest.DocTestParser().get_doctest(source, {}, "latex-notation",
                                               str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 30


def test_every_section_has_an_example():
    text = PAGE.read_text(encoding="utf-8")
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        assert "```{doctest}" in section, section.splitlines()[0]


def test_the_page_is_linked():
    assert re.search(r"^latex-notation$", (ROOT / "docs" / "index.md").read_text(), re.M)
    for page in ("howto-encode-a-lemma.md", "tutorial.md"):
        assert "latex-notation" in (ROOT / "docs" / page).read_text(encoding="utf-8"), page
