import ContractsCore

extension TypeScriptEmitter {
    /// The file of an enum, the notification enum (`notificationTypes.ts`) or any other (`chatRoomStatus.ts`): its
    /// values (an `as const` object when it has one, else an array), the union type, the runtime guard, the parse,
    /// and its attributes. Only the values the server holds (scope `all` or `server`): an app-only value is no wire
    /// value.
    ///
    /// What only the notification enum has comes from its contract, as data: an `as const` object always (named
    /// `NOTIFICATION_TYPES` when the registry names none), the payload key constant, a parse without a fallback
    /// (to `undefined`), and the attribute table with the built-ins the server needs (badge tab, preference key,
    /// whether it can be disabled). Any other enum's attribute table holds its custom attributes, when it has any.
    static func renderEnum(_ e: SharedEnum, notification: NotificationContract?, badges: BadgeSet?) -> [String] {
        typealias S = TypeScriptSyntax
        let n = TypeScriptEnumNames(e, notification: notification)
        let type = n.union
        let values = e.values(on: .server)
        var blocks: [String] = []
        if let object = n.object {
            let entries = values.map { "  \(S.property($0.typescriptKey)): \(S.string($0.raw))," }
            blocks.append("""
                \(S.doc("Every \(type), by constant name; the values are the wire strings."))
                export const \(object) = {
                \(entries.joined(separator: "\n"))
                } as const;
                """)
            blocks.append(S.doc("\(n.article) \(type) as it travels on the wire.") + "\n"
                + S.assignment("export type \(type)", "(typeof \(object))[keyof typeof \(object)]"))
            if let notification {
                blocks.append(S.doc("The payload key that carries the \(type) in pushes and rows.") + "\n"
                    + S.assignment("export const \(n.keyConst)", S.string(notification.payloadKey)))
            }
            blocks.append(S.doc("Every \(type), in registry order.") + "\n"
                + S.array(values.map { S.string($0.raw) }, prefix: "export const \(n.all) = ",
                          suffix: " as const satisfies readonly \(type)[];"))
        } else {
            blocks.append(S.doc("Every \(type), in registry order; the values are the wire strings.") + "\n"
                + S.array(values.map { S.string($0.raw) }, prefix: "export const \(n.all) = ", suffix: " as const;"))
            blocks.append(S.doc("\(n.article) \(type) as it travels on the wire.") + "\n"
                + S.assignment("export type \(type)", "(typeof \(n.all))[number]"))
        }
        blocks.append("""
            const \(n.set): ReadonlySet<string> = new Set(
              \(n.all),
            );
            """)
        blocks.append("""
            \(S.doc("Whether `value` is a registered \(type); use it on anything read from outside."))
            export function \(n.guardFunction)(
              value: unknown,
            ): value is \(type) {
              if (typeof value !== "string") {
                return false;
              }
              return \(n.set).has(value);
            }
            """)
        blocks.append(contentsOf: renderParse(e, names: n, notification: notification != nil))
        let columns = notification.map { NotificationTypeSet(sharedEnum: e, contract: $0).typeScriptAttributeColumns() }
            ?? e.customAttributeColumns()
        if notification != nil || !columns.isEmpty {
            blocks.append(contentsOf: renderAttributes(values: values, columns: columns, names: n,
                                                       badges: notification != nil ? badges : nil))
        }
        return blocks
    }

    /// The parse that maps unknown values to the fallback. The notification enum names its fallback in a constant
    /// and has a parse without one too (unknown values become `undefined`); another enum has a parse only with a
    /// fallback, written in place.
    private static func renderParse(_ e: SharedEnum, names n: TypeScriptEnumNames, notification: Bool) -> [String] {
        typealias S = TypeScriptSyntax
        let type = n.union
        guard let fallback = e.fallback else {
            guard notification else { return [] }
            return ["""
                \(S.doc("`value` as a \(type), or `undefined` when it is not one."))
                export function \(n.parseFunction)(
                  value: unknown,
                ): \(type) | undefined {
                  if (\(n.guardFunction)(value)) {
                    return value;
                  }
                  return undefined;
                }
                """]
        }
        var blocks: [String] = []
        let result: String
        if notification {
            blocks.append(S.doc("What an unknown wire value decodes to, as the app decodes it.") + "\n"
                + S.assignment("export const \(n.fallbackConst): \(type)", S.string(fallback)))
            result = n.fallbackConst
        } else {
            result = S.string(fallback)
        }
        let becomes = notification ? "`\(fallback)`" : S.string(fallback)
        let article = notification ? "a" : n.article.lowercased()
        blocks.append("""
            \(S.doc("`value` as \(article) \(type); \(notification ? "unknown values become" : "anything else becomes") \(becomes)."))
            export function \(n.parseFunction)(
              value: unknown,
            ): \(type) {
              if (\(n.guardFunction)(value)) {
                return value;
              }
              return \(result);
            }
            """)
        return blocks
    }

    /// The attribute interface and the table of every value's attributes, one member a column (`| null` when a column
    /// is optional); with the badge tab union first when the notification enum's badges have one.
    private static func renderAttributes(values: [SharedEnumValue], columns: [AttributeColumn], names n: TypeScriptEnumNames,
                                         badges: BadgeSet?) -> [String] {
        typealias S = TypeScriptSyntax
        var blocks: [String] = []
        var badgeType = "string"
        if let badges {
            badgeType = badges.swiftEnum
            blocks.append(S.doc("A badge tab notifications count toward.") + "\n"
                + S.unionAlias(badges.swiftEnum, badges.cases.map(S.string)))
        }
        blocks.append("""
            \(S.doc("What the app does with a \(n.union); the server needs the same answers."))
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
            \(S.doc("The attributes of every \(n.union)."))
            export const \(n.attributesConst): {
              readonly [T in \(n.union)]: \(n.attributesInterface);
            } = {
            \(rows.joined(separator: "\n"))
            };
            """)
        return blocks
    }

    /// `  /** doc */\n  readonly name: type;\n`, a member of the attribute interface (no doc line without a doc).
    private static func member(_ column: AttributeColumn, values: [SharedEnumValue], badgeType: String) -> String {
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
