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
    ///
    /// The number is taken under the project lock and the file created with `O_EXCL`: runs in parallel get
    /// distinct numbers (a name taken meanwhile, by a run without the lock, makes it pick again).
    public static func create(description: String, folder: MigrationFolder, root: URL, now: Date) throws -> String {
        try refuseControlCharacters(in: description)
        let tree = DiskTree(root: root)
        return try ProjectLock.holding(root) {
            for _ in 0..<maximumAttempts {
                let name = try plannedName(description: description, folder: folder, tree: tree, now: now)
                let relative = folder.dir.isEmpty || folder.dir == "." ? name : folder.dir + "/" + name
                try ProjectWriteTarget.check(relative, root: root)
                let url = root.appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                if try writeIfAbsent(Data(header(description: description, now: now).utf8), to: url, shownAs: relative) {
                    return relative
                }
            }
            throw Refusal(description: "cannot find a free number in \(folder.dir) after \(maximumAttempts) attempts; "
                + "another process keeps taking them")
        }
    }

    /// How often `create` picks a number again when its file appeared meanwhile.
    static let maximumAttempts = 20

    /// A description is one line of text: it becomes the header comment, and a newline would end the SQL
    /// comment and put the rest of the description into the migration as SQL.
    /// The characters refused are `HiddenScalars`, the ones every emitter and reporter escapes.
    static func refuseControlCharacters(in description: String) throws {
        for scalar in description.unicodeScalars {
            if HiddenScalars.mustEscape(scalar) {
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw Refusal(description: "the description contains the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code); "
                    + "describe the migration in one line of plain text")
            }
        }
    }

    /// Writes a file that must not exist yet (`O_CREAT | O_EXCL`): the check and the creation are one step.
    static func writeExclusively(_ data: Data, to url: URL, shownAs path: String) throws {
        guard try writeIfAbsent(data, to: url, shownAs: path) else {
            throw Refusal(description: "cannot create \(path): it already exists; nothing was overwritten")
        }
    }

    /// Writes a file that must not exist yet; false (and nothing written) when something is already there.
    static func writeIfAbsent(_ data: Data, to url: URL, shownAs path: String) throws -> Bool {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { return false }
            throw Refusal(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else {
            throw Refusal(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return true
    }
}
