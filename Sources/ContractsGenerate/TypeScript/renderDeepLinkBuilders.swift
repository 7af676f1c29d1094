import ContractsCore

extension TypeScriptEmitter {
    /// The deep-link half of `deepLinks.ts`: the link key, the case names, and for every case an interface of
    /// its push payload (link key = case name, parameters under their payload keys) with a builder.
    static func renderDeepLinkBuilders(_ deepLinks: DeepLinkSet, names n: TypeScriptNames) -> [String] {
        typealias S = TypeScriptSyntax
        var blocks: [String] = []
        blocks.append(S.doc("The push-payload key that names the \(n.linkEnum) case to open.") + "\n"
            + S.assignment("export const \(n.linkKeyConst)", S.string(deepLinks.linkKey)))
        blocks.append(S.doc("Every \(n.linkEnum) case name, in registry order.") + "\n"
            + S.array(deepLinks.cases.map { S.string($0.name) }, prefix: "export const \(n.linkNamesConst) = ",
                      suffix: " as const;"))
        blocks.append(S.doc("A \(n.linkEnum) case name: the value under `\(deepLinks.linkKey)`.") + "\n"
            + S.assignment("export type \(n.linkNameUnion)", "(typeof \(n.linkNamesConst))[number]"))
        for deepLink in deepLinks.cases {
            blocks.append(contentsOf: renderDeepLinkCase(deepLink, linkKey: deepLinks.linkKey, names: n))
        }
        blocks.append(S.doc("Any push payload that opens a \(n.linkEnum).") + "\n"
            + S.unionAlias(n.linkPayloadUnion, deepLinks.cases.map(n.payloadInterface)))
        return blocks
    }

    /// One case: its parameters interface (when it has parameters), payload interface and builder.
    private static func renderDeepLinkCase(_ deepLink: DeepLinkCase, linkKey: String,
                                           names n: TypeScriptNames) -> [String] {
        typealias S = TypeScriptSyntax
        let fields = deepLink.params.map { param in
            S.member(S.property(param.payloadKey) + (param.optional ? "?" : ""), [S.scalarType(param.type)])
        }
        let linkLine = "  \(S.property(linkKey)): \(S.string(deepLink.name));"
        let payload = """
            \(S.doc("A push payload that opens `\(deepLink.name)`."))
            export interface \(n.payloadInterface(deepLink)) {
            \(([linkLine] + fields).joined(separator: "\n"))
            }
            """
        guard !fields.isEmpty else {
            return [payload, """
                \(S.doc("The push payload that opens `\(deepLink.name)`."))
                export function \(n.payloadBuilder(deepLink))(): \(n.payloadInterface(deepLink)) {
                  return { \(S.property(linkKey)): \(S.string(deepLink.name)) };
                }
                """]
        }
        let params = """
            \(S.doc("The parameters of `\(deepLink.name)`, under their push-payload keys."))
            export interface \(n.paramsInterface(deepLink)) {
            \(fields.joined(separator: "\n"))
            }
            """
        let allOptional = deepLink.params.allSatisfy(\.optional)
        let builder = """
            \(S.doc("The push payload that opens `\(deepLink.name)` with these parameters."))
            export function \(n.payloadBuilder(deepLink))(
              params: \(n.paramsInterface(deepLink))\(allOptional ? " = {}" : ""),
            ): \(n.payloadInterface(deepLink)) {
              return { ...params, \(S.property(linkKey)): \(S.string(deepLink.name)) };
            }
            """
        return [params, payload, builder]
    }
}
