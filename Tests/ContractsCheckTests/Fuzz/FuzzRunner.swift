import Foundation

/// Runs inputs of one target through the fuzz worker (the test bundle in a child process), restarting it
/// after a crash or a hang, and finds the slow inputs: those taking more than `slowdownLimit` times the median of
/// their size class (inputs of the same bit length).
///
/// The fuzz criterion (the developers' guide): a crash or a hang (more than `perInputTimeout`, 30 s in a debug
/// build) is a defect; a slow input is only listed and saved apart, since a debug build's time says little: it is
/// a defect when it takes more than 2 s in a release build (`scripts/fuzz --time-slow` measures that).
struct FuzzRunner {
    /// 100 times its size class. Below `slowFloor` seconds no input counts as slow:
    /// a class's median is often an input rejected in a millisecond (no contract name in it), while one
    /// that is parsed takes most of a second in a debug build on a busy two-core machine.
    static let slowdownLimit = 100.0
    static let slowFloor = 2.0

    let target: FuzzTarget
    let perInputTimeout: Double

    struct Problem: CustomStringConvertible {
        /// A crash or a hang fails the round; a slow input is listed and saved apart.
        enum Kind { case crash, hang, slow }

        var index: Int
        var kind: Kind
        var what: String
        var description: String { "input \(index): \(what)" }
    }

    /// The test bundle's executable (on Linux, the `.xctest` file itself); nil where tests run inside
    /// another program (macOS's `xctest`), which this runner does not start.
    static var bundleExecutable: URL? {
        guard let url = Bundle.main.executableURL, url.pathExtension == "xctest" else { return nil }
        return url
    }

