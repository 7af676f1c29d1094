#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A place in a file, 1-based, as editors and compilers print it (`file:line:column`).
///
/// `file` is relative to the registry's folder (the project root), with `/` separators,
/// so findings are clickable from the root and stable across machines.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// Converts a UTF-8 byte offset into a 1-based line and column (column counted in UTF-8 bytes + 1,
/// as clang, swiftc and PostgreSQL positions do).
public struct LineMap: Sendable {
    private let lineStarts: [Int]

    public init(_ text: String) {
        var starts = [0]
        var text = text
        // By `memchr` over the contiguous bytes: a migration history is read whole on every run that parses.
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var at = 0
            while at < bytes.count, let found = memchr(base + at, 0x0A, bytes.count - at) {
                at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(at)
            }
        }
        lineStarts = starts
    }

    /// Line and column of a 0-based UTF-8 byte offset.
    public func position(ofByte offset: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return (lo + 1, offset - lineStarts[lo] + 1)
    }

    /// The location of a 0-based UTF-8 byte offset in `file`.
    public func location(ofByte offset: Int, in file: String) -> SourceLocation {
        let p = position(ofByte: offset)
        return SourceLocation(file: file, line: p.line, column: p.column)
    }
}
