@testable import ContractsCache
@testable import ContractsCheck
import ContractsCore
import Foundation
import XCTest

/// What the check cache must never do: serve findings of another registry, trust a damaged file, or break
/// when several runs share one cache folder.
final class CheckCacheIntegrityTests: XCTestCase {
    private var root: URL!
    private var cacheFolder: URL { root.appendingPathComponent(".naars-contracts-cache") }
    private var checkFile: URL { cacheFolder.appendingPathComponent("check.json") }
    /// The units file of the test checker "a" (`check.<group>.units`, one a checker).
    private var unitsFile: URL { cacheFolder.appendingPathComponent("check.a.units") }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-cache-integrity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    /// A stand-in check whose findings depend on the registry it was given (`strict: yes`) and on
    /// `src/a.swift` (a DRIFT line), the latter through a per-checker unit; it also looks for `config.txt`
    /// outside any unit, so a new config misses the whole-run entry but not the unit's.
    private func check(_ tree: FileTree, registry: Data, tool: String = "t") throws -> (findings: [String], cached: Bool) {
        let strict = String(decoding: registry, as: UTF8.self).contains("strict: yes")
        let cache = CheckCache(root: root, name: "check", toolIdentity: tool)
        let result = try cache.findings(in: tree, registryBytes: registry) { tree, units in
            let fromRegistry = strict ? [Finding(ruleID: "test-strict", severity: .error, message: "strict",
                                                 location: SourceLocation(file: "registry.yaml", line: 1, column: 1))] : []
            _ = tree.exists("config.txt")
            return try fromRegistry + units.run("a", key: "") { tree in
                try tree.readText("src/a.swift").contains("DRIFT")
                    ? [Finding(ruleID: "test-drift", severity: .error, message: "drift",
                               location: SourceLocation(file: "src/a.swift", line: 1, column: 1))]
                    : []
            }
        }
        return (result.findings.map(\.ruleID), result.cached)
    }

    private let lenient = Data("strict: no\n".utf8)
    private let strict = Data("strict: yes\n".utf8)

    private func tree(registry: Data, source: String = "DRIFT\n") -> MemoryTree {
        MemoryTree(["registry.yaml": registry, "src/a.swift": Data(source.utf8)])
    }

    // MARK: - Item 5: the registry's hash is that of the bytes parsed

    func testARegistryEditedAfterItWasParsedDoesNotPoisonTheCache() throws {
        // The run parsed the lenient registry; by the time the checkers read the tree, it says strict.
        let edited = tree(registry: strict)
        let during = try check(edited, registry: lenient)
        XCTAssertEqual(during.findings, ["test-drift"], "the findings of the registry that was parsed")
        // The next run parses the strict registry: the lenient run's findings are not its answer.
        let after = try check(edited, registry: strict)
        XCTAssertFalse(after.cached, "findings of the old registry were filed under the new one")
        XCTAssertEqual(after.findings, ["test-strict", "test-drift"])
        XCTAssertEqual(after.findings, try check(edited, registry: strict).findings)
        XCTAssertTrue(try check(edited, registry: strict).cached)
    }

    func testTheRegistryReadByACheckerIsNotConfusedWithTheOneParsed() throws {
        // A checker that reads the registry file itself records what it read; the key stays the parsed bytes.
        let cache = CheckCache(root: root, name: "check", toolIdentity: "t")
        let edited = tree(registry: strict)
        _ = try cache.findings(in: edited, registryBytes: lenient) { tree, _ in
            _ = try tree.read("registry.yaml")
            return []
        }
        XCTAssertFalse(try check(edited, registry: strict).cached)
    }

    // MARK: - Item 6: a damaged entry is a miss

    private func storedJSON(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private func write(_ object: [String: Any], to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }

    func testStoredFindingsEmptiedByHandAreAMiss() throws {
        let base = tree(registry: strict)
        XCTAssertEqual(try check(base, registry: strict).findings, ["test-strict", "test-drift"])
        var stored = try storedJSON(checkFile)
        stored["findings"] = "[]"
        try write(stored, to: checkFile)
        let again = try check(base, registry: strict)
        XCTAssertFalse(again.cached)
        XCTAssertEqual(again.findings, ["test-strict", "test-drift"])
    }

    func testObservationsCutShortAreAMiss() throws {
        let base = tree(registry: lenient)
        _ = try check(base, registry: lenient)
        var stored = try storedJSON(checkFile)
        let observations = try XCTUnwrap(stored["observations"] as? String)
        XCTAssertGreaterThan(observations.split(separator: "\n").count, 1)
        stored["observations"] = String(observations.split(separator: "\n")[0]) + "\n"
        try write(stored, to: checkFile)
        // Only the kept line is checked now: an edit elsewhere would go unseen if the entry were trusted.
        let edited = tree(registry: lenient, source: "ok\n")
        let again = try check(edited, registry: lenient)
        XCTAssertFalse(again.cached)
        XCTAssertEqual(again.findings, [])
    }

    func testATruncatedCacheFileIsAMiss() throws {
        let base = tree(registry: lenient)
        _ = try check(base, registry: lenient)
        let whole = try Data(contentsOf: checkFile)
        for length in [0, 1, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: checkFile)
            let again = try check(base, registry: lenient)
            XCTAssertFalse(again.cached, "cut to \(length) bytes")
            XCTAssertEqual(again.findings, ["test-drift"])
        }
    }

