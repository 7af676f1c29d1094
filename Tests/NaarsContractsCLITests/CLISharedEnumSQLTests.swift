import ContractsTestSupport
import Foundation
import XCTest

/// The shared enums' SQL surface end to end (`enums:` with columns and an ENUM type): `check` judges each column's
/// CHECK constraint and each ENUM type against its own enum, and each literal against the enum of the column it meets
/// (four tables have a `status` column; one is no enum's), `generate` writes one migration per enum that differs, all
/// of them apply on PostgreSQL 15 and then reject a value no enum lists, and a second `generate` writes nothing.
final class CLISharedEnumSQLTests: XCTestCase {
    static let project: [String: String] = [
        "registry.yaml": #"""
        version: 1
        notification_types:
          swift_enum: NotificationType
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: expenseAdded
            - raw: commentAdded
        enums:
          ChatRoomStatus:
            sql:
              - { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
              - { table: public.chat_room_events, column: new_status }
            values: [active, archived, blocked]
            retired: [closed]
          InviteStatus:
            sql: { table: public.invites, column: status }
            values: [pending, accepted, declined, expired]
          MemberRole:
            sql: { enum_type: member_role }
            values: [owner, admin, member]
            retired: [viewer]
          Plan:
            swift_enum: Account.Plan
            sql:
              - { table: public.profiles, column: plan }
              - { table: public.subscriptions, column: plan, constraint: subscriptions_plan_check }
            values: [free, pro, family]
        migrations:
          - { dir: supabase/migrations, scheme: timestamp }
        sources:
          swift: ["App/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated
          sql: supabase/migrations
        """#,
        "supabase/migrations/20260101000000_init.sql": #"""
        -- Tables of a chat + expenses app; four of them have a `status` column.
        CREATE TABLE public.notifications (
          id bigserial PRIMARY KEY,
          type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('expenseAdded', 'commentAdded'))
        );
        CREATE TABLE public.chat_rooms (
          id bigserial PRIMARY KEY,
          status text NOT NULL DEFAULT 'active',
          CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'archived', 'closed'))
        );
        CREATE TABLE public.chat_room_events (id bigserial PRIMARY KEY, room_id bigint, new_status text);
        CREATE TABLE public.invites (
          id bigserial PRIMARY KEY,
          room_id bigint,
          status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined'))
        );
        CREATE TABLE public.media_assets (
          id bigserial PRIMARY KEY,
          room_id bigint,
          status text NOT NULL CHECK (status IN ('uploading', 'ready', 'viewed'))
        );
        """#,
        "supabase/migrations/20260102000000_roles.sql": #"""
        CREATE TYPE member_role AS ENUM ('owner', 'member', 'viewer');
        CREATE TABLE public.memberships (id bigserial PRIMARY KEY, role member_role NOT NULL DEFAULT 'member');
        CREATE TABLE public.room_members (room_id bigint, role public.member_role);
        """#,
        "supabase/migrations/20260103000000_plans.sql": #"""
        CREATE TABLE public.profiles (id uuid PRIMARY KEY);
        ALTER TABLE public.profiles ADD COLUMN plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro'));
        CREATE TABLE public.subscriptions (
          id bigserial PRIMARY KEY,
          plan text NOT NULL,
          CONSTRAINT subscriptions_plan_check CHECK (plan = ANY (ARRAY['free'::text, 'pro'::text]))
        );
        """#,
        "supabase/migrations/20260104000000_functions.sql": #"""
        CREATE OR REPLACE FUNCTION public.archive_room(room bigint) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
          UPDATE public.chat_rooms SET status = 'archivd' WHERE id = room;
          -- media_assets.status is no enum of the registry: any value is fine here.
          UPDATE public.media_assets SET status = 'viewed' WHERE room_id = room;
          INSERT INTO public.chat_room_events (room_id, new_status) VALUES (room, 'archived');
        END;
        $$;

        CREATE OR REPLACE FUNCTION public.on_invite_update() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.status = 'viewed' THEN
            NEW.status := 'accepted';
          END IF;
          RETURN NEW;
        END;
        $$;
        CREATE TRIGGER on_invite_update BEFORE UPDATE ON public.invites
          FOR EACH ROW EXECUTE FUNCTION public.on_invite_update();

        CREATE OR REPLACE FUNCTION public.on_media_update() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.status = 'viewed' THEN
            NEW.status := 'ready';
          END IF;
          RETURN NEW;
        END;
        $$;
        CREATE TRIGGER on_media_update BEFORE UPDATE ON public.media_assets
          FOR EACH ROW EXECUTE FUNCTION public.on_media_update();

        -- Old rooms: the retired value is read to clean up, never written.
        UPDATE public.chat_rooms SET status = 'archived' WHERE status = 'closed';
        SELECT count(*) FROM public.media_assets m JOIN public.invites i ON i.room_id = m.room_id
         WHERE m.status = 'viewed' AND i.status = 'pending';

