import Foundation

/// `SourceDigestTool ROOT OUTPUT FILE...`: writes OUTPUT, a Swift file declaring `ToolSourceDigest.value`, a
/// 128-bit digest of every FILE's path relative to ROOT and its bytes (sorted by path, so neither the
/// checkout's location nor the order SwiftPM lists files in matters). OUTPUT is left untouched when it
/// already says the same, so nothing recompiles for nothing. Run by SourceDigestPlugin at build time.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: SourceDigestTool ROOT OUTPUT FILE...\n".utf8))
    exit(2)
}
let root = arguments[1].hasSuffix("/") ? arguments[1] : arguments[1] + "/"
let output = arguments[2]
let files = arguments.dropFirst(3).map { path in (relative: path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path, path: path) }

var digest = Digest128()
for file in files.sorted(by: { $0.relative < $1.relative }) {
    guard let bytes = FileManager.default.contents(atPath: file.path) else {
        FileHandle.standardError.write(Data("SourceDigestTool: cannot read \(file.path)\n".utf8))
        exit(1)
    }
    digest.add(Data("\(file.relative.utf8.count):\(file.relative)\(bytes.count):".utf8))
    digest.add(bytes)
}
let text = """
    // Generated at build time by SourceDigestPlugin (Plugins/SourceDigestTool): do not edit, never committed.

    /// A digest of the sources this binary was built from: part of the check cache's key.
    enum ToolSourceDigest {
        static let value = "\(digest.hex)"
    }

    """
if FileManager.default.contents(atPath: output) != Data(text.utf8) {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("SourceDigestTool: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}

/// Two 64-bit FNV-1a lanes over the same bytes, the second fed each byte with its position mixed in: a
/// change detector for source text, not a cryptographic hash.
struct Digest128 {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x84222325_cbf29ce4
    private var count: UInt64 = 0

    mutating func add(_ data: Data) {
        for byte in data {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ (UInt64(byte) &+ count &* 0x9E37_79B9)) &* 0x0000_0100_0000_01B3
            count &+= 1
        }
    }

    var hex: String {
        func word(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return word(a) + word(b)
    }
}
