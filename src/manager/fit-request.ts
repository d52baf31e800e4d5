import type { AdapterItem, FormatAdapter, RenderContext } from "../formats/adapter.js";
import type { TokenCounter } from "../tokens/counter.js";
import type { ItemTexts } from "./item-texts.js";

/** Everything one fit works with. */
export interface FitRequest<I, O, T> {
  readonly adapter: FormatAdapter<I, O, T>;
  readonly input: I;
  readonly ctx: RenderContext<O>;
  readonly counter: TokenCounter;
  readonly budget: number;
  /** The most characters the content may have; `undefined`: no limit. */
  readonly maxChars?: number | undefined;
  readonly texts: ItemTexts<O, T>;
  /** The items that compete for the budget, most important first. */
  readonly items: readonly AdapterItem<T>[];
  /** Items left out before fitting that a "N skipped" footer counts (past the item limit). */
  readonly skippedBefore: number;
  /** Tokens that must be left beyond the required items for any other to be included. */
  readonly minRoom: number;
}
