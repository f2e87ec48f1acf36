#!/usr/bin/env bash
# Makes sure Debian's Chromium, which the browser journeys drive (playwright.config.ts), is at /usr/bin/chromium.
# Installs it when it is missing and this machine can (root and apt-get); otherwise fails at once with one line
# saying how, so `npm test` never skips the journeys silently. `npx playwright install` cannot download here.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
HOW_TO="sudo apt-get install -y chromium"

if [ -x "$CHROMIUM" ]; then
  echo "Chromium found: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing at $CHROMIUM (the browser journeys need it): install it with: $HOW_TO" >&2
  exit 1
fi

echo "Chromium is missing at $CHROMIUM: installing Debian's chromium package (apt-get update, apt-get install -y chromium)…"
if ! apt-get update -qq || ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; then
  echo "Installing Chromium failed (see the apt-get output above): install it with: $HOW_TO" >&2
  exit 1
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "The chromium package installed, but $CHROMIUM is still missing: install it with: $HOW_TO" >&2
  exit 1
fi
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
