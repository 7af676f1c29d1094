import ContractsCore

/// `migration-mixed-scheme`: a timestamp folder holding both `YYYYMMDDHHMMSS_` and `YYYYMMDD_NNN_` names.
/// One finding per folder, at the first file of the minority style, listing every file of that style: the
/// mix is one decision a team made once, not one problem per file.
enum MigrationMixedSchemeRule: DriftRule {
    static let rule = Rule.migrationMixedScheme

    static func findings(_ facts: MigrationFolderFacts) -> [Finding] {
        let folder = facts.folder, files = facts.files
        guard folder.scheme == .timestamp else { return [] }
        let stamped = files.filter { $0.nameStyle == .timestamp }
        let counted = files.filter { $0.nameStyle == .dateCounter }
        guard !stamped.isEmpty, !counted.isEmpty else { return [] }
        // The minority is listed; on a tie, the date-counter names (the Supabase CLI writes timestamps).
        let (minority, majority) = counted.count <= stamped.count ? (counted, stamped) : (stamped, counted)
        let shown = minority.prefix(12).map(\.name).joined(separator: ", ")
        let more = minority.count > 12 ? " and \(minority.count - 12) more" : ""
        let message = "\(folder.dir) mixes \(pattern(of: minority)) names (\(minority.count): \(shown)\(more)) with "
            + "\(majority.count) \(pattern(of: majority)) name(s) such as \(majority[0].name); replay order across the two styles is easy to get wrong"
        return [Finding(.migrationMixedScheme, message,
                        at: SourceLocation(file: minority[0].path, line: 1, column: 1), registry: folder.location,
                        fix: fix(folder: folder.dir, majority: majority),
                        related: minority.dropFirst().map { SourceLocation(file: $0.path, line: 1, column: 1) },
                        subject: .migrationFile(path: minority[0].path))]
    }

    /// The way to stop the mix growing: name new migrations as most of the folder's are. `migrations new` writes
    /// `YYYYMMDDHHMMSS_` names, so it is the way only when those are the majority.
    static func fix(folder: String, majority: [MigrationFile]) -> String {
        if majority[0].nameStyle == .timestamp {
            return "name new migrations with `naars-contracts migrations new --dir \(folder)`"
        }
        return "name new migrations \(pattern(of: majority)) as most of \(folder) is (`migrations new` writes "
            + "`YYYYMMDDHHMMSS_` names, the fewer here); or rename the \(pattern(of: majority)) files in one change"
    }

    /// The naming pattern as the files write it: `YYYYMMDDHHMMSS_`, `YYYYMMDD_NNN_` (one `N` per counter
    /// digit; several widths are joined with `/`).
    static func pattern(of files: [MigrationFile]) -> String {
        var patterns: [String] = []
        for file in files {
            let text: String
            if file.nameStyle == .timestamp {
                text = "`YYYYMMDDHHMMSS_`"
            } else {
                let parts = file.name.split(separator: "_", omittingEmptySubsequences: false)
                let counter = parts.count > 2 && parts[1].allSatisfy(\.isNumber) && !parts[1].isEmpty ? parts[1].count : 0
                text = counter > 0 ? "`YYYYMMDD_" + String(repeating: "N", count: counter) + "_`" : "`YYYYMMDD_`"
            }
            if !patterns.contains(text) { patterns.append(text) }
        }
        return patterns.joined(separator: "/")
    }

    static let triggeringExamples = [
        RuleExample.migrations(["20260101120000_init.sql", "20260102120000_rides.sql", "↓20260103_001_badges.sql",
                                "20260104_002_inbox.sql"], dir: "supabase/migrations", scheme: "timestamp"),
    ]
    static let nonTriggeringExamples = [
        // One style throughout, in either folder kind.
        RuleExample.migrations(["20260101_001_init.sql", "20260102_001_rides.sql"], dir: "supabase/migrations", scheme: "timestamp"),
        RuleExample.migrations(["001_init.sql", "002_rides.sql"]),
    ]
}
