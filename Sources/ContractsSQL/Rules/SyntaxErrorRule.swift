import ContractsCore

/// `sql-syntax-error`: PostgreSQL's parser rejects a statement of a migration (or a function body in it);
/// that statement is left out of the replay, the file's other statements are replayed.
enum SyntaxErrorRule {
    static func findings(_ facts: SQLFacts) -> [Finding] {
        facts.history.facts.flatMap { migration in
            migration.syntaxErrors.map {
                Finding(.sqlSyntaxError, "PostgreSQL \(PgQuery.majorVersion) cannot parse this: \($0.message)", at: $0.location,
                        fix: "fix the SQL (or, in a migration a database already ran, leave it and suppress this); until it parses, this statement is left out of the replay",
                        subject: .migrationFile(path: migration.path))
            }
        }
    }
}

extension SyntaxErrorRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlSyntaxError
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts) }

    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": "CREATE TABLE public.rides (id bigint);\n↓SELEC 1;\n"]),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": "CREATE TABLE public.rides (id bigint);\nSELECT 1;\n"]),
    ]
}
