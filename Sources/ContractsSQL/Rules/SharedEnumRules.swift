import ContractsCore

/// `sql-constraint-drift` for the shared enums' columns (`enums:` with `sql` columns): the CHECK constraint the
/// migrations leave on each column allows other values than the enum's server values (scope `all`/`server`: an
/// app-only value is drift there). Retired values may stay in it (old rows hold them) and may be left out of it; a
/// column declared without `constraint:` that has no CHECK is free text.
enum SharedConstraintDriftRule {
    static func findings(_ analysis: SQLAnalysis) -> [Finding] {
        analysis.facts.columns.filter { !$0.target.isNotification }.flatMap { column -> [Finding] in
            guard column.blockers.isEmpty else { return [] }
            let e = analysis.registry.allEnums[column.target.enumIndex], sql = column.target.sql!
            let name = "\(sql.qualifiedTable).\(sql.column)"
            let fix = "run `naars-contracts generate` to write a migration that re-creates \(sql.constraintName)"
            guard let effective = ConstraintReplay.effective(of: column.state, preferring: sql.constraintName) else {
                guard column.state.active.isEmpty, sql.constraint != nil else { return [] }
                let folders = analysis.registry.migrations.map(\.dir).joined(separator: ", ")
                return [Finding(.sqlConstraintDrift,
                                "No CHECK constraint on \(name) (\(e.name)) after replaying \(analysis.facts.history.facts.count) migration(s) in \(folders)",
                                at: sql.location, registry: e.location, fix: fix)]
            }
            let server = e.rawValues(on: .server)
            let allowed = Set(effective.values), known = Set(server), retired = Set(e.retired.map(\.raw))
            let missing = server.filter { !allowed.contains($0) }
            let extra = effective.values.filter { !known.contains($0) && !retired.contains($0) }
            guard !missing.isEmpty || !extra.isEmpty else { return [] }
            return [Finding(.sqlConstraintDrift,
                            "CHECK constraint \(effective.name) on \(name) differs from the registry's \(e.name): \(ConstraintDriftRule.difference(missing: missing, extra: extra))",
                            at: effective.location, registry: e.location,
                            fix: ConstraintDriftRule.fix(sql.constraintName, missing: missing, extra: extra, retired: "enums.\(e.name).retired"),
                            subject: .enumValues(enumName: e.name, missing: missing, extra: extra))]
        }
    }
}

