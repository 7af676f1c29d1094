import ContractsCache
import ContractsCheck
import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// The check cache: stored findings come back only while every question the last run asked of the tree
/// gets the same answer; any edit, addition, removal, registry change or new build runs the check again.
final class CheckCacheTests: XCTestCase {
    private var root: URL!
    private var runs = 0

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        runs = 0
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    /// A stand-in check: lists `src`, reads each file and `config.txt` if present, and reports one finding
    /// per line that says DRIFT, so the findings visibly depend on what was read.
    private func check(_ tree: MemoryTree, tool: String = "build-1") throws -> (findings: [Finding], cached: Bool) {
        let cache = CheckCache(root: root, name: "check", toolIdentity: tool)
        return try cache.findings(in: tree, registryBytes: try tree.read("registry.yaml")) { tree, _ in
            runs += 1
            _ = tree.exists("config.txt")
            return try tree.files(under: "src").flatMap { path -> [Finding] in
                let lines = try tree.readText(path).split(separator: "\n", omittingEmptySubsequences: false)
                return lines.enumerated().filter { $0.element.contains("DRIFT") }.map { index, _ in
                    Finding(ruleID: "test-drift", severity: .error, message: "drift",
                            location: SourceLocation(file: path, line: index + 1, column: 1))
                }
            }
        }
    }

    private let base = MemoryTree(text: ["registry.yaml": "v: 1\n", "src/a.swift": "ok\nDRIFT\n", "src/b.swift": "ok\n"])

    /// A checker may ask for a file's fingerprint alone (the SQL checker does, for a migration whose facts are
    /// remembered): that is recorded as the read it stands for, with the same answer a read gives.
    func testAFingerprintIsRecordedAsTheReadItStandsFor() throws {
        let tree = MemoryTree(text: ["a.sql": "select 1;\n"])
        let recorder = RecordingTree(tree)
        XCTAssertEqual(try recorder.fingerprint("a.sql"), ContentHash.hex(Data("select 1;\n".utf8)))
        XCTAssertThrowsError(try recorder.fingerprint("gone.sql"))
        XCTAssertEqual(recorder.observations, ["a.sql", "gone.sql"].map {
            TreeObservation(kind: .read, path: $0, answer: TreeObservation.answer(.read, $0, in: tree))
        })
        _ = try recorder.read("a.sql")
        XCTAssertFalse(recorder.sawChange, "reading it afterwards asks the same question and gets the same answer")
    }

    func testASecondRunOverTheSameTreeIsServedFromTheCache() throws {
        let first = try check(base)
        let second = try check(base)
        XCTAssertFalse(first.cached)
        XCTAssertTrue(second.cached)
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(second.findings, first.findings)
        XCTAssertEqual(first.findings.map(\.location.line), [2])
        let ignore = try String(contentsOf: root.appendingPathComponent(".naars-contracts-cache/.gitignore"), encoding: .utf8)
        XCTAssertTrue(ignore.split(separator: "\n").contains("*"), ignore)
    }

    func testAnEditedFileIsCheckedAgain() throws {
        _ = try check(base)
        var edited = base
        edited.contents["src/b.swift"] = Data("ok\nok\nDRIFT\n".utf8)
        let after = try check(edited)
        XCTAssertFalse(after.cached)
        XCTAssertEqual(runs, 2)
        XCTAssertEqual(after.findings.map { "\($0.location.file):\($0.location.line)" }, ["src/a.swift:2", "src/b.swift:3"])
        // And the new answer is what the cache holds now.
        XCTAssertTrue(try check(edited).cached)
        XCTAssertFalse(try check(base).cached)
    }

    func testAnAddedOrRemovedFileIsCheckedAgain() throws {
        _ = try check(base)
        var added = base
        added.contents["src/c.swift"] = Data("DRIFT\n".utf8)
        XCTAssertEqual(try check(added).findings.count, 2)
        var removed = added
        removed.contents["src/a.swift"] = nil
        let after = try check(removed)
        XCTAssertFalse(after.cached)
        XCTAssertEqual(after.findings.map(\.location.file), ["src/c.swift"])
        XCTAssertEqual(runs, 3)
    }

