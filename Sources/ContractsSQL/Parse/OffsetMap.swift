/// Maps byte offsets of a fragment that was parsed on its own (a function body, a PL/pgSQL expression)
/// back to byte offsets of the file it came from, so every fact keeps its `file:line:column`.
struct OffsetMap: Sendable, Equatable {
    enum Step: Sendable, Equatable {
        /// Add a constant (the fragment's start in the enclosing text, less any wrapper prefix).
        case shift(Int)
        /// Undo `''` → `'` collapsing of a single-quoted body: offsets (unescaped) where a quote was dropped.
        case unescape([Int])
        /// Send every offset to one place (a body whose string could not be found in the file).
        case pin(Int)
    }

    /// Applied first to last: innermost fragment first, the file last.
    private(set) var steps: [Step]

    static let identity = OffsetMap(steps: [])

    static func shift(_ by: Int) -> OffsetMap { OffsetMap(steps: [.shift(by)]) }

    /// This fragment's map followed by the enclosing text's map.
    func then(_ outer: OffsetMap) -> OffsetMap { OffsetMap(steps: steps + outer.steps) }

    /// The file offset of a fragment offset.
    func fileOffset(_ offset: Int) -> Int {
        var value = offset
        for step in steps {
            switch step {
            case .shift(let by): value += by
            case .unescape(let dropped): value += Self.count(of: dropped, below: value)
            case .pin(let at): value = at
            }
        }
        return value
    }

    /// How many of the ascending `offsets` are below `value`: a binary search, as a body may hold many `''`.
    private static func count(of offsets: [Int], below value: Int) -> Int {
        var lo = 0, hi = offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
