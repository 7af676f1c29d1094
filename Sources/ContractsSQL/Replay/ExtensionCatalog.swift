import ContractsCore

/// What `CREATE EXTENSION` creates that SQL may name as a relation, for the extensions the replay knows: the
/// relations it creates in its target schema (`WITH SCHEMA x`, else `public`), and the schemas of its own it creates
/// (fixed by the extension, whatever `WITH SCHEMA` says), where every relation is then unknown.
///
/// An extension not listed may create relations of any name in its target schema: a relation not found there is
/// unknown (`ProjectSchema.unknownRelationSchemas`), so no finding rests on it. Listed columns are the ones known for
/// sure; no relation's column list is complete (a later extension version may add some).
enum ExtensionCatalog {
    struct Entry {
        var relations: [(name: String, kind: ProjectSchema.RelationKind, columns: [(String, String)])] = []
        var ownSchemas: [String] = []
    }

    /// Extensions that create no relation (functions, types, operators, a language, a foreign-data wrapper only).
    static let withoutRelations: Set<String> = [
        "uuid-ossp", "pgcrypto", "pg_trgm", "citext", "vector", "hstore", "unaccent", "moddatetime", "pgjwt", "http", "plpgsql",
        "btree_gin", "btree_gist", "fuzzystrmatch", "intarray", "ltree", "cube", "earthdistance", "isn", "tablefunc",
        "pg_hashids", "pg_jsonschema", "postgres_fdw", "dblink", "pgrowlocks", "pgstattuple", "pageinspect", "pg_freespacemap",
        "pg_prewarm", "pg_visibility", "amcheck", "dict_int", "dict_xsyn", "insert_username", "autoinc", "refint", "tcn", "seg",
        "lo", "intagg", "bloom", "tsm_system_rows", "tsm_system_time", "sslinfo", "xml2", "file_fdw", "pg_walinspect",
        "pg_surgery", "old_snapshot", "adminpack", "plv8", "pgaudit", "postgis_sfcgal", "address_standardizer",
    ]

    /// Extensions known to define no function that takes a table's row (which SQL and PostgREST would read as a
    /// computed column): a column name not found in a relation of their schema is still missing. (`hstore` has
    /// `hstore(record)`, PostGIS `ST_AsGeoJSON(record)`: not listed.)
    static let rowless: Set<String> = withoutRelations.subtracting(["hstore"]).union([
        "pg_stat_statements", "pg_buffercache", "pg_net", "pg_cron", "pgsodium", "supabase_vault", "pg_graphql",
    ])

    static let withRelations: [String: Entry] = [
        "postgis": Entry(relations: [
            ("spatial_ref_sys", .table, [("srid", "integer"), ("auth_name", "character varying(256)"), ("auth_srid", "integer"),
                                         ("srtext", "character varying(2048)"), ("proj4text", "character varying(2048)")]),
            ("geometry_columns", .view, [("f_table_catalog", "character varying(256)"), ("f_table_schema", "name"),
                                         ("f_table_name", "name"), ("f_geometry_column", "name"), ("coord_dimension", "integer"),
                                         ("srid", "integer"), ("type", "character varying(30)")]),
            ("geography_columns", .view, [("f_table_catalog", "name"), ("f_table_schema", "name"), ("f_table_name", "name"),
                                          ("f_geography_column", "name"), ("coord_dimension", "integer"), ("srid", "integer"),
                                          ("type", "text")]),
        ]),
        "postgis_raster": Entry(relations: [("raster_columns", .view, []), ("raster_overviews", .view, [])]),
        "pg_stat_statements": Entry(relations: [
            ("pg_stat_statements", .view, [("userid", "oid"), ("dbid", "oid"), ("queryid", "bigint"), ("query", "text"), ("calls", "bigint")]),
            ("pg_stat_statements_info", .view, [("dealloc", "bigint"), ("stats_reset", "timestamp with time zone")]),
        ]),
        "pg_buffercache": Entry(relations: [("pg_buffercache", .view, [("bufferid", "integer"), ("relfilenode", "oid")])]),
        "address_standardizer_data_us": Entry(relations: [("us_gaz", .table, []), ("us_lex", .table, []), ("us_rules", .table, [])]),
        // Schemas of their own (Supabase's are unknown already: `SchemaReplay.platformSchemas`).
        "postgis_topology": Entry(ownSchemas: ["topology"]),
        "postgis_tiger_geocoder": Entry(ownSchemas: ["tiger", "tiger_data"]),
        "pg_cron": Entry(ownSchemas: ["cron"]),
        "pg_net": Entry(ownSchemas: ["net"]),
        "pgsodium": Entry(ownSchemas: ["pgsodium", "pgsodium_masks"]),
        "supabase_vault": Entry(ownSchemas: ["vault"]),
        "pg_graphql": Entry(ownSchemas: ["graphql", "graphql_public"]),
        "pgmq": Entry(ownSchemas: ["pgmq"]),
        "pg_tle": Entry(ownSchemas: ["pgtle"]),
        "pg_repack": Entry(ownSchemas: ["repack"]),
    ]
}
