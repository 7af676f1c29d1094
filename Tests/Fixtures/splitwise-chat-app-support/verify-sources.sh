#!/usr/bin/env bash
# `deno check` of every edge function and `swiftc -parse` of every Swift file, in splitwise-chat-app and its
# clean twin. npm: and jsr: imports resolve to the stubs in deno/ (import_map.json), so it runs offline.
#   DENO=/path/to/deno verify-sources.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
fixtures="$(dirname "$here")"
deno="${DENO:-deno}"
export DENO_DIR="${DENO_DIR:-$(mktemp -d)}" DENO_NO_UPDATE_CHECK=1
for app in splitwise-chat-app splitwise-chat-app-clean; do
  (cd "$fixtures/$app" && "$deno" check --quiet --import-map "$here/deno/import_map.json" \
    supabase/functions/*/index.ts supabase/functions/_shared/*.ts)
  echo "ok: deno check, $app"
  while IFS= read -r -d '' file; do
    swiftc -parse "$file"
  done < <(find "$fixtures/$app/App" -name '*.swift' -print0)
  echo "ok: swiftc -parse, $app"
done
