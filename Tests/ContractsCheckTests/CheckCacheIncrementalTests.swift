import ContractsCache
import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import ContractsReport
import ContractsTestSupport
import Foundation
import XCTest

/// The cache on a whole app, as `check` uses it: after an edit only the edited file's work is redone, and
/// the findings are byte for byte those of a run without the cache. And the CLI's cache key is the tool's
/// version and source digest, not its executable: a copy of the same build elsewhere (CI restoring the cache
/// for a freshly built tool) trusts it.
final class CheckCacheIncrementalTests: XCTestCase {
    /// `check`'s pipeline through the cache on the app at `root`, and the JSON of its findings.
    private func cachedRun(_ root: URL, tool: String = "0.2.0+digest") throws -> (json: String, stats: CheckCacheStats) {
        let (registry, tree) = try FixtureApp.load(root)
        let stats = CheckCacheStats()
        let registryBytes = try Data(contentsOf: root.appendingPathComponent("registry.yaml"))
        let findings = try CheckCache(root: root, name: "check", toolIdentity: tool)
            .findings(in: tree, registryBytes: registryBytes, stats: stats) { tree, units in
                try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree), units: units)
            }.findings
        return (try json(findings), stats)
    }

    /// The same findings with no cache at all.
    private func fullRun(_ root: URL) throws -> String {
        let (registry, tree) = try FixtureApp.load(root)
        return try json(ContractCheck.findings(in: CheckContext(registry: registry, tree: tree)))
    }

    private func json(_ findings: [Finding]) throws -> String {
        ReportFormat.json.reporter().render(findings, summary: CheckSummary(findings))
    }

    private func append(_ text: String, to path: String, in root: URL) throws {
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// A fresh copy, left to settle: files changed less than `StampIndex.settle` ago are hashed on every run.
    private func settledCopy() throws -> URL {
        let root = try FixtureApp.copy("app-drift", for: self)
        Thread.sleep(forTimeInterval: 2.2)
        return root
    }

    func testOneSwiftFileEditedOnlyThatFileIsParsedAgain() throws {
        let root = try settledCopy()
        let first = try cachedRun(root)
        XCTAssertEqual(first.json, try fullRun(root))
        XCTAssertTrue(first.stats.unitsRun.contains("sql"))

        let unchanged = try cachedRun(root)
        XCTAssertEqual(unchanged.json, first.json)
        XCTAssertEqual(unchanged.stats.unitsRun, [])

        let edited = "NaarsCars/Features/Notifications/NotificationRow.swift"
        try append("\n// edited: a comment, the declared types unchanged\n", to: edited, in: root)
        let after = try cachedRun(root)
        XCTAssertEqual(after.stats.unitsRun, ["edge-functions", "edge-invokes:" + edited, "generated", "generated-declares:" + edited, "names-relations:" + edited, "names:" + edited, "push-contract", "push-reads:" + edited, "rpc-payload", "rpc:" + edited, "schema-names", "swift", "swift-types:" + edited, "swift:" + edited],
                       "the checkers of Swift files run, and of their files' units only the edited file's; the generated "
                           + "files' check searches that file alone for declarations of generated types")
        XCTAssertEqual(after.stats.filesHashed, [edited], "no other file is read")
        XCTAssertEqual(after.json, try fullRun(root))
    }

    /// The checker that joins Swift call sites with what the RPCs return: a migration that changes what an RPC
    /// returns, or a Swift file that starts decoding a key, is seen through the cache as by a full run.
    func testWhatAnRPCReturnsAndWhatTheAppDecodesAreBothFollowed() throws {
        let root = try FixtureApp.copy("rpc-payload-app-clean", for: self)
        Thread.sleep(forTimeInterval: 2.2)
        XCTAssertEqual(try cachedRun(root).json, try fullRun(root))
        try append("""

            DROP FUNCTION public.lookup_profiles_by_ids(uuid[]);
            CREATE FUNCTION public.lookup_profiles_by_ids(p_ids uuid[]) RETURNS TABLE (id uuid, display_name text)
            LANGUAGE sql AS $$ SELECT id, display_name FROM public.profiles WHERE id = ANY (p_ids) $$;

            """, to: "supabase/migrations/20250301120000_contact_privacy.sql", in: root)
        let migrationEdited = try cachedRun(root)
        XCTAssertTrue(migrationEdited.stats.unitsRun.contains("rpc-payload"), "\(migrationEdited.stats.unitsRun)")
        XCTAssertTrue(migrationEdited.stats.unitsRun.contains("rpc-returns"), "what the RPCs return is read again: \(migrationEdited.stats.unitsRun)")
        XCTAssertEqual(migrationEdited.json, try fullRun(root))
        XCTAssertTrue(migrationEdited.json.contains("from the result of lookup_profiles_by_ids"), migrationEdited.json)
        let model = "ContactsApp/Models/BadgeCountsPayload.swift"
        try Data("struct BadgeCountsPayload: Decodable { let unreadMessages: Int; let openRequests: Int; let total: Int; let streak: Int }\n".utf8)
            .write(to: root.appendingPathComponent(model))
        let swiftEdited = try cachedRun(root)
        XCTAssertTrue(swiftEdited.stats.unitsRun.contains("rpc-types:" + model), "\(swiftEdited.stats.unitsRun)")
        XCTAssertFalse(swiftEdited.stats.unitsRun.contains("rpc-returns"),
                       "the same RPCs decoded, the migrations unchanged: what they return is the stored answer \(swiftEdited.stats.unitsRun)")
        XCTAssertEqual(swiftEdited.json, try fullRun(root))
        XCTAssertTrue(swiftEdited.json.contains("decodes \\\"streak\\\""), swiftEdited.json)
        // A function no Swift file decodes yet, then a call that decodes it: with the migrations unchanged, the
        // other RPCs decoded make another question, so what they return is read again.
        try Data("""
            CREATE FUNCTION public.count_contacts() RETURNS TABLE (total integer)
            LANGUAGE sql AS $$ SELECT count(*)::integer FROM public.profiles $$;

            """.utf8).write(to: root.appendingPathComponent("supabase/migrations/20250401090000_counts.sql"))
        XCTAssertEqual(try cachedRun(root).json, try fullRun(root))
        let caller = "ContactsApp/Badges/ContactCounts.swift"
        try Data("""
            import Supabase
            struct ContactCounts: Decodable { let total: Int; let friends: Int }
            func contactCounts(_ client: SupabaseClient) async throws -> [ContactCounts] {
                try await client.rpc("count_contacts").execute().value
            }

            """.utf8).write(to: root.appendingPathComponent(caller))
        let called = try cachedRun(root)
        XCTAssertTrue(called.stats.unitsRun.contains("rpc-returns"), "\(called.stats.unitsRun)")
        XCTAssertEqual(called.json, try fullRun(root))
        XCTAssertTrue(called.json.contains("decodes \\\"friends\\\""), called.json)
    }

    /// The name checker: a migration that renames a column the app selects is judged against the stored uses (no
    /// Swift file read again); a Swift file that names a missing column is judged alone, and one that names another
    /// relation decides again whether the migrations describe the app. Each time as a full run sees it.
    func testTheSchemaAndTheNamesTheAppUsesAreBothFollowed() throws {
        let root = try FixtureApp.copy("names-app-clean", for: self)
        Thread.sleep(forTimeInterval: 2.2)
        let first = try cachedRun(root)
        XCTAssertEqual(first.json, try fullRun(root))
        XCTAssertFalse(first.json.contains("unknown-column"), first.json)
        try Data("ALTER TABLE public.deal_views RENAME COLUMN viewed_at TO seen_at;\n".utf8)
            .write(to: root.appendingPathComponent("supabase/migrations/20250501090000_headline.sql"))
        let renamed = try cachedRun(root)
        XCTAssertEqual(renamed.json, try fullRun(root))
        XCTAssertTrue(renamed.json.contains("deal_views has no column viewed_at"), renamed.json)
        XCTAssertFalse(renamed.stats.unitsRun.contains { $0.hasPrefix("names:") || $0.hasPrefix("names-relations:") },
                       "the uses are the stored ones: \(renamed.stats.unitsRun)")
        XCTAssertTrue(renamed.stats.unitsRun.contains("names-judged:DealsApp/Deals/DealHistory.swift"), "\(renamed.stats.unitsRun)")
        let added = "DealsApp/Deals/DealSearch.swift"
        try Data("""
            import Supabase
            func search(_ client: SupabaseClient) async throws {
                try await client.from("deal_views").select("deal_id, seen_at, nope_col").execute()
            }

            """.utf8).write(to: root.appendingPathComponent(added))
        let column = try cachedRun(root)
        XCTAssertEqual(column.json, try fullRun(root))
        XCTAssertTrue(column.json.contains("deal_views has no column nope_col"), column.json)
        XCTAssertEqual(column.stats.unitsRun.filter { $0.hasPrefix("names") },
                       ["names-judged:" + added, "names-relations:" + added, "names-types:" + added, "names:" + added],
                       "the same relations named: the app's other files are neither read nor judged again (the new file is searched "
                           + "for the row types other files write)")
        try append("func more(_ client: SupabaseClient) async throws { try await client.from(\"deal_view\").select(\"deal_id\").execute() }\n",
                   to: added, in: root)
        let table = try cachedRun(root)
        XCTAssertEqual(table.json, try fullRun(root))
        XCTAssertTrue(table.json.contains("did you mean deal_views?"), table.json)
        XCTAssertTrue(table.stats.unitsRun.contains("names-gate"), "\(table.stats.unitsRun)")
    }

    /// The name checks join a write of an `Encodable` type with the type's keys, declared in another file: an edit of
    /// that file alone is seen through the cache as by a full run, and only its own units run again.
    func testAnEncodableRowTypeEditedInItsOwnFileIsFollowed() throws {
        let root = try FixtureApp.copy("names-app-drift", for: self)
        Thread.sleep(forTimeInterval: 2.2)
        let first = try cachedRun(root)
        XCTAssertEqual(first.json, try fullRun(root))
        XCTAssertTrue(first.json.contains("the query writes saved_at"), first.json)
        let model = "DealsApp/Models/NewBookmark.swift"
        try Data("import Foundation\n\nstruct NewBookmark: Encodable {\n    let deal_id: UUID\n    let user_id: UUID\n    let created_at: Date\n}\n".utf8)
            .write(to: root.appendingPathComponent(model))
        let fixed = try cachedRun(root)
        XCTAssertTrue(fixed.stats.unitsRun.contains("names-types:" + model), "\(fixed.stats.unitsRun)")
        XCTAssertFalse(fixed.stats.unitsRun.contains("names:DealsApp/Social/RatingsService.swift"), "the call site's file is not read again")
        XCTAssertEqual(fixed.json, try fullRun(root))
        XCTAssertFalse(fixed.json.contains("saved_at"), fixed.json)
        // A key a migration lacks, added in the model's file alone.
        try Data("import Foundation\n\nstruct NewBookmark: Encodable {\n    let deal_id: UUID\n    let user_id: UUID\n    let folder: String\n}\n".utf8)
            .write(to: root.appendingPathComponent(model))
        let broken = try cachedRun(root)
        XCTAssertEqual(broken.json, try fullRun(root))
        XCTAssertTrue(broken.json.contains("the query writes folder"), broken.json)
    }

    /// The checker that joins the app's push reads with the edge functions' pushes: an edge function that renames
    /// a key, or an enum property that starts returning another one, is seen through the cache as by a full run,
    /// each reading only its own file again.
    func testWhatThePushesSendAndWhatTheAppReadsAreBothFollowed() throws {
        let root = try FixtureApp.copy("porchlight-app-clean", for: self)
        Thread.sleep(forTimeInterval: 2.2)
        XCTAssertEqual(try cachedRun(root).json, try fullRun(root))
        let sender = "supabase/functions/group-invite/index.ts"
        let text = try String(contentsOf: root.appendingPathComponent(sender), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "groupId: group_id,", with: "group_id: group_id,").utf8)
            .write(to: root.appendingPathComponent(sender))
        let senderEdited = try cachedRun(root)
        XCTAssertTrue(senderEdited.stats.unitsRun.contains("push-sends:" + sender), "\(senderEdited.stats.unitsRun)")
        XCTAssertFalse(senderEdited.stats.unitsRun.contains { $0.hasPrefix("push-reads:") }, "\(senderEdited.stats.unitsRun)")
        XCTAssertEqual(senderEdited.json, try fullRun(root))
        XCTAssertTrue(senderEdited.json.contains("push without a type key sends \\\"group_id\\\""), senderEdited.json)
        let keys = "Porchlight/Models/NotificationType+PushKeys.swift"
        let swift = try String(contentsOf: root.appendingPathComponent(keys), encoding: .utf8)
        try Data(swift.replacingOccurrences(of: "\"town_hall_post_id\"", with: "\"post_id\"").utf8).write(to: root.appendingPathComponent(keys))
        let swiftEdited = try cachedRun(root)
        XCTAssertTrue(swiftEdited.stats.unitsRun.contains("push-reads:" + keys), "\(swiftEdited.stats.unitsRun)")
        XCTAssertEqual(swiftEdited.json, try fullRun(root))
        XCTAssertTrue(swiftEdited.json.contains("entityIdKey is \\\"post_id\\\""), swiftEdited.json)
    }

    /// The project's Swift sinks: an edit re-reads the edited file's summary alone and joins them again, so a
    /// function that stops writing its parameter, or a new caller in another file, is seen as by a full run.
    /// The edge functions' checker: a function folder added, or a guard that starts refusing a method, is seen
    /// through the cache as by a full run.
    func testTheFunctionsFolderAndAFunctionsGuardAreBothFollowed() throws {
        let root = try settledCopy()
        let first = try cachedRun(root)
        XCTAssertTrue(first.json.contains("no edge function \\\"refresh-badge\\\""), first.json)
        let folder = root.appendingPathComponent("supabase/functions/refresh-badge")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("Deno.serve(async (req) => {\n  if (req.method !== \"PUT\") return new Response(null, { status: 405 });\n  return new Response(\"{}\");\n});\n".utf8)
            .write(to: folder.appendingPathComponent("index.ts"))
        let added = try cachedRun(root)
        XCTAssertEqual(added.json, try fullRun(root))
        XCTAssertFalse(added.json.contains("no edge function \\\"refresh-badge\\\""), added.json)
        XCTAssertTrue(added.json.contains("edge function \\\"refresh-badge\\\" refuses every method but PUT"), added.json)
    }

    func testSwiftSinksAreJoinedAgainAfterAnEdit() throws {
        let root = try FixtureApp.copy("sinks-app-clean", for: self)
        Thread.sleep(forTimeInterval: 2.2)
        XCTAssertEqual(try cachedRun(root).json, try fullRun(root))
        let service = "ReminderApp/Services/BroadcastService.swift"
        try replace("as kind: String)", with: "as kind: String = \"maint\")", in: service, root)
        let defaulted = try cachedRun(root)
        XCTAssertTrue(defaulted.stats.unitsRun.contains("swift-sinks-1:" + service), "\(defaulted.stats.unitsRun)")
        XCTAssertFalse(defaulted.stats.unitsRun.contains("swift-types:ReminderApp/Views/AdminBroadcastView.swift"),
                       "\(defaulted.stats.unitsRun)")
        XCTAssertEqual(defaulted.json, try fullRun(root))
        XCTAssertTrue(defaulted.json.contains("\\\"maint\\\" is written"), defaulted.json)
        let model = "ReminderApp/ViewModels/NotificationViewModel.swift"
        try replace("body: body, kind: kind,", with: "body: body, kind: \"reminder_due\",", in: model, root)
        let unsunk = try cachedRun(root)
        XCTAssertTrue(unsunk.stats.unitsRun.contains("swift-types:" + model), "\(unsunk.stats.unitsRun)")
        XCTAssertEqual(unsunk.json, try fullRun(root))
        XCTAssertFalse(unsunk.json.contains("maint"), unsunk.json)
    }

    /// Rewrites `path` with `text` in place of `old`, which it must hold.
    private func replace(_ old: String, with text: String, in path: String, _ root: URL) throws {
        let url = root.appendingPathComponent(path)
        let before = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(before.contains(old), path)
        try Data(before.replacingOccurrences(of: old, with: text).utf8).write(to: url)
    }

    /// After a migration changed, the name checker decides again whether the migrations describe the app, and judges
    /// again the files that name something of the schema (from their stored uses: no file is read).
    private static let namesJudgedAgain = [
        "names-gate", "names-judged:NaarsCars/Core/Services/BadgeCountManager.swift", "names-judged:supabase/functions/badge-summary/index.ts",
        "names-judged:supabase/functions/refresh-badges/index.ts", "names-judged:supabase/functions/send-message-push/index.ts",
        "names-judged:supabase/functions/send-notification/index.ts",
    ]

    /// A new migration is listed only by the checkers that read migrations (the name checker among them: the app's
    /// names are judged against the schema they leave): the Swift and TypeScript checkers
    /// list their sources' folders, not the whole tree, so they are answered from the cache.
    func testANewMigrationRerunsOnlyTheMigrationCheckers() throws {
        let root = try settledCopy()
        _ = try cachedRun(root)
        try Data("ALTER TABLE notifications ADD COLUMN read_at timestamptz;\n".utf8)
            .write(to: root.appendingPathComponent("database/099_read_at.sql"))
        let after = try cachedRun(root)
        XCTAssertEqual(after.stats.unitsRun, ["migration-lint"] + Self.namesJudgedAgain + ["schema-names", "sql"])
        XCTAssertEqual(after.json, try fullRun(root))
        // A new Swift file is still seen by the Swift checker.
        try Data("let kind = \"not_a_type\"\n".utf8).write(to: root.appendingPathComponent("NaarsCars/New.swift"))
        let swift = try cachedRun(root)
        XCTAssertTrue(swift.stats.unitsRun.contains("swift:NaarsCars/New.swift"), "\(swift.stats.unitsRun)")
        XCTAssertEqual(swift.json, try fullRun(root))
    }

    /// Each checker's entries are a file of their own: one migration edited rewrites the SQL checkers' files and
    /// leaves the Swift files' entries as they were written; one Swift file edited, the reverse (with the generated
    /// files' check, which searches the Swift sources for declarations of generated types).
    func testAnEditRewritesOnlyItsCheckersUnitsFiles() throws {
        let root = try settledCopy()
        _ = try cachedRun(root)
        let cache = root.appendingPathComponent(".naars-contracts-cache")
        // Each units file's inode and modification time: a rewrite is a new file renamed over the old one.
        func written() throws -> [String: String] {
            let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".units") }
            return Dictionary(uniqueKeysWithValues: try names.map { name in
                let attributes = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(name).path)
                return (name, "\(attributes[.systemFileNumber] ?? "?") \(attributes[.modificationDate] ?? "?")")
            })
        }
        let first = try written()
        XCTAssertEqual(Set(first.keys), ["check.edge-functions.units", "check.generated.units", "check.migration-lint.units", "check.push-contract.units",
                                         "check.rpc-payload.units", "check.schema-names.units", "check.sql.units", "check.swift.units",
                                         "check.typescript.units"])
        try append("\n-- edited\n", to: "database/014_ride_search_index.sql", in: root)
        XCTAssertEqual(try cachedRun(root).json, try fullRun(root))
        let migrationEdited = try written()
        XCTAssertEqual(Set(first.keys.filter { first[$0] != migrationEdited[$0] }), ["check.migration-lint.units", "check.schema-names.units", "check.sql.units"])
        try append("\n// edited\n", to: "NaarsCars/Features/Notifications/NotificationRow.swift", in: root)
        XCTAssertEqual(try cachedRun(root).json, try fullRun(root))
        let swiftEdited = try written()
        XCTAssertEqual(Set(first.keys.filter { migrationEdited[$0] != swiftEdited[$0] }),
                       ["check.edge-functions.units", "check.generated.units", "check.push-contract.units", "check.rpc-payload.units",
                        "check.schema-names.units", "check.swift.units"])
        XCTAssertEqual(try cachedRun(root).stats.unitsRun, [], "what each file keeps answers the next run")
    }

    func testOneMigrationEditedRerunsTheMigrationCheckersButNoSwiftOrTypeScript() throws {
        let root = try settledCopy()
        let first = try cachedRun(root)
        let migrations = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("database").path)
            .filter { $0.hasSuffix(".sql") }.count
        XCTAssertGreaterThan(migrations, 5)
        XCTAssertGreaterThanOrEqual(first.stats.memoEntriesStored, 2 * migrations, "each migration's facts and tree")
        let edited = "database/014_ride_search_index.sql"
        try append("\n-- edited: a comment\n", to: edited, in: root)
        let after = try cachedRun(root)
        XCTAssertEqual(after.stats.unitsRun, ["migration-lint"] + Self.namesJudgedAgain + ["schema-names", "sql"],
                       "the files that name the schema are judged again from their stored uses: none is read")
        // (Its facts, schema statements and tree; 2 more: the app defines a function writing its parameter to the type
        // column, so the edited migration's facts are kept for the read with it too (`SQLSinks`), and where the reads
        // of these migrations ended.)
        XCTAssertEqual(after.stats.memoEntriesStored, 5, "only the edited migration is parsed again; the others come from the memo")
        // The Swift checker was answered whole; its files' entries were kept for the next run all the same.
        let swift = "NaarsCars/Features/Notifications/NotificationRow.swift"
        try append("\n// edited\n", to: swift, in: root)
        XCTAssertEqual(try cachedRun(root).stats.unitsRun,
                       ["edge-functions", "edge-invokes:" + swift, "generated", "generated-declares:" + swift, "names-relations:" + swift, "names:" + swift, "push-contract",
                        "push-reads:" + swift, "rpc-payload", "rpc:" + swift, "schema-names", "swift", "swift-types:" + swift, "swift:" + swift])
        // The SQL checker replays the whole history from the other migrations' remembered facts, and the lint
        // knows they still match migrations.sum: known from their stamps, they are not even read. Only the edited
        // file is, the sum, and the migration the fixture edited after the sum recorded it (a finding, so never
        // known to match).
        XCTAssertEqual(after.stats.filesHashed, ["database/003_messaging.sql", edited, "database/migrations.sum"])
        XCTAssertEqual(after.json, try fullRun(root))
    }

    /// Every migration's facts are also in the memo's bundle: with the memo's own files gone, one migration
    /// edited is still the only one parsed, and the findings are a full run's.
    func testTheMemosBundleAloneServesTheOtherMigrationsFacts() throws {
        let root = try settledCopy()
        _ = try cachedRun(root)
        let cache = root.appendingPathComponent(".naars-contracts-cache")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.appendingPathComponent("check.memo.bundle").path))
        try FileManager.default.removeItem(at: cache.appendingPathComponent("check.memo"))
        try append("\n-- edited\n", to: "database/014_ride_search_index.sql", in: root)
        let after = try cachedRun(root)
        // (2 more: the app defines a function writing its parameter to the type column, so the edited migration's
        // facts are kept for the read with it too (`SQLSinks`), and where the reads of these migrations ended.)
        XCTAssertEqual(after.stats.memoEntriesStored, 5,
                       "the edited migration's facts, schema statements and tree, the sink read's facts and where it ended")
        XCTAssertEqual(after.json, try fullRun(root))
    }

    /// The memo holds parses by content: a migration edited into a syntax error, and back, gets the findings
    /// of a full run each time; a registry edit that changes what the parser keeps parses everything again; a
    /// damaged memo file is ignored.
    func testRememberedParsesNeverChangeFindings() throws {
        let root = try settledCopy()
        let first = try cachedRun(root)
        let edited = "database/014_ride_search_index.sql"
        let original = try Data(contentsOf: root.appendingPathComponent(edited))
        try append("\nALTER TABLE notifications ADD CONSTRAINT x CHECK (type IN ('a'));\nSELEC broken;\n", to: edited, in: root)
        let broken = try cachedRun(root)
        // (Its facts, schema statements and tree; 2 more: the app defines a function writing its parameter to the type
        // column, so the edited migration's facts are kept for the read with it too (`SQLSinks`), and where the reads
        // of these migrations ended.)
        XCTAssertEqual(broken.stats.memoEntriesStored, 5)
        XCTAssertEqual(broken.json, try fullRun(root))
        XCTAssertTrue(broken.json.contains("sql-syntax-error"), broken.json)
        try original.write(to: root.appendingPathComponent(edited))
        let restored = try cachedRun(root)
        XCTAssertEqual(restored.stats.memoEntriesStored, 5, "the previous run's memo kept only what it used")
        XCTAssertEqual(restored.json, first.json)

        // One entry a file: exactly those of this run's migrations (the broken version's entries are gone).
        let memo = root.appendingPathComponent(".naars-contracts-cache/check.memo")
        let entries = try FileManager.default.contentsOfDirectory(atPath: memo.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(entries.count, first.stats.memoEntriesStored)
        // The entries, and the bundle that holds the facts of them all.
        for url in entries.map(memo.appendingPathComponent) + [memo.appendingPathExtension("bundle")] {
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count - 3] ^= 0x5A
            try bytes.write(to: url)
        }
        try append("\n-- edited\n", to: edited, in: root)
        let damaged = try cachedRun(root)
        XCTAssertEqual(damaged.stats.memoEntriesStored, entries.count, "a damaged entry is not trusted")
        XCTAssertEqual(damaged.json, try fullRun(root))

        let registry = root.appendingPathComponent("registry.yaml")
        let text = try String(contentsOf: registry, encoding: .utf8)
        try (text + "\n# edited\n").write(to: registry, atomically: true, encoding: .utf8)
        XCTAssertEqual(try cachedRun(root).stats.memoEntriesStored, 0, "a registry edit that changes no SQL setting keeps every parse")
    }

    func testAnotherToolDigestTrustsNothing() throws {
        let root = try FixtureApp.copy("app-drift", for: self)
        _ = try cachedRun(root, tool: "0.2.0+aaaa")
        XCTAssertEqual(try cachedRun(root, tool: "0.2.0+aaaa").stats.unitsRun, [])
        let rebuilt = try cachedRun(root, tool: "0.2.0+bbbb")
        XCTAssertTrue(rebuilt.stats.unitsRun.contains("sql"))
        XCTAssertTrue(rebuilt.stats.unitsRun.contains("typescript"))
        XCTAssertEqual(rebuilt.json, try fullRun(root))
    }

    // MARK: - The CLI's key

    func testTheSameBuildCopiedElsewhereTrustsTheCache() throws {
        let root = try FixtureApp.copy("app-drift", for: self)
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("naars-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: elsewhere) }
        let copy = elsewhere.appendingPathComponent("naars-contracts")
        try FileManager.default.copyItem(at: CLIHarness.binary, to: copy)

        let stats = ["NAARS_CACHE_STATS": "1"]
        let first = try CLIHarness.run(["check", "--format", "json"], in: root, environment: stats)
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertTrue(first.stderr.contains("unit(s) run"), first.stderr)
        XCTAssertFalse(first.stderr.contains(" 0 unit(s) run"), first.stderr)
        let copied = try TestProcess.run(copy.path, ["check", "--format", "json"], in: root, extraEnvironment: stats)
        XCTAssertEqual(copied.status, 1, copied.stderr)
        XCTAssertTrue(copied.stderr.contains(" 0 unit(s) run"), copied.stderr)
        XCTAssertEqual(copied.stdout, first.stdout)
        // The key names the version and a source digest, not a path.
        let key = try String(contentsOf: root.appendingPathComponent(".naars-contracts-cache/check.stamps"), encoding: .utf8)
            .split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(key.contains(" \(ToolVersion.version)+"), key)
        XCTAssertNotNil(key.range(of: #"\+[0-9a-f]{32}$"#, options: .regularExpression), key)
        XCTAssertFalse(key.contains("/"), key)
    }

    // MARK: - The source digest

    /// The tool the build runs to digest Sources/ (built beside the CLI).
    private var digestTool: URL { CLIHarness.binary.deletingLastPathComponent().appendingPathComponent("SourceDigestTool") }

    private func digest(_ root: URL, _ files: [String]) throws -> String {
        let output = root.appendingPathComponent("out/ToolSourceDigest.swift")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try TestProcess.run(digestTool.path, [root.path, output.path] + files.map { root.appendingPathComponent($0).path })
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: output, encoding: .utf8)
        return try XCTUnwrap(text.range(of: #"[0-9a-f]{32}"#, options: .regularExpression).map { String(text[$0]) }, text)
    }

    func testTheSourceDigestFollowsEveryByteAndPathButNotTheCheckoutsLocation() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("naars-digest-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
        let files = ["Package.swift": "// manifest\n", "Sources/A/a.swift": "let a = 1\n", "Sources/B/b.swift": "let b = 2\n"]
        func checkout(_ name: String, _ files: [String: String]) throws -> URL {
            let root = base.appendingPathComponent(name)
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            return root
        }
        let one = try digest(checkout("one", files), files.keys.sorted())
        XCTAssertEqual(try digest(checkout("two", files), files.keys.sorted().reversed()), one, "location and order do not count")
        var edited = files
        edited["Sources/B/b.swift"] = "let b = 3\n"
        XCTAssertNotEqual(try digest(checkout("three", edited), edited.keys.sorted()), one, "one byte")
        var moved = files
        moved["Sources/A/c.swift"] = moved.removeValue(forKey: "Sources/A/a.swift")
        XCTAssertNotEqual(try digest(checkout("four", moved), moved.keys.sorted()), one, "a renamed file")
        var joined = files
        joined["Sources/A/a.swift"] = "let a = 1\nlet b = 2\n"
        joined["Sources/B/b.swift"] = ""
        XCTAssertNotEqual(try digest(checkout("five", joined), joined.keys.sorted()), one, "text moved between files")
    }

    func testTheDigestFileIsNotRewrittenWhenUnchanged() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-digest-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        _ = try digest(root, ["Package.swift"])
        let output = root.appendingPathComponent("out/ToolSourceDigest.swift")
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output.path)
        _ = try digest(root, ["Package.swift"])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date, past,
                       "an unchanged digest recompiles nothing")
    }
}
