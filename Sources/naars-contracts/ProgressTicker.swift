import ContractsCore
import Foundation

/// Progress on standard error while a run checks files: shown only on a terminal, not with `--quiet`, and only
/// once the run has taken longer than a second (a warm run ends first and prints nothing). One line, rewritten
/// in place and cleared before the report, so pipes, CI logs and the report itself never see it.
final class ProgressTicker: @unchecked Sendable {
    private let timer: DispatchSourceTimer?
    private let started = DispatchTime.now()
    private let delayNanoseconds: UInt64
    private let lock = NSLock()
    private var shown = false
    private var stopped = false

    /// `enabled`: false for `--quiet`. `NAARS_PROGRESS_AFTER_MS` changes the one-second delay (tests use 0).
    init(enabled: Bool) {
        let delay = max(0, Environment.value("NAARS_PROGRESS_AFTER_MS").flatMap(Int.init) ?? 1000)
        delayNanoseconds = UInt64(delay) * 1_000_000
        guard enabled, isatty(2) != 0 else { timer = nil; return }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(delay), repeating: .milliseconds(200))
        self.timer = timer
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    private func draw() {
        lock.lock(); defer { lock.unlock() }
        drawLocked()
    }

    private func drawLocked() {
        let (finished, expected) = CheckProgress.shared.counts
        guard !stopped, expected > 0 else { return }
        shown = true
        FileHandle.standardError.write(Data("\r\u{1B}[Kchecking: \(finished)/\(expected) files".utf8))
    }

    /// Stops and clears the line. A run that outlasted the delay between two ticks still shows its final count
    /// once, so every run longer than the delay shows progress at least once.
    func stop() {
        guard let timer else { return }
        timer.cancel()
        lock.lock(); defer { lock.unlock() }
        if !shown, DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds >= delayNanoseconds { drawLocked() }
        if shown, !stopped { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        stopped = true
    }
}
