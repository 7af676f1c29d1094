import ContractsCore
import Foundation

/// Reads what the `db-*` rules judge from a live database, and nothing else: one transaction, read-only
/// (`SET TRANSACTION ... READ ONLY`, rolled back at the end), a statement timeout; catalog queries, the
/// applied-versions table, and bounded `SELECT DISTINCT`s on the type column and the shared enums' columns.
/// Never writes, so a role without write rights (or with `default_transaction_read_only`) is all it needs.
public enum LiveDatabaseReader {
    /// `url`: a libpq connection URI or `key=value` string. `functions`: schema-qualified, lowercased names
    /// whose definitions to read (with the functions triggers on the table run, and those whose body names the
    /// table). `enums`: the shared enums whose columns, constraints, ENUM types and rows to read. `timeout`:
    /// seconds, for connecting and for each statement. Errors are one line without the password.
    /// `target`: the notification enum's column, nil when none holds one (then only the functions named, and the
    /// shared enums, are read).
    /// `schemas`: the schemas whose tables, views, columns and functions to read for `db-schema-drift` (none: not read).
    public static func read(url: String, target: SQLConstraintTarget?, functions: [String], enums: [SharedEnum] = [],
                            schemas: [String] = [], timeout: Int) throws -> LiveSnapshot {
        // libpq first (loaded now, not linked): the redaction reads the URL's password with it.
        _ = try LibPQ.loaded()
        let redaction = SecretRedaction(url: url)
        let db = try PostgresConnection(url: url, timeout: timeout, redaction: redaction)
        try db.query("BEGIN")
        try db.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        try db.query("SET LOCAL statement_timeout = \(Self.milliseconds(timeout))")
        defer { _ = try? db.query("ROLLBACK") }

        var snapshot = LiveSnapshot()
        let table = try target.flatMap { target in try db.query("""
            SELECT c.oid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p')
            """, [target.schema, target.table]).first?.first ?? nil }
        snapshot.tableExists = table != nil
        let oid = table ?? "0"
        snapshot.constraints = try db.query("""
            SELECT conname, pg_catalog.pg_get_constraintdef(oid) FROM pg_catalog.pg_constraint
            WHERE conrelid = $1::oid AND contype = 'c' ORDER BY conname
            """, [oid]).map { LiveSnapshot.Constraint(name: $0[0] ?? "", definition: $0[1] ?? "") }
        if let enumType = target?.enumType {
            let type = try db.query("""
                SELECT t.oid FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
                WHERE n.nspname = $1 AND t.typname = $2 AND t.typtype = 'e'
                """, [enumType.schema, enumType.name]).first?.first ?? nil
            if let type {
                snapshot.enumLabels = try db.query(
                    "SELECT enumlabel FROM pg_catalog.pg_enum WHERE enumtypid = $1::oid ORDER BY enumsortorder", [type]
                ).compactMap { $0[0] }
            }
        }
        // Besides the functions named and those triggers run, every SQL or PL/pgSQL function outside the system
        // schemas whose body names the table: one made in the dashboard may write the column too.
        snapshot.functions = try db.query("""
            WITH triggered AS (SELECT tgfoid FROM pg_catalog.pg_trigger WHERE tgrelid = $2::oid AND NOT tgisinternal)
            SELECT lower(n.nspname) || '.' || lower(p.proname), pg_catalog.pg_get_functiondef(p.oid),
                   p.oid IN (SELECT tgfoid FROM triggered)
            FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                 JOIN pg_catalog.pg_language l ON l.oid = p.prolang
            WHERE p.prokind IN ('f', 'p')
              AND (lower(n.nspname) || '.' || lower(p.proname) = ANY ($1::text[]) OR p.oid IN (SELECT tgfoid FROM triggered)
                   OR ($3 <> '' AND l.lanname IN ('sql', 'plpgsql') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
                       AND n.nspname NOT LIKE 'pg\\_%' AND pg_catalog.strpos(lower(p.prosrc), lower($3)) > 0))
            ORDER BY 1, 2
            """, [textArray(functions), oid, target?.table ?? ""]).map {
            LiveSnapshot.Function(name: $0[0] ?? "", definition: $0[1] ?? "", runByTrigger: $0[2] == "t")
        }
        let versions = try db.query("SELECT pg_catalog.to_regclass('supabase_migrations.schema_migrations') IS NOT NULL")
        if versions.first?.first == "t" {
            snapshot.appliedVersions = try db.query("SELECT version FROM supabase_migrations.schema_migrations ORDER BY version")
                .compactMap { $0[0] }
        }
        if let target, table != nil, try !db.query("""
            SELECT 1 FROM pg_catalog.pg_attribute WHERE attrelid = $1::oid AND attname = $2 AND attnum > 0 AND NOT attisdropped
            """, [oid, target.column]).isEmpty {
            let name = try db.quotedIdentifier(target.column)
            let relation = try db.quotedIdentifier(target.schema) + "." + db.quotedIdentifier(target.table)
            snapshot.columnValues = try db.query(
                "SELECT DISTINCT \(name)::text FROM \(relation) WHERE \(name) IS NOT NULL ORDER BY 1 LIMIT \(LiveSnapshot.rowValueLimit)"
            ).compactMap { $0[0] }
        }
        (snapshot.enumColumns, snapshot.enumTypes) = try readSharedEnums(enums, db)
        if !schemas.isEmpty { snapshot.schema = try readSchema(schemas, db) }
        return snapshot
    }

    /// `seconds` as milliseconds, at least one second, saturating instead of overflowing (PostgreSQL takes at
    /// most `Int32.max` for `statement_timeout`).
    static func milliseconds(_ seconds: Int) -> Int {
        let (product, overflow) = max(seconds, 1).multipliedReportingOverflow(by: 1000)
        return overflow ? Int(Int32.max) : min(product, Int(Int32.max))
    }

    /// A PostgreSQL text-array literal: `{"public.f","public.g"}`.
    static func textArray(_ items: [String]) -> String {
        "{" + items.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ",") + "}"
    }
}
