import ContractsCore
import Foundation

/// `migration-bad-name`: whether each file name follows its folder's scheme (numbered, padded, a real date,
/// a plain description).
enum MigrationBadNameRule: DriftRule {
    static let rule = Rule.migrationBadName

    static func findings(_ facts: MigrationFolderFacts) -> [Finding] {
        facts.files.compactMap { badName($0, facts.folder, facts.files) }
    }

    static let triggeringExamples = [
        RuleExample.migrations(["001_init.sql", "↓2_rides.sql", "↓003_no-dots.in.name.sql", "↓004.sql", "↓notes.sql"]),
        RuleExample.migrations(["20260101120000_init.sql", "↓20261301120000_bad_month.sql", "↓005_sequential.sql"],
                               dir: "supabase/migrations", scheme: "timestamp"),
    ]
    static let nonTriggeringExamples = [
        // Hyphens are allowed in descriptions; only .sql files are migrations.
        RuleExample.migrations(["001_init.sql", "002_add-rides.sql", "003_Badges.sql"], files: ["database/README.md": "# notes\n"]),
        // Hour 24 that sorts where the next midnight belongs is a warning under the same id: not an example here.
        RuleExample.migrations(["20260101120000_init.sql", "20260101_001_counter.sql"], dir: "supabase/migrations", scheme: "timestamp"),
    ]

    /// What is wrong with one name, as a finding, or nil.
    private static func badName(_ file: MigrationFile, _ folder: MigrationFolder, _ files: [MigrationFile]) -> Finding? {
        let expected: String
        switch folder.scheme {
        case .sequential(let width): expected = String(repeating: "0", count: max(1, width - 1)) + "1_description.sql"
        case .timestamp: expected = "YYYYMMDDHHMMSS_description.sql"
        }
        let problem: String?
        switch file.nameStyle {
        case .unnumbered:
            problem = "has no `digits_` prefix, so the Supabase CLI skips it and its place in replay order is undefined"
        case let style where !style.fits(folder.scheme):
            problem = folder.scheme == .timestamp
                ? "is numbered like a sequential migration in a timestamp folder"
                : "is numbered like a timestamp in a sequential folder"
        case .sequential:
            if case .sequential(let width) = folder.scheme, let version = file.version, version.count < width {
                problem = "is not zero-padded to \(width) digits, so it sorts out of order in file listings"
            } else {
                problem = slugProblem(file)
            }
        case .timestamp, .dateCounter:
            if isValidDate(file.version ?? "") {
                problem = slugProblem(file)
            } else if let lenient = TimestampOverflow.warning(file, among: files) {
                return Finding(ruleID: Rule.migrationBadName.id, severity: .warning,
                               message: "\(file.name) \(lenient); \(folder.dir) expects `\(expected)`",
                               location: SourceLocation(file: file.path, line: 1, column: 1),
                               registryLocation: folder.location,
                               fix: "leave it (a database may have run it); name new migrations with `naars-contracts migrations new --dir \(folder.dir)`",
                               subject: .migrationFile(path: file.path))
            } else {
                problem = "does not start with a valid UTC date and time"
            }
        }
        guard let problem else { return nil }
        return Finding(.migrationBadName, "\(file.name) \(problem); \(folder.dir) expects `\(expected)`",
                       at: SourceLocation(file: file.path, line: 1, column: 1), registry: folder.location,
                       fix: "rename it with the prefix from `naars-contracts migrations next --dir \(folder.dir)` (only if no database ran it yet)",
                       subject: .migrationFile(path: file.path))
    }

    private static func slugProblem(_ file: MigrationFile) -> String? {
        guard let slug = file.slug else { return "has no description after its number" }
        let allowed = slug.utf8.allSatisfy { b in
            (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95 || b == 45
        }
        return allowed ? nil : "has characters other than letters, digits, `_` and `-` in its description"
    }

    /// `20260407202111` or `20260126`: a real calendar date (and time).
    static func isValidDate(_ digits: String) -> Bool {
        let n = digits.compactMap { $0.wholeNumberValue }
        guard n.count == 8 || n.count == 14 else { return false }
        let value = { (from: Int, count: Int) in n[from..<(from + count)].reduce(0) { $0 * 10 + $1 } }
        var components = DateComponents(year: value(0, 4), month: value(4, 2), day: value(6, 2))
        if n.count == 14 {
            components.hour = value(8, 2)
            components.minute = value(10, 2)
            components.second = value(12, 2)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return components.isValidDate(in: calendar)
    }
}
