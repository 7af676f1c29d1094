import ContractsCore

/// A literal TypeScript writes or compares as a value of one enum, as `EnumLiteralReading` found it: the notification
/// enum's by the payload key, row column, const and emitters, every other enum's by the table the literal meets.
struct EnumLiteralUse {
    /// The value, or nil for `CONST.KEY` whose key the const object lacks: that writes no value.
    let raw: String?
    /// `CONST.KEY`'s key, when the literal is written that way.
    let constKey: String?
    let location: SourceLocation
    /// Written (a row, a payload, an emitter's argument) rather than read or compared.
    let written: Bool
    /// Where it meets the enum, for the words (`written to chat_rooms.status`); empty when the words need none.
    let context: String
    /// The edit that writes another value in the literal's place, in its quotes (none when it cannot).
    let replacing: (String) -> [FixEdit]
}

/// The `ts-unknown-literal` judgement of one literal, the same for every enum: the literal's standing on the server
/// side. A value the functions hold is fine; an app-only one can never match; a retired one may be read (old rows
/// hold it) but not written again; an unknown one is reported, corrected in place when one server value is close.
/// A write is `ts-unknown-literal`, a comparison `ts-unknown-literal-read`. `EnumLiteralWording` words each enum.
enum EnumLiteralDrift {
    static func finding(_ use: EnumLiteralUse, of e: SharedEnum, _ w: EnumLiteralWording) -> Finding? {
        let rule: Rule = use.written ? .tsUnknownLiteral : .tsUnknownLiteralRead
        let subject = w.subject(use)
        switch use.raw.map({ e.standing(of: $0, on: .server) }) ?? .unknown {
        case .held:
            return nil
        case .outOfScope(let value):
            let said = w.outOfScope(use, value)
            return Finding(rule, said.message, at: use.location, registry: value.location, fix: said.fix, subject: subject)
        case .retired(let retired):
            guard use.written else { return nil }
            let said = w.retired(use)
            return Finding(.tsUnknownLiteral, said.message, at: use.location, registry: retired.location, fix: said.fix, subject: subject)
        case .unknown:
            let said = w.unknown(use)
            let only = use.raw.flatMap { Suggestion.only(to: $0, among: e.rawValues(on: .server), closeness: .typeScriptName) }
            return Finding(rule, said.message, at: use.location, registry: e.location, fix: said.fix, subject: subject,
                           edits: only.map(use.replacing) ?? [])
        }
    }
}
