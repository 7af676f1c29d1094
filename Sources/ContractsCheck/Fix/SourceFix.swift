import ContractsCore
import ContractsGenerate
import Foundation

/// `check --fix`: the files the findings' edits (`Finding.edits`) change, and which findings that fixes.
///
/// Only hand-written Swift and TypeScript the registry's `sources` name is edited: never a migration (append-only:
/// `generate` writes the fix), never a generated file or one under an output folder (`generate` rewrites it), never
/// a file outside `sources`. A finding is fixed only when every one of its edits applies; an edit that overlaps one
/// already taken (two findings on one literal, each with another correction) leaves its finding for a person, and
/// an edit equal to one already taken fixes its finding too (a misspelt union member that is also the missing one).
public struct SourceFix: Sendable {
    /// One file as the fix leaves it.
    public struct File: Sendable, Equatable {
        public let path: String
        /// The text the findings were computed from.
        public let old: String
        public let new: String
    }

    public let files: [File]
    /// The findings the edits resolve, in report order.
    public let fixed: [Finding]

    /// The fix of `findings` (those left after the registry's severities, suppressions and baseline) over the texts
    /// `tree` holds (what the checkers read).
    public static func plan(_ findings: [Finding], registry: Registry, tree: FileTree) -> SourceFix {
        var taken: [String: [FixEdit]] = [:]
        var fixed: [Finding] = []
        var owners: [String: [Int]] = [:]
        for finding in findings where !finding.edits.isEmpty {
            guard finding.edits.allSatisfy({ isEditable($0.file, registry) }) else { continue }
            var accepted = taken
            var applies = true
            for edit in finding.edits {
                let already = accepted[edit.file] ?? []
                if already.contains(edit) { continue }
                if already.contains(where: { overlaps($0, edit) }) { applies = false; break }
                accepted[edit.file, default: []].append(edit)
            }
            guard applies else { continue }
            taken = accepted
            for file in Set(finding.edits.map(\.file)) { owners[file, default: []].append(fixed.count) }
            fixed.append(finding)
        }
        var files: [File] = []
        var unfixed = Set<Int>()
        for (path, edits) in taken.sorted(by: { $0.key < $1.key }) {
            guard let bytes = try? tree.read(path), let new = applyFixEdits(edits, to: Array(bytes)),
                  let old = String(validating: Array(bytes), as: UTF8.self), !GeneratedHeader.isGenerated(old) else {
                unfixed.formUnion(owners[path] ?? [])
                continue
            }
            if new != old { files.append(File(path: path, old: old, new: new)) }
        }
        // A finding with edits in a file that could not be edited is not fixed, and neither are its other files'
        // edits: those files are planned again without them.
        guard !unfixed.isEmpty else { return SourceFix(files: files, fixed: fixed) }
        let kept = fixed.enumerated().filter { !unfixed.contains($0.offset) }.map(\.element)
        return plan(kept, registry: registry, tree: tree)
    }

    /// Whether `--fix` may edit `path`: a Swift or TypeScript source the registry names, outside every migration
    /// folder and every output folder.
    static func isEditable(_ path: String, _ registry: Registry) -> Bool {
        let sources = registry.sources
        let named = (path.hasSuffix(".swift") ? sources.swift : path.hasSuffix(".ts") || path.hasSuffix(".tsx") ? sources.typescript : [])
            .contains { Glob($0).matches(path) }
        guard named, !sources.exclude.contains(where: { Glob($0).matches(path) }) else { return false }
        let folders = registry.migrations.map(\.dir) + [registry.outputs.swift, registry.outputs.typescript] + [registry.outputs.sql].compactMap { $0 }
        return !folders.contains { folder in
            guard let dir = ProjectPath.normalized(folder) else { return true }
            return dir.isEmpty || path.hasPrefix(dir + "/")
        }
    }

    /// Whether two edits of one file touch the same bytes (two insertions at one offset do not).
    static func overlaps(_ a: FixEdit, _ b: FixEdit) -> Bool {
        if a.start == a.end || b.start == b.end {
            let (insertion, other) = a.start == a.end ? (a, b) : (b, a)
            return other.start < insertion.start && insertion.start < other.end
        }
        return a.start < b.end && b.start < a.end
    }

    /// The unified diff of every file (`check --fix --dry-run`).
    public var diff: String {
        files.map { UnifiedDiff.render(old: $0.old, new: $0.new, path: $0.path) }.joined()
    }
}
