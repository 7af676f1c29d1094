import ContractsCore
import ContractsGenerate
import XCTest

/// What the emitter leaves out or changes when the registry has less: no deep links, no fallback, short names.
final class TypeScriptEmitterTests: XCTestCase {
    func testWritesOnlyFilesWithContent() throws {
        XCTAssertEqual(try TypeScriptMinimalRegistry.emit().map(\.path), [
            "functions/_shared/notificationTypes.ts",
            "functions/_shared/payloads.ts",
        ])
    }

    func testEveryFileStartsWithTheGeneratedHeader() throws {
        let registry = try TypeScriptMinimalRegistry.registry()
        let header = GeneratedHeader.text(comment: "//", registryFile: "registry.yaml", digest: "d1")
        for file in TypeScriptEmitter.emit(registry, digest: "d1") {
            XCTAssertTrue(file.contents.hasPrefix(header + "\n"), file.path)
            XCTAssertTrue(GeneratedHeader.isGenerated(file.contents), file.path)
        }
    }

    func testWithoutFallbackParseReturnsUndefined() throws {
        let types = try XCTUnwrap(TypeScriptMinimalRegistry.emit().first).contents
        XCTAssertTrue(types.contains("): Kind | undefined {"), types)
        XCTAssertFalse(types.contains("FALLBACK_"), types)
        XCTAssertTrue(types.contains("export type Kind = (typeof KINDS)[keyof typeof KINDS];\n"), types)
    }

    func testPayloadTypesMapAllowedValuesArraysAndOptionals() throws {
        let payloads = try XCTUnwrap(TypeScriptMinimalRegistry.emit().last).contents
        XCTAssertTrue(payloads.contains("  ratio?: number | null;\n"), payloads)
        XCTAssertTrue(payloads.contains("  tags?: string[] | null;\n"), payloads)
        XCTAssertTrue(payloads.contains("  heat?:\n    | \"hot\"\n    | \"cold\"\n"), payloads)
        XCTAssertTrue(payloads.contains("  seen: boolean | null;\n"), payloads)
        XCTAssertTrue(payloads.contains("withDefault(json, path, \"ratio\", numberAt, 0.5)"), payloads)
        XCTAssertFalse(payloads.contains("function integerAt"), "unused readers must be left out (deno lint)")
    }

    func testOutputIsDeterministic() throws {
        XCTAssertEqual(try TypeScriptGoldenFixture.naarsCars.emit(), try TypeScriptGoldenFixture.naarsCars.emit())
    }
}
