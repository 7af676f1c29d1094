import ContractsCore
import SwiftSyntax

/// `swift-unknown-literal`: a string literal used where a value of an enum is expected that is not one of its values
/// there, or a retired value written again; a read, comparison or filter is reported as `swift-unknown-literal-read`.
///
/// One judgement for every enum, over the facts `SwiftEnumLiterals` reads (which literal meets which enum, and
/// where): by type (made into the Swift enum, compared with or switched over a value declared as it), by column
/// (written into or filtered on a column that holds it), and, for the notification contract's enum, by payload key,
/// local notification payload, emitter and sink function. The place says the side of the stack that must hold the
/// value: made into or compared with the Swift enum, or written to a local notification, the app's (a server-only
/// value is drift: the app never holds it); written into a row, to an emitter or filtered on a column, the
/// database's (an app-only value is drift). A retired value may be read (old rows hold it); writing it is drift.
/// When a row's or filter's table is unknown, the literal is drift only when no enum with a column of that name
/// lists it (`SharedEnumLiteralMessage.noCandidate`). `SwiftLiteralWording` words each enum.
enum UnknownLiteralRule {
    /// `projectTypes`: the types the whole project declares, when `files` are not the whole project.
    /// `sinks`: the project's (`SwiftSinks`), when `files` are not the whole project.
    static func findings(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil,
                         sinks: SwiftSinks? = nil) -> [Finding] {
        let wordings = Dictionary(registry.allEnums.map { ($0.name, SwiftLiteralWording($0, in: registry)) }) { first, _ in first }
        return facts(in: files, registry: registry, projectTypes: projectTypes, sinks: sinks).flatMap { file, literals in
            literals.facts.compactMap { fact in
                wordings[fact.sharedEnum.name].flatMap { finding(fact, in: file, $0) }
            } + literals.unknownTables.compactMap { finding(unknownTable: $0, in: file, registry: registry) }
        }
    }

    /// The notification enum's literals the rule reports, as facts (`generate` reads the values a first CHECK
    /// constraint would reject): each file's reads, then its writes.
    static func literals(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil,
                         sinks: SwiftSinks? = nil) -> [UnknownTypeLiteral] {
        guard let notification = registry.notificationTypes?.sharedEnum.name else { return [] }
        return facts(in: files, registry: registry, projectTypes: projectTypes, sinks: sinks).flatMap { file, literals in
            // Its reads, then its writes, each in source order.
            let facts = literals.facts.filter { $0.sharedEnum.name == notification }
                .sorted { ($0.written ? 1 : 0, $0.literal.position.utf8Offset) < ($1.written ? 1 : 0, $1.literal.position.utf8Offset) }
            return facts.compactMap { fact -> UnknownTypeLiteral? in
                guard let raw = fact.literal.representedLiteralValue, let standing = standing(fact, raw) else { return nil }
                let kind: UnknownTypeLiteral.Standing
                switch standing {
                case .held: return nil
                case .outOfScope: kind = .offSurface
                case .retired: kind = .retired
                case .unknown: kind = .unregistered
                }
                return UnknownTypeLiteral(raw: raw, at: file.location(of: fact.literal), standing: kind, written: fact.written,
                                          bytes: SwiftFixEdits.bytes(of: fact.literal))
            }
        }
    }

    /// Each file's facts: which literal meets which enum, and where.
    private static func facts(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes?,
                              sinks: SwiftSinks?) -> [(ParsedSwiftFile, SwiftEnumLiterals)] {
        let projectTypes = projectTypes ?? files.reduce(into: DeclaredTypes()) { $0.merge($1.declaredTypes) }
        let enums = SwiftSharedEnums(registry)
        let sinks = sinks ?? registry.notificationTypes.map { set in
            SwiftSinks(files.map { SwiftSinkSummary($0, set: set) }, typeKey: set.payloadKey, encoded: projectTypes.encoded,
                       emitters: registry.emitters.swift)
        } ?? .none
        return files.concurrentMap { file in
            (file, SwiftEnumLiterals(file, registry: registry, enums: enums, projectTypes: projectTypes, sinks: sinks))
        }
    }

    /// What the literal is to its enum on the side its place is on; nil when it is fine there (a value that side
    /// holds, or a retired value read).
    private static func standing(_ fact: EnumLiteralFact, _ raw: String) -> ValueStanding? {
        switch fact.sharedEnum.standing(of: raw, on: fact.side) {
        case .held: return nil
        case .retired where !fact.written: return nil
        case let standing: return standing
        }
    }

