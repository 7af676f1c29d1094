import Foundation
import PackagePlugin

/// The build command both plugin flavours (SwiftPM and Xcode) return.
enum DriftCheckCommand {
    /// Folders never read for inputs: build products, dependencies, version control.
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData", "Pods", "Carthage"]
    /// Extensions of the files a check reads (sources, migrations, the registry and its baseline).
    static let inputExtensions: Set<String> = ["swift", "sql", "ts", "yaml", "yml", "json"]

    /// `naars-contracts check` for one target. A build command runs only when an output is missing or older than
    /// an input, and SwiftPM schedules only commands whose outputs something consumes: the output is a Swift file
    /// holding a comment, compiled into the target, written only after a clean check. A drift makes the shell
    /// exit non-zero with the findings on its output (`--format xcode`: `file:line:col: error: ...`, which SwiftPM
    /// and Xcode show as build errors), the stamp stays missing, and the next build checks again.
    static func commands(tool: Path, searchFrom start: Path, targetName: String, targetFiles: [Path],
                         workDirectory: Path) throws -> [Command] {
        guard let registry = nearestRegistry(from: start) else {
            Diagnostics.error("naars-contracts: no registry.yaml in \(start.string) or any parent folder; "
                + "the drift check of target \(targetName) cannot run")
            return []
        }
        let root = registry.removingLastComponent()
        let stamp = workDirectory.appending("NaarsContractsCheck.swift")
        // $0 tool, $1 project root, $2 stamp. `--no-cache`: a build command may write only its work directory
        // (the macOS sandbox enforces it), and the cache lives beside the registry.
        let script = #"rm -f "$2" && cd "$1" && "$0" check --no-cache --format xcode && "#
            + #"printf '%s\n' '// naars-contracts check: no drift. Written by the build tool plugin.' > "$2""#
        let inputs = [tool] + Array(Set(targetFiles + projectFiles(under: root)).sorted { $0.string < $1.string })
        return [.buildCommand(
            displayName: "naars-contracts check (\(targetName))",
            executable: Path("/bin/sh"),
            arguments: ["-c", script, tool.string, root.string, stamp.string],
            inputFiles: inputs,
            outputFiles: [stamp]
        )]
    }

    /// The nearest `registry.yaml` in `start` or its parents, the one the tool itself finds: any entry of that name
    /// stops the search, a dangling or looping link or a folder included (`attributesOfItem` does not follow a
    /// link, `fileExists` does), and the check then says what is wrong with it, never using a parent's registry.
    static func nearestRegistry(from start: Path) -> Path? {
        var folder = URL(fileURLWithPath: start.string).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent("registry.yaml")
            if (try? FileManager.default.attributesOfItem(atPath: candidate.path)) != nil { return Path(candidate.path) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Every file below `root` a check may read, so an edit to a migration or a TypeScript file outside the
    /// target reruns the check too; and the folders holding them, whose modification date changes when a file
    /// is added or removed (a new migration is not among the inputs of the last run).
    static func projectFiles(under root: Path) -> [Path] {
        let url = URL(fileURLWithPath: root.string)
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var files: [Path] = [root]
        while let item = walker.nextObject() as? URL {
            if (try? item.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                if skippedFolders.contains(item.lastPathComponent) {
                    walker.skipDescendants()
                } else {
                    files.append(Path(item.path))
                }
                continue
            }
            // A dangling link is no input (SwiftPM refuses a build command with a missing input): the check reads
            // what it points at, and says so when that is a dangling registry.yaml.
            if inputExtensions.contains(item.pathExtension) || item.lastPathComponent == ".naars-contracts-baseline.json",
               FileManager.default.fileExists(atPath: item.path) {
                files.append(Path(item.path))
            }
        }
        return files
    }
}
