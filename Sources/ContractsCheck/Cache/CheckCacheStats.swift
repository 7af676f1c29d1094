import Foundation

/// How much work one cached run did, for tests and for `NAARS_CACHE_STATS=1` (printed to stderr), so
/// "only the edited file was read again" is something a test can assert rather than time.
public final class CheckCacheStats: @unchecked Sendable {
    /// Files read and hashed in full (a file whose stamp held is not), sorted.
    public internal(set) var filesHashed: [String] = []
    /// The units (`CheckUnits.run` names: a checker, or one file's share of one) that ran rather than being
    /// answered from the cache, sorted.
    public internal(set) var unitsRun: [String] = []
    /// Parses made anew rather than taken from the memo (`ContentMemo`: each migration a checker that ran read).
    public internal(set) var parsesStored = 0

    public init() {}

    /// One line for stderr (the names only when there are few).
    public var summary: String {
        let names = unitsRun.count <= 20 ? ": " + unitsRun.joined(separator: " ") : ""
        return "naars-contracts cache: \(filesHashed.count) file(s) hashed, \(parsesStored) parse(s) made, \(unitsRun.count) unit(s) run\(names)"
    }
}
