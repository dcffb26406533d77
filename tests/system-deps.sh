#!/usr/bin/env bash
# Installs what the tests need outside Python, when it is missing:
# - Debian's chromium (the table-view tests drive it with Playwright; no browser download),
# - espeak-ng (spoken narration rendered to WAV),
# - a CJK font and poppler-utils (Chinese captions on label sheets; PDF pages checked as images),
# - pcscd with the vsmartcard-vpcd virtual reader (the PC/SC tests start pcscd themselves),
#   and libpcsclite-dev + swig to build pyscard,
# - the pinned MicroPython WebAssembly build from npm (the firmware core's tests),
# - QEMU and debootstrap (the real-host tests build and boot a Debian guest: tests/realhost).
# Safe to run again: it installs nothing that is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v espeak-ng >/dev/null || need+=(espeak-ng)
command -v node >/dev/null || need+=(nodejs npm)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-wqy-microhei)
[ -x /usr/sbin/pcscd ] || need+=(pcscd)
[ -e /usr/lib/pcsc/drivers/serial/libifdvpcd.so ] || need+=(vsmartcard-vpcd)
[ -e /usr/include/PCSC/winscard.h ] || need+=(libpcsclite-dev)
command -v swig >/dev/null || need+=(swig)
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
command -v debootstrap >/dev/null || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

for lock in hardware/firmware/mpy/package-lock.json; do
    dir=$(dirname "$lock")
    if [ -f "$lock" ] && [ ! -d "$dir/node_modules" ]; then
        (cd "$dir" && npm ci --no-audit --no-fund --silent)
    fi
done
