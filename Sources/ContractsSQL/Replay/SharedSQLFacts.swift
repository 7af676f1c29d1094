import ContractsCore

/// What the SQL rules judge of the shared enums (`enums:`), from the facts read in the same pass as the
/// notification types': each column's replayed CHECK constraints and the literals that meet it, in the migrations
/// and in the functions still defined at the end.
struct SharedSQLFacts: Sendable {
    /// One column of a shared enum.
    struct Column: Sendable {
        let target: SharedTarget
        var state: ConstraintState
        /// Statements that do not parse and could change its constraint (`ValueSetReach`): while any exists, the
        /// set the database enforces on it is unknown, and its constraint is not judged.
        var blockers: [UnparsedStatement]
        /// Literals of the statements migrations run, in replay order.
        var history: [TypeLiteral]
        /// Literals of the functions still defined at the end (a trigger function on the column's table read as one).
        var live: [TypeLiteral]
    }

    var columns: [Column]

    init(_ facts: SQLFacts, _ targets: [SharedTarget]) {
        let migrations = facts.history.facts
        var events = Array(repeating: [ConstraintEvent](), count: targets.count)
        var history = Array(repeating: [TypeLiteral](), count: targets.count)
        var triggers: Set<SharedTrigger> = []
        for migration in migrations {
            for event in migration.shared.constraintEvents where event.target < targets.count { events[event.target].append(event) }
            for literal in migration.shared.literals where literal.target < targets.count { history[literal.target].append(literal) }
            triggers.formUnion(migration.shared.triggers)
        }
        var live = Array(repeating: [TypeLiteral](), count: targets.count)
        for name in facts.live.keys.sorted() {
            let function = facts.live[name]!.function
            for (i, _) in targets.enumerated() {
                let asTrigger = triggers.contains(SharedTrigger(target: i, function: name))
                live[i] += (asTrigger ? function.sharedTriggerLiterals ?? function.sharedLiterals : function.sharedLiterals)
                    .filter { $0.target == i }
            }
        }
        columns = targets.enumerated().map { i, target in
            Column(target: target, state: ConstraintReplay.state(of: events[i], target: target.sql),
                   blockers: ValueSetReach.blockers(migrations, target.sql, events[i], []),
                   history: history[i], live: live[i])
        }
    }
}
