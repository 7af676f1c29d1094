import ContractsTestSupport
import ContractsTypeScriptSource
import Foundation
import SwiftParser
import SwiftSyntax

/// The real binary run on a fuzzed tree, with the fuzz criterion's limit: a run longer than `timeout` (30 s in a
/// debug build) is a hang and is killed; a run that ends on a signal is a crash.
enum FuzzBinary {
    struct Outcome {
        /// The exit status; nil when the run hung or ended on a signal.
        var status: Int32?
        var signal: Int32?
        var hung: Bool
        var stdout: String
        var stderr: String
        var seconds: Double

        /// Why the run is a crash or a hang, or an exit outside `allowed`; nil when it is none of these.
        func failure(_ arguments: [String], allowed: Set<Int32>) -> (kind: FuzzFailure.Kind, what: String)? {
            let command = (["naars-contracts"] + arguments).joined(separator: " ")
            if hung { return (.hang, "`\(command)` took more than \(FuzzTests.perInputTimeout) s") }
            if let signal { return (.crash, "`\(command)` ended on signal \(signal)\n\(stderr.suffix(2_000))") }
            if let status, !allowed.contains(status) {
                return (.brokenInvariant, "`\(command)` exited \(status), not \(allowed.sorted())\n\(stderr.suffix(2_000))")
            }
            return nil
        }
    }

