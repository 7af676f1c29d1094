import ContractsCore

extension SwiftEmitter {
    /// Writing a deep link into a push payload / `userInfo` and reading it back, by case name or by notification type.
    /// Without a notification enum the app declares (`types` nil, or one with no Swift enum) a payload is read by
    /// its link key alone.
    static func renderDeepLinkPayload(_ links: DeepLinkSet, types: NotificationTypeSet?) -> String {
        let types = types.flatMap { $0.swiftEnum == nil ? nil : $0 }
        var w = SwiftCodeWriter()
        w.block("extension \(links.swiftEnum)") { w in
            renderPayloadItems(into: &w, links: links)
            w.line()
            w.doc("""
            A push payload / `userInfo` that `init?(userInfo:)` reads back to this link: the case name under
            `linkKey` and each parameter under its payload key.
            """)
            w.block("public var userInfo: [String: Any]") { w in
                w.line("var info: [String: Any] = [Self.linkKey: caseName]")
                w.line("for item in payloadItems { info[item.key] = item.value }")
                w.line("return info")
            }
            w.line()
            renderCaseNameInit(into: &w, links: links)
            w.line()
            guard let types else {
                renderLinkKeyInit(into: &w)
                return
            }
            renderUserInfoInit(into: &w, types: types)
            w.line()
            renderNotificationTypeInit(into: &w, links: links, types: types)
        }
        return w.text
    }

    /// `payloadItems`: each present parameter under its payload key, as the strings push payloads carry.
    private static func renderPayloadItems(into w: inout SwiftCodeWriter, links: DeepLinkSet) {
        w.doc("Each present parameter under its payload key, in registry order, as the strings push payloads carry.")
        w.block("public var payloadItems: [(key: String, value: String)]") { w in
            w.line("switch self {")
            let bare = links.cases.filter(\.params.isEmpty)
            for link in links.cases where !link.params.isEmpty {
                w.line("case \(bindingPattern(link)):")
                guard link.params.contains(where: \.optional) else {
                    let items = link.params.map { param in
                        "(\(SwiftSpelling.stringLiteral(param.payloadKey)), "
                            + payloadString(Identifiers.swiftIdentifier(param.name), param.type) + ")"
                    }
                    w.indented { w in
                        let oneLine = "return [" + items.joined(separator: ", ") + "]"
                        guard !w.fits(oneLine) else { return w.line(oneLine) }
                        w.line("return [")
                        w.indented { w in items.forEach { w.line($0 + ",") } }
                        w.line("]")
                    }
                    continue
                }
                w.indented { w in
                    w.line("var items: [(key: String, value: String)] = []")
                    for param in link.params {
                        let name = Identifiers.swiftIdentifier(param.name)
                        let append = "items.append((\(SwiftSpelling.stringLiteral(param.payloadKey)), "
                            + payloadString(name, param.type) + "))"
                        let key = SwiftSpelling.stringLiteral(param.payloadKey), value = payloadString(name, param.type)
                        if param.optional, w.fits("if let \(name) = \(name) { \(append) }") {
                            w.line("if let \(name) = \(name) { \(append) }")
                        } else if param.optional {
                            w.block("if let \(name) = \(name)") { w in w.call("items.append", ["(\(key), \(value))"]) }
                        } else {
                            w.call("items.append", ["(\(key), \(value))"])
                        }
                    }
                    w.line("return items")
                }
            }
            if !bare.isEmpty {
                w.line("case " + bare.map { SwiftSpelling.member($0.name) }.joined(separator: ", ") + ":")
                w.indented { w in w.line("return []") }
            }
            w.line("}")
        }
    }

    /// The string a value is sent as: lowercase UUIDs, plain decimal numbers, `true`/`false`.
    private static func payloadString(_ name: String, _ type: ScalarType) -> String {
        switch type {
        case .uuid: return "\(name).uuidString.lowercased()"
        case .string, .timestamp: return name
        case .int, .double, .bool: return "String(\(name))"
        }
    }

