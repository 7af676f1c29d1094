import ContractsCore
import Foundation

/// The refusals that stop `check --fix` before anything is staged.
extension SourceFix {
    /// The file at `target` as the fix found it, or why it must not be replaced: changed since the findings were
    /// computed from `old`, or unreadable.
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
        return .success(state)
    }
}
