import Foundation

/// A project small enough to read at a glance, for a rule's examples: source files and the registry they need.
///
/// `↓` marks where each expected finding starts (the marker is removed before the project is checked, and
/// the finding's `file:line:column` must be the marked character), in a source or in the registry text; a
/// non-triggering example has no marker.
public struct RuleExample: Sendable {
    /// The registry the example starts from: two types, a CHECK-constrained column, one sequential
    /// migration folder, Swift under `App/`, TypeScript under `supabase/functions/`.
    public static let baseRegistry = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
            - raw: ride_update
        migrations:
          - { dir: database, scheme: sequential, width: 3 }
        sources:
          swift: ["App/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated

        """

    /// `enums:` with a status whose `pending_upload` only the server holds and whose `draft` only the app does: the
    /// examples of every rule that judges an enum's values by the side of the stack that holds them.
    public static let scopedStatusEnum = """
        enums:
          MediaAssetStatus:
            swift_enum: MediaAssetStatus
            sql: { table: public.media_assets, column: status, constraint: media_assets_status_check }
            values: [uploaded, { raw: pending_upload, case: pendingUpload, scope: server }, { raw: draft, scope: app }]

        """

    /// The marker that precedes the character an expected finding points at.
    public static let marker: Character = "↓"

    /// registry.yaml as written, markers included.
    public let registry: String
    /// registry.yaml at the base ref, for the breaking-change rules (`check --against REF` compares the two);
    /// nil for every other rule. Never marked: findings point into the working registry.
    public let registryAtRef: String?
    /// Path (relative to the project root) → text, markers included.
    public let files: [String: String]
    /// Whether the project also holds what `generate` writes (the example's files win over it): the rules
    /// about generated files judge a project that was generated and then edited.
    public let generatedOutput: Bool
    /// The file list of the base revision (`migrations lint --against REF`), or nil for a plain `check`.
    public let baseRevisionFiles: [String]?
    /// What the live database holds, for the `db-*` rules (`check --database-url`); nil: no database.
    public let live: LiveSnapshot?
    /// Where the example is declared, so a failing example names its source line.
    public let file: StaticString
    public let line: UInt

    /// An example over `baseRegistry` followed by `registryAdding` (top-level sections such as `payloads:`).
    public init(_ files: [String: String], registryAdding extra: String = "", generatedOutput: Bool = false,
                live: LiveSnapshot? = nil, file: StaticString = #filePath, line: UInt = #line) {
        self.init(files, registry: Self.baseRegistry + extra, generatedOutput: generatedOutput, live: live, file: file, line: line)
    }

    /// An example with a registry of its own.
    public init(_ files: [String: String], registry: String, generatedOutput: Bool = false, baseRevisionFiles: [String]? = nil,
                live: LiveSnapshot? = nil, file: StaticString = #filePath, line: UInt = #line) {
        self.init(files, registry: registry, registryAtRef: nil, generatedOutput: generatedOutput,
                  baseRevisionFiles: baseRevisionFiles, live: live, file: file, line: line)
    }

    /// An example of a change: the registry at the base ref and the working one (markers in the working one).
    public init(registryAtRef: String, registry: String, file: StaticString = #filePath, line: UInt = #line) {
        self.init([:], registry: registry, registryAtRef: registryAtRef, generatedOutput: false, baseRevisionFiles: nil,
                  live: nil, file: file, line: line)
    }

    private init(_ files: [String: String], registry: String, registryAtRef: String?, generatedOutput: Bool,
                 baseRevisionFiles: [String]?, live: LiveSnapshot?, file: StaticString, line: UInt) {
        self.registry = registry
        self.registryAtRef = registryAtRef
        self.files = files
        self.generatedOutput = generatedOutput
        self.baseRevisionFiles = baseRevisionFiles
        self.live = live
        self.file = file
        self.line = line
    }

    /// An example for the migration lint: the base registry with one migration folder (`dir`, numbered by
    /// `scheme`, as the registry writes it) holding migrations named `names` (each `SELECT 1;`). A name that
    /// starts with `↓` marks a finding at that file's first character; `files` adds others (migrations.sum).
    public static func migrations(
        _ names: [String], dir: String = "database", scheme: String = "sequential, width: 3",
        files extra: [String: String] = [:], baseRevisionFiles: [String]? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> RuleExample {
        var files = extra
        for name in names {
            let marked = name.first == marker
            files[dir + "/" + (marked ? String(name.dropFirst()) : name)] = (marked ? String(marker) : "") + "SELECT 1;\n"
        }
        let registry = baseRegistry.replacingOccurrences(
            of: "  - { dir: database, scheme: sequential, width: 3 }", with: "  - { dir: \(dir), scheme: \(scheme) }")
        return RuleExample(files, registry: registry, baseRevisionFiles: baseRevisionFiles, file: file, line: line)
    }

    /// The project's files without markers, registry.yaml included.
    public var project: [String: String] {
        var project = files.mapValues(Self.unmarked)
        project["registry.yaml"] = Self.unmarked(registry)
        return project
    }

    /// The marked places, as `file:line:column` (UTF-8 columns, like every finding), sorted.
    public var markedLocations: [String] {
        var marked: [String] = []
        for (path, text) in files.merging(["registry.yaml": registry], uniquingKeysWith: { a, _ in a }) {
            var rest = Substring(text)
            var before = ""
            while let index = rest.firstIndex(of: Self.marker) {
                before += rest[..<index]
                rest = rest[rest.index(after: index)...]
                let position = LineMap(before).position(ofByte: before.utf8.count)
                marked.append("\(path):\(position.line):\(position.column)")
            }
        }
        return marked.sorted()
    }

    private static func unmarked(_ text: String) -> String { text.replacingOccurrences(of: String(marker), with: "") }
}
