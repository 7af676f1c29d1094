import ContractsCore

extension TypeScriptEmitter {
    /// `<type>.ts` for a shared enum (`enums:`): its values (an `as const` object when the registry names one, else
    /// an array), the union type, the runtime guard, and with a fallback the parse that maps unknown values to it.
    /// Only the values the server holds (scope `all` or `server`): an app-only value is no wire value.
    static func renderSharedEnum(_ e: SharedEnum) -> [String] {
        typealias S = TypeScriptSyntax
        let type = e.typescriptType
        let values = e.values(on: .server)
        var blocks: [String] = []
        let all: String
        if let object = e.typescriptConst {
            let entries = values.map { "  \(S.property($0.typescriptKey)): \(S.string($0.raw))," }
            blocks.append("""
                \(S.doc("Every \(type), by constant name; the values are the wire strings."))
                export const \(object) = {
                \(entries.joined(separator: "\n"))
                } as const;
                """)
            blocks.append(S.doc("\(SharedEnumLiteralMessage.article(type).capitalized) \(type) as it travels on the wire.") + "\n"
                + S.assignment("export type \(type)", "(typeof \(object))[keyof typeof \(object)]"))
            all = "ALL_" + object
            blocks.append(S.doc("Every \(type), in registry order.") + "\n"
                + S.array(values.map { S.string($0.raw) }, prefix: "export const \(all) = ",
                          suffix: " as const satisfies readonly \(type)[];"))
        } else {
            all = SharedEnumFiles.valuesConst(e)
            blocks.append(S.doc("Every \(type), in registry order; the values are the wire strings.") + "\n"
                + S.array(values.map { S.string($0.raw) }, prefix: "export const \(all) = ", suffix: " as const;"))
            blocks.append(S.doc("\(SharedEnumLiteralMessage.article(type).capitalized) \(type) as it travels on the wire.") + "\n"
                + S.assignment("export type \(type)", "(typeof \(all))[number]"))
        }
        let set = Identifiers.snakeCase(type).uppercased() + "_SET"
        blocks.append("""
            const \(set): ReadonlySet<string> = new Set(
              \(all),
            );
            """)
        blocks.append("""
            \(S.doc("Whether `value` is a registered \(type); use it on anything read from outside."))
            export function is\(type)(
              value: unknown,
            ): value is \(type) {
              if (typeof value !== "string") {
                return false;
              }
              return \(set).has(value);
            }
            """)
        if let fallback = e.fallback {
            blocks.append("""
                \(S.doc("`value` as \(SharedEnumLiteralMessage.article(type)) \(type); anything else becomes \(S.string(fallback))."))
                export function parse\(type)(
                  value: unknown,
                ): \(type) {
                  if (is\(type)(value)) {
                    return value;
                  }
                  return \(S.string(fallback));
                }
                """)
        }
        return blocks
    }
}
