import ContractsCore

/// One .sql file in a configured migration folder, with what its name says about its place in replay order.
public struct MigrationFile: Sendable, Equatable {
    /// Relative to the root: `database/107_badge_counts.sql`.
    public var path: String
    /// The registry folder it belongs to.
    public var folder: MigrationFolder
    /// The file name: `107_badge_counts.sql`.
    public var name: String
    /// The leading digits as the Supabase CLI reads them (`^([0-9]+)_`): `107`, `20260407202111`, `20260126`.
    /// Nil when the name does not start with digits and an underscore.
    public var version: String?
    /// The numeric components before the description: `20260126_0001_x` → `[20260126, 1]`; `[]` without a number.
    public var sortKey: [Int]
    /// The description part (`badge_counts`), nil when there is none.
    public var slug: String?

    public init(path: String, folder: MigrationFolder, name: String, version: String?, sortKey: [Int], slug: String?) {
        self.path = path
        self.folder = folder
        self.name = name
        self.version = version
        self.sortKey = sortKey
        self.slug = slug
    }

    /// Reads the parts of a file name (`092_badge_counts_rpc_FIXED.sql`) found at `path` in `folder`.
    public init(path: String, folder: MigrationFolder) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.hasSuffix(".sql") ? String(name.dropLast(4)) : name
        let parts = stem.split(separator: "_", omittingEmptySubsequences: false)
        let numeric = parts.prefix { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
        let rest = parts.dropFirst(numeric.count).joined(separator: "_")
        let version = numeric.count < parts.count ? numeric.first.map(String.init) : nil
        self.init(
            path: path, folder: folder, name: name, version: version,
            sortKey: numeric.map { Int($0) ?? Int.max },
            slug: rest.isEmpty ? nil : rest
        )
    }

    /// Replay order: by `sortKey`, then by name.
    public static func replaysBefore(_ a: MigrationFile, _ b: MigrationFile) -> Bool {
        if a.sortKey != b.sortKey { return a.sortKey.lexicographicallyPrecedes(b.sortKey) }
        return a.name < b.name
    }
}
