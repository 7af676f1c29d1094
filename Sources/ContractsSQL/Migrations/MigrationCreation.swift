import ContractsCore
import Foundation

/// `migrations new`: the next free number, a snake_case name, a header comment, and a file that is created only
/// if nothing is there (O_EXCL), so two people or two runs never overwrite each other's migration.
public enum MigrationCreation {
    /// Why a migration was not created.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The file name `new` would create in `folder` now (no I/O beyond reading `tree`).
    public static func plannedName(description: String, folder: MigrationFolder, tree: FileTree, now: Date) throws -> String {
        let slug = Identifiers.snakeCase(description)
        guard !slug.isEmpty else {
            throw Refusal(description: "the description \"\(description)\" has no letters or digits to name the file with")
        }
        let existing = try MigrationCatalog.files(in: folder, tree: tree)
        let prefix = MigrationNumbering.nextPrefix(in: folder, existing: existing, now: now)
        let name = MigrationNumbering.fileName(prefix: prefix, description: slug)
        let planned = MigrationFile(path: folder.dir + "/" + name, folder: folder)
        let number = planned.version.flatMap { Int($0) }
        if let taken = existing.first(where: { $0.version.flatMap { Int($0) } == number }) {
            throw Refusal(description: "number \(prefix) is already used by \(taken.path)")
        }
        return name
    }

    /// The text a new migration starts with.
    public static func header(description: String, now: Date) -> String {
        """
        -- \(description)
        -- Created \(MigrationNumbering.timestamp(now)) UTC with `naars-contracts migrations new`.
        -- Migrations are append-only: once applied anywhere, change the schema in a new migration.


        """
    }

    /// Creates the migration under `root` and returns its path relative to `root`.
    public static func create(description: String, folder: MigrationFolder, root: URL, now: Date) throws -> String {
        let tree = DiskTree(root: root)
        let name = try plannedName(description: description, folder: folder, tree: tree, now: now)
        let relative = folder.dir.isEmpty ? name : folder.dir + "/" + name
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try writeExclusively(Data(header(description: description, now: now).utf8), to: url, shownAs: relative)
        return relative
    }

    /// Writes a file that must not exist yet (`O_CREAT | O_EXCL`): the check and the creation are one step.
    static func writeExclusively(_ data: Data, to url: URL, shownAs path: String) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "it already exists; nothing was overwritten" : String(cString: strerror(errno))
            throw Refusal(description: "cannot create \(path): \(reason)")
        }
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else {
            throw Refusal(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
