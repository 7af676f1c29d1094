@testable import ContractsCache
@testable import ContractsCheck
import Foundation
import XCTest

/// The cache's fast reader of its stored JSON answers exactly as `JSONDecoder` does, or not at all.
final class CacheFlatJSONTests: XCTestCase {
    private func flat(_ data: Data) -> [String: String]? { data.withUnsafeBytes { FlatJSON.strings($0) } }

    private func decoded(_ data: Data) -> [String: String]? { try? JSONDecoder().decode([String: String].self, from: data) }

    func testWhatJSONEncoderWritesReadsBackTheSame() throws {
        let values = ["", "plain", "tab\tand\nnewline\r", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{1F}\u{7F}",
                      "é ü 日本 \u{1F600} e\u{301}", String(repeating: "read\tabc\tpath/x.swift\n", count: 200)]
        for value in values {
            let stored = CheckCache.Stored(key: value, observations: value + "o", findings: "[]")
            let data = try JSONEncoder().encode(stored)
            XCTAssertEqual(flat(data), decoded(data), value)
            let read = try XCTUnwrap(CheckCache.Stored.load(from: try write(data)))
            XCTAssertEqual([read.key, read.observations, read.findings, read.checksum],
                           [stored.key, stored.observations, stored.findings, stored.checksum])
            XCTAssertTrue(read.isIntact)
        }
    }

    func testEveryFormItReadsMatchesJSONDecoder() {
        let texts = [
            #"{}"#, #" { "a" : "b" , "c":"d" } "#, "\n{\"a\":\"b\"}\r\n", #"{"a":"\u00e9\u0041\u0000"}"#, #"{"a":"\/"}"#,
            #"{"a":"\ud83d\ude00"}"#, #"{"a":"b","a":"c"}"#, #"{"a":1}"#, #"{"a":"b",}"#, #"{"a":"b"} x"#, #"{"a":"\x"}"#,
            "{\"a\":\"tab\tinside\"}", #"{"a":"\u12"}"#, #"{"a":"unterminated}"#, #"["a"]"#, "", #"{"a":"\ud800"}"#,
        ]
        for text in texts {
            let data = Data(text.utf8)
            if let fields = flat(data) { XCTAssertEqual(fields, decoded(data), text) }
        }
        XCTAssertNil(flat(Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])), "invalid UTF-8")
        XCTAssertEqual(flat(Data(#" { "a" : "b" , "c":"d" } "#.utf8)), ["a": "b", "c": "d"])
        XCTAssertNil(flat(Data(#"{"a":"b","a":"c"}"#.utf8)), "a repeated key is left to JSONDecoder")
    }

    /// The units file (a `RecordFile`): every field reads back byte for byte, whatever it holds; a cut, a
    /// changed length, a repeated entry or an older run's JSON file is not read at all (a miss).
    func testTheUnitsFileReadsBackExactlyOrNotAtAll() throws {
        let values = ["", "plain", "tab\tand\nnewline\r", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{1F}\u{7F}",
                      "é ü 日本 \u{1F600} e\u{301}", "12\n34\n", String(repeating: "read\tabc\tpath/x.swift\n", count: 200)]
        var units: [String: CheckCache.Entry] = [:]
        for (index, value) in values.enumerated() {
            units["swift:\(value)\(index)"] = CheckCache.Entry(
                name: "swift:\(value)\(index)", key: value,
                observations: [TreeObservation(kind: .read, path: "a/\(index).swift", answer: "h\(index)")], value: "[\"\(value)\"]")
        }
        let stored = CheckCache.StoredUnits(key: "4 check tool", units: units)
        let fields = { (s: CheckCache.StoredUnits) in
            s.units.mapValues { [$0.key, $0.observations, $0.value, $0.checksum] }.merging(["": [s.key]]) { a, _ in a }
        }
        let data = stored.encoded
        let read = try XCTUnwrap(CheckCache.StoredUnits.load(from: try write(data)))
        XCTAssertEqual(fields(read), fields(stored))
        for (name, entry) in read.units { XCTAssertTrue(entry.isIntact(name: name), name) }
        XCTAssertEqual(CheckCache.StoredUnits(key: "k", units: [:]).encoded, Data("naars-contracts units 4\n1\nk\n1\n0\n".utf8))

        for length in stride(from: 0, to: data.count, by: max(1, data.count / 97)) {
            XCTAssertNil(CheckCache.StoredUnits.decode(data.prefix(length)), "cut to \(length) bytes")
        }
        XCTAssertNil(CheckCache.StoredUnits.decode(data + Data("x".utf8)), "bytes after the last field")
        var longer = [UInt8](data)
        let firstLength = try XCTUnwrap(longer.firstIndex(of: 0x0A)) + 1
        longer[firstLength] = UInt8(ascii: "9")
        XCTAssertNil(CheckCache.StoredUnits.decode(Data(longer)), "a length that does not frame")
        let one = CheckCache.Entry(name: "a", key: "k", observations: [], value: "[]")
        let repeated = CheckCache.StoredUnits.file.encode(["k", "2", "a", one.key, one.observations, one.value, one.checksum,
                                                           "a", one.key, one.observations, one.value, one.checksum])
        XCTAssertNil(CheckCache.StoredUnits.decode(repeated), "an entry named twice")
        XCTAssertNil(CheckCache.StoredUnits.decode(CheckCache.StoredUnits.file.encode(["k", "1", "a", "b"])), "an entry cut short")
        let olderJSON = Data(#"{"key":"4 check tool","units":{"a":{"key":"k","observations":"","value":"[]","checksum":"x"}}}"#.utf8)
        XCTAssertNil(CheckCache.StoredUnits.decode(olderJSON), "a units file an older build wrote")
        XCTAssertNil(RecordFile(header: "other 1").decode(data), "another format's header")
    }

    func testTheObjectReaderTakesOnlyWhatItIsSureOf() {
        let texts = [#"{"a":{"b":"c"}}"#, #"{"a":{"b":{"c":{}}}}"#, #"{"a":{"b":"c","b":"d"}}"#, #"{"a":{"b":1}}"#, #"{"a":{}"#]
        for text in texts {
            let data = Data(text.utf8)
            if let value = data.withUnsafeBytes({ FlatJSON.object($0) }) {
                XCTAssertEqual(FlatJSON.encode(value).withUnsafeBytes { FlatJSON.object($0) }, value, text)
            }
        }
        XCTAssertNil(Data(#"{"a":{"b":"c","b":"d"}}"#.utf8).withUnsafeBytes { FlatJSON.object($0) })
        XCTAssertNil(Data(#"{"a":{"b":1}}"#.utf8).withUnsafeBytes { FlatJSON.object($0) })
        for count in [2, 8, 9, 20] {
            let keys = (0 ..< count).map { "\"k\($0)\":\"v\"" }
            let unique = Data(("{" + keys.joined(separator: ",") + "}").utf8)
            XCTAssertEqual(unique.withUnsafeBytes { FlatJSON.object($0) }?.pairs?.count, count)
            for repeated in [0, count - 1] {
                let text = "{" + (keys + ["\"k\(repeated)\":\"w\""]).joined(separator: ",") + "}"
                XCTAssertNil(Data(text.utf8).withUnsafeBytes { FlatJSON.object($0) }, "\(count) keys, k\(repeated) repeated")
            }
        }
    }

    private func write(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("naars-flat-\(UUID().uuidString).json")
        try data.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
