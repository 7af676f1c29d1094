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

        try staged.stage(GeneratedFile(path: "new/deeper/A.swift", contents: "a\n"))
        try staged.stageRemoval("out/Old.swift")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/Old.swift").path), "moved aside")
        XCTAssertThrowsError(try staged.stage(GeneratedFile(path: "blocker/B.swift", contents: "b\n"))) { error in
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

        try staged.stage(GeneratedFile(path: "out/A.swift", contents: "a\n"))
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
            try staged.stage(GeneratedFile(path: "out/\(name)", contents: "new\n"))
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
}
