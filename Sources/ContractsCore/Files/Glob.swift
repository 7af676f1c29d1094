/// A path glob as .gitignore-style tools read it: `*` within a segment, `**` across segments, `?` one character.
public struct Glob: Sendable, Equatable {
    public let pattern: String
    private let segments: [Substring]

    /// `segments` as bytes, matched against a path's bytes (a path's `Character`s would cost more than the listing).
    private let segmentBytes: [[UInt8]]

    public init(_ pattern: String) {
        self.pattern = pattern
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
        segmentBytes = segments.map { Array($0.utf8) }
    }

    /// The folder every path this pattern matches lies below: its segments before the first with a wildcard,
    /// less the last (which names files); "" when there is none, or when one is not a plain folder name.
    public var folder: String {
        var folders: [Substring] = []
        for segment in segments.dropLast() {
            if segment.contains(where: { $0 == "*" || $0 == "?" }) { break }
            guard segment != ".", segment != ".." else { return "" }
            folders.append(segment)
        }
        return folders.joined(separator: "/")
    }

    /// The fewest folders to list for `patterns`: each pattern's `folder`, less those inside another
    /// (just [""], the whole tree, when a pattern can match anywhere).
    public static func folders(_ patterns: [Glob]) -> [String] {
        var out: [String] = []
        for folder in Set(patterns.map(\.folder)).sorted() where !out.contains(where: { folder == $0 || $0.isEmpty || folder.hasPrefix($0 + "/") }) {
            out.append(folder)
        }
        return out
    }

    /// Whether a `/`-separated relative path matches.
    public func matches(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var parts: [Range<Int>] = []
            var start = 0
            for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
                if i > start { parts.append(start ..< i) }
                start = i + 1
            }
            if bytes.count > start { parts.append(start ..< bytes.count) }
            return Glob.match(segmentBytes[...], parts[...], in: bytes)
        }
    }

    private static func match(_ pat: ArraySlice<[UInt8]>, _ path: ArraySlice<Range<Int>>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = pat.first else { return path.isEmpty }
        if first == doubleStar {
            let rest = pat.dropFirst()
            var p = path
            while true {
                if match(rest, p, in: bytes) { return true }
                if p.isEmpty { return false }
                p = p.dropFirst()
            }
        }
        guard let head = path.first, segmentMatches(first, UnsafeBufferPointer(rebasing: bytes[head])) else { return false }
        return match(pat.dropFirst(), path.dropFirst(), in: bytes)
    }

    private static let doubleStar: [UInt8] = Array("**".utf8)

    private static func segmentMatches(_ p: [UInt8], _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var pi = 0, si = 0, star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == s[si] {
                pi += 1; si += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi; mark = si; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; si = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