    static func run(_ arguments: [String], in folder: URL, timeout: Double = FuzzTests.perInputTimeout) throws -> Outcome {
        let process = Process()
        process.executableURL = CLIHarness.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let outBytes = PipeDrain(out), errBytes = PipeDrain(err)
        let hung = ended.wait(timeout: .now() + timeout) == .timedOut
        if hung {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let signalled = process.terminationReason == .uncaughtSignal
        return Outcome(status: hung || signalled ? nil : process.terminationStatus,
                       signal: !hung && signalled ? process.terminationStatus : nil, hung: hung,
                       stdout: String(decoding: outBytes.wait(), as: UTF8.self),
                       stderr: String(decoding: errBytes.wait(), as: UTF8.self), seconds: seconds)
    }

    /// Every regular file below `root` by its path relative to it, with its bytes and modification date.
    static func snapshot(_ root: URL) -> [String: (Data, Date)] {
        Dictionary(uniqueKeysWithValues: CLIHarness.snapshot(root).map { (String($0.key.drop { $0 == "/" }), $0.value) })
    }

    /// Every regular file below `root` with its bytes ("changed nothing" means the same bytes).
    static func tree(_ root: URL) -> [String: Data] {
        snapshot(root).mapValues(\.0)
    }

    /// The paths written between two snapshots: other bytes or another modification date, added or removed.
    static func written(_ a: [String: (Data, Date)], _ b: [String: (Data, Date)]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0]?.0 != b[$0]?.0 || a[$0]?.1 != b[$0]?.1 }.sorted()
    }

    /// The paths whose bytes differ between two trees, or that only one has.
    static func changes(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// Syntax errors swift-syntax finds in `bytes`: unexpected nodes and missing tokens.
    static func swiftSyntaxErrors(_ bytes: [UInt8]) -> Int {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        guard tree.hasError else { return 0 }
        let counter = SyntaxErrorCounter(viewMode: .all)
        counter.walk(tree)
        return counter.count
    }

    /// Literals and comments the TypeScript lexer leaves open: strings cut by their line, templates and block
    /// comments run to the end of the file.
    static func typeScriptOpenLiterals(_ lexed: TSLexed) -> Int {
        func closed(_ text: Substring, by closer: Substring) -> Bool {
            guard text.hasSuffix(closer) else { return false }
            // The closer counts only when an even number of backslashes precede it.
            return text.dropLast(closer.count).reversed().prefix { $0 == "\\" }.count % 2 == 0
        }
        let tokens = lexed.tokens.filter { token in
            let text = Substring(token.text)
            switch token.kind {
            case .string: return text.count < 2 || !closed(text.dropFirst(), by: text.prefix(1))
            case .template: return !(closed(text.dropFirst(), by: "`") || closed(text.dropFirst(), by: "${"))
            default: return false
            }
        }
        return tokens.count + lexed.comments.filter { $0.text.hasPrefix("/*") && ($0.text.count < 4 || !$0.text.hasSuffix("*/")) }.count
    }

    /// Tokens and comments of `old` on the lines `new` kept that `new` no longer has there: what an edit that opens
    /// a literal or a comment swallows of the lines after it. The lines are matched by a diff, so a file edited in
    /// several places is judged around each edit.
    static func typeScriptTokensLost(_ old: [UInt8], _ new: [UInt8]) -> [String] {
        // The lexer's offsets are the bytes' as long as the bytes are UTF-8; a file that is not gets replacement
        // characters, and the check is skipped for it.
        let oldText = String(decoding: old, as: UTF8.self), newText = String(decoding: new, as: UTF8.self)
        guard oldText.utf8.count == old.count, newText.utf8.count == new.count else { return [] }
        let oldLines = lines(old), newLines = lines(new)
        let difference = newLines.map(\.bytes).difference(from: oldLines.map(\.bytes))
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Each kept line of `old`: how far its bytes moved in `new`.
        var shifts: [(range: Range<Int>, shift: Int)] = []
        var j = 0
        for i in oldLines.indices where !removed.contains(i) {
            while inserted.contains(j) { j += 1 }
            shifts.append((oldLines[i].range, newLines[j].range.lowerBound - oldLines[i].range.lowerBound))
            j += 1
        }
        let a = lexTypeScript(oldText), b = lexTypeScript(newText)
        let kept = Set(b.tokens.map { "\($0.start) \($0.kind) \($0.text)" } + b.comments.map { "\($0.start) comment \($0.text)" })
        let pieces = a.tokens.map { ($0.start, $0.end, "\($0.kind) \($0.text)") } + a.comments.map { ($0.start, $0.end, "comment \($0.text)") }
        var lost: [String] = []
        var line = 0
        for (start, end, what) in pieces.sorted(by: { $0.0 < $1.0 }) {
            while line < shifts.count, shifts[line].range.upperBound <= start { line += 1 }
            guard line < shifts.count, shifts[line].range.contains(start), end <= shifts[line].range.upperBound else { continue }
            let moved = "\(start + shifts[line].shift) \(what)"
            if !kept.contains(moved) { lost.append(moved) }
        }
        return lost
    }

    /// The lines of `bytes` (each without its line feed) and where each is.
    private static func lines(_ bytes: [UInt8]) -> [(bytes: ArraySlice<UInt8>, range: Range<Int>)] {
        var out: [(bytes: ArraySlice<UInt8>, range: Range<Int>)] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            out.append((bytes[start..<i], start..<i))
            start = i + 1
        }
        out.append((bytes[start...], start..<bytes.count))
        return out
    }
}

/// What fails a round of the binary's targets.
struct FuzzFailure: CustomStringConvertible {
    enum Kind: String { case crash, hang, brokenInvariant = "broken invariant" }

    var kind: Kind
    var what: String
    var description: String { "\(kind.rawValue): \(what)" }
}

/// How one tree went: its failure, or what the binary did (counted in the run's summary).
struct FuzzVerdict {
    var failure: FuzzFailure?
    var outcome: String

    init(outcome: String) {
        self.outcome = outcome
    }

    init(_ kind: FuzzFailure.Kind, _ what: String) {
        failure = FuzzFailure(kind: kind, what: what)
        outcome = kind.rawValue
    }
}

private final class SyntaxErrorCounter: SyntaxVisitor {
    var count = 0

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        count += 1
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing { count += 1 }
        return .visitChildren
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        Thread {
            self.data = pipe.fileHandleForReading.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
