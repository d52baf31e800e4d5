/**
 * What the compiler knows of the formats a {@link FormatManager} holds: each id, the input
 * `format` takes for it and the format's own options. Types only; nothing here runs.
 */
import type * as z from "zod/mini";
import type { FormatAdapter } from "../formats/adapter.js";
import type { MemorySetInput } from "../model/memory.js";
import type { ProjectContextInput } from "../model/project.js";
import type { RuleSetInput } from "../model/rule.js";
import type { SessionCandidatesInput, SessionContextInput } from "../model/session.js";
import type { CommonOptions } from "./options.js";

/** An adapter of any input, options and item types. */
// biome-ignore lint/suspicious/noExplicitAny: the manager holds adapters of every type
export type AnyFormatAdapter = FormatAdapter<any, any, any>;

/** A format without options of its own. */
export type NoOptions = Readonly<Record<never, never>>;

/** The option every built-in format takes: its cache-stable layout. */
export interface CacheStable {
  /** Items in the order they were added, nothing that depends on the clock; default `false`. */
  readonly cacheStable?: boolean;
}

/** The options of the rules formats: the cache-stable layout, and text for a committed file. */
export interface RulesFormatOptions extends CacheStable {
  /** No `Generated:` timestamp and no "Auto-generated…" line: the same rules, the same bytes; default `false`. */
  readonly committed?: boolean;
}

/**
 * The built-in formats by id: the input `format` takes (the `*Input` types, dates as strings or
 * `Date`s, defaults optional) and the format's own options.
 */
export interface BuiltinFormats {
  claude: { input: RuleSetInput; options: RulesFormatOptions };
  codex: { input: RuleSetInput; options: RulesFormatOptions };
  gemini: { input: RuleSetInput; options: RulesFormatOptions };
  "xml-memory": { input: MemorySetInput; options: CacheStable & { readonly nonce?: string } };
  "session-full": { input: SessionContextInput; options: CacheStable };
  "session-brief": {
    input: SessionCandidatesInput;
    options: CacheStable & { readonly maxCandidates?: number };
  };
  project: {
    input: { projects: ProjectContextInput[] };
    options: CacheStable & { readonly minRoom?: number };
  };
  "project-markdown": {
    input: { projects: ProjectContextInput[] };
    options: CacheStable & { readonly minRoom?: number };
  };
}

/** An adapter whose id, input and options the typechecker knows: what `BuiltinAdapter` holds for each built-in format. */
export type TypedFormatAdapter<Id extends string, In, Options> = AnyFormatAdapter & {
  readonly id: Id;
  readonly input: z.core.$ZodType<unknown, In>;
  readonly options: z.core.$ZodType<unknown, Options>;
};

/** The type of each built-in adapter: its id, its input, its options. */
export type BuiltinAdapter = {
  [Id in keyof BuiltinFormats]: TypedFormatAdapter<
    Id,
    BuiltinFormats[Id]["input"],
    BuiltinFormats[Id]["options"]
  >;
}[keyof BuiltinFormats];

/** The id of adapter `A`: a literal when the compiler knows it, else `string`. */
export type FormatIdOf<A> = A extends { readonly id: infer Id extends string } ? Id : never;

/** The adapters of `A` registered under the literal id `Id`. */
type ExactlyNamed<A, Id extends string> = A extends { readonly id: infer K extends string }
  ? string extends K
    ? never
    : Id extends K
      ? A
      : never
  : never;

/** The adapters of `A` whose id the compiler does not know (typed `string`). */
type Unnamed<A> = A extends { readonly id: infer K extends string }
  ? string extends K
    ? A
    : never
  : never;

/** The adapters `format(id, …)` may run: the one named `Id`, else any whose id is not known. */
type AdaptersFor<A, Id extends string> = [ExactlyNamed<A, Id>] extends [never]
  ? Unnamed<A>
  : ExactlyNamed<A, Id>;

/**
 * `Id` when `format` may take it: a registered id, any `string` value (checked when it runs), or
 * anything while an adapter of unknown id is registered; otherwise the registered ids, so a typo
 * reads `"cluade"` is not assignable to `"claude" | "codex" | …`.
 */
export type KnownFormatId<A, Id extends string> = string extends Id
  ? Id
  : [AdaptersFor<A, Id>] extends [never]
    ? FormatIdOf<A>
    : Id;

/** What a schema takes, or `Fallback` when its type does not say. */
type SchemaInput<S, Fallback> = S extends { readonly _zod: { readonly input: infer In } }
  ? unknown extends In
    ? Fallback
    : In
  : Fallback;

/** The input adapter `A` takes: its input schema's input type; `unknown` when that is not known. */
export type FormatInputOf<A> = A extends AnyFormatAdapter
  ? SchemaInput<A["input"], unknown>
  : never;

/** An object type's named keys, without index signatures (`z.object({})` takes `Record<string, never>`). */
type NamedKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** The own options adapter `A` takes; any options when that is not known. */
export type FormatOwnOptionsOf<A> = A extends AnyFormatAdapter
  ? SchemaInput<A["options"], never> extends infer Own
    ? [Own] extends [never]
      ? Readonly<Record<string, unknown>>
      : NamedKeys<Own>
    : never
  : never;

/** The input `format(Id, …)` takes among the adapters `A`. */
export type FormatInputFor<A, Id extends string> = string extends Id
  ? unknown
  : FormatInputOf<AdaptersFor<A, Id>>;

/** The options `format(Id, …)` takes among the adapters `A`: the common ones and the format's own. */
export type FormatOptionsFor<A, Id extends string> = CommonOptions &
  (string extends Id
    ? Readonly<Record<string, unknown>>
    : [AdaptersFor<A, Id>] extends [never]
      ? NoOptions
      : FormatOwnOptionsOf<AdaptersFor<A, Id>>);

/** The manager's adapters once `B` is registered: `B` takes the place of one of the same id. */
export type WithAdapter<A, B extends AnyFormatAdapter> =
  string extends FormatIdOf<B> ? A | B : Exclude<A, { readonly id: FormatIdOf<B> }> | B;
