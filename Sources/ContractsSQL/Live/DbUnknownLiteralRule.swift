import Foundation
import ContractsCore

extension Rule {
    public static let dbUnknownLiteral = Rule("db-unknown-literal", .error, "A live function uses a notification-type literal that is not registered.")
}

/// `db-unknown-literal`: a live function (one the migrations define, a registry emitter, one a trigger on the
/// table runs, or one made in the dashboard whose body names the table) compares with, writes or emits a
/// notification type the registry does not list, read with the same literal reader as the migrations. A literal
/// the migrations' own definition already holds is `sql-unknown-literal`'s, so only what the live database adds
/// is reported here.
enum DbUnknownLiteralRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        guard let types = facts.registry.notificationTypes else { return [] }
        let registered = Set(types.serverRawValues)
        let retired = Set(types.retired.map(\.raw))
        let reader = facts.literalReader
        let notification = Set(facts.facts.targets.filter(\.target.isNotification).map(\.index))
        let wording = EnumWording(0, facts.registry)
        var findings: [Finding] = []
        for (name, live) in facts.functions.sorted(by: { $0.key < $1.key }) {
            let defined = facts.facts.live[name]
            let known = Set((defined?.definition.body ?? []).flatMap {
                reader.literals(in: $0, source: defined!.migration.source)
            }.map(\.value))
            var reported: Set<String> = []
            for function in live {
                for definition in function.parsed.functions {
                    for statement in definition.body {
                        for literal in reader.literals(in: statement, source: function.parsed.source) where notification.contains(literal.target) {
                            let allowed = registered.contains(literal.value) || (retired.contains(literal.value) && !literal.isWrite)
                            guard !allowed, !known.contains(literal.value), reported.insert(literal.value).inserted else { continue }
                            let origin = defined.map { "its last definition in \($0.migration.source.path) does not hold it" }
                                ?? "no migration defines the function"
                            findings.append(Finding(
                                .dbUnknownLiteral,
                                "Live function \(name) uses '\(literal.value)' (\(literal.context), line \(literal.location.line) "
                                    + "of its live definition), which is not a registered notification type; \(origin)",
                                at: defined?.definition.location ?? (types.sql?.location ?? types.location), registry: types.location,
                                fix: "register '\(literal.value)', or replace the live function with its migration's definition",
                                subject: wording.value(literal.value)))
                        }
                    }
                }
            }
        }
        return findings
    }
}

extension DbUnknownLiteralRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbUnknownLiteral

    static let migration = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
        ↓CREATE FUNCTION public.unread(p_user bigint) RETURNS bigint LANGUAGE sql AS $$
          SELECT count(*) FROM public.notifications n WHERE n.id = p_user AND n.type = 'message'
        $$;
        """
    static let constraint = LiveSnapshot.Constraint(
        name: "valid_notification_type", definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))")
    static func live(_ type: String) -> LiveSnapshot {
        LiveSnapshot(constraints: [constraint], functions: [
            .init(name: "public.unread", definition: """
                CREATE OR REPLACE FUNCTION public.unread(p_user bigint)
                 RETURNS bigint
                 LANGUAGE sql
                AS $function$
                  SELECT count(*) FROM public.notifications n WHERE n.id = p_user AND n.type = '\(type)'
                $function$

                """),
        ])
    }
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": migration], live: live("mesage")),
    ]
    static let nonTriggeringExamples = [
        // Another registered type (db-function-drift's, not this rule's), and an unrelated string.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")], live: live("ride_update")),
    ]
}
