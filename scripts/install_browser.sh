#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (tests/browser), which drive it through
# Playwright with executable_path=/usr/bin/chromium. Playwright's own browser download is never
# used: the machine may have no network beyond the Debian mirror.
#
# Non-interactive; runs `apt-get update` only when the package is not known yet; needs root
# (or sudo). Does nothing when /usr/bin/chromium is already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "==> $CHROMIUM is already installed: $("$CHROMIUM" --version 2>/dev/null || echo 'version unknown')"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "error: installing chromium needs root (or sudo); run: apt-get install -y chromium" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive

if ! apt-cache show chromium >/dev/null 2>&1 || [ -z "$(apt-cache policy chromium | awk '/Candidate:/ {print $2}' | grep -v '(none)')" ]; then
  echo "==> apt-get update (the package list does not know chromium yet)"
  $SUDO apt-get update -q
fi

echo "==> apt-get install -y --no-install-recommends chromium"
$SUDO apt-get install -y -q --no-install-recommends chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "error: chromium was installed but $CHROMIUM is missing" >&2
  exit 1
fi
echo "==> installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
