import ContractsCore

/// What the SQL rules judge, computed once from the migrations' facts: constraint events and the state
/// they leave, the functions still defined at the end, and the functions triggers on the table run.
struct SQLFacts: Sendable {
    /// One definition of a function: what the rules read of it, and where its tree is.
    struct Defined: Sendable {
        var function: FunctionFacts
        /// The migration's folder.
        var folder: String
        let migrationIndex: Int
        let functionIndex: Int
        let history: MigrationHistory

        var location: SourceLocation { function.location }
        /// The parsed migration that holds it (decoded or parsed again when the history came from the memo).
        var migration: ParsedMigration { history.migration(at: migrationIndex) }
        var definition: FunctionDefinition { migration.functions[functionIndex] }
    }

    var history: MigrationHistory
    /// The notification enum's column; nil when none holds it (then no constraint is replayed, and none is unknown).
    var target: SQLConstraintTarget?
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

    /// `history`'s facts must have been read for `target` (`MigrationHistory.load` reads them for the registry's).
    init(history: MigrationHistory, target: SQLConstraintTarget?) {
        self.history = history
        self.target = target
        let events = history.facts.flatMap(\.constraintEvents)
        self.events = events
        state = target.map { ConstraintReplay.state(of: events, target: $0) } ?? ConstraintState(table: "", column: "")
        var enumState = EnumState()
        let enumEvents = history.facts.flatMap(\.enumEvents)
        for event in enumEvents { enumState.apply(event) }
        self.enumState = enumState
        blockers = target.map { ValueSetReach.blockers(history.facts, $0, events, enumEvents) } ?? []
        var definitions: [String: [Defined]] = [:], live: [String: Defined] = [:], triggers: Set<String> = []
        for (m, migration) in history.facts.enumerated() {
            var pending = migration.functions.indices[...]
            for operation in migration.operations {
                switch operation {
                case .create:
                    guard let f = pending.popFirst() else { continue }
                    let defined = Defined(function: migration.functions[f], folder: migration.folder,
                                          migrationIndex: m, functionIndex: f, history: history)
                    definitions[defined.function.name, default: []].append(defined)
                    live[defined.function.name] = defined
                case .drop(let names):
                    for name in names { live[name] = nil }
                case .trigger(let name):
                    triggers.insert(name)
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
