import ContractsTestSupport
import Foundation
import ContractsCore
import XCTest

/// registry.schema.json (what editors validate and complete with) accepts both shipped registries and
/// rejects what the loader rejects, checked by Python's jsonschema.
final class RegistrySchemaTests: XCTestCase {
    private func validate(_ yamlPath: String, mutate: String = "") throws -> (status: Int32, output: String) {
        guard let python = ProcessInfo.processInfo.environment["NAARS_TEST_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("NAARS_TEST_PYTHON is not set (run scripts/test)") }
            throw XCTSkip("NAARS_TEST_PYTHON is not set (run scripts/test)")
        }
        let root = RegistryFixtures.repoRoot
        let script = """
        import json, sys, yaml, jsonschema
        schema = json.load(open(sys.argv[1]))
        doc = yaml.safe_load(open(sys.argv[2]))
        \(mutate)
        jsonschema.validate(doc, schema)
        print("valid")
        """
        let result = try TestProcess.run(python, ["-c", script, root.appendingPathComponent("registry.schema.json").path,
                                                  root.appendingPathComponent(yamlPath).path], combined: true)
        return (result.status, result.stdout)
    }

    func testShippedRegistriesAreValid() throws {
        for path in ["registry.yaml", "Tests/Fixtures/driver-app/registry.yaml",
                     "Tests/ContractsCheckTests/Fixtures/carpool-app-drift/registry.yaml",
                     "Tests/ContractsCheckTests/Fixtures/kinds-app-drift/registry.yaml"] {
            let result = try validate(path)
            XCTAssertEqual(result.status, 0, "\(path): \(result.output)")
        }
    }

    /// Every key of `attributes`, `scope` and `push_keys` and their neighbours (custom attributes, retired, scope, push_keys, emitters.swift, no constraint, enum_type,
    /// camelCase JSON keys, free-string icons and preference keys): the schema and the loader both accept it.
    func testAttributeScopeAndPushKeysAreValid() throws {
        let path = "Tests/ContractsCoreTests/Fixtures/attribute-scope-push-keys.registry.yaml"
        let result = try validate(path)
        XCTAssertEqual(result.status, 0, result.output)
        let text = try String(contentsOf: RegistryFixtures.repoRoot.appendingPathComponent(path), encoding: .utf8)
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertEqual(registry.notificationTypes!.value(raw: "live")?.icon, "dot \"radiowaves\" \\ ${x} \\(y)")
        XCTAssertEqual(registry.notificationTypes!.value(raw: "live")?.attributeValues["sort_rank"], .int(-2))
        XCTAssertEqual(registry.deepLinks?.linkKey, "deepLink")
    }

    /// `generate: false` on every entry that declares a Swift type: the schema and the loader both accept it.
    func testGenerateFalseIsValidOnEveryEntryThatDeclaresASwiftType() throws {
        let path = "Tests/Fixtures/splitwise-chat-app/registry.yaml"
        let entries = "doc['notification_types']['generate'] = False\n"
            + "for key in ('badges', 'deep_links'):\n    if key in doc: doc[key]['generate'] = False\n"
            + "for entry in list(doc.get('payloads', {}).values()) + list(doc['enums'].values()): entry['generate'] = False\n"
            + "assert len(doc['enums']) > 1, 'the fixture has shared enums'"
        let result = try validate(path, mutate: entries)
        XCTAssertEqual(result.status, 0, result.output)
        // The fixture app keeps its own enums.
        let text = try String(contentsOf: RegistryFixtures.repoRoot.appendingPathComponent(path), encoding: .utf8)
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertFalse(registry.notificationTypes!.generatesSwift)
        XCTAssertEqual(registry.enums.filter { $0.swiftEnum != nil }.map(\.generatesSwift), Array(repeating: false, count: 6))
    }

    func testSchemaRejectsWhatTheLoaderRejects() throws {
        let cases = [
            // A lowercase unknown key may be a custom attribute (the loader ties it to `attributes:`); this one cannot.
            "doc['notification_types']['values'][0]['Icn'] = 'x'",
            "doc['notification_types']['values'][0]['entity_id_key'] = ['not', 'a', 'scalar']",
            "doc['notification_types']['values'][0]['scope'] = 'ui'",
            "doc['notification_types']['retired'] = ['Bad\\u0007Value']",
            "doc['push_keys'] = [{'key': 'match-id'}]",
            "doc['push_keys'] = [{'key': 'x', 'types': ['Bad\\u202eValue']}]",
            "doc['notification_types']['attributes'] = {'entity_id_key': {'swift': 'x', 'type': 'float'}}",
            "doc['notification_types']['sql']['enum_type'] = 'Bad Type'",
            "doc['emitters'] = {'swift': [{'function': 'send'}]}",
            "doc['notification_types']['values'][0]['raw'] = ''",
            "doc['outputs']['swift'] = '../../etc'",
            "doc['rules'] = {'no-such-rule': 'off'}",
            "doc['deep_links']['cases'][0]['params'][0]['type'] = 'uuuid'",
            "doc['accept_breaking'] = ['breaking-type-remove']",
            "doc['accept_breaking'] = [{'rule': 'breaking-type-removed', 'why': 'x'}]",
            "doc['accept_breaking'] = [{'value': 'x'}]",
            "doc['notification_types']['generate'] = 'no'",
            "doc['payloads']['BadgeCounts']['generate'] = 0",
            "doc['deep_links']['generate_swift'] = False",
        ]
        for mutation in cases {
            let result = try validate("registry.yaml", mutate: mutation)
            XCTAssertNotEqual(result.status, 0, "schema accepted: \(mutation)")
            XCTAssertTrue(result.output.contains("ValidationError"), result.output)
        }
    }
}
