#!/usr/bin/env bash
# Docs and reports people read, for CI (called by .ci/run). Installs nothing itself: it needs
# Debian texlive-latex-base and poppler-utils, and pip install -e ".[docs,plots]".
#
#   1. the Sphinx site with warnings as errors      -> docs/_build/html
#   2. the examples of the docs pages, as doctests   (sphinx doctest builder)
#   3. proofcheck report PAPER -o PAPER.pdf for every encoded paper, each read back with
#      pdftotext and checked (every claim id present, the summary, no missing results)
#
# Environment:
#   REPORTS_DIR          where the reports go (default build/reports)
#   PROOFCHECK_RESULTS   a JSON from 'proofcheck check all --json FILE' to reuse; without it the
#                        script runs 'proofcheck check all --budget $BUDGET' once
#   BUDGET               budget of that run (default quick)
#   SKIP_DOCS=1          only the reports;  SKIP_REPORTS=1  only the docs
set -euo pipefail
cd "$(dirname "$0")/.."

OUT="${REPORTS_DIR:-build/reports}"
BUDGET="${BUDGET:-quick}"
SPHINX=(python -m sphinx -W --keep-going -q)
mkdir -p "$OUT"

if [ "${SKIP_DOCS:-0}" != 1 ]; then
  echo "== docs: html, warnings are errors"
  "${SPHINX[@]}" -b html docs docs/_build/html
  echo "== docs: the pages' examples (doctest)"
  "${SPHINX[@]}" -b doctest -t noapi docs docs/_build/doctest
fi

[ "${SKIP_REPORTS:-0}" = 1 ] && exit 0

have_pdf=1
for tool in pdflatex pdftotext; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "warning: $tool not found (Debian texlive-latex-base, poppler-utils): LaTeX sources only"
    have_pdf=0
  fi
done

results="${PROOFCHECK_RESULTS:-}"
if [ -z "$results" ]; then
  results="$OUT/results.json"
  echo "== proofcheck check all --budget $BUDGET"
  set +e
  python -m proofs check all --budget "$BUDGET" -q --json "$results" > "$OUT/check.txt"
  rc=$?
  set -e
  tail -n 1 "$OUT/check.txt"
  [ "$rc" -le 1 ] || { cat "$OUT/check.txt"; echo "proofcheck check failed (exit $rc)"; exit "$rc"; }
fi

failed=0
for paper in $(python -c "from proofs.registry import paper_keys; print(*paper_keys())"); do
  extra=()
  exps=$(python -c "import sys; from proofs.cli.commands.experiment import discover
print(*sorted(n for n, (k, _) in discover().items() if k == sys.argv[1]))" "$paper")
  if [ -n "$exps" ]; then  # the paper's experiment results and figures, if they run
    mkdir -p "$OUT/$paper-figures"
    for exp in $exps; do
      if python -m proofs experiment "$exp" --budget tiny -q --json "$OUT/$paper-$exp.json" \
           --plot "$OUT/$paper-figures/$exp.png" > /dev/null 2>&1 \
         || [ -s "$OUT/$paper-$exp.json" ]; then
        extra+=(--from "$OUT/$paper-$exp.json")
      else
        echo "warning: experiment $exp did not run; its results are left out of the report"
      fi
    done
    extra+=(--figures "$OUT/$paper-figures")
  fi
  target="$OUT/$paper.tex"
  [ "$have_pdf" = 1 ] && target="$OUT/$paper.pdf"
  echo "== proofcheck report $paper -o $target"
  set +e
  python -m proofs report "$paper" --from "$results" "${extra[@]}" -o "$target"
  rc=$?
  set -e
  if [ "$rc" -gt 1 ] || [ ! -s "$target" ]; then
    echo "FAILED: report $paper (exit $rc)"; failed=1; continue
  fi
  [ "$rc" -eq 1 ] && echo "note: $paper has unexpected verdicts (see the report's summary)"
  if [ "$have_pdf" = 1 ]; then
    pdftotext -raw "$target" "$OUT/$paper.txt"  # -raw: an id broken across lines stays contiguous
    python - "$paper" "$OUT/$paper.txt" <<'EOF' || failed=1
import re
import sys

from proofs import registry

paper, path = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8", errors="replace").read()
flat = re.sub(r"\s+", "", text)
problems = [f"missing section {s!r}" for s in ("Summary", "Errata", "Every result")
            if s not in text]
ids = [c.id for c in registry.paper(paper).claims()]
problems += [f"claim id {i} not in the PDF" for i in ids if i not in flat]
if "Verification report" not in text:
    problems.append("no title")
m = re.search(r"(\d+) claim\(s\) of the paper have no result", text)
if m:
    problems.append(f"{m.group(1)} claim(s) without a result in the checked run")
for p in problems:
    print(f"FAILED {paper}: {p}")
print(f"{paper}: {len(ids)} claim ids found in the PDF" if not problems else "")
sys.exit(1 if problems else 0)
EOF
  fi
done
exit "$failed"
