@testable import ContractsCore
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--output FILE` by what FILE is: a regular file replaced whole, a link's target rather than the link, a FIFO,
/// a socket and a character device written in place. Every special file is made in a temporary folder: a test
/// never writes to /dev.
final class OutputFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        // The temporary folder (scripts/test gives each run its own), unless it is too long for a socket's path
        // (108 bytes, macOS's temporary folders are not).
        let temporary = FileManager.default.temporaryDirectory.path
        folder = (temporary.utf8.count < 60 ? temporary : "/tmp") + "/naars-out-" + String(UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let created = folder
        addTeardownBlock { try? FileManager.default.removeItem(atPath: created) }
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func testARegularFileIsReplacedWholeKeepingItsPermissions() throws {
        let path = folder + "/report.json"
        try Data("old report, longer than the new one\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try OutputFile.write(Data("new\n".utf8), to: "report.json", from: folder)
        XCTAssertEqual(try contents(path), "new\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o640)
        // A missing file is created; no temporary file is left beside either.
        try OutputFile.write(Data("created\n".utf8), to: folder + "/new.json")
        XCTAssertEqual(try contents(folder + "/new.json"), "created\n")
        XCTAssertEqual(try names(), ["new.json", "report.json"])
    }

    func testALinkHasItsTargetReplacedAndStaysALink() throws {
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder + "/target.json"))
        symlink("target.json", folder + "/link.json")
        symlink(folder + "/link.json", folder + "/chain.json")
        try OutputFile.write(Data("through a chain\n".utf8), to: folder + "/chain.json")
        XCTAssertEqual(kind(folder + "/chain.json"), S_IFLNK)
        XCTAssertEqual(kind(folder + "/link.json"), S_IFLNK)
        XCTAssertEqual(kind(folder + "/target.json"), S_IFREG)
        XCTAssertEqual(try contents(folder + "/target.json"), "through a chain\n")

        // A dangling link: its target is created when the target's folder exists, else a located error.
        symlink("made.json", folder + "/dangling.json")
        try OutputFile.write(Data("made\n".utf8), to: folder + "/dangling.json")
        XCTAssertEqual(kind(folder + "/dangling.json"), S_IFLNK)
        XCTAssertEqual(try contents(folder + "/made.json"), "made\n")
        symlink("nowhere/x.json", folder + "/lost.json")
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: "lost.json", from: folder)) { error in
            XCTAssertEqual("\(error)", "lost.json:1:1: error: cannot write the report: it is a symbolic link to "
                + folder + "/nowhere/x.json, whose folder does not exist")
        }
        symlink("loop-b", folder + "/loop-a")
        symlink("loop-a", folder + "/loop-b")
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: folder + "/loop-a")) { error in
            XCTAssertTrue("\(error)".hasSuffix(":1:1: error: cannot write the report: Too many levels of symbolic links"), "\(error)")
        }
        XCTAssertEqual(try names(), ["chain.json", "dangling.json", "link.json", "loop-a", "loop-b", "lost.json", "made.json", "target.json"])
    }

    /// A FIFO stays a FIFO and its reader (another thread, reading until the end) gets every byte: more than a pipe
    /// holds, so the write waits for the reader as `tee` would.
    func testAFIFOIsWrittenInPlaceForItsReader() throws {
        let path = folder + "/pipe"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let report = String(repeating: "a line of the report\n", count: 20_000)
        let done = expectation(description: "the reader read to the end")
        let received = Received()
        Thread.detachNewThread {
            let fd = open(path, O_RDONLY)
            if fd >= 0 {
                received.data = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
            }
            done.fulfill()
        }
        try OutputFile.write(Data(report.utf8), to: path)
        wait(for: [done], timeout: 10)
        XCTAssertEqual(received.data.map { String(decoding: $0, as: UTF8.self) }, report)
        XCTAssertEqual(kind(path), S_IFIFO)
        XCTAssertEqual(try names(), ["pipe"])
    }

    /// A reader that stops early: a located error, never a silent end of the process (SIGPIPE).
    func testAFIFOWhoseReaderLeavesIsAnError() throws {
        let path = folder + "/pipe"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        Thread.detachNewThread {
            let fd = open(path, O_RDONLY)
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
            close(fd)
        }
        XCTAssertThrowsError(try OutputFile.write(Data(count: 1 << 22), to: path)) { error in
            XCTAssertEqual("\(error)", path + ":1:1: error: cannot write the report: Broken pipe")
        }
        XCTAssertEqual(kind(path), S_IFIFO)
    }

    /// A socket cannot be opened as a file: the report goes through a connection to it.
    func testASocketIsWrittenThroughAConnection() throws {
        let path = folder + "/socket"
        #if canImport(Glibc)
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let server = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        XCTAssertGreaterThanOrEqual(server, 0)
        defer { close(server) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(server, 1), 0)
        let done = expectation(description: "the server read to the end")
        let received = Received()
        Thread.detachNewThread {
            let fd = accept(server, nil, nil)
            if fd >= 0 { received.data = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile() }
            done.fulfill()
        }
        try OutputFile.write(Data("{\"findings\": []}\n".utf8), to: path)
        wait(for: [done], timeout: 10)
        XCTAssertEqual(received.data, Data("{\"findings\": []}\n".utf8))
        XCTAssertEqual(kind(path), S_IFSOCK)
    }

    /// A twin of /dev/null (and of /dev/full) made here, and a link to it as `/dev/stdout` is one: written in place,
    /// the node and the link left as they were; a device that refuses the bytes is a located error.
    func testACharacterDeviceIsWrittenInPlaceEvenThroughALink() throws {
        #if !os(Linux)
        throw XCTSkip("the device numbers of /dev/null and /dev/full are Linux's")
        #endif
        let null = folder + "/null", full = folder + "/full"
        guard mknod(null, S_IFCHR | 0o666, device(1, 3)) == 0, mknod(full, S_IFCHR | 0o666, device(1, 7)) == 0 else {
            throw XCTSkip("mknod is refused here (\(String(cString: strerror(errno))))")
        }
        let probe = open(null, O_WRONLY)
        guard probe >= 0 else { throw XCTSkip("device nodes cannot be opened here (\(String(cString: strerror(errno))))") }
        close(probe)
        symlink(null, folder + "/stdout")
        try OutputFile.write(Data("into the device\n".utf8), to: null)
        try OutputFile.write(Data("through the link\n".utf8), to: "stdout", from: folder)
        XCTAssertEqual(kind(null), S_IFCHR)
        XCTAssertEqual(kind(folder + "/stdout"), S_IFLNK)
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: full)) { error in
            XCTAssertEqual("\(error)", full + ":1:1: error: cannot write the report: No space left on device")
        }
        XCTAssertEqual(kind(full), S_IFCHR)
        XCTAssertEqual(try names(), ["full", "null", "stdout"])
    }

    func testAFolderOrAMissingFolderIsALocatedError() throws {
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: folder)) { error in
            XCTAssertEqual("\(error)", folder + ":1:1: error: cannot write the report: it is a folder")
        }
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: "missing/report.json", from: folder)) { error in
            XCTAssertEqual("\(error)", "missing/report.json:1:1: error: cannot write the report: the folder "
                + folder + "/missing does not exist")
        }
    }
}

/// The number of the device `major`, `minor` as Linux encodes it (`makedev`, a C macro Swift does not import);
/// /dev/null is (1, 3), /dev/full (1, 7).
private func device(_ major: UInt64, _ minor: UInt64) -> dev_t {
    dev_t((minor & 0xff) | ((major & 0xfff) << 8) | ((minor & ~0xff) << 12) | ((major & ~0xfff) << 32))
}

/// What a reader thread received, read on the test's thread after the expectation is met.
private final class Received: @unchecked Sendable {
    var data: Data?
}
