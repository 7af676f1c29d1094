import Yams

extension RegistryDecoder {
    /// Output folders hold generated files only: not the registry's own folder, not inside `.git`, not one
    /// inside the other, and not a migration folder or a folder around or inside one (`outputs.sql` names a
    /// migration folder on purpose and is exempt). Migration folders stay out of `.git` too. Otherwise
    /// `generate` would write among, or remove, files it does not own.
    func validateOutputFolders(_ outputs: OutputPaths, migrations: [MigrationFolder], outputsNode: Node?, root: Node) {
        let where_ = { (key: String) -> Node in outputsNode?[key] ?? outputsNode ?? root }
        let folders = [("swift", outputs.swift), ("typescript", outputs.typescript)]
        for (key, dir) in folders {
            let node = where_(key)
            if Self.segments(dir).isEmpty {
                reader.error("outputs.\(key) '\(dir)' is the registry's own folder; generated files need a folder of "
                    + "their own (for example generated/\(key == "swift" ? "Swift" : "typescript"))", at: node)
                continue
            }
            if Self.segments(dir).contains(".git") {
                reader.error("outputs.\(key) '\(dir)' is inside .git; generated files belong in the work tree", at: node)
                continue
            }
            for migration in migrations where Self.overlaps(dir, migration.dir) {
                let relation = Self.segments(dir) == Self.segments(migration.dir) ? "is" : (Self.contains(dir, migration.dir) ? "contains" : "is inside")
                reader.error("outputs.\(key) '\(dir)' \(relation) the migration folder '\(migration.dir)'; generated "
                    + "files and migrations need separate folders", at: node)
            }
        }
        if Self.contains(outputs.swift, outputs.typescript) || Self.contains(outputs.typescript, outputs.swift) {
            let inner = Self.contains(outputs.swift, outputs.typescript) ? "typescript" : "swift"
            reader.error("outputs.swift '\(outputs.swift)' and outputs.typescript '\(outputs.typescript)' are nested; "
                + "give each its own folder (or the same one)", at: where_(inner))
        }
        for migration in migrations where Self.segments(migration.dir).contains(".git") {
            reader.diagnostics.error("migration folder '\(migration.dir)' is inside .git; migrations belong in the work tree",
                                     at: migration.location)
        }
    }

    static func segments(_ dir: String) -> [Substring] { dir.split(separator: "/").filter { $0 != "." } }

    /// Whether `outer` strictly contains `inner` (the root, "" or ".", contains everything).
    static func contains(_ outer: String, _ inner: String) -> Bool {
        let outer = segments(outer), inner = segments(inner)
        return outer.count < inner.count && Array(inner.prefix(outer.count)) == outer
    }

    static func overlaps(_ a: String, _ b: String) -> Bool {
        segments(a) == segments(b) || contains(a, b) || contains(b, a)
    }
}
