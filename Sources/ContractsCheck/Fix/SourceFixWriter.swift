import ContractsCore
import ContractsGenerate
import Foundation

extension SourceFix {
    /// Why nothing was written: each file and the reason.
    public struct WriteFailure: Error, CustomStringConvertible, Sendable {
        public var messages: [(path: String, reason: String)]

        /// From the writer's `path:1:1: error: reason` lines.
        init(lines: [String]) {
            messages = lines.map { line in
                guard let mark = line.range(of: ":1:1: error: ") else { return ("", line) }
                return (String(line[..<mark.lowerBound]), String(line[mark.upperBound...]))
            }
        }

        public var description: String { messages.map { "\($0.path):1:1: error: \($0.reason)" }.joined(separator: "\n") }
    }

    /// Writes every fixed file as `generate` writes (each staged as a temporary file beside it, then all renamed
    /// into place, each checked again right before its rename), or nothing at all. A file reached through a symbolic
    /// link is written where the link leads (`writePath`). Refused, before anything is staged: a file that is no longer
    /// the text the findings were computed from (edited while the check ran), a read-only one, one with a second name
    /// (a hard link), one that cannot be read. A file saved between staging and its rename stops the run too, and the
    /// files already replaced are put back. First removes the temporary files a killed run left in the folders it
    /// writes (a second name they hold would read as a hard link) and returns their paths.
    @discardableResult
    public func write(root: URL, registry: Registry) throws -> [String] {
        try write(root: root, registry: registry, beforeEachRename: nil)
    }

    /// `write(root:registry:)` with a test's seam: `beforeEachRename` is called with each path after staging, right
    /// before its check and rename (where an editor's save can land).
    package func write(root: URL, registry: Registry, beforeEachRename: ((String) -> Void)?) throws -> [String] {
        var refusals: [String] = []
        var targets: [(path: String, file: File)] = []
        for file in files {
            switch Self.writePath(file.path, root: root, registry: registry) {
            case .failure(let refusal):
                refusals.append(refusal.description)
            case .success(let target):
                if let other = targets.first(where: { $0.path == target }) {
                    if other.file.new != file.new {
                        refusals.append("\(file.path):1:1: error: is the same file as \(other.file.path) (through a symbolic link), "
                                        + "and their fixes differ; fix it by hand")
                    }
                    continue
                }
                targets.append((target, file))
            }
        }
        let folders = targets.map { $0.path.split(separator: "/").dropLast().joined(separator: "/") }
        let removed = StaleTemporaryFiles.remove(in: folders, root: root)
        var originals: [String: FileState] = [:]
        for (target, file) in targets {
            switch Self.original(of: target, at: root, expecting: file.old) {
            case .success(let state): originals[target] = state
            case .failure(let refusal): refusals.append(ProjectWriteTarget.Refusal(path: file.path, reason: refusal.reason).description)
            }
        }
        guard refusals.isEmpty else { throw WriteFailure(lines: refusals) }
        var writer = GeneratedFileWriter(root: root, command: "check --fix")
        writer.beforeEachRename = beforeEachRename
        do {
            try writer.write([], judged: targets.map { GeneratedFile(path: $0.path, contents: $0.file.new) }, originals: originals)
        } catch let failure as GeneratedFileWriter.WriteFailure {
            throw WriteFailure(lines: failure.lines)
        }
        return removed
    }
}
