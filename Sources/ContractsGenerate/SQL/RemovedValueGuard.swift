/// The check a constraint migration that removes values runs before `VALIDATE CONSTRAINT`: when rows still hold
/// a value the new constraint rejects, it stops with their types and count, instead of the bare check violation
/// (SQLSTATE 23514) `VALIDATE` gives half-way through a deploy.
///
/// It selects what `VALIDATE` would reject (`NOT IN` the new set; NULL passes a CHECK and is not counted), so it
/// names every type that would fail, and compares the column with registered values only: the SQL checker reads
/// the migration like any other, and a removed value compared with the column would be an unregistered literal.
enum RemovedValueGuard {
    /// A `DO` block for the step-2 transaction; `removed` are named in its comment. `table`: the table as SQL
    /// writes it; `tableName`: `schema.table.column` for the message.
    /// `noun`: what the column holds, as the message names it (`notification type(s)`, `ChatRoomStatus value(s)`).
    static func block(table: String, tableName: String, column: String, values: [String], removed: [String],
                      noun: String = "notification type(s)", one: String = "type") -> String {
        // One value a line, as the constraint itself lists them, so the file keeps within 120 columns.
        let kept = "\(column) NOT IN (\n" + values.map { "              " + SQLIdentifier.literal($0) }.joined(separator: ",\n")
            + "\n          )"
        let condition = values.isEmpty ? "\(column) IS NOT NULL" : kept
        let hint = ["Update or delete those rows first ",
                    "(UPDATE \(table) SET \(column) = <a registered \(one)> WHERE \(column) = <the old one>), ",
                    "then apply this migration again: ",
                    "the constraint is already in place NOT VALID, so no new row can hold them."]
            .map(SQLIdentifier.literal).joined(separator: "\n                || ")
        var body = """
            -- This migration removes \(removed.map(SQLIdentifier.literal).joined(separator: ", ")).
            -- Rows still holding a removed \(one) would make VALIDATE fail with a bare check violation (23514):
            -- stop first, naming the \(one)s and the row count.
            DO $TAG$
            DECLARE
                held text;
                total bigint;
            BEGIN
                SELECT string_agg(format('%L (%s)', held_type, n), ', ' ORDER BY held_type), sum(n)
                INTO held, total
                FROM (SELECT \(column)::text AS held_type, count(*) AS n FROM \(table)
                      WHERE \(condition) GROUP BY 1) AS removed;
                IF total > 0 THEN
                    RAISE EXCEPTION '% row(s) of % hold \(noun) the registry no longer has: %',
                        total, \(SQLIdentifier.literal(tableName)), held
                        USING HINT = \(hint);
                END IF;
            END
            $TAG$;

            """
        var tag = "naars_guard"
        while body.contains("$\(tag)$") { tag += "_" }
        body = body.replacingOccurrences(of: "$TAG$", with: "$\(tag)$")
        return body
    }
}
