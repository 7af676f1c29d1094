import Dispatch
import Foundation

extension Array {
    /// `map` spread over every core, results in order: for per-file work (parsing, reading facts) whose
    /// files do not depend on each other. `transform` must not share mutable state between calls.
    ///
    /// Calls nest at full width: the caller works through the elements itself while helpers on the global
    /// queue join in as they become free. (`DispatchQueue.concurrentPerform` narrows a nested call to the
    /// outer call's share of the cores: the per-file maps inside the checkers, which run side by side in an
    /// outer map, then ran on one core.) A caller never waits for a helper to start, so nesting cannot
    /// deadlock; it waits only for elements already taken to finish.
    public func concurrentMap<T>(_ transform: (Element) -> T) -> [T] {
        let helpers = Swift.min(count, ParallelWidth.cores) - 1
        guard helpers > 0 else { return map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = buffer.baseAddress!
            withoutActuallyEscaping(transform) { transform in
                let batch = ParallelBatch(count: count) { index in
                    (base + index).initialize(to: transform(self[index]))
                }
                for _ in 0 ..< helpers {
                    DispatchQueue.global().async { batch.help() }
                }
                batch.runAndWait()
            }
            initialized = count
        }
    }
}

/// How many threads a `concurrentMap` uses at most (the caller included).
enum ParallelWidth {
    static let cores = Swift.max(1, ProcessInfo.processInfo.activeProcessorCount)
}

/// One `concurrentMap` call: elements are taken one at a time by whoever is free. The work closure lives
/// only while the caller waits: a helper that starts after the caller has finished finds it gone.
private final class ParallelBatch: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var next = 0
    private var finished = 0
    /// Helpers inside `work` right now; the caller returns only when none is.
    private var active = 0
    private var work: ((Int) -> Void)?

    init(count: Int, work: @escaping (Int) -> Void) {
        self.count = count
        self.work = work
    }

    /// The next element nobody has taken, or nil.
    private func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    private func finish() {
        condition.lock()
        finished += 1
        if finished == count { condition.broadcast() }
        condition.unlock()
    }

    /// A helper's turn: takes elements until none is left.
    func help() {
        condition.lock()
        guard work != nil, next < count else {
            condition.unlock()
            return
        }
        active += 1
        condition.unlock()
        // The closure is read for each element and never held: it must not outlive the caller's wait
        // (`withoutActuallyEscaping` checks it), and `work` changes only once no helper is active.
        while let index = take() {
            work?(index)
            finish()
        }
        condition.lock()
        active -= 1
        if active == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// The caller's turn: takes elements until none is left, then waits for those helpers took.
    func runAndWait() {
        condition.lock()
        let work = self.work!
        condition.unlock()
        while let index = take() {
            work(index)
            finish()
        }
        condition.lock()
        while finished < count || active > 0 { condition.wait() }
        self.work = nil
        condition.unlock()
    }
}
