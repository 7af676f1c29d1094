import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
import Yams

/// action.yml: a valid composite action whose steps, run as a runner runs them, install the tool from an artifact
/// bundle, annotate drift, write SARIF for the upload and fail the job last.
final class ActionManifestTests: XCTestCase {
    private func action() throws -> [String: Any] {
        let text = try String(contentsOf: DistributionHarness.repoRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        return try XCTUnwrap(try Yams.load(yaml: text) as? [String: Any])
    }

    func testTheManifestIsACompleteCompositeAction() throws {
        let action = try action()
        XCTAssertFalse((action["name"] as? String ?? "").isEmpty)
        XCTAssertFalse((action["description"] as? String ?? "").isEmpty)
        let runs = try XCTUnwrap(action["runs"] as? [String: Any])
        XCTAssertEqual(runs["using"] as? String, "composite")
        let steps = try XCTUnwrap(runs["steps"] as? [[String: Any]])
        let inputs = try XCTUnwrap(action["inputs"] as? [String: [String: Any]])
        for (name, spec) in inputs {
            XCTAssertNotNil(spec["description"] as? String, "input \(name) has no description")
        }
        let ids = Set(steps.compactMap { $0["id"] as? String })
        let text = try String(contentsOf: DistributionHarness.repoRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        for reference in text.matches(of: #/\$\{\{\s*([a-z]+)\.([a-z0-9-]+)(?:\.outputs\.([a-z0-9-]+))?\s*\}\}/#) {
            switch reference.output.1 {
            case "inputs": XCTAssertNotNil(inputs[String(reference.output.2)], "undeclared input \(reference.output.2)")
            case "steps": XCTAssertTrue(ids.contains(String(reference.output.2)), "no step with id \(reference.output.2)")
            default: XCTFail("unexpected expression \(reference.output.0)")
            }
        }
        for step in steps {
            XCTAssertTrue((step["run"] == nil) != (step["uses"] == nil), "a step runs a script or uses an action: \(step)")
            if step["run"] != nil { XCTAssertEqual(step["shell"] as? String, "bash", "composite run steps need a shell") }
        }
        let uses = steps.compactMap { $0["uses"] as? String }
        XCTAssertTrue(uses.contains { $0.hasPrefix("actions/cache@") })
        XCTAssertTrue(uses.contains { $0.hasPrefix("github/codeql-action/upload-sarif@") })
        let cache = try XCTUnwrap(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true })
        XCTAssertEqual((cache["with"] as? [String: Any])?["key"] as? String, "${{ steps.version.outputs.key }}")
        let outputs = try XCTUnwrap(action["outputs"] as? [String: [String: Any]])
        XCTAssertEqual(Set(outputs.keys), ["version", "exit-code", "sarif-file"])
    }

    /// The bundle the action installs: the packaged one when scripts/test made it, else one around the debug binary.
    private func zippedBundle(in folder: URL) throws -> URL {
        if let packaged = DistributionHarness.packagedBundle { return packaged }
        let bundle = try DistributionHarness.makeBundle(of: DistributionHarness.builtBinary, in: folder)
        try DistributionHarness.run("zip", ["-qry", "naars-contracts.artifactbundle.zip", bundle.lastPathComponent], in: folder)
        return folder.appendingPathComponent("naars-contracts.artifactbundle.zip")
    }

    private func sha256(_ file: URL) throws -> String {
        String(try DistributionHarness.run("sha256sum", [file.path]).stdout.prefix(64))
    }

    func testTheStepsInstallFromABundleAnnotateDriftWriteSARIFAndFailLast() throws {
        let work = try DistributionHarness.temporaryFolder("action")
        let zip = try zippedBundle(in: work)
        let project = work.appendingPathComponent("repo")
        try DistributionHarness.cleanProject(in: project, tool: DistributionHarness.builtBinary)
        try DistributionHarness.addDrift(in: project)

        var runner = try ActionRunner(workspace: project, inputs: [
            "bundle-url": zip.absoluteString, "bundle-sha256": try sha256(zip),
        ])
        let (status, log) = try runner.runAll()
        XCTAssertEqual(status, 1, "the last step fails with the check's status:\n\(log)")
        XCTAssertEqual(runner.outputs["version"]?["version"], ToolVersion.version)
        XCTAssertTrue(runner.outputs["version"]?["key"]?.hasPrefix("naars-contracts-\(ToolVersion.version)-Linux-X64-") == true,
                      "the cache key starts with the version: \(runner.outputs["version"] ?? [:])")
        XCTAssertEqual(runner.outputs["check"]?["exit-code"], "1")
        XCTAssertTrue(log.contains("::error file=generated/Swift/NotificationType.swift,line="), log)
        let sarifPath = try XCTUnwrap(runner.outputs["sarif"]?["file"])
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarifPath))) as? [String: Any])
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")
        XCTAssertTrue(try String(contentsOfFile: sarifPath, encoding: .utf8).contains("generated-stale"))
        let upload = try XCTUnwrap(runner.usedActions.first { $0.uses.hasPrefix("github/codeql-action/upload-sarif@") })
        XCTAssertEqual(upload.with["sarif_file"], sarifPath, "the upload gets the file the SARIF step wrote")
        XCTAssertEqual(upload.with["category"], "naars-contracts")
    }

    func testACleanProjectPassesAndABadChecksumStopsTheInstall() throws {
        let work = try DistributionHarness.temporaryFolder("action-clean")
        let zip = try zippedBundle(in: work)
        let project = work.appendingPathComponent("repo")
        try DistributionHarness.cleanProject(in: project, tool: DistributionHarness.builtBinary)

        var clean = try ActionRunner(workspace: project, inputs: ["bundle-url": zip.absoluteString, "sarif": "false"])
        let (status, log) = try clean.runAll()
        XCTAssertEqual(status, 0, log)
        XCTAssertEqual(clean.outputs["check"]?["exit-code"], "0")
        XCTAssertFalse(clean.usedActions.contains { $0.uses.contains("upload-sarif") }, "sarif: false uploads nothing")

        var tampered = try ActionRunner(workspace: project, inputs: [
            "bundle-url": zip.absoluteString, "bundle-sha256": String(repeating: "0", count: 64),
        ])
        let (badStatus, badLog) = try tampered.runAll()
        XCTAssertNotEqual(badStatus, 0, badLog)
        XCTAssertNil(tampered.outputs["check"], "nothing runs after a failed install")
    }
}
