import ContractsCore

/// Every configured migration parsed once; `generate` (the effective constraint) and `check` (the SQL rules)
/// both read this one value, so no migration is parsed twice in a run.
public struct SQLAnalysis: Sendable {
    let facts: SQLFacts
    let registry: Registry
    /// The schema the migrations leave (`SchemaReplay`), replayed from the same facts.
    public let schema: ProjectSchema
    /// Statements PostgreSQL would refuse, found on the way (`sql-schema-error`).
    let schemaErrors: [SchemaError]

    init(facts: SQLFacts, registry: Registry) {
        self.facts = facts
        self.registry = registry
        (schema, schemaErrors) = SchemaReplay.replay(facts.history.facts)
    }

    /// Reads and parses the registry's migration folders. Throws only when a file cannot be read.
    /// During a run (`SQLRun.sharing`: `check`), every reader that asks for the same migrations gets the one analysis.
    public static func load(_ context: CheckContext) throws -> SQLAnalysis {
        guard let run = SQLRun.current else { return try load(context, relevance: nil) }
        return try run.analysis(context) { try load(context, relevance: nil) }
    }

    /// The same, with the bodies `relevance` admits read statement by statement (nil: the registry's), and (tests:
    /// `shortcuts` false) every replaced function's body read too, and every migration naming a new sink parsed again
    /// (`MigrationHistory.load`).
    static func load(_ context: CheckContext, relevance: BodyRelevance?, shortcuts: Bool = true,
                     retainBytes: Int = MigrationHistory.retainBytes) throws -> SQLAnalysis {
        // Functions that write a parameter to a typed column: read again with them until no more are found (a
        // function handing its parameter on is found once its callee is known). The memo remembers where that
        // ended for these migrations, so a warm run reads once.
        let sinksKey = try MigrationHistory.sinksKey(context, relevance: relevance)
        let remembered = sinksKey.flatMap { context.memo?.value(for: $0, bundled: true) }.flatMap(SQLSinks.decode)
        var read = remembered ?? SQLSinks()
        var history = try MigrationHistory.load(context, relevance: relevance, sinks: read, shortcuts: shortcuts,
                                                retainBytes: retainBytes)
        let targets = SQLTarget.all(context.registry)
        var facts = SQLFacts(history: history, targets: targets)
        for _ in 0 ..< (SinkJoin.enabled ? 8 : 0) {
            let sinks = SQLSinks(facts)
            guard sinks != read else { break }
            history = try MigrationHistory.load(context, relevance: relevance, sinks: sinks, previous: (history, read),
                                                shortcuts: shortcuts, retainBytes: retainBytes)
            facts = SQLFacts(history: history, targets: targets)
            read = sinks
        }
        if let sinksKey, read != (remembered ?? SQLSinks()), history.fingerprinted { context.memo?.store(read.encoded, for: sinksKey, bundled: true) }
        return SQLAnalysis(facts: facts, registry: context.registry)
    }

    /// The CHECK constraint the database ends up with on the notification enum's (first) column after every
    /// migration, or nil when none is readable.
    public var effectiveConstraint: EffectiveConstraint? {
        facts.notificationColumn.flatMap { column in
            ConstraintReplay.effective(of: column.state, preferring: column.target.sql!.constraintName)
        }
    }

    /// The notification enum's ENUM type after every migration (with its first column's type), or nil when it names
    /// none.
    public var effectiveEnum: EffectiveEnum? {
        guard let column = facts.notificationColumn, let type = column.target.sql?.enumType else { return nil }
        return EnumReplay.effective(facts.enumState, type: type, column: column.index)
    }

    /// Why the value set the database enforces on the notification enum's column is unknown (statements that do not
    /// parse name its table, constraint or type), or nil when the replay can decide.
    public var valueSetUnknown: String? {
        guard let column = facts.notificationColumn, !column.blockers.isEmpty else { return nil }
        return ValueSetUnknownRule.reason(column)
    }

    /// The statements behind `valueSetUnknown`, as `file:line:col`.
    public var valueSetBlockers: [SourceLocation] { facts.notificationColumn?.blockers.map(\.location) ?? [] }

    /// Places where migrations or live functions write a value the notification enum does not list (assigned to or
    /// inserted into one of its columns, or passed to an emitter; comparisons are reads): `(value, file:line:col)`.
    public var unregisteredWrites: [(value: String, location: SourceLocation)] {
        guard let e = registry.allEnums.first, registry.notificationTypes != nil else { return [] }
        let registered = Set(e.rawValues)
        return facts.targets.filter(\.target.isNotification).flatMap { $0.history + $0.live }
            .filter { $0.isWrite && !registered.contains($0.value) }
            .map { ($0.value, $0.location) }
    }

    /// Migrations that do not parse (`sql-syntax-error`): the effective constraint is unknown while any exist.
    public var syntaxErrors: [Finding] { SyntaxErrorRule.findings(facts) }

    /// The SQL rules, one unit each; every unit reads the same parsed history.
    /// Their order is the README's (findings are sorted afterwards, so it changes no report).
    static let units: [any DriftRule<SQLAnalysis>.Type] = [
        SyntaxErrorRule.self, ConstraintDriftRule.self, EnumDriftRule.self, ConstraintUnreadableRule.self,
        ValueSetUnknownRule.self, SchemaErrorRule.self, UnknownLiteralRule.self, PayloadShapeRule.self, PushKeyRule.self,
        OrderAmbiguityRule.self, BodyTableRule.self, BodyColumnRule.self,
    ]

    /// Every SQL rule's findings, default severities, sorted for reporting.
    public var findings: [Finding] {
        Self.units.flatMap { $0.findings(self) }.sortedForReport()
    }
}

/// One column of a shared enum as the replay leaves it, for `generate`.
public struct EnumColumnState: Sendable {
    /// Its enum's name (`enums:` key), and whether that enum is the notification contract's.
    public var enumName: String
    public var isNotification: Bool
    public var target: SQLConstraintTarget
    /// The CHECK constraint in force, or nil when no readable check is left on the column.
    public var effective: EffectiveConstraint?
    /// Whether a check the replay cannot read is on it (its set is then not known).
    public var hasUnreadableCheck: Bool
    /// Statements that do not parse and could change its constraint, as `file:line:col`: while any exists, its set
    /// is unknown.
    public var blockers: [SourceLocation]
}

extension SQLAnalysis {
    /// Every column of every enum after the replay, in registry order (the notification enum's first).
    public var enumColumns: [EnumColumnState] {
        facts.columns.map { column in
            let sql = column.target.sql!
            let effective = ConstraintReplay.effective(of: column.state, preferring: sql.constraintName)
            return EnumColumnState(enumName: column.target.enumName, isNotification: column.target.isNotification,
                                   target: sql, effective: effective,
                                   hasUnreadableCheck: effective == nil && !column.state.active.isEmpty,
                                   blockers: column.blockers.map(\.location))
        }
    }

    /// A PostgreSQL ENUM type after the replay: its labels in sort order and the statement that last changed it;
    /// nil when no such type is left.
    public func enumType(_ type: SQLTypeName) -> (values: [String], location: SourceLocation)? {
        facts.enumState.types[type.qualified.lowercased()].map { ($0.values, $0.location) }
    }
}

extension SQLAnalysis {
    /// Whether a statement that does not parse names `type` after its last `CREATE TYPE`/`DROP TYPE`: its labels are
    /// then unknown.
    public func enumTypeBlocked(_ type: SQLTypeName) -> Bool {
        !ValueSetReach.blockers(facts.history.facts, type: type, facts.history.facts.flatMap(\.enumEvents)).isEmpty
    }
}
