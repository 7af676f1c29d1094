import ContractsCore
import Foundation

extension CheckCache {
    /// A result with the questions that produced it. `key`: what else it depends on (the registry, and for
    /// a checker the generated paths it skips). `checksum`: over the name it is stored under and every
    /// other field, so a damaged or hand-edited entry (`value` emptied, observations cut short) is a miss.
    struct Entry: Codable {
        var key: String
        /// One `kind<TAB>answer<TAB>path` line per observation: a few hundred lines decode much faster as
        /// text than as JSON objects.
        var observations: String
        /// The value, as JSON.
        var value: String
        var checksum: String

        init(name: String, key: String, observations: [TreeObservation], value: String) {
            self.key = key
            self.observations = Entry.encode(observations)
            self.value = value
            checksum = CheckCache.checksum([name, key, self.observations, value])
        }

        /// Whether the entry is as written for `name`.
        func isIntact(name: String) -> Bool {
            checksum == CheckCache.checksum([name, key, observations, value])
        }

        static func encode(_ observations: [TreeObservation]) -> String {
            observations.map { "\($0.kind.rawValue)\t\($0.answer)\t\($0.path)\n" }.joined()
        }

        /// Nil when a line does not read back (a hand-edited cache): a miss.
        var decodedObservations: [TreeObservation]? { Entry.decode(observations) }

        static func decode(_ observations: String) -> [TreeObservation]? {
            var out: [TreeObservation] = []
            for line in observations.split(separator: "\n") {
                let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, let kind = TreeObservation.Kind(rawValue: String(fields[0])) else { return nil }
                out.append(TreeObservation(kind: kind, path: String(fields[2]), answer: String(fields[1])))
            }
            return out
        }

        /// A path or an error with a tab or a newline would not read back.
        static func storable(_ observations: [TreeObservation]) -> Bool {
            observations.allSatisfy { !"\($0.path)\($0.answer)".contains(where: { $0 == "\t" || $0 == "\n" }) }
        }
    }

    /// `<name>.json`: what the next run reads first; a hit needs nothing else. `findings` as JSON text, so
    /// the checksum covers exactly the bytes that are decoded.
    struct Stored: Codable {
        var key: String
        var observations: String
        var findings: String
        var checksum: String

        init(key: String, observations: String, findings: String) {
            self.key = key
            self.observations = observations
            self.findings = findings
            checksum = CheckCache.checksum([key, observations, findings])
        }

        var isIntact: Bool { checksum == CheckCache.checksum([key, observations, findings]) }
    }

    /// `<name>.units.json`: every checker's and every file's entry, read only when something changed.
    struct StoredUnits: Codable {
        var key: String
        var units: [String: Entry]
    }

    /// A fingerprint of `fields`, each length-prefixed so no two splits of the same text agree.
    static func checksum(_ fields: [String]) -> String {
        ContentHash.hex(Data(fields.map { "\($0.utf8.count):\($0)" }.joined().utf8))
    }
}
