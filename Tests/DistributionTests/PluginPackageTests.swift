import ContractsTestSupport
import Foundation
import XCTest

/// The SwiftPM plugins in a package that uses them, built by `swift build` on this machine: a drift fails the
/// build, a clean project builds, and the command plugin checks and regenerates.
///
/// The package declares the repository's plugin sources (copied, the same files) with a binary target for the tool
/// (the packaged artifact bundle when scripts/test made one, else one around the debug binary), so the test does
/// not build the tool a second time from source. `testThePackageDeclaresThePlugins` checks that this repository's
/// own manifest declares them the same way.
final class PluginPackageTests: XCTestCase {
    private static let manifest = """
        // swift-tools-version:5.10
        import PackageDescription

        let package = Package(
            name: "PluginUser",
            targets: [
                .binaryTarget(name: "naars-contracts", path: "Tools/naars-contracts.artifactbundle"),
                .plugin(name: "NaarsContractsBuildToolPlugin", capability: .buildTool(), dependencies: ["naars-contracts"]),
                .plugin(
                    name: "NaarsContractsCommandPlugin",
                    capability: .command(
                        intent: .custom(verb: "naars-contracts", description: "naars-contracts"),
                        permissions: [.writeToPackageDirectory(reason: "generate")]
                    ),
                    dependencies: ["naars-contracts"]
                ),
                // The app's contract, compiled as generated, checked on every build.
                .target(name: "Contract", path: "generated/Swift", plugins: ["NaarsContractsBuildToolPlugin"]),
            ]
        )
        """

    private func makePackage() throws -> URL {
        let root = try DistributionHarness.temporaryFolder("plugin-user")
        try DistributionHarness.cleanProject(in: root, tool: DistributionHarness.builtBinary)
        try Data(Self.manifest.utf8).write(to: root.appendingPathComponent("Package.swift"))
        let tools = root.appendingPathComponent("Tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        if let packaged = DistributionHarness.packagedBundle {
            _ = try DistributionHarness.unzipBundle(packaged, into: tools)
        } else {
            _ = try DistributionHarness.makeBundle(of: DistributionHarness.builtBinary, in: tools)
        }
        let plugins = root.appendingPathComponent("Plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        for name in ["NaarsContractsBuildToolPlugin", "NaarsContractsCommandPlugin"] {
            try FileManager.default.copyItem(at: DistributionHarness.repoRoot.appendingPathComponent("Plugins/\(name)"),
                                             to: plugins.appendingPathComponent(name))
        }
        return root
    }

    /// `swift` with the environment of a developer's shell: the variables `swift test` sets for its own run left out.
    private func swift(_ arguments: [String], in folder: URL, expecting status: Int32?,
                       file: StaticString = #filePath, line: UInt = #line) throws -> ProcessOutput {
        let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("XCTest") && !$0.key.hasPrefix("SWIFTPM_") }
        return try DistributionHarness.run("swift", arguments, in: folder, environment: environment,
                                           expecting: status, file: file, line: line)
    }

    func testDriftFailsTheBuildAndTheCommandPluginRegenerates() throws {
        let root = try makePackage()
        let clean = try swift(["build"], in: root, expecting: 0)
        XCTAssertTrue(clean.stdout.contains("naars-contracts check (Contract)"), "the check ran:\n\(clean.stdout)")

        try DistributionHarness.addDrift(in: root)
        let drift = try swift(["build"], in: root, expecting: nil)
        XCTAssertNotEqual(drift.status, 0, "a drift must fail the build:\n\(drift.stdout)")
        XCTAssertTrue(drift.stdout.contains("NotificationType.swift:"), drift.stdout)
        XCTAssertTrue(drift.stdout.contains("error: ") && drift.stdout.contains("(generated-stale)"), drift.stdout)

        // Failing again on the next build: a failed check leaves no stamp behind to mark it done.
        let again = try swift(["build"], in: root, expecting: nil)
        XCTAssertNotEqual(again.status, 0, again.stdout)

        let check = try swift(["package", "--allow-writing-to-package-directory", "naars-contracts", "check"],
                              in: root, expecting: nil)
        XCTAssertNotEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("generated-stale"), check.stdout)

        try swift(["package", "--allow-writing-to-package-directory", "naars-contracts", "generate"], in: root, expecting: 0)
        let fixed = try swift(["build"], in: root, expecting: 0)
        XCTAssertTrue(fixed.stdout.contains("naars-contracts check (Contract)"), "an edited input reruns the check:\n\(fixed.stdout)")

        // Nothing changed: the check is not run again.
        let unchanged = try swift(["build"], in: root, expecting: 0)
        XCTAssertFalse(unchanged.stdout.contains("naars-contracts check (Contract)"), unchanged.stdout)

        // A migration outside the target is an input too.
        try Data("-- a comment\n".utf8).write(to: root.appendingPathComponent("database/002_comment.sql"))
        let migration = try swift(["build"], in: root, expecting: 0)
        XCTAssertTrue(migration.stdout.contains("naars-contracts check (Contract)"), migration.stdout)
    }

    /// A dangling `registry.yaml` link stops the plugin's search as it stops the tool's: the check says what is
    /// wrong with it, never passing on a parent folder's registry.
    func testADanglingRegistryLinkIsNotPassedOverForAParentsRegistry() throws {
        let root = try makePackage()
        // The folder around the package is a clean project: a search that went past the link would pass on it.
        let outer = try DistributionHarness.temporaryFolder("plugin-parent")
        try DistributionHarness.cleanProject(in: outer, tool: DistributionHarness.builtBinary)
        let app = outer.appendingPathComponent("app")
        try FileManager.default.moveItem(at: root, to: app)
        let registry = app.appendingPathComponent("registry.yaml")
        try FileManager.default.removeItem(at: registry)
        try FileManager.default.createSymbolicLink(atPath: registry.path, withDestinationPath: "contracts.yaml")
        let build = try swift(["build"], in: app, expecting: nil)
        XCTAssertNotEqual(build.status, 0, build.stdout)
        XCTAssertTrue(build.stdout.contains("cannot read the registry: it is a symbolic link to a file that does not exist"), build.stdout)
    }

    func testGenerateWithoutWritePermissionIsRefused() throws {
        let root = try makePackage()
        try DistributionHarness.addDrift(in: root)
        let before = try Data(contentsOf: root.appendingPathComponent("generated/Swift/NotificationType.swift"))
        let refused = try swift(["package", "naars-contracts", "generate"], in: root, expecting: nil)
        XCTAssertNotEqual(refused.status, 0, refused.stdout)
        XCTAssertTrue(refused.stdout.contains("allow-writing-to-package-directory"), refused.stdout)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("generated/Swift/NotificationType.swift")), before)
    }

    func testThePackageDeclaresThePlugins() throws {
        let manifest = try String(contentsOf: DistributionHarness.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let flattened = manifest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for declaration in [
            #".plugin(name: "NaarsContractsCommandPlugin", targets: ["NaarsContractsCommandPlugin"])"#,
            #".plugin(name: "NaarsContractsBuildToolPlugin", targets: ["NaarsContractsBuildToolPlugin"])"#,
            #".plugin(name: "NaarsContractsBuildToolPlugin", capability: .buildTool(), dependencies: ["naars-contracts"])"#,
            #"intent: .custom(verb: "naars-contracts","#,
            #"permissions: [.writeToPackageDirectory("#,
        ] {
            XCTAssertTrue(flattened.contains(declaration), "Package.swift lacks \(declaration)")
        }
    }
}