    func testAFileThatWasMissingAndNowExistsIsCheckedAgain() throws {
        _ = try check(base)
        var withConfig = base
        withConfig.contents["config.txt"] = Data("x".utf8)
        XCTAssertFalse(try check(withConfig).cached)
    }

    func testTheRegistryIsPartOfTheKey() throws {
        _ = try check(base)
        var edited = base
        edited.contents["registry.yaml"] = Data("v: 2\n".utf8)
        XCTAssertFalse(try check(edited).cached)
    }

    func testAnotherBuildOfTheToolNeverTrustsTheCache() throws {
        _ = try check(base, tool: "build-1")
        XCTAssertFalse(try check(base, tool: "build-2").cached)
        XCTAssertTrue(try check(base, tool: "build-2").cached)
    }

    func testAnUnreadableCacheIsAMissNotAnError() throws {
        _ = try check(base)
        let file = root.appendingPathComponent(".naars-contracts-cache/check.json")
        for garbage in ["", "{", "{\"key\": 3}", String(repeating: "\u{0}", count: 64)] {
            try Data(garbage.utf8).write(to: file)
            let again = try check(base)
            XCTAssertFalse(again.cached, garbage)
            XCTAssertEqual(again.findings.count, 1)
        }
        XCTAssertTrue(try check(base).cached)
    }

