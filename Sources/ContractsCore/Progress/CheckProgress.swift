import Foundation

/// How far a run is: source files the checkers have taken up and finished. Readers report into the one shared
/// counter (they run on several threads); only the CLI looks at it, to show progress on a terminal when a cold
/// run takes long. Counting costs one lock per file, nothing next to reading and parsing it.
public final class CheckProgress: @unchecked Sendable {
    public static let shared = CheckProgress()

    private let lock = NSLock()
    private var expected = 0
    private var finished = 0

    /// `count` more files will be checked.
    public func expect(_ count: Int) {
        lock.lock(); defer { lock.unlock() }
        expected += count
    }

    /// One of them is done.
    public func finish() {
        lock.lock(); defer { lock.unlock() }
        finished += 1
    }

    /// Files done and files expected so far (the total grows as each checker lists its files).
    public var counts: (finished: Int, expected: Int) {
        lock.lock(); defer { lock.unlock() }
        return (finished, expected)
    }
}
