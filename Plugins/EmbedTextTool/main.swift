import Foundation

/// `EmbedTextTool INPUT OUTPUT TYPE`: writes OUTPUT, a Swift file declaring `public enum TYPE` whose `text` is
/// INPUT's bytes, every one of them, as a string literal (INPUT must be UTF-8). OUTPUT is left untouched when it
/// already says the same, so nothing recompiles for nothing. Run by RegistrySchemaPlugin at build time, so the
/// binary carries registry.schema.json without a resource bundle and without a pasted copy to keep in step.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: EmbedTextTool INPUT OUTPUT TYPE\n".utf8))
    exit(2)
}
let (input, output, type) = (arguments[1], arguments[2], arguments[3])
guard let bytes = FileManager.default.contents(atPath: input) else {
    FileHandle.standardError.write(Data("EmbedTextTool: cannot read \(input)\n".utf8))
    exit(1)
}
guard let content = String(data: bytes, encoding: .utf8), Data(content.utf8) == bytes else {
    FileHandle.standardError.write(Data("EmbedTextTool: \(input) is not UTF-8 text\n".utf8))
    exit(1)
}

/// `text` as a Swift multi-line string literal whose value is exactly `text`: quotes, backslashes and every
/// control character but the newline escaped, everything else as it is. The opening and closing delimiters
/// stand at the start of their lines, so no indentation is stripped, and the newline before the closing one
/// is not part of the value.
func literal(_ text: String) -> String {
    var result = "\"\"\"\n"
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\n"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
            || (0x2028...0x2029).contains(scalar.value):
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\n\"\"\""
}

let name = (input as NSString).lastPathComponent
let text = """
    // Generated at build time by EmbedTextTool (Plugins/EmbedTextTool) from the package's \(name): do not
    // edit, never committed. Edit \(name) itself.

    /// \(name), byte for byte, as this binary was built with it.
    public enum \(type) {
        /// The file's text, every byte of it (its last newline included).
        public static let text: String = \(literal(content))
    }

    """
if FileManager.default.contents(atPath: output) != Data(text.utf8) {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("EmbedTextTool: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
