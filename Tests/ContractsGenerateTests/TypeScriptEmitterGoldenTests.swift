import ContractsCore
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// The emitted TypeScript for both registries equals the checked-in files (the repo's own
/// `supabase/functions/_shared/*` and the driver app's golden copy). `NAARS_UPDATE_GOLDEN=1` rewrites them.
final class TypeScriptEmitterGoldenTests: XCTestCase {
    func testRepoRegistryMatchesCheckedInSharedFiles() throws {
        try assertGolden(.naarsCars)
    }

    func testDriverAppRegistryMatchesGoldenFiles() throws {
        try assertGolden(.driverApp)
    }

    func testSplitwiseChatAppRegistryMatchesGoldenFiles() throws {
        try assertGolden(.splitwiseChatApp)
    }

    func testDriverAppGoldenFolderHoldsOnlyEmittedFiles() throws {
        for fixture in [TypeScriptGoldenFixture.driverApp, .splitwiseChatApp] { try assertOnlyEmittedFiles(fixture) }
    }

    private func assertOnlyEmittedFiles(_ fixture: TypeScriptGoldenFixture) throws {
        let folder = TypeScriptGoldenFixture.repoRoot.appendingPathComponent(try XCTUnwrap(fixture.goldenFolder))
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let emitted = try fixture.emit().map { ($0.path as NSString).lastPathComponent }.sorted()
        XCTAssertEqual(onDisk, emitted, "stale or missing golden files in \(fixture.goldenFolder ?? "")")
    }

    func testEmitsTheThreeFilesUnderTheConfiguredOutputFolder() throws {
        XCTAssertEqual(try TypeScriptGoldenFixture.naarsCars.emit().map(\.path), [
            "supabase/functions/_shared/notificationTypes.ts",
            "supabase/functions/_shared/deepLinks.ts",
            "supabase/functions/_shared/payloads.ts",
        ])
        XCTAssertEqual(try TypeScriptGoldenFixture.driverApp.emit().map(\.path), [
            "supabase/functions/_shared/generated/notificationTypes.ts",
            "supabase/functions/_shared/generated/deepLinks.ts",
            "supabase/functions/_shared/generated/payloads.ts",
        ])
    }

    private func assertGolden(_ fixture: TypeScriptGoldenFixture, file: StaticString = #filePath,
                              line: UInt = #line) throws {
        for (generated, url) in try fixture.goldenURLs() {
            try ContractsTestSupport.assertGolden(generated.contents, at: url, name: fixture.goldenPath(generated),
                                                  file: file, line: line)
        }
    }
}
