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
    /// into place), or nothing at all: when a file on disk is no longer the text the findings were computed from
    /// (edited while the check ran), or one cannot be written.
    public func write(root: URL) throws {
        let disk = DiskTree(root: root)
        let changed = files.filter { file in
            (try? disk.read(file.path)).map { !$0.elementsEqual(file.old.utf8) } ?? true
        }
        guard changed.isEmpty else {
            throw WriteFailure(lines: changed.map {
                "\($0.path):1:1: error: changed while `check --fix` ran; nothing was written: run it again"
            })
        }
        do {
            try GeneratedFileWriter(root: root).write([], judged: files.map { GeneratedFile(path: $0.path, contents: $0.new) })
        } catch let failure as GeneratedFileWriter.WriteFailure {
            throw WriteFailure(lines: failure.lines)
        }
    }
}
