import Foundation

/// Inputs built whole, in the shapes that once crashed or hung a reader (issue 31): what byte mutations of the
/// seed corpus rarely reach. Each shape is drawn at a random size, from a handful of terms to thousands, and the
/// mutator may then damage it like any other input.
enum FuzzShapes {
    /// How many terms a shape repeats: small, ordinary, and far past the readers' limits.
    private static func count(_ random: inout FuzzRandom) -> Int { [3, 40, 300, 2_000, 6_000, 20_000][random.below(6)] }

    /// A name holding a control, line-separator or bidi character (a newline that ends a comment, an ESC that
    /// colours a terminal, U+202E that reverses what is shown).
    static func controlName(_ random: inout FuzzRandom) -> String {
        let hidden = ["\u{0}", "\u{1B}[31m", "\n", "\r", "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}", "\u{061C}", "\t"]
        return "na" + hidden[random.below(hidden.count)] + "me"
    }

    /// One generated input for `target`, or nil when the target has no shapes.
    static func generate(_ target: FuzzTarget, _ random: inout FuzzRandom) -> [UInt8] {
        let n = count(&random)
        let text: String
        switch target {
        case .swift:
            switch random.below(7) {
            case 0: // generic angle brackets
                text = "let x = " + String(repeating: "a<", count: n) + "\n"
            case 6: // unclosed switches, switches without a body, then a run of `#` or `"` and more switches
                let run = String(repeating: ["#", "\""][random.below(2)], count: min(n, 2_000))
                let switches = String(repeating: "switch self ", count: min(n, 400))
                text = "enum NotificationType: String {\n    case message\n    var icon: String {\n"
                    + String(repeating: "        switch self {\n", count: 1 + random.below(40))
                    + "        \(switches)s\(run)\(switches)\n"
            case 1: // an `else if` chain
                text = "func f(_ v: Int) -> Int {\n    if v == 0 { return 0 }\n"
                    + (1..<n).map { "    else if v == \($0) { return \($0) }\n" }.joined() + "    return -1\n}\n"
            case 2: // nested `switch self` without a case, in many small functions
                let depth = 1 + random.below(12)
                let body = String(repeating: "switch self { ", count: depth) + String(repeating: "} ", count: depth)
                text = (0..<min(n, 4_000)).map { "func f\($0)() { \(body)}\n" }.joined()
            case 3: // unclosed brackets
                text = ["let x = a", "var a"][random.below(2)] + String(repeating: "[", count: min(n, 200)) + "b: Int = 0\n"
            case 4: // an operator run
                text = "let x = 1 " + String(repeating: "+-*/<>=!&|^~?%", count: n / 10 + 1) + " 2\n"
            default: // names with control characters
                let name = controlName(&random)
                text = "enum NotificationType: String {\n    case a = \"\(name)\"\n    case \(name)\n}\nlet k = userInfo[\"\(name)\"]\n"
            }
        case .sql:
            switch random.below(5) {
            case 0: // left-nested arithmetic in a statement naming the table
                text = "UPDATE public.notifications SET type = 'message' WHERE id = "
                    + Array(repeating: "1", count: n).joined(separator: " + ") + ";\n"
            case 1: // left-nested concatenation
                text = "INSERT INTO public.notifications (type) VALUES ("
                    + Array(repeating: "'a'", count: n).joined(separator: " || ") + ");\n"
            case 2: // operator runs, one long or many short
                let run = String(repeating: "-+*/<>=~!@#%^&|`?", count: 1 + random.below(700))
                text = String(repeating: "SELECT 1 \(run) 2;\n", count: 1 + random.below(min(n, 300)))
            case 3: // a CHECK of many values
                text = "ALTER TABLE public.notifications ADD CONSTRAINT notifications_type_check CHECK (type IN ("
                    + (0..<n).map { "'v\($0)'" }.joined(separator: ", ") + "));\n"
            default: // names with control characters
                let name = controlName(&random).replacingOccurrences(of: "\"", with: "")
                text = "CREATE TABLE \"\(name)\" (id int, type text CHECK (type IN ('\(name)', 'b')));\n"
                    + "INSERT INTO public.notifications (type) VALUES ('\(name)');\n"
            }
        case .typescript:
            switch random.below(4) {
            case 0: // generic angle brackets
                text = "const x: " + String(repeating: "A<", count: n) + "\n"
            case 1: // an operator run
                text = "const x = 1 " + String(repeating: "+-*/<>=!&|^~?%", count: n / 10 + 1) + " 2;\n"
            case 2: // a long else-if chain
                text = "function f(v: number) {\n  if (v === 0) return 'a';\n"
                    + (1..<n).map { "  else if (v === \($0)) return 'message';\n" }.joined() + "}\n"
            default: // names with control characters
                let name = controlName(&random)
                text = "export const NOTIFICATION_TYPES = { A: '\(name)', \(name): 'b' } as const;\nsendPush({ type: '\(name)' });\n"
            }
        case .registry:
            let name = controlName(&random)
            text = "version: 1\nnotification_types:\n  swift_enum: \"\(name)\"\n  values:\n    - raw: \"\(name)\"\n"
                + "payloads:\n  P:\n    fields: { \"\(name)\": int }\n"
        }
        var bytes = Array(text.utf8)
        if bytes.count > FuzzMutator.maximumSize { bytes.removeSubrange(FuzzMutator.maximumSize...) }
        return bytes
    }
}
