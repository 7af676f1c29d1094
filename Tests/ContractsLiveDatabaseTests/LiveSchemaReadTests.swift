import ContractsCore
import ContractsLiveDatabase
import Foundation
import XCTest

/// The live catalog read as a `ProjectSchema` (`db-schema-drift` compares it with the replayed one): every relation
/// kind, column facts as `format_type` prints them, foreign keys by constraint, functions with argument names, modes
/// and defaults; extension members and other schemas left out.
final class LiveSchemaReadTests: XCTestCase {
    func testTheCatalogOfTheSchemasAsked() throws {
        let database = try LiveTestDatabase.create(for: self)
        try database.succeed("""
            CREATE EXTENSION IF NOT EXISTS pgcrypto;
            CREATE SCHEMA private;
            CREATE TABLE private.secrets (id int);
            CREATE TYPE public.deal_kind AS ENUM ('food', 'drink');
            CREATE TABLE public.venues (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL);
            CREATE TABLE public.deals (
              id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
              venue_id uuid NOT NULL REFERENCES public.venues (id),
              title varchar(80) NOT NULL,
              kind public.deal_kind,
              price_pence integer,
              starts_at timestamptz DEFAULT now(),
              slug text GENERATED ALWAYS AS (lower(title)) STORED,
              tags text[]
            );
            ALTER TABLE public.deals DROP COLUMN price_pence;
            CREATE VIEW public.live_deals AS SELECT d.id, d.title AS deal_title, v.name FROM public.deals d JOIN public.venues v ON v.id = d.venue_id;
            CREATE MATERIALIZED VIEW public.deal_counts AS SELECT venue_id, count(*) AS n FROM public.deals GROUP BY venue_id;
            CREATE FUNCTION public.nearby_deals(p_lat double precision, p_lng double precision, p_radius integer DEFAULT 500,
                                                OUT deal_id bigint, OUT distance real) RETURNS SETOF record
              LANGUAGE sql AS 'SELECT 1::bigint, 0::real';
            CREATE FUNCTION public.touch() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
            """)
        let snapshot = try LiveDatabaseReader.read(url: database.socketURL(), target: nil, functions: [], schemas: ["public"], timeout: 10)
        let schema = try XCTUnwrap(snapshot.schema)
        XCTAssertEqual(schema.relations.keys.map(\.description).sorted(), ["deal_counts", "deals", "live_deals", "venues"])
        let deals = try XCTUnwrap(schema.relations[.init("deals")])
        XCTAssertEqual(deals.kind, .table)
        XCTAssertEqual(deals.columns.map { "\($0.name) \($0.type ?? "?")\($0.notNull ? " not null" : "")\($0.hasDefault ? " default" : "")" }, [
            "id bigint not null default", "venue_id uuid not null", "title character varying(80) not null", "kind deal_kind",
            "starts_at timestamp with time zone default", "slug text default", "tags text[]",
        ])
        XCTAssertEqual(deals.foreignKeys, [.init(name: "deals_venue_id_fkey", columns: ["venue_id"], references: .init("venues"), referencedColumns: ["id"])])
        XCTAssertEqual(schema.relations[.init("live_deals")]?.kind, .view)
        XCTAssertEqual(schema.relations[.init("live_deals")]?.columns.map(\.name), ["id", "deal_title", "name"])
        XCTAssertEqual(schema.relations[.init("deal_counts")]?.kind, .materializedView)
        // pgcrypto's functions are the extension's, not the migrations'.
        XCTAssertEqual(schema.functions.keys.map(\.description).sorted(), ["nearby_deals", "touch"])
        let nearby = try XCTUnwrap(schema.functions[.init("nearby_deals")]?.first)
        XCTAssertEqual(nearby.arguments.map { "\($0.name ?? "-") \($0.type ?? "?") \($0.mode.rawValue)\($0.hasDefault ? " default" : "")" }, [
            "p_lat double precision in", "p_lng double precision in", "p_radius integer in default",
            "deal_id bigint out", "distance real out",
        ])
        XCTAssertEqual(schema.functions[.init("touch")]?.first?.arguments, [])
    }

    func testNothingIsReadWithoutSchemas() throws {
        let database = try LiveTestDatabase.create(for: self)
        try database.succeed("CREATE TABLE public.t (id int);")
        XCTAssertNil(try LiveDatabaseReader.read(url: database.socketURL(), target: nil, functions: [], timeout: 10).schema)
    }
}
