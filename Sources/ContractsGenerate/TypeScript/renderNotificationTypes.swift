import ContractsCore

extension TypeScriptEmitter {
    /// `notificationTypes.ts`: the `as const` object, its union type, the runtime guard, the fallback parse
    /// and the per-type attributes the server needs (badge tab, preference key, whether it can be disabled).
    /// Only the values the server holds (scope `all` or `server`): an app-only value is no wire value.
    static func renderNotificationTypes(_ registry: Registry, names n: TypeScriptNames) -> [String] {
        let set = registry.notificationEnum
        let values = set.values.filter(\.scope.onServer)
        typealias S = TypeScriptSyntax
        var blocks: [String] = []

        let entries = values.map { "  \(S.property($0.typescriptKey)): \(S.string($0.raw))," }
        blocks.append("""
            \(S.doc("Every \(n.typeUnion), by constant name; the values are the wire strings."))
            export const \(n.typesConst) = {
            \(entries.joined(separator: "\n"))
            } as const;
            """)
        blocks.append(S.doc("A \(n.typeUnion) as it travels on the wire.") + "\n"
            + S.assignment("export type \(n.typeUnion)", "(typeof \(n.typesConst))[keyof typeof \(n.typesConst)]"))
        blocks.append(S.doc("The payload key that carries the \(n.typeUnion) in pushes and rows.") + "\n"
            + S.assignment("export const \(n.typeKeyConst)", S.string(set.payloadKey)))
        blocks.append(S.doc("Every \(n.typeUnion), in registry order.") + "\n"
            + S.array(values.map { S.string($0.raw) }, prefix: "export const \(n.allTypesConst) = ",
                      suffix: " as const satisfies readonly \(n.typeUnion)[];"))
        blocks.append("""
            const \(n.typeSetConst): ReadonlySet<string> = new Set(
              \(n.allTypesConst),
            );
            """)
        blocks.append("""
            \(S.doc("Whether `value` is a registered \(n.typeUnion); use it on anything read from outside."))
            export function \(n.guardFunction)(
              value: unknown,
            ): value is \(n.typeUnion) {
              if (typeof value !== "string") {
                return false;
              }
              return \(n.typeSetConst).has(value);
            }
            """)
        blocks.append(contentsOf: renderParse(set, names: n))
        blocks.append(contentsOf: renderAttributes(registry, names: n))
        return blocks
    }

    /// The fallback constant and the parse that maps unknown values to it (or to `undefined` without one).
    private static func renderParse(_ set: NotificationTypeSet, names n: TypeScriptNames) -> [String] {
        typealias S = TypeScriptSyntax
        guard let fallback = set.fallback else {
            return ["""
                \(S.doc("`value` as a \(n.typeUnion), or `undefined` when it is not one."))
                export function \(n.parseFunction)(
                  value: unknown,
                ): \(n.typeUnion) | undefined {
                  if (\(n.guardFunction)(value)) {
                    return value;
                  }
                  return undefined;
                }
                """]
        }
        return [
            S.doc("What an unknown wire value decodes to, as the app decodes it.") + "\n"
                + S.assignment("export const \(n.fallbackConst): \(n.typeUnion)", S.string(fallback)),
            """
            \(S.doc("`value` as a \(n.typeUnion); unknown values become `\(fallback)`."))
            export function \(n.parseFunction)(
              value: unknown,
            ): \(n.typeUnion) {
              if (\(n.guardFunction)(value)) {
                return value;
              }
              return \(n.fallbackConst);
            }
            """,
        ]
    }

    /// The attribute interface and the table of every type's attributes, one member a column of
    /// `typeScriptAttributeColumns` (the built-ins the server needs, then the custom attributes), `| null` when
    /// a column is optional.
    private static func renderAttributes(_ registry: Registry, names n: TypeScriptNames) -> [String] {
        typealias S = TypeScriptSyntax
        let set = registry.notificationEnum
        let values = set.values.filter(\.scope.onServer)
        let columns = set.typeScriptAttributeColumns()
        var blocks: [String] = []
        var badgeType = "string"
        if let badges = registry.badges {
            badgeType = badges.swiftEnum
            blocks.append(S.doc("A badge tab notifications count toward.") + "\n"
                + S.unionAlias(badges.swiftEnum, badges.cases.map(S.string)))
        }
        blocks.append("""
            \(S.doc("What the app does with a \(n.typeUnion); the server needs the same answers."))
            export interface \(n.attributesInterface) {
            \(columns.map { member($0, values: values, badgeType: badgeType) }.joined())}
            """)
        let rows = values.map { value in
            """
              \(S.property(value.raw)): {
            \(columns.map { "    \(S.property($0.property)): \(literal($0.value(value))),\n" }.joined())  },
            """
        }
        blocks.append("""
            \(S.doc("The attributes of every \(n.typeUnion)."))
            export const \(n.attributesConst): {
              readonly [T in \(n.typeUnion)]: \(n.attributesInterface);
            } = {
            \(rows.joined(separator: "\n"))
            };
            """)
        return blocks
    }

    /// `  /** doc */\n  readonly name: type;\n`, a member of the attribute interface (no doc line without a doc).
    private static func member(_ column: AttributeColumn, values: [NotificationTypeValue], badgeType: String) -> String {
        typealias S = TypeScriptSyntax
        let base: String
        switch column.kind {
        case .string: base = "string"
        case .badge: base = badgeType
        case .bool: base = "boolean"
        case .int: base = "number"
        }
        let type = base + (column.isOptional(over: values) ? " | null" : "")
        return (column.typeScriptDoc.map { "  \(S.doc($0))\n" } ?? "") + "  readonly \(S.property(column.property)): \(type);\n"
    }

    /// An attribute value as a TypeScript literal (strings with JSON's escapes).
    private static func literal(_ value: AttributeValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .string(let s): return TypeScriptSyntax.string(s)
        }
    }
}
