@testable import ContractsCheck
import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `check --fix` writing on disk: a save that lands between staging and a rename is kept and the files already
/// replaced are put back; a symbolic link is written through when it leads to a source the fix edits, refused
/// otherwise; read-only files and hard links are refused; a replaced file keeps its owner; a killed run's temporary
/// files are removed first. Every refusal names its file and writes nothing.
final class SourceFixWriteTests: XCTestCase {
    /// A file whose one misspelt literal the fix corrects.
    static let misspelt = "let t = NotificationType(rawValue: \"mesage\")\n"
    static let corrected = "let t = NotificationType(rawValue: \"message\")\n"

    func testASaveBetweenStagingAndItsRenameIsKeptAndTheOthersArePutBack() throws {
        let root = try project(["App/A.swift", "App/B.swift", "App/C.swift"])
        let before = try inodes(root, ["App/A.swift", "App/C.swift"])
        let fix = try plan(root)
        XCTAssertEqual(fix.files.map(\.path), ["App/A.swift", "App/B.swift", "App/C.swift"])
        var renamed: [String] = []
        XCTAssertThrowsError(try fix.write(root: root, registry: Self.registry, beforeEachRename: { path in
            renamed.append(path)
            // A's fix is in place by now; B is saved as Xcode saves: a new file renamed over it.
            if path == "App/B.swift" {
                XCTAssertEqual(try? self.text(root, "App/A.swift"), Self.corrected)
                try? Data("// saved meanwhile\n".utf8).write(to: root.appendingPathComponent(path), options: .atomic)
            }
        })) { error in
            XCTAssertEqual("\(error)", "App/B.swift:1:1: error: changed while `check --fix` ran; nothing was written: run it again")
        }
        XCTAssertEqual(renamed, ["App/A.swift", "App/B.swift"], "stops at the file that changed")
        XCTAssertEqual(try text(root, "App/B.swift"), "// saved meanwhile\n")
        XCTAssertEqual(try text(root, "App/A.swift"), Self.misspelt)
        XCTAssertEqual(try text(root, "App/C.swift"), Self.misspelt)
        XCTAssertEqual(try inodes(root, ["App/A.swift", "App/C.swift"]), before, "A is its original entry again, as it was")
        XCTAssertEqual(try names(root, "App"), ["A.swift", "B.swift", "C.swift", "NotificationType.swift"], "no temporary file is left")
    }

    /// An edit in place (same entry, same size) is caught too: the bytes are compared, not only the entry.
    func testAnEditInPlaceBeforeTheFirstRenameStopsTheRun() throws {
        let root = try project(["App/A.swift"])
        let fix = try plan(root)
        XCTAssertThrowsError(try fix.write(root: root, registry: Self.registry, beforeEachRename: { path in
            let handle = try? FileHandle(forWritingTo: root.appendingPathComponent(path))
            try? handle?.write(contentsOf: Data("//".utf8))
            try? handle?.close()
        })) { error in
            XCTAssertEqual("\(error)", "App/A.swift:1:1: error: changed while `check --fix` ran; nothing was written: run it again")
        }
        XCTAssertEqual(try text(root, "App/A.swift"), "//" + Self.misspelt.dropFirst(2))
        XCTAssertEqual(try names(root, "App"), ["A.swift", "NotificationType.swift"])
    }

