import ContractsCore
import SwiftSyntax

/// A string literal one Swift file uses where a value of one enum is expected, and where: the fact
/// `swift-unknown-literal` judges, the same way for every enum.
struct EnumLiteralFact {
    /// Where the literal meets its enum, which says the side of the stack that must hold the value.
    enum Place {
        /// Made into, compared with or switched over as the enum's raw value (`ChatRoomStatus(rawValue: "x")`,
        /// `room.status.rawValue == "x"`), or compared with the notification payload key's value read from a push
        /// (`userInfo["type"] as? String == "x"`): a read on the app's side. `context` says what it meets, for
        /// the words (empty where the enum's words need none).
        case typed(context: String)
        /// The notification payload key's value in a local notification's payload (`content.userInfo = ["type":
        /// "x"]`): a write on the app's side.
        case localPayload
        /// The notification enum's value written into a row of its column, to an emitter or to a sink function:
        /// a write on the server's side.
        case serverWrite
        /// Written into (`written`), or filtered on, one of the enum's columns: the server's side.
        case column(SQLColumn, written: Bool)
    }

    let sharedEnum: SharedEnum
    let literal: StringLiteralExprSyntax
    let place: Place

    /// Written (a row, a payload, an emitter's argument) rather than read, compared or filtered on.
    var written: Bool {
        switch place {
        case .typed: return false
        case .localPayload, .serverWrite: return true
        case .column(_, let written): return written
        }
    }

    /// The side of the stack that must hold the value where the literal stands.
    var side: StackSide {
        switch place {
        case .typed, .localPayload: return .app
        case .serverWrite, .column: return .server
        }
    }

    /// The column the literal meets, when it meets one the registry names.
    var column: SQLColumn? {
        if case .column(let column, _) = place { return column }
        return nil
    }

    /// What the literal meets, as the words of an `enums:` entry name it (`written to chat_rooms.status`).
    var context: String {
        switch place {
        case .typed(let context): return context
        case .localPayload: return "a local notification's payload"
        case .serverWrite: return "written"
        case .column(let column, let written): return "\(written ? "written to" : "filtered on") \(column.table).\(column.column)"
        }
    }
}

/// A literal written into, or filtered on, a column of a table the code does not show (`.from(table)`): it is drift
/// only when no enum with a column of that name lists it.
struct UnknownTableLiteral {
    let literal: StringLiteralExprSyntax
    let column: String
    let written: Bool
}

/// Where the values of which enum go in one file: every literal used as a value of some enum, with its enum and its
/// place, in one pass over the readers.
///
/// The places, for every enum: by type (`SharedEnumTypedLiterals`: made into the Swift enum, or compared with a value
/// declared as it) and by column (`SharedEnumTableLiterals`: written into, or filtered on, a column that holds it).
/// The notification contract adds the places only its enum has (`TypeLiteralUses`, `TypeValueWrites`): the payload
/// key read from a push, a local notification's payload, a row of its column followed through names, parameters
/// and sink functions of other files, and the emitters' arguments. A literal is one fact per enum it meets.
struct SwiftEnumLiterals {
    var facts: [EnumLiteralFact] = []
    var unknownTables: [UnknownTableLiteral] = []

    /// `enums`: the registry's enums with a Swift enum (`SwiftSharedEnums(registry)`, the notification enum's among
    /// them), built once per check.
    init(_ file: ParsedSwiftFile, registry: Registry, enums: SwiftSharedEnums, projectTypes: DeclaredTypes, sinks: SwiftSinks) {
        // Each literal once, for the first place that reads it: a literal by type is not judged again by column.
        var seen = Set<SyntaxIdentifier>()
        func add(_ fact: EnumLiteralFact) {
            if seen.insert(fact.literal.id).inserted { facts.append(fact) }
        }
        if let set = registry.notificationTypes {
            let e = set.sharedEnum
            let uses = TypeLiteralUses(file, typeKey: set.payloadKey, payloadReads: file.pushReads)
            for literal in uses.literals { add(EnumLiteralFact(sharedEnum: e, literal: literal, place: .typed(context: ""))) }
            for literal in uses.writes { add(EnumLiteralFact(sharedEnum: e, literal: literal, place: .localPayload)) }
            // Writes go to `.from("<table>")`, to an emitter or to a sink function: a file that names none writes none.
            let mayWrite = set.namesTable(in: file) || registry.emitters.swift.contains { file.mentions($0.function) }
                || sinks.names.contains { file.mentions($0) }
            if mayWrite {
                for literal in TypeValueWrites(file, set: set, emitters: registry.emitters.swift, projectTypes: projectTypes,
                                               sinks: sinks).literals {
                    add(EnumLiteralFact(sharedEnum: e, literal: literal, place: .serverWrite))
                }
            }
        }
        // Every place by type holds `rawValue`; every place by column is a query's call.
        if !enums.isEmpty, file.source.names("rawValue") {
            for use in SharedEnumTypedLiterals(file, enums: enums, projectTypes: projectTypes).uses {
                add(EnumLiteralFact(sharedEnum: use.sharedEnum.sharedEnum, literal: use.literal, place: .typed(context: use.context)))
            }
        }
        if registry.enums.contains(where: { !$0.sql.columns.isEmpty }), [".from(", ".eq(", ".neq(", ".in("].contains(where: file.source.names) {
            for use in SharedEnumTableLiterals(file, registry: registry, projectTypes: projectTypes).uses {
                if let target = use.target {
                    add(EnumLiteralFact(sharedEnum: target.sharedEnum, literal: use.literal,
                                        place: .column(target.column, written: use.written)))
                } else if seen.insert(use.literal.id).inserted {
                    unknownTables.append(UnknownTableLiteral(literal: use.literal, column: use.column, written: use.written))
                }
            }
        }
    }
}
