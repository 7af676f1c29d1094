import ContractsCore
import ContractsMigrations
import Foundation

/// The migrations of one run, read once (`SQLAnalysis.load`) whichever readers ask: the SQL checker, the RPC payload
/// check (what an RPC returns), the push keys the database sends (`ServerPushKeys`), `generate`'s plan.
///
/// Keyed by the registry and by every migration's path and content as the asking reader's tree fingerprints it (so a
/// reader's tree records what it depends on, as a load of its own would): a reader that sees other bytes, or another
/// registry, loads its own. Also counts the parses each migration gets during the run (`counts`), for the tests and
/// `SQLParseStats`.
public final class SQLRun: @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let registry: Registry
        let key: String
        /// Held while the history is loaded: a second reader waits for the first one's analysis.
        let lock = NSLock()
        var analysis: SQLAnalysis?

        init(registry: Registry, key: String) {
            self.registry = registry
            self.key = key
        }
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var parses: [String: Int] = [:]
    private var loads = 0

    // MARK: The run

    private static let scope = RunScope<SQLRun>()

    /// The store of the run in progress, if any.
    static var current: SQLRun? { scope.current }

    /// Runs `body` with one store shared by every reader that asks during it; a run that starts while another is in
    /// progress shares its store (the keys are the registry and the migrations' contents).
    public static func sharing<T>(_ body: (SQLRun) throws -> T) rethrows -> T {
        try scope.sharing(make: { SQLRun() }, body)
    }

    // MARK: Asking

    /// The analysis of `context`'s migrations: loaded by `load` the first time these migrations (with this registry)
    /// are asked for during the run, the same value after.
    func analysis(_ context: CheckContext, load: () throws -> SQLAnalysis) throws -> SQLAnalysis {
        let key = try Self.migrationsKey(context)
        let entry = lock.withLock { () -> Entry in
            if let entry = entries.first(where: { $0.key == key && $0.registry == context.registry }) { return entry }
            let entry = Entry(registry: context.registry, key: key)
            entries.append(entry)
            return entry
        }
        entry.lock.lock()
        defer { entry.lock.unlock() }
        if let analysis = entry.analysis { return analysis }
        let analysis = try load()
        lock.withLock { loads += 1 }
        entry.analysis = analysis
        return analysis
    }

    /// What `context`'s migrations are: every migration's path, folder and content, in replay order, as its tree
    /// fingerprints them (so a recording tree records them). Equal keys, equal analyses (with one registry).
    public static func migrationsKey(_ context: CheckContext) throws -> String {
        let files = try MigrationCatalog.replayOrder(context.registry, tree: context.tree)
        return ContentHash.hex(fields: try files.flatMap { [$0.path, $0.folder.dir, try context.tree.fingerprint($0.path)] })
    }

    // MARK: Counts

    /// A parse of migration `path` (a whole file through libpg_query), counted by the run in progress and by
    /// `SQLParseStats`.
    static func countParse(_ path: String) {
        SQLParseStats.shared?.counted(parse: path)
        guard let store = current else { return }
        store.lock.withLock { store.parses[path, default: 0] += 1 }
    }

    /// How many times migration `path` was parsed during the run.
    public func parses(_ path: String) -> Int { lock.withLock { parses[path] ?? 0 } }

    /// Every migration parsed during the run.
    public var parsedPaths: [String] { lock.withLock { parses.keys.sorted() } }

    /// How many histories were loaded (one per registry and set of migrations the run's readers asked about).
    public var loadCount: Int { lock.withLock { loads } }
}

/// What `scripts/bench` counts of the SQL side: migrations, migrations parsed, parses made. Kept only when
/// `NAARS_SWIFT_STATS=1` (the bench's switch for every reader's counts); `check` then prints it to standard error.
public final class SQLParseStats: @unchecked Sendable {
    public static let shared: SQLParseStats? = Environment.value("NAARS_SWIFT_STATS") == "1" ? SQLParseStats() : nil

    private let lock = NSLock()
    private var parsedPaths = Set<String>()
    private var parses = 0

    func counted(parse path: String) {
        lock.withLock {
            parses += 1
            parsedPaths.insert(path)
        }
    }

    /// One line: `sql: P migrations parsed (N parses)`.
    public var report: String {
        lock.withLock { "sql: \(parsedPaths.count) migrations parsed (\(parses) parses)" }
    }
}
