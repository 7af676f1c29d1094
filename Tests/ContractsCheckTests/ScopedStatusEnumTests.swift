import ContractsCheck
import ContractsCore
import ContractsGeneratePlan
import ContractsSuppress
import ContractsTestSupport
import Foundation
import XCTest

/// Scope on an `enums:` entry, as on the notification enum: `MediaAssetStatus` holds `pending_upload` on the server
/// only and `draft` in the app only; `UploadKind`, an ENUM type, `video` on the server only and `sticker` in the app
/// only. What `generate` writes for them is checked in (`Tests/Golden/scoped-status-enum`; `NAARS_UPDATE_GOLDEN=1`
/// rewrites it): the Swift holds the app's values, the TypeScript and the migrations the server's. `check` reports
/// a value on a side its scope leaves out, on every surface, and says so.
final class ScopedStatusEnumTests: XCTestCase {
    static let registry = """
        version: 1
        enums:
          MediaAssetStatus:
            swift_enum: MediaAssetStatus
            typescript_const: MEDIA_ASSET_STATUSES
            sql: { table: public.media_assets, column: status, constraint: media_assets_status_check }
            fallback: uploaded
            values: [uploaded, { raw: pending_upload, case: pendingUpload, scope: server }, { raw: draft, scope: app }]
          UploadKind:
            sql: { enum_type: upload_kind }
            values: [photo, { raw: video, scope: server }, { raw: sticker, scope: app }]
        migrations:
          - { dir: supabase/migrations, scheme: timestamp }
        sources:
          swift: ["App/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated
          sql: supabase/migrations

        """

    /// The database as the migrations leave it before `generate`: the app-only status in the CHECK, the
    /// server-only one missing, and the ENUM type without its server-only label.
    static let initMigration = """
        CREATE TYPE upload_kind AS ENUM ('photo');
        CREATE TABLE public.media_assets (
          id bigserial PRIMARY KEY,
          kind upload_kind,
          status text NOT NULL,
          CONSTRAINT media_assets_status_check CHECK (status IN ('uploaded', 'draft'))
        );

        """

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/scoped-status-enum")

    private func context(_ files: [String: String]) throws -> CheckContext {
        let registry = try RegistryLoader.load(text: Self.registry, file: "registry.yaml", ruleIDs: RuleCatalog.ids)
        return CheckContext(registry: registry, tree: MemoryTree(text: files.merging(["registry.yaml": Self.registry]) { a, _ in a }))
    }

    func testGenerateWritesTheAppValuesInSwiftAndTheServerValuesInTypeScriptAndSQL() throws {
        let context = try context(["supabase/migrations/20260101000000_init.sql": Self.initMigration])
        let plan = try GenerationPlan.make(context: context, now: Date(timeIntervalSince1970: 1_780_000_000))
        XCTAssertEqual(plan.files.map(\.path), [
            "App/Generated/MediaAssetStatus.swift",
            "supabase/functions/_shared/generated/mediaAssetStatus.ts",
            "supabase/functions/_shared/generated/uploadKind.ts",
            "supabase/migrations/20260528202640_media_asset_status_check_constraint.sql",
            "supabase/migrations/20260528202641_upload_kind_enum_values.sql",
        ])
        for file in plan.files {
            let name = (file.path as NSString).lastPathComponent
            try assertGolden(file.contents, at: Self.golden.appendingPathComponent(name), name: "scoped-status-enum/" + name)
        }
    }

