import ContractsCore
import SwiftSyntax

/// `swift-unknown-literal` for the shared enums (`enums:`): a string literal that meets a shared enum and is not one
/// of its values, or a retired value written again (`swift-unknown-literal-read` where it is read, compared or
/// filtered on).
///
/// A literal meets an enum by type (`SharedEnumTypedLiterals`: made into one, or compared with a value declared as
/// one) or by table (`SharedEnumTableLiterals`: written into, or filtered on, a column that holds one). Reading a
/// retired value is fine (old rows hold it); writing it is drift. When a row's or filter's table is unknown, the
/// literal is drift only when no enum with a column of that name lists it (`SharedEnumLiteralMessage.noCandidate`).
/// A literal is judged on the side it meets: made into or compared with the Swift enum, on the app's (a server-only
/// value is drift: the app never holds it); written into or filtered on a column, on the database's (an app-only
/// value is drift: the database never holds it).
/// The notification types keep their own rule (`UnknownLiteralRule`) and wording.
enum SharedEnumLiteralRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil) -> [Finding] {
        let enums = SwiftSharedEnums(registry)
        let hasColumns = registry.enums.contains { !$0.sql.columns.isEmpty }
        guard !enums.isEmpty || hasColumns else { return [] }
        let projectTypes = projectTypes ?? files.reduce(into: DeclaredTypes()) { $0.merge($1.declaredTypes) }
        return files.flatMap { file -> [Finding] in
            var seen = Set<SyntaxIdentifier>()
            var findings: [Finding] = []
            // Every place by type holds `rawValue`; every place by table is a query's call.
            if !enums.isEmpty, file.source.names("rawValue") {
                for use in SharedEnumTypedLiterals(file, enums: enums, projectTypes: projectTypes).uses
                where seen.insert(use.literal.id).inserted {
                    findings += finding(typed: use, in: file)
                }
            }
            if hasColumns, [".from(", ".eq(", ".neq(", ".in("].contains(where: file.source.names) {
                for use in SharedEnumTableLiterals(file, registry: registry, projectTypes: projectTypes).uses
                where seen.insert(use.literal.id).inserted {
                    findings += finding(table: use, in: file, registry: registry)
                }
            }
            return findings
        }
    }

    /// A literal made into, or compared with, an enum: a read, so a retired value is fine.
    private static func finding(typed use: SharedEnumTypedLiterals.Use, in file: ParsedSwiftFile) -> [Finding] {
        let e = use.sharedEnum.sharedEnum
        guard let raw = use.literal.representedLiteralValue else { return [] }
        switch e.standing(of: raw, on: .app) {
        case .held, .retired:
            return []
        case .outOfScope(let value):
            return [Finding(.swiftUnknownLiteralRead,
                            SharedEnumLiteralMessage.outOfScope(raw, context: use.context, enumName: e.name, scope: value.scope, quote: "\""),
                            at: file.location(of: use.literal), registry: value.location,
                            fix: SharedEnumLiteralMessage.outOfScopeFix(raw, enumName: e.name))]
        case .unknown:
            let values = e.rawValues(on: .app)
            return [Finding(.swiftUnknownLiteralRead,
                            SharedEnumLiteralMessage.unknown(raw, context: use.context, enumName: e.name, quote: "\""),
                            at: file.location(of: use.literal), registry: e.location,
                            fix: SharedEnumLiteralMessage.fix(raw, enumName: e.name, values: values),
                            edits: correction(use.literal, raw, among: values, in: file))]
        }
    }

    /// The one value of `values` within the hint's distance of `raw`, in place of the literal.
    private static func correction(_ literal: StringLiteralExprSyntax, _ raw: String, among values: [String],
                                   in file: ParsedSwiftFile) -> [FixEdit] {
        guard let only = Suggestion.only(to: raw, among: values, closeness: .swiftLiteral) else { return [] }
        return SwiftFixEdits.replacing(literal, withString: only, in: file)
    }

    /// A literal written into, or filtered on, a column: judged against that table's enum, or every candidate's.
    private static func finding(table use: SharedEnumTableLiterals.Use, in file: ParsedSwiftFile, registry: Registry) -> [Finding] {
        guard let raw = use.literal.representedLiteralValue else { return [] }
        let verb = use.written ? "written to" : "filtered on"
        // A filter on a value no row holds matches nothing: a read, as a comparison is.
        let rule: Rule = use.written ? .swiftUnknownLiteral : .swiftUnknownLiteralRead
        guard let target = use.target else {
            let candidates = registry.sharedEnums(withColumn: use.column)
            let valid = candidates.contains {
                switch $0.sharedEnum.standing(of: raw, on: .server) {
                case .held: return true
                case .retired: return !use.written
                case .outOfScope, .unknown: return false
                }
            }
            guard !valid, !candidates.isEmpty else { return [] }
            return [Finding(rule,
                            SharedEnumLiteralMessage.noCandidate(raw, context: "\(verb) \(use.column), table unknown", column: use.column,
                                                                 candidates: candidates.map { ($0.sharedEnum.name, $0.column.table) },
                                                                 quote: "\""),
                            at: file.location(of: use.literal), registry: candidates[0].column.location,
                            fix: SharedEnumLiteralMessage.noCandidateFix(raw, column: use.column, quote: "\""))]
        }
        let e = target.sharedEnum, column = target.column
        let context = "\(verb) \(column.table).\(column.column)"
        let values = e.rawValues(on: .server)
        switch e.standing(of: raw, on: .server) {
        case .held:
            return []
        case .outOfScope(let value):
            return [Finding(rule,
                            SharedEnumLiteralMessage.outOfScope(raw, context: context, enumName: e.name, scope: value.scope, quote: "\""),
                            at: file.location(of: use.literal), registry: value.location,
                            fix: SharedEnumLiteralMessage.outOfScopeFix(raw, enumName: e.name))]
        case .retired(let retired):
            guard use.written else { return [] }
            return [Finding(.swiftUnknownLiteral,
                            SharedEnumLiteralMessage.retiredWrite(raw, context: context, enumName: e.name, quote: "\""),
                            at: file.location(of: use.literal), registry: retired.location,
                            fix: SharedEnumLiteralMessage.fix(raw, enumName: e.name, values: values))]
        case .unknown:
            return [Finding(rule,
                            SharedEnumLiteralMessage.unknown(raw, context: context, enumName: e.name, quote: "\""),
                            at: file.location(of: use.literal), registry: column.location,
                            fix: SharedEnumLiteralMessage.fix(raw, enumName: e.name, values: values),
                            edits: correction(use.literal, raw, among: values, in: file))]
        }
    }
}