extension SharedConstraintDriftRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlConstraintDrift

    static let enums = """
        enums:
          ChatRoomStatus:
            sql: { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
            values: [active, archived]
            retired: [closed]

        """
    static func mediaAssets(_ check: String) -> [String: String] {
        ["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE TABLE public.media_assets (id bigint, status text NOT NULL,
              \(check));
            """]
    }
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE TABLE public.chat_rooms (id bigint, status text NOT NULL,
              ↓CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'blocked')));
            """], registryAdding: enums),
        // The database holds the server-only value and never the app-only one.
        RuleExample(mediaAssets("↓CONSTRAINT media_assets_status_check CHECK (status IN ('uploaded', 'draft'))"),
                    registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        // A retired value may stay in the CHECK; the notification types' column is judged on its own.
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE TABLE public.chat_rooms (id bigint, status text NOT NULL);
            ALTER TABLE public.chat_rooms ADD CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'closed'));
            ALTER TABLE public.chat_rooms DROP CONSTRAINT chat_rooms_status_check;
            ALTER TABLE public.chat_rooms ADD CONSTRAINT chat_rooms_status_check
              CHECK (status = ANY (ARRAY['active', 'archived', 'closed']));
            """], registryAdding: enums),
        RuleExample(mediaAssets("CONSTRAINT media_assets_status_check CHECK (status IN ('uploaded', 'pending_upload'))"),
                    registryAdding: RuleExample.scopedStatusEnum),
    ]
}

/// `sql-constraint-drift` for a shared enum whose SQL surface is a PostgreSQL ENUM type (`sql: { enum_type }`):
/// the type the migrations leave has other labels than the enum's server values (retired labels may stay: PostgreSQL
/// cannot drop one), or does not exist.
enum SharedEnumTypeDriftRule {
    static func findings(_ analysis: SQLAnalysis) -> [Finding] {
        analysis.registry.enums.compactMap { e -> Finding? in
            guard let type = e.sql.enumType else { return nil }
            let name = type.qualified.lowercased()
            // A statement that does not parse and names the type may have changed it: no guess.
            guard !analysis.enumTypeBlocked(type) else { return nil }
            guard let state = analysis.facts.enumState.types[name] else {
                return Finding(.sqlConstraintDrift,
                               "No ENUM type \(name) after replaying \(analysis.facts.history.facts.count) migration(s); the registry says \(e.name) is stored as it",
                               at: e.location, registry: e.location,
                               fix: "create it with `CREATE TYPE \(name) AS ENUM (...)`, or correct enums.\(e.name).sql.enum_type")
            }
            let server = e.rawValues(on: .server)
            let known = Set(server), retired = Set(e.retired.map(\.raw)), labels = Set(state.values)
            let missing = server.filter { !labels.contains($0) }
            let extra = state.values.filter { !known.contains($0) && !retired.contains($0) }
            guard !missing.isEmpty || !extra.isEmpty else { return nil }
            return Finding(.sqlConstraintDrift,
                           "ENUM type \(name) differs from the registry's \(e.name): \(ConstraintDriftRule.difference(missing: missing, extra: extra))",
                           at: state.location, registry: e.location,
                           fix: EnumDriftRule.fix(name, missing: missing, extra: extra, retired: "enums.\(e.name).retired"),
                           subject: .enumValues(enumName: e.name, missing: missing, extra: extra))
        }
    }
}

extension SharedEnumTypeDriftRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlConstraintDrift

    static let enums = """
        enums:
          InviteRole:
            sql: { enum_type: public.invite_role }
            values: [owner, member, guest]
            retired: [viewer]

        """
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE TYPE public.invite_role AS ENUM ('owner', 'member');
            CREATE TABLE public.invites (id bigint, role public.invite_role);
            ↓ALTER TYPE public.invite_role ADD VALUE 'admin';
            """], registryAdding: enums),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE TYPE invite_role AS ENUM ('owner', 'viewer');
            CREATE TABLE public.invites (id bigint, role invite_role);
            CREATE TABLE public.members (id bigint, role invite_role);
            ALTER TYPE invite_role ADD VALUE IF NOT EXISTS 'member' AFTER 'owner';
            ALTER TYPE invite_role ADD VALUE IF NOT EXISTS 'guest';
            """], registryAdding: enums),
    ]
}

/// `sql-unknown-literal` for the shared enums' columns: a literal assigned to or inserted into a column of a
/// shared enum (`sql-unknown-literal-read`: compared with one) that is not one of its values, judged against that column's enum (a `status` column on
/// another table is another enum, or none). The database holds server values only: an app-only value (scope: app)
/// is drift too. Retired values may be compared with (cleanups), never written again: a migration's write before the
/// last migration that reads it is history.
enum SharedUnknownLiteralRule {
    static func findings(_ analysis: SQLAnalysis) -> [Finding] {
        analysis.facts.targets.filter { !$0.target.isNotification }.flatMap { column -> [Finding] in
            let e = analysis.registry.allEnums[column.target.enumIndex]
            let retired = Set(e.retired.map(\.raw)), server = e.rawValues(on: .server)
            var lastCleanup: [String: Int] = [:]
            for (i, literal) in column.history.enumerated() where !literal.isWrite && retired.contains(literal.value) {
                lastCleanup[literal.value] = i
            }
            var findings: [Finding] = []
            func judge(_ literal: TypeLiteral, historyIndex: Int?) {
                let subject = FindingSubject.enumValue(enumName: e.name, value: literal.value)
                switch e.standing(of: literal.value, on: .server) {
                case .held:
                    return
                case .outOfScope(let value):
                    findings.append(Finding(UnknownLiteralRule.rule(for: literal),
                                            SharedEnumLiteralMessage.outOfScope(literal.value, context: literal.context, enumName: e.name,
                                                                                scope: value.scope),
                                            at: literal.location, registry: value.location,
                                            fix: SharedEnumLiteralMessage.outOfScopeFix(literal.value, enumName: e.name),
                                            subject: subject))
                case .retired(let value):
                    guard literal.isWrite else { return }
                    if let i = historyIndex, (lastCleanup[literal.value] ?? -1) > i { return }
                    findings.append(Finding(.sqlUnknownLiteral,
                                            SharedEnumLiteralMessage.retiredWrite(literal.value, context: literal.context, enumName: e.name),
                                            at: literal.location, registry: value.location,
                                            fix: "write one of \(e.name)'s values instead of '\(literal.value)'",
                                            subject: subject))
                case .unknown:
                    findings.append(Finding(UnknownLiteralRule.rule(for: literal),
                                            SharedEnumLiteralMessage.unknown(literal.value, context: literal.context, enumName: e.name),
                                            at: literal.location, registry: e.location,
                                            fix: SharedEnumLiteralMessage.fix(literal.value, enumName: e.name, values: server),
                                            subject: subject))
                }
            }
            for (i, literal) in column.history.enumerated() { judge(literal, historyIndex: i) }
            for literal in column.live { judge(literal, historyIndex: nil) }
            return findings
        }
    }
}

extension SharedUnknownLiteralRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlUnknownLiteral
    static let narrowerRules = [Rule.sqlUnknownLiteralRead]

    static let enums = """
        enums:
          ChatRoomStatus:
            sql: { table: public.chat_rooms, column: status }
            values: [active, archived]
            retired: [closed]
          InviteStatus:
            sql: { table: public.invites, column: status }
            values: [pending, accepted, declined]

        """
    static let tables = """
        CREATE TABLE public.chat_rooms (id bigint, status text NOT NULL);
        CREATE TABLE public.invites (id bigint, room_id bigint, status text NOT NULL);
        CREATE TABLE public.media_assets (id bigint, room_id bigint, status text NOT NULL);

        """
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": tables + """
            INSERT INTO public.invites (id, status) VALUES (1, ↓'active');
            UPDATE public.chat_rooms r SET status = 'archived' WHERE r.status = ↓'pending';
            CREATE FUNCTION public.close_room() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              NEW.status := ↓'closed';
              RETURN NEW;
            END $$;
            CREATE TRIGGER close_room BEFORE UPDATE ON public.chat_rooms FOR EACH ROW EXECUTE FUNCTION public.close_room();
            """], registryAdding: enums),
        // An app-only value is no value of the column, written or compared.
        RuleExample(["database/001_init.sql": tables + """
            INSERT INTO public.media_assets (id, status) VALUES (1, ↓'draft');
            UPDATE public.media_assets SET status = 'uploaded' WHERE status = ↓'draft';
            """], registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        // Each table's `status` is its own enum's (or none's: media_assets holds free text), and a cleanup reads a
        // retired value.
        RuleExample(["database/001_init.sql": tables + """
            INSERT INTO public.invites (id, status) VALUES (1, 'pending');
            INSERT INTO public.media_assets (id, status) VALUES (1, 'viewed');
            UPDATE public.chat_rooms SET status = 'archived' WHERE status = 'closed';
            UPDATE public.media_assets m SET status = 'viewed' FROM public.invites i
              WHERE i.room_id = m.room_id AND i.status = 'accepted' AND m.status = 'uploaded';
            CREATE FUNCTION public.touch_invite() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.status = 'declined' THEN NEW.status := 'pending'; END IF;
              RETURN NEW;
            END $$;
            CREATE TRIGGER touch_invite BEFORE UPDATE ON public.invites FOR EACH ROW EXECUTE FUNCTION public.touch_invite();
            """], registryAdding: enums),
        // The server-only value is the database's own.
        RuleExample(["database/001_init.sql": tables + """
            INSERT INTO public.media_assets (id, status) VALUES (1, 'pending_upload');
            UPDATE public.media_assets SET status = 'uploaded' WHERE status = 'pending_upload';
            """], registryAdding: RuleExample.scopedStatusEnum),
    ]
}
