#!/usr/bin/env bash
# Usage: scripts/leftover-processes.sh MARK
# Fails (exit 1, listing them) if a chain, database, browser or node server started with CENT_TEST_RUN=MARK in
# its environment is still running: a test must stop everything it starts (.ci/run calls this after npm test).
# Processes get up to 10 s to finish exiting (PostgreSQL and chromium shut down asynchronously).
set -uo pipefail
mark="${1:?usage: $0 MARK}"
leftovers() {
  # Environments are NUL-separated: -z reads each variable as a line, -x matches it whole.
  for env in $(grep -lzx "CENT_TEST_RUN=$mark" /proc/[0-9]*/environ 2>/dev/null); do
    pid="${env#/proc/}"; pid="${pid%/environ}"
    case "$(cat "/proc/$pid/comm" 2>/dev/null)" in anvil|postgres|postmaster|chrom*|node|MainThread) echo "$pid" ;; esac
  done
}
for _ in $(seq 1 20); do
  left="$(leftovers)"
  [ -z "$left" ] && { echo "no test process left behind"; exit 0; }
  sleep 0.5
done
echo "processes left behind by npm test (a test must stop what it starts):"
ps -o pid=,args= -p "$(echo "$left" | paste -sd, -)" | cut -c1-200
exit 1
