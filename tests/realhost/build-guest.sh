#!/usr/bin/env bash
# Builds (or reuses) the Debian guest in which the real-host tests run: the kernel's Bluetooth
# stack with hci_vhci, dbus, bluetoothd and stock bleak on BlueZ, against the simulated readers.
#
# The guest is cached OUTSIDE the clone (default /var/cache/table-companion, or
# $TABLE_COMPANION_CACHE), keyed by a hash of everything that goes into it: this script, the
# Debian packages and the exact Python wheels (resolved first, against constraints.txt as CI
# installs them). A second run with the same inputs only prints the cached directory.
# The project's own code is NOT in the image: the guest mounts the checkout read-only at boot.
#
# Needs root, debootstrap, e2fsprogs and network access to deb.debian.org and PyPI.
# Prints the guest directory (vmlinuz, initrd.img, rootfs.img) on its last line of stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."

suite=bookworm
mirror=${TABLE_COMPANION_MIRROR:-http://deb.debian.org/debian}
# what the guest is: a stock Debian host with the kernel's Bluetooth stack and BlueZ
packages=dbus,bluez,kmod,udev,python3,python3-venv,linux-image-amd64,initramfs-tools,procps,iproute2
cache=${TABLE_COMPANION_CACHE:-/var/cache/table-companion}

# The guest's Python packages: the project's dependencies (as pyproject.toml pins them) and the
# test runner. bookworm's python3 is 3.11, like this host's, so the host downloads the wheels.
requirements=$(python3 - <<'PY'
import tomllib
p = tomllib.load(open("pyproject.toml", "rb"))["project"]
test = [r for r in p["optional-dependencies"]["test"] if r.split(">")[0] in ("pytest", "pytest-asyncio")]
print("\n".join(p["dependencies"] + test))
PY
)

mkdir -p "$cache"
work=$(mktemp -d "$cache/build.XXXXXX")
trap 'umount -l "$work/root/proc" 2>/dev/null || true; rm -rf "$work"' EXIT
# The exact wheels (pip keeps them in its cache: quick after the first time).
wheels="$work/wheels"
mkdir -p "$wheels"
echo "$requirements" >"$work/requirements.txt"
python3 -m pip download -q --only-binary=:all: -c constraints.txt -d "$wheels" \
    -r "$work/requirements.txt" 2>"$work/pip.log" \
    || { grep -v "^WARNING: Location" "$work/pip.log" >&2; echo "build-guest: pip download failed" >&2; exit 1; }

key=$( { cat "$0"; echo "$suite $mirror $packages"; ls "$wheels" | sort; } | sha256sum | cut -c1-16)
guest="$cache/guest-$key"
if [ -f "$guest/done" ]; then
    echo "$guest"
    exit 0
fi

for tool in debootstrap mke2fs; do
    command -v "$tool" >/dev/null || { echo "build-guest: $tool is missing (apt-get install debootstrap e2fsprogs)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "build-guest: debootstrap needs root" >&2; exit 1; }

root="$work/root"
start=$(date +%s)

echo "build-guest: debootstrap $suite into $root" >&2
debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -30 "$work/debootstrap.log" >&2; echo "build-guest: debootstrap failed" >&2; exit 1; }

echo "build-guest: Python packages" >&2
cp -r "$wheels" "$root/tmp/wheels"
ls "$wheels" | sed 's/-.*//' >"$root/tmp/requirements.txt"  # exactly the wheels resolved
mount -t proc proc "$root/proc"
# a clean environment: this host's pip settings (indexes, find-links) mean nothing in there
env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin chroot "$root" python3 -m venv /opt/venv
env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin chroot "$root" /opt/venv/bin/pip install -q \
    --disable-pip-version-check --no-index --find-links /tmp/wheels -r /tmp/requirements.txt >&2
umount "$root/proc"
rm -rf "$root/tmp/wheels" "$root/tmp/requirements.txt"

# `companion` as the README installs it, running the checkout the guest mounts at /src
cat >"$root/usr/local/bin/companion" <<'SH'
#!/bin/sh
export PYTHONPATH=/src${PYTHONPATH:+:$PYTHONPATH}
exec /opt/venv/bin/python -c 'import sys; from companion.cli import main; sys.exit(main())' "$@"
SH
chmod +x "$root/usr/local/bin/companion"

# The guest's init: mount the checkout (9p, read-only) and the results share, then hand over to
# the checkout's own script, so changing the tests never needs a new image.
cat >"$root/sbin/tc-init" <<'SH'
#!/bin/sh
mountpoint -q /proc || mount -t proc proc /proc
mountpoint -q /sys || mount -t sysfs sys /sys
mountpoint -q /dev || mount -t devtmpfs dev /dev
mkdir -p /dev/pts /run /tmp /src /results
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /run
modprobe 9pnet_virtio; modprobe 9p
mount -t 9p -o trans=virtio,version=9p2000.L,ro src /src
mount -t 9p -o trans=virtio,version=9p2000.L results /results
if [ -x /src/tests/realhost/guest-init.sh ]; then
    /src/tests/realhost/guest-init.sh
    echo "$?" >/results/rc
else
    echo "tc-init: /src/tests/realhost/guest-init.sh missing" >/dev/console
    echo 99 >/results/rc
fi
sync
echo o >/proc/sysrq-trigger
sleep 30
SH
chmod +x "$root/sbin/tc-init"
echo "tablehost" >"$root/etc/hostname"

echo "build-guest: image" >&2
mkdir -p "$work/out"
cp "$root"/boot/vmlinuz-* "$work/out/vmlinuz"
cp "$root"/boot/initrd.img-* "$work/out/initrd.img"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
mke2fs -q -t ext4 -L tcroot -d "$root" "$work/out/rootfs.img" 2G
echo "built $(date -u +%FT%TZ) in $(( $(date +%s) - start )) s; packages: $packages" >"$work/out/done"
ls "$wheels" >>"$work/out/done"
rm -rf "$guest"
mv "$work/out" "$guest"
# one guest is kept beside the new one (another branch may still use it); older ones go
ls -dt "$cache"/guest-* 2>/dev/null | tail -n +3 | xargs -r rm -rf
echo "build-guest: $guest built in $(( $(date +%s) - start )) s" >&2
echo "$guest"
