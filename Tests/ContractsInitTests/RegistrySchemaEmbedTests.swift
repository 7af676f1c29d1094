import ContractsTestSupport
import Foundation
import XCTest

/// registry.schema.json has one source, the repository's file: the build embeds it in ContractsInit
/// (Plugins/RegistrySchemaPlugin runs Plugins/EmbedTextTool), and `init` and `generate` write that copy
/// (`InitCommandTests.testTheSchemaWrittenBesideIsTheToolsSchema` compares what `init` writes with the file).
final class RegistrySchemaEmbedTests: XCTestCase {
    /// The tool the build runs to embed the schema (built beside the CLI).
    private var embedTool: URL { CLIHarness.binary.deletingLastPathComponent().appendingPathComponent("EmbedTextTool") }

    /// The embedding keeps every byte of any UTF-8 text: quotes, backslashes, a `"""`, interpolation-like text,
    /// tabs, a carriage return, control characters, trailing spaces, indentation, non-ASCII text, and with or
    /// without a last newline. The output is compiled and run, and what it prints is compared with the input.
    func testTheEmbeddingIsByteForByte() throws {
        let cases = [
            "{\n  \"a\": \"b\\\\c \\\"d\\\"\"\n}\n",
            "\"\"\" and \\(x) and #\"raw\"# and \"\"\"#\n",
            "\ttab\r\ncr lf\u{1}\u{7F}\u{85}\u{2028} trailing   \n    indented\n",
            "no last newline: é 🚗 \u{0301}",
            "\n\n",
            "",
        ]
        let folder = try self.folder()
        var main = "import Foundation\nlet texts = ["
        for (index, text) in cases.enumerated() {
            let input = folder.appendingPathComponent("input\(index).txt")
            try Data(text.utf8).write(to: input)
            let output = folder.appendingPathComponent("Embedded\(index).swift")
            let result = try TestProcess.run(embedTool.path, [input.path, output.path, "Embedded\(index)"])
            XCTAssertEqual(result.status, 0, result.stderr)
            main += "Embedded\(index).text, "
        }
        main += "]\nfor (index, text) in texts.enumerated() {\n"
            + "    try! Data(text.utf8).write(to: URL(fileURLWithPath: CommandLine.arguments[1] + \"/output\\(index).txt\"))\n}\n"
        try Data(main.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let sources = (0..<cases.count).map { folder.appendingPathComponent("Embedded\($0).swift").path }
        let program = folder.appendingPathComponent("embedded").path
        let compiled = try TestProcess.run("swiftc", sources + [folder.appendingPathComponent("main.swift").path, "-o", program])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertEqual(try TestProcess.run(program, [folder.path]).status, 0)
        for (index, text) in cases.enumerated() {
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("output\(index).txt")), Data(text.utf8), "case \(index)")
        }
    }

    private func folder() throws -> URL {
        let root = try CLIHarness.project([:])
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    func testTextThatIsNotUTF8IsRefused() throws {
        let folder = try self.folder()
        let input = folder.appendingPathComponent("bad.txt")
        try Data([0x7B, 0xFF, 0x7D]).write(to: input)
        let result = try TestProcess.run(embedTool.path, [input.path, folder.appendingPathComponent("Bad.swift").path, "Bad"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is not UTF-8 text"), result.stderr)
    }
}
