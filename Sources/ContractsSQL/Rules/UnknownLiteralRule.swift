import ContractsCore

/// `sql-unknown-literal`: a literal written to a column of an enum (assigned to it or inserted into it, passed to an
/// emitter or to a function that writes its parameter there, cast to its ENUM type) that is not one of the enum's
/// values; compared with the column, `sql-unknown-literal-read`. Every enum alike, each literal judged against the
/// enum of the column or type it meets (a `status` column on another table is another enum, or none). Reads the
/// statements migrations run and the bodies of the functions still defined at the end. The database holds server
/// values only: an app-only value (scope: app) is drift too.
///
/// A retired value is judged by what the code does with it: comparing with it (`WHERE kind = 'old'`, the cleanup
/// `UPDATE ... SET kind = 'new' WHERE kind = 'old'`, `DELETE ... WHERE`) is fine, writing it is drift. A migration
/// that wrote it before a later migration read it on the same column is history (applied migrations are never
/// edited); a live function that writes it, or a migration after the last cleanup, writes it again.
enum UnknownLiteralRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        facts.targets.flatMap { target -> [Finding] in
            let wording = EnumWording(target.target, registry), e = wording.sharedEnum
            // Where each retired value was last read by a migration: writes before it are the history it cleans up.
            var lastCleanup: [String: Int] = [:]
            for (i, literal) in target.history.enumerated() where !literal.isWrite && e.retired(raw: literal.value) != nil {
                lastCleanup[literal.value] = i
            }
            func judge(_ literal: TypeLiteral, historyIndex: Int?) -> Finding? {
                switch e.standing(of: literal.value, on: .server) {
                case .held:
                    return nil
                case .outOfScope(let value):
                    let (message, fix) = wording.outOfScope(literal.value, context: literal.context, scope: value.scope)
                    return Finding(rule(for: literal), message, at: literal.location, registry: value.location, fix: fix,
                                   subject: wording.value(literal.value))
                case .retired(let value):
                    guard literal.isWrite else { return nil }
                    if let i = historyIndex, (lastCleanup[literal.value] ?? -1) > i { return nil }
                    let (message, fix) = wording.retiredWrite(literal.value, context: literal.context)
                    return Finding(.sqlUnknownLiteral, message, at: literal.location, registry: value.location, fix: fix,
                                   subject: wording.value(literal.value))
                case .unknown:
                    let (message, fix) = wording.unknown(literal.value, context: literal.context)
                    return Finding(rule(for: literal), message, at: literal.location, registry: wording.location, fix: fix,
                                   subject: wording.value(literal.value))
                }
            }
            return target.history.enumerated().compactMap { judge($1, historyIndex: $0) }
                + target.live.compactMap { judge($0, historyIndex: nil) }
        }
    }

    /// A write breaks what other stacks read (`sql-unknown-literal`); a comparison only never holds
    /// (`sql-unknown-literal-read`). A cast to an ENUM type may be either, and is judged as a write.
    static func rule(for literal: TypeLiteral) -> Rule { literal.isRead ? .sqlUnknownLiteralRead : .sqlUnknownLiteral }
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
        RuleExample(["database/001_init.sql": table + "INSERT INTO public.notifications (id, type) VALUES (1, ↓'mesage');\n"]),
        // A parameter the function writes to the column: its DEFAULT is written by every call that leaves it out.
        RuleExample(["database/001_init.sql": table + """
            CREATE FUNCTION public.queue(p_id bigint, p_type text DEFAULT ↓'mesage') RETURNS void LANGUAGE sql AS $$
              INSERT INTO public.notifications (id, type) VALUES (p_id, p_type)
            $$;
            """]),
        // Each enum's column against its own values; a trigger function's row is its table's.
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
        // Other text columns and other tables hold other strings.
        RuleExample(["database/001_init.sql": table + """
            INSERT INTO public.notifications (id, type) VALUES (1, 'message');
            CREATE TABLE public.rides (id bigint, type text);
            INSERT INTO public.rides (id, type) VALUES (1, 'carpool');
            """]),
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
