import ContractsCore
import Foundation

/// `migration-order-ambiguous`: the constraint on an enum's column, or a function, is defined in more than one
/// migration folder, so what the database ends up with depends on the order the folders are applied in.
enum OrderAmbiguityRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        var findings: [Finding] = []
        for target in facts.columns {
            let checks: [(SourceLocation, String)] = target.events.flatMap { event -> [(SourceLocation, String)] in
                switch event.action {
                case .add(let check): return [(check.location, event.folder)]
                case .createTable(_, let checks): return checks.map { ($0.location, event.folder) }
                default: return []
                }
            }
            let sql = target.target.sql!
            if let finding = finding(checks, "The CHECK constraint on \(sql.qualifiedTable).\(sql.column)",
                                     EnumWording(target.target, registry).column(sql)) { findings.append(finding) }
        }
        for name in facts.definitions.keys.sorted() {
            let places = facts.definitions[name]!.map { ($0.location, $0.folder) }
            if let finding = finding(places, "Function \(name)", .function(name: name)) { findings.append(finding) }
        }
        return findings
    }

    /// One warning at the last definition, related to the last definition in each other folder.
    private static func finding(_ places: [(location: SourceLocation, folder: String)], _ subject: String,
                                _ about: FindingSubject) -> Finding? {
        var lastByFolder: [String: SourceLocation] = [:], folders: [String] = []
        for place in places {
            if lastByFolder[place.folder] == nil { folders.append(place.folder) }
            lastByFolder[place.folder] = place.location
        }
        guard folders.count > 1, let last = places.last else { return nil }
        let others = folders.filter { $0 != last.folder }.compactMap { lastByFolder[$0] }
        return Finding(.migrationOrderAmbiguous,
                       "\(subject) is defined in \(folders.count) migration folders (\(folders.joined(separator: ", "))); the last one applied wins",
                       at: last.location, fix: "define it in one folder only, or drop the older definitions",
                       related: others, subject: about)
    }
}

extension OrderAmbiguityRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.migrationOrderAmbiguous
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let registry = RuleExample.baseRegistry.replacingOccurrences(
        of: "  - { dir: database, scheme: sequential, width: 3 }\n",
        with: "  - { dir: database, scheme: sequential, width: 3 }\n  - { dir: supabase/migrations, scheme: timestamp }\n")
    static let function = "CREATE OR REPLACE FUNCTION public.badge_count() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n"
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": function,
                     "supabase/migrations/20240101000000_badge.sql": "↓" + function], registry: registry),
    ]
    static let nonTriggeringExamples = [
        // Redefined in one folder: the order inside a folder is known.
        RuleExample(["database/001_init.sql": function, "database/002_again.sql": function], registry: registry),
    ]
}
