import ContractsCore
import SwiftSyntax

extension Rule {
    public static let swiftUnknownLiteral = Rule("swift-unknown-literal", .error, "A string literal Swift writes as an enum's value (a row, a payload, an emitter's argument) is not one of its values, or is retired.")
    /// Split from `swift-unknown-literal`: a dead branch breaks nothing the other stacks see, so a team may make
    /// it a warning (`rules: { swift-unknown-literal-read: warning }`) and keep broken writes errors.
    public static let swiftUnknownLiteralRead = Rule("swift-unknown-literal-read", .error, "A string literal Swift reads or compares as an enum's value is not one of its values: a branch that never runs.", narrowing: .swiftUnknownLiteral)
}

/// `swift-unknown-literal`: a string used as a notification type that the registry does not know, or a retired
/// type written again; a read or comparison (`NotificationType(rawValue:)`, `==`, a `case`) is reported as
/// `swift-unknown-literal-read`.
///
/// Such a branch never runs (the server cannot send the value), the server sends a type the app was never told
/// about, or the app writes rows and pushes of a type nothing else knows; either way the literal and the
/// registry disagree. A retired value (`notification_types.retired`) may still be read and compared (old rows
/// hold it), but writing it (`TypeValueWrites`, a local notification's payload) brings it back.
enum UnknownLiteralRule {
    /// `projectTypes`: the types the whole project declares, when `files` are not the whole project.
    /// `sinks`: the project's (`SwiftSinks`), when `files` are not the whole project.
    static func findings(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil,
                         sinks: SwiftSinks? = nil) -> [Finding] {
        literals(in: files, registry: registry, projectTypes: projectTypes, sinks: sinks).map { finding(for: $0, set: registry.notificationEnum) }
    }

    /// The literals the rule reports, in the order it reports them: each file's reads, then its writes.
    static func literals(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil,
                         sinks: SwiftSinks? = nil) -> [UnknownTypeLiteral] {
        guard let set = registry.notificationTypes else { return [] }
        let projectTypes = projectTypes ?? files.reduce(into: DeclaredTypes()) { $0.merge($1.declaredTypes) }
        let sinks = sinks ?? SwiftSinks(files.map { SwiftSinkSummary($0, set: set) }, typeKey: set.payloadKey,
                                        encoded: projectTypes.encoded, emitters: registry.emitters.swift)
        return files.concurrentMap { file in
            let uses = TypeLiteralUses(file, enumName: set.swiftEnum ?? "", typeKey: set.payloadKey, payloadReads: file.pushReads,
                                       projectTypes: projectTypes)
            // Writes go to `.from("<table>")`, to an emitter or to a sink function: a file that names none writes none.
            let mayWrite = set.sql.map { file.mentions($0.table) } ?? false || registry.emitters.swift.contains { file.mentions($0.function) }
                || sinks.names.contains { file.mentions($0) }
            let written = mayWrite ? TypeValueWrites(file, set: set, emitters: registry.emitters.swift, projectTypes: projectTypes,
                                                     sinks: sinks).literals : []
            let reads = uses.literals.compactMap { literal -> UnknownTypeLiteral? in
                guard let raw = literal.representedLiteralValue, !set.retiredRawValues.contains(raw) else { return nil }
                if let value = set.value(raw: raw) {
                    guard !value.scope.inApp else { return nil }
                    return UnknownTypeLiteral(raw: raw, at: file.location(of: literal), standing: .offSurface, written: false,
                                              bytes: SwiftFixEdits.bytes(of: literal))
                }
                return UnknownTypeLiteral(raw: raw, at: file.location(of: literal), standing: .unregistered, written: false,
                                          bytes: SwiftFixEdits.bytes(of: literal))
            }
            return reads + (uses.writes + written).compactMap { write($0, in: file, set: set) }
        }.flatMap { $0 }
    }

    /// A literal written as a type: fine when registered, drift when retired or unknown.
    private static func write(_ literal: StringLiteralExprSyntax, in file: ParsedSwiftFile, set: NotificationTypeSet) -> UnknownTypeLiteral? {
        guard let raw = literal.representedLiteralValue, set.value(raw: raw) == nil else { return nil }
        let standing: UnknownTypeLiteral.Standing = set.retired.contains { $0.raw == raw } ? .retired : .unregistered
        return UnknownTypeLiteral(raw: raw, at: file.location(of: literal), standing: standing, written: true,
                                  bytes: SwiftFixEdits.bytes(of: literal))
    }

