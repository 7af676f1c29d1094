import Foundation

/// How much work one cached run did, for tests and for `NAARS_CACHE_STATS=1` (printed to stderr), so
/// "only the edited file was read again" is something a test can assert rather than time.
public final class CheckCacheStats: @unchecked Sendable {
    /// Files read and hashed in full (a file whose stamp held is not), sorted.
    public internal(set) var filesHashed: [String] = []
    /// The units (`CheckUnits.run` names: a checker, or one file's share of one) that ran rather than being
    /// answered from the cache, sorted.
    public internal(set) var unitsRun: [String] = []
    /// Entries the memo (`ContentMemo`) made anew rather than found: a migration parsed anew makes two (its
    /// facts and its tree), recorded migrations newly found to match `migrations.sum` one.
    public internal(set) var memoEntriesStored = 0

    public init() {}

    /// One line for stderr (the names only when there are few).
    public var summary: String {
        let names = unitsRun.count <= 20 ? ": " + unitsRun.joined(separator: " ") : ""
        return "naars-contracts cache: \(filesHashed.count) file(s) hashed, \(memoEntriesStored) memo entr(ies) made, \(unitsRun.count) unit(s) run\(names)"
    }
}
