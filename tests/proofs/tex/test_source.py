r"""proofs.tex.source: a paper's root and the files it brings in, as one text whose every
position has its file and line."""

from __future__ import annotations

import pathlib

import pytest

from proofs.tex.source import Document, SourceError, braced, load, strip_comments


def write(folder: pathlib.Path, name: str, text: str) -> pathlib.Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def root(folder: pathlib.Path, body: str, name: str = "main.tex", preamble: str = "") -> str:
    text = f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n{body}\n\\end{{document}}\n"
    return str(write(folder, name, text))


def at(doc: Document, needle: str) -> tuple[str, int]:
    return doc.where(doc.text.index(needle))


def test_input_with_and_without_extension_and_with_spaces(tmp_path):
    write(tmp_path, "a.tex", "alpha\n")
    write(tmp_path, "b.tex", "beta\n")
    write(tmp_path, "my file.tex", "gamma\n")
    doc = load(root(tmp_path, "\\input{a}\n\\input{b.tex}\n\\input{my file}"))
    assert doc.files == ("main.tex", "a.tex", "b.tex", "my file.tex")
    assert "alpha" in doc.text and "beta" in doc.text and "gamma" in doc.text
    assert at(doc, "gamma") == ("my file.tex", 1)
    assert doc.missing == ()


def test_input_without_braces(tmp_path):
    write(tmp_path, "intro.tex", "Intro text.\n")
    doc = load(root(tmp_path, "\\input intro\nafter"))
    assert at(doc, "Intro") == ("intro.tex", 1)
    assert at(doc, "after") == ("main.tex", 4)


def test_include_and_nested_inputs(tmp_path):
    write(tmp_path, "ch1.tex", "Chapter one.\n\\input{sections/s1}\nEnd of one.\n")
    write(tmp_path, "sections/s1.tex", "Line 1.\nLine 2 of s1.\n")
    doc = load(root(tmp_path, "\\include{ch1}\nRoot after."))
    assert doc.files == ("main.tex", "ch1.tex", "sections/s1.tex")
    assert at(doc, "Line 2 of s1") == ("sections/s1.tex", 2)
    assert at(doc, "End of one") == ("ch1.tex", 3)
    assert at(doc, "Root after") == ("main.tex", 4)


def test_input_relative_to_the_including_file_as_a_fallback(tmp_path):
    write(tmp_path, "parts/a.tex", "A\n\\input{b}\n")
    write(tmp_path, "parts/b.tex", "B here\n")
    doc = load(root(tmp_path, "\\input{parts/a}"))
    assert at(doc, "B here") == ("parts/b.tex", 1)


def test_subfile_body_only(tmp_path):
    write(tmp_path, "sections/a.tex",
          "\\documentclass[../main.tex]{subfiles}\n\\usepackage{x}\n\\begin{document}\n"
          "Sub body.\n\\end{document}\ntrailing junk\n")
    doc = load(root(tmp_path, "\\subfile{sections/a}\nDone.", preamble="\\usepackage{subfiles}\n"))
    assert "Sub body." in doc.text
    assert "subfiles}\n\\usepackage{x}" not in doc.text
    assert "trailing junk" not in doc.text
    assert doc.text.count("\\begin{document}") == 1
    assert doc.text.count("\\end{document}") == 1
    assert at(doc, "Sub body") == ("sections/a.tex", 4)
    assert at(doc, "Done.") == ("main.tex", 5)


def test_import_and_subimport(tmp_path):
    write(tmp_path, "chap/intro.tex", "Intro.\n\\input{detail}\n\\subimport{more/}{deep}\n")
    write(tmp_path, "chap/detail.tex", "Detail.\n")
    write(tmp_path, "chap/more/deep.tex", "Deep.\n")
    doc = load(root(tmp_path, "\\import{chap/}{intro}"))
    assert doc.files == ("main.tex", "chap/intro.tex", "chap/detail.tex", "chap/more/deep.tex")
    assert at(doc, "Deep.") == ("chap/more/deep.tex", 1)


def test_a_missing_input_is_recorded(tmp_path):
    doc = load(root(tmp_path, "x\n\\input{nowhere}\ny",
                    preamble="\\newcommand{\\fig}[1]{\\input{figs/#1}}\n"))
    assert doc.missing == (("nowhere", "main.tex:5"),)  # not the macro's figs/#1
    assert "\\input{nowhere}" in doc.text
    assert at(doc, "y") == ("main.tex", 6)


def test_a_cycle_is_an_error(tmp_path):
    write(tmp_path, "a.tex", "\\input{b}\n")
    write(tmp_path, "b.tex", "\\input{a}\n")
    with pytest.raises(SourceError, match=r"cycle: main.tex -> a.tex -> b.tex -> a.tex"):
        load(root(tmp_path, "\\input{a}"))


def test_the_same_file_twice_is_no_cycle(tmp_path):
    write(tmp_path, "n.tex", "note\n")
    doc = load(root(tmp_path, "\\input{n}\n\\input{n}"))
    assert doc.text.count("note") == 2
    assert doc.files == ("main.tex", "n.tex")


