"""How long ``proofcheck check paper.tex --budget quick`` takes on a 100-statement paper.

The paper is written here (no corpus text): a root with a preamble of macros and two
``\\input`` sections of 50 lemmas each, cycling through ten statement forms (scalar and
vector inequalities, definitions, conditions in words and formulas, a false one). Prints the
seconds to read (``read_paper``) and to read and check (the command line, cold: no results
store, no witness replay), and the verdict counts. Issue 45 asks for at most 30 s.

Usage: ``python benchmarks/bench_tex_paper.py [--statements 100] [--jobs N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import pathlib
import sys
import tempfile
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FORMS = [
    r"For all real $x$, $e^{x} \ge 1 + x$.",
    r"Let $x > 0$. Then $\log x \le x - 1$.",
    r"Let $a, b$ be positive reals. Then $a + b \ge 2\sqrt{ab}$.",
    r"For all $x \in \R^d$, $\norm{x}_2 \le \sqrt{d} \norm{x}_\infty$.",
    r"Let $A \in \R^{n \times d}$ and $x \in \R^d$. Then $\norm{Ax}_2 \le \norm{A} \norm{x}_2$.",
    r"Let $t \in (0, 1)$ and define $s = t^2$. Then $s \le t$.",
    r"If $0 \le u \le 1$, then $u^3 \le u^2$.",
    r"For all real $y$, $\cosh(y) \ge 1$ and $|\sin(y)| \le 1$.",
    r"Let $p \ge 1$. Then $\sq{p} \ge p$.",
    r"For all real $z$, $z^2 \ge z$.",  # false: z = 1/2
]
PREAMBLE = r"""\documentclass{article}
\usepackage{amsmath,amsthm}
\newtheorem{lemma}{Lemma}[section]
\newcommand{\R}{\mathbb{R}}
\newcommand{\norm}[1]{\left\| #1 \right\|}
\newcommand{\sq}[1]{#1^2}
\begin{document}
\input{part1}
\input{part2}
\end{document}
"""


def write(folder: pathlib.Path, statements: int) -> pathlib.Path:
    half = statements // 2
    for k, name in enumerate(("part1", "part2")):
        count = half if k == 0 else statements - half
        body = [f"\\section{{Part {k + 1}}}"]
        for j in range(count):
            body.append(f"\\begin{{lemma}}\\label{{lem:{k}-{j}}}\n"
                         f"{FORMS[(k * half + j) % len(FORMS)]}\n\\end{{lemma}}\n")
        (folder / f"{name}.tex").write_text("\n".join(body), encoding="utf-8")
    root = folder / "paper.tex"
    root.write_text(PREAMBLE, encoding="utf-8")
    return root


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--statements", type=int, default=100)
    ap.add_argument("--jobs", default="auto")
    args = ap.parse_args(argv)
    from proofs.cli.main import main as cli
    from proofs.tex.paper import read_paper

    with tempfile.TemporaryDirectory() as d:
        root = write(pathlib.Path(d), args.statements)
        t0 = time.perf_counter()
        paper = read_paper(str(root))
        read_s = time.perf_counter() - t0
        out = pathlib.Path(d) / "r.json"
        t0 = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            code = cli(["check", str(root), "--budget", "quick", "--no-cache", "--no-replay",
                        "-q", "-j", args.jobs, "--json", str(out)])
        total = time.perf_counter() - t0
        results = json.loads(out.read_text())["results"]
    counts = Counter(f"{r['status']}{'' if r['reading'] == 'complete' else ' (incomplete)'}"
                     for r in results)
    print(f"{'environments':>14} {'statements':>10} {'read s':>8} {'read+check s':>13}  verdicts")
    print(f"{args.statements:14} {len(paper.entries()):10} {read_s:8.2f} {total:13.1f}  "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + f"  (exit {code})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
