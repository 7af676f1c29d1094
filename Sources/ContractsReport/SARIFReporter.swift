import ContractsCore

/// SARIF 2.1.0, the format GitHub code scanning uploads (`github/codeql-action/upload-sarif`) and SARIF
/// viewers open: one run of the `naars-contracts` driver with every rule of `Rule.all` and one result a
/// finding.
///
/// Paths are relative to the repository root (`uriBaseId: %SRCROOT%`; the CLI rebases them, `ReportPaths`),
/// as code scanning expects for files in the checked-out repository. The registry entry and related places become `relatedLocations`.
/// Columns are UTF-8 bytes + 1 (identical to SARIF's default UTF-16 columns on ASCII lines).
public struct SARIFReporter: FindingReporter {
    /// The `$schema` the log names: the official OASIS schema's `$id`.
    public static let schemaURI = "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json"

    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        let sorted = findings.sortedForReport()
        let rules = SARIFReporter.rules(for: sorted)
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        return SARIFReporter.log(
            rules: rules,
            results: sorted.map { SARIFReporter.result($0, ruleIndex: index[$0.ruleID]!) },
            invocation: .object(["executionSuccessful": .bool(true)]))
    }

    /// The log of a run that stopped with exit 2: no results, and an invocation that did not succeed, whose
    /// notifications say why (an empty file would fail the code-scanning upload with no reason given).
    static func render(_ failure: ToolFailure) -> String {
        let notifications = failure.messages.map { message -> JSONValue in
            var members: [String: JSONValue] = [
                "level": .string("error"),
                "message": .object(["text": .string(message.text)]),
            ]
            if let place = message.location { members["locations"] = .array([SARIFReporter.location(place, id: nil, message: nil)]) }
            return .object(members)
        }
        return log(rules: Rule.all, results: [], invocation: .object([
            "executionSuccessful": .bool(false),
            "toolExecutionNotifications": .array(notifications),
        ]))
    }

    private static func log(rules: [Rule], results: [JSONValue], invocation: JSONValue) -> String {
        let driver: JSONValue = .object([
            "name": .string("naars-contracts"),
            "version": .string(ToolVersion.version),
            "rules": .array(rules.map(SARIFReporter.descriptor)),
        ])
        let run: JSONValue = .object([
            "tool": .object(["driver": driver]),
            "invocations": .array([invocation]),
            "results": .array(results),
        ])
        return JSONValue.object([
            "$schema": .string(SARIFReporter.schemaURI),
            "version": .string("2.1.0"),
            "runs": .array([run]),
        ]).rendered()
    }

    /// `Rule.all`, then any rule id a finding uses that is not among them (so every `ruleIndex` resolves).
    static func rules(for findings: [Finding]) -> [Rule] {
        var rules = Rule.all
        var known = Set(rules.map(\.id))
        for finding in findings where !known.contains(finding.ruleID) {
            known.insert(finding.ruleID)
            rules.append(Rule(finding.ruleID, finding.severity, finding.ruleID))
        }
        return rules
    }

    static func descriptor(_ rule: Rule) -> JSONValue {
        .object([
            "id": .string(rule.id),
            "shortDescription": .object(["text": .string(rule.summary)]),
            "defaultConfiguration": .object(["level": .string(rule.defaultSeverity.rawValue)]),
        ])
    }

    static func result(_ finding: Finding, ruleIndex: Int) -> JSONValue {
        var related: [JSONValue] = []
        if let registry = finding.registryLocation {
            related.append(location(registry, id: related.count + 1, message: "Registry entry"))
        }
        for place in finding.related {
            related.append(location(place, id: related.count + 1, message: "Related location"))
        }
        var members: [String: JSONValue] = [
            "ruleId": .string(finding.ruleID),
            "ruleIndex": .int(ruleIndex),
            "level": .string(finding.severity.rawValue),
            "message": .object(["text": .string(finding.message)]),
            "locations": .array([location(finding.location, id: nil, message: nil)]),
        ]
        if !related.isEmpty { members["relatedLocations"] = .array(related) }
        var properties: [String: JSONValue] = [:]
        if let fix = finding.fix { properties["fix"] = .string(fix) }
        if let subject = finding.subject { properties["subject"] = .subject(subject) }
        if !properties.isEmpty { members["properties"] = .object(properties) }
        return .object(members)
    }

    /// A `location` object; the region is left out for positions SARIF cannot express (line or column 0).
    static func location(_ loc: SourceLocation, id: Int?, message: String?) -> JSONValue {
        var physical: [String: JSONValue] = [
            "artifactLocation": .object(["uri": .string(uri(loc.file)), "uriBaseId": .string("%SRCROOT%")]),
        ]
        if loc.line >= 1 {
            var region: [String: JSONValue] = ["startLine": .int(loc.line)]
            if loc.column >= 1 { region["startColumn"] = .int(loc.column) }
            physical["region"] = .object(region)
        }
        var members: [String: JSONValue] = ["physicalLocation": .object(physical)]
        if let id { members["id"] = .int(id) }
        if let message { members["message"] = .object(["text": .string(message)]) }
        return .object(members)
    }

    /// A relative path as a URI reference: unreserved characters and `/` kept, every other byte
    /// percent-encoded (a space, `%`, `#` or `?` in a file name would otherwise change the URI's meaning).
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~/".contains(c) {
                out.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
