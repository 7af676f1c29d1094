import ContractsCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run's writes and removals, staged next to their targets before any target changes.
/// Staging can fail (a full disk, a read-only folder); it is undone then. Renaming a staged file over its
/// target is what commits it, and is done only when everything is staged, each target checked again right before
/// its own rename: a save that landed meanwhile (an editor's, a `git checkout`'s) stops the run and is kept.
struct StagedWrites {
    let root: URL
    /// The command a target changed under, for the message (`changed while `generate` ran`).
    var command = "generate"
    /// Called with each target's path after staging, right before the target is checked and renamed: the moment a
    /// save can still land. A test's seam; nil in a run.
    var beforeEachRename: ((String) -> Void)?
    /// Staged files, in the order they are renamed.
    private var writes: [Staged] = []
    /// Original → temporary name, for files to remove (renamed back on roll-back).
    private var removals: [(original: String, temp: String)] = []
    /// Folders this run created, deepest last (removed again on roll-back).
    private var createdFolders: [String] = []

    /// A file written to `temp`, to be renamed over `target`.
    private struct Staged {
        let path: String
        let temp: String
        let target: String
        /// The target when the writer decided to replace it; nil when there was none (and there must still be none).
        let original: FileState?
    }

    init(root: URL) { self.root = root }

    /// Writes `file` to a temporary file next to its target, creating missing folders. `original`: the target as
    /// the caller judged it (nil: absent), compared again before the rename. A file replaced keeps its permission
    /// bits (an executable script stays executable, a private file stays private) and its owner and group (as far as
    /// the process may give them); a new one gets 0644 less the umask.
    mutating func stage(_ file: GeneratedFile, replacing original: FileState?) throws {
        let target = root.path + "/" + file.path
        try createFolders(for: file.path)
        let temp = Self.temporaryPath(for: target)
        let keeping = original.flatMap { $0.isRegularFile ? $0 : nil }
        if let problem = Self.create(temp, Data(file.contents.utf8), like: keeping) {
            // A temporary file that exists is removed by the roll-back.
            if problem != .notCreated { writes.append(Staged(path: file.path, temp: temp, target: target, original: original)) }
            throw failure(file.path, problem.what)
        }
        writes.append(Staged(path: file.path, temp: temp, target: target, original: original))
    }

    /// Moves `path` aside under a temporary name (deleted on commit, renamed back on roll-back).
    mutating func stageRemoval(_ path: String) throws {
        let original = root.path + "/" + path
        let temp = Self.temporaryPath(for: original)
        guard rename(original, temp) == 0 else { throw failure(path, "cannot remove it") }
        removals.append((original, temp))
    }

    /// Renames every staged file over its target and deletes the files moved aside. Right before each rename the
    /// target is checked against what was recorded (entry, size, modification time, bytes), so a file's window is
    /// only its own rename, and its original is kept under a second name until every file is in place. A target
    /// changed meanwhile, or a rename that fails, puts every file already replaced back (the original entry itself,
    /// bytes, owner and mode as they were), undoes the staging and throws: nothing is written.
    func commit() throws {
        var replaced: [(item: Staged, kept: String?)] = []
        for (index, item) in writes.enumerated() {
            beforeEachRename?(item.path)
            var kept: String?
            var problem: String?
            if let original = item.original {
                let name = Self.temporaryPath(for: item.target)
                if Self.keep(original, at: item.target, as: name) {
                    kept = name
                } else {
                    problem = "cannot keep the original until every file is written (\(String(cString: strerror(errno))))"
                }
            }
            if problem == nil, !isUnchanged(item) { problem = "changed while `\(command)` ran" }
            if problem == nil, rename(item.temp, item.target) != 0 { problem = "cannot write it (\(String(cString: strerror(errno))))" }
            guard let problem else {
                replaced.append((item, kept))
                continue
            }
            if let kept { unlink(kept) }
            for rest in writes[index...] { unlink(rest.temp) }
            let notPutBack = putBack(replaced)
            for removal in removals { rename(removal.temp, removal.original) }
            for folder in createdFolders.reversed() { rmdir(folder) }
            throw GeneratedFileWriter.WriteFailure(lines: [
                "\(item.path):1:1: error: \(problem); nothing was written: run it again"] + notPutBack)
        }
        for (_, kept) in replaced { if let kept { unlink(kept) } }
        for removal in removals { unlink(removal.temp) }
    }

