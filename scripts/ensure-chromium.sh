#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium (never a browser download): its headless shell for the journeys (decision
# 0021), the full browser for Lighthouse (bench/first-load.ts) and for looking at screens. ffmpeg makes video posters.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
fc-list 2>/dev/null | grep -qi liberation || missing+=(fonts-liberation)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} from Debian's packages"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
