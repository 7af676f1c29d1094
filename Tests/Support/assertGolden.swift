import Foundation
import XCTest

/// Golden files: checked-in expected output, compared byte for byte and rewritten on purpose only.
public enum Golden {
    /// `NAARS_UPDATE_GOLDEN=1`: tests write what they produced to their golden files instead of comparing.
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["NAARS_UPDATE_GOLDEN"] == "1" }

    /// `line N: actual «…», golden «…»` for the first line that differs, or nil when the texts are equal.
    public static func firstDifference(actual: String, golden: String) -> String? {
        guard actual != golden else { return nil }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let b = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        let line = { (lines: [Substring]) in index < lines.count ? "«\(lines[index])»" : "end of file" }
        return "line \(index + 1): actual \(line(a)), golden \(line(b))"
    }
}

/// Compares `actual` with the golden file at `url` (in the source checkout); with `NAARS_UPDATE_GOLDEN=1`
/// writes it there instead (creating its folder). `name` is how the failure names the file.
public func assertGolden(_ actual: String, at url: URL, name: String? = nil,
                         file: StaticString = #filePath, line: UInt = #line) throws {
    let shown = name ?? url.lastPathComponent
    if Golden.isUpdating {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        return
    }
    guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("golden file \(shown) is missing; review the output, then run with NAARS_UPDATE_GOLDEN=1 to write it",
                file: file, line: line)
        return
    }
    if let difference = Golden.firstDifference(actual: actual, golden: golden) {
        XCTFail("\(shown) differs at \(difference); review the change, then run with NAARS_UPDATE_GOLDEN=1 to accept it",
                file: file, line: line)
    }
}
