import ContractsCore

/// `migration-duplicate-number`, `migration-gap` and `migration-version-collision`: whether each number is used once.
enum MigrationNumberRules {
    static func findings(folder: MigrationFolder, files: [MigrationFile]) -> [Finding] {
        switch folder.scheme {
        case .sequential: return duplicates(folder, files) + gaps(folder, files)
        case .timestamp: return collisions(folder, files)
        }
    }

    /// Sequential files sharing a number: one finding per number, at the file that replays last.
    private static func duplicates(_ folder: MigrationFolder, _ files: [MigrationFile]) -> [Finding] {
        let numbered = files.filter { $0.nameStyle == .sequential }
        return groups(numbered, by: { $0.sortKey.first }).map { number, group in
            let names = group.map(\.name).joined(separator: ", ")
            return Finding(.migrationDuplicateNumber,
                           "\(group.count) migrations in \(folder.dir) share number \(group[0].version ?? String(number)) (\(names)); only their names decide which runs first",
                           at: location(group.last!), registry: folder.location,
                           fix: "renumber the newer one with `naars-contracts migrations next --dir \(folder.dir)` (only if no database ran it yet)",
                           related: group.map(location))
        }
    }

    /// Sequential numbers that skip values: one warning at the first file after each hole.
    private static func gaps(_ folder: MigrationFolder, _ files: [MigrationFile]) -> [Finding] {
        let numbered = files.filter { $0.nameStyle == .sequential && $0.sortKey.first != nil }
        var out: [Finding] = []
        for (previous, file) in zip(numbered, numbered.dropFirst()) {
            let a = previous.sortKey[0], b = file.sortKey[0]
            guard b > a + 1 else { continue }
            let missing = b - a == 2 ? "\(a + 1) is" : "\(a + 1)–\(b - 1) are"
            out.append(Finding(.migrationGap,
                               "migration numbers in \(folder.dir) jump from \(previous.name) to \(file.name); \(missing) missing (a deleted or renamed migration?)",
                               at: location(file), registry: folder.location,
                               fix: "if a file was lost, restore it; otherwise accept the gap in the baseline",
                               related: [location(previous)]))
        }
        return out
    }

    /// Timestamp-folder files the Supabase CLI would record under one version.
    private static func collisions(_ folder: MigrationFolder, _ files: [MigrationFile]) -> [Finding] {
        groups(files, by: \.version).map { version, group in
            let names = group.map(\.name).joined(separator: ", ")
            return Finding(.migrationVersionCollision,
                           "\(group.count) migrations in \(folder.dir) have the Supabase CLI version \(version) (\(names)); the Supabase CLI keys its migration history on the version, so only the first of them can be recorded",
                           at: location(group.last!), registry: folder.location,
                           fix: "rename the newer one with the prefix from `naars-contracts migrations next --dir \(folder.dir)`",
                           related: group.map(location))
        }
    }

    /// Files grouped by a key, only groups of two or more, in replay order of their last member.
    private static func groups<Key: Hashable>(
        _ files: [MigrationFile], by key: (MigrationFile) -> Key?
    ) -> [(Key, [MigrationFile])] {
        var order: [Key] = []
        var members: [Key: [MigrationFile]] = [:]
        for file in files {
            guard let k = key(file) else { continue }
            if members[k] == nil { order.append(k) }
            members[k, default: []].append(file)
        }
        return order.compactMap { k in members[k]!.count > 1 ? (k, members[k]!) : nil }
    }

    private static func location(_ file: MigrationFile) -> SourceLocation {
        SourceLocation(file: file.path, line: 1, column: 1)
    }
}
