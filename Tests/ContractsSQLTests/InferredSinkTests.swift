import ContractsCore
@testable import ContractsSQL
import XCTest

/// `sql-unknown-literal` at calls of functions the migrations define that write a parameter to the type column
/// (`SQLSinks`): the fixture `sinks-inferred` calls a queue writer, a wrapper handing its parameter on by name, a
/// decoy writing a free-text column, and a function redefined to stop writing the type.
final class InferredSinkTests: XCTestCase {
    func analysis(memo: ContentMemo? = nil, emitters: [FunctionEmitter] = []) throws -> SQLAnalysis {
        let registry = SQLTestRegistry.make(values: ["message", "ride_update", "ride_canceled"], emitters: emitters)
        return try SQLAnalysis.load(CheckContext(registry: registry, tree: try SQLTestRegistry.fixture("sinks-inferred"), memo: memo))
    }

    func unknown(_ analysis: SQLAnalysis) -> [String] {
        analysis.findings.filter { $0.ruleID == Rule.sqlUnknownLiteral.id }.map { "\($0.location) \($0.message)" }
    }

    static let expected = [
        "supabase/migrations/20240103000000_rides.sql:12:52 'ride_cancelled' (argument 2 of queue_push_notification)",
        "supabase/migrations/20240103000000_rides.sql:14:40 'ride_cancelld' (argument 2 of notify_rider)",
        "supabase/migrations/20240103000000_rides.sql:24:54 'welcome_back' (argument p_type of queue_push_notification)",
    ]

    func testCallsOfInferredSinksAreJudgedLikeWrites() throws {
        let found = unknown(try analysis())
        XCTAssertEqual(found.map { $0.components(separatedBy: " is ")[0] }, Self.expected, found.joined(separator: "\n"))
    }

    /// The queue writer's and the wrapper's type arguments, by position and name; the decoys have none.
    func testSinksOfTheLiveDefinitions() throws {
        let facts = try analysis().facts
        let sinks = SQLSinks(facts)
        XCTAssertEqual(sinks.arguments, [
            "queue_push_notification": [SinkArgument(position: 2, name: "p_type", target: 0)],
            "notify_rider": [SinkArgument(position: 2, name: "kind", target: 0)],
        ])
        // `record_status` wrote its parameter to the column until a later migration replaced it (read when every
        // replaced body is read; by default the replaced body is not, as no rule reads it).
        let registry = SQLTestRegistry.make(values: ["message", "ride_update", "ride_canceled"])
        let full = try SQLAnalysis.load(CheckContext(registry: registry, tree: try SQLTestRegistry.fixture("sinks-inferred")),
                                        relevance: nil, shortcuts: false).facts
        XCTAssertEqual(full.definitions["public.record_status"]?.map(\.function.sinks),
                       [[SinkArgument(position: 2, name: "p_label", target: 0)], []])
        XCTAssertEqual(facts.definitions["public.record_status"]?.map(\.function.bodySkipped), [true, false])
        XCTAssertEqual(SQLSinks(full), sinks)
    }

    /// A declared emitter stays an addition: declared or not, the queue writer's calls are judged once.
    func testDeclaredEmitterIsNotJudgedTwice() throws {
        let declared = FunctionEmitter(function: "public.queue_push_notification", argument: 2, location: SQLTestRegistry.here)
        let found = unknown(try analysis(emitters: [declared]))
        XCTAssertEqual(found.map { $0.components(separatedBy: " is ")[0] }, Self.expected, found.joined(separator: "\n"))
    }

    /// A declared emitter that is also found to be a sink at its own position: a migration calling it only by
    /// position is not read again for it (its literals were read at the emitter's position), one passing a named
    /// argument is; the findings are those of a read that takes no shortcut.
    func testAnEmitterFoundAtItsOwnPositionRereadsOnlyNamedCalls() throws {
        let files = [
            "supabase/migrations/20240101000000_init.sql": """
                CREATE TABLE public.notifications (id bigserial, user_id uuid, type text);
                CREATE FUNCTION public.notify(p_user uuid, p_type text) RETURNS void LANGUAGE sql AS $$
                    INSERT INTO public.notifications (user_id, type) VALUES (p_user, p_type);
                $$;

                """,
            "supabase/migrations/20240102000000_positional.sql": """
                CREATE FUNCTION public.on_ride() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM public.notify(NEW.rider_id, 'ride_update');
                    PERFORM public.notify(NEW.rider_id, 'ride_updat');
                    RETURN NEW;
                END;
                $$;

                """,
            "supabase/migrations/20240103000000_named.sql": """
                SELECT public.notify(p_type => 'mesage', p_user => '00000000-0000-0000-0000-000000000000');

                """,
            "supabase/migrations/20240104000000_named_old_style.sql": """
                SELECT public.notify('00000000-0000-0000-0000-000000000000', p_type := 'ride_updte');

                """,
        ]
        let declared = FunctionEmitter(function: "public.notify", argument: 2, location: SQLTestRegistry.here)
        let registry = SQLTestRegistry.make(values: ["message", "ride_update"], emitters: [declared])
        func found(shortcuts: Bool) throws -> [String] {
            unknown(try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: files)), relevance: nil,
                                         shortcuts: shortcuts)).map { $0.components(separatedBy: " is ")[0] }
        }
        XCTAssertEqual(try found(shortcuts: true), [
            "supabase/migrations/20240102000000_positional.sql:4:41 'ride_updat' (argument 2 of notify)",
            "supabase/migrations/20240103000000_named.sql:1:32 'mesage' (argument p_type of notify)",
            "supabase/migrations/20240104000000_named_old_style.sql:1:72 'ride_updte' (argument p_type of notify)",
        ])
        XCTAssertEqual(try found(shortcuts: true), try found(shortcuts: false))
    }

    /// Filled into a memo, then served from it: the same findings.
    func testServedFromTheMemo() throws {
        let memo = ContentMemo.inMemory()
        let filling = unknown(try analysis(memo: memo))
        let stored = memo.storedCount
        let served = unknown(try analysis(memo: memo))
        XCTAssertEqual(memo.storedCount, stored, "the second load parses nothing")
        XCTAssertEqual(filling, served)
        XCTAssertEqual(served, unknown(try analysis()))
    }
}