    func testAUnitEntryWithAnEmptiedValueRunsAgain() throws {
        let base = tree(registry: lenient)
        _ = try check(base, registry: lenient)
        var units = try XCTUnwrap(CheckCache.StoredUnits.load(from: unitsFile))
        let entry = try XCTUnwrap(units.units["a"])
        XCTAssertNotEqual(entry.value, "[]")
        units.units["a"] = CheckCache.Entry(key: entry.key, observations: entry.observations, value: "[]", checksum: entry.checksum)
        try units.encoded.write(to: unitsFile)
        // A new config.txt misses the whole-run entry, so the unit's entry is what the run would use.
        var withConfig = base
        withConfig.contents["config.txt"] = Data("x".utf8)
        let again = try check(withConfig, registry: lenient)
        XCTAssertFalse(again.cached)
        XCTAssertEqual(again.findings, ["test-drift"], "the emptied unit value was trusted")
    }

    func testAnEntryStoredUnderAnotherNameIsAMiss() throws {
        // The checksum covers the name: a unit's entry moved to another unit's name is not that unit's result.
        let entry = CheckCache.Entry(name: "a", key: "k", observations: [], value: "[]")
        XCTAssertTrue(entry.isIntact(name: "a"))
        XCTAssertFalse(entry.isIntact(name: "b"))
    }

    // MARK: - Item 7: several runs, one folder

    func testWritesLeaveNoTemporaryFilesAndRemoveStaleOnes() throws {
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        let stale = cacheFolder.appendingPathComponent(".check.json.123-dead.tmp")
        let young = cacheFolder.appendingPathComponent(".check.json.456-busy.tmp")
        try Data("partial".utf8).write(to: stale)
        try Data("partial".utf8).write(to: young)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale.path)
        _ = try check(tree(registry: lenient), registry: lenient)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path))
        XCTAssertEqual(names, [".gitignore", "check.json", "check.a.units", young.lastPathComponent],
                       "a killed run's old temporary file is removed; a young one may be another run's")
    }

    func testRunsOfSeveralBuildsAtOnceAllAnswerRightly() throws {
        // Eight runs of four "builds" over two trees at once, each replacing the others' entries.
        let trees = [tree(registry: lenient), tree(registry: strict, source: "ok\n")]
        let expected = [["test-drift"], ["test-strict"]]
        let wrong = LockedList()
        DispatchQueue.concurrentPerform(iterations: 32) { i in
            let which = i % 2
            let registry = which == 0 ? lenient : strict
            do {
                let result = try check(trees[which], registry: registry, tool: "build-\(i % 4)")
                if result.findings != expected[which] { wrong.append("run \(i): \(result.findings)") }
            } catch {
                wrong.append("run \(i): \(error)")
            }
        }
        XCTAssertEqual(wrong.all, [])
        for (which, registry) in [lenient, strict].enumerated() {
            XCTAssertEqual(try check(trees[which], registry: registry, tool: "build-0").findings, expected[which])
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }

    func testReplacingAFileIsAtomicForAReaderAtAnyMoment() throws {
        // A reader polling the file while writers replace it sees only whole files.
        let store = CacheFileStore(folder: cacheFolder)
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        let target = cacheFolder.appendingPathComponent("check.json")
        let payloads = (0..<4).map { Data(String(repeating: "\($0)", count: 200_000).utf8) }
        try store.replace(target, with: payloads[0])
        let done = DispatchSemaphore(value: 0)
        let torn = LockedList()
        DispatchQueue.global().async {
            for i in 0..<200 { try? store.replace(target, with: payloads[i % 4]) }
            done.signal()
        }
        var finished = false
        while !finished {
            if let data = try? Data(contentsOf: target), !payloads.contains(data) {
                torn.append("a read of \(data.count) bytes")
            }
            finished = done.wait(timeout: .now()) == .success
        }
        XCTAssertEqual(torn.all, [])
    }
}

/// Strings collected from several threads.
private final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