    /// A source shared through a link: the real file gets the fix, the link stays a link.
    func testALinkToAnEditableSourceIsWrittenThrough() throws {
        let root = try project(["App/Shared/Kit.swift"])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Feature"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Feature/Kit.swift").path,
                                                   withDestinationPath: "../Shared/Kit.swift")
        let fix = try plan(root)
        XCTAssertEqual(fix.files.map(\.path), ["App/Feature/Kit.swift", "App/Shared/Kit.swift"])
        try fix.write(root: root, registry: Self.registry)
        XCTAssertTrue(ProjectWriteTarget.entryIsLink(root.appendingPathComponent("App/Feature/Kit.swift").path))
        XCTAssertEqual(try text(root, "App/Shared/Kit.swift"), Self.corrected)
        XCTAssertEqual(try plan(root).files.map(\.path), [], "nothing left to fix")
    }

    /// A link to a file the fix does not edit (outside `sources` here) is refused, located; nothing is written.
    func testALinkToAFileOutsideTheSourcesIsRefused() throws {
        let root = try project(["App/A.swift"], also: ["Shared/Kit.swift": Self.misspelt])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Kit.swift").path,
                                                   withDestinationPath: "../Shared/Kit.swift")
        let fix = try plan(root)
        XCTAssertEqual(fix.files.map(\.path), ["App/A.swift", "App/Kit.swift"])
        XCTAssertThrowsError(try fix.write(root: root, registry: Self.registry)) { error in
            XCTAssertEqual("\(error)", "App/Kit.swift:1:1: error: is a symbolic link (or in a linked folder) to Shared/Kit.swift, which is "
                           + "not a source `check --fix` edits (not in `sources`, or in a migration or output folder): fix it by hand")
        }
        XCTAssertTrue(ProjectWriteTarget.entryIsLink(root.appendingPathComponent("App/Kit.swift").path))
        XCTAssertEqual(try text(root, "Shared/Kit.swift"), Self.misspelt)
        XCTAssertEqual(try text(root, "App/A.swift"), Self.misspelt)
    }

    /// A link out of the project is never written through.
    func testALinkOutOfTheProjectIsRefused() throws {
        let outside = try CLIHarness.project(["Kit.swift": Self.misspelt])
        addTeardownBlock { try? FileManager.default.removeItem(at: outside) }
        let root = try project([])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Kit.swift").path,
                                                   withDestinationPath: outside.appendingPathComponent("Kit.swift").path)
        let fix = try plan(root)
        XCTAssertEqual(fix.files.map(\.path), ["App/Kit.swift"])
        XCTAssertThrowsError(try fix.write(root: root, registry: Self.registry)) { error in
            XCTAssertTrue("\(error)".hasPrefix("App/Kit.swift:1:1: error: is a symbolic link (or in a linked folder) to "), "\(error)")
            XCTAssertTrue("\(error)".contains(", outside the project;"), "\(error)")
        }
        XCTAssertEqual(try text(outside, "Kit.swift"), Self.misspelt)
        XCTAssertTrue(ProjectWriteTarget.entryIsLink(root.appendingPathComponent("App/Kit.swift").path))
    }

    func testAReadOnlyFileIsRefused() throws {
        let root = try project(["App/A.swift", "App/B.swift"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: root.appendingPathComponent("App/B.swift").path)
        XCTAssertThrowsError(try plan(root).write(root: root, registry: Self.registry)) { error in
            XCTAssertTrue("\(error)".hasPrefix("App/B.swift:1:1: error: is read-only;"), "\(error)")
        }
        XCTAssertEqual(try text(root, "App/A.swift"), Self.misspelt)
        XCTAssertEqual(try text(root, "App/B.swift"), Self.misspelt)
    }

    /// A file with a second name: a rename would leave that name with the old text.
    func testAHardLinkIsRefused() throws {
        let root = try project(["App/A.swift", "App/B.swift"])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Other"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: root.appendingPathComponent("App/B.swift"), to: root.appendingPathComponent("Other/B.swift"))
        XCTAssertThrowsError(try plan(root).write(root: root, registry: Self.registry)) { error in
            XCTAssertTrue("\(error)".hasPrefix("App/B.swift:1:1: error: has 2 names (a hard link);"), "\(error)")
        }
        XCTAssertEqual(try text(root, "App/A.swift"), Self.misspelt)
        XCTAssertEqual(try text(root, "Other/B.swift"), Self.misspelt)
        XCTAssertEqual(try inodes(root, ["App/B.swift"]), try inodes(root, ["Other/B.swift"]))
    }

    /// Run as root (`sudo`, a container), the fix leaves the user's file the user's.
    func testAReplacedFileKeepsItsOwnerAndGroup() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a file to another user")
        let root = try project(["App/A.swift"])
        XCTAssertEqual(chown(root.appendingPathComponent("App/A.swift").path, 12345, 12346), 0)
        try plan(root).write(root: root, registry: Self.registry)
        XCTAssertEqual(try text(root, "App/A.swift"), Self.corrected)
        let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("App/A.swift").path)
        XCTAssertEqual(attributes[.ownerAccountID] as? Int, 12345)
        XCTAssertEqual(attributes[.groupOwnerAccountID] as? Int, 12346)
    }

    /// A killed run left a staged file and a second name of an original (which would read as a hard link): both go
    /// before staging, in the folders the fix writes only, and only the writer's regular files.
    func testTemporaryFilesOfAKilledRunAreRemovedFirst() throws {
        let root = try project(["App/A.swift"], also: ["Other/.A.swift.naars-contracts-\(UUID().uuidString).tmp": "x",
                                                       "App/.notes.tmp": "mine", "App/.naars-contracts-\(UUID().uuidString).tmp": "mine"])
        let app = root.appendingPathComponent("App")
        let staged = ".A.swift.naars-contracts-\(UUID().uuidString).tmp", kept = ".A.swift.naars-contracts-\(UUID().uuidString).tmp"
        try Data("half".utf8).write(to: app.appendingPathComponent(staged))
        try FileManager.default.linkItem(at: app.appendingPathComponent("A.swift"), to: app.appendingPathComponent(kept))
        let folder = ".B.swift.naars-contracts-\(UUID().uuidString).tmp", link = ".C.swift.naars-contracts-\(UUID().uuidString).tmp"
        try FileManager.default.createDirectory(at: app.appendingPathComponent(folder), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent(link).path, withDestinationPath: "A.swift")
        let before = try names(root, "App")

        let removed = try plan(root).write(root: root, registry: Self.registry)
        XCTAssertEqual(removed, ["App/" + staged, "App/" + kept].sorted())
        XCTAssertEqual(try text(root, "App/A.swift"), Self.corrected)
        XCTAssertEqual(try names(root, "App"), before.filter { $0 != staged && $0 != kept })
        XCTAssertEqual(try names(root, "Other").count, 1, "a folder the fix does not write is left alone")
    }

    /// Through the CLI: a refusal is `path:1:1: error: ...` on standard error and exit 2.
    func testARefusalExitsTwoWithALocatedError() throws {
        let root = try project(["App/A.swift"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: root.appendingPathComponent("App/A.swift").path)
        let run = try CLIHarness.run(["check", "--fix", "--no-cache"], in: root)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("App/A.swift:1:1: error: is read-only;"), run.stderr)
        XCTAssertEqual(try text(root, "App/A.swift"), Self.misspelt)
    }

    // MARK: - Helpers

    static let registry = try! RegistryLoader.load(text: RuleExample.baseRegistry, file: "registry.yaml")

    /// A project on disk: each of `misspelt` holds `misspelt`, the first also the enum; `also` adds files.
    private func project(_ misspelt: [String], also: [String: String] = [:]) throws -> URL {
        var files: [String: String] = ["registry.yaml": RuleExample.baseRegistry, "database/001_init.sql": SourceFixTests.table]
        for path in misspelt { files[path] = Self.misspelt }
        files["App/NotificationType.swift"] = "enum NotificationType: String {\n    case message\n    case rideUpdate = \"ride_update\"\n}\n"
        files.merge(also) { $1 }
        let root = try CLIHarness.project(files)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    /// The fix of what the check finds in `root`, as `check --fix` plans it.
    private func plan(_ root: URL) throws -> SourceFix {
        let tree = SnapshotTree(DiskTree(root: root))
        return SourceFix.plan(try ContractCheck.findings(in: CheckContext(registry: Self.registry, tree: tree)), registry: Self.registry, tree: tree)
    }

    private func text(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private func names(_ root: URL, _ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted()
    }

    private func inodes(_ root: URL, _ paths: [String]) throws -> [Int] {
        try paths.map { try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent($0).path)[.systemFileNumber] as! Int }
    }
}
