import ContractsCore
import SwiftSyntax

/// `swift-enum-drift`: each hand-written Swift enum's raw values against its registry values, for every enum with a
/// `swift_enum` (the notification enum and every `enums:` entry alike; `EnumDriftWording` words each).
///
/// The app holds the values of scope `all` and `app`: each needs a case, and a case for a server-only value is drift.
/// A retired value is no case either (old rows decode to the fallback, when there is one). A case whose name is a
/// registered Swift case but whose raw value is not registered is reported once, as a changed raw value, rather
/// than as one extra and one missing value. A qualified `swift_enum` (`Expense.Category`) is the enum nested in that
/// type (in its declaration or an extension of it), never a namesake nested elsewhere (`AppDiagnostics.Category`).
/// An enum the app does not declare is no drift: `generate` writes it.
enum EnumDriftRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        let judged = SwiftSharedEnums(registry).declared.map { declared in
            (declared, EnumDriftWording(declared.sharedEnum, swiftName: declared.swiftName, in: registry))
        }
        guard !judged.isEmpty else { return [] }
        return files.flatMap { file in
            judged.flatMap { declared, wording in
                (file.types.enums[declared.components.last ?? ""] ?? []).filter { declares($0, declared) }
                    .flatMap { compare($0, in: file, with: declared.sharedEnum, wording, files: files) }
            }
        }
    }

    /// Whether `decl`, where it stands, is the enum the registry names: its enclosing types end the qualified name.
    private static func declares(_ decl: EnumDeclSyntax, _ declared: SwiftSharedEnums.Declared) -> Bool {
        guard declared.components.count > 1 else { return true }
        let qualified = Syntax(decl).enclosingTypeNames + [decl.name.plainName]
        return qualified.count >= declared.components.count && qualified.suffix(declared.components.count).elementsEqual(declared.components)
    }

    private static func compare(_ decl: EnumDeclSyntax, in file: ParsedSwiftFile, with e: SharedEnum, _ w: EnumDriftWording,
                                files: [ParsedSwiftFile]) -> [Finding] {
        guard decl.inheritanceClause?.names("String") == true else { return compareNames(decl, in: file, with: e, w) }
        let entries = decl.caseEntries
        let found = Set(entries.compactMap(\.rawValue))
        var renamed = Set<String>()
        var findings: [Finding] = []

        for entry in entries {
            let name = "\(w.swiftName).\(entry.name)"
            guard let raw = entry.rawValue else {
                // Unreadable, not absent: its registered value is not also reported missing.
                let expected = e.values.first(where: { $0.swiftCase == entry.name })
                if let expected { renamed.insert(expected.raw) }
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(name) has a raw value that is not a string literal; write it as a string literal so it can be checked",
                    at: file.location(of: entry.rawValueNode), registry: e.location,
                    fix: expected.map { "write it as `case \(entry.name) = \"\($0.raw)\"`" } ?? "write the raw value as a string literal",
                    // The value the case stands for: the registered one of its name, else the case itself.
                    subject: w.subject(expected?.raw ?? entry.name)))
                continue
            }
            switch e.standing(of: raw, on: .app) {
            case .held:
                continue
            case .outOfScope(let registered):
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(name) (\"\(raw)\") is server-only (scope: server): the app never holds it; remove the case, or give it scope all in \(w.valuesHome)",
                    at: file.location(of: entry.element), registry: registered.location,
                    fix: "remove `case \(entry.name)`, or give \"\(raw)\" scope all in registry.yaml", subject: w.subject(raw)))
            case .retired(let retired):
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(name) (\"\(raw)\") is retired (\(w.entry).retired): \(w.retiredReason); remove the case\(w.retiredNote)",
                    at: file.location(of: entry.element), registry: retired.location,
                    fix: "remove `case \(entry.name)`, or move \"\(raw)\" from \(w.entry).retired back to its values",
                    subject: w.subject(raw)))
            case .unknown:
                if let expected = e.values(on: .app).first(where: { $0.swiftCase == entry.name }), !found.contains(expected.raw) {
                    renamed.insert(expected.raw)
                    findings.append(Finding(
                        .swiftEnumDrift,
                        "\(name) has raw value \"\(raw)\" but the registry says \"\(expected.raw)\"; change the raw value (or the registry) so both agree",
                        at: file.location(of: entry.element), registry: expected.location,
                        fix: declaration(expected), subject: w.subject(expected.raw),
                        edits: rawValueEdits(entry, expected.raw, in: file)))
                } else {
                    findings.append(Finding(
                        .swiftEnumDrift,
                        w.unknownRawValue(name, raw) + "; add it to \(w.valuesHome) or remove the case",
                        at: file.location(of: entry.element), registry: e.location,
                        fix: "add \"\(raw)\" to \(w.entry).values in registry.yaml (then run `naars-contracts generate`), or remove `case \(entry.name)`",
                        subject: w.subject(raw)))
                }
            }
        }
        let missing = e.values(on: .app).filter { !found.contains($0.raw) && !renamed.contains($0.raw) }
        let blocked = !missing.isEmpty && SwiftFixEdits.hasExhaustiveSwitchOverSelf(decl.name.plainName, in: files)
        for value in missing {
            findings.append(Finding(
                .swiftEnumDrift,
                "\(w.swiftName) has no case for \(w.valueNoun) \"\(value.raw)\"; add `\(declaration(value))`",
                at: file.location(of: decl.name), registry: value.location, fix: declaration(value),
                subject: w.subject(value.raw),
                edits: SwiftFixEdits.addingCase(declaration(value), to: decl, in: file, blocked: blocked)))
        }
        return findings
    }

    /// An enum without a `String` raw type has no raw values to compare (it maps them by hand); its case
    /// names are compared with the registry's Swift case names instead.
    private static func compareNames(_ decl: EnumDeclSyntax, in file: ParsedSwiftFile, with e: SharedEnum,
                                     _ w: EnumDriftWording) -> [Finding] {
        let entries = decl.caseEntries
        let names = Set(entries.map(\.name))
        let held = e.values(on: .app)
        let extra = entries.filter { entry in !held.contains { $0.swiftCase == entry.name } }.map { entry in
            let name = "\(w.swiftName).\(entry.name)"
            if let serverOnly = e.values.first(where: { $0.swiftCase == entry.name }) {
                return Finding(.swiftEnumDrift,
                               "\(name) is server-only (scope: server, \"\(serverOnly.raw)\"): the app never holds it; remove the case, or give it scope all in \(w.valuesHome)",
                               at: file.location(of: entry.element), registry: serverOnly.location,
                               fix: "remove `case \(entry.name)`, or give \"\(serverOnly.raw)\" scope all in registry.yaml",
                               subject: w.subject(serverOnly.raw))
            }
            // No raw value to name it by: the case is the value the registry lacks.
            return Finding(.swiftEnumDrift, "\(name) \(w.unknownCase)", at: file.location(of: entry.element), registry: e.location,
                           fix: "add its value to \(w.entry).values in registry.yaml (with `case: \(entry.name)`), or remove `case \(entry.name)`",
                           subject: w.subject(entry.name))
        }
        let missing = held.filter { !names.contains($0.swiftCase) }.map { value in
            Finding(.swiftEnumDrift,
                    "\(w.swiftName) has no case `\(value.swiftCase)` for \(w.valueNoun) \"\(value.raw)\"; add it",
                    at: file.location(of: decl.name), registry: value.location, fix: "case \(Identifiers.swiftIdentifier(value.swiftCase))",
                    subject: w.subject(value.raw))
        }
        return extra + missing
    }

    /// A case's raw value made `raw`: its literal replaced, or ` = "raw"` written after a name that was its own raw value.
    static func rawValueEdits(_ entry: EnumCaseEntry, _ raw: String, in file: ParsedSwiftFile) -> [FixEdit] {
        guard let literal = FixEdit.quoted(raw, quote: "\"") else { return [] }
        if let initializer = entry.element.rawValue {
            return SwiftFixEdits.replacing(initializer.value, withSource: literal, in: file)
        }
        return [.insertion(file: file.path, at: entry.element.name.endPositionBeforeTrailingTrivia.utf8Offset, " = " + literal)]
    }

    /// The case line the registry implies (`case rideClaimed = "ride_claimed"`, or `case message`).
    static func declaration(_ value: SharedEnumValue) -> String {
        let name = Identifiers.swiftIdentifier(value.swiftCase)
        // A raw value is data: a quote or backslash in it is escaped in the literal.
        let literal = value.raw.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }
        return value.swiftCase == value.raw ? "case \(name)" : "case \(name) = \"\(String(literal))\""
    }
}

extension EnumDriftRule: SwiftFactRule {
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
        RuleExample(["App/NotificationType.swift": """
            enum NotificationType: String, Codable {
                case message
                case ↓rideUpdate = "ride_updated"
            }
            """]),
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
        // A case for the server-only value is drift, and the app-only one needs its case.
        RuleExample(["App/Models/MediaAsset.swift": """
            enum ↓MediaAssetStatus: String, Codable {
                case uploaded
                case ↓pendingUpload = "pending_upload"
            }
            """], registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        // Another String enum with other raw values is not the notification-type enum.
        RuleExample(["App/NotificationType.swift": """
            enum NotificationType: String, Codable {
                case message
                case rideUpdate = "ride_update"
            }
            enum RideStatus: String { case open, closed }
            """]),
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
        // The app declares exactly the values it holds: the server-only one has no case.
        RuleExample(["App/Models/MediaAsset.swift": """
            enum MediaAssetStatus: String, Codable {
                case uploaded
                case draft
            }
            """], registryAdding: RuleExample.scopedStatusEnum),
    ]
}
