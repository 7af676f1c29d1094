import ContractsCore
import ContractsGenerate
import Foundation
import XCTest

/// The emitted TypeScript for both registries equals the checked-in files (the repo's own
/// `supabase/functions/_shared/*` and the driver app's golden copy). `NAARS_UPDATE_GOLDEN=1` rewrites them.
final class TypeScriptEmitterGoldenTests: XCTestCase {
    private var updating: Bool { ProcessInfo.processInfo.environment["NAARS_UPDATE_GOLDEN"] == "1" }

    func testRepoRegistryMatchesCheckedInSharedFiles() throws {
        try assertGolden(.naarsCars)
    }

    func testDriverAppRegistryMatchesGoldenFiles() throws {
        try assertGolden(.driverApp)
    }

    func testDriverAppGoldenFolderHoldsOnlyEmittedFiles() throws {
        let fixture = TypeScriptGoldenFixture.driverApp
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
            if updating {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try generated.contents.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
                XCTFail("missing golden \(fixture.goldenPath(generated)); run with NAARS_UPDATE_GOLDEN=1",
                        file: file, line: line)
                continue
            }
            XCTAssertEqual(generated.contents, golden,
                           "\(fixture.goldenPath(generated)) differs; run with NAARS_UPDATE_GOLDEN=1 if intended",
                           file: file, line: line)
        }
    }
}
