import ContractsCheck
import ContractsCore
import ContractsReport
import ContractsTestSupport
import Foundation
import XCTest

/// The canned finding list every reporter's golden file is rendered from: errors, a warning, a note, a
/// finding with related locations, fixes, subjects (an enum value, a migration file), one whose message has
/// `,` `:` `%` and a line break, and one whose message carries a diff. Given out of report order on purpose, so
/// the goldens also pin the sorting.
enum ReportFixtures {
    static let findings: [Finding] = [
        Finding(
            ruleID: "ts-unknown-literal", severity: .error,
            message: "Type literal 'ride_claimd' is not registered: 100% of other handlers use 'ride_claimed', e.g. notify.\nRegister it in registry.yaml or fix the typo.",
            location: SourceLocation(file: "supabase/functions/notify/index.ts", line: 8, column: 20),
            registryLocation: SourceLocation(file: "registry.yaml", line: 40, column: 7),
            fix: "Replace 'ride_claimd' with 'ride_claimed'.",
            subject: .enumValue(enumName: "NotificationType", value: "ride_claimd")
        ),
        Finding(
            ruleID: "migration-gap", severity: .warning,
            message: "Sequential migration numbers skip 129 (128 is followed by 130).",
            location: SourceLocation(file: "database/130_add_favors.sql", line: 1, column: 1)
        ),
        Finding(
            ruleID: "migration-duplicate-number", severity: .error,
            message: "Migrations 128_a.sql and 128_b.sql share number 128.",
            location: SourceLocation(file: "database/128_a.sql", line: 1, column: 1),
            fix: "Renumber one of them: `naars-contracts migrations next` prints the next free number.",
            related: [SourceLocation(file: "database/128_b.sql", line: 1, column: 1)],
            subject: .migrationFile(path: "database/128_a.sql")
        ),
        Finding(
            ruleID: "sql-constraint-unreadable", severity: .note,
            message: "The CHECK constraint on notifications.type is built dynamically and was not compared.",
            location: SourceLocation(file: "database/128_a.sql", line: 14, column: 3),
            registryLocation: SourceLocation(file: "registry.yaml", line: 5, column: 3)
        ),
        Finding(
            ruleID: "swift-enum-drift", severity: .error,
            message: "Case `rideClaimed = \"ride_claimed\"` is missing from enum NotificationType.",
            location: SourceLocation(file: "NaarsCars/Models/NotificationType.swift", line: 12, column: 5),
            registryLocation: SourceLocation(file: "registry.yaml", line: 40, column: 7),
            fix: "Add `case rideClaimed = \"ride_claimed\"`, or run `naars-contracts generate`.",
            subject: .enumValue(enumName: "NotificationType", value: "ride_claimed")
        ),
        Finding(
            ruleID: "db-function-drift", severity: .error,
            message: """
                Live function public.notify differs from its last definition in database/001_init.sql: body
                --- body in database/001_init.sql (normalised)
                +++ body in the live database (normalised)
                @@ -1,3 +1,3 @@
                 BEGIN
                -INSERT INTO public.notifications (id, type) VALUES (p_id, 'message');
                +INSERT INTO public.notifications (id, type) VALUES (p_id + 1, 'message');
                 END;
                """,
            location: SourceLocation(file: "database/001_init.sql", line: 3, column: 1),
            registryLocation: SourceLocation(file: "registry.yaml", line: 5, column: 3),
            fix: "write the live change as a migration, or re-apply database/001_init.sql"
        ),
    ]

    static var summary: CheckSummary { CheckSummary(findings) }

    /// The checked-in fixture folder in the source tree (written only when updating goldens).
    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/reporters")

    /// A fixture as copied into the test bundle.
    static func fixtureURL(_ name: String) throws -> URL {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return folder.appendingPathComponent("reporters").appendingPathComponent(name)
    }

    /// Compares `actual` with the golden file `name` in `sourceFolder`; with `NAARS_UPDATE_GOLDEN=1` rewrites it instead.
    static func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try ContractsTestSupport.assertGolden(actual, at: sourceFolder.appendingPathComponent(name), file: file, line: line)
    }
}
