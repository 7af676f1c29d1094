#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recursive listing with `opendir`/`readdir`: Foundation's URL enumerator asks for resource values
/// file by file, which costs more than reading the files themselves on a large app.
enum DirectoryWalk {
    /// Folders never searched for sources: version control, build output, dependencies, our own cache.
    static let skipped: Set<String> = [".git", ".build", "node_modules", ".venv", CacheFolder.name]

    /// Appends every regular file below `path` (a folder ending in "/") as `relative` + its path.
    /// Symbolic links count when they point at a regular file; linked folders are not entered (no cycles).
    static func regularFiles(in path: String, relative: String, into out: inout [String]) {
        guard let dir = opendir(path) else {
            // Past PATH_MAX no call takes the folder's path, nor any path below it: left out, but said.
            if errno == ENAMETOOLONG { TooLongPaths.note(relative) }
            return
        }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            // A name that is not UTF-8 (a Latin-1 `caf\xE9.sql`) has no `String` that opens it again: decoded with
            // U+FFFD it named another file, and reading it failed the run. It is left out, and named once on
            // standard error, its bytes escaped.
            guard let name = String(validating: bytes, as: UTF8.self) else {
                UnreadableNames.note(relative, bytes)
                continue
            }
            if name == "." || name == ".." { continue }
            switch kind(entry.pointee.d_type, path + name) {
            case .directory:
                if skipped.contains(name) || name.hasPrefix(".build-") { continue }
                regularFiles(in: path + name + "/", relative: relative + name + "/", into: &out)
            case .file:
                out.append(relative + name)
            case .tooLong:
                TooLongPaths.note(relative + name)
            case .other:
                continue
            }
        }
    }

    /// Why the folder at `path` cannot be listed, or nil when it can or is simply not there (missing, or
    /// not a folder: both list as empty).
    static func unlistable(_ path: String) -> String? {
        guard let dir = opendir(path) else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? nil : String(cString: strerror(code))
        }
        closedir(dir)
        return nil
    }

    /// `tooLong`: an entry whose type only its path could tell (`DT_UNKNOWN`, a link), past PATH_MAX.
    private enum Kind { case file, directory, other, tooLong }

    private static func kind(_ type: UInt8, _ path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK):
            return linkKind(path)
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path, &info) == 0 else { return errno == ENAMETOOLONG ? .tooLong : .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            case S_IFLNK: return linkKind(path)
            default: return .other
            }
        default: return .other
        }
    }

    /// A symbolic link counts when it points at a regular file.
    private static func linkKind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENAMETOOLONG ? .tooLong : .other }
        return (info.st_mode & S_IFMT) == S_IFREG ? .file : .other
    }
}
