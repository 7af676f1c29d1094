import ContractsCore
import Foundation

/// A cache file of text fields, each written as its byte length, a newline, its bytes and a newline, after a
/// first line that names the format: nothing is escaped, so a field is copied out and in whole.
///
/// The Swift checker's units file (`<name>.swift.units`, the largest cache file, most of it
/// `kind<TAB>answer<TAB>path` lines) is read and written whole after every Swift edit; as JSON, escaping its
/// tabs and newlines would cost more than the run's own work.
///
/// Strict: a reader returns nil at the first field that does not frame exactly (a cut or
/// edited file is a miss), and the entries it carries have checksums of their own.
struct RecordFile {
    /// The file's first line: the format's name and version.
    let header: String

    /// The fields after `header`, in order.
    func encode(_ fields: [String]) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(header.utf8.count + 1 + fields.reduce(0) { $0 + $1.utf8.count + 12 })
        out.append(contentsOf: header.utf8)
        out.append(0x0A)
        for field in fields {
            ContentHash.appendDecimal(field.utf8.count, to: &out)
            out.append(0x0A)
            out.append(contentsOf: field.utf8)
            out.append(0x0A)
        }
        return Data(out)
    }

    /// Every field, or nil when the first line is not `header` or any field does not frame exactly (its length
    /// is not digits, its bytes run past the end, the newline after them is missing), or when bytes follow the
    /// last field.
    func decode(_ data: Data) -> [String]? {
        data.withUnsafeBytes { raw -> [String]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let head = Array(header.utf8)
            guard bytes.count > head.count, bytes[head.count] == 0x0A,
                  head.indices.allSatisfy({ bytes[$0] == head[$0] }) else { return nil }
            var fields: [String] = []
            var at = head.count + 1
            while at < bytes.count {
                var length = 0, digits = 0
                while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, digits < 12 {
                    length = length * 10 + Int(bytes[at] - 0x30)
                    at += 1
                    digits += 1
                }
                guard digits > 0, at < bytes.count, bytes[at] == 0x0A else { return nil }
                let start = at + 1
                guard length < bytes.count - start, bytes[start + length] == 0x0A else { return nil }
                fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< start + length]), as: UTF8.self))
                at = start + length + 1
            }
            return fields
        }
    }
}
