import ContractsCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes generated files and removes ones no longer generated, as one step: only files whose content
/// changed, never over a file that lacks the generated header, never outside the project or inside `.git`.
/// Every file is staged first (a temporary file next to its target; a removal renames the file to a
/// temporary name); only when all are staged are they renamed into place, each target checked again right before
/// its rename (`StagedWrites.commit`). A failure while staging or renaming, or a target changed since it was read,
/// removes what was staged, puts back what was replaced and removed, so a failed run writes nothing.
public struct GeneratedFileWriter {
    public let root: URL
    /// The command named when a target changed while it ran.
    public let command: String
    /// Called with each target's path after staging, right before its check and rename (a test's seam).
    package var beforeEachRename: ((String) -> Void)?

    public init(root: URL, command: String = "naars-contracts") {
        self.root = root
        self.command = command
    }

    /// What writing `files` would do to each path.
    public enum Change: Equatable, Sendable {
        case create
        case update(old: String)
        case unchanged
        /// A file exists there without our header (or cannot be read to tell): hand-written, never overwritten.
        case refused
    }

    /// The suffix of every temporary file the writer makes (`.<name>.naars-contracts-<uuid>.tmp`).
    static let temporaryMarker = ".naars-contracts-"

    /// What writing would do; reads the current files, writes nothing.
    public func changes(for files: [GeneratedFile]) -> [(file: GeneratedFile, change: Change)] {
        judge(files).map { ($0.file, $0.change) }
    }

    /// Each file's change and the target as it was read to decide it (nil: absent, or a folder `checkTargets`
    /// refuses).
    private func judge(_ files: [GeneratedFile]) -> [(file: GeneratedFile, change: Change, state: FileState?)] {
        files.map { file in
            let path = root.path + "/" + file.path
            let state: FileState?
            do {
                state = try FileState.read(path)
            } catch {
                var info = stat()
                let isFolder = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                return (file, isFolder ? .create : .refused, nil)
            }
            guard let state else { return (file, .create, nil) }
            let old = String(decoding: state.bytes, as: UTF8.self)
            if old == file.contents { return (file, .unchanged, state) }
            let ours = file.path == GeneratedManifest.fileName ? GeneratedManifest.isManifest(old) : GeneratedHeader.isGenerated(old)
            return (file, ours ? .update(old: old) : .refused, state)
        }
    }

    /// Writes every created or updated file and removes `removals`, or changes nothing at all when any
    /// target is refused, cannot be staged, or changed before its rename. Returns the paths written. `judged`: files
    /// the caller has already decided to write (not generated files, so not judged by their header: the schema beside
    /// the registry, the sources `check --fix` edits), written in the same all-or-nothing step; `originals`: what the
    /// caller read of some of them when it decided (the rest are read now), so a save since then stops the run.
    @discardableResult
    public func write(_ files: [GeneratedFile], removing removals: [String] = [], judged: [GeneratedFile] = [],
                      originals: [String: FileState] = [:]) throws -> [String] {
        let plan = judge(files)
        let refused = plan.filter { $0.change == .refused }.map(\.file.path)
        guard refused.isEmpty else { throw WriteRefused(paths: refused) }
        let generated = plan.filter { $0.change != .unchanged }
        try checkTargets(generated.map(\.file.path) + judged.map(\.path) + removals)
        var pending = generated.map { ($0.file, $0.state) }
        for file in judged {
            do {
                pending.append((file, try originals[file.path] ?? FileState.read(root.path + "/" + file.path)))
            } catch {
                throw WriteFailure(lines: ["\(file.path):1:1: error: \(error); nothing was written"])
            }
        }
        var transaction = StagedWrites(root: root)
        transaction.command = command
        transaction.beforeEachRename = beforeEachRename
        do {
            for (file, state) in pending { try transaction.stage(file, replacing: state) }
            for path in removals { try transaction.stageRemoval(path) }
        } catch {
            transaction.rollBack()
            throw error
        }
        try transaction.commit()
        return pending.map(\.0.path)
    }

    /// Refuses, before anything is touched, a target outside the project or in `.git`, a symbolic link, a folder
    /// where a file goes, and a file where a folder is needed.
    private func checkTargets(_ paths: [String]) throws {
        var failures: [String] = []
        for path in paths {
            do {
                try ProjectWriteTarget.check(path, root: root)
            } catch let refusal as ProjectWriteTarget.Refusal {
                failures.append(refusal.description)
                continue
            }
            // A rename over a link replaces the link and leaves what it points at as it was (stale, or someone
            // else's file): a link is never a target, whatever it points at.
            if ProjectWriteTarget.entryIsLink(root.path + "/" + path) {
                failures.append("\(path):1:1: error: is a symbolic link; naars-contracts never replaces a link: put the file "
                    + "itself there, or point the output folder at where the link leads")
                continue
            }
            let parts = path.split(separator: "/")
            for depth in 1...parts.count {
                let prefix = parts.prefix(depth).joined(separator: "/")
                var info = stat()
                guard stat(root.path + "/" + prefix, &info) == 0 else { break }
                let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
                if depth == parts.count, isFolder {
                    failures.append("\(path):1:1: error: is a folder, but generate writes a file there; move the folder away")
                } else if depth < parts.count, !isFolder {
                    failures.append("\(path):1:1: error: \(prefix) is a file, but generate needs a folder there; move the file away")
                    break
                }
            }
        }
        guard failures.isEmpty else { throw WriteFailure(lines: failures) }
    }

    /// Thrown when a target exists without the generated header.
    public struct WriteRefused: Error, CustomStringConvertible {
        public var paths: [String]

        public init(paths: [String]) { self.paths = paths }

        public var description: String {
            paths.map { "\($0):1:1: error: exists and was not generated by naars-contracts (no generated header); "
                + "refusing to overwrite it — move it away or delete it, then run `naars-contracts generate`" }
                .joined(separator: "\n")
        }
    }

    /// A write that could not be done; nothing was written. `lines` are `path:1:1: error: ...`.
    public struct WriteFailure: Error, CustomStringConvertible {
        public var lines: [String]

        public init(lines: [String]) { self.lines = lines }

        public var description: String { lines.joined(separator: "\n") }
    }
}
