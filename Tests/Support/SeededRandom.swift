import Foundation

/// Random numbers a failing test can replay: SplitMix64 from one seed, printed before it is used.
///
/// The seed is `NAARS_TEST_SEED` when set, else fresh; a crash or hang loses the assertion messages, so
/// the seed goes to standard output first, where the log of any failed run keeps it.
public struct SeededRandom: RandomNumberGenerator {
    public let seed: UInt64
    private var state: UInt64

    /// `label` names the test in the printed line.
    public init(_ label: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let seed = environment["NAARS_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        self.init(seed: seed)
        print("\(label): random seed \(seed) (replay with NAARS_TEST_SEED=\(seed))")
    }

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
