import Foundation
import ContractsCore

/// `db-unknown-literal`: a live function (one the migrations define, a registry emitter, one a trigger on a table
/// runs, or one made in the dashboard whose body names the notification table) compares with, writes or emits a
/// value an enum does not list, in a place that holds that enum (its columns, its ENUM type, its emitters), read
/// with the same literal reader as the migrations. A literal the migrations' own definition already holds is
/// `sql-unknown-literal`'s, so only what the live database adds is reported here. One body over every enum; the
/// notification enum keeps its words (`not a registered notification type`).
enum DbUnknownLiteralRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        let registry = facts.registry
        guard !registry.allEnums.isEmpty else { return [] }
        let reader = facts.literalReader
        // Each target (a column, an ENUM type, the emitters) by its index, with the enum it holds.
        let enumOf = Dictionary(facts.facts.targets.map { ($0.index, $0.target.enumIndex) }, uniquingKeysWith: { first, _ in first })
        let wordings = registry.allEnums.indices.map { EnumWording($0, registry) }
        var findings: [Finding] = []
        for (name, live) in facts.functions.sorted(by: { $0.key < $1.key }) {
            let defined = facts.facts.live[name]
            let known = Set((defined?.definition.body ?? []).flatMap {
                reader.literals(in: $0, source: defined!.migration.source)
            }.map { "\(enumOf[$0.target] ?? -1)\u{1}\($0.value)" })
            var reported: Set<String> = []
            for function in live {
                for definition in function.parsed.functions {
                    for statement in definition.body {
                        for literal in reader.literals(in: statement, source: function.parsed.source) {
                            guard let index = enumOf[literal.target] else { continue }
                            let wording = wordings[index], e = wording.sharedEnum
                            let allowed = e.rawValues(on: .server).contains(literal.value)
                                || (e.retired.contains { $0.raw == literal.value } && !literal.isWrite)
                            let key = "\(index)\u{1}\(literal.value)"
                            guard !allowed, !known.contains(key), reported.insert(key).inserted else { continue }
                            let origin = defined.map { "its last definition in \($0.migration.source.path) does not hold it" }
                                ?? "no migration defines the function"
                            let what = wording.isNotification ? "a registered notification type"
                                : "a \(e.name) value (\(wording.entry).values)"
                            findings.append(Finding(
                                .dbUnknownLiteral,
                                "Live function \(name) uses '\(literal.value)' (\(literal.context), line \(literal.location.line) "
                                    + "of its live definition), which is not \(what); \(origin)",
                                at: defined?.definition.location ?? (e.sql.columns.first?.location ?? e.location), registry: e.location,
                                fix: "register '\(literal.value)'\(wording.isNotification ? "" : " in \(wording.entry).values"), "
                                    + "or replace the live function with its migration's definition",
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
    /// A status enum's column, written by a function the migrations define and the live database changed.
    static let rooms = """
        enums:
          ChatRoomStatus:
            sql: { table: public.chat_rooms, column: status }
            values: [active, archived]

        """
    static let roomsMigration = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
        CREATE TABLE public.chat_rooms (id bigint, status text NOT NULL);
        ↓CREATE FUNCTION public.archive_room(p_id bigint) RETURNS void LANGUAGE sql AS $$
          UPDATE public.chat_rooms SET status = 'archived' WHERE id = p_id
        $$;
        """
    static func liveRooms(_ status: String) -> LiveSnapshot {
        LiveSnapshot(constraints: [constraint], functions: [
            .init(name: "public.archive_room", definition: """
                CREATE OR REPLACE FUNCTION public.archive_room(p_id bigint)
                 RETURNS void
                 LANGUAGE sql
                AS $function$
                  UPDATE public.chat_rooms SET status = '\(status)' WHERE id = p_id
                $function$

                """),
        ])
    }
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": migration], live: live("mesage")),
        RuleExample(["database/001_init.sql": roomsMigration], registryAdding: rooms, live: liveRooms("closed")),
    ]
    static let nonTriggeringExamples = [
        // Another registered type (db-function-drift's, not this rule's), and an unrelated string.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")], live: live("ride_update")),
        // A status the enum has, written where the migration wrote another (db-function-drift's); and a notification
        // type's value in a status column is not a status.
        RuleExample(["database/001_init.sql": roomsMigration.replacingOccurrences(of: "↓", with: "")], registryAdding: rooms,
                    live: liveRooms("active")),
        RuleExample(["database/001_init.sql": roomsMigration.replacingOccurrences(of: "↓", with: "")],
                    live: liveRooms("message_sent")),
    ]
}
