import ContractsCore
import Foundation

/// Installs and removes our pre-commit hook without ever losing someone else's.
///
/// A hook already in place is renamed to `pre-commit.naars-contracts-previous` (a rename keeps its bytes and
/// mode) and our hook runs it first; `uninstall` renames it back. Installing again only refreshes our script.
/// The hooks folder is the one git uses: `git rev-parse --git-path hooks`, so `core.hooksPath` and linked
/// work trees are honoured.
public struct PreCommitHookInstaller: Sendable {
    /// Any folder inside the work tree.
    public let repository: URL

    public init(repository: URL) { self.repository = repository }

    /// What `install` did.
    public enum InstallOutcome: Sendable, Equatable {
        /// No hook was there; ours is.
        case installed(hook: URL)
        /// Another hook was there: kept at `previous`, run first by ours.
        case chained(hook: URL, previous: URL)
        /// A copy of our own script (`scripts/pre-commit`) was there: kept at `previous` (uninstall puts it
        /// back) but never run, since ours does the same check and the copy would run itself forever.
        case keptCopy(hook: URL, previous: URL)
        /// Ours was already there; its script is now current (unchanged when it already was).
        case updated(hook: URL)
    }

    /// What `uninstall` did.
    public enum UninstallOutcome: Sendable, Equatable {
        /// Ours is gone; there was nothing before it.
        case removed(hook: URL)
        /// Ours is gone and the hook that was there before is back, as it was.
        case restored(hook: URL)
        /// No hook of ours to remove (a hook of someone else's, if any, is untouched).
        case notInstalled(hook: URL)
    }

    /// The folder git runs hooks from (created by `install` when missing).
    public func hooksDirectory() throws -> URL {
        let path = try GitProcess.text(["rev-parse", "--git-path", "hooks"], in: repository)
        if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL }
        return repository.appendingPathComponent(path, isDirectory: true).standardizedFileURL
    }

    /// The top of the work tree, where git runs hooks (and so where a recorded registry path starts).
    public func workTreeTop() throws -> URL {
        URL(fileURLWithPath: try GitProcess.text(["rev-parse", "--show-toplevel"], in: repository), isDirectory: true)
    }

    /// Writes `script` as the pre-commit hook, keeping any other hook as the previous one.
    public func install(_ script: PreCommitHookScript) throws -> InstallOutcome {
        let dir = try hooksDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let hook = dir.appendingPathComponent("pre-commit"), previous = dir.appendingPathComponent(PreCommitHookScript.previousHookName)
        let text = script.text

        if let existing = try? Data(contentsOf: hook), !isSymlink(hook), Self.isOurs(existing) {
            guard existing != Data(text.utf8) else { return .updated(hook: hook) }
            guard PreCommitHookScript.isUnedited(String(decoding: existing, as: UTF8.self)) else {
                throw HookError("\(hook.path) was edited since `naars-contracts hook install` wrote it (or an older "
                    + "naars-contracts wrote it); it is left as it is. To keep your edits, move it to a hook of your own "
                    + "and run `naars-contracts hook install` again (it chains your hook); to drop them, run "
                    + "`naars-contracts hook uninstall`, then `naars-contracts hook install`")
            }
            try write(text, to: hook)
            return .updated(hook: hook)
        }
        if exists(hook) {
            guard !exists(previous) else {
                throw HookError("\(hook.path) is not ours and \(previous.path) already exists; "
                    + "move one of them away and run `naars-contracts hook install` again")
            }
            try FileManager.default.moveItem(at: hook, to: previous)
            do {
                try write(text, to: hook)
            } catch {
                try? FileManager.default.moveItem(at: previous, to: hook)
                throw error
            }
            let copy = (try? Data(contentsOf: previous)).map(PreCommitHookScript.isOurScript) ?? false
            return copy ? .keptCopy(hook: hook, previous: previous) : .chained(hook: hook, previous: previous)
        }
        try write(text, to: hook)
        return .installed(hook: hook)
    }

    /// Removes our hook and puts back the one that was there before, if any.
    public func uninstall() throws -> UninstallOutcome {
        let dir = try hooksDirectory()
        let hook = dir.appendingPathComponent("pre-commit"), previous = dir.appendingPathComponent(PreCommitHookScript.previousHookName)
        if exists(hook) {
            guard !isSymlink(hook), let existing = try? Data(contentsOf: hook), Self.isOurs(existing) else {
                return .notInstalled(hook: hook)
            }
            try FileManager.default.removeItem(at: hook)
        } else if !exists(previous) {
            return .notInstalled(hook: hook)
        }
        guard exists(previous) else { return .removed(hook: hook) }
        try FileManager.default.moveItem(at: previous, to: hook)
        return .restored(hook: hook)
    }

    /// Whether a hook's content is one `hook install` wrote.
    public static func isOurs(_ content: Data) -> Bool {
        String(decoding: content.prefix(1024), as: UTF8.self)
            .split(separator: "\n").contains { $0 == PreCommitHookScript.installedMarker }
    }

    /// Writes through a temporary file and a rename (atomic: git never runs half a hook), executable (0755).
    private func write(_ text: String, to file: URL) throws {
        let temp = file.deletingLastPathComponent().appendingPathComponent(".pre-commit.naars-contracts-\(UUID().uuidString)")
        try Data(text.utf8).write(to: temp)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temp.path)
        guard rename(temp.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: temp)
            throw HookError("cannot write \(file.path) (errno \(errno))")
        }
    }

    /// Exists as a file or as a link (even a dangling one).
    private func exists(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    private func isSymlink(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }
}

/// A hook that cannot be installed without losing a file.
public struct HookError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
