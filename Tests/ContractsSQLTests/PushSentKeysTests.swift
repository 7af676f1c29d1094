import ContractsCore
@testable import ContractsSQL
import XCTest

/// `SQLAnalysis.pushSentKeys`: the keys of the objects SQL functions hand to a push sender (`net.http_post`, or a
/// function whose last definition calls one), directly, by a named argument or through a variable; objects handed
/// to anything else (a row, a log function, an RPC's result) send nothing.
final class PushSentKeysTests: XCTestCase {
    private let tables = """
        CREATE TABLE public.notifications (id bigint, user_id uuid, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'other')));
        CREATE TABLE public.ride_events (ride_id uuid, payload jsonb);

        """

    private func sent(_ files: [String: String]) throws -> Set<String> {
        try SQLAnalysis.load(SQLTestRegistry.context(files)).pushSentKeys
    }

    func testObjectsPostedDirectlyOrThroughASenderAreSent() throws {
        let keys = try sent(["database/001_init.sql": tables + """
            CREATE FUNCTION public.send_push(p_user uuid, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              PERFORM net.http_post(url := 'https://example.test/push', body := p_payload);
            END $$;
            CREATE FUNCTION public.cancel(p_ride uuid, p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
            DECLARE v_push jsonb;
            BEGIN
              v_push := jsonb_build_object('type', 'message', 'user_id', p_user);
              PERFORM public.send_push(p_user, v_push);
              PERFORM public.send_push(p_user, payload => jsonb_build_object('named_id', p_ride));
              PERFORM net.http_post('https://example.test/push', jsonb_build_object('ride_id', p_ride,
                'aps', jsonb_build_object('badge', 1)));
            END $$;

            """])
        XCTAssertEqual(keys, ["type", "user_id", "named_id", "ride_id", "aps", "badge"])
    }

    /// The decoys: an object inserted as a row, handed to a function that only inserts it, returned by an RPC, or
    /// posted by a migration that a later one replaced with a definition that no longer posts it.
    func testObjectsHandedToAnythingElseAreNotSent() throws {
        let keys = try sent([
            "database/001_init.sql": tables + """
                CREATE FUNCTION public.log_event(p_ride uuid, p_payload jsonb) RETURNS void LANGUAGE sql AS $$
                  INSERT INTO public.ride_events (ride_id, payload) VALUES (p_ride, p_payload);
                $$;
                CREATE FUNCTION public.cancel(p_ride uuid, p_note text) RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  PERFORM public.log_event(p_ride, jsonb_build_object('driver_note', p_note));
                  INSERT INTO public.ride_events (ride_id, payload) VALUES (p_ride, jsonb_build_object('seat_count', 2));
                  PERFORM net.http_post('https://example.test/push', jsonb_build_object('old_key', p_ride));
                END $$;
                CREATE FUNCTION public.summary(p_ride uuid) RETURNS jsonb LANGUAGE sql AS $$
                  SELECT jsonb_build_object('eta_minutes', 4);
                $$;

                """,
            "database/002_quiet.sql": """
                CREATE OR REPLACE FUNCTION public.cancel(p_ride uuid, p_note text) RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  PERFORM public.log_event(p_ride, jsonb_build_object('driver_note', p_note));
                END $$;

                """,
        ])
        XCTAssertEqual(keys, [])
    }
}