        -- An ENUM type's values are the literals cast to it; a retired one may be compared with.
        CREATE OR REPLACE FUNCTION public.promote(p_member bigint) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE public.memberships SET role = 'moderator'::member_role
           WHERE id = p_member AND role <> 'viewer'::public.member_role AND role <> CAST('owner' AS member_role);
        END;
        $$;
        """#
    ]

    /// `rule file:line:col message` of each finding but the generated-file ones, sorted.
    func findings(_ root: URL) throws -> [String] {
        let result = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertNotEqual(result.status, 2, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = json?["findings"] as? [[String: Any]] ?? []
        return findings.compactMap { f -> String? in
            let rule = f["rule"] as? String ?? ""
            guard !rule.hasPrefix("generated-") else { return nil }
            return "\(rule) \(f["file"] ?? ""):\(f["line"] ?? 0):\(f["column"] ?? 0) \(f["message"] ?? "")"
        }.sorted()
    }

    /// The comparison is a read; the assignment and the cast (read or written, the reader cannot tell) are writes.
    static let literalFindings = [
        "sql-unknown-literal-read supabase/migrations/20260104000000_functions.sql:14:19 'viewed' (compared with invites.status) is not an InviteStatus",
        "sql-unknown-literal supabase/migrations/20260104000000_functions.sql:4:41 'archivd' (assigned to chat_rooms.status) is not a ChatRoomStatus",
        "sql-unknown-literal supabase/migrations/20260104000000_functions.sql:43:40 'moderator' (cast to public.member_role) is not a MemberRole",
    ]

    func testEachColumnAndTypeIsJudgedAgainstItsOwnEnum() throws {
        let root = try CLIHarness.project(Self.project)
        XCTAssertEqual(try findings(root), (Self.literalFindings + [
            "sql-constraint-drift supabase/migrations/20260101000000_init.sql:10:3 CHECK constraint chat_rooms_status_check on public.chat_rooms.status differs from the registry's ChatRoomStatus: missing 'blocked'",
            "sql-constraint-drift supabase/migrations/20260101000000_init.sql:16:42 CHECK constraint invites_status_check on public.invites.status differs from the registry's InviteStatus: missing 'expired'",
            "sql-constraint-drift supabase/migrations/20260102000000_roles.sql:1:1 ENUM type public.member_role differs from the registry's MemberRole: missing 'admin'",
            "sql-constraint-drift supabase/migrations/20260103000000_plans.sql:2:74 CHECK constraint profiles_plan_check on public.profiles.plan differs from the registry's Plan: missing 'family'",
            "sql-constraint-drift supabase/migrations/20260103000000_plans.sql:6:3 CHECK constraint subscriptions_plan_check on public.subscriptions.plan differs from the registry's Plan: missing 'family'",
        ]).sorted())
    }

    func testGenerateWritesOneMigrationPerEnumThatPostgresAppliesAndEnforces() throws {
        let root = try CLIHarness.project(Self.project)
        let first = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        let written = first.stdout.split(separator: "\n").filter { $0.contains("supabase/migrations/") }
            .map { String($0.split(separator: "_", maxSplits: 1).last ?? "") }
        XCTAssertEqual(written, ["chat_room_status_check_constraint.sql", "invite_status_check_constraint.sql",
                                 "member_role_enum_values.sql", "plan_check_constraint.sql"], first.stdout)
        XCTAssertTrue(first.stdout.contains("wrote App/Generated/Account.Plan.swift"), first.stdout)
        // The generated migrations leave only the literals, which are the functions' to fix.
        XCTAssertEqual(try findings(root), Self.literalFindings.sorted())
        let second = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "", "a second generate writes nothing")

        let db = try SQLTestDatabase.create()
        defer { db.drop() }
        let folder = root.appendingPathComponent("supabase/migrations")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let result = try db.run(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
        }
        try db.succeed("""
            INSERT INTO public.chat_rooms (status) VALUES ('blocked'), ('closed');
            INSERT INTO public.invites (status) VALUES ('expired');
            INSERT INTO public.memberships (role) VALUES ('admin'), ('viewer');
            INSERT INTO public.subscriptions (plan) VALUES ('family');
            INSERT INTO public.profiles (id, plan) VALUES (gen_random_uuid(), 'family');
            INSERT INTO public.media_assets (status) VALUES ('viewed');
            """)
        for (insert, rejection) in [
            ("INSERT INTO public.chat_rooms (status) VALUES ('deleted')", "chat_rooms_status_check"),
            ("INSERT INTO public.invites (status) VALUES ('viewed')", "invites_status_check"),
            ("INSERT INTO public.memberships (role) VALUES ('guest')", "22P02"),
            ("INSERT INTO public.room_members (role) VALUES ('guest')", "22P02"),
            ("INSERT INTO public.subscriptions (plan) VALUES ('enterprise')", "subscriptions_plan_check"),
            ("INSERT INTO public.profiles (id, plan) VALUES (gen_random_uuid(), 'enterprise')", "profiles_plan_check"),
        ] {
            let result = try db.run(insert + ";")
            XCTAssertNotEqual(result.status, 0, insert)
            XCTAssertTrue(result.stderr.contains(rejection), "\(insert): \(result.stderr)")
        }
    }
}
