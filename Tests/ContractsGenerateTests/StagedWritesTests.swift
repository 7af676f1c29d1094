import ContractsCore
@testable import ContractsGenerate
import Foundation
import XCTest

/// A failure while staging undoes everything staged so far: temporary files, folders created, files moved aside.
final class StagedWritesTests: XCTestCase {
    func testAFailedStageRollsBackTemporaryFilesFoldersAndRemovals() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-staged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: root.appendingPathComponent("out/Old.swift"))
        try Data("a file, not a folder\n".utf8).write(to: root.appendingPathComponent("blocker"))
        var staged = StagedWrites(root: root)

        try staged.stage(GeneratedFile(path: "new/deeper/A.swift", contents: "a\n"), replacing: nil)
        try staged.stageRemoval("out/Old.swift")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/Old.swift").path), "moved aside")
        XCTAssertThrowsError(try staged.stage(GeneratedFile(path: "blocker/B.swift", contents: "b\n"), replacing: nil)) { error in
            XCTAssertTrue("\(error)".hasPrefix("blocker/B.swift:1:1: error: cannot create a temporary file next to it ("), "\(error)")
        }
        staged.rollBack()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), ["blocker", "out"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path), ["Old.swift"])
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("out/Old.swift"), encoding: .utf8), "old\n")
    }

    func testCommitRenamesEveryStagedFileAndDeletesRemovals() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-staged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: root.appendingPathComponent("out/Old.swift"))
        var staged = StagedWrites(root: root)

        try staged.stage(GeneratedFile(path: "out/A.swift", contents: "a\n"), replacing: nil)
        try staged.stageRemoval("out/Old.swift")
        try staged.commit()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path), ["A.swift"])
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("out/A.swift"), encoding: .utf8), "a\n")
    }

    func testAReplacedFileKeepsItsPermissionsAndANewOneGetsTheDefault() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-staged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        for (name, mode) in [("Script.ts", 0o755), ("Private.swift", 0o600)] {
            let url = root.appendingPathComponent("out/\(name)")
            try Data("old\n".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
        var staged = StagedWrites(root: root)
        for name in ["Script.ts", "Private.swift", "New.swift"] {
            try staged.stage(GeneratedFile(path: "out/\(name)", contents: "new\n"),
                             replacing: FileState.read(root.appendingPathComponent("out/\(name)").path))
        }
        try staged.commit()

        func mode(_ name: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("out/\(name)").path)[.posixPermissions] as! Int
        }
        XCTAssertEqual(try mode("Script.ts"), 0o755)
        XCTAssertEqual(try mode("Private.swift"), 0o600)
        let mask = umask(0)
        umask(mask)
        XCTAssertEqual(try mode("New.swift"), 0o644 & ~Int(mask))
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("out/Script.ts"), encoding: .utf8), "new\n")
    }

    /// A hand-written file that appears where `generate` creates one, after staging: it is kept, and the generated
    /// file already renamed into place is put back (its original entry, as it was).
    func testAFileMadeBetweenStagingAndItsRenameIsNeverReplaced() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-staged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        let old = root.appendingPathComponent("out/A.swift")
        try Data("old\n".utf8).write(to: old)
        let inode = try FileManager.default.attributesOfItem(atPath: old.path)[.systemFileNumber] as? Int
        var writer = GeneratedFileWriter(root: root, command: "generate")
        writer.beforeEachRename = { path in
            guard path == "out/B.swift" else { return }
            XCTAssertEqual(try? String(contentsOf: old, encoding: .utf8), "a\n", "A is replaced first")
            try? Data("mine\n".utf8).write(to: root.appendingPathComponent(path))
        }
        XCTAssertThrowsError(try writer.write([], judged: [GeneratedFile(path: "out/A.swift", contents: "a\n"),
                                                         GeneratedFile(path: "out/B.swift", contents: "b\n")])) { error in
            XCTAssertEqual("\(error)", "out/B.swift:1:1: error: changed while `generate` ran; nothing was written: run it again")
        }
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("out/B.swift"), encoding: .utf8), "mine\n")
        XCTAssertEqual(try String(contentsOf: old, encoding: .utf8), "old\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: old.path)[.systemFileNumber] as? Int, inode)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path).sorted(),
                       ["A.swift", "B.swift"])
    }

    /// Run as root, a replaced file keeps its owner and group (`generate` and `check --fix` alike).
    func testAReplacedFileKeepsItsOwnerAndGroup() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a file to another user")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-staged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        let url = root.appendingPathComponent("out/A.swift")
        try Data("old\n".utf8).write(to: url)
        XCTAssertEqual(chown(url.path, 12345, 12346), 0)
        var staged = StagedWrites(root: root)
        try staged.stage(GeneratedFile(path: "out/A.swift", contents: "new\n"), replacing: FileState.read(url.path))
        try staged.commit()
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "new\n")
        XCTAssertEqual(attributes[.ownerAccountID] as? Int, 12345)
        XCTAssertEqual(attributes[.groupOwnerAccountID] as? Int, 12346)
    }
}
