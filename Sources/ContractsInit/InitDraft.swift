import ContractsCore
import ContractsSQL
import ContractsSwiftSource

/// Everything `init` found, before it is written as YAML.
public struct InitDraft: Sendable {
    /// The type column: where it is and what restricts it.
    struct Column: Sendable, Equatable {
        var schema: String
        var table: String
        var column: String
        /// The CHECK's name as the replay leaves it (the migration's, else PostgreSQL's default): the summary
        /// prints it and `sql:` writes it, so `check` and `generate` treat the column as restricted.
        var constraint: String?
        var enumType: String?
        /// The values the database allows (empty: free text).
        var values: [String]
        var location: SourceLocation?
    }

    /// A free-text column's contract: the values written to it, the enum the app uses without declaring it.
    struct FreeText: Sendable, Equatable {
        var values: [String]
        var retired: [String]
        var fallback: String?
        /// The enum the Swift references (`NotificationKind.choreCompleted.rawValue`) but declares nowhere: generated.
        var swiftEnum: String?
        var swiftEnumLocation: SourceLocation?
    }

    var migrations: [MigrationFolderDiscovery.Found] = []
    /// `--notifications-enum none`: the app has no notification contract, whatever `init` would guess.
    var notificationsNone = false
    /// What says the notification contract is the one chosen, each with `file:line` (a userInfo read decoded as the
    /// enum, the key push builders write, the notifications table): empty when `--notifications-enum` named it.
    var notificationEvidence: [String] = []
    /// Files init did not read: their names hold hidden characters (`ProjectFiles.leftOut`).
    var leftOut: [String] = []
    var freeText: FreeText?
    /// The push type only the push data carries, when no column or Swift enum is the notification enum.
    var pushType: PushTypeDraft?
    var column: Column?
    var swiftEnum: DiscoveredSwiftEnum?
    /// The enum the badge property returns, when there is one.
    var badgeEnum: DiscoveredSwiftEnum?
    var typeScriptConst: DiscoveredConst?
    var deepLinks: DeepLinkDraft?
    /// The key that selects the screen a tap opens (`screen`), with where the app routes on it: `deep_links.link_key`.
    var linkKey: (key: String, at: SourceLocation)?
    /// The key carrying the raw value in pushes: the one the app decodes as the enum, else the column's name.
    var payloadKey = "type"
    /// The key the app decodes as the enum, when it does.
    var decodedTypeKey: String?
    /// Keys the app reads from push payloads that are not deep-link parameters, the type key or the link key.
    var pushKeys: [PushKeyDraft] = []
    /// Raw value → the deep-link cases the app's push handling opens for it.
    var valueDeepLinks: [String: [String]] = [:]
    var emitters: (sql: [EmitterDraft], typescript: [EmitterDraft], swift: [EmitterDraft]) = ([], [], [])
    /// The URL scheme deep links open (`naarscars` for `naarscars://`).
    var urlScheme: String?
    var payloads: [PayloadDraft] = []
    /// The other enums the stacks share (`enums:`), and the restricted columns left out, with why.
    var sharedEnums: [SharedEnumDraft] = []
    var leftOutEnums: [LeftOutCandidate] = []
    var swiftGlobs: [String] = []
    var typeScriptGlobs: [String] = []
    /// `sources.exclude`: test and stray Swift inside a Swift glob's folder.
    var sourceExcludes: [String] = []
    /// What the excludes leave out, for the registry's comment (`test targets, Swift no target compiles`).
    var sourceExcludesNote = ""
    /// Swift left out of the sources (test targets, folders and files no target compiles), with why: a folder with
    /// a trailing `/`, a file by its path.
    var leftOutSwift: [(path: String, why: String)] = []
    /// Why every Swift folder outside the tests was read though a project file was found, when it was.
    var sourcesDoubt: String?
    /// String enums declared in the Swift left out whose values the SQL or the TypeScript share.
    var leftOutSharedEnums: [LeftOutSharedEnum] = []
    var swiftOutput = "Generated/Swift"
    /// Why `swiftOutput` is where it is (for the summary), when a project file said.
    var swiftOutputReason: String?
    var typeScriptOutput = "supabase/functions/_shared/generated"
    /// `outputs.sql`: the folder the Supabase CLI applies, when it is a migration folder.
    var sqlOutput: String?

    /// Whether there is a contract to describe: a Swift enum of string raw values, or a restricted column, with a value
    /// the registry can hold (an enum whose only raw value holds a bidi character has none: the starter is written).
    public var hasNotificationContract: Bool {
        guard !notificationsNone else { return false }
        guard swiftEnum != nil || !(column?.values.isEmpty ?? true) || !(freeText?.values.isEmpty ?? true)
            || !(pushType?.values.isEmpty ?? true) else { return false }
        return !RegistryWriter.writtenValues(self).isEmpty
    }

    /// Whether there is a registry to write beside the starter: a notification contract, or enums the stacks share.
    public var hasContract: Bool {
        hasNotificationContract || !sharedEnums.isEmpty
    }
}
