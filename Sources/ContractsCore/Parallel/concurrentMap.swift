import Dispatch

extension Array {
    /// `map` spread over every core, results in order: for per-file work (parsing, reading facts) whose
    /// files do not depend on each other. `transform` must not share mutable state between calls.
    public func concurrentMap<T>(_ transform: (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (base + index).initialize(to: transform(self[index]))
            }
            initialized = count
        }
    }
}
