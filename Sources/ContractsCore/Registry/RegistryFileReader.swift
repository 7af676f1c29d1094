import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the registry file with the system's own reasons for failing (a folder, a dangling or looping link,
/// no permission), so the error names the problem rather than a Foundation error code.
enum RegistryFileReader {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws -> Data {
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 {
            let reason = errno == ELOOP ? "a loop of symbolic links" : "a symbolic link to a file that does not exist"
            throw Unreadable(description: "it is \(reason)\(linkTarget(path).map { " (\($0))" } ?? "")")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Unreadable(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw Unreadable(description: String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Unreadable(description: "it is a folder, not a file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Unreadable(description: "it is not a regular file") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Unreadable(description: String(cString: strerror(errno))) }
            if count == 0 { return data }
            data.append(buffer, count: count)
            // Past the size limit the loader refuses anyway; reading one byte more is enough to tell.
            if data.count > RegistryLoader.maximumSize { return data }
        }
    }

    private static func linkTarget(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