    /// The finding for one literal, worded for its enum.
    private static func finding(_ fact: EnumLiteralFact, in file: ParsedSwiftFile, _ w: SwiftLiteralWording) -> Finding? {
        guard let raw = fact.literal.representedLiteralValue, let standing = standing(fact, raw) else { return nil }
        let e = fact.sharedEnum, at = file.location(of: fact.literal)
        let rule: Rule = fact.written ? .swiftUnknownLiteral : .swiftUnknownLiteralRead
        switch standing {
        case .held:
            return nil
        case .outOfScope(let value):
            let said = w.outOfScope(raw, fact, value.scope)
            return Finding(rule, said.message, at: at, registry: value.location, fix: said.fix, subject: w.subject(raw))
        case .retired(let retired):
            let said = w.retired(raw, fact)
            return Finding(.swiftUnknownLiteral, said.message, at: at, registry: retired.location, fix: said.fix, subject: w.subject(raw))
        case .unknown:
            let said = w.unknown(raw, fact)
            return Finding(rule, said.message, at: at, registry: fact.column?.location ?? e.location, fix: said.fix,
                           subject: w.subject(raw), edits: correction(fact, raw, in: file))
        }
    }

    /// The one value within the hint's distance, in place of the literal, when the literal's side holds it.
    private static func correction(_ fact: EnumLiteralFact, _ raw: String, in file: ParsedSwiftFile) -> [FixEdit] {
        let e = fact.sharedEnum
        guard let only = Suggestion.only(to: raw, among: e.rawValues, closeness: .swiftLiteral),
              e.value(raw: only)?.scope.holds(on: fact.side) == true else { return [] }
        return SwiftFixEdits.replacing(fact.literal, withString: only, in: file)
    }

    /// A literal written into, or filtered on, a column of an unknown table: drift when no enum with a column of
    /// that name holds it (a retired value may be filtered on).
    private static func finding(unknownTable use: UnknownTableLiteral, in file: ParsedSwiftFile, registry: Registry) -> Finding? {
        guard let raw = use.literal.representedLiteralValue else { return nil }
        let candidates = registry.sharedEnums(withColumn: use.column)
        let valid = candidates.contains {
            switch $0.sharedEnum.standing(of: raw, on: .server) {
            case .held: return true
            case .retired: return !use.written
            case .outOfScope, .unknown: return false
            }
        }
        guard !valid, let first = candidates.first else { return nil }
        let verb = use.written ? "written to" : "filtered on"
        return Finding(use.written ? .swiftUnknownLiteral : .swiftUnknownLiteralRead,
                       SharedEnumLiteralMessage.noCandidate(raw, context: "\(verb) \(use.column), table unknown", column: use.column,
                                                            candidates: candidates.map { ($0.sharedEnum.name, $0.column.table) },
                                                            quote: "\""),
                       at: file.location(of: use.literal), registry: first.column.location,
                       fix: SharedEnumLiteralMessage.noCandidateFix(raw, column: use.column, quote: "\""),
                       subject: .enumValue(enumName: first.sharedEnum.name, value: raw))
    }
}

extension UnknownLiteralRule: SwiftFactRule {
    /// A literal meets an enum through its Swift enum (`NotificationType(rawValue:)`, `.rawValue`), a quoted table a
    /// row is written to, a quoted column a row or filter names, or a row type's `Encodable` conformance (its
    /// declaration may name neither); the notification enum's also through the quoted payload key and the emitters.
    static func needles(_ registry: Registry) -> [String] {
        var needles: [String] = []
        if let set = registry.notificationTypes {
            needles += ["rawValue", "\"\(set.payloadKey)\"", "Encodable", "Codable"] + registry.emitters.swift.map(\.function)
        }
        let enums = SwiftSharedEnums(registry)
        let columns = registry.allEnums.flatMap(\.sql.columns)
        needles += enums.declared.compactMap(\.components.last) + (enums.isEmpty ? [] : ["rawValue"])
        for column in columns {
            needles += ["\"\(column.table)\"", "\"\(column.schema).\(column.table)\"", "\"\(column.column)\"", "Encodable", "Codable"]
        }
        var seen = Set<String>()
        return needles.filter { seen.insert($0).inserted }
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

    static func roomsSource(_ status: String, _ invite: String) -> [String: String] {
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
        RuleExample(source("↓\"mesage\"")),
        RuleExample(roomsSource("↓\"archivd\"", "↓\"archived\""), registryAdding: registryAdding),
        // The app never holds the server-only value; the database never holds the app-only one.
        RuleExample(mediaSource(compared: "↓\"pending_upload\"", written: "↓\"draft\""), registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("\"message\"")),
        // Each table's status is judged against its own enum: "pending" is an InviteStatus, not a ChatRoomStatus.
        RuleExample(roomsSource("\"archived\"", "\"pending\""), registryAdding: registryAdding),
        RuleExample(mediaSource(compared: "\"draft\"", written: "\"pending_upload\""), registryAdding: RuleExample.scopedStatusEnum),
    ]
}
