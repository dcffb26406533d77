#!/usr/bin/env bash
# Installs what the tests need outside Python, when it is missing:
# - Debian's chromium (the table-view tests drive it with Playwright; no browser download),
# - espeak-ng (spoken narration rendered to WAV),
# - a CJK font and poppler-utils (Chinese captions on label sheets; PDF pages checked as images),
# - pcscd with the vsmartcard-vpcd virtual reader (the PC/SC tests start pcscd themselves),
#   and libpcsclite-dev + swig to build pyscard,
# - the pinned MicroPython WebAssembly build from npm (the firmware core's tests),
# - QEMU and debootstrap (the real-host tests build and boot a Debian guest: tests/realhost),
# - the pinned WebAssembly ZXing QR decoder from npm (the phone reader page serves it),
# - libnss3-tools (certutil: the phone tests make Chromium and Firefox trust the table's own CA),
# - firefox-esr, and webkit2gtk-driver with xvfb (the phone page in Gecko and in WebKitGTK,
#   which needs a display: tests/phone/engines.py).
# Safe to run again: it installs nothing that is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v espeak-ng >/dev/null || need+=(espeak-ng)
command -v node >/dev/null || need+=(nodejs npm)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
command -v certutil >/dev/null || need+=(libnss3-tools)
command -v firefox-esr >/dev/null || need+=(firefox-esr)
command -v WebKitWebDriver >/dev/null || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || need+=(xvfb)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-wqy-microhei)
[ -x /usr/sbin/pcscd ] || need+=(pcscd)
[ -e /usr/lib/pcsc/drivers/serial/libifdvpcd.so ] || need+=(vsmartcard-vpcd)
[ -e /usr/include/PCSC/winscard.h ] || need+=(libpcsclite-dev)
command -v swig >/dev/null || need+=(swig)
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
command -v debootstrap >/dev/null || need+=(debootstrap)

# Another process (a neighbour's apt, unattended-upgrades) may hold apt's locks: wait
# for them, at most APT_LOCK_WAIT seconds, rather than fail at once. DPkg::Lock::Timeout
# waits for dpkg's lock; the package lists' lock (apt-get update) is not covered by it,
# so a "Could not get lock" failure is retried until the same deadline.
APT_LOCK_WAIT=${APT_LOCK_WAIT:-600}
apt_get() {
    local deadline=$((SECONDS + APT_LOCK_WAIT)) out status said=""
    while :; do
        status=0
        out=$($sudo env DEBIAN_FRONTEND=noninteractive apt-get \
            -o DPkg::Lock::Timeout="$APT_LOCK_WAIT" "$@" 2>&1) || status=$?
        if [ "$status" -eq 0 ] || ! grep -q "Could not get lock" <<<"$out" \
            || [ "$SECONDS" -ge "$deadline" ]; then
            [ "$status" -eq 0 ] || printf '%s\n' "$out" >&2
            return "$status"
        fi
        [ -n "$said" ] || echo "system-deps: apt is busy (another process holds its lock); waiting up to ${APT_LOCK_WAIT}s" >&2
        said=1
        sleep 2
    done
}

if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    apt_get update -qq
    apt_get install -y -qq "${need[@]}"
fi

for lock in hardware/firmware/mpy/package-lock.json companion/web/vendor/package-lock.json; do
    dir=$(dirname "$lock")
    if [ -f "$lock" ] && [ ! -d "$dir/node_modules" ]; then
        (cd "$dir" && npm ci --no-audit --no-fund --silent)
    fi
done
