import type { FormatAdapter } from "../formats/adapter.js";
import { checkAdapter } from "../formats/adapter.js";
import { xmlMemoryAdapter } from "../formats/memories/xml-memory.js";
import { projectAdapter, projectMarkdownAdapter } from "../formats/project/adapter.js";
import { claudeAdapter } from "../formats/rules/claude.js";
import { codexAdapter } from "../formats/rules/codex.js";
import { geminiAdapter } from "../formats/rules/gemini.js";
import { sessionBriefAdapter } from "../formats/session/session-brief.js";
import { sessionFullAdapter } from "../formats/session/session-full.js";
import { accepts, parseWith } from "../model/parse.js";
import { arrayArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { ContextFmtError, UnknownAdapterError } from "../problems/errors.js";
import type { FormattedContext } from "./formatted-context.js";
import type { CommonOptions } from "./options.js";
import { adapterOptionKeys, runPipeline } from "./pipeline.js";

/** The adapters `new FormatManager()` registers. */
export const builtinAdapters: readonly FormatAdapter[] = [
  claudeAdapter,
  codexAdapter,
  geminiAdapter,
  xmlMemoryAdapter,
  sessionFullAdapter,
  sessionBriefAdapter,
  projectAdapter,
  projectMarkdownAdapter,
];

/** Options of `format` and `formatAll`: the common ones plus any the adapter defines. */
export type FormatOptions = CommonOptions & Readonly<Record<string, unknown>>;

/**
 * A registry of format adapters and the pipeline that runs them. Created, never global: each
 * instance has its own adapters.
 *
 * @example
 * ```ts
 * const manager = new FormatManager();
 * const result = manager.format("claude", { rules }, { budget: 2000 });
 * console.log(result.content, result.tokenCount, result.skipped);
 * ```
 */
export class FormatManager {
  readonly #adapters = new Map<string, FormatAdapter>();

  /** @param adapters what to register; default: the built-in adapters. */
  constructor(adapters: readonly FormatAdapter[] = builtinAdapters) {
    arrayArgument(adapters, "adapters").forEach((adapter, index) => {
      this.register(checkAdapter(adapter, `adapters[${index}]`));
    });
  }

  /**
   * Registers an adapter. An id that is taken throws, unless `replace: true` says to swap it.
   * Returns the manager, for chaining.
   */
  register(adapter: FormatAdapter, options: { replace?: boolean } = {}): this {
    checkAdapter(adapter);
    const { replace = false } = optionsArgument(options);
    if (this.#adapters.has(adapter.id) && replace !== true) {
      throw new ContextFmtError(
        `an adapter "${adapter.id}" is registered already; pass { replace: true } to replace it`,
      );
    }
    this.#adapters.set(adapter.id, adapter);
    return this;
  }

  /** The adapter registered under `id`; throws `UnknownAdapterError` listing the known ids. */
  get(id: string): FormatAdapter {
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
  format(id: string, input: unknown, options: FormatOptions = {}): FormattedContext {
    return runPipeline(this.get(id), input, options);
  }

  /**
   * Formats `input` with every registered adapter whose input schema accepts it, in registration
   * order (so a rule set gives the claude, codex and gemini texts). Input that no adapter accepts
   * throws the first adapter's `InvalidInputError`.
   */
  formatAll(input: unknown, options: FormatOptions = {}): FormattedContext[] {
    const adapters = [...this.#adapters.values()];
    const accepting = adapters.filter((adapter) => accepts(adapter.input, input));
    const [first] = adapters;
    // Input that no format takes is an error, not an empty result: say why the first one refused.
    if (accepting.length === 0 && first) parseWith(first.input, input);
    const optionKeys = [...this.#adapters.values()].flatMap(
      (adapter) => adapterOptionKeys(adapter) ?? [],
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
export function createFormatManager(adapters?: readonly FormatAdapter[]): FormatManager {
  return new FormatManager(adapters);
}
