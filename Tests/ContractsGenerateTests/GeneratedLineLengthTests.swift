import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsGenerate

/// Generated code a Swift team commits as it is: no line over 120 columns (SwiftLint's and swift-format's
/// default), in every checked-in golden and generated file, and for a registry whose long names force the
/// emitters to wrap. swift-format itself is not in the package mirror, so these tests and the goldens stand in
/// for `swift-format lint`.
final class GeneratedLineLengthTests: XCTestCase {
    private static let limit = 120
    private static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `path:line (n columns)` for each line longer than the limit.
    private func longLines(_ text: String, in path: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.count > Self.limit ? "\(path):\(index + 1) (\(line.count) columns): \(String(line))" : nil
        }
    }

    func testEveryGoldenAndGeneratedFileKeepsLinesWithin120Columns() throws {
        let folders = ["generated/Swift", "Tests/Golden/driver-app/Swift", "Tests/Golden/driver-app/typescript",
                       "Tests/Golden/SQLConstraintEmitter", "supabase/functions/_shared",
                       "Tests/Golden/splitwise-chat-app/Swift", "Tests/Golden/splitwise-chat-app/typescript"]
        var checked = 0, long: [String] = []
        for folder in folders {
            let url = Self.repoRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where !name.hasPrefix(".") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                checked += 1
                long += longLines(text, in: folder + "/" + name)
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 12, "the goldens moved")
        XCTAssertEqual(long, [])
    }

    func testLongNamesAreWrappedAndStillCompile() throws {
        let files = SwiftEmitter.emit(Self.longNames, digest: "d1")
        let all = files.map(\.contents).joined(separator: "\n")
        // The long forms are really there (this registry would give lines over 120 written on one line).
        XCTAssertTrue(all.contains("if let reassignmentRequestId = reassignmentRequestId {\n"), all)
        XCTAssertTrue(all.contains("            return [\n"), all)
        XCTAssertTrue(all.contains("self = .consolidatedStops(\n"), all)
        XCTAssertTrue(all.contains("guard let consolidatedRouteId = DriverRoutePayloadValue.uuid(payload[\"consolidated_route_id\"]) else {\n"), all)
        XCTAssertTrue(all.contains("= try container.decodeIfPresent(\n"), all)
        var long: [String] = []
        for file in files { long += longLines(file.contents, in: file.path) }
        XCTAssertEqual(long, [])
        try typecheck(files)
    }

    func testInternalAccessDropsPublicAndCompiles() throws {
        var registry = SwiftTestRegistries.everyFeature
        registry.outputs.swiftAccess = .internal
        let files = SwiftEmitter.emit(registry, digest: "d1")
        for file in files {
            let declarations = file.contents.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("public ") }
            XCTAssertEqual(declarations, [], file.path)
            XCTAssertTrue(file.contents.contains("\nenum ") || file.contents.contains("\nstruct "), file.path)
        }
        // Decoy: the default stays public.
        let publicFiles = SwiftEmitter.emit(SwiftTestRegistries.everyFeature, digest: "d1")
        XCTAssertTrue(publicFiles.allSatisfy { $0.contents.contains("\npublic ") })
        try typecheck(files)
    }

    private func typecheck(_ files: [GeneratedFile]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-lines-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var sources: [String] = []
        for file in files {
            let url = dir.appendingPathComponent((file.path as NSString).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        let result = try TestProcess.run("/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors"] + sources,
                                         combined: true)
        if result.status == 127 { throw XCTSkip("swiftc is not on PATH") }
        XCTAssertEqual(result.status, 0, result.stdout)
    }

    /// The driver app with names long enough (about 20 characters, as real apps have) that the one-line forms
    /// pass 120 columns. Names far longer than that can still give longer lines: one name and its key alone
    /// may not fit.
    static var longNames: Registry {
        let here = SwiftTestRegistries.here
        var registry = SwiftTestRegistries.driverApp
        registry.deepLinks?.cases.append(DeepLinkCase(name: "dispatcherReassignment", params: [
            DeepLinkParam(name: "reassignmentRequestId", type: .uuid, payloadKey: "reassignment_request_id",
                          optional: true, location: here),
        ], location: here))
        registry.deepLinks?.cases.append(DeepLinkCase(name: "consolidatedStops", params: [
            DeepLinkParam(name: "consolidatedRouteId", type: .uuid, payloadKey: "consolidated_route_id", optional: false, location: here),
            DeepLinkParam(name: "originatingDepotId", type: .uuid, payloadKey: "originating_depot_id", optional: false, location: here),
            DeepLinkParam(name: "destinationTerminalId", type: .uuid, payloadKey: "destination_terminal_id", optional: false,
                          location: here),
        ], location: here))
        registry.payloads[1].fields.append(PayloadField(
            key: "outstanding_delivery_confirmation_counts", swiftName: "outstandingDeliveryConfirmationCounts",
            type: .array(.scalar(.int)), defaultValue: .emptyArray, optional: false, allowedValues: nil, location: here))
        return registry
    }
}
