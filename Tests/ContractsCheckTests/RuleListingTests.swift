import ContractsBreaking
import ContractsCheck
import ContractsCore
import ContractsInit
import Foundation
import XCTest

/// Every place that lists the rules agrees with the units, the one source: each rule is declared in its unit's
/// file and reported by a unit in a checker's `units`; `Rule.all` is derived from those lists; the registry
/// schema's `rules:` keys (editors complete and validate them) and `accept_breaking` ids, the schema `init` writes
/// (embedded at build time) and the README's rules table (id and default severity) say the same, in the same
/// order. Each test prints what to paste where when they do not.
final class RuleListingTests: XCTestCase {
    private static let root = CLIHarness.repoRoot

    private static func schemaText() throws -> String {
        try String(contentsOf: root.appendingPathComponent("registry.schema.json"), encoding: .utf8)
    }

    /// The lines of a schema `enum` of strings at `indent` spaces, as registry.schema.json writes them.
    private static func enumLines(_ ids: [String], indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return ids.enumerated().map { pad + "\"\($1)\"" + ($0 == ids.count - 1 ? "" : ",") }.joined(separator: "\n")
    }

    func testSchemaRuleKeysAreRuleAll() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(Self.schemaText().utf8)) as? [String: Any]
        let properties = schema?["properties"] as? [String: Any]
        let rules = properties?["rules"] as? [String: Any]
        let names = (rules?["propertyNames"] as? [String: Any])?["enum"] as? [String]
        XCTAssertTrue(names == Rule.all.map(\.id), """
            registry.schema.json's "rules" → "propertyNames" → "enum" must list Rule.all, in order; paste these lines \
            between its brackets:
            \(Self.enumLines(Rule.all.map(\.id), indent: 10))
            """)
    }

    /// The schema's `accept_breaking` ids (a bare id and an entry's `rule`) are `Rule.breaking`, which is the
    /// breaking-change checker's units' rules.
    func testSchemaAcceptBreakingIdsAreTheBreakingUnits() throws {
        let units = BreakingCheck.ruleUnits.map { $0.rule }
        XCTAssertTrue(Rule.breaking == units, """
            Rule.breaking (Sources/ContractsRules/Rule.swift) must be BreakingCheck.units' rules, in order:
                public static let breaking: [Rule] = [\(units.map { "." + Self.memberName($0) }.joined(separator: ", "))]
            """)
        let schema = try JSONSerialization.jsonObject(with: Data(Self.schemaText().utf8)) as? [String: Any]
        let acceptBreaking = (schema?["properties"] as? [String: Any])?["accept_breaking"] as? [String: Any]
        let choices = ((acceptBreaking?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]]) ?? []
        let bare = choices.first?["enum"] as? [String]
        let entry = ((choices.last?["properties"] as? [String: Any])?["rule"] as? [String: Any])?["enum"] as? [String]
        for (what, ids, indent) in [("a bare id", bare, 14), ("an entry's \"rule\"", entry, 18)] {
            XCTAssertTrue(ids == Rule.breaking.map(\.id), """
                registry.schema.json's "accept_breaking" enum for \(what) must list Rule.breaking, in order; paste these \
                lines between its brackets:
                \(Self.enumLines(Rule.breaking.map(\.id), indent: indent))
                """)
        }
    }

    /// What `init` and `generate` write beside a registry is the repository's registry.schema.json, byte for byte:
    /// the build embeds the file (Plugins/RegistrySchemaPlugin), so there is no copy to keep in step.
    func testTheInitCopyIsTheSchemaFile() throws {
        XCTAssertEqual(RegistrySchemaFile.contents, Data(try Self.schemaText().utf8), """
            the schema compiled into ContractsInit is not registry.schema.json: Package.swift must apply \
            RegistrySchemaPlugin to ContractsInit (then rebuild)
            """)
    }

    func testReadmeRulesTableIsRuleAll() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "\n## Rules\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        let lines = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        let cells = lines.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        let rows = cells.map { $0.prefix(2).joined(separator: " ") }
        // The table to paste: each rule's row as the README words it, or, for a rule it lacks, its summary.
        var described: [String: String] = [:]
        for row in cells where row.count >= 3 { described[row[0]] = row[2] }
        let table = Rule.all.map { rule in
            "| `\(rule.id)` | \(rule.defaultSeverity.rawValue) | \(described["`\(rule.id)`"] ?? rule.summary) |"
        }
        if rows != Rule.all.map({ "`\($0.id)` \($0.defaultSeverity.rawValue)" }) {
            XCTFail("""
                README.md's rules table must list Rule.all (id and default severity), in order; \
                \(Self.tableDifference(rows: lines, expected: table))
                """)
        }
    }

    /// What differs between the README's rows and the expected ones, as rows to add (after which row), rows to
    /// remove and rows to replace; with the whole table to paste when the order differs.
    private static func tableDifference(rows: [String], expected: [String]) -> String {
        func id(_ row: String) -> String { row.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? row }
        let have = rows.map(id), want = expected.map(id)
        var changes: [String] = []
        for (index, row) in expected.enumerated() where !have.contains(want[index]) {
            let after = index == 0 ? "right under the table's header" : "after the row of \(want[index - 1])"
            changes.append("add, \(after):\n\(row)")
        }
        for (index, row) in rows.enumerated() where !want.contains(have[index]) {
            changes.append("remove:\n\(row)")
        }
        for (index, row) in rows.enumerated() {
            if let at = want.firstIndex(of: have[index]), id(row) == have[index],
               row.split(separator: "|").dropFirst().first?.trimmingCharacters(in: .whitespaces)
                != expected[at].split(separator: "|").dropFirst().first?.trimmingCharacters(in: .whitespaces) {
                changes.append("replace:\n\(row)\nwith:\n\(expected[at])")
            }
        }
        if changes.isEmpty || have.filter(want.contains) != want.filter(have.contains) {
            changes.append("the rows' order differs; replace the table's rows with:\n" + expected.joined(separator: "\n"))
        }
        return changes.joined(separator: "\n")
    }

    /// `Rule.all` (ContractsRules, written out) is exactly what the checkers' units report (`RuleCatalog.rules`,
    /// derived from them), in the same order: a rule added to a unit and not to the list, or the reverse, fails here.
    func testRuleAllIsWhatTheUnitsReport() {
        XCTAssertEqual(Rule.all.map(\.id), RuleCatalog.rules.map(\.id), """
            Rule.all (Sources/ContractsRules/RuleList.swift) must list the rules the checkers' units report, in \
            RuleCatalog.rules' order
            """)
        XCTAssertEqual(Set(Rule.all.map(\.id)).count, Rule.all.count)
        XCTAssertEqual(Rule.named("migration-gap"), .migrationGap)
        XCTAssertNil(Rule.named("migration-gaps"))
    }

    /// What only names rules (the reporters, suppressions and baselines, the git hook) links no reader: its modules
    /// import none, and Package.swift gives them none, so `Rule.all` comes from ContractsRules alone.
    func testTheModulesThatOnlyNameRulesLinkNoReader() throws {
        let readers = ["ContractsCheck", "ContractsSQL", "ContractsSwiftSource", "ContractsTypeScriptSource", "ContractsInit",
                       "ContractsBreaking", "ContractsGeneratePlan", "SwiftSyntax", "SwiftParser", "CPgQuery"]
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for module in ["ContractsRules", "ContractsReport", "ContractsSuppress", "ContractsGit"] {
            let folder = Self.root.appendingPathComponent("Sources/\(module)")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                for reader in readers {
                    XCTAssertFalse(text.contains("import \(reader)\n"), "\(module)/\(name) imports \(reader)")
                }
            }
            let target = try XCTUnwrap(manifest.range(of: ".target(name: \"\(module)\"").map { manifest[$0.lowerBound...] }
                .map { $0[..<($0.firstIndex(of: "\n") ?? $0.endIndex)] }, "\(module)'s one-line target in Package.swift")
            for reader in readers { XCTAssertFalse(target.contains("\"\(reader)\""), "\(module) depends on \(reader)") }
        }
        XCTAssertTrue(manifest.contains(".target(name: \"ContractsRules\"),"), "ContractsRules depends on nothing")
    }

    private static let checkerLists: [(folder: String, list: String)] = [
        ("Sources/ContractsCheck/GeneratedFiles/", "`units` in Sources/ContractsCheck/GeneratedFiles/GeneratedFilesCheck.swift"),
        ("Sources/ContractsSQL/Rules/", "`units` in Sources/ContractsSQL/SQLAnalysis.swift"),
        ("Sources/ContractsSQL/Live/", "`units` in Sources/ContractsSQL/Live/LiveDatabaseCheck.swift"),
        ("Sources/ContractsMigrations/Lint/", "`units` in Sources/ContractsMigrations/Lint/MigrationLint.swift"),
        ("Sources/ContractsSwiftSource/Rules/", "`units` in Sources/ContractsSwiftSource/SwiftSourceCheck.swift"),
        ("Sources/ContractsTypeScriptSource/Rules/", "`units` in Sources/ContractsTypeScriptSource/TypeScriptSourceCheck.swift"),
        ("Sources/ContractsBreaking/", "`units` in Sources/ContractsBreaking/BreakingCheck.swift"),
    ]

    /// A rule as declared in the sources: `public static let name = Rule("id", ...)` in `file`.
    private struct Declaration {
        var name: String
        var id: String
        var file: String
        /// The types in `file` whose `rule` is this one (`static let rule = Rule.name`), or that split it off from
        /// theirs (`static let narrowerRules = [Rule.name]`).
        var units: [String]
    }

    /// Every rule declaration below Sources/, read as text.
    private static func declarations() throws -> [Declaration] {
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let declaration = try NSRegularExpression(pattern: #"static let (\w+) = Rule\("([^"]+)""#)
        let type = try NSRegularExpression(pattern: #"^(?:public )?(?:struct|enum|extension) (\w+)"#, options: .anchorsMatchLines)
        let reporting = try NSRegularExpression(pattern: #"static let (?:rule = Rule|narrowerRules = \[Rule)\.(\w+)\b"#)
        var found: [Declaration] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let path = String(file.path.dropFirst(root.path.count + 1))
            let whole = NSRange(text.startIndex..., in: text)
            func group(_ match: NSTextCheckingResult, _ index: Int) -> String { String(text[Range(match.range(at: index), in: text)!]) }
            // Each `static let rule = Rule.name` belongs to the last top-level type or extension above it.
            let types = type.matches(in: text, range: whole)
            let units = reporting.matches(in: text, range: whole).compactMap { match in
                types.last { $0.range.location < match.range.location }.map { (rule: group(match, 1), unit: group($0, 1)) }
            }
            for match in declaration.matches(in: text, range: whole) {
                let name = group(match, 1)
                found.append(Declaration(name: name, id: group(match, 2), file: path,
                                         units: units.filter { $0.rule == name }.map(\.unit)))
            }
        }
        return found
    }

    /// The member name a rule is declared under (`migrationGap` for `migration-gap`), from the sources.
    private static func memberName(_ rule: Rule) -> String {
        ((try? declarations()) ?? []).first { $0.id == rule.id }?.name ?? rule.id
    }

    /// Each rule is declared once, in ContractsRules, and every declared rule is reported by a unit in a checker's
    /// `units`, so `Rule.all` holds it.
    func testEveryDeclaredRuleIsInTheRulesModuleAndInAChecker() throws {
        let declared = try Self.declarations()
        XCTAssertEqual(Set(declared.map(\.id)), Set(Rule.all.map(\.id)).union(declared.map(\.id)))
        for id in Rule.all.map(\.id) {
            let places = declared.filter { $0.id == id }
            XCTAssertEqual(places.count, 1, "\(id) is declared \(places.count) times: \(places.map(\.file)); declare it once, in ContractsRules")
        }
        for rule in declared where !rule.file.hasPrefix("Sources/ContractsRules/") {
            XCTFail("\(rule.name) ('\(rule.id)') is declared in \(rule.file): declare it in Sources/ContractsRules/RuleList.swift")
        }
        let reported = Set(RuleCatalog.units.flatMap { [$0.rule.id] + $0.narrowerRules.map(\.id) })
        for rule in declared where !reported.contains(rule.id) {
            XCTFail("""
                '\(rule.id)' is reported by no checker's unit: add its unit to its checker's `units` (\
                \(Self.checkerLists.map(\.list).joined(separator: "; ")))
                """)
        }
    }

    /// The rule ids some checker answers with several units, each with those units, checker by checker: several
    /// readers of one question by design (`payload-shape-drift`, whose owners Rule.payloadShapeDrift lists;
    /// `swift-deeplink-drift`, the deep-link cases and the userInfo keys; `ts-const-drift`, one unit per kind of
    /// declaration; `sql-constraint-drift`, one per surface), each over every enum. No rule has a notification form
    /// and a shared form any more (issue 40 merged the last pairs); a twin added fails.
    private static let severalUnits: [String: [String]] = [
        "payload-shape-drift": ["ContractsSQL.PayloadShapeRule", "ContractsSQL.PushKeyRule",
                                "ContractsTypeScriptSource.PayloadShapeRule", "ContractsTypeScriptSource.PayloadInterfaceRule",
                                "ContractsCheck.EnumPushKeyRule", "ContractsCheck.TypelessPushKeyRule"],
        "swift-deeplink-drift": ["ContractsSwiftSource.DeepLinkDriftRule", "ContractsSwiftSource.UserInfoKeyRule"],
        // One unit per kind of declaration, each over every enum: values (`as const` objects, arrays, sets), types
        // (unions, Record value unions, string enums), and Supabase's generated `Enums`.
        "ts-const-drift": ["ContractsTypeScriptSource.ConstDriftRule", "ContractsTypeScriptSource.TypeDeclarationDriftRule",
                           "ContractsTypeScriptSource.GeneratedTypesEnumDriftRule"],
        // One unit per surface, each over every enum: CHECK constraints, ENUM types.
        "sql-constraint-drift": ["ContractsSQL.ConstraintDriftRule", "ContractsSQL.EnumDriftRule"],
    ]

    /// One unit per rule id and surface: a rule that judges the notification enum and the other enums is one unit
    /// mapping over every enum, never a notification form and a shared form (`swift-enum-drift` was such a pair).
    func testEachRuleIdHasOneUnitPerChecker() {
        var several: [String: [String]] = [:]
        for units in RuleCatalog.unitsByChecker {
            let byID = Dictionary(grouping: units.map { ($0.rule.id, String(reflecting: $0)) }, by: \.0)
            for (id, named) in byID where named.count > 1 { several[id, default: []] += named.map(\.1) }
        }
        XCTAssertEqual(RuleCatalog.units.filter { $0.rule.id == "swift-enum-drift" }.map { String(reflecting: $0) },
                       ["ContractsSwiftSource.EnumDriftRule"], "swift-enum-drift is one unit over every enum")
        XCTAssertEqual(several, Self.severalUnits, """
            a rule id answered by several units of one checker: merge a notification/shared twin into one unit that maps \
            over every enum (for a pair merged, remove it from severalUnits)
            """)
    }

    /// The registry's `rules:` accepts exactly the catalog's ids, as the CLI loads it: an unknown id is an error
    /// at its key (with a suggestion), a known one of any checker is accepted.
    func testRulesKeysAreCheckedAgainstTheCatalog() throws {
        let base = RuleExample.baseRegistry
        XCTAssertNoThrow(try RegistryLoader.load(text: base + "rules: { migration-edited: off, generated-stale: warning }\n",
                                                 file: "registry.yaml", ruleIDs: RuleCatalog.ids))
        XCTAssertThrowsError(try RegistryLoader.load(text: base + "rules: { generated-stal: off }\n",
                                                     file: "registry.yaml", ruleIDs: RuleCatalog.ids)) { error in
            let errors = (error as? RegistryErrors)?.errors ?? []
            XCTAssertEqual(errors.map(\.message), ["unknown key 'generated-stal' in rules; did you mean 'generated-stale'?"])
            XCTAssertEqual(errors.first?.location, SourceLocation(file: "registry.yaml", line: 18, column: 10))
        }
    }

    /// `Rule.payloadShapeDrift`'s doc comment is the one place that says which reader owns which part of the
    /// rule: a unit that starts reporting it must be added there (and this list updated with it).
    func testPayloadShapeDriftOwnersAreTheDocumentedOnes() {
        let owners = RuleCatalog.units.filter { $0.rule == .payloadShapeDrift }.map { String(reflecting: $0) }
        XCTAssertEqual(owners, [
            "ContractsSQL.PayloadShapeRule", "ContractsSQL.PushKeyRule", "ContractsSwiftSource.PayloadShapeRule",
            "ContractsTypeScriptSource.PayloadShapeRule", "ContractsTypeScriptSource.PayloadInterfaceRule",
            "ContractsCheck.RPCPayloadRule", "ContractsCheck.EnumPushKeyRule", "ContractsCheck.TypelessPushKeyRule",
            "ContractsCheck.SelectDecodeRule",
        ], "a new reader of payload keys: add its row to Rule.payloadShapeDrift's table")
    }
}
