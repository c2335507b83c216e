#!/usr/bin/env bash
# The alerts as code (ops/prometheus/alerts.yml): promtool checks the rules and runs their unit tests (every alert
# fires when its cause lasts and stays quiet otherwise), and every runbook annotation must name a section of
# docs/operating.md that exists.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-prometheus.sh
promtool check config ops/prometheus/prometheus.yml
(cd ops/prometheus && promtool test rules alerts.test.yml alerts-waiting.test.yml)
# GitHub's anchors: the heading in lower case, spaces as hyphens, punctuation other than hyphens dropped.
anchors=$(grep -E '^#{2,4} ' docs/operating.md | sed -E 's/^#+ //' | tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9 -]//g; s/ /-/g')
missing=0
alerts=$(grep -c '^      - alert:' ops/prometheus/alerts.yml)
runbooks=$(grep -oE 'runbook: docs/operating\.md#[a-z0-9-]+' ops/prometheus/alerts.yml | sed 's/.*#//')
if [ "$(wc -l <<<"$runbooks")" -ne "$alerts" ]; then
  echo "every alert needs a runbook: docs/operating.md#section annotation ($alerts alerts, $(wc -l <<<"$runbooks") runbooks)" >&2
  missing=1
fi
for anchor in $runbooks; do
  grep -qx -- "$anchor" <<<"$anchors" || { echo "runbook docs/operating.md#$anchor: no such section" >&2; missing=1; }
done
[ "$missing" -eq 0 ] && echo "every alert's runbook names a section of docs/operating.md"
exit "$missing"
