/// A path glob as .gitignore-style tools read it: `*` within a segment, `**` across segments, `?` one character.
public struct Glob: Sendable, Equatable {
    public let pattern: String
    private let segments: [Substring]

    public init(_ pattern: String) {
        self.pattern = pattern
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether a `/`-separated relative path matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return Glob.match(segments[...], parts[...])
    }

    private static func match(_ pat: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pat.first else { return path.isEmpty }
        if first == "**" {
            let rest = pat.dropFirst()
            var p = path
            while true {
                if match(rest, p) { return true }
                if p.isEmpty { return false }
                p = p.dropFirst()
            }
        }
        guard let head = path.first, segmentMatches(Array(first.utf8), Array(head.utf8)) else { return false }
        return match(pat.dropFirst(), path.dropFirst())
    }

    private static func segmentMatches(_ p: [UInt8], _ s: [UInt8]) -> Bool {
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
