@testable import ContractsCache
@testable import ContractsCheck
import ContractsCore
import Foundation
import XCTest

/// The working tree's cache is validated from file stamps (size, modified and changed times in nanoseconds,
/// inode, device), as git's index is: an unchanged file is not read again, any stamp that moved sends the
/// file back to be hashed from the bytes read, and a stamp taken too soon after the file's last change
/// ("racily clean") is never trusted. The findings are always those of a run without the cache.
final class CheckCacheStampTests: XCTestCase {
    private var root: URL!
    private var runs = 0

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-stamps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("src"), withIntermediateDirectories: true)
        runs = 0
        try write("registry.yaml", "v: 1\n")
        try write("src/a.swift", "ok\nDRIFT\n")
        try write("src/b.swift", "ok\nok\n")
        // Every file settled: stamped well before the first run.
        try age(["registry.yaml", "src/a.swift", "src/b.swift"])
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    /// Sets the files' modified time `seconds` into the past (their changed time is now: that is what
    /// `settle` guards, so the first run after this still hashes them; see `settle()`).
    private func age(_ paths: [String], seconds: Int = 3600) throws {
        for path in paths {
            try setModified(path, to: Int64(Date().timeIntervalSince1970 - Double(seconds)) * 1_000_000_000)
        }
    }

    private func setModified(_ path: String, to nanoseconds: Int64) throws {
        var times = [timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000)),
                     timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))]
        XCTAssertEqual(utimensat(AT_FDCWD, root.appendingPathComponent(path).path, &times, 0), 0)
    }

    private func stamp(_ path: String) -> FileStamp { FileStamp.of(path: root.appendingPathComponent(path).path)! }

    /// The same stand-in check as CheckCacheTests, over the disk: one finding per DRIFT line of each file in src/.
    /// `warm`: with the cache's first steps begun beforehand (as `check` begins them while it parses its
    /// arguments), on a cache of `warmName` and a tree at `warmRoot` (the check's own by default).
    private func check(warm: Bool = false, warmName: String = "check",
                       warmRoot: URL? = nil) throws -> (findings: [String], cached: Bool, stats: CheckCacheStats) {
        let cache = CheckCache(root: root, name: "check", toolIdentity: "0.2.0+digest")
        let stats = CheckCacheStats()
        let tree = DiskTree(root: root)
        let warmStart = warm ? CheckCache.WarmStart(cache: CheckCache(root: root, name: warmName, toolIdentity: "0.2.0+digest"),
                                                    tree: DiskTree(root: warmRoot ?? root)) : nil
        warmStart?.wait()
        let result = try cache.findings(in: tree, registryBytes: try tree.read("registry.yaml"), stats: stats,
                                        warmStart: warmStart) { tree, _ in
            runs += 1
            return try tree.files(under: "src").flatMap { path -> [Finding] in
                let lines = try tree.readText(path).split(separator: "\n", omittingEmptySubsequences: false)
                return lines.enumerated().filter { $0.element.contains("DRIFT") }.map { index, _ in
                    Finding(ruleID: "test-drift", severity: .error, message: "drift",
                            location: SourceLocation(file: path, line: index + 1, column: 1))
                }
            }
        }
        return (result.findings.map { "\($0.location.file):\($0.location.line)" }, result.cached, stats)
    }

    /// The stamps a run stores are those of files whose last change is `settle` old; the files written in
    /// `setUp` changed (their inode) just now, so the index they are stamped into is replaced by one built
    /// as if hashed later.
    private func settle() throws {
        let file = root.appendingPathComponent(".naars-contracts-cache/check.stamps")
        let key = "\(CheckCache.format) check 0.2.0+digest"
        let index = StampIndex()
        for path in ["src/a.swift", "src/b.swift"] {
            let bytes = try Data(contentsOf: root.appendingPathComponent(path))
            let stamp = stamp(path)
            index.record(path, stamp: stamp, fingerprint: ContentHash.hex(bytes), hashedAt: stamp.changed + StampIndex.settle)
        }
        try index.encoded(key: key).write(to: file)
    }

    func testAnUnchangedTreeIsAnsweredWithoutReadingAFile() throws {
        let first = try check()
        try settle()
        let second = try check()
        XCTAssertFalse(first.cached)
        XCTAssertTrue(second.cached)
        XCTAssertEqual(second.findings, first.findings)
        XCTAssertEqual(second.stats.filesHashed, [], "no file read: every stamp held")
        XCTAssertEqual(runs, 1)
    }

    /// Begun early, the first steps answer exactly as the run would: a hit when nothing changed, with no
    /// file read; the run and its findings when a file changed; ignored when begun for another cache or tree.
    func testAWarmStartAnswersAsTheRunWould() throws {
        let first = try check(warm: true)
        XCTAssertFalse(first.cached, "no stored entry yet")
        try settle()
        let warm = try check(warm: true)
        XCTAssertTrue(warm.cached)
        XCTAssertEqual(warm.findings, first.findings)
        XCTAssertEqual(warm.stats.filesHashed, [], "no file read: every stamp held")
        XCTAssertEqual(runs, 1)

        try write("src/b.swift", "DRIFT\nok\n")
        let edited = try check(warm: true)
        XCTAssertFalse(edited.cached)
        XCTAssertEqual(edited.findings, ["src/a.swift:2", "src/b.swift:1"])
        XCTAssertEqual(runs, 2)

        // Begun for another cache, or on another folder: not used (the run reads and judges for itself).
        let elsewhere = root.appendingPathComponent("src")
        for (name, folder) in [("check-staged", root!), ("check", elsewhere)] {
            try write("src/b.swift", "ok\nok\n")
            let other = try check(warm: true, warmName: name, warmRoot: folder)
            XCTAssertFalse(other.cached, "\(name) in \(folder.lastPathComponent)")
            XCTAssertEqual(other.findings, ["src/a.swift:2"])
            try write("src/b.swift", "DRIFT\nok\n")
            XCTAssertEqual(try check(warm: true, warmName: name, warmRoot: folder).findings, ["src/a.swift:2", "src/b.swift:1"])
        }
    }

    func testAFileChangedJustBeforeTheRunIsHashedEveryTimeUntilItSettles() throws {
        try write("src/b.swift", "ok\nok\n")   // changed now: racily clean for the next two seconds
        _ = try check()
        let second = try check()
        XCTAssertTrue(second.cached)
        XCTAssertTrue(second.stats.filesHashed.contains("src/b.swift"), "\(second.stats.filesHashed)")
    }

    func testATouchedButUnchangedFileIsHashedAgainAndStillServedFromTheCache() throws {
        _ = try check()
        try settle()
        try setModified("src/b.swift", to: stamp("src/b.swift").modified + 5_000_000_000)
        let touched = try check()
        XCTAssertTrue(touched.cached, "same bytes, same findings: nothing runs")
        XCTAssertEqual(touched.stats.filesHashed, ["src/b.swift"])
        XCTAssertEqual(touched.findings, ["src/a.swift:2"])
        XCTAssertEqual(runs, 1)
    }

    func testASameSizeEditWithTheSameModifiedTimeIsDetected() throws {
        _ = try check()
        try settle()
        // Rewritten within the same second, and its modified time put back exactly: only the changed time
        // (and, below, the inode) tells.
        let before = stamp("src/b.swift")
        try write("src/b.swift", "DRIFT\n")
        XCTAssertEqual(stamp("src/b.swift").size, before.size)
        try setModified("src/b.swift", to: before.modified)
        let after = try check()
        XCTAssertFalse(after.cached)
        XCTAssertEqual(after.findings, ["src/a.swift:2", "src/b.swift:1"])
    }

    func testAFileReplacedByAnotherInodeIsDetected() throws {
        _ = try check()
        try settle()
        let before = stamp("src/b.swift")
        let replacement = root.appendingPathComponent("src/b.swift.new")
        try Data("DRIFT\n".utf8).write(to: replacement)
        XCTAssertEqual(rename(replacement.path, root.appendingPathComponent("src/b.swift").path), 0)
        try setModified("src/b.swift", to: before.modified)
        XCTAssertNotEqual(stamp("src/b.swift").inode, before.inode)
        let after = try check()
        XCTAssertFalse(after.cached)
        XCTAssertEqual(after.findings, ["src/a.swift:2", "src/b.swift:1"])
    }

    func testASizeChangeIsDetected() throws {
        _ = try check()
        try settle()
        try write("src/b.swift", "ok\nok\nDRIFT\n")
        let after = try check()
        XCTAssertFalse(after.cached)
        XCTAssertEqual(after.findings, ["src/a.swift:2", "src/b.swift:3"])
    }

    func testADamagedStampLineIsDroppedNotTrusted() throws {
        _ = try check()
        try settle()
        // b's line now claims a's fingerprint (checksum left as it was): b must be read, not believed.
        let file = root.appendingPathComponent(".naars-contracts-cache/check.stamps")
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let a = try XCTUnwrap(lines.firstIndex { $0.contains("\tsrc/a.swift\t") })
        let b = try XCTUnwrap(lines.firstIndex { $0.contains("\tsrc/b.swift\t") })
        var fields = lines[b].split(separator: "\t").map(String.init)
        fields[5] = lines[a].split(separator: "\t").map(String.init)[5]
        lines[b] = fields.joined(separator: "\t")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let after = try check()
        XCTAssertTrue(after.cached)
        XCTAssertEqual(after.stats.filesHashed, ["src/b.swift"])
        XCTAssertEqual(after.findings, ["src/a.swift:2"])
    }

    // MARK: - The index itself

    private let settled = FileStamp(size: 10, modified: 1_000_000_000_000, changed: 1_000_000_000_000, inode: 7, device: 2)

    private func roundTrip(_ index: StampIndex, key: String = "k") -> StampIndex {
        StampIndex(stored: StampIndex.decode(index.encoded(key: key), key: "k"))
    }

    func testAStampHashedWithinTheSettleTimeOfTheFilesLastChangeIsNeverStored() {
        let index = StampIndex()
        index.record("young", stamp: settled, fingerprint: "f1", hashedAt: settled.modified + StampIndex.settle - 1)
        index.record("old", stamp: settled, fingerprint: "f2", hashedAt: settled.modified + StampIndex.settle)
        // A changed time later than the modified time counts too (a rename, a chmod).
        var renamed = settled
        renamed.changed += 1_500_000_000
        index.record("renamed", stamp: renamed, fingerprint: "f3", hashedAt: settled.modified + StampIndex.settle)
        let next = roundTrip(index)
        XCTAssertNil(next.fingerprint("young", stamp: settled), "racily clean: read again")
        XCTAssertEqual(next.fingerprint("old", stamp: settled), "f2")
        XCTAssertNil(next.fingerprint("renamed", stamp: renamed))
    }

    func testEveryFieldOfTheStampCounts() {
        let index = StampIndex()
        index.record("f", stamp: settled, fingerprint: "h", hashedAt: settled.modified + 10 * StampIndex.settle)
        let next = roundTrip(index)
        XCTAssertEqual(next.fingerprint("f", stamp: settled), "h")
        for change in [\FileStamp.size, \FileStamp.modified, \FileStamp.changed] as [WritableKeyPath<FileStamp, Int64>] {
            var moved = settled
            moved[keyPath: change] += 1
            XCTAssertNil(next.fingerprint("f", stamp: moved), "\(change)")
        }
        for change in [\FileStamp.inode, \FileStamp.device] as [WritableKeyPath<FileStamp, UInt64>] {
            var moved = settled
            moved[keyPath: change] += 1
            XCTAssertNil(next.fingerprint("f", stamp: moved), "\(change)")
        }
        XCTAssertNil(next.fingerprint("g", stamp: settled))
    }

    func testAnotherKeysIndexOrGarbageIsEmpty() {
        let index = StampIndex()
        index.record("f", stamp: settled, fingerprint: "h", hashedAt: settled.modified + 10 * StampIndex.settle)
        XCTAssertNil(roundTrip(index, key: "another build").fingerprint("f", stamp: settled))
        for garbage in ["", "\n", "naars-contracts-stamps 1\tk\n1\t2\n", String(repeating: "\t", count: 40)] {
            XCTAssertTrue(StampIndex.decode(Data(garbage.utf8), key: "k").isEmpty, garbage)
        }
    }

    func testExtremeStampsReadBack() {
        let index = StampIndex()
        let extreme = FileStamp(size: Int64.max, modified: -5, changed: Int64.min + 1, inode: UInt64.max, device: 0)
        index.record("f\u{e9} x", stamp: extreme, fingerprint: "h", hashedAt: Int64.max)
        index.record("tab\there", stamp: settled, fingerprint: "h", hashedAt: Int64.max)
        let next = roundTrip(index)
        XCTAssertEqual(next.fingerprint("f\u{e9} x", stamp: extreme), "h")
        XCTAssertNil(next.fingerprint("tab\there", stamp: settled), "a path with a tab is never stored")
    }
}
