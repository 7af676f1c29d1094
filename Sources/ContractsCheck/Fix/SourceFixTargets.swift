import ContractsCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `check --fix` may write a planned file, and the refusals that stop it before anything is staged.
extension SourceFix {
    /// The path (below `root`) the fix of `path` is written to. A path reached through a symbolic link (the file, or a
    /// folder on the way) is written where the link leads, and only when that is itself a source `--fix` edits
    /// (`isEditable`) inside the project: renaming over the link would turn it into a regular copy, the real file
    /// keeping the drift, and a link into a migration or output folder must not get a fix either.
    static func writePath(_ path: String, root: URL, registry: Registry) -> Result<String, ProjectWriteTarget.Refusal> {
        let base = ProjectPath.resolved("", root: root)
        let real = ProjectPath.resolved(path, root: root)
        let prefix = base == "/" ? "/" : base + "/"
        guard real.hasPrefix(prefix) else {
            return .failure(.init(path: path, reason: "is a symbolic link (or in a linked folder) to \(real), outside the project; "
                                  + "`check --fix` edits only the project's own sources: fix it there by hand"))
        }
        let relative = String(real.dropFirst(prefix.count))
        guard relative != ProjectPath.normalized(path) else { return .success(path) }
        guard isEditable(relative, registry) else {
            return .failure(.init(path: path, reason: "is a symbolic link (or in a linked folder) to \(relative), which is not a source "
                                  + "`check --fix` edits (not in `sources`, or in a migration or output folder): fix it by hand"))
        }
        return .success(relative)
    }

    /// The file at `target` as the fix found it, or why it must not be replaced: changed since the findings were
    /// computed from `old`, read-only, or with a second name.
    static func original(of target: String, at root: URL, expecting old: String) -> Result<FileState, ProjectWriteTarget.Refusal> {
        let path = root.path + "/" + target
        let refuse = { (reason: String) in Result<FileState, ProjectWriteTarget.Refusal>.failure(.init(path: target, reason: reason)) }
        let state: FileState
        do {
            guard let read = try FileState.read(path) else { return refuse("changed while `check --fix` ran (it is gone); nothing was written: run it again") }
            state = read
        } catch {
            return refuse("\(error); nothing was written")
        }
        guard state.bytes.elementsEqual(old.utf8) else {
            return refuse("changed while `check --fix` ran; nothing was written: run it again")
        }
        // Root may write anything, so the owner's write bit is what says the file is protected.
        guard state.mode & UInt32(S_IWUSR) != 0, access(path, W_OK) == 0 else {
            return refuse("is read-only; `check --fix` never writes a file made read-only: make it writable (`chmod u+w`) and run it again, "
                          + "or fix it by hand; nothing was written")
        }
        // Replacing the file by a rename would leave its other names with the old text, and writing it in place
        // would leave a half-written file where the run is killed.
        guard state.links <= 1 else {
            return refuse("has \(state.links) names (a hard link); `check --fix` replaces a file by renaming a new one into place, "
                          + "which would leave the other names with the old text: fix it by hand; nothing was written")
        }
        return .success(state)
    }
}