def test_directory_with_one_root(tmp_path):
    root(tmp_path, "\\input{body}", name="paper-final.tex")
    write(tmp_path, "body.tex", "Body.\n")
    write(tmp_path, "notes.tex", "not a document\n")
    doc = load(str(tmp_path))
    assert doc.root.endswith("paper-final.tex")
    assert doc.files[0] == "paper-final.tex"


def test_directory_with_two_roots_names_both(tmp_path):
    root(tmp_path, "one", name="arxiv.tex")
    root(tmp_path, "two", name="neurips.tex")
    with pytest.raises(SourceError, match=r"arxiv.tex, neurips.tex"):
        load(str(tmp_path))


def test_directory_prefers_main_then_the_one_not_input(tmp_path):
    root(tmp_path, "one", name="main.tex")
    root(tmp_path, "two", name="other.tex")
    assert load(str(tmp_path)).files[0] == "main.tex"
    other = tmp_path / "second"
    root(other, "\\input{standalone}", name="top.tex")
    root(other, "inner", name="standalone.tex")
    assert load(str(other)).files[0] == "top.tex"


def test_a_subfile_is_never_a_root(tmp_path):
    root(tmp_path, "\\subfile{part}", name="book.tex")
    write(tmp_path, "part.tex", "\\documentclass[book]{subfiles}\n\\begin{document}\nP\n"
          "\\end{document}\n")
    assert load(str(tmp_path)).files == ("book.tex", "part.tex")


def test_errors(tmp_path):
    with pytest.raises(SourceError, match="no such file"):
        load(str(tmp_path / "absent.tex"))
    with pytest.raises(SourceError, match=r"no \.tex file"):
        load(str(tmp_path))


def test_a_local_package_is_inlined(tmp_path):
    write(tmp_path, "mymacros.sty",
          "\\newcommand{\\R}{\\mathbb{R}}\n\\newtheorem{lemma}{Lemma}\n")
    write(tmp_path, "other.sty", "\\newcommand{\\E}{\\mathbb{E}}\n")
    doc = load(root(tmp_path, "text", preamble="\\usepackage{amsmath,mymacros}\n"
                                                "\\usepackage[opt]{other}\n\\usepackage{mymacros}\n"))
    assert doc.files == ("main.tex", "mymacros.sty", "other.sty")
    assert doc.text.count("\\newtheorem{lemma}{Lemma}") == 1
    assert at(doc, "\\newtheorem") == ("mymacros.sty", 2)
    assert at(doc, "\\usepackage[opt]") == ("main.tex", 3)
    assert at(doc, "text") == ("main.tex", 6)


def test_iffalse_and_comment_blocks_and_comments(tmp_path):
    write(tmp_path, "kept.tex", "kept\n")
    body = ("a % \\input{commented}\n"
            "\\iffalse\n\\input{skipped}\n\\ifx\\a\\b\\fi\n\\fi\n"
            "\\begin{comment}\n\\input{skipped2}\n\\end{comment}\n"
            "\\iffalse old \\else \\input{kept} \\fi\n"
            "50\\% done\nlast")
    doc = load(root(tmp_path, body))
    assert doc.missing == ()
    assert "commented" not in doc.text and "skipped" not in doc.text
    assert "50\\% done" in doc.text
    assert doc.files == ("main.tex", "kept.tex")
    assert at(doc, "50") == ("main.tex", 12)
    assert at(doc, "last") == ("main.tex", 13)
    assert doc.text.count("\n") == (tmp_path / "main.tex").read_text().count("\n") + 1


def test_where_in_an_included_file_and_after_it(tmp_path):
    write(tmp_path, "inc.tex", "first\nsecond\nthird")
    doc = load(root(tmp_path, "before \\input{inc} after\nnext"))
    assert at(doc, "before") == ("main.tex", 3)
    assert at(doc, "first") == ("inc.tex", 1)
    assert at(doc, "third") == ("inc.tex", 3)
    assert at(doc, "after") == ("main.tex", 3)
    assert at(doc, "next") == ("main.tex", 4)
    line = doc.text[:doc.text.index("next")].count("\n") + 1
    assert doc.where_line(line) == ("main.tex", 4)
    assert doc.preamble_end() == doc.text.index("\\begin{document}")


def test_latin1_and_crlf(tmp_path):
    (tmp_path / "l.tex").write_bytes("caf\xe9\r\nline two\r\n".encode("latin-1"))
    doc = load(root(tmp_path, "\\input{l}"))
    assert "café\nline two" in doc.text
    assert at(doc, "line two") == ("l.tex", 2)


def test_helpers():
    assert strip_comments("a % x\n\\% b \\\\% c") == "a \n\\% b \\\\"
    assert braced("  {a\\}{b}}c", 0) == ("a\\}{b}", 10)
    assert braced("x", 0) is None
