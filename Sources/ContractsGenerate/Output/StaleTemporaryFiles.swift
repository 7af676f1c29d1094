import Foundation
import ContractsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files a killed `generate` or `check --fix` left behind (`.<name>.naars-contracts-<uuid>.tmp`: a staged
/// new version, or a second name of an original kept until every file was in place). The next run removes them
/// while it holds the project lock (`ProjectLock`), so none of them can belong to a run still going.
public enum StaleTemporaryFiles {
    /// Removes the writer's temporary files directly in `folders` (relative to `root`, "" for the root) and
    /// returns their paths. Only regular files: the writer never makes a folder or a link under such a name, so one
    /// is someone else's.
    public static func remove(in folders: [String], root: URL) -> [String] {
        var removed: [String] = []
        for folder in Set(folders).sorted() {
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted() where isTemporaryName(name) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                var info = stat()
                guard lstat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                if (try? ProjectWriteTarget.check(relative, root: root)) != nil, unlink(path + "/" + name) == 0 {
                    removed.append(relative)
                }
            }
        }
        return removed
    }

    /// Whether `name` is one the writer makes: a dot, the target's name (not empty), the marker, a UUID, `.tmp`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"),
              let marker = name.range(of: GeneratedFileWriter.temporaryMarker, options: .backwards),
              marker.lowerBound > name.index(after: name.startIndex) else { return false }
        let id = name[marker.upperBound...].dropLast(".tmp".count)
        return UUID(uuidString: String(id)) != nil
    }
}
