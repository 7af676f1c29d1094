import ContractsCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The refusals that stop `check --fix` before anything is staged.
extension SourceFix {
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