/// The same for a shared enum's column: a function writing its parameter to `invites.status` is a sink for that
/// enum (`sql-unknown-literal` judges the call against that enum), not for the notification types.
final class InferredSharedSinkTests: XCTestCase {
    static let registry = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: notifications_type_check }
          values: [{ raw: message }]
        enums:
          InviteStatus:
            swift_enum: InviteStatus
            typescript_type: InviteStatus
            sql: { table: public.invites, column: status, constraint: invites_status_check }
            values: [pending, accepted]
        migrations: [{ dir: database, scheme: sequential }]
        """

    static let migration = """
        CREATE TABLE public.invites (id int, status text CONSTRAINT invites_status_check CHECK (status IN ('pending', 'accepted')));
        CREATE TABLE public.notes (id int, status text);
        CREATE FUNCTION public.set_invite(p_id int, p_status text) RETURNS void LANGUAGE sql AS $$
            UPDATE public.invites SET status = p_status WHERE id = p_id;
        $$;
        CREATE FUNCTION public.set_note(p_id int, p_status text) RETURNS void LANGUAGE sql AS $$
            UPDATE public.notes SET status = p_status WHERE id = p_id;
        $$;
        SELECT public.set_invite(1, 'accepted');
        SELECT public.set_invite(2, 'acepted');
        SELECT public.set_note(3, 'scribbled');

        """

    func testACallOfAFunctionWritingASharedColumnIsJudged() throws {
        let registry = try RegistryLoader.load(text: Self.registry, file: "registry.yaml")
        let analysis = try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: ["database/001_init.sql": Self.migration])))
        // Target 1: the invites' column (0 is the notification enum's).
        XCTAssertEqual(SQLSinks(analysis.facts).arguments, ["set_invite": [SinkArgument(position: 2, name: "p_status", target: 1)]])
        let found = analysis.findings.filter { $0.message.contains("'acepted'") || $0.message.contains("'scribbled'") || $0.message.contains("'accepted'") }
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.location)" }, ["sql-unknown-literal database/001_init.sql:10:29"],
                       found.map(\.message).joined(separator: "\n"))
    }

    /// The notification enum in two columns: a function writing its parameter to the second is a sink there, its
    /// DEFAULT a write by every call that leaves the argument out, and a call elsewhere with a literal a write too;
    /// a retired value's cleanup on one column is no cleanup of the other.
    static let twoColumns = """
        version: 1
        enums:
          Kind:
            sql:
              - { table: public.notifications, column: kind, constraint: notifications_kind_check }
              - { table: public.scheduled, column: kind }
            values: [message, digest]
            retired: [offer]
        notifications: { enum: Kind, payload_key: kind }
        migrations: [{ dir: database, scheme: sequential }]
        """

    func testTheNotificationEnumsSecondColumnIsReadLikeTheFirst() throws {
        let registry = try RegistryLoader.load(text: Self.twoColumns, file: "registry.yaml")
        let files = [
            "database/001_init.sql": """
                CREATE TABLE public.notifications (id int, kind text CONSTRAINT notifications_kind_check CHECK (kind IN ('message', 'digest')));
                CREATE TABLE public.scheduled (id int, kind text);
                INSERT INTO public.scheduled (id, kind) VALUES (1, 'offer');
                UPDATE public.notifications SET kind = 'message' WHERE kind = 'offer';
                CREATE FUNCTION public.schedule(p_id int, p_kind text DEFAULT 'digets') RETURNS void LANGUAGE sql AS $$
                    INSERT INTO public.scheduled (id, kind) VALUES (p_id, p_kind);
                $$;
                """,
            "database/002_jobs.sql": """
                SELECT public.schedule(1, 'mesage');
                SELECT public.schedule(2, 'digest');
                -- SELECT public.schedule(3, 'mesage');
                """,
        ]
        let analysis = try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: files)))
        XCTAssertEqual(SQLSinks(analysis.facts).arguments, ["schedule": [SinkArgument(position: 2, name: "p_kind", target: 1)]])
        XCTAssertEqual(analysis.findings.map { "\($0.ruleID) \($0.location) \($0.message)" }, [
            "sql-unknown-literal database/001_init.sql:3:52 'offer' (inserted into scheduled.kind) is a retired notification type: old rows may hold it, but nothing may write it again",
            "sql-unknown-literal database/001_init.sql:5:63 'digets' (default of p_kind of schedule) is not a registered notification type",
            "sql-unknown-literal database/002_jobs.sql:1:27 'mesage' (argument 2 of schedule) is not a registered notification type",
        ])
    }
}
