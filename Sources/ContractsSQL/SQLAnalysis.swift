import ContractsCore

/// Every configured migration parsed once; `generate` (the effective constraint) and `check` (the SQL rules)
/// both read this one value, so no migration is parsed twice in a run.
public struct SQLAnalysis: Sendable {
    let facts: SQLFacts
    let registry: Registry
    /// The shared enums' columns, from the same facts.
    let shared: SharedSQLFacts

    /// Reads and parses the registry's migration folders. Throws only when a file cannot be read.
    public static func load(_ context: CheckContext) throws -> SQLAnalysis {
        try load(context, relevance: nil)
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
        let target = context.registry.notificationTypes?.sql
        var facts = SQLFacts(history: history, target: target)
        for _ in 0 ..< (SinkJoin.enabled ? 8 : 0) {
            let sinks = SQLSinks(facts)
            guard sinks != read else { break }
            history = try MigrationHistory.load(context, relevance: relevance, sinks: sinks, previous: (history, read),
                                                shortcuts: shortcuts, retainBytes: retainBytes)
            facts = SQLFacts(history: history, target: target)
            read = sinks
        }
        if let sinksKey, read != (remembered ?? SQLSinks()), history.fingerprinted { context.memo?.store(read.encoded, for: sinksKey, bundled: true) }
        return SQLAnalysis(facts: facts, registry: context.registry,
                           shared: SharedSQLFacts(facts, SharedTarget.all(context.registry)))
    }

    /// The CHECK constraint the database ends up with after every migration, or nil when none is readable.
    public var effectiveConstraint: EffectiveConstraint? {
        registry.notificationTypes?.sql.flatMap { ConstraintReplay.effective(of: facts.state, preferring: $0.constraintName) }
    }

    /// The registry's ENUM type after every migration, or nil when the registry names none.
    public var effectiveEnum: EffectiveEnum? { EnumReplay.effective(facts.enumState, registry) }

    /// Why the value set the database enforces is unknown (statements that do not parse name its table,
    /// constraint or type), or nil when the replay can decide.
    public var valueSetUnknown: String? {
        guard !facts.blockers.isEmpty, let sql = registry.notificationTypes?.sql else { return nil }
        return ValueSetUnknownRule.reason(facts, sql)
    }

    /// The statements behind `valueSetUnknown`, as `file:line:col`.
    public var valueSetBlockers: [SourceLocation] { facts.blockers.map(\.location) }

    /// Places where migrations or live functions write a value the registry does not list (assigned to or
    /// inserted into the column, or passed to an emitter; comparisons are reads): `(value, file:line:col)`.
    public var unregisteredWrites: [(value: String, location: SourceLocation)] {
        let registered = Set(registry.notificationTypes?.rawValues ?? [])
        return UnknownLiteralRule.literals(facts, registry)
            .filter { $0.isWrite && !registered.contains($0.value) }
            .map { ($0.value, $0.location) }
    }

    /// Migrations that do not parse (`sql-syntax-error`): the effective constraint is unknown while any exist.
    public var syntaxErrors: [Finding] { SyntaxErrorRule.findings(facts) }

    /// The SQL rules, one unit each; every unit reads the same parsed history.
    /// Their order is the README's (findings are sorted afterwards, so it changes no report).
    static let units: [any DriftRule<SQLAnalysis>.Type] = [
        SyntaxErrorRule.self, ConstraintDriftRule.self, EnumDriftRule.self, ConstraintUnreadableRule.self,
        ValueSetUnknownRule.self, UnknownLiteralRule.self, PayloadShapeRule.self, PushKeyRule.self,
        OrderAmbiguityRule.self, SharedConstraintDriftRule.self, SharedEnumTypeDriftRule.self, SharedUnknownLiteralRule.self,
    ]

    /// Every SQL rule's findings, default severities, sorted for reporting.
    public var findings: [Finding] {
        Self.units.flatMap { $0.findings(self) }.sortedForReport()
    }
}

/// One column of a shared enum as the replay leaves it, for `generate`.
public struct SharedColumnState: Sendable {
    /// Its enum's index in `Registry.enums`.
    public var enumIndex: Int
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
    /// Every column of every shared enum after the replay, in registry order.
    public var sharedColumns: [SharedColumnState] {
        shared.columns.map { column in
            let effective = ConstraintReplay.effective(of: column.state, preferring: column.target.sql.constraintName)
            return SharedColumnState(enumIndex: column.target.enumIndex, target: column.target.sql, effective: effective,
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
        let probe = SQLConstraintTarget(schema: type.schema, table: type.name, column: "", constraint: type.name,
                                        location: SourceLocation(file: "", line: 1, column: 1), enumType: type)
        return !ValueSetReach.blockers(facts.history.facts, probe, [], facts.history.facts.flatMap(\.enumEvents)).isEmpty
    }
}
