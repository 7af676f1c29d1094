import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Read access to a project's files, relative to its root.
///
/// The checkers read through this so the same code judges the working tree (`DiskTree`),
/// the git index (`check --staged`) or an in-memory fixture in tests (`MemoryTree`).
public protocol FileTree: Sendable {
    /// Every regular file below `dir` ("" for the whole tree), as `/`-separated paths relative to the root, sorted.
    func files(under dir: String) throws -> [String]
    /// The bytes of a file.
    func read(_ path: String) throws -> Data
    /// A fingerprint of a file's content (equal bytes, equal fingerprint), for the check cache; a tree that
    /// knows one without reading (git's object ids) or can hash faster than `read` says so here.
    func fingerprint(_ path: String) throws -> String
    /// The fingerprint of `bytes`, just read from `path`; must agree with `fingerprint(_:)`.
    func fingerprint(_ path: String, of bytes: Data) -> String
}

extension FileTree {
    public func fingerprint(_ path: String) throws -> String { fingerprint(path, of: try read(path)) }
    public func fingerprint(_ path: String, of bytes: Data) -> String { ContentHash.hex(bytes) }
}

extension FileTree {
    /// A file decoded as UTF-8 (invalid bytes are replaced, never a crash).
    public func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// The file decoded as UTF-8 when its bytes hold one of `needles` (a reader can find nothing without one), else
    /// nil: most files hold none, and decoding every file into a `String` costs more than the byte search.
    public func readText(_ path: String, ifHoldingAnyOf needles: [[UInt8]]) throws -> String? {
        let bytes = try read(path)
        let holds = bytes.withUnsafeBytes { buffer in needles.contains { ByteNeedles.occurs($0, in: buffer) } }
        return holds ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Whether the file exists.
    public func exists(_ path: String) -> Bool { (try? read(path)) != nil }

    /// Files matching any of `include` and none of `exclude`.
    /// Only the folders the patterns can match below are listed (`Glob.folders`): a file added elsewhere (a
    /// new migration, for the Swift sources' patterns) changes no listing the caller asked for.
    public func files(matching include: [String], excluding exclude: [String] = []) throws -> [String] {
        let inc = include.map(Glob.init), exc = exclude.map(Glob.init)
        return try Glob.folders(inc).flatMap { try files(under: $0) }.sorted().filter { path in
            inc.contains { $0.matches(path) } && !exc.contains { $0.matches(path) }
        }
    }
}

/// Byte tests on a text (Foundation's `String.contains` is many times slower on Linux).
public enum TextBytes {
    /// Whether one of `needles` occurs in the text's UTF-8.
    public static func holdsAny(of needles: [[UInt8]], in text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in needles.contains { ByteNeedles.occurs($0, in: UnsafeRawBufferPointer(buffer)) } }
    }

    /// Whether `needle` occurs in the text's UTF-8.
    public static func holds(_ needle: [UInt8], in text: String) -> Bool {
        var text = text
        return text.withUTF8 { ByteNeedles.occurs(needle, in: UnsafeRawBufferPointer($0)) }
    }
}

/// Errors reading a tree.
public struct FileTreeError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// The working tree on disk.
public struct DiskTree: FileTree {
    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    /// A folder that is missing (or a file) lists nothing; one that exists but cannot be opened (no
    /// permission, a symbolic-link loop) throws, so a checker never mistakes it for an empty folder.
    public func files(under dir: String) throws -> [String] {
        let prefix = dir.isEmpty ? "" : (dir.hasSuffix("/") ? dir : dir + "/")
        if let reason = DirectoryWalk.unlistable(root.path + "/" + prefix) {
            throw FileTreeError(path: dir, reason: "cannot list folder (\(reason))")
        }
        var out: [String] = []
        DirectoryWalk.regularFiles(in: root.path + "/" + prefix, relative: prefix, into: &out)
        return out.sorted()
    }

    /// Hashes the file from a temporary buffer, never building a `Data`: the cache's check that nothing
    /// changed reads every file, so this is most of its cost.
    public func fingerprint(_ path: String) throws -> String {
        let fd = open(root.path + "/" + path, O_RDONLY)
        guard fd >= 0 else { return fingerprint(path, of: try read(path)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return fingerprint(path, of: try read(path)) }
        // One byte more than the size, so a file that grew since fstat is noticed (and read the slow way).
        let capacity = Int(info.st_size) + 1
        return try withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 8) { buffer in
            let filled = FileBytes.fill(fd, buffer.baseAddress!, capacity)
            guard filled < capacity else { return fingerprint(path, of: try read(path)) }
            return ContentHash.hex(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<filled]))
        }
    }

    /// A file that cannot be opened says why in the system's words (a missing `migrations.sum` is asked for on
    /// every run: `NSError`'s description costs more than the rest of the question). One that opens but is not a
    /// regular file, or grew while read, is read by Foundation, which gives its own reason.
    public func read(_ path: String) throws -> Data {
        let fd = open(root.path + "/" + path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw FileTreeError(path: path, reason: "cannot read file (\(reason.prefix(1).lowercased() + reason.dropFirst()))")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let bytes = FileBytes.readAll(fd, size: Int(info.st_size)) {
            return bytes
        }
        do {
            return try Data(contentsOf: root.appendingPathComponent(path))
        } catch {
            throw FileTreeError(path: path, reason: "cannot read file (\((error as NSError).localizedDescription))")
        }
    }
}

/// An in-memory tree, for tests and for the staged (git index) view.
public struct MemoryTree: FileTree {
    public var contents: [String: Data]

    public init(_ contents: [String: Data]) { self.contents = contents }

    public init(text: [String: String]) { contents = text.mapValues { Data($0.utf8) } }

    public func files(under dir: String) throws -> [String] {
        let prefix = dir.isEmpty ? "" : (dir.hasSuffix("/") ? dir : dir + "/")
        return contents.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    public func read(_ path: String) throws -> Data {
        guard let data = contents[path] else { throw FileTreeError(path: path, reason: "no such file") }
        return data
    }
}
