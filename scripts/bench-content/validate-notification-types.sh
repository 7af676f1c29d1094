#!/usr/bin/env bash
# The check teams run today instead of naars-contracts (seed 000, D.3: "a validation script is simpler"),
# written as that proposal describes it, for scripts/bench to time as a peer: it extracts the notification
# types from three lists with grep and sed, the Swift enum's raw values, the CHECK constraint of the newest
# migration that defines it, and the TypeScript constant, and fails on any mismatch. It catches one kind of
# drift (the three lists disagree) and none of what `check` finds beyond it.
# Usage: validate-notification-types.sh [SWIFT_FILE] [TS_FILE] [CONSTRAINT_NAME] (run at the app's root)
set -euo pipefail

swift_file="${1:-NaarsCars/Core/Models/NotificationType.swift}"
ts_file="${2:-supabase/functions/_shared/notificationTypes.ts}"
constraint="${3:-valid_notification_type}"

# Extract from Swift (raw values from NotificationType; as the proposal's `grep 'case .* = "'`, plus the
# cases without an explicit raw value, whose raw value is their name)
SWIFT_TYPES=$(sed -n '/enum NotificationType/,/^}/p' "$swift_file" | grep -E '^ *case [A-Za-z]+( = "[^"]*")?$' \
  | sed -e 's/.*= "\(.*\)"/\1/' -e 's/^ *case //' | sort)

# Extract from SQL: the last ADD CONSTRAINT of the migrations, in the order they run (numbered, then timestamped)
SQL_TYPES=$(cat $(ls database/*.sql 2>/dev/null; ls supabase/migrations/*.sql 2>/dev/null) \
  | grep "ADD CONSTRAINT $constraint" | tail -1 \
  | grep -o "'[a-z_]*'" | sed "s/'//g" | sort)

# Extract from the TS shared module (one `KEY: "value",` line per type)
TS_TYPES=$(sed -n '/NOTIFICATION_TYPES = {/,/}/p' "$ts_file" | grep ': "' | sed 's/.*: "\(.*\)".*/\1/' | sort)

status=0
DIFF=$(diff <(echo "$SWIFT_TYPES") <(echo "$TS_TYPES") || true)
if [ -n "$DIFF" ]; then
  echo "MISMATCH between Swift and TypeScript notification types:"
  echo "$DIFF"
  status=1
fi
DIFF=$(diff <(echo "$SWIFT_TYPES") <(echo "$SQL_TYPES") || true)
if [ -n "$DIFF" ]; then
  echo "MISMATCH between Swift and the SQL CHECK constraint:"
  echo "$DIFF"
  status=1
fi
[ "$status" -eq 0 ] && echo "Notification types validated: $(echo "$SWIFT_TYPES" | wc -l | tr -d ' ') types in sync."
exit "$status"
