import ContractsCore

extension LiveDatabaseReader {
    /// The live catalog of `schemas` as a `ProjectSchema`, in three catalog queries: relations (tables, partitioned and
    /// foreign tables, views, materialized views) with their columns, foreign keys, and functions with their arguments.
    /// Objects an extension owns (PostGIS's `spatial_ref_sys`, its views and functions) are left out: no migration
    /// writes them. Types as `format_type` prints them.
    static func readSchema(_ schemas: [String], _ db: PostgresConnection) throws -> ProjectSchema {
        var schema = ProjectSchema()
        guard !schemas.isEmpty else { return schema }
        let list = textArray(schemas)
        let kinds: [String: ProjectSchema.RelationKind] = ["r": .table, "p": .table, "v": .view, "m": .materializedView, "f": .foreignTable]
        for row in try db.query("""
            SELECT n.nspname, c.relname, c.relkind, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull,
                   a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> ''
            FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            WHERE n.nspname = ANY ($1::text[]) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
              AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                              WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
            ORDER BY n.nspname, c.relname, a.attnum
            """, [list]) {
            guard let nsp = row[0], let rel = row[1], let kind = row[2].flatMap({ kinds[$0] }) else { continue }
            let name = ProjectSchema.Name(schema: nsp, rel)
            if schema.relations[name] == nil { schema.relations[name] = ProjectSchema.Relation(name: name, kind: kind, columns: []) }
            if let column = row[3] {
                schema.relations[name]!.columns.append(ProjectSchema.Column(name: column, type: row[4], notNull: row[5] == "t",
                                                                            hasDefault: row[6] == "t"))
            }
        }
        let separator = "\u{1F}"
        for row in try db.query("""
            SELECT n.nspname, c.relname, con.conname, rn.nspname, rc.relname,
                   pg_catalog.array_to_string(ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
                       JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.ord), $2),
                   pg_catalog.array_to_string(ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
                       JOIN pg_catalog.pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.ord), $2)
            FROM pg_catalog.pg_constraint con
            JOIN pg_catalog.pg_class c ON c.oid = con.conrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_catalog.pg_class rc ON rc.oid = con.confrelid JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
            WHERE con.contype = 'f' AND n.nspname = ANY ($1::text[])
            ORDER BY n.nspname, c.relname, con.conname
            """, [list, separator]) {
            guard let nsp = row[0], let rel = row[1], let refSchema = row[3], let refName = row[4] else { continue }
            let name = ProjectSchema.Name(schema: nsp, rel)
            let split = { (text: String?) in (text ?? "").split(separator: Character(separator), omittingEmptySubsequences: false).map(String.init) }
            schema.relations[name]?.foreignKeys.append(ProjectSchema.ForeignKey(
                name: row[2], columns: split(row[5]), references: ProjectSchema.Name(schema: refSchema, refName),
                referencedColumns: split(row[6])))
        }
        for row in try db.query("""
            SELECT n.nspname, p.proname,
                   pg_catalog.array_to_string(coalesce(p.proargnames, ARRAY[]::text[]), $2),
                   pg_catalog.array_to_string(coalesce(p.proargmodes::text[], ARRAY[]::text[]), $2),
                   pg_catalog.array_to_string(ARRAY(SELECT pg_catalog.format_type(t.oid, NULL)
                       FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY t(oid, ord) ORDER BY t.ord), $2),
                   p.pronargdefaults, pg_catalog.pg_get_function_result(p.oid)
            FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = ANY ($1::text[]) AND p.prokind IN ('f', 'p')
              AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                              WHERE d.classid = 'pg_catalog.pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
            ORDER BY n.nspname, p.proname, p.oid
            """, [list, separator]) {
            guard let nsp = row[0], let proname = row[1] else { continue }
            let split = { (text: String?) in
                (text ?? "").isEmpty ? [] : (text ?? "").split(separator: Character(separator), omittingEmptySubsequences: false).map(String.init)
            }
            let types = split(row[4]), names = split(row[2]), modes = split(row[3])
            let modeNames: [String: ProjectSchema.Argument.Mode] = ["i": .in, "o": .out, "b": .inout, "v": .variadic, "t": .table]
            var arguments = types.indices.map { index in
                ProjectSchema.Argument(name: names.indices.contains(index) && !names[index].isEmpty ? names[index] : nil,
                                       type: types[index], mode: modes.indices.contains(index) ? modeNames[modes[index]] ?? .in : .in)
            }
            // The last `pronargdefaults` input arguments have defaults.
            var defaults = row[5].flatMap(Int.init) ?? 0
            for index in arguments.indices.reversed() where defaults > 0 && [.in, .inout, .variadic].contains(arguments[index].mode) {
                arguments[index].hasDefault = true
                defaults -= 1
            }
            let name = ProjectSchema.Name(schema: nsp, proname)
            schema.functions[name, default: []].append(ProjectSchema.Function(name: name, arguments: arguments, returnType: row[6]))
        }
        return schema
    }
}