    /// Each surface in turn: the hand-written Swift enum, a Swift comparison and write, a TypeScript union and
    /// write, a migration's insert and comparison.
    func testEachSideReportsAValueItsScopeLeavesOut() throws {
        let context = try context([
            "supabase/migrations/20260101000000_init.sql": Self.initMigration + """
                ALTER TABLE public.media_assets DROP CONSTRAINT media_assets_status_check;
                ALTER TABLE public.media_assets ADD CONSTRAINT media_assets_status_check
                  CHECK (status IN ('uploaded', 'pending_upload'));
                ALTER TYPE upload_kind ADD VALUE 'video';
                INSERT INTO public.media_assets (kind, status) VALUES ('sticker'::upload_kind, 'draft');
                UPDATE public.media_assets SET status = 'uploaded' WHERE status = 'pending_upload';

                """,
            "App/Models/MediaAsset.swift": """
                import Supabase
                enum MediaAssetStatus: String, Codable {
                    case uploaded
                    case pendingUpload = "pending_upload"
                }
                struct MediaAsset: Codable { let id: UUID; var status: MediaAssetStatus }
                func isDraft(_ asset: MediaAsset) -> Bool { asset.status.rawValue == "pending_upload" }
                func publish(_ supabase: SupabaseClient, _ id: UUID) async throws {
                    try await supabase.from("media_assets").update(["status": "draft"]).eq("id", value: id).execute()
                }

                """,
            "supabase/functions/media/index.ts": """
                import { supabase } from '../_shared/supabase.ts';
                export type MediaAssetStatus = 'uploaded' | 'pending_upload' | 'draft';
                export async function settle(id: string) {
                  await supabase.from('media_assets').update({ status: 'draft' }).eq('id', id);
                }

                """,
        ])
        let findings = FindingFilter.apply(try ContractCheck.findings(in: context), registry: context.registry,
                                           tree: context.tree, baseline: nil)
            .filter { !$0.ruleID.hasPrefix("generated-") }
        XCTAssertEqual(findings.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.ruleID): \($0.message)" }, [
            // The Swift enum has a case for the server-only value and none for the app-only one.
            "App/Models/MediaAsset.swift:2:6 swift-enum-drift: MediaAssetStatus has no case for MediaAssetStatus value \"draft\"; add `case draft`",
            "App/Models/MediaAsset.swift:4:10 swift-enum-drift: MediaAssetStatus.pendingUpload (\"pending_upload\") is server-only (scope: server): the app never holds it; remove the case, or give it scope all in enums.MediaAssetStatus.values in registry.yaml",
            "App/Models/MediaAsset.swift:7:70 swift-unknown-literal-read: \"pending_upload\" (compared with asset.status.rawValue) is a server-only MediaAssetStatus (scope: server): the app never holds it",
            "App/Models/MediaAsset.swift:9:63 swift-unknown-literal: \"draft\" (written to media_assets.status) is an app-only MediaAssetStatus (scope: app): the database and the server never hold it",
            "supabase/functions/media/index.ts:2:64 ts-const-drift: the union type MediaAssetStatus has 'draft', an app-only MediaAssetStatus (scope: app): the database and the server never hold it; remove it, or give it scope all in enums.MediaAssetStatus.values in registry.yaml.",
            "supabase/functions/media/index.ts:4:56 ts-unknown-literal: 'draft' (written to media_assets.status) is an app-only MediaAssetStatus (scope: app): the database and the server never hold it.",
            "supabase/migrations/20260101000000_init.sql:12:56 sql-unknown-literal: 'sticker' (cast to public.upload_kind) is an app-only UploadKind (scope: app): the database and the server never hold it",
            "supabase/migrations/20260101000000_init.sql:12:80 sql-unknown-literal: 'draft' (inserted into media_assets.status) is an app-only MediaAssetStatus (scope: app): the database and the server never hold it",
        ])
        let subjects = findings.filter { $0.ruleID == "swift-enum-drift" }.map(\.subject)
        XCTAssertEqual(subjects, [.enumValue(enumName: "MediaAssetStatus", value: "draft"),
                                  .enumValue(enumName: "MediaAssetStatus", value: "pending_upload")])
    }

    /// The fallback is what both sides decode an unknown value to: both must hold it.
    func testAFallbackOutOfScopeIsRefused() {
        let text = Self.registry.replacingOccurrences(of: "fallback: uploaded", with: "fallback: draft")
        XCTAssertThrowsError(try RegistryLoader.load(text: text, file: "registry.yaml")) { error in
            XCTAssertTrue("\(error)".contains("fallback 'draft' of MediaAssetStatus has scope app; the fallback must exist in the app "
                + "and on the server (scope all)"), "\(error)")
        }
    }
}
