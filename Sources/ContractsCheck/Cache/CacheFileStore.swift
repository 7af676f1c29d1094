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

    /// The file decoded, or nil when it is missing or does not decode (a miss, never an error).
    func load<T: Decodable>(_ type: T.Type, from url: URL) -> T? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    /// Writes every value as JSON, each file atomically; stops at the first failure.
    func save(_ files: [(URL, Encodable)]) {
        var encoded: [(URL, Data)] = []
        for (url, value) in files {
            guard let data = try? JSONEncoder().encode(value) else { return }
            encoded.append((url, data))
        }
        save(data: encoded)
    }

    /// Writes every file, each atomically; stops at the first failure.
    func save(data files: [(URL, Data)]) {
        guard !files.isEmpty else { return }
        let manager = FileManager.default
        // A cache folder that is a link out of the project (or into .git) is never written through.
        guard (try? ProjectWriteTarget.check(folder.lastPathComponent + "/.gitignore",
                                             root: folder.deletingLastPathComponent())) != nil else { return }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let ignore = folder.appendingPathComponent(".gitignore")
            if !manager.fileExists(atPath: ignore.path) {
                try replace(ignore, with: Data("# Written by naars-contracts check: a cache, never committed.\n*\n".utf8))
            }
            removeStaleTemporaryFiles()
            for (url, data) in files {
                if url.deletingLastPathComponent().standardizedFileURL != folder.standardizedFileURL {
                    try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                try replace(url, with: data)
            }
        } catch {
            return
        }
    }

    /// `data` into a temporary file of its own beside `url`, then renamed over `url` (atomic on one file system).
    func replace(_ url: URL, with data: Data) throws {
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary, options: .withoutOverwriting)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Removes the files of `subfolder` (of this folder) whose names are not in `keeping`; best effort.
    func prune(_ subfolder: URL, keeping: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: subfolder.path) else { return }
        for name in names where !keeping.contains(name) && !name.hasPrefix(".") {
            unlink(subfolder.appendingPathComponent(name).path)
        }
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
