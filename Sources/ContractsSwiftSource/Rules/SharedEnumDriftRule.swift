import ContractsCore
import SwiftSyntax

/// `swift-enum-drift` for the shared enums (`enums:`): each hand-written Swift enum's raw values against its
/// registry values.
///
/// A qualified `swift_enum` (`Expense.Category`) is the enum nested in that type (in its declaration or an
/// extension of it), never a namesake nested elsewhere (`AppDiagnostics.Category`). An enum the app does not declare
/// is no drift: `generate` writes it. A case whose raw value is retired is drift: the registry's enum has no such
/// case (old rows decode to the fallback, when there is one). The notification types' enum keeps its own rule
/// (`EnumDriftRule`) and wording.
enum SharedEnumDriftRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        let enums = SwiftSharedEnums(registry)
        guard !enums.isEmpty else { return [] }
        return files.flatMap { file in
            enums.declared.flatMap { declared in
                (file.types.enums[declared.components.last ?? ""] ?? []).filter { declares($0, declared) }
                    .flatMap { compare($0, in: file, with: declared, files: files) }
            }
        }
    }

    /// Whether `decl`, where it stands, is the enum the registry names: its enclosing types end the qualified name.
    private static func declares(_ decl: EnumDeclSyntax, _ declared: SwiftSharedEnums.Declared) -> Bool {
        guard declared.components.count > 1 else { return true }
        let qualified = Syntax(decl).enclosingTypeNames + [decl.name.plainName]
        return qualified.count >= declared.components.count && qualified.suffix(declared.components.count).elementsEqual(declared.components)
    }

    private static func compare(_ decl: EnumDeclSyntax, in file: ParsedSwiftFile, with declared: SwiftSharedEnums.Declared,
                                files: [ParsedSwiftFile]) -> [Finding] {
        let e = declared.sharedEnum, swiftName = declared.swiftName
        guard decl.inheritanceClause?.names("String") == true else { return compareNames(decl, in: file, with: declared) }
        let entries = decl.caseEntries
        let found = Set(entries.compactMap(\.rawValue))
        var renamed = Set<String>()
        var findings: [Finding] = []
        for entry in entries {
            guard let raw = entry.rawValue else {
                if let expected = e.values.first(where: { $0.swiftCase == entry.name }) { renamed.insert(expected.raw) }
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(swiftName).\(entry.name) has a raw value that is not a string literal; write it as a string literal so it can be checked",
                    at: file.location(of: entry.rawValueNode), registry: e.location,
                    fix: e.values.first(where: { $0.swiftCase == entry.name }).map { "write it as `case \(entry.name) = \"\($0.raw)\"`" }
                        ?? "write the raw value as a string literal"))
                continue
            }
            if e.contains(raw) { continue }
            if let retired = e.retired(raw: raw) {
                let decoding = e.fallback.map { "; old rows decode to its fallback \"\($0)\"" } ?? ""
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(swiftName).\(entry.name) (\"\(raw)\") is retired (enums.\(e.name).retired): old rows may hold it, but nothing may write it again; remove the case\(decoding)",
                    at: file.location(of: entry.element), registry: retired.location,
                    fix: "remove `case \(entry.name)`, or move \"\(raw)\" from enums.\(e.name).retired back to its values"))
                continue
            }
            if let expected = e.values.first(where: { $0.swiftCase == entry.name }), !found.contains(expected.raw) {
                renamed.insert(expected.raw)
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(swiftName).\(entry.name) has raw value \"\(raw)\" but the registry says \"\(expected.raw)\"; change the raw value (or the registry) so both agree",
                    at: file.location(of: entry.element), registry: expected.location, fix: declaration(expected),
                    edits: EnumDriftRule.rawValueEdits(entry, expected.raw, in: file)))
            } else {
                findings.append(Finding(
                    .swiftEnumDrift,
                    SharedEnumLiteralMessage.unknown(raw, context: "case \(swiftName).\(entry.name)", enumName: e.name, quote: "\"")
                        + "; add it to enums.\(e.name).values in registry.yaml or remove the case",
                    at: file.location(of: entry.element), registry: e.location,
                    fix: "add \"\(raw)\" to enums.\(e.name).values in registry.yaml (then run `naars-contracts generate`), or remove `case \(entry.name)`"))
            }
        }
        let missing = e.values.filter { !found.contains($0.raw) && !renamed.contains($0.raw) }
        let blocked = !missing.isEmpty && SwiftFixEdits.hasExhaustiveSwitchOverSelf(decl.name.plainName, in: files)
        for value in missing {
            findings.append(Finding(
                .swiftEnumDrift,
                "\(swiftName) has no case for \(e.name) value \"\(value.raw)\"; add `\(declaration(value))`",
                at: file.location(of: decl.name), registry: value.location, fix: declaration(value),
                edits: SwiftFixEdits.addingCase(declaration(value), to: decl, in: file, blocked: blocked)))
        }
        return findings
    }

    /// An enum without a `String` raw type maps raw values by hand: its case names are compared with the registry's.
    private static func compareNames(_ decl: EnumDeclSyntax, in file: ParsedSwiftFile, with declared: SwiftSharedEnums.Declared) -> [Finding] {
        let e = declared.sharedEnum, swiftName = declared.swiftName
        let entries = decl.caseEntries
        let names = Set(entries.map(\.name))
        let extra = entries.filter { entry in !e.values.contains { $0.swiftCase == entry.name } }.map { entry in
            Finding(.swiftEnumDrift,
                    "\(swiftName).\(entry.name) is not a case of \(e.name) in registry.yaml; add its value to enums.\(e.name).values or remove the case",
                    at: file.location(of: entry.element), registry: e.location,
                    fix: "add its value to enums.\(e.name).values in registry.yaml (with `case: \(entry.name)`), or remove `case \(entry.name)`")
        }
        let missing = e.values.filter { !names.contains($0.swiftCase) }.map { value in
            Finding(.swiftEnumDrift,
                    "\(swiftName) has no case `\(value.swiftCase)` for \(e.name) value \"\(value.raw)\"; add it",
                    at: file.location(of: decl.name), registry: value.location, fix: "case \(Identifiers.swiftIdentifier(value.swiftCase))")
        }
        return extra + missing
    }

    /// The case line the registry implies (`case onHold = "on-hold"`, or `case active`).
    static func declaration(_ value: SharedEnumValue) -> String {
        let name = Identifiers.swiftIdentifier(value.swiftCase)
        // A raw value is data: a quote or backslash in it is escaped in the literal.
        let literal = value.raw.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }
        return value.swiftCase == value.raw ? "case \(name)" : "case \(name) = \"\(String(literal))\""
    }
}

