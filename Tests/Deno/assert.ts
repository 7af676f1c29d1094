// Hand-written assertions for the Deno tests: the tests run offline, so no std library import.

/** The registry facts the Swift test passes in, read independently of the generated code. */
export interface RegistryFacts {
  types: string[];
  fallback: string | null;
  typeKey: string;
  linkKey: string;
}

/** The facts from env `NAARS_REGISTRY_FACTS` (JSON), set by TypeScriptDenoTests. */
export function registryFacts(): RegistryFacts {
  const text = Deno.env.get("NAARS_REGISTRY_FACTS");
  if (text === undefined) {
    throw new Error("NAARS_REGISTRY_FACTS is not set");
  }
  return JSON.parse(text) as RegistryFacts;
}

/** Throws unless `actual` and `expected` are the same JSON value (key order ignored). */
export function assertEquals(actual: unknown, expected: unknown): void {
  const a = canonical(actual);
  const e = canonical(expected);
  if (a !== e) {
    throw new Error(`expected ${e}\n     got ${a}`);
  }
}

/** Throws unless `condition` holds. */
export function assert(condition: boolean, message: string): void {
  if (!condition) {
    throw new Error(message);
  }
}

/** Throws unless `body` throws an error whose message contains `fragment`. */
export function assertThrows(body: () => unknown, fragment: string): void {
  try {
    body();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    assert(
      message.includes(fragment),
      `threw "${message}", expected it to mention "${fragment}"`,
    );
    return;
  }
  throw new Error(`did not throw (expected "${fragment}")`);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) => {
    if (item === undefined) {
      return "<undefined>";
    }
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      return item;
    }
    const entries = Object.entries(item as Record<string, unknown>);
    return Object.fromEntries(entries.sort(([a], [b]) => a < b ? -1 : 1));
  });
}
