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

    private func write(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("naars-flat-\(UUID().uuidString).json")
        try data.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
