import ContractsTestSupport
import Foundation
import XCTest
import Yams

/// Runs the `run:` steps of the composite action (action.yml) the way a GitHub runner does: `bash --noprofile
/// --norc -eo pipefail`, `${{ inputs.* }}` and `${{ steps.*.outputs.* }}` substituted, `$GITHUB_OUTPUT` and
/// `$GITHUB_PATH` honoured, `if:` conditions evaluated. `uses:` steps (the cache, the SARIF upload) are recorded,
/// not run: the cache always misses.
struct ActionRunner {
    let action: [String: Any]
    var inputs: [String: String]
    var outputs: [String: [String: String]] = [:]
    var path = "/usr/bin:/bin"
    var usedActions: [(uses: String, with: [String: String])] = []
    let workspace: URL
    let temp: URL

    init(workspace: URL, inputs: [String: String]) throws {
        let text = try String(contentsOf: DistributionHarness.repoRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        action = try XCTUnwrap(try Yams.load(yaml: text) as? [String: Any])
        let declared = try XCTUnwrap(action["inputs"] as? [String: [String: Any]])
        var resolved: [String: String] = [:]
        for (name, spec) in declared { resolved[name] = spec["default"].map { "\($0)" } ?? "" }
        self.inputs = resolved.merging(inputs) { $1 }
        self.workspace = workspace
        temp = try DistributionHarness.temporaryFolder("runner-temp")
    }

    var steps: [[String: Any]] { ((action["runs"] as? [String: Any])?["steps"] as? [[String: Any]]) ?? [] }

    /// Every step in order; returns the status of the first failing `run:` step (0 when all passed).
    mutating func runAll() throws -> (status: Int32, log: String) {
        var log = ""
        for step in steps {
            if let condition = step["if"] as? String, !evaluate(condition) { continue }
            if let uses = step["uses"] as? String {
                let with = (step["with"] as? [String: Any] ?? [:]).mapValues { substitute("\($0)") }
                usedActions.append((uses, with))
                if let id = step["id"] as? String { outputs[id] = [:] }
                continue
            }
            let script = try XCTUnwrap(step["run"] as? String)
            let outputFile = temp.appendingPathComponent("output-\(UUID().uuidString)")
            let pathFile = temp.appendingPathComponent("path-\(UUID().uuidString)")
            FileManager.default.createFile(atPath: outputFile.path, contents: nil)
            FileManager.default.createFile(atPath: pathFile.path, contents: nil)
            let scriptFile = temp.appendingPathComponent("step-\(UUID().uuidString).sh")
            try Data(script.utf8).write(to: scriptFile)
            var environment = [
                "PATH": path, "HOME": temp.appendingPathComponent("home").path,
                "GITHUB_ACTION_PATH": DistributionHarness.repoRoot.path, "GITHUB_WORKSPACE": workspace.path,
                "GITHUB_OUTPUT": outputFile.path, "GITHUB_PATH": pathFile.path,
                "RUNNER_TEMP": temp.path, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "LD_LIBRARY_PATH": "",
            ]
            for (key, value) in step["env"] as? [String: Any] ?? [:] { environment[key] = substitute("\(value)") }
            var folder = workspace
            if let directory = step["working-directory"] as? String {
                folder = workspace.appendingPathComponent(substitute(directory)).standardizedFileURL
            }
            let result = try TestProcess.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", scriptFile.path],
                                             in: folder, environment: environment, combined: true)
            log += result.stdout
            if let id = step["id"] as? String { outputs[id] = try Self.keyValues(outputFile) }
            let added = try String(contentsOf: pathFile, encoding: .utf8).split(separator: "\n").map(String.init)
            path = (added.reversed() + [path]).joined(separator: ":")
            if result.status != 0 { return (result.status, log) }
        }
        return (0, log)
    }

    /// `${{ inputs.x }}` and `${{ steps.id.outputs.x }}` replaced by their values.
    func substitute(_ text: String) -> String {
        var out = text
        while let open = out.range(of: "${{"), let close = out.range(of: "}}", range: open.upperBound ..< out.endIndex) {
            let expression = out[open.upperBound ..< close.lowerBound].trimmingCharacters(in: .whitespaces)
            out.replaceSubrange(open.lowerBound ..< close.upperBound, with: value(of: expression))
        }
        return out
    }

    private func value(of expression: String) -> String {
        let parts = expression.split(separator: ".").map(String.init)
        if parts.count == 2, parts[0] == "inputs" { return inputs[parts[1]] ?? "" }
        if parts.count == 4, parts[0] == "steps", parts[2] == "outputs" { return outputs[parts[1]]?[parts[3]] ?? "" }
        XCTFail("unknown expression \(expression)")
        return ""
    }

    /// The conditions action.yml uses: terms joined by `&&`, each `always()` or `X == 'v'` / `X != 'v'`.
    private func evaluate(_ condition: String) -> Bool {
        condition.components(separatedBy: "&&").allSatisfy { raw in
            let term = raw.trimmingCharacters(in: .whitespaces)
            if term == "always()" { return true }
            for op in ["!=", "=="] {
                let sides = term.components(separatedBy: op)
                if sides.count == 2 {
                    let left = value(of: sides[0].trimmingCharacters(in: .whitespaces))
                    let right = sides[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
                    return op == "==" ? left == right : left != right
                }
            }
            XCTFail("a condition this runner cannot evaluate: \(term)")
            return false
        }
    }

    private static func keyValues(_ file: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            out[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return out
    }
}
