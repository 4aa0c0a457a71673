#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (tests/browser), which drive it through
# Playwright with executable_path=/usr/bin/chromium. Playwright's own browser download is never
# used. Also installs a small Chinese font (fonts-wqy-microhei, ~2 MB) so the Chinese pages in
# the test screenshots show characters rather than empty boxes.
#
# Non-interactive; runs `apt-get update` only when a package is unknown to apt; needs root (or
# sudo). Does nothing when everything is already installed.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
PACKAGES=(chromium fonts-wqy-microhei)

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

missing=()
for package in "${PACKAGES[@]}"; do
  if installed "$package"; then
    echo "==> $package is already installed"
  else
    missing+=("$package")
  fi
done
if [ "${#missing[@]}" -eq 0 ] && [ -x "$CHROMIUM" ]; then
  echo "==> $CHROMIUM: $("$CHROMIUM" --version 2>/dev/null || echo 'version unknown')"
  exit 0
fi
if [ "${#missing[@]}" -eq 0 ]; then
  missing=(chromium)
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "error: installing ${missing[*]} needs root (or sudo); run: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive

needs_update=0
for package in "${missing[@]}"; do
  candidate=$(apt-cache policy "$package" 2>/dev/null | awk '/Candidate:/ {print $2}')
  if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
    needs_update=1
  fi
done
if [ "$needs_update" -eq 1 ]; then
  echo "==> apt-get update (the package lists do not know ${missing[*]} yet)"
  $SUDO apt-get update -q
fi

echo "==> apt-get install -y --no-install-recommends ${missing[*]}"
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"

if [ ! -x "$CHROMIUM" ]; then
  echo "error: chromium was installed but $CHROMIUM is missing" >&2
  exit 1
fi
echo "==> installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