extension SharedEnumDriftRule: SwiftFactRule {
    /// Each enum is declared under its simple name.
    static func needles(_ registry: Registry) -> [String] {
        SwiftSharedEnums(registry).declared.compactMap(\.components.last)
    }

    static let rule = Rule.swiftEnumDrift
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] { findings(in: facts.files, registry: facts.registry) }

    static let registryAdding = """
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql: { table: public.chat_rooms, column: status }
            values: [active, archived, { raw: on-hold, case: onHold }]
          ExpenseCategory:
            swift_enum: Expense.Category
            values: [food, travel]

        """

    static let triggeringExamples = [
        RuleExample(["App/Models/ChatRoom.swift": """
            enum ChatRoomStatus: String, Codable {
                case active
                case ↓archived = "archive"
                case onHold = "on-hold"
            }
            struct Expense {
                enum ↓Category: String { case food }
            }
            """], registryAdding: registryAdding),
    ]
    static let nonTriggeringExamples = [
        // Another enum named Category is not Expense.Category, and an enum the app leaves to generate is no drift.
        RuleExample(["App/Models/ChatRoom.swift": """
            enum ChatRoomStatus: String, Codable {
                case active, archived
                case onHold = "on-hold"
            }
            extension Expense {
                enum Category: String, Codable { case food, travel }
            }
            enum AppDiagnostics { enum Category: String { case network, storage } }
            """], registryAdding: registryAdding),
    ]
}