    func testAFileEditedDuringTheRunIsNotCached() throws {
        // Two reads of the same file that disagree: the findings match no single state of the tree.
        let cache = CheckCache(root: root, name: "check", toolIdentity: "t")
        let flipping = FlippingTree(base: base, path: "src/a.swift")
        _ = try cache.findings(in: flipping, registryBytes: try base.read("registry.yaml")) { tree, _ in
            _ = try tree.read("src/a.swift")
            _ = try tree.read("src/a.swift")
            return []
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".naars-contracts-cache/check.json").path))
    }

    // MARK: - Per checker

    /// Two checkers, one over `src/a.swift`, one over `src/b.swift`; returns which ran.
    private func checkByUnit(_ tree: MemoryTree, key: String = "k") throws -> (findings: [Finding], ran: [String]) {
        let cache = CheckCache(root: root, name: "check", toolIdentity: "t")
        var ran: [String] = []
        let findings = try cache.findings(in: tree, registryBytes: try tree.read("registry.yaml")) { tree, units in
            try ["a", "b"].flatMap { name in
                try units.run(name, key: key) { tree in
                    ran.append(name)
                    let path = "src/\(name).swift"
                    return try tree.readText(path).contains("DRIFT")
                        ? [Finding(ruleID: "test-drift", severity: .error, message: name,
                                   location: SourceLocation(file: path, line: 1, column: 1))]
                        : []
                }
            }
        }.findings
        return (findings, ran)
    }

    func testOnlyTheCheckersThatReadAnEditedFileRunAgain() throws {
        XCTAssertEqual(try checkByUnit(base).ran, ["a", "b"])
        XCTAssertEqual(try checkByUnit(base).ran, [], "whole-run hit")
        var edited = base
        edited.contents["src/b.swift"] = Data("DRIFT\n".utf8)
        let after = try checkByUnit(edited)
        XCTAssertEqual(after.ran, ["b"])
        XCTAssertEqual(after.findings.map(\.message), ["a", "b"], "a's stored finding, b's new one")
        edited.contents["src/a.swift"] = Data("ok\n".utf8)
        let again = try checkByUnit(edited)
        XCTAssertEqual(again.ran, ["a"])
        XCTAssertEqual(again.findings.map(\.message), ["b"])
    }

    func testARegistryEditOrAnotherKeyRunsEveryChecker() throws {
        _ = try checkByUnit(base)
        var edited = base
        edited.contents["registry.yaml"] = Data("v: 2\n".utf8)
        XCTAssertEqual(try checkByUnit(edited).ran, ["a", "b"])
        // A changed key (in `check`: the generated paths the checkers skip) reruns a checker whose files did not change.
        edited.contents["src/b.swift"] = Data("DRIFT\n".utf8)
        XCTAssertEqual(try checkByUnit(edited, key: "other generated paths").ran, ["a", "b"])
    }

    // MARK: - Swift, file by file

    /// `check`'s pipeline through the cache, and without it, over the same in-memory project.
    private func swiftFindings(_ files: [String: String]) throws -> (cached: [String], full: [String]) {
        let registryText = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
        let tree = MemoryTree(text: files.merging(["registry.yaml": registryText]) { a, _ in a })
        let registry = try RegistryLoader.load(text: registryText, file: "registry.yaml")
        let cache = CheckCache(root: root, name: "check", toolIdentity: "t")
        let cached = try cache.findings(in: tree, registryBytes: Data(registryText.utf8)) { tree, units in
            try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree), units: units)
        }.findings
        let full = try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree))
        let show: (Finding) -> String = { "\($0.location) \($0.ruleID)" }
        return (cached.filter { $0.location.file.hasPrefix("NaarsCars/") }.map(show),
                full.filter { $0.location.file.hasPrefix("NaarsCars/") }.map(show))
    }

    func testAnEditThatChangesTheProjectsDeclaredTypesRejudgesUnchangedFiles() throws {
        // The view's literal is a notification type only while the model declares `kind` as one.
        let view = """
            func isTownHall(_ item: Item) -> Bool {
                item.kind.rawValue == "town_hall_posts"
            }
            """
        var files = ["NaarsCars/Models/Item.swift": "struct Item { let kind: NotificationType }\n",
                     "NaarsCars/Views/ItemView.swift": view]
        let first = try swiftFindings(files)
        XCTAssertEqual(first.cached, ["NaarsCars/Views/ItemView.swift:2:27 swift-unknown-literal-read"])
        XCTAssertEqual(first.cached, first.full)

        files["NaarsCars/Models/Item.swift"] = "struct Item { let kind: RideKind }\n"
        let retyped = try swiftFindings(files)
        XCTAssertEqual(retyped.cached, [])
        XCTAssertEqual(retyped.cached, retyped.full)

        files["NaarsCars/Models/Item.swift"] = "struct Item { let kind: NotificationType }\n"
        files["NaarsCars/Views/Other.swift"] = "let n: NotificationType = .message\n"
        let back = try swiftFindings(files)
        XCTAssertEqual(back.cached, first.cached)
        XCTAssertEqual(back.cached, back.full)
    }

    func testTheDiskTreeFingerprintAgreesWithHashingTheBytes() throws {
        let disk = DiskTree(root: root)
        for (name, size) in [("empty", 0), ("small", 7), ("word", 8), ("odd", 1001), ("large", 300_000)] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try bytes.write(to: root.appendingPathComponent(name))
            XCTAssertEqual(try disk.fingerprint(name), ContentHash.hex(bytes), name)
        }
        XCTAssertNotEqual(ContentHash.hex(Data("a".utf8)), ContentHash.hex(Data("b".utf8)))
        XCTAssertNotEqual(ContentHash.hex(Data()), ContentHash.hex(Data([0])))
        XCTAssertThrowsError(try disk.fingerprint("missing"))
    }
}

/// Answers a different content on every read of `path`.
private final class FlippingTree: FileTree, @unchecked Sendable {
    let base: MemoryTree
    let path: String
    private var count = 0
    init(base: MemoryTree, path: String) {
        self.base = base
        self.path = path
    }
    func files(under dir: String) throws -> [String] { try base.files(under: dir) }
    func read(_ path: String) throws -> Data {
        guard path == self.path else { return try base.read(path) }
        count += 1
        return Data("version \(count)\n".utf8)
    }
}
