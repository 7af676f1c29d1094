import ContractsCore

extension TypeScriptEmitter {
    /// The notification half of `deepLinks.ts`: which deep links each type's push may open, and
    /// `pushPayloadFor(type, params)`, typed so the required keys of the type's deep link(s) must be given.
    static func renderPushPayloads(_ types: NotificationTypeSet, deepLinks: DeepLinkSet, registry: Registry,
                                   names n: TypeScriptNames) -> [String] {
        typealias S = TypeScriptSyntax
        // The server sends only the values it holds (scope `all` or `server`).
        let values = types.values.filter(\.scope.onServer)
        let links = { (value: NotificationTypeValue) in value.deepLinks.compactMap(registry.deepLink(named:)) }
        var blocks: [String] = []

        let requiredRows = deepLinks.cases.map { deepLink in
            S.array(deepLink.params.filter { !$0.optional }.map { S.string($0.payloadKey) },
                    prefix: "\(S.property(deepLink.name)): ", suffix: ",", indent: "  ")
        }
        blocks.append("""
            \(S.doc("The payload keys each \(n.linkEnum) cannot be opened without."))
            export const \(n.requiredKeysConst): {
              readonly [L in \(n.linkNameUnion)]: readonly string[];
            } = {
            \(requiredRows.joined(separator: "\n"))
            };
            """)
        let linkRows = values.map { value in
            S.array(links(value).map { S.string($0.name) }, prefix: "\(S.property(value.raw)): ", suffix: ",",
                    indent: "  ")
        }
        blocks.append("""
            \(S.doc("The \(n.linkEnum) cases each type may open; the first whose required keys are given wins."))
            export const \(n.typeDeepLinksConst): {
              readonly [T in \(n.typeUnion)]: readonly \(n.linkNameUnion)[];
            } = {
            \(linkRows.joined(separator: "\n"))
            };
            """)
        blocks.append(S.doc("The parameters of a push that opens no deep link: none.") + "\n"
            + S.assignment("export type \(n.noParamsType)", "Record<string, never>"))

        let paramRows = values.map { value in
            let options = links(value).map { $0.params.isEmpty ? n.noParamsType : n.paramsInterface($0) }
            return S.member(S.property(value.raw), uniqueUnion(options, empty: n.noParamsType))
        }
        blocks.append("""
            \(S.doc("The deep-link parameters `\(n.pushBuilder)` takes for each \(n.typeUnion)."))
            export interface \(n.pushParamsMap) {
            \(paramRows.joined(separator: "\n"))
            }
            """)
        let payloadRows = values.map { value in
            S.member(S.property(value.raw), uniqueUnion(links(value).map(n.payloadInterface), empty: "unknown"))
        }
        blocks.append("""
            \(S.doc("The deep-link part of a push of each \(n.typeUnion) (`unknown`: it opens none)."))
            export interface \(n.pushLinksMap) {
            \(payloadRows.joined(separator: "\n"))
            }
            """)
        let typeKey = S.property(types.payloadKey)
        var head = "export type \(n.pushPayloadType)<T extends \(n.typeUnion)> ="
        if head.count > S.lineWidth {
            head = "export type \(n.pushPayloadType)<\n  T extends \(n.typeUnion),\n> ="
        }
        blocks.append("""
            \(S.doc("A push of type `T`: `\(types.payloadKey)` plus the keys of its deep link."))
            \(head)
              & { \(typeKey): T }
              & \(n.pushLinksMap)[T];
            """)
        blocks.append(renderPushBuilder(types, deepLinks: deepLinks, names: n))
        return blocks
    }

    /// `pushPayloadFor`: picks the first candidate deep link whose required keys are given, as the app does.
    private static func renderPushBuilder(_ types: NotificationTypeSet, deepLinks: DeepLinkSet,
                                          names n: TypeScriptNames) -> String {
        typealias S = TypeScriptSyntax
        let typeKey = types.payloadKey
        let typeEntry = typeKey == "type" ? "type" : "\(S.property(typeKey)): type"
        let linkEntry = "\(S.property(deepLinks.linkKey)): link"
        return """
            \(S.doc("The push payload of a `type` notification; `TypeError` if `params` open none of its deep links."))
            export function \(n.pushBuilder)<T extends \(n.typeUnion)>(
              type: T,
              params: \(n.pushParamsMap)[T],
            ): \(n.pushPayloadType)<T> {
              const candidates = \(n.typeDeepLinksConst)[type];
              if (candidates.length === 0) {
                const payload = { ...params, \(typeEntry) };
                return payload as unknown as \(n.pushPayloadType)<T>;
              }
              const given = params as unknown as Readonly<Record<string, unknown>>;
              const link = candidates.find((name) =>
                \(n.requiredKeysConst)[name].every((key) => given[key] !== undefined)
              );
              if (link === undefined) {
                throw new TypeError(
                  `${type}: params lack the keys of ${candidates.join(" or ")}`,
                );
              }
              const payload = { ...params, \(linkEntry), \(typeEntry) };
              return payload as unknown as \(n.pushPayloadType)<T>;
            }
            """
    }

    /// The members of a union without repeats, or `[empty]` when there is nothing.
    private static func uniqueUnion(_ members: [String], empty: String) -> [String] {
        var seen = Set<String>()
        let unique = members.filter { seen.insert($0).inserted }
        return unique.isEmpty ? [empty] : unique
    }
}