    /// Every input's time in seconds (nil: it crashed or hung) and the problems found.
    func run(_ inputs: [[UInt8]]) throws -> (seconds: [Double?], problems: [Problem]) {
        guard let executable = Self.bundleExecutable else { throw FuzzRunnerError.noExecutable }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("naars-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (i, bytes) in inputs.enumerated() { try Data(bytes).write(to: folder.appendingPathComponent(String(i))) }

        var seconds = [Double?](repeating: nil, count: inputs.count)
        var problems: [Problem] = []
        var from = 0
        while from < inputs.count {
            let outcome = try runWorker(executable, folder: folder, count: inputs.count, from: from, seconds: &seconds)
            switch outcome {
            case .finished:
                from = inputs.count
            case .crashed(let index, let status):
                problems.append(Problem(index: index, kind: .crash, what: "crashed the reader (status \(status))"))
                from = index + 1
            case .hung(let index):
                problems.append(Problem(index: index, kind: .hang, what: "took more than \(perInputTimeout) s"))
                from = index + 1
            }
        }
        // A slow input is timed again, alone, and keeps its faster time: one stall of a loaded machine (seen
        // here under a load of 20 on two cores) is not a slow reader, while a truly slow input is slow twice.
        for problem in slowInputs(inputs, seconds) {
            var again = seconds
            again[problem.index] = nil
            if case .finished = try runWorker(executable, folder: folder, count: problem.index + 1, from: problem.index,
                                                seconds: &again),
               let first = seconds[problem.index], let second = again[problem.index] {
                seconds[problem.index] = min(first, second)
            }
        }
        problems += slowInputs(inputs, seconds)
        return (seconds, problems)
    }

    private enum Outcome { case finished, crashed(Int, Int32), hung(Int) }

    private func runWorker(_ executable: URL, folder: URL, count: Int, from: Int, seconds: inout [Double?]) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["ContractsCheckTests.FuzzWorkerTests/testWorker"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "NAARS_FUZZ_WORKER_DIR": folder.path, "NAARS_FUZZ_WORKER_KIND": target.rawValue,
            "NAARS_FUZZ_WORKER_COUNT": String(count), "NAARS_FUZZ_WORKER_FROM": String(from),
        ]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let output = LineBuffer()
        let reader = Thread {
            while true {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { break }
                output.append(data)
            }
            output.close()
        }
        try process.run()
        reader.start()
        var running: (index: Int, since: DispatchTime)?
        func consume(_ lines: [String]) {
            for line in lines where line.hasPrefix("FUZZ ") {
                let parts = line.split(separator: " ")
                guard parts.count >= 3, let index = Int(parts[2]) else { continue }
                if parts[1] == "BEGIN" {
                    running = (index, DispatchTime.now())
                } else if parts[1] == "END", parts.count == 4, let nanos = Double(parts[3]) {
                    seconds[index] = nanos / 1e9
                    running = nil
                }
            }
        }
        while process.isRunning {
            consume(output.takeLines())
            if let running, Double(DispatchTime.now().uptimeNanoseconds - running.since.uptimeNanoseconds) / 1e9 > perInputTimeout {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return .hung(running.index)
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        output.waitUntilClosed()
        consume(output.takeLines())
        if let running { return .crashed(running.index, process.terminationStatus) }
        return .finished
    }

    /// Inputs slower than `slowdownLimit` times the median of their size class.
    private func slowInputs(_ inputs: [[UInt8]], _ seconds: [Double?]) -> [Problem] {
        var byClass: [Int: [Double]] = [:]
        for (i, time) in seconds.enumerated() { if let time { byClass[Self.sizeClass(inputs[i].count), default: []].append(time) } }
        let medians = byClass.mapValues { $0.sorted()[$0.count / 2] }
        return seconds.enumerated().compactMap { i, time in
            guard let time, let median = medians[Self.sizeClass(inputs[i].count)],
                  time > Self.slowFloor, time > Self.slowdownLimit * median else { return nil }
            return Problem(index: i, kind: .slow, what: "took \(time) s, more than \(Int(Self.slowdownLimit))× the median \(median) s of inputs of \(inputs[i].count) bytes' size class")
        }
    }

    /// Inputs of the same bit length share a class (1 KB and 1.9 KB do; 1 KB and 2 KB do not).
    static func sizeClass(_ count: Int) -> Int { Int.bitWidth - count.leadingZeroBitCount }
}

enum FuzzRunnerError: Error { case noExecutable }

/// Bytes a reader thread appends and the runner takes as whole lines.
final class LineBuffer: @unchecked Sendable {
    private let lock = NSCondition()
    private var pending = Data()
    private var closed = false

    func append(_ data: Data) {
        lock.lock()
        pending.append(data)
        lock.unlock()
    }

    func close() {
        lock.lock()
        closed = true
        lock.broadcast()
        lock.unlock()
    }

    func waitUntilClosed() {
        lock.lock()
        while !closed { lock.wait() }
        lock.unlock()
    }

    func takeLines() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        guard let last = pending.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let complete = pending[pending.startIndex...last]
        pending = Data(pending[(last + 1)...])
        return String(decoding: complete, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// What one target's fuzz run did, printed at its end as `fuzz <target>: ...` lines (`scripts/fuzz` collects them):
/// the inputs run, the failures, and every slow input with where it was saved.
struct FuzzTally {
    var target: String
    var seed: UInt64
    var rounds = 0
    var inputs = 0
    var crashes = 0
    var hangs = 0
    /// Broken invariants of the binary's targets (a write on exit 2, a fix that breaks a file, ...).
    var broken = 0
    var slow: [String] = []
    var saved: [String] = []
    /// What the binary's runs did, by outcome (`exit 1, 2 files fixed`): whether the target reaches what it tests.
    var outcomes: [String: Int] = [:]

    func print() {
        var line = "fuzz \(target): \(inputs) inputs in \(rounds) round(s) from seed \(seed): \(crashes) crashed, \(hangs) hung"
        line += ", \(broken) broke an invariant, \(slow.count) slow (listed, not failed)"
        if !outcomes.isEmpty { line += "; " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") }
        Swift.print(([line] + saved.map { "fuzz \(target): failed, saved \($0)" } + slow.map { "fuzz \(target): slow: \($0)" })
            .joined(separator: "\n"))
    }
}
