#!/usr/bin/env bash
# Applies every migration of splitwise-chat-app and splitwise-chat-app-clean, in order, on a private
# PostgreSQL 15 (one database each, after supabase-stub.sql), then, on the clean twin, tries one invalid
# value per enum column and expects PostgreSQL to reject each.
#   PG_BIN=/usr/lib/postgresql/15/bin PGHOST=<socket dir> PGPORT=5499 verify-postgres.sh
# The server is yours to start (initdb -U postgres --auth-local=trust; pg_ctl -o "-k DIR -p PORT" start).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
fixtures="$(dirname "$here")"
psql=("${PG_BIN:-/usr/lib/postgresql/15/bin}/psql" -X -q -v ON_ERROR_STOP=1 -U postgres)

for app in splitwise-chat-app splitwise-chat-app-clean; do
  db="${app//-/_}"
  "${psql[@]}" -d postgres -c "drop database if exists $db" -c "create database $db"
  "${psql[@]}" -d "$db" -f "$here/postgres/supabase-stub.sql"
  for migration in "$fixtures/$app"/supabase/migrations/*.sql; do
    "${psql[@]}" -d "$db" -f "$migration" || { echo "FAILED: $app/${migration##*/}"; exit 1; }
  done
  echo "ok: every migration of $app applies"
done

# One row of each parent table, then one invalid insert (or update) per enum column: each must fail.
"${psql[@]}" -d splitwise_chat_app_clean -f "$here/postgres/clean-rows.sql"
rejected=0
while IFS=$'\t' read -r guard statement; do
  [[ -z "$guard" || "$guard" == --* ]] && continue
  if out=$("${psql[@]}" -d splitwise_chat_app_clean -c "$statement" 2>&1); then
    echo "ACCEPTED (should be rejected): $statement"; exit 1
  fi
  case "$out" in
    *"violates check constraint \"$guard\""*|*"invalid input value for enum $guard:"*)
      rejected=$((rejected + 1)); echo "rejected by $guard: $statement" ;;
    *) echo "FAILED for another reason: $statement"; echo "$out"; exit 1 ;;
  esac
done < "$here/postgres/invalid-writes.sql"
echo "ok: $rejected invalid writes rejected on splitwise-chat-app-clean"