    /// `init?(caseName:payload:)`: one case by name, nil when a required parameter is missing or malformed.
    private static func renderCaseNameInit(into w: inout SwiftCodeWriter, links: DeepLinkSet) {
        let reader = payloadValueReaderName(links)
        w.doc("""
        The case named `caseName`, its parameters read from `payload` (strings or numbers both accepted).
        Nil when the name is unknown or a required parameter is missing or malformed; a malformed optional one is nil.
        """)
        w.block("public init?(caseName: String, payload: [AnyHashable: Any])") { w in
            w.line("switch caseName {")
            for link in links.cases {
                w.line("case \(SwiftSpelling.stringLiteral(link.name)):")
                w.indented { w in
                    var arguments: [String] = []
                    for param in link.params {
                        let name = Identifiers.swiftIdentifier(param.name)
                        let read = "\(reader).\(readerFunction(param.type))(payload[\(SwiftSpelling.stringLiteral(param.payloadKey))])"
                        if param.optional {
                            arguments.append("\(SwiftSpelling.label(param.name)): \(read)")
                        } else {
                            let guardLine = "guard let \(name) = \(read) else { return nil }"
                            if w.fits(guardLine) {
                                w.line(guardLine)
                            } else {
                                w.block("guard let \(name) = \(read) else") { w in w.line("return nil") }
                            }
                            arguments.append("\(SwiftSpelling.label(param.name)): \(name)")
                        }
                    }
                    let member = SwiftSpelling.member(link.name)
                    if arguments.isEmpty {
                        w.line("self = " + member)
                    } else {
                        w.call("self = " + member, arguments)
                    }
                }
            }
            w.line("default:")
            w.indented { w in w.line("return nil") }
            w.line("}")
        }
    }

    /// `init?(userInfo:)` of an app without a notification enum: the case named under `linkKey`.
    private static func renderLinkKeyInit(into w: inout SwiftCodeWriter) {
        w.doc("Reads a push payload: the case named under `linkKey`, when it is present and complete.")
        w.block("public init?(userInfo: [AnyHashable: Any])") { w in
            w.line("guard let name = userInfo[Self.linkKey] as? String, let link = Self(caseName: name, payload: userInfo) else { return nil }")
            w.line("self = link")
        }
    }

    /// `init?(userInfo:)`: the case named under `linkKey` first, else the notification type's links.
    private static func renderUserInfoInit(into w: inout SwiftCodeWriter, types: NotificationTypeSet) {
        w.doc("""
        Reads a push payload: the case named under `linkKey` when it is present and complete, otherwise the first
        of the notification type's links (type under `\(types.payloadKey)`) whose required parameters are all there.
        """)
        w.block("public init?(userInfo: [AnyHashable: Any])") { w in
            w.line("if let name = userInfo[Self.linkKey] as? String, let link = Self(caseName: name, payload: userInfo) {")
            w.indented { w in
                w.line("self = link")
                w.line("return")
            }
            w.line("}")
            let key = SwiftSpelling.stringLiteral(types.payloadKey)
            w.line("guard let raw = userInfo[\(key)] as? String,")
            if types.fallback.flatMap(types.value(raw:)) != nil {
                w.line("      let link = Self(notificationType: \(types.swiftName)(serverValue: raw), payload: userInfo)")
            } else {
                w.line("      let type = \(types.swiftName)(rawValue: raw),")
                w.line("      let link = Self(notificationType: type, payload: userInfo)")
            }
            w.line("else { return nil }")
            w.line("self = link")
        }
    }

    /// `init?(notificationType:payload:)`: the type's links from the registry, tried in order.
    private static func renderNotificationTypeInit(
        into w: inout SwiftCodeWriter, links: DeepLinkSet, types: NotificationTypeSet
    ) {
        w.doc("The first of the type's registered links whose required parameters are all in `payload`.")
        w.block("public init?(notificationType: \(types.swiftName), payload: [AnyHashable: Any])") { w in
            w.line("let candidates: [String]")
            w.line("switch notificationType {")
            for value in types.values where value.scope.inApp {
                let names = value.deepLinks.map(SwiftSpelling.stringLiteral).joined(separator: ", ")
                w.line("case \(SwiftSpelling.member(value.swiftCase)): candidates = [\(names)]")
            }
            w.line("}")
            w.block("for name in candidates") { w in
                w.block("if let link = Self(caseName: name, payload: payload)") { w in
                    w.line("self = link")
                    w.line("return")
                }
            }
            w.line("return nil")
        }
    }
}