    /// Undoes the staging: temporary files deleted, moved files back, created folders removed.
    func rollBack() {
        for item in writes { unlink(item.temp) }
        for removal in removals.reversed() { rename(removal.temp, removal.original) }
        for folder in createdFolders.reversed() { rmdir(folder) }
    }

    /// Whether the target is still what was recorded when it was judged: the same entry, size, modification time and
    /// bytes, or still nothing.
    private func isUnchanged(_ item: Staged) -> Bool {
        guard let original = item.original else {
            var info = stat()
            return lstat(item.target, &info) != 0 && errno == ENOENT
        }
        guard let now = try? FileState.read(item.target) else { return false }
        return now.isUnchanged(original)
    }

    /// Renames each kept original back over the file that replaced it (a file created is removed), last first;
    /// the lines for any that could not be (the new version stays there, whole).
    private func putBack(_ replaced: [(item: Staged, kept: String?)]) -> [String] {
        var lines: [String] = []
        for (item, kept) in replaced.reversed() {
            guard let kept else {
                unlink(item.target)
                continue
            }
            if rename(kept, item.target) != 0 {
                let name = String(kept.dropFirst(root.path.count + 1))
                lines.append("\(item.path):1:1: error: the original could not be put back (\(String(cString: strerror(errno)))); "
                             + "this file holds the new version, the original is at \(name)")
            }
        }
        return lines
    }

    /// Keeps `original` (the entry at `target`) under the temporary name `name`: a second name for the entry itself,
    /// or, where the file system has no hard links, a copy of its bytes with its owner and mode.
    private static func keep(_ original: FileState, at target: String, as name: String) -> Bool {
        if linkat(AT_FDCWD, target, AT_FDCWD, name, 0) == 0 { return true }
        guard original.isRegularFile else { return false }
        if create(name, original.bytes, like: original) == nil { return true }
        unlink(name)
        return false
    }

    /// What went wrong creating a file (`create`).
    private enum CreateFailure: Equatable {
        case notCreated
        /// The owner or the permissions of the file it replaces could not be given.
        case notLike(String)
        case notWritten

        var what: String {
            switch self {
            case .notCreated: return "cannot create a temporary file next to it"
            case .notLike(let what): return "cannot give the new version the old one's \(what)"
            case .notWritten: return "cannot write it"
            }
        }
    }

    /// Creates `path` (never over anything) holding `data`, synced, with `like`'s owner, group and permission bits
    /// (0644 less the umask without it). Nil when done; a half-made file is left for the caller to remove.
    private static func create(_ path: String, _ data: Data, like original: FileState?) -> CreateFailure? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .notCreated }
        defer { close(fd) }
        if let original {
            var made = stat()
            // Root (a `sudo` run, a container) must not leave a user's file owned by root. Anyone else cannot give a
            // file to another user (EPERM): it becomes theirs, as an editor's save makes it.
            if fstat(fd, &made) == 0, made.st_uid != original.owner || made.st_gid != original.group,
               fchown(fd, original.owner, original.group) != 0, errno != EPERM || geteuid() == 0 {
                return .notLike("owner")
            }
            // After fchown, which clears the set-id bits.
            if fchmod(fd, mode_t(original.mode & 0o7777)) != 0 { return .notLike("permissions") }
        }
        let failed = WriteAll.write(data, to: fd) != nil
        let synced = fsync(fd) == 0
        return !failed && (synced || data.isEmpty) ? nil : .notWritten
    }

    /// Creates the missing folders on the way to `path`, remembering them.
    private mutating func createFolders(for path: String) throws {
        let parts = path.split(separator: "/").dropLast()
        var current = root.path
        for part in parts {
            current += "/" + part
            var info = stat()
            if stat(current, &info) == 0 { continue }
            guard mkdir(current, 0o755) == 0 || errno == EEXIST else {
                throw failure(path, "cannot create the folder \(String(current.dropFirst(root.path.count + 1)))")
            }
            createdFolders.append(current)
        }
    }

    /// `.<name>.naars-contracts-<uuid>.tmp` in the target's folder (a rename within one folder is atomic).
    static func temporaryPath(for target: String) -> String {
        let slash = target.lastIndex(of: "/")!
        let folder = target[..<slash], name = target[target.index(after: slash)...]
        return "\(folder)/.\(name)\(GeneratedFileWriter.temporaryMarker)\(UUID().uuidString).tmp"
    }

    private func failure(_ path: String, _ what: String) -> GeneratedFileWriter.WriteFailure {
        GeneratedFileWriter.WriteFailure(lines: ["\(path):1:1: error: \(what) (\(String(cString: strerror(errno)))); nothing was written"])
    }
}
