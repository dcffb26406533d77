#!/bin/sh
# Runs inside the guest as its init's last step (build-guest.sh's /sbin/tc-init): brings up
# what a Linux laptop has (loopback, dbus, the kernel's hci_vhci, bluetoothd as Debian ships
# it) and runs the real-host tests against the checkout mounted read-only at /src.
# Its exit status is the tests'; the console (ttyS0) is the host's stdout.
export PATH=/opt/venv/bin:/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 LANG=C.UTF-8
mkdir -p /root /tmp/work
mount -t tmpfs tmpfs /tmp 2>/dev/null || true
mkdir -p /tmp/work
hostname tablehost
ip link set lo up
echo "guest: kernel $(uname -r), $(nproc) cpus, up $(cut -d' ' -f1 /proc/uptime) s"

modprobe bluetooth && modprobe hci_vhci || { echo "guest: no hci_vhci in this kernel"; exit 97; }
[ -c /dev/vhci ] || { echo "guest: /dev/vhci did not appear"; exit 97; }

dbus-uuidgen --ensure
mkdir -p /run/dbus
dbus-daemon --system --fork || { echo "guest: dbus-daemon did not start"; exit 97; }
/usr/libexec/bluetooth/bluetoothd --nodetach --debug >/tmp/bluetoothd.log 2>&1 &
echo "guest: bluetoothd $(/usr/libexec/bluetooth/bluetoothd --version), dbus up at $(cut -d' ' -f1 /proc/uptime) s"

cd /src || exit 97
args=${TC_PYTEST_ARGS:-}
set --  # run-guest.py -k: the expression as one argument, spaces and all
[ -f /results/pytest-k ] && set -- -k "$(cat /results/pytest-k)"
# shellcheck disable=SC2086
python -m pytest -v -p no:cacheprovider --color=no -m realhost tests/realhost -rA $args \
    "$@" --junitxml=/results/junit.xml
rc=$?
cp /tmp/bluetoothd.log /results/bluetoothd.log 2>/dev/null
echo "guest: tests done (exit $rc) at $(cut -d' ' -f1 /proc/uptime) s"
exit $rc
