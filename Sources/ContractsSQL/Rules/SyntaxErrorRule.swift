import ContractsCore

/// `sql-syntax-error`: PostgreSQL's parser rejects a migration (or a function body in it); the rest of
/// that file is left out of the replay, so say so.
enum SyntaxErrorRule {
    static func findings(_ facts: SQLFacts) -> [Finding] {
        facts.history.migrations.flatMap { migration in
            migration.syntaxErrors.map {
                Finding(.sqlSyntaxError, "PostgreSQL 15 cannot parse this: \($0.message)", at: $0.location,
                        fix: "fix the SQL; until it parses, this file is left out of the constraint replay")
            }
        }
    }
}
