import ContractsCore
import Foundation

/// `sql-constraint-drift`, ENUM types: for every enum whose SQL surface is a PostgreSQL ENUM type (the notification
/// enum's `sql.enum_type`, an enum's `sql: { enum_type }`), the type the migrations leave has other labels than the
/// enum's server values, or does not exist; and each column the registry names for the enum must have the type.
///
/// Same rule id as a CHECK constraint: both say "the database accepts another set than the registry", and
/// one id keeps `rules:` overrides and suppressions working whichever way the column is restricted. Values
/// listed in `retired` may stay in the type (PostgreSQL cannot drop an enum value in place); order is not
/// compared (the registry's order is presentation, the type's is `enumsortorder`).
enum EnumDriftRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        facts.targets.flatMap { target -> [Finding] in
            guard case .enumType(let type) = target.target.surface else { return [] }
            return findings(type, target, facts, EnumWording(target.target, registry))
        }
    }

    private static func findings(_ type: SQLTypeName, _ target: SQLFacts.Target, _ facts: SQLFacts,
                                 _ wording: EnumWording) -> [Finding] {
        let columns = facts.columns.filter { $0.target.enumIndex == target.target.enumIndex }
        // A statement that does not parse and names the type, or a column's table or constraint, may have changed
        // the set: sql-constraint-unknown says so; no guess here.
        guard target.blockers.isEmpty, columns.allSatisfy(\.blockers.isEmpty) else { return [] }
        let first = columns.first.flatMap(\.target.sql)
        let effective = EnumReplay.effective(facts.enumState, type: type, column: columns.first?.index)
        let name = first.map { "\($0.qualifiedTable).\($0.column)" }
        guard let values = effective.values else {
            return [Finding(.sqlConstraintDrift,
                            "No ENUM type \(effective.type) after replaying \(facts.history.facts.count) migration(s); the registry says \(wording.typeHolder(column: name))",
                            at: effective.location ?? first?.location ?? wording.location, registry: first?.location ?? wording.location,
                            fix: "create it with `CREATE TYPE \(effective.type) AS ENUM (...)`, or correct \(wording.sqlEntry).enum_type",
                            subject: wording.values(missing: wording.serverValues, extra: []))]
        }
        var findings: [Finding] = []
        for column in columns {
            let sql = column.target.sql!
            let columnType = facts.enumState.columnType(of: column.index)
            guard columnType != effective.type else { continue }
            let actual = columnType.map { "has type \(display($0))" } ?? "does not exist"
            findings.append(Finding(.sqlConstraintDrift,
                                    "\(sql.qualifiedTable).\(sql.column) \(actual) after replaying the migrations, not the ENUM type \(effective.type)",
                                    at: facts.enumState.columnLocation(of: column.index) ?? sql.location, registry: sql.location,
                                    fix: "`ALTER TABLE \(sql.qualifiedTable) ALTER COLUMN \(sql.column) TYPE \(effective.type) USING \(sql.column)::\(effective.type)`, or correct \(wording.sqlEntry).enum_type",
                                    subject: wording.column(sql)))
        }
        let registered = wording.serverValues, retired = Set(wording.sharedEnum.retired.map(\.raw)), labels = Set(values)
        let missing = registered.filter { !labels.contains($0) }
        let extra = values.filter { !registered.contains($0) && !retired.contains($0) }
        guard !missing.isEmpty || !extra.isEmpty else { return findings }
        findings.append(Finding(.sqlConstraintDrift,
                                "\(wording.typeLabel(effective.type, column: name)) differs from \(wording.registryName): \(ConstraintDriftRule.difference(missing: missing, extra: extra))",
                                at: effective.location ?? first?.location ?? wording.location, registry: wording.location,
                                fix: Self.fix(effective.type, missing: missing, extra: extra, retired: "\(wording.entry).retired"),
                                subject: wording.values(missing: missing, extra: extra)))
        return findings
    }

    /// What to do, by value: labels the registry lacks are registered (or retired: PostgreSQL cannot drop one), and
    /// `generate` writes a migration that adds the missing ones.
    static func fix(_ type: String, missing: [String], extra: [String], retired: String) -> String {
        let add = missing.isEmpty ? nil
            : "run `naars-contracts generate` to write a migration that adds \(ConstraintDriftRule.quoted(missing)) (`ALTER TYPE \(type) ADD VALUE IF NOT EXISTS`)"
        guard !extra.isEmpty else { return add ?? "" }
        let them = extra.count == 1 ? "it" : "them"
        return "register \(ConstraintDriftRule.quoted(extra)) (or list \(them) in \(retired): PostgreSQL cannot drop an enum value)"
            + (add.map { "; then \($0)" } ?? "")
    }

    /// A column type as people write it: `text`, `match_status`, `app.status`.
    private static func display(_ type: String) -> String {
        for prefix in ["pg_catalog.", "public."] where type.hasPrefix(prefix) { return String(type.dropFirst(prefix.count)) }
        return type
    }
}

extension EnumDriftRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlConstraintDrift
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let registry = RuleExample.baseRegistry.replacingOccurrences(
        of: "constraint: valid_notification_type", with: "enum_type: notification_kind")
    static let enums = """
        enums:
          InviteRole:
            sql: { enum_type: public.invite_role }
            values: [owner, member, guest]
            retired: [viewer]

        """
    static let notifications = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));

        """
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            ↓CREATE TYPE notification_kind AS ENUM ('message');
            CREATE TABLE public.notifications (id bigint, type notification_kind NOT NULL);
            """], registry: registry),
        // Another enum's type, judged against its own values.
        RuleExample(["database/001_init.sql": notifications + """
            CREATE TYPE public.invite_role AS ENUM ('owner', 'member');
            CREATE TABLE public.invites (id bigint, role public.invite_role);
            ↓ALTER TYPE public.invite_role ADD VALUE 'admin';
            """], registryAdding: enums),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TYPE notification_kind AS ENUM ('message');
            ALTER TYPE notification_kind ADD VALUE IF NOT EXISTS 'ride_update';
            CREATE TABLE public.notifications (id bigint, type notification_kind NOT NULL);
            """], registry: registry),
        // A retired label may stay in another enum's type, whatever the order its labels were added in.
        RuleExample(["database/001_init.sql": notifications + """
            CREATE TYPE invite_role AS ENUM ('owner', 'viewer');
            CREATE TABLE public.invites (id bigint, role invite_role);
            CREATE TABLE public.members (id bigint, role invite_role);
            ALTER TYPE invite_role ADD VALUE IF NOT EXISTS 'member' AFTER 'owner';
            ALTER TYPE invite_role ADD VALUE IF NOT EXISTS 'guest';
            """], registryAdding: enums),
    ]
}
