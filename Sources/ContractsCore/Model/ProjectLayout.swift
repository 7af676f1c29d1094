/// A folder of migrations and how its files are named.
public struct MigrationFolder: Sendable, Equatable {
    /// Folder, relative to the root (`database`, `supabase/migrations`).
    public var dir: String
    public var scheme: MigrationScheme
    public var location: SourceLocation

    public init(dir: String, scheme: MigrationScheme, location: SourceLocation) {
        self.dir = dir
        self.scheme = scheme
        self.location = location
    }
}

/// How migration files in a folder are numbered.
public enum MigrationScheme: Sendable, Equatable {
    /// `NNN_snake_case.sql`, zero-padded to `width` digits.
    case sequential(width: Int)
    /// `YYYYMMDDHHMMSS_snake_case.sql` (the Supabase CLI's).
    case timestamp
}

/// Functions that create notifications, so literals passed to them are notification types.
public struct Emitters: Sendable, Equatable {
    /// SQL functions and the 1-based argument that carries the type.
    public var sql: [FunctionEmitter]
    /// TypeScript functions: a string argument at `argument`, or an object literal argument's type key.
    public var typescript: [FunctionEmitter]
    /// Swift functions: the argument with `label` (`sendNotification(..., kind: "x")`), or the one at `argument`.
    public var swift: [FunctionEmitter]

    public init(sql: [FunctionEmitter] = [], typescript: [FunctionEmitter] = [], swift: [FunctionEmitter] = []) {
        self.sql = sql
        self.typescript = typescript
        self.swift = swift
    }
}

/// A function that takes a notification type.
public struct FunctionEmitter: Sendable, Equatable {
    public var function: String
    /// 1-based position of the type argument, if it is passed positionally.
    public var argument: Int?
    /// The argument label that carries the type (Swift emitters: `kind` in `send(to:kind:)`).
    public var label: String?
    public var location: SourceLocation
    /// SQL emitters: the enum (`enums:` key) whose value the argument is (`enum:`); nil: the notification enum.
    public var enumName: String?

    public init(function: String, argument: Int?, location: SourceLocation, label: String? = nil, enumName: String? = nil) {
        self.function = function
        self.argument = argument
        self.label = label
        self.location = location
        self.enumName = enumName
    }
}

/// Globs of hand-written sources to check, relative to the root.
public struct SourceGlobs: Sendable, Equatable {
    public var swift: [String]
    public var typescript: [String]
    /// Globs excluded from both lists (generated output is always excluded).
    public var exclude: [String]

    public init(swift: [String] = [], typescript: [String] = [], exclude: [String] = []) {
        self.swift = swift
        self.typescript = typescript
        self.exclude = exclude
    }
}

/// Where generated files go, relative to the root.
public struct OutputPaths: Sendable, Equatable {
    public var swift: String
    public var typescript: String
    /// Migration folder for generated constraint migrations (nil: `Registry.sqlOutputFolder` chooses).
    public var sql: String?
    /// The access level of the generated Swift declarations (`outputs.swift_access`).
    public var swiftAccess: SwiftAccess

    public init(swift: String, typescript: String, sql: String?, swiftAccess: SwiftAccess = .public) {
        self.swift = swift
        self.typescript = typescript
        self.sql = sql
        self.swiftAccess = swiftAccess
    }
}

/// `public` for a contract module other targets import; `internal` when the files sit inside the app
/// target, which should not export its contract.
public enum SwiftAccess: String, Sendable, Equatable, CaseIterable {
    case `public`
    case `internal`
}
