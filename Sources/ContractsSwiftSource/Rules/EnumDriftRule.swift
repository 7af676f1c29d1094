import ContractsCore
import SwiftSyntax

extension Rule {
    public static let swiftEnumDrift = Rule("swift-enum-drift", .error, "The hand-written notification-type enum differs from the registry.")
}

/// `swift-enum-drift`: the hand-written notification-type enum's raw values against the registry.
///
/// A case whose name is a registered Swift case but whose raw value is not registered is reported once, as
/// a changed raw value, rather than as one extra and one missing value.
enum EnumDriftRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        guard let set = registry.notificationTypes, let name = set.swiftEnum else { return [] }
        return files.flatMap { file in
            (file.types.enums[name] ?? []).flatMap { compare($0, in: file, with: set, files: files) }
        }
    }

    private static func compare(_ decl: EnumDeclSyntax, in file: ParsedSwiftFile, with set: NotificationTypeSet,
                                files: [ParsedSwiftFile]) -> [Finding] {
        guard decl.inheritanceClause?.names("String") == true else { return compareNames(decl, in: file, with: set) }
        let entries = decl.caseEntries
        let found = Set(entries.compactMap(\.rawValue))
        var renamed = Set<String>()
        var findings: [Finding] = []

        for entry in entries {
            guard let raw = entry.rawValue else {
                // Unreadable, not absent: its registered value is not also reported missing.
                if let expected = set.values.first(where: { $0.swiftCase == entry.name }) { renamed.insert(expected.raw) }
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(set.swiftName).\(entry.name) has a raw value that is not a string literal; write it as a string literal so it can be checked",
                    at: file.location(of: entry.rawValueNode), registry: set.location,
                    fix: set.values.first(where: { $0.swiftCase == entry.name }).map { "write it as `case \(entry.name) = \"\($0.raw)\"`" }
                        ?? "write the raw value as a string literal"))
                continue
            }
            if let registered = set.value(raw: raw) {
                guard !registered.scope.inApp else { continue }
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(set.swiftName).\(entry.name) (\"\(raw)\") is server-only (scope: server): the app never holds it; remove the case, or give it scope all in registry.yaml",
                    at: file.location(of: entry.element), registry: registered.location,
                    fix: "remove `case \(entry.name)`, or give \"\(raw)\" scope all in registry.yaml", subject: .notificationType(raw, of: set)))
                continue
            }
            if let retired = set.retired.first(where: { $0.raw == raw }) {
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(set.swiftName).\(entry.name) (\"\(raw)\") is retired (\(set.entry).retired): old rows may hold it but no type sends it any more; remove the case",
                    at: file.location(of: entry.element), registry: retired.location,
                    fix: "remove `case \(entry.name)` (decode old rows' \"\(raw)\" to the fallback), or move \"\(raw)\" from \(set.entry).retired back to its values",
                    subject: .notificationType(raw, of: set)))
                continue
            }
            if let expected = set.values.first(where: { $0.swiftCase == entry.name && $0.scope.inApp }), !found.contains(expected.raw) {
                renamed.insert(expected.raw)
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(set.swiftName).\(entry.name) has raw value \"\(raw)\" but the registry says \"\(expected.raw)\"; change the raw value (or the registry) so both agree",
                    at: file.location(of: entry.element), registry: expected.location,
                    fix: declaration(expected), subject: .notificationType(expected.raw, of: set),
                    edits: rawValueEdits(entry, expected.raw, in: file)))
            } else {
                findings.append(Finding(
                    .swiftEnumDrift,
                    "\(set.swiftName).\(entry.name) (\"\(raw)\") is not a registered notification type; add it to registry.yaml or remove the case",
                    at: file.location(of: entry.element), registry: set.location,
                    fix: "add \"\(raw)\" to \(set.entry).values in registry.yaml (then run `naars-contracts generate`), or remove `case \(entry.name)`",
                    subject: .notificationType(raw, of: set)))
            }
        }
        let missing = set.values.filter { $0.scope.inApp && !found.contains($0.raw) && !renamed.contains($0.raw) }
        let blocked = !missing.isEmpty && SwiftFixEdits.hasExhaustiveSwitchOverSelf(set.swiftName, in: files)
        for value in missing {
            let edits = FixEdit.quoted(value.raw, quote: "\"") == nil ? []
                : SwiftFixEdits.addingCase(declaration(value), to: decl, in: file, blocked: blocked)
            findings.append(Finding(
                .swiftEnumDrift,
                "\(set.swiftName) has no case for registered type \"\(value.raw)\"; add `\(declaration(value))`",
                at: file.location(of: decl.name), registry: value.location, fix: declaration(value),
                subject: .notificationType(value.raw, of: set), edits: edits))
        }
        return findings
    }

    /// An enum without a `String` raw type has no raw values to compare (it maps them by hand); its case
    /// names are compared with the registry's Swift case names instead.
    private static func compareNames(_ decl: EnumDeclSyntax, in file: ParsedSwiftFile, with set: NotificationTypeSet) -> [Finding] {
        let entries = decl.caseEntries
        let names = Set(entries.map(\.name))
        let extra = entries.filter { entry in !set.values.contains { $0.swiftCase == entry.name && $0.scope.inApp } }.map { entry in
            if let serverOnly = set.values.first(where: { $0.swiftCase == entry.name }) {
                return Finding(.swiftEnumDrift,
                               "\(set.swiftName).\(entry.name) is server-only (scope: server, \"\(serverOnly.raw)\"): the app never holds it; remove the case, or give it scope all in registry.yaml",
                               at: file.location(of: entry.element), registry: serverOnly.location,
                               fix: "remove `case \(entry.name)`, or give \"\(serverOnly.raw)\" scope all in registry.yaml",
                               subject: .notificationType(serverOnly.raw, of: set))
            }
            return Finding(.swiftEnumDrift,
                           "\(set.swiftName).\(entry.name) is not a registered notification type; add it to registry.yaml or remove the case",
                           at: file.location(of: entry.element), registry: set.location,
                           fix: "add its value to \(set.entry).values in registry.yaml (with `case: \(entry.name)`), or remove `case \(entry.name)`")
        }
        let missing = set.values.filter { $0.scope.inApp && !names.contains($0.swiftCase) }.map { value in
            Finding(.swiftEnumDrift,
                    "\(set.swiftName) has no case `\(value.swiftCase)` for registered type \"\(value.raw)\"; add it",
                    at: file.location(of: decl.name), registry: value.location, fix: "case \(Identifiers.swiftIdentifier(value.swiftCase))",
                    subject: .notificationType(value.raw, of: set))
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
    static func declaration(_ value: NotificationTypeValue) -> String {
        let name = Identifiers.swiftIdentifier(value.swiftCase)
        return value.swiftCase == value.raw ? "case \(name)" : "case \(name) = \"\(value.raw)\""
    }
}

extension EnumDriftRule: SwiftFactRule {
    /// The enum is declared under its name.
    static func needles(_ registry: Registry) -> [String] { registry.notificationTypes?.swiftEnum.map { [$0] } ?? [] }

    static let rule = Rule.swiftEnumDrift
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] { findings(in: facts.files, registry: facts.registry) }

    static let triggeringExamples = [
        RuleExample(["App/NotificationType.swift": """
            enum NotificationType: String, Codable {
                case message
                case ↓rideUpdate = "ride_updated"
            }
            """]),
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
    ]
}
