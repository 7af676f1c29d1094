// TEST STUB, not part of the app: the little of npm:@supabase/supabase-js@2 the fixture's edge functions use,
// typed loosely (rows are `any`, as an untyped client gives them), so `deno check` runs offline.
// deno-lint-ignore-file no-explicit-any

export interface PostgrestError {
  message: string;
  code?: string;
}

export interface PostgrestResponse<T = any> {
  data: T;
  error: PostgrestError | null;
  count?: number | null;
}

export class PostgrestBuilder implements PromiseLike<PostgrestResponse> {
  select(_columns?: string, _options?: { count?: "exact"; head?: boolean }): this { return this; }
  insert(_rows: unknown): this { return this; }
  update(_values: Record<string, unknown>): this { return this; }
  upsert(_rows: unknown, _options?: { onConflict?: string }): this { return this; }
  delete(): this { return this; }
  eq(_column: string, _value: unknown): this { return this; }
  neq(_column: string, _value: unknown): this { return this; }
  in(_column: string, _values: readonly unknown[]): this { return this; }
  lt(_column: string, _value: unknown): this { return this; }
  order(_column: string, _options?: { ascending?: boolean }): this { return this; }
  limit(_count: number): this { return this; }
  single(): this { return this; }
  maybeSingle(): this { return this; }
  then<R1 = PostgrestResponse, R2 = never>(
    onfulfilled?: ((value: PostgrestResponse) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): PromiseLike<R1 | R2> {
    return Promise.resolve({ data: null as any, error: null }).then(onfulfilled, onrejected);
  }
}

export interface SupabaseClient {
  from(table: string): PostgrestBuilder;
  rpc(fn: string, args?: Record<string, unknown>): PostgrestBuilder;
  functions: { invoke(name: string, options?: { body?: unknown }): Promise<PostgrestResponse> };
}

export function createClient(_url: string, _key: string, _options?: Record<string, unknown>): SupabaseClient {
  return {
    from: () => new PostgrestBuilder(),
    rpc: () => new PostgrestBuilder(),
    functions: { invoke: () => Promise.resolve({ data: null, error: null }) },
  };
}
