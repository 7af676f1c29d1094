import ContractsCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache folder's files, for runs that may overlap (an editor, a build phase and the pre-commit hook at
/// once): each file is written under a name no other run uses, in the same folder, and renamed over the old
/// one, so a reader sees a whole old file or a whole new one, never a mix. Best effort: a folder that
/// cannot be written (a read-only checkout) is simply left alone.
struct CacheFileStore {
    let folder: URL

    /// A temporary file older than this was left by a run that was killed before its rename.
    static let staleAge: TimeInterval = 600

    /// Makes each file and writes it atomically, side by side (the folder is made before the first is
    /// written); a maker's nil writes nothing. Best effort: a file that cannot be written is skipped.
    func save(making makers: [() -> (URL, Data)?]) {
        let lock = NSLock()
        var ready: Bool?
        _ = makers.concurrentMap { make in
            guard let (url, data) = make() else { return }
            lock.lock()
            if ready == nil { ready = prepare() }
            let prepared = ready!
            lock.unlock()
            if prepared { try? replace(url, with: data) }
        }
    }

    /// Makes the folder with its `.gitignore` (removing temporary files of killed runs); false when it is a link
    /// out of the project (or into .git), never written through, or cannot be made.
    fileprivate func prepare() -> Bool {
        let manager = FileManager.default
        // A link in the cache's place is never written through, even one that stays inside the project.
        guard !ProjectWriteTarget.entryIsLink(folder.path) else { return false }
        guard (try? ProjectWriteTarget.check(folder.lastPathComponent + "/.gitignore",
                                             root: folder.deletingLastPathComponent())) != nil else { return false }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let ignore = folder.appendingPathComponent(".gitignore")
            if !manager.fileExists(atPath: ignore.path) {
                try replace(ignore, with: Data("# Written by naars-contracts check: a cache, never committed.\n*\n".utf8))
            }
        } catch {
            return false
        }
        removeStaleTemporaryFiles()
        return true
    }

    /// Writes files into `subfolder` (of this folder) one at a time as a run makes them; the folder is checked
    /// and made at the first write. Best effort, safe from several threads.
    func writer(into subfolder: URL) -> SubfolderWriter { SubfolderWriter(store: self, subfolder: subfolder) }

    final class SubfolderWriter: @unchecked Sendable {
        let store: CacheFileStore
        let subfolder: URL
        private let lock = NSLock()
        private var ready: Bool?

        init(store: CacheFileStore, subfolder: URL) {
            self.store = store
            self.subfolder = subfolder
        }

        func write(_ name: String, _ data: Data) {
            lock.lock()
            if ready == nil {
                // The cache folder as `save` makes it (never through a link out of the project), then the subfolder.
                ready = store.prepare()
                    && !ProjectWriteTarget.entryIsLink(subfolder.path)
                    && (try? ProjectWriteTarget.check(store.folder.lastPathComponent + "/" + subfolder.lastPathComponent + "/x",
                                                      root: store.folder.deletingLastPathComponent())) != nil
                    && (try? FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)) != nil
            }
            let ready = self.ready!
            lock.unlock()
            guard ready else { return }
            try? store.replace(subfolder.appendingPathComponent(name), with: data)
        }
    }

    /// `data` into a temporary file of its own beside `url`, then renamed over `url` (atomic on one file system).
    func replace(_ url: URL, with data: Data) throws {
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).tmp")
        do {
            try Self.create(temporary.path, with: data)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// A new file (never one that exists) holding `data`, written with the system's calls: `Data.write` costs
    /// several times the write itself.
    private static func create(_ path: String, with data: Data) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(fd) }
        try data.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
                written += n
            }
        }
    }

    /// Removes the files of `subfolder` (of this folder) whose names are not in `keeping`; best effort. Only
    /// inside a real folder: the cache folder and `subfolder` are opened without following a link, and each
    /// file is removed relative to the folder opened, so a link swapped in on the way removes nothing.
    func prune(_ subfolder: URL, keeping: Set<String>) {
        let parent = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { close(parent) }
        let fd = openat(parent, subfolder.lastPathComponent, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        guard let stream = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(stream) }
        var doomed: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !keeping.contains(name), !name.hasPrefix(".") { doomed.append(name) }
        }
        for name in doomed { unlinkat(fd, name, 0) }
    }

    /// Temporary files of killed runs; a young one may be another run's, about to be renamed.
    private func removeStaleTemporaryFiles() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let path = folder.appendingPathComponent(name).path
            guard let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  Date().timeIntervalSince(modified) > CacheFileStore.staleAge else { continue }
            unlink(path)
        }
    }
}
