import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// The zipped artifact bundle scripts/package makes, unpacked in a clean folder: its info.json, a binary that
/// needs neither the Swift runtime nor libpg_query nor libpq, stripped, and that checks a project with an empty library path.
///
/// Needs the bundle: `NAARS_TEST_PACKAGE=1 scripts/test` (by hand before a release; .ci/run does not) makes it with one release build and
/// passes its path in `NAARS_TEST_ARTIFACT_BUNDLE`; without it these tests are skipped.
final class ArtifactBundleTests: XCTestCase {
    /// Libraries every Linux system has. Not libpq: `check --database-url` loads it at run time, nothing links it.
    static let systemLibraries: Set<String> = [
        "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libdl.so.2", "libpthread.so.0", "librt.so.1",
        "libutil.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
    ]

    private func unpacked() throws -> (bundle: URL, binary: URL, info: [String: Any]) {
        guard let zip = DistributionHarness.packagedBundle else {
            throw XCTSkip("NAARS_TEST_ARTIFACT_BUNDLE is not set (NAARS_TEST_PACKAGE=1 scripts/test sets it; .ci/run does not)")
        }
        let bundle = try DistributionHarness.unzipBundle(zip, into: try DistributionHarness.temporaryFolder("bundle"))
        let info = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("info.json"))) as? [String: Any])
        let artifact = try XCTUnwrap((info["artifacts"] as? [String: Any])?["naars-contracts"] as? [String: Any])
        let variant = try XCTUnwrap((artifact["variants"] as? [[String: Any]])?.first)
        let binary = bundle.appendingPathComponent(try XCTUnwrap(variant["path"] as? String))
        return (bundle, binary, info)
    }

    func testInfoJSONDescribesTheExecutable() throws {
        let (_, binary, info) = try unpacked()
        XCTAssertEqual(info["schemaVersion"] as? String, "1.0")
        let artifact = try XCTUnwrap((info["artifacts"] as? [String: Any])?["naars-contracts"] as? [String: Any])
        XCTAssertEqual(artifact["type"] as? String, "executable")
        XCTAssertEqual(artifact["version"] as? String, ToolVersion.version)
        let variants = try XCTUnwrap(artifact["variants"] as? [[String: Any]])
        XCTAssertEqual(variants.count, 1)
        XCTAssertEqual(variants[0]["supportedTriples"] as? [String], [DistributionHarness.hostTriple])
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "unzip kept the executable bit")
    }

    func testTheBinaryNeedsOnlySystemLibrariesAndIsStripped() throws {
        let (_, binary, _) = try unpacked()
        let dynamic = try DistributionHarness.run("readelf", ["--dynamic", binary.path]).stdout
        let needed = dynamic.matches(of: #/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/#).map { String($0.output.1) }
        XCTAssertFalse(needed.isEmpty, "a dynamically linked binary names libc at least:\n\(dynamic)")
        XCTAssertEqual(Set(needed).subtracting(Self.systemLibraries), [], "libraries beyond the system's")
        for path in dynamic.matches(of: #/Library (?:rpath|runpath): \[([^\]]*)\]/#).flatMap({ $0.output.1.split(separator: ":") }) {
            XCTAssertEqual(path, "$ORIGIN", "no search path into a toolchain:\n\(dynamic)")
        }

        let ldd = try DistributionHarness.run("ldd", [binary.path], environment: ["PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": ""]).stdout
        XCTAssertFalse(ldd.contains("not found"), ldd)
        for name in ["swift", "Foundation", "dispatch", "pg_query", "icu", "libpq", "ssl"] {
            XCTAssertFalse(ldd.lowercased().contains(name.lowercased()), "\(name) in:\n\(ldd)")
        }
        let sections = try DistributionHarness.run("readelf", ["--section-headers", "--wide", binary.path]).stdout
        XCTAssertFalse(sections.contains(".symtab"), "the binary is stripped")
    }

    func testTheUnpackedBinaryChecksAProjectWithAnEmptyLibraryPath() throws {
        let (_, binary, _) = try unpacked()
        let environment = ["PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": "", "HOME": NSTemporaryDirectory()]
        let version = try DistributionHarness.run(binary.path, ["--help"], environment: environment)
        XCTAssertTrue(version.stdout.contains("check"), version.stdout)

        let project = try DistributionHarness.temporaryFolder("bundle-project")
        try DistributionHarness.cleanProject(in: project, tool: binary)
        // A migration, so PostgreSQL's parser (linked in) runs.
        try Data("ALTER TABLE notifications ADD COLUMN seen boolean;\n".utf8)
            .write(to: project.appendingPathComponent("database/002_seen.sql"))
        try DistributionHarness.run(binary.path, ["check", "--format", "xcode"], in: project, environment: environment, expecting: 0)
        try Data("ALTER TABLE notifications ADD COLUMN seen boolean\n".utf8 + Data("SELEC 1;\n".utf8))
            .write(to: project.appendingPathComponent("database/002_seen.sql"))
        let broken = try DistributionHarness.run(binary.path, ["check", "--format", "xcode"], in: project,
                                                 environment: environment, expecting: nil)
        XCTAssertTrue(broken.stdout.contains("database/002_seen.sql:2:1: error:") && broken.stdout.contains("sql-syntax-error"),
                      "libpg_query's own syntax error, from the static library:\n\(broken.stdout)")
        try DistributionHarness.addDrift(in: project)
        let drift = try DistributionHarness.run(binary.path, ["check", "--format", "xcode"], in: project,
                                                environment: environment, expecting: 1)
        XCTAssertTrue(drift.stdout.contains("(generated-stale)"), drift.stdout)
    }
}
