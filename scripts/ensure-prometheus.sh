#!/usr/bin/env bash
# The alert rules' checks (scripts/check-alerts.sh) run Debian's promtool, from the prometheus package.
set -euo pipefail
if ! command -v promtool >/dev/null 2>&1; then
  echo "installing prometheus (for promtool) from Debian's packages"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi
