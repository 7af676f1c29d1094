import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `generate` run's writes and removals, staged next to their targets before any target changes.
/// Staging can fail (a full disk, a read-only folder); it is undone then. Renaming a staged file over its
/// target is what commits it, and is done only when everything is staged.
struct StagedWrites {
    let root: URL
    /// Temporary file → target, for files to write.
    private var writes: [(temp: String, target: String)] = []
    /// Original → temporary name, for files to remove (renamed back on roll-back).
    private var removals: [(original: String, temp: String)] = []
    /// Folders this run created, deepest last (removed again on roll-back).
    private var createdFolders: [String] = []

    init(root: URL) { self.root = root }

    /// Writes `file` to a temporary file next to its target, creating missing folders. A file replaced keeps its
    /// permission bits (an executable script stays executable, a private file stays private); a new one gets
    /// 0644 less the umask.
    mutating func stage(_ file: GeneratedFile) throws {
        let target = root.path + "/" + file.path
        try createFolders(for: file.path)
        let temp = Self.temporaryPath(for: target)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw failure(file.path, "cannot create a temporary file next to it") }
        writes.append((temp, target))
        var old = stat()
        if lstat(target, &old) == 0, (old.st_mode & S_IFMT) == S_IFREG, fchmod(fd, old.st_mode & 0o7777) != 0 {
            close(fd)
            throw failure(file.path, "cannot give the new version the old one's permissions")
        }
        let data = Data(file.contents.utf8)
        let written = data.withUnsafeBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return -1 }
                offset += n
            }
            return offset
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced || data.isEmpty else { throw failure(file.path, "cannot write it") }
    }

    /// Moves `path` aside under a temporary name (deleted on commit, renamed back on roll-back).
    mutating func stageRemoval(_ path: String) throws {
        let original = root.path + "/" + path
        let temp = Self.temporaryPath(for: original)
        guard rename(original, temp) == 0 else { throw failure(path, "cannot remove it") }
        removals.append((original, temp))
    }

    /// Renames every staged file over its target and deletes the files moved aside.
    func commit() throws {
        for (index, item) in writes.enumerated() where rename(item.temp, item.target) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in writes[index...] { unlink(rest.temp) }
            for removal in removals { rename(removal.temp, removal.original) }
            let path = String(item.target.dropFirst(root.path.count + 1))
            throw GeneratedFileWriter.WriteFailure(lines: [
                "\(path):1:1: error: cannot write it (\(reason)); \(index) of \(writes.count) file(s) were already replaced"])
        }
        for removal in removals { unlink(removal.temp) }
    }

    /// Undoes the staging: temporary files deleted, moved files back, created folders removed.
    func rollBack() {
        for item in writes { unlink(item.temp) }
        for removal in removals.reversed() { rename(removal.temp, removal.original) }
        for folder in createdFolders.reversed() { rmdir(folder) }
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

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
