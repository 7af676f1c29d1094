import ContractsCore

/// What the SQL rules judge, computed once from the parsed history: constraint events and the state
/// they leave, the functions still defined at the end, and the functions triggers on the table run.
struct SQLFacts: Sendable {
    struct Defined: Sendable {
        var definition: FunctionDefinition
        var migration: ParsedMigration
    }

    var history: MigrationHistory
    var target: SQLConstraintTarget
    var events: [ConstraintEvent]
    var state: ConstraintState
    var enumState: EnumState
    /// Statements that do not parse, whose text names the table, the constraint or the ENUM type, and that no
    /// later statement overrides: while any exists, the value set the database enforces is unknown.
    var blockers: [UnparsedStatement]
    /// Every definition of each function, in replay order (schema-qualified, lowercased name).
    var definitions: [String: [Defined]]
    /// The last definition of each function not dropped afterwards.
    var live: [String: Defined]
    var triggerFunctions: Set<String>

    init(history: MigrationHistory, target: SQLConstraintTarget) {
        self.history = history
        self.target = target
        events = history.constraintEvents(for: target)
        var state = ConstraintState(table: target.table.lowercased(), column: target.column.lowercased())
        for event in events { state.apply(event) }
        self.state = state
        var enumState = EnumState()
        let enumEvents = history.enumEvents(for: target)
        for event in enumEvents { enumState.apply(event) }
        self.enumState = enumState
        blockers = ValueSetReach.blockers(history, target, events, enumEvents)
        let column = TargetColumn(target)
        var definitions: [String: [Defined]] = [:], live: [String: Defined] = [:], triggers: Set<String> = []
        for migration in history.migrations {
            var pending = migration.functions[...]
            for statement in migration.statements where statement.origin == .topLevel {
                switch statement.kind {
                case "CreateFunctionStmt":
                    guard let definition = pending.popFirst() else { continue }
                    let defined = Defined(definition: definition, migration: migration)
                    definitions[definition.name, default: []].append(defined)
                    live[definition.name] = defined
                case "DropStmt" where ["OBJECT_FUNCTION", "OBJECT_PROCEDURE"].contains(statement.node["removeType"]?.string):
                    for object in statement.node["objects"]?.items ?? [] {
                        if let name = Self.qualifiedName(object.node("ObjectWithArgs")?["objname"]) { live[name] = nil }
                    }
                case "CreateTrigStmt" where column.matches(relation: statement.node["relation"]):
                    if let name = Self.qualifiedName(statement.node["funcname"]) { triggers.insert(name) }
                default:
                    break
                }
            }
        }
        self.definitions = definitions
        self.live = live
        triggerFunctions = triggers
    }

    /// `[schema?, name]` string list → `schema.name`, lowercased, `public` by default.
    static func qualifiedName(_ list: PgNode?) -> String? {
        let parts = (list?.items ?? []).compactMap(\.stringValue).map { $0.lowercased() }
        guard let last = parts.last else { return nil }
        return (parts.count > 1 ? parts[parts.count - 2] : "public") + "." + last
    }

    /// A registry function name (`get_badge_counts`, `public.get_badge_counts`) as facts key it.
    static func qualifiedName(_ name: String) -> String {
        let lower = name.lowercased()
        return lower.contains(".") ? lower : "public." + lower
    }
}
