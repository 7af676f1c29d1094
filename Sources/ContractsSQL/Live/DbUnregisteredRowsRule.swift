import Foundation
import ContractsCore

extension Rule {
    public static let dbUnregisteredRows = Rule("db-unregistered-rows", .error, "Live rows hold a type value that is neither registered nor retired.")
}

/// `db-unregistered-rows`: live rows hold a type value the registry neither lists for the server nor retires
/// (an app that decodes it falls back, or crashes without a fallback). Read with a bounded
/// `SELECT DISTINCT ... LIMIT`; reported at the registry's value list.
enum DbUnregisteredRowsRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        guard let types = facts.registry.notificationTypes, let sql = types.sql else { return [] }
        let known = Set(types.serverRawValues).union(types.retired.map(\.raw))
        let column = "\(sql.qualifiedTable).\(sql.column)"
        let bound = facts.snapshot.columnValues.count >= LiveSnapshot.rowValueLimit
            ? " (only the first \(LiveSnapshot.rowValueLimit) distinct values were read)" : ""
        return facts.snapshot.columnValues.filter { !known.contains($0) }.map { value in
            Finding(.dbUnregisteredRows,
                    "Live rows in \(column) hold '\(value)', which is neither registered for the server nor retired\(bound)",
                    at: types.location,
                    fix: "add '\(value)' to \(types.entry).values or retired, or update those rows")
        }
    }
}

extension DbUnregisteredRowsRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbUnregisteredRows

    static let migration = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
        """
    static let constraint = LiveSnapshot.Constraint(
        name: "valid_notification_type", definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))")
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": migration],
                    registry: RuleExample.baseRegistry.replacingOccurrences(of: "  swift_enum:", with: "  ↓swift_enum:"),
                    live: LiveSnapshot(constraints: [constraint], columnValues: ["message", "promo"])),
    ]
    static let nonTriggeringExamples = [
        // A retired value in old rows is what `retired` is for.
        RuleExample(["database/001_init.sql": migration],
                    registry: RuleExample.baseRegistry.replacingOccurrences(
                        of: "    - raw: ride_update\n", with: "    - raw: ride_update\n  retired: [ride]\n"),
                    live: LiveSnapshot(constraints: [constraint], columnValues: ["message", "ride", "ride_update"])),
    ]
}
