import ContractsCheck
import ContractsGit
import ContractsTestSupport
import Foundation
import XCTest

final class HookScriptTests: XCTestCase {
    private let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// scripts/pre-commit is the hook `hook install` writes, minus what install records.
    /// NAARS_UPDATE_GOLDEN=1 rewrites it.
    func testScriptsPreCommitIsTheStandaloneHook() throws {
        let file = repoRoot.appendingPathComponent("scripts/pre-commit")
        let expected = PreCommitHookScript.standalone.text
        try assertGolden(expected, at: file, name: "scripts/pre-commit")
        if Golden.isUpdating {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: file.path))
    }

    func testRecordedValuesAreQuotedForTheShell() throws {
        let script = PreCommitHookScript(binary: "/opt/it's here/naars-contracts", registry: "app dir/registry.yaml",
                                         installed: true)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("naars-hook-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Keep the assignments only, then print them: bash must read back exactly what was recorded.
        let assignments = script.text.split(separator: "\n").filter { $0.hasPrefix("recorded_binary=") || $0.hasPrefix("registry=") }
        try writeScript(dir.appendingPathComponent("t.sh"),
                        assignments.joined(separator: "\n") + "\nprintf '%s|%s' \"$recorded_binary\" \"$registry\"")

        let result = try runTestProcess("bash", [dir.appendingPathComponent("t.sh").path], in: dir)

        XCTAssertEqual(result.output, "/opt/it's here/naars-contracts|app dir/registry.yaml")
    }

    func testOnlyTheInstalledVariantCarriesTheInstalledMarker() {
        XCTAssertTrue(PreCommitHookInstaller.isOurs(Data(PreCommitHookScript(binary: nil, registry: nil, installed: true).text.utf8)))
        XCTAssertFalse(PreCommitHookInstaller.isOurs(Data(PreCommitHookScript.standalone.text.utf8)))
        XCTAssertFalse(PreCommitHookInstaller.isOurs(Data("#!/bin/sh\n# mentions naars-contracts hook install\n".utf8)))
    }

    func testHookScriptIsValidBash() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("naars-hook-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("pre-commit")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(PreCommitHookScript(binary: "/x", registry: "r.yaml", installed: true).text.utf8).write(to: file)

        let result = try runTestProcess("bash", ["-n", file.path], in: dir)

        XCTAssertEqual(result.status, 0, result.output)
    }
}
