import ContractsTestSupport
import Foundation

/// A deterministic source of random numbers (SplitMix64: `SeededRandom`): one seed, one sequence of inputs, on
/// every machine.
typealias FuzzRandom = SeededRandom

extension SeededRandom {
    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Mutates seed inputs the way hostile and half-edited files look: bytes deleted, repeated, replaced,
/// truncated, spliced from another input, and the kind's own tokens inserted, often many times over
/// (repetition is what finds the super-linear cases).
struct FuzzMutator {
    /// Inputs never grow past this many bytes (the readers' size limits are tested elsewhere).
    static let maximumSize = 256 * 1024

    let tokens: [[UInt8]]

    init(tokens: [String]) {
        let common = ["{", "}", "(", ")", "[", "]", "\"", "'", "`", "\\", "\n", "/*", "*/", "//", "$$", "\\(", "${", "#", ";", ":", ",", "\t", "\u{202E}", "é"]
        self.tokens = (common + tokens).map { Array($0.utf8) }
    }

    func mutate(_ seed: [UInt8], splice other: [UInt8], random: inout FuzzRandom) -> [UInt8] {
        var bytes = seed
        for _ in 0..<(1 + random.below(4)) {
            let at = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
            switch random.below(7) {
            case 0 where !bytes.isEmpty: // delete a range
                let end = min(bytes.count, at + 1 + random.below(16))
                if at < end { bytes.removeSubrange(at..<end) }
            case 1 where !bytes.isEmpty: // repeat a range, up to hundreds of times
                let start = min(at, bytes.count - 1)
                let end = min(bytes.count, start + 1 + random.below(64))
                let chunk = Array(bytes[start..<end])
                let times = [1, 2, 8, 64, 512][random.below(5)]
                bytes.insert(contentsOf: Array(repeating: chunk, count: times).joined(), at: end)
            case 2 where !bytes.isEmpty: // replace a byte
                bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 3: // truncate
                bytes.removeSubrange(at..<bytes.count)
            case 4 where !other.isEmpty: // splice a piece of another input
                let start = random.below(other.count)
                let end = min(other.count, start + 1 + random.below(256))
                bytes.insert(contentsOf: other[start..<end], at: at)
            default: // insert a token, sometimes many times
                let token = tokens[random.below(tokens.count)]
                let times = [1, 1, 3, 40, 400][random.below(5)]
                bytes.insert(contentsOf: Array(repeating: token, count: times).joined(), at: at)
            }
            if bytes.count > Self.maximumSize { bytes.removeSubrange(Self.maximumSize...) }
        }
        return bytes
    }
}
