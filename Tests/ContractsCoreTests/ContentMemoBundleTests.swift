@testable import ContractsCore
import Foundation
import XCTest

/// The memo's bundle: entries asked for bundled are served from one file an earlier run kept, the bundle is
/// made anew only when a run used another set of them, and a damaged or foreign bundle is no bundle at all.
final class ContentMemoBundleTests: XCTestCase {
    /// Entries kept as the memo's own files, with every `load` of one counted.
    private final class Files: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: [UInt8]] = [:]
        private(set) var loads: [String] = []

        func memo(bundle: [String: [UInt8]]) -> ContentMemo {
            ContentMemo(load: { key in
                self.lock.withLock {
                    self.loads.append(key)
                    return self.entries[key]
                }
            }, save: { key, value in self.lock.withLock { self.entries[key] = value } }, loadBundle: { bundle })
        }
    }

    func testABundleServesItsEntriesAndIsMadeAnewOnlyWhenTheSetChanges() throws {
        let files = Files()
        let first = files.memo(bundle: [:])
        XCTAssertNil(first.value(for: "a", bundled: true))
        first.store([1, 2, 3], for: "a", bundled: true)
        first.store([4], for: "b", bundled: true)
        first.store([9], for: "tree-a")
        let bundle = try XCTUnwrap(first.changedBundle)
        XCTAssertEqual(bundle, ["a": [1, 2, 3], "b": [4]], "only the bundled entries")

        let loadsBefore = files.loads.count
        let second = files.memo(bundle: bundle)
        XCTAssertEqual(second.value(for: "a", bundled: true), [1, 2, 3])
        XCTAssertEqual(second.value(for: "b", bundled: true), [4])
        XCTAssertEqual(files.loads.count, loadsBefore, "served from the bundle, no entry's own file read")
        XCTAssertNil(second.changedBundle, "the same set: the bundle is kept as it is")
        XCTAssertEqual(second.used.keys, ["a", "b"])

        // One entry edited away: the next bundle holds what this run used, the stale entry gone.
        let third = files.memo(bundle: bundle)
        XCTAssertEqual(third.value(for: "a", bundled: true), [1, 2, 3])
        third.store([5], for: "c", bundled: true)
        XCTAssertEqual(third.changedBundle, ["a": [1, 2, 3], "c": [5]])

        // A bundle that lacks an entry (or a run without one): the entry's own file answers, and goes in the next.
        let fourth = files.memo(bundle: [:])
        XCTAssertEqual(fourth.value(for: "b", bundled: true), [4])
        XCTAssertEqual(fourth.changedBundle, ["b": [4]])

        // A run that asked for nothing bundled keeps the bundle it never read.
        let fifth = files.memo(bundle: bundle)
        XCTAssertEqual(fifth.value(for: "tree-a"), [9])
        XCTAssertNil(fifth.changedBundle)
    }

    func testABundleFileRoundTripsAndRefusesDamageAndAnotherKey() {
        let entries: [String: [UInt8]] = ["k1": [0, 10, 255, 0x0A], "k2": [], "k3": Array(repeating: 7, count: 1_000)]
        let data = ContentMemoFile.encodeBundle(entries, key: "3 check tool+1")
        XCTAssertEqual(ContentMemoFile.decodeBundle(data, key: "3 check tool+1"), entries)
        XCTAssertEqual(ContentMemoFile.decodeBundle(ContentMemoFile.encodeBundle([:], key: "k"), key: "k"), [:])
        XCTAssertEqual(ContentMemoFile.decodeBundle(data, key: "3 check tool+2"), [:], "another build's bundle")
        for index in stride(from: 0, to: data.count, by: 7) {
            var damaged = data
            damaged[index] ^= 0x01
            XCTAssertEqual(ContentMemoFile.decodeBundle(damaged, key: "3 check tool+1"), [:], "byte \(index)")
        }
        for length in [0, 1, data.count / 2, data.count - 1] {
            XCTAssertEqual(ContentMemoFile.decodeBundle(data.prefix(length), key: "3 check tool+1"), [:], "cut to \(length)")
        }
    }
}
