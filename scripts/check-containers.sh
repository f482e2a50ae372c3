#!/usr/bin/env bash
# CI: the container definitions parse and the container entrypoint does its job. No Docker engine is
# needed (none runs here): `docker compose config` (the compose plugin, else docker-compose v1.29 from
# Debian, installed on demand) validates both compose files with placeholder settings.
set -euo pipefail
cd "$(dirname "$0")/.."

if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  if ! command -v docker-compose >/dev/null 2>&1; then
    echo "installing docker-compose (Debian) to validate the compose files"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose) >/dev/null
  fi
  compose=(docker-compose)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "placeholder-session-secret-placeholder" > "$tmp/session_secret"
echo "0x$(printf '1%.0s' {1..64})" > "$tmp/releaser_key"

SESSION_SECRET=placeholder-session-secret-placeholder "${compose[@]}" -f docker-compose.yml config -q
RPC_URL=https://rpc.example EXPLORER_URL=https://explorer.example TOKEN_ADDRESS=0x0000000000000000000000000000000000000001 \
  ESCROW_ADDRESS=0x0000000000000000000000000000000000000002 ESCROW_DEPLOYMENT_BLOCK=1 PUBLIC_ORIGIN=https://tasks.example \
  SESSION_SECRET_FILE="$tmp/session_secret" RELEASER_KEY_FILE="$tmp/releaser_key" \
  "${compose[@]}" -f docker-compose.network.yml config -q
# Every long-running service restarts and has a health check; the one-shot deploy does neither.
for file in docker-compose.yml docker-compose.network.yml; do
  SESSION_SECRET=x RPC_URL=x EXPLORER_URL=x TOKEN_ADDRESS=x ESCROW_ADDRESS=x ESCROW_DEPLOYMENT_BLOCK=1 PUBLIC_ORIGIN=x \
    SESSION_SECRET_FILE="$tmp/session_secret" RELEASER_KEY_FILE="$tmp/releaser_key" \
    "${compose[@]}" -f "$file" config > "$tmp/resolved.yml"
  node -e '
    // The resolved file is plain block YAML: services at two spaces, their keys at four.
    const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n");
    const services = {};
    let section = null, current = null, inHealth = false;
    for (const line of lines) {
      if (/^\S/.test(line)) { section = line.replace(/:.*$/, ""); current = null; continue; }
      if (section !== "services") continue;
      let m;
      if ((m = /^  (\S+):$/.exec(line))) { current = services[m[1]] = { restart: null, test: false }; continue; }
      if (!current) continue;
      if ((m = /^    restart: (.+)$/.exec(line))) current.restart = m[1];
      if (/^    \S/.test(line)) inHealth = /^    healthcheck:$/.test(line);
      else if (inHealth && /^      test:/.test(line)) current.test = true;
    }
    const bad = [];
    for (const [name, s] of Object.entries(services)) {
      if (name === "deploy") continue;
      if (!/^(unless-stopped|always|on-failure)/.test(s.restart ?? "")) bad.push(name + ": no restart policy");
      if (!s.test) bad.push(name + ": no health check");
    }
    if (Object.keys(services).length < 3 || bad.length) { console.error(process.argv[2] + ": " + (bad.join("; ") || "too few services")); process.exit(1); }
' "$tmp/resolved.yml" "$file"
done

# The entrypoint: secrets from NAME_FILE, addresses from the deploy job's file, then the service itself.
mkdir -p "$tmp/data/deployments"
echo '{"token":"0x00000000000000000000000000000000000000aa","escrow":"0x00000000000000000000000000000000000000bb","deploymentBlock":7}' > "$tmp/data/deployments/31337.json"
echo 'console.log([process.env.TOKEN_ADDRESS, process.env.ESCROW_ADDRESS, process.env.ESCROW_DEPLOYMENT_BLOCK, process.env.RELEASER_PRIVATE_KEY.length].join(" "))' > "$tmp/main.cjs"
out=$(DATA_DIR="$tmp/data" CHAIN_ID=31337 RELEASER_PRIVATE_KEY_FILE="$tmp/releaser_key" node scripts/with-deployment.mjs "$tmp/main.cjs")
[ "$out" = "0x00000000000000000000000000000000000000aa 0x00000000000000000000000000000000000000bb 7 66" ] || { echo "with-deployment.mjs: got '$out'"; exit 1; }
echo "containers: both compose files valid (${compose[*]}), every long-running service restarts and is health-checked, entrypoint ok"
