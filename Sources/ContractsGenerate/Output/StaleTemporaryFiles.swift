import Foundation
import ContractsCore

/// Temporary files a killed `generate` left behind (`.<name>.naars-contracts-<uuid>.tmp`). The next run
/// removes them while it holds the project lock (`ProjectLock`), so none of them can belong to a run still
/// going.
public enum StaleTemporaryFiles {
    /// Removes the writer's temporary files directly in `folders` (relative to `root`, "" for the root) and
    /// returns their paths.
    public static func remove(in folders: [String], root: URL) -> [String] {
        var removed: [String] = []
        for folder in Set(folders).sorted() {
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted() where isTemporaryName(name) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                if (try? ProjectWriteTarget.check(relative, root: root)) != nil,
                   (try? FileManager.default.removeItem(atPath: path + "/" + name)) != nil {
                    removed.append(relative)
                }
            }
        }
        return removed
    }

    /// Whether `name` is one the writer makes: a dot, the target's name, the marker, a UUID, `.tmp`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"),
              let marker = name.range(of: GeneratedFileWriter.temporaryMarker, options: .backwards) else { return false }
        let id = name[marker.upperBound...].dropLast(".tmp".count)
        return UUID(uuidString: String(id)) != nil
    }
}