    /// The finding for one literal, worded for Swift.
    private static func finding(for literal: UnknownTypeLiteral, set: NotificationTypeSet) -> Finding {
        let raw = literal.raw ?? ""
        switch literal.standing {
        case .offSurface:
            return Finding(
                .swiftUnknownLiteralRead,
                "\"\(raw)\" is used as a \(set.swiftName) raw value but is server-only (scope: server): the app never holds it, so this branch never runs; remove it, or give \"\(raw)\" scope all in registry.yaml",
                at: literal.location, registry: set.value(raw: raw)?.location,
                fix: "remove this use of \"\(raw)\", or give \"\(raw)\" scope all in registry.yaml", subject: .notificationType(raw, of: set))
        case .retired:
            return Finding(
                .swiftUnknownLiteral,
                "\"\(raw)\" is written as a \(set.swiftName) raw value but it is retired (\(set.entry).retired): old rows may hold it, nothing may write it again; write a registered type",
                at: literal.location, registry: set.retired.first { $0.raw == raw }?.location,
                fix: "write a registered type instead, or move \"\(raw)\" from \(set.entry).retired back to its values in registry.yaml",
                subject: .notificationType(raw, of: set))
        case .unregistered:
            return Finding(
                literal.written ? .swiftUnknownLiteral : .swiftUnknownLiteralRead, message(raw, set, written: literal.written),
                at: literal.location, registry: set.location, fix: fix(raw, set),
                subject: .notificationType(raw, of: set), edits: correction(of: literal, set: set))
        }
    }

    /// The one registered value within the hint's distance, in place of the literal, when it is valid there (the
    /// app holds it, or the literal is written).
    private static func correction(of literal: UnknownTypeLiteral, set: NotificationTypeSet) -> [FixEdit] {
        guard let raw = literal.raw, let only = Suggestion.only(to: raw, among: set.rawValues, closeness: .swiftLiteral),
              let value = set.value(raw: only), value.scope.inApp || literal.written else { return [] }
        return literal.replacement(only, quote: "\"")
    }

    /// The nearest registered value in its place, else the two ways out.
    private static func fix(_ raw: String, _ set: NotificationTypeSet) -> String {
        Suggestion.closest(to: raw, among: set.rawValues, closeness: .swiftLiteral).map { "replace \"\(raw)\" with \"\($0)\"" }
            ?? "use a registered type, or add \"\(raw)\" to \(set.entry).values in registry.yaml (then run `naars-contracts generate`)"
    }

    private static func message(_ raw: String, _ set: NotificationTypeSet, written: Bool) -> String {
        UnknownTypeLiteralMessage.text(raw, at: .swift(enumName: set.swiftName, written: written),
                                       suggestion: Suggestion.closest(to: raw, among: set.rawValues, closeness: .swiftLiteral))
    }
}

extension UnknownLiteralRule: SwiftFactRule {
    /// A type literal is read through the enum (`NotificationType(rawValue:)`, `.rawValue`), the quoted type key,
    /// a row inserted into the quoted table, an emitter's call, or a row type's `Encodable` conformance (its
    /// declaration may name neither the key, without CodingKeys, nor the table).
    static func needles(_ registry: Registry) -> [String] {
        guard let set = registry.notificationTypes else { return [] }
        let table = set.sql.map { ["\"\($0.table)\"", "\"\($0.qualifiedTable)\""] } ?? []
        return (set.swiftEnum.map { [$0] } ?? []) + ["rawValue", "\"\(set.payloadKey)\""] + table
            + ["Encodable", "Codable"] + registry.emitters.swift.map(\.function)
    }

    static let rule = Rule.swiftUnknownLiteral
    static let narrowerRules = [Rule.swiftUnknownLiteralRead]
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] {
        findings(in: facts.files, registry: facts.registry, projectTypes: facts.projectTypes, sinks: facts.sinks)
    }

    static func source(_ literal: String) -> [String: String] {
        ["App/Inbox.swift": """
            enum NotificationType: String {
                case message
                case rideUpdate = "ride_update"
            }
            let shown = NotificationType(rawValue: \(literal))
            let title = "mesage" // any other string is not a type
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓\"mesage\""))]
    static let nonTriggeringExamples = [RuleExample(source("\"message\""))]
}
