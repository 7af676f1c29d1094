import ContractsCore
import ContractsSwiftSource

/// Which of the values `init` found the registry can hold, and under which Swift case name: what `init` writes must
/// load. A value the loader would refuse is left out with a comment saying why, never written as an error for the
/// user to meet at the first `check`: one that is not a wire value (a mutated or hostile constraint's control
/// character, or more than 255 bytes), one longer than a PostgreSQL ENUM label, one whose Swift case or TypeScript
/// key another value already has. A value no case name derives from (`ride-update`, `1`) gets `case:`.
///
/// At most `maximumValues` are registered: a longer list is no app's notification types (a mutated migration's CHECK
/// of thousands of values), and `check` plans and parses a generated declaration as long as the list, so `init`
/// would hand the user a registry whose every `check` does a big app's work.
struct ValueAdmission {
    static let maximumValues = 1_000

    struct Value: Equatable {
        var raw: String
        /// The app's case of it, when the Swift enum has one.
        var swiftCase: DiscoveredSwiftCase?
        /// The `case:` to write; nil when the registry derives the name from the raw value.
        var caseName: String?
    }

    var values: [Value] = []
    /// One comment line each (without `# `), the value shown escaped.
    var leftOut: [String] = []

    init(_ raws: [String], swiftEnum: DiscoveredSwiftEnum?, enumType: Bool) {
        var seen = Set<String>(), names = Set<String>(), keys = Set<String>()
        var beyond = 0
        for raw in raws where seen.insert(raw).inserted {
            guard values.count < Self.maximumValues else {
                beyond += 1
                continue
            }
            let shown = HiddenScalars.visible(String(raw.prefix(80))) + (raw.count > 80 ? "…" : "")
            guard Identifiers.isWireValue(raw) else {
                leftOut.append("left out '\(shown)': not a wire value (empty, over 255 bytes, or holding a control, "
                    + "line-separator or bidi character)")
                continue
            }
            if enumType, raw.utf8.count > 63 {
                leftOut.append("left out '\(shown)': \(raw.utf8.count) bytes, over the 63 of a PostgreSQL ENUM label")
                continue
            }
            let swiftCase = swiftEnum?.cases.first { $0.raw == raw }
            let derived = Identifiers.derivedCaseName(raw)
            var name = swiftCase.map(\.name).flatMap { Identifiers.isIdentifier($0) ? $0 : nil }
                ?? derived ?? Identifiers.suggestedCaseName(raw)
            if names.contains(name) {
                if let swiftCase, swiftCase.name == name {
                    leftOut.append("left out '\(shown)': its Swift case \(name) is another value's")
                    continue
                }
                var n = 2
                while names.contains(name + String(n)) { n += 1 }
                name += String(n)
            }
            let key = Identifiers.typescriptKey(raw: raw, swiftCase: name)
            guard !keys.contains(key) else {
                leftOut.append("left out '\(shown)': its TypeScript const key \(key) is another value's")
                continue
            }
            names.insert(name)
            keys.insert(key)
            values.append(Value(raw: raw, swiftCase: swiftCase, caseName: name == derived ? nil : name))
        }
        if beyond > 0 {
            leftOut.append("left out \(beyond) more value(s): init registers at most \(Self.maximumValues); a list this long is "
                + "rarely an app's notification types: review the column it came from")
        }
    }
}
