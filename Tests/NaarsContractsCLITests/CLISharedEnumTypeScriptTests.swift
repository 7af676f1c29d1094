import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// The shared enums' TypeScript literals and surfaces through the built binary: a registry that declares only
/// `notification_types` reports exactly what it reported before (the functions' statuses change nothing), one
/// with `enums:` adds their findings, and a warm run (from the check cache) gives the same report.
final class CLISharedEnumTypeScriptTests: XCTestCase {
    static let notificationOnly = RuleExample.baseRegistry

    static let withEnums = notificationOnly + """
        enums:
          ChatRoomStatus:
            sql: { table: public.chat_rooms, column: status }
            values: [active, archived]
            retired: [closed]
          MediaAssetStatus:
            typescript_const: MEDIA_STATUSES
            sql: { table: public.media_assets, column: status }
            values: [uploaded, viewed]

        """

    /// One notification drift, the same with or without the enums.
    static let notify = """
        import { supabase } from '../_shared/supabase.ts';
        export async function notify(userId: string) {
          await supabase.from('notifications').insert({ user_id: userId, type: 'mesage' });
        }
        """

    static let rooms = """
        import { createClient } from 'npm:@supabase/supabase-js@2';
        const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!);
        /** Archives a room; a 'viewed' room does not exist. */
        export async function archive(id: string) {
          const { data: room } = await supabase.from('chat_rooms').select('status').eq('id', id).single();
          if (room?.status === 'viewed') return;
          await supabase.from('chat_rooms').update({ status: 'closed' }).eq('id', id);
          const { data: assets } = await supabase.from('media_assets').select('status');
          return assets?.filter((a) => a.status === 'viewed' || a.status === 'archived');
        }
        export const MEDIA_STATUSES = ['uploaded'] as const;
        """

    private func project(_ registry: String, rooms: Bool = true) throws -> URL {
        var files = ["registry.yaml": registry, "database/.keep": "", "supabase/functions/notify/index.ts": Self.notify]
        if rooms { files["supabase/functions/rooms/index.ts"] = Self.rooms }
        return try CLIHarness.project(files)
    }

    func testANotificationOnlyRegistrysReportIsTheSameWithOrWithoutTheStatusCode() throws {
        for format in ["text", "json"] {
            let with = try CLIHarness.run(["check", "--no-cache", "--format", format], in: try project(Self.notificationOnly))
            let without = try CLIHarness.run(["check", "--no-cache", "--format", format],
                                             in: try project(Self.notificationOnly, rooms: false))
            XCTAssertEqual(with.status, 1, with.stderr)
            XCTAssertEqual(with.stdout, without.stdout, format)
            XCTAssertTrue(with.stdout.contains("mesage"), with.stdout)
        }
    }

    func testEnumsAddTheirFindingsAndAWarmRunGivesTheSameReport() throws {
        let root = try project(Self.withEnums)
        let cold = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(cold.status, 1, cold.stderr)
        for expected in [
            "'viewed' (compared with chat_rooms.status) is not a ChatRoomStatus.",
            "'closed' (written to chat_rooms.status) is a retired ChatRoomStatus",
            "'archived' (compared with media_assets.status) is not a MediaAssetStatus.",
            "the array MEDIA_STATUSES lacks 'viewed', one of MediaAssetStatus's values",
            "mesage",
        ] {
            XCTAssertTrue(cold.stdout.contains(expected), "\(expected)\n\(cold.stdout)")
        }
        let warm = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(warm.stdout, cold.stdout)
        XCTAssertEqual(warm.status, 1)
        // An edit to a function is seen: the cache does not answer for a file that changed.
        try Data(Self.rooms.replacingOccurrences(of: "a.status === 'archived'", with: "a.status === 'uploaded'").utf8)
            .write(to: root.appendingPathComponent("supabase/functions/rooms/index.ts"))
        let edited = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertFalse(edited.stdout.contains("'archived' (compared with media_assets.status)"), edited.stdout)
        XCTAssertTrue(edited.stdout.contains("'viewed' (compared with chat_rooms.status)"), edited.stdout)
    }
}
