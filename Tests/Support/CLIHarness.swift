import Foundation
import XCTest

/// Runs the built `naars-contracts` binary in temporary project folders, as a user would.
public struct CLIHarness {
    /// The executable next to the test bundle (`swift test` builds it with the tests).
    public static var binary: URL {
        var folder = Bundle(for: BundleMarker.self).bundleURL
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents" || folder.lastPathComponent == "MacOS" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("naars-contracts")
    }

    /// The repository checkout (for registry.yaml and fixtures).
    public static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs the CLI with `arguments` in `folder`.
    @discardableResult
    public static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Result {
        let result = try TestProcess.run(binary.path, arguments, in: folder, extraEnvironment: environment)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// A fresh temporary folder holding `files` (path → text).
    public static func project(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-cli-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// Every file below `root` with its bytes and modification date: two snapshots are equal when nothing was written.
    public static func snapshot(_ root: URL) -> [String: (Data, Date)] {
        var out: [String: (Data, Date)] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let date = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? Date.distantPast
            out[String(url.path.dropFirst(root.path.count))] = ((try? Data(contentsOf: url)) ?? Data(), date)
        }
        return out
    }

    public static func assertSameSnapshot(_ a: [String: (Data, Date)], _ b: [String: (Data, Date)],
                                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Set(a.keys), Set(b.keys), "files were added or removed", file: file, line: line)
        for (path, (data, date)) in a {
            XCTAssertEqual(b[path]?.0, data, "\(path) changed", file: file, line: line)
            XCTAssertEqual(b[path]?.1, date, "\(path) was rewritten", file: file, line: line)
        }
    }
}

private final class BundleMarker {}
