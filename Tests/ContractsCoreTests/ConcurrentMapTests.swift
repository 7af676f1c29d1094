@testable import ContractsCore
import Foundation
import XCTest

final class ConcurrentMapTests: XCTestCase {
    func testResultsComeBackInOrder() {
        let input = Array(0 ..< 1000)
        XCTAssertEqual(input.concurrentMap { $0 * 3 }, input.map { $0 * 3 })
        XCTAssertEqual([Int]().concurrentMap { $0 }, [])
        XCTAssertEqual([7].concurrentMap { "\($0)" }, ["7"])
    }

    /// The checkers run side by side in one map and each parses its files in another: the inner map must use
    /// every core once the other checkers are done (`DispatchQueue.concurrentPerform` kept a nested call on
    /// one thread, so a cold check used one core for its Swift files).
    func testANestedMapUsesMoreThanOneThread() throws {
        try XCTSkipIf(ParallelWidth.cores < 2, "one core")
        let threads = ThreadSet()
        _ = ["slow", "quick"].concurrentMap { outer -> Int in
            guard outer == "slow" else { return 0 }
            return Array(0 ..< 60).concurrentMap { index -> Int in
                threads.insert()
                usleep(2000)
                return index
            }.count
        }
        XCTAssertGreaterThan(threads.count, 1, "the inner map ran on one thread")
    }

    /// Helpers that start late, maps inside maps inside maps, many times over: every element exactly once,
    /// and no closure kept past its call (`withoutActuallyEscaping` traps if one is).
    func testNestedMapsManyTimes() {
        for round in 0 ..< 200 {
            let middles = 3 + round % 5
            let sums: [Int] = Array(0 ..< 4).concurrentMap { outer in Self.concurrentSum(outer, middles) }
            let expected: [Int] = (0 ..< 4).map { outer in Self.serialSum(outer, middles) }
            XCTAssertEqual(sums, expected)
        }
    }

    private static func concurrentSum(_ outer: Int, _ middles: Int) -> Int {
        let inner: [Int] = Array(0 ..< middles).concurrentMap { middle in
            let values: [Int] = Array(0 ..< 2 + outer).concurrentMap { $0 + middle }
            return values.reduce(0, +)
        }
        return inner.reduce(0, +)
    }

    private static func serialSum(_ outer: Int, _ middles: Int) -> Int {
        var sum = 0
        for middle in 0 ..< middles {
            for value in 0 ..< 2 + outer { sum += value + middle }
        }
        return sum
    }
}

private final class ThreadSet: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = Set<UInt>()

    func insert() {
        let id = UInt(bitPattern: Int(bitPattern: pthread_self()))
        lock.withLock { _ = seen.insert(id) }
    }

    var count: Int { lock.withLock { seen.count } }
}
