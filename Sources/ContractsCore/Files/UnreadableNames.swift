import Foundation

/// File and folder names that are not UTF-8, which the directory walk leaves out: each is named once per run on
/// standard error, escaped (`warning: database/caf\xE9.sql: ...`), so a Latin-1 backup never stops a run and
/// never reaches a terminal or a CI log raw.
public enum UnreadableNames {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var seen: Set<String> = []

    /// Records `relative` + the name `bytes` and prints its warning the first time it is seen.
    static func note(_ relative: String, _ bytes: [UInt8]) {
        let path = HiddenScalars.visible(relative) + escaped(bytes)
        let first = lock.withLock { seen.insert(path).inserted }
        guard first else { return }
        let line = "warning: \(path): the name is not UTF-8, so it is not read; rename it\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The names noted so far in this process, escaped, sorted (tests).
    public static var noted: [String] { lock.withLock { seen.sorted() } }

    /// `bytes` as text: each valid UTF-8 sequence as itself (a hidden scalar as `\u{XXXX}`), each other byte as
    /// `\xHH`.
    public static func escaped(_ bytes: [UInt8]) -> String {
        var out = "", index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
            if length > 0, index + length <= bytes.count,
               let text = String(validating: bytes[index..<index + length], as: UTF8.self) {
                out += HiddenScalars.visible(text)
                index += length
            } else {
                out += "\\x" + String(lead, radix: 16, uppercase: true)
                index += 1
            }
        }
        return out
    }
}
