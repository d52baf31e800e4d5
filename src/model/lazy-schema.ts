import { type FastParse, withFastParse } from "./fast-parse.js";
import { loadZod, type Zod } from "./zod.js";

// Every schema lazySchema made: known to be zod schemas without being built.
const LAZY_SCHEMAS = new WeakSet<object>();

/**
 * Whether `value` is a zod schema (it has `_zod`), or one {@link lazySchema} made, which is
 * known to be one without building it (and starting zod).
 */
export function isSchema(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && (LAZY_SCHEMAS.has(value) || "_zod" in value)
  );
}

/**
 * A zod schema built on first use: `build` runs (and zod loads) the first time anything reads
 * the schema, by zod or by a caller; until then it costs nothing. It behaves as the schema it
 * builds (`parse`, `safeParse`, composing it into other schemas, `z.toJSONSchema`), through a
 * proxy. With `fast`, `parseWith` and `accepts` try the fast parser first and build the schema
 * only for input it does not take.
 *
 * @example
 * ```ts
 * export const FlagSchema = lazySchema((z) => z.boolean(), fastBoolean);
 * ```
 */
export function lazySchema<S extends object>(build: (z: Zod) => S, fast?: FastParse<unknown>): S {
  let built: S | undefined;
  const schema = (): S => {
    built ??= build(loadZod());
    return built;
  };
  const proxy = new Proxy({} as S, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The proxy's own target is empty: a property may be reported only as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
  LAZY_SCHEMAS.add(proxy);
  return fast ? withFastParse(proxy, fast) : proxy;
}
