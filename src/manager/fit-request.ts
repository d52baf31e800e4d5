import type { AdapterItem, FormatAdapter, RenderContext } from "../formats/adapter.js";
import type { TokenCounter } from "../tokens/counter.js";
import { utf8Length } from "../tokens/utf8.js";
import type { ItemTexts } from "./item-texts.js";

/** A limit on the content's size beside the token budget: characters or UTF-8 bytes. */
export interface SizeLimit {
  /** How messages name the unit. */
  readonly unit: "characters" | "bytes";
  readonly limit: number;
  /** The size of a text in this unit. */
  of(text: string): number;
}

const length = (text: string) => text.length;

/**
 * The size limits the options set: `maxChars` (UTF-16 code units, as Claude Code counts) and
 * `maxBytes` (UTF-8, as Codex CLI counts).
 */
export function sizeLimits(options: {
  readonly maxChars?: number | undefined;
  readonly maxBytes?: number | undefined;
}): SizeLimit[] {
  const limits: SizeLimit[] = [];
  if (options.maxChars !== undefined) {
    limits.push({ unit: "characters", limit: options.maxChars, of: length });
  }
  if (options.maxBytes !== undefined) {
    limits.push({ unit: "bytes", limit: options.maxBytes, of: utf8Length });
  }
  return limits;
}

/** Everything one fit works with. */
export interface FitRequest<I, O, T> {
  readonly adapter: FormatAdapter<I, O, T>;
  readonly input: I;
  readonly ctx: RenderContext<O>;
  readonly counter: TokenCounter;
  readonly budget: number;
  /** Limits on the content's size beside the budget (none: only tokens). */
  readonly sizes: readonly SizeLimit[];
  readonly texts: ItemTexts<O, T>;
  /** The items that compete for the budget, most important first. */
  readonly items: readonly AdapterItem<T>[];
  /** Items left out before fitting that a "N skipped" footer counts (past the item limit). */
  readonly skippedBefore: number;
  /** Tokens that must be left beyond the required items for any other to be included. */
  readonly minRoom: number;
}
