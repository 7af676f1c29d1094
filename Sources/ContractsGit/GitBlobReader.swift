import ContractsCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads blobs through one long-lived `git cat-file --batch`, so judging a thousand staged files costs one
/// process, not a thousand. Started on the first read; requests are serialised by a lock.
///
/// A blob asked for by its object id is kept (up to `keepBytes` in all): its content never changes, and a check
/// reads a file once per reader (the Swift checker, the RPC and push readers each read a Swift file), and `check
/// --staged` reads the files the commit leaves alone again at `HEAD` (the same blobs): one round trip to git each.
public final class GitBlobReader: @unchecked Sendable {
    private let dir: URL
    private let lock = NSLock()
    private var session: Session?
    /// Blobs read by object id, and their bytes in all.
    private var kept: [String: Data] = [:]
    private var keptBytes = 0
    private let keepBytes: Int

    /// How many bytes of blobs a reader keeps by default.
    public static let defaultKeepBytes = 128 << 20

    /// `dir`: any folder inside the repository; `keepBytes`: how many bytes of blobs read by object id are kept.
    public init(dir: URL, keepBytes: Int = GitBlobReader.defaultKeepBytes) {
        self.dir = dir
        self.keepBytes = keepBytes
    }

    deinit { session?.close() }

    /// The content of one blob.
    public func read(_ object: String) throws -> Data {
        try read([object])[0]
    }

    /// The contents of many blobs, in order; throws when one is missing.
    public func read(_ objects: [String]) throws -> [Data] {
        let found = try lookUp(objects)
        if let index = found.firstIndex(where: { $0 == nil }) {
            throw GitError(arguments: ["cat-file", "--batch"], status: -1, message: "no blob \(objects[index])")
        }
        return found.map { $0 ?? Data() }
    }

    /// A blob by any name git accepts (`:./registry.yaml` is the staged file, relative to `dir`), or nil
    /// when there is none.
    public func readIfPresent(_ name: String) throws -> Data? {
        try lookUp([name])[0]
    }

    /// Requests are written from another thread while the answers are read here, so git never waits on a
    /// full pipe. Nil for a missing object.
    private func lookUp(_ objects: [String]) throws -> [Data?] {
        lock.lock()
        defer { lock.unlock() }
        var found = objects.map { kept[$0] }
        let asked = objects.indices.filter { found[$0] == nil }
        guard !asked.isEmpty else { return found }
        if session == nil { session = try Session(dir: dir) }
        guard let session else { return [] }
        let answers: [Data?]
        do {
            answers = try session.request(asked.map { objects[$0] })
        } catch {
            session.close()
            self.session = nil
            throw error
        }
        for (index, answer) in zip(asked, answers) {
            found[index] = answer
            if let answer, Self.isObjectID(objects[index]), keptBytes + answer.count <= keepBytes {
                kept[objects[index]] = answer
                keptBytes += answer.count
            }
        }
        return found
    }

    /// Whether `name` is an object id (40 or 64 hexadecimal digits), whose content never changes; other names
    /// (`:./registry.yaml`, `HEAD:./x`) name what the index or a branch holds now.
    public static func isObjectID(_ name: String) -> Bool {
        (name.utf8.count == 40 || name.utf8.count == 64)
            && name.utf8.allSatisfy { (0x30 ... 0x39).contains($0) || (0x61 ... 0x66).contains($0) }
    }

    /// One running `git cat-file --batch` and its pipes.
    private final class Session: @unchecked Sendable {
        let process: Process
        let exit: ProcessExit
        let input: FileHandle
        let output: BufferedReader
        let arguments = ["cat-file", "--batch"]
        /// Requests up to this size are written by the reading thread (a pipe holds at least 4 KiB).
        static let inlineRequestLimit = 4096

        init(dir: URL) throws {
            process = try GitProcess.makeProcess(arguments, in: dir)
            let inPipe = Pipe(), outPipe = Pipe()
            process.standardInput = inPipe
            process.standardOutput = outPipe
            process.standardError = FileHandle.nullDevice
            exit = try GitProcess.launch(process, arguments)
            input = inPipe.fileHandleForWriting
            output = BufferedReader(fd: outPipe.fileHandleForReading.fileDescriptor, keep: outPipe)
        }

        func request(_ objects: [String]) throws -> [Data?] {
            let request = Data(objects.map { $0 + "\n" }.joined().utf8)
            let input = self.input
            let written = DispatchSemaphore(value: 0)
            if request.count <= Self.inlineRequestLimit {
                // Fits the pipe's buffer whatever git does: written here, so a read costs no thread hop.
                input.write(request)
                written.signal()
            } else {
                // A thread of its own, not the global queue: its threads may all be parsing (or waiting here),
                // and the answers cannot come before the request is written.
                Thread.detachNewThread {
                    input.write(request)
                    written.signal()
                }
            }
            defer { written.wait() }
            var out: [Data?] = []
            out.reserveCapacity(objects.count)
            // Every answer is read, even after a missing object, so git and the writer never block on a pipe.
            for object in objects {
                guard let header = try output.line() else { throw failure("git stopped answering at \(object)") }
                // `<oid> blob <size>`, or `<name> missing` / `<name> ambiguous`.
                let fields = header.split(separator: " ")
                guard fields.count == 3, fields[1] == "blob", let size = Int(fields[2]) else {
                    if fields.count == 3, let size = Int(fields[2]) {  // not a blob: skip its content
                        _ = try output.bytes(size + 1)
                    }
                    out.append(nil)
                    continue
                }
                out.append(try output.bytes(size))
                _ = try output.bytes(1)  // the newline after the content
            }
            return out
        }

        func close() {
            try? input.close()
            exit.wait()
        }

        private func failure(_ message: String) -> GitError {
            GitError(arguments: arguments, status: -1, message: message)
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif

/// Exact-length reads from a pipe with a buffer (FileHandle gives no "exactly n bytes" on every platform).
private final class BufferedReader {
    private let fd: Int32
    private let keep: Pipe
    private var buffer = [UInt8]()
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 18)

    init(fd: Int32, keep: Pipe) {
        self.fd = fd
        self.keep = keep
    }

    /// The next line without its newline, or nil at end of stream.
    func line() throws -> String? {
        while true {
            if let nl = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffer[start..<nl], as: UTF8.self)
                start = nl + 1
                return text
            }
            if try fill() == 0 { return nil }
        }
    }

    /// Exactly `count` bytes.
    func bytes(_ count: Int) throws -> Data {
        while buffer.count - start < count {
            if try fill() == 0 {
                throw GitError(arguments: ["cat-file", "--batch"], status: -1, message: "blob cut short")
            }
        }
        let data = Data(buffer[start..<(start + count)])
        start += count
        return data
    }

    /// Reads what the pipe has (up to 256 KiB); 0 at end of stream.
    private func fill() throws -> Int {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
        while true {
            let fd = self.fd
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n >= 0 {
                buffer.append(contentsOf: chunk[0..<n])
                return n
            }
            if errno != EINTR {
                throw GitError(arguments: ["cat-file", "--batch"], status: -1, message: "read failed (errno \(errno))")
            }
        }
    }
}
