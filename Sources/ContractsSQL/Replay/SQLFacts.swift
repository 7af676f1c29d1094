import ContractsCore

/// What the SQL rules judge, computed once from the migrations' facts: for each target of each enum, its constraint
/// events and the state they leave and the literals that meet it; the ENUM types; the functions still defined at the
/// end, and the functions triggers on the targets' tables run.
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

    /// What the rules judge of one target (`FactsReader.targets`): a column's replayed constraints, the literals that
    /// meet it in the migrations and in the functions still defined at the end.
    struct Target: Sendable {
        let target: SQLTarget
        /// Its index in `targets` (`TypeLiteral.target`, `ConstraintEvent.target`, `EnumEvent.target`).
        let index: Int
        /// Constraint events on the column, in replay order (none for an ENUM type or emitters).
        var events: [ConstraintEvent]
        var state: ConstraintState
        /// Statements that do not parse, whose text names the column's table or constraint or the ENUM type, and that
        /// no later statement overrides: while any exists, the value set the database enforces there is unknown.
        var blockers: [UnparsedStatement]
        /// Literals of the statements migrations run, in replay order.
        var history: [TypeLiteral]
        /// Literals of the functions still defined at the end (a function that a trigger on the column's table runs
        /// read as a trigger's), by function name.
        var live: [TypeLiteral]
    }

    var history: MigrationHistory
    /// Every target of every enum, in `FactsReader.targets`' order.
    var targets: [Target]
    var enumState: EnumState
    /// Every definition of each function, in replay order (schema-qualified, lowercased name).
    var definitions: [String: [Defined]]
    /// The last definition of each function not dropped afterwards.
    var live: [String: Defined]
    /// Functions a trigger on a target column's table executes (schema-qualified, lowercased), with those targets.
    var triggers: Set<TargetTrigger>

    /// The functions triggers on any target column's table execute.
    var triggerFunctions: Set<String> { Set(triggers.map(\.function)) }

    /// `history`'s facts must have been read for `targets` (`MigrationHistory.load` reads them for the registry's).
    init(history: MigrationHistory, targets: [SQLTarget]) {
        self.history = history
        let migrations = history.facts
        var events = Array(repeating: [ConstraintEvent](), count: targets.count)
        var literals = Array(repeating: [TypeLiteral](), count: targets.count)
        var triggers: Set<TargetTrigger> = []
        var enumState = EnumState()
        var enumEvents: [EnumEvent] = []
        for migration in migrations {
            for event in migration.constraintEvents where event.target < targets.count { events[event.target].append(event) }
            for literal in migration.literals where literal.target < targets.count { literals[literal.target].append(literal) }
            triggers.formUnion(migration.triggers)
            enumEvents += migration.enumEvents
        }
        for event in enumEvents { enumState.apply(event) }
        self.enumState = enumState
        self.triggers = triggers
        var definitions: [String: [Defined]] = [:], live: [String: Defined] = [:]
        for (m, migration) in migrations.enumerated() {
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
                }
            }
        }
        self.definitions = definitions
        self.live = live
        var liveLiterals = Array(repeating: [TypeLiteral](), count: targets.count)
        for name in live.keys.sorted() {
            let function = live[name]!.function
            for i in targets.indices {
                liveLiterals[i] += function.literals(of: i, asTrigger: triggers.contains(TargetTrigger(target: i, function: name)))
            }
        }
        self.targets = targets.enumerated().map { i, target in
            let sql = target.sql
            let state = sql.map { ConstraintReplay.state(of: events[i], target: $0) } ?? ConstraintState(table: "", column: "")
            let blockers: [UnparsedStatement]
            switch target.surface {
            case .column(let sql, _): blockers = ValueSetReach.blockers(migrations, sql, events[i], enumEvents)
            case .enumType(let type): blockers = ValueSetReach.blockers(migrations, type: type, enumEvents)
            case .emitters: blockers = []
            }
            return Target(target: target, index: i, events: events[i], state: state, blockers: blockers,
                          history: literals[i], live: liveLiterals[i])
        }
    }

    /// The notification enum's first column (the one `generate` writes its constraint for), nil when none holds it.
    var notificationColumn: Target? { targets.first { $0.target.isNotification && $0.target.sql != nil } }

    /// Every column target, in order.
    var columns: [Target] { targets.filter { $0.target.sql != nil } }

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
