import type { FormatAdapter } from "../formats/adapter.js";
import { checkAdapter } from "../formats/adapter.js";
import { xmlMemoryAdapter } from "../formats/memories/xml-memory.js";
import { projectAdapter, projectMarkdownAdapter } from "../formats/project/adapter.js";
import { claudeAdapter } from "../formats/rules/claude.js";
import { codexAdapter } from "../formats/rules/codex.js";
import { geminiAdapter } from "../formats/rules/gemini.js";
import { sessionBriefAdapter } from "../formats/session/session-brief.js";
import { sessionFullAdapter } from "../formats/session/session-full.js";
import { objectKeys } from "../model/declare.js";
import { accepts, parseWith } from "../model/parse.js";
import { arrayArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { ContextFmtError, UnknownAdapterError } from "../problems/errors.js";
import type {
  AnyFormatAdapter,
  BuiltinAdapter,
  FormatInputFor,
  FormatInputOf,
  FormatOptionsFor,
  FormatOwnOptionsOf,
  KnownFormatId,
  WithAdapter,
} from "./format-types.js";
import type { FormattedContext } from "./formatted-context.js";
import type { CommonOptions } from "./options.js";
import { runPipeline } from "./pipeline.js";

/**
 * The adapters `new FormatManager()` registers, typed with their ids and inputs
 * (`BuiltinFormats`), so `format("claude", …)` takes a rule set and `format("cluade", …)` does
 * not compile.
 */
export const builtinAdapters = [
  claudeAdapter,
  codexAdapter,
  geminiAdapter,
  xmlMemoryAdapter,
  sessionFullAdapter,
  sessionBriefAdapter,
  projectAdapter,
  projectMarkdownAdapter,
] as readonly FormatAdapter[] as readonly BuiltinAdapter[];

/** Options of `format` and `formatAll`: the common ones plus the adapter's own (`Own`). */
export type FormatOptions<Own = Readonly<Record<string, unknown>>> = CommonOptions & Own;

/**
 * A registry of format adapters and the pipeline that runs them. Created, never global: each
 * instance has its own adapters. Its type knows each registered id and the input it takes
 * (`A` is the union of the adapters' types): a mistyped built-in id or an input of the wrong shape
 * is a compile error, and `register` adds the new adapter's id and input.
 *
 * @example
 * ```ts
 * const manager = new FormatManager();
 * const result = manager.format("claude", { rules }, { budget: 2000 });
 * console.log(result.content, result.tokenCount, result.skipped);
 * ```
 */
export class FormatManager<A extends AnyFormatAdapter = BuiltinAdapter> {
  readonly #adapters = new Map<string, FormatAdapter>();

  /** @param adapters what to register; default: the built-in adapters. */
  constructor(adapters: readonly A[] = builtinAdapters as readonly AnyFormatAdapter[] as A[]) {
    const list = arrayArgument(adapters, "adapters");
    // An index loop, not forEach: a hole in a sparse array is an adapter missing, not skipped.
    for (let index = 0; index < list.length; index += 1) {
      this.register(checkAdapter(list[index] as A, `adapters[${index}]`));
    }
  }

  /**
   * Registers an adapter. An id that is taken throws, unless `replace: true` says to swap it.
   * Returns the manager, for chaining; its type then knows the adapter's id and input.
   */
  register<B extends AnyFormatAdapter>(
    adapter: B,
    options: { replace?: boolean } = {},
  ): FormatManager<WithAdapter<A, B>> {
    checkAdapter(adapter);
    const { replace = false } = optionsArgument(options);
    if (this.#adapters.has(adapter.id) && replace !== true) {
      throw new ContextFmtError(
        `an adapter "${adapter.id}" is registered already; pass { replace: true } to replace it`,
      );
    }
    this.#adapters.set(adapter.id, adapter);
    return this as FormatManager<AnyFormatAdapter> as FormatManager<WithAdapter<A, B>>;
  }

  /** The adapter registered under `id`; throws `UnknownAdapterError` listing the known ids. */
  get<Id extends string>(id: KnownFormatId<A, Id>): FormatAdapter {
    const adapter = this.#adapters.get(stringArgument(id, "id"));
    if (!adapter) throw new UnknownAdapterError(id, this.list());
    return adapter;
  }

  /** Whether an adapter is registered under `id`. */
  has(id: string): boolean {
    return this.#adapters.has(id);
  }

  /** Registered ids, in registration order. */
  list(): string[] {
    return [...this.#adapters.keys()];
  }

  /**
   * Formats `input` with the adapter `id`: parse, order, pack into the budget, render, count,
   * check. Bad input throws `InvalidInputError`; with `strict: true`, error issues throw
   * `FormatValidationError`; otherwise problems are in `result.issues`.
   */
  format<Id extends string>(
    id: KnownFormatId<A, Id>,
    input: FormatInputFor<A, Id>,
    options: FormatOptionsFor<A, Id> = {} as FormatOptionsFor<A, Id>,
  ): FormattedContext {
    return runPipeline(this.get<string>(id), input, options);
  }

  /**
   * Formats `input` with every registered adapter whose input schema accepts it, in registration
   * order (so a rule set gives the claude, codex and gemini texts). Input that no adapter accepts
   * throws the first adapter's `InvalidInputError`.
   */
  formatAll(
    input: FormatInputOf<A>,
    options: FormatOptions<FormatOwnOptionsOf<A>> = {} as FormatOptions<FormatOwnOptionsOf<A>>,
  ): FormattedContext[] {
    const adapters = [...this.#adapters.values()];
    const accepting = adapters.filter((adapter) => accepts(adapter.input, input));
    const [first] = adapters;
    // Input that no format takes is an error, not an empty result: say why the first one refused.
    if (accepting.length === 0 && first) parseWith(first.input, input);
    const optionKeys = [...this.#adapters.values()].flatMap(
      (adapter) => objectKeys(adapter.options) ?? [],
    );
    return accepting.map((adapter) => runPipeline(adapter, input, options, optionKeys));
  }
}

/**
 * Creates a {@link FormatManager}; with no argument it holds the built-in adapters.
 *
 * @example
 * ```ts
 * const manager = createFormatManager([claudeAdapter, myAdapter]);
 * ```
 */
export function createFormatManager<A extends AnyFormatAdapter = BuiltinAdapter>(
  adapters?: readonly A[],
): FormatManager<A> {
  return new FormatManager<A>(adapters);
}
