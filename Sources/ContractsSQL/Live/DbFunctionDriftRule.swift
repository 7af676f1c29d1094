import Foundation
import ContractsCore

/// `db-function-drift`: a function the migrations leave defined whose live definition differs from the last
/// one in the migrations (a body replaced in the dashboard's SQL editor, a migration that never ran), compared
/// as parse trees so that whitespace, comments and `pg_get_functiondef`'s re-printing do not count, its message
/// naming the parts that differ and, when the body does, showing how (`FunctionBodyDiff`, on the lines after the
/// first); a function missing from the database; a function a trigger on the table runs that no migration defines.
enum DbFunctionDriftRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        var findings: [Finding] = []
        // Where a function's finding points in the registry: the notification enum's column when there is one.
        let registryPlace = facts.registry.notificationTypes?.location ?? facts.registry.location
        let table = facts.registry.notificationTypes?.sql
        for (name, defined) in facts.facts.live.sorted(by: { $0.key < $1.key }) {
            // A definition that does not parse is sql-syntax-error's; there is no tree to compare.
            guard let written = FunctionShape.of(defined.definition.statementText) else { continue }
            let expected = written.altered(by: alterations(of: name, after: defined, in: facts.facts.history))
            let path = defined.migration.source.path
            guard let live = facts.functions[name], !live.isEmpty else {
                findings.append(Finding(.dbFunctionDrift, "Function \(name), defined in \(path), is missing from the live database",
                                        at: defined.definition.location, registry: registryPlace,
                                        fix: "apply \(path)", subject: .function(name: name)))
                continue
            }
            if live.contains(where: { $0.shape == expected }) { continue }
            let parts = live.first?.shape.map { expected.differences(from: $0) } ?? ["whole definition (it does not parse)"]
            // How the body differs, as a diff, when it does (not for a header-only change: the parts say it).
            let diff = live.first.flatMap { live in
                parts.contains("body") || live.shape == nil
                    ? FunctionBodyDiff.render(written: defined.definition.statementText, live: live.live.definition, path: path)
                    : nil
            }
            findings.append(Finding(.dbFunctionDrift,
                                    "Live function \(name) differs from its last definition in \(path): \(parts.joined(separator: ", "))"
                                        + (diff.map { "\n" + $0 } ?? ""),
                                    at: defined.definition.location, registry: registryPlace,
                                    fix: "write the live change as a migration, or re-apply \(path)", subject: .function(name: name)))
        }
        for (name, live) in facts.functions.sorted(by: { $0.key < $1.key })
        where facts.facts.live[name] == nil && live.contains(where: \.live.runByTrigger) {
            guard let table else { break }
            findings.append(Finding(.dbFunctionDrift,
                                    "Live function \(name) runs from a trigger on \(table.qualifiedTable), but no migration defines it",
                                    at: table.location, registry: registryPlace,
                                    fix: "add a migration that defines \(name) as the database holds it", subject: .function(name: name)))
        }
        return findings
    }

    /// The actions of every `ALTER FUNCTION name ...` that runs after `defined` (its options, in replay order).
    static func alterations(of name: String, after defined: SQLFacts.Defined, in history: MigrationHistory) -> [PgNode] {
        var actions: [PgNode] = []
        var reached = false
        for migration in history.migrations {
            for statement in migration.statements where statement.origin == .topLevel {
                let location = migration.source.location(ofByte: statement.start)
                if !reached {
                    reached = migration.source.path == defined.migration.source.path && location >= defined.definition.location
                    if !reached { continue }
                }
                guard statement.kind == "AlterFunctionStmt",
                      SQLFacts.qualifiedName(statement.node["func"]?.node("ObjectWithArgs")?["objname"] ?? statement.node["func"]?["objname"]) == name
                else { continue }
                actions += statement.node["actions"]?.items ?? []
            }
        }
        return actions
    }
}

extension DbFunctionDriftRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbFunctionDrift

    static let migration = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
        ↓CREATE FUNCTION public.notify(p_id bigint) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          -- one row per message
          INSERT INTO public.notifications (id, type) VALUES (p_id, 'message');
        END;
        $$;
        """
    static let constraint = LiveSnapshot.Constraint(
        name: "valid_notification_type", definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))")
    static let triggeringExamples = [
        // The body edited in the dashboard: the same header, another statement.
        RuleExample(["database/001_init.sql": migration], live: LiveSnapshot(constraints: [constraint], functions: [
            .init(name: "public.notify", definition: """
                CREATE OR REPLACE FUNCTION public.notify(p_id bigint)
                 RETURNS void
                 LANGUAGE plpgsql
                AS $function$
                BEGIN
                  INSERT INTO public.notifications (id, type) VALUES (p_id + 1, 'message');
                END;
                $function$

                """),
        ])),
        // Never applied: the database has no such function.
        RuleExample(["database/001_init.sql": migration], live: LiveSnapshot(constraints: [constraint])),
    ]
    static let nonTriggeringExamples = [
        // Only layout differs: pg_get_functiondef's header, another dollar tag, no comment, other line breaks.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")],
                    live: LiveSnapshot(constraints: [constraint], functions: [
            .init(name: "public.notify", definition: """
                CREATE OR REPLACE FUNCTION public.notify(p_id bigint)
                 RETURNS void
                 LANGUAGE plpgsql
                AS $function$
                BEGIN
                  INSERT INTO public.notifications (id, type)
                    VALUES (p_id,   'message');
                END;
                $function$

                """),
        ])),
    ]
}
