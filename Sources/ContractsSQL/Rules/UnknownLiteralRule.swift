import ContractsCore

extension Rule {
    public static let sqlUnknownLiteral = Rule("sql-unknown-literal", .error, "A literal SQL writes to an enum's column (inserts, assigns, passes to an emitter) is not one of its values, or is retired.")
    /// Split from `sql-unknown-literal`: a comparison that never holds, apart from a broken write (see
    /// `Rule.swiftUnknownLiteralRead`).
    public static let sqlUnknownLiteralRead = Rule("sql-unknown-literal-read", .error, "A literal SQL compares with an enum's column is not one of its values: a condition that never holds.", narrowing: .sqlUnknownLiteral)
}

/// `sql-unknown-literal`: a literal used as a notification type (assigned to or inserted into the column, or
/// passed to an emitter) that the registry does not list; compared with the column, `sql-unknown-literal-read`. Reads the statements
/// migrations run and the bodies of the functions still defined at the end.
///
/// A retired value (`notification_types.retired`) is judged by what the code does with it: comparing with it
/// (`WHERE kind = 'old'`, the cleanup `UPDATE ... SET kind = 'new' WHERE kind = 'old'`, `DELETE ... WHERE`)
/// is fine, writing it is drift. A migration that wrote it before a later migration cleaned it up is history
/// (applied migrations are never edited); a live function that writes it, or a migration after the last
/// cleanup, writes it again.
enum UnknownLiteralRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        guard let types = registry.notificationTypes else { return [] }
        let (history, live) = literalsByOrigin(facts)
        // The database holds server values only: an app-only value (scope: app) in SQL is drift too.
        let registered = Set(types.serverRawValues)
        let retired = Dictionary(types.retired.map { ($0.raw, $0) }, uniquingKeysWith: { a, _ in a })
        // Where each retired value was last read by a migration: writes before it are the history it cleans up.
        var lastCleanup: [String: Int] = [:]
        for (i, literal) in history.enumerated() where !literal.isWrite && retired[literal.value] != nil {
            lastCleanup[literal.value] = i
        }
        var findings: [Finding] = []
        for (i, literal) in history.enumerated() {
            if let r = retired[literal.value] {
                if literal.isWrite, (lastCleanup[literal.value] ?? -1) < i { findings.append(retiredFinding(literal, r, types)) }
            } else if !registered.contains(literal.value) {
                findings.append(unknownFinding(literal, types))
            }
        }
        for literal in live {
            if let r = retired[literal.value] {
                if literal.isWrite { findings.append(retiredFinding(literal, r, types)) }
            } else if !registered.contains(literal.value) {
                findings.append(unknownFinding(literal, types))
            }
        }
        return findings
    }

    private static func unknownFinding(_ literal: TypeLiteral, _ types: NotificationTypeSet) -> Finding {
        if let value = types.value(raw: literal.value) {
            return Finding(rule(for: literal),
                           "'\(literal.value)' (\(literal.context)) is app-only (scope: app): the database never holds it",
                           at: literal.location, registry: value.location,
                           fix: "remove it, or give '\(literal.value)' scope all in the registry",
                           subject: .notificationType(literal.value, of: types))
        }
        return Finding(rule(for: literal), UnknownTypeLiteralMessage.text(literal.value, at: .sql(context: literal.context), suggestion: nil),
                at: literal.location, registry: types.location,
                fix: "use a registered type, or add '\(literal.value)' to \(types.entry).values",
                subject: .notificationType(literal.value, of: types))
    }

    /// A write breaks what other stacks read (`sql-unknown-literal`); a comparison only never holds
    /// (`sql-unknown-literal-read`). A cast to an ENUM type may be either, and is judged as a write.
    static func rule(for literal: TypeLiteral) -> Rule { literal.isRead ? .sqlUnknownLiteralRead : .sqlUnknownLiteral }

    private static func retiredFinding(_ literal: TypeLiteral, _ retired: RetiredValue, _ types: NotificationTypeSet) -> Finding {
        Finding(.sqlUnknownLiteral,
                "'\(literal.value)' (\(literal.context)) is a retired notification type: old rows may hold it, "
                    + "but nothing may write it again",
                at: literal.location, registry: retired.location,
                fix: "write a registered type instead of '\(literal.value)'",
                subject: .notificationType(literal.value, of: types))
    }

    /// Every type literal the migrations run and the live functions hold, in replay order.
    static func literals(_ facts: SQLFacts, _ registry: Registry) -> [TypeLiteral] {
        let (history, live) = literalsByOrigin(facts)
        return history + live
    }

    /// The notification enum's literals of the statements migrations run (in replay order), and of the functions
    /// still defined.
    private static func literalsByOrigin(_ facts: SQLFacts) -> (history: [TypeLiteral], live: [TypeLiteral]) {
        let targets = facts.targets.filter(\.target.isNotification)
        return (targets.flatMap(\.history), targets.flatMap(\.live))
    }
}

extension UnknownLiteralRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlUnknownLiteral
    static let narrowerRules = [Rule.sqlUnknownLiteralRead]
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let table = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));

        """
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": table + "INSERT INTO public.notifications (id, type) VALUES (1, ↓'mesage');\n"]),
    ]
    static let nonTriggeringExamples = [
        // Other text columns and other tables hold other strings.
        RuleExample(["database/001_init.sql": table + """
            INSERT INTO public.notifications (id, type) VALUES (1, 'message');
            CREATE TABLE public.rides (id bigint, type text);
            INSERT INTO public.rides (id, type) VALUES (1, 'carpool');
            """]),
    ]
}
