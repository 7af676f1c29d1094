import Foundation

/// The store of the run in progress, shared by every reader that asks during it: a run that starts while another is in
/// progress shares its store (stores key what they keep by content, so what one run's readers find is what the other's
/// would), and the store is dropped when the last run ends. One per kind of store (Swift trees, lexed TypeScript, the
/// SQL analysis).
public final class RunScope<Store: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var active: Store?
    private var runs = 0

    public init() {}

    /// The store of the run in progress, if any.
    public var current: Store? { lock.withLock { active } }

    /// Runs `body` with the store of the run in progress, or one `make` makes for a new run.
    public func sharing<T>(make: () -> Store, _ body: (Store) throws -> T) rethrows -> T {
        let store = lock.withLock { () -> Store in
            runs += 1
            let store = active ?? make()
            active = store
            return store
        }
        defer {
            lock.withLock {
                runs -= 1
                if runs == 0 { active = nil }
            }
        }
        return try body(store)
    }
}