extension SharedEnumLiteralRule: SwiftFactRule {
    /// A literal meets a shared enum through its Swift enum (`ChatRoomStatus(rawValue:)`, `.rawValue`), a quoted
    /// table a row is written to, a quoted column a row or filter names, or a row type's `Encodable` conformance.
    static func needles(_ registry: Registry) -> [String] {
        let enums = SwiftSharedEnums(registry)
        let columns = registry.enums.flatMap(\.sql.columns)
        guard !enums.isEmpty || !columns.isEmpty else { return [] }
        var needles = enums.declared.compactMap(\.components.last) + ["rawValue"]
        for column in columns {
            needles += ["\"\(column.table)\"", "\"\(column.schema).\(column.table)\"", "\"\(column.column)\""]
        }
        return needles + (columns.isEmpty ? [] : ["Encodable", "Codable"])
    }

    static let rule = Rule.swiftUnknownLiteral
    static let narrowerRules = [Rule.swiftUnknownLiteralRead]
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] {
        findings(in: facts.files, registry: facts.registry, projectTypes: facts.projectTypes)
    }

    static let registryAdding = """
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql: { table: public.chat_rooms, column: status }
            values: [active, archived]
            retired: [closed]
          InviteStatus:
            sql: { table: public.invites, column: status }
            values: [pending, accepted]

        """

    static func source(_ status: String, _ invite: String) -> [String: String] {
        ["App/Rooms/RoomsViewModel.swift": """
            import Supabase
            enum ChatRoomStatus: String, Codable { case active, archived }
            struct ChatRoom: Codable { let id: UUID; var status: ChatRoomStatus }
            final class RoomsViewModel {
                let supabase: SupabaseClient
                init(supabase: SupabaseClient) { self.supabase = supabase }
                func isOpen(_ room: ChatRoom) -> Bool { room.status.rawValue == \(status) }
                func archive(_ id: UUID) async throws {
                    try await supabase.from("chat_rooms").update(["status": \(status)]).eq("id", value: id).execute()
                    try await supabase.from("invites").update(["status": \(invite)]).eq("room_id", value: id).execute()
                }
            }
            """]
    }

    /// A literal compared with the status (the app's side) and one written to its column (the database's).
    static func mediaSource(compared: String, written: String) -> [String: String] {
        ["App/Media/Media.swift": """
            import Supabase
            enum MediaAssetStatus: String, Codable { case uploaded, draft }
            let shown = MediaAssetStatus(rawValue: \(compared))
            func settle(_ supabase: SupabaseClient, _ id: UUID) async throws {
                try await supabase.from("media_assets").update(["status": \(written)]).eq("id", value: id).execute()
            }
            """]
    }

    static let triggeringExamples = [
        RuleExample(source("↓\"archivd\"", "↓\"archived\""), registryAdding: registryAdding),
        // The app never holds the server-only value; the database never holds the app-only one.
        RuleExample(mediaSource(compared: "↓\"pending_upload\"", written: "↓\"draft\""), registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        // Each table's status is judged against its own enum: "pending" is an InviteStatus, not a ChatRoomStatus.
        RuleExample(source("\"archived\"", "\"pending\""), registryAdding: registryAdding),
        RuleExample(mediaSource(compared: "\"draft\"", written: "\"pending_upload\""), registryAdding: RuleExample.scopedStatusEnum),
    ]
}
