import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CacheFolder {
    /// The first symbolic link at or below the cache folder of `root` (its path from `root`), or nil when the
    /// folder is absent or holds only real folders and files. A link anywhere there (committed by a pull
    /// request, or made by hand) could send a read, a write or a prune somewhere else, so a cache with one is
    /// not used at all: not read, not written, not pruned. Listing costs one `getdents` per folder: entries
    /// are judged by the type the listing gives, `lstat` only where the file system gives none.
    public static func firstLink(root: URL) -> String? {
        let top = root.path + "/" + name
        var info = stat()
        guard lstat(top, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFLNK { return name }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        var pending = [(path: top, shown: name, depth: 0)]
        while let folder = pending.popLast() {
            guard let stream = opendir(folder.path) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if entryName == "." || entryName == ".." { continue }
                let path = folder.path + "/" + entryName, shown = folder.shown + "/" + entryName
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var entryInfo = stat()
                    guard lstat(path, &entryInfo) == 0 else { continue }
                    switch entryInfo.st_mode & S_IFMT {
                    case S_IFLNK: type = Int32(DT_LNK)
                    case S_IFDIR: type = Int32(DT_DIR)
                    default: type = Int32(DT_REG)
                    }
                }
                if type == Int32(DT_LNK) { return shown }
                // The cache is two levels deep (`check.memo/<entry>`); anything deeper is not ours, and not read.
                if type == Int32(DT_DIR), folder.depth < 4 { pending.append((path, shown, folder.depth + 1)) }
            }
        }
        return nil
    }
}
