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

        /// As read back: the checksum as stored, judged by `isIntact`.
        init(key: String, observations: String, value: String, checksum: String) {
            self.key = key
            self.observations = observations
            self.value = value
            self.checksum = checksum
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

        /// Byte by byte (a `Character` split costs more than the rest of a warm run): lines are cut at each
        /// LF byte and fields at the first two TAB bytes, exactly inverting `encode` for what `storable` admits.
        static func decode(_ observations: String) -> [TreeObservation]? {
            var text = observations
            return text.withUTF8 { bytes -> [TreeObservation]? in
                var out: [TreeObservation] = []
                var start = 0
                let count = bytes.count
                while start < count {
                    let lineStart = start
                    var end = start
                    while end < count, bytes[end] != 0x0A { end += 1 }
                    start = end + 1
                    if end == lineStart { continue }
                    guard let firstTab = firstIndex(of: 0x09, in: bytes, from: lineStart, to: end),
                          let secondTab = firstIndex(of: 0x09, in: bytes, from: firstTab + 1, to: end),
                          let kind = TreeObservation.Kind(rawValue: string(bytes, lineStart, firstTab))
                    else { return nil }
                    out.append(TreeObservation(kind: kind, path: string(bytes, secondTab + 1, end),
                                               answer: string(bytes, firstTab + 1, secondTab)))
                }
                return out
            }
        }

        private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
            var index = start
            while index < end {
                if bytes[index] == byte { return index }
                index += 1
            }
            return nil
        }

        private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)
        }

        /// A path or an error with a tab or a newline byte would not read back.
        static func storable(_ observations: [TreeObservation]) -> Bool {
            observations.allSatisfy { !$0.path.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A })
                && !$0.answer.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A }) }
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

        /// As read back: the checksum as stored, judged by `isIntact`.
        private init(key: String, observations: String, findings: String, checksum: String) {
            self.key = key
            self.observations = observations
            self.findings = findings
            self.checksum = checksum
        }

        var isIntact: Bool { checksum == CheckCache.checksum([key, observations, findings]) }

        /// As JSON, by `FlatJSON`'s writer (what `load` and `JSONDecoder` read alike; `JSONEncoder` is slow on
        /// the observations' many escapes).
        var encoded: Data {
            FlatJSON.encode(.object([("key", .string(key)), ("observations", .string(observations)),
                                     ("findings", .string(findings)), ("checksum", .string(checksum))]))
        }

        /// The stored file as `JSONDecoder` reads it, through `FlatJSON` when that can be sure (it always can
        /// for what `JSONEncoder` wrote); nil when it is missing or does not decode (a miss).
        static func load(from url: URL) -> Stored? {
            guard let data = try? Data(contentsOf: url) else { return nil }
            if let fields = data.withUnsafeBytes({ FlatJSON.strings($0) }), fields.count == 4, let key = fields["key"],
               let observations = fields["observations"], let findings = fields["findings"], let checksum = fields["checksum"] {
                return Stored(key: key, observations: observations, findings: findings, checksum: checksum)
            }
            return try? JSONDecoder().decode(Stored.self, from: data)
        }
    }

    /// `<name>.<group>.units`: one checker's entries, with its files' when it caches file by file (`CheckUnits`),
    /// read only when something changed. A `RecordFile`: the key, the number of entries, then five fields an
    /// entry (name, key, observations, value, checksum), by name.
    struct StoredUnits {
        var key: String
        var units: [String: Entry]

        static let file = RecordFile(header: "naars-contracts units \(CheckCache.format)")

        /// The file; nil when missing or not readable as written (a miss).
        static func load(from url: URL) -> StoredUnits? {
            guard let data = try? Data(contentsOf: url) else { return nil }
            return decode(data)
        }

        static func decode(_ data: Data) -> StoredUnits? {
            guard let fields = file.decode(data), fields.count >= 2, let count = Int(fields[1]),
                  fields.count == 2 + count * 5 else { return nil }
            var units: [String: Entry] = [:]
            units.reserveCapacity(count)
            var at = 2
            while at < fields.count {
                let entry = Entry(key: fields[at + 1], observations: fields[at + 2], value: fields[at + 3], checksum: fields[at + 4])
                guard units.updateValue(entry, forKey: fields[at]) == nil else { return nil }
                at += 5
            }
            return StoredUnits(key: fields[0], units: units)
        }

        var encoded: Data {
            var fields = [key, String(units.count)]
            fields.reserveCapacity(2 + units.count * 5)
            for (name, entry) in units.sorted(by: { $0.key < $1.key }) {
                fields += [name, entry.key, entry.observations, entry.value, entry.checksum]
            }
            return StoredUnits.file.encode(fields)
        }
    }

    /// A fingerprint of `fields`, each length-prefixed so no two splits of the same text agree.
    static func checksum(_ fields: [String]) -> String { ContentHash.hex(fields: fields) }
}
