#!/usr/bin/env bash
# Run the test suite beside a CPU load, as on a busy shared machine: two busy
# processes per core for as long as the command runs, then the command's own status.
#
#   bash tests/under-load.sh                 # the README's test command (its <!-- test-command -->)
#   bash tests/under-load.sh python -m pytest -q -n 2 tests/e2e/test_live_view.py
#
# The busy processes are plain shell loops at the normal priority (nice 0), so the
# tests get no head start; they are ended when the command ends, however it ends.
set -uo pipefail
cd "$(dirname "$0")/.."
busy=()
stop() { [ ${#busy[@]} -eq 0 ] || kill "${busy[@]}" 2>/dev/null; }
trap stop EXIT
trap 'exit 130' INT TERM
for _ in $(seq $((2 * $(nproc)))); do
  sh -c 'while :; do :; done' &
  busy+=("$!")
done
echo "under-load.sh: ${#busy[@]} busy processes on $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
if [ $# -eq 0 ]; then
  command=$(awk '/<!-- test-command -->/ {m = 1; next} m == 1 && /^```/ {m = 2; next}
                 m == 2 && /^```/ {exit} m == 2 {print}' README.md)
  echo "under-load.sh: the README's test command: $command" >&2
  bash -c "$command"
else
  "$@"
fi
status=$?
echo "under-load.sh: exit status $status; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exit $status
