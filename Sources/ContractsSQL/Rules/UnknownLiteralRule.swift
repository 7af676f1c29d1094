import ContractsCore

/// `sql-unknown-literal`: a literal used as a notification type (compared with, assigned to or inserted
/// into the column, or passed to an emitter) that the registry does not list. Reads the statements
/// migrations run and the bodies of the functions still defined at the end.
enum UnknownLiteralRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        // The database holds server values only: an app-only value (scope: app) in SQL is drift too.
        let registered = Set(registry.notificationTypes.serverRawValues)
        return literals(facts, registry).filter { !registered.contains($0.value) }.map {
            if let value = registry.notificationTypes.value(raw: $0.value) {
                return Finding(.sqlUnknownLiteral,
                               "'\($0.value)' (\($0.context)) is app-only (scope: app): the database never holds it",
                               at: $0.location, registry: value.location,
                               fix: "remove it, or give '\($0.value)' scope all in the registry")
            }
            return Finding(.sqlUnknownLiteral, "'\($0.value)' (\($0.context)) is not a registered notification type",
                           at: $0.location, registry: registry.notificationTypes.location,
                           fix: "use a registered type, or add '\($0.value)' to notification_types.values")
        }
    }

    /// Every type literal the migrations run and the live functions hold, in replay order.
    static func literals(_ facts: SQLFacts, _ registry: Registry) -> [TypeLiteral] {
        var emitters: [String: Int] = [:]
        for emitter in registry.emitters.sql {
            if let argument = emitter.argument {
                emitters[String(emitter.function.lowercased().split(separator: ".").last ?? "")] = argument
            }
        }
        let reader = TypeLiteralReader(target: TargetColumn(registry.notificationTypes.sql), emitters: emitters,
                                       triggerFunctions: facts.triggerFunctions)
        // Each migration's statements are read on their own, so they are read on every core.
        var literals = facts.history.migrations.concurrentMap { migration in
            migration.statements.filter { $0.kind != "CreateFunctionStmt" }.flatMap {
                reader.literals(in: $0, source: migration.source)
            }
        }.flatMap { $0 }
        for defined in facts.live.values {
            for statement in defined.definition.body {
                literals += reader.literals(in: statement, source: defined.migration.source)
            }
        }
        return literals
    }
}
