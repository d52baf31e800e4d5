import type { FormatAdapter, RenderContext } from "../formats/adapter.js";
import type { TokenCounter } from "../tokens/counter.js";

/** One item's rendered text in one form at a position, with its token count once it is known. */
export interface ItemText {
  readonly position: number;
  readonly text: string;
  /** `counter.count(text)`, or `undefined` until something counts it. */
  tokens: number | undefined;
}

/**
 * `renderItem`, remembered per item, form and position for the length of one call, so that
 * fitting and rendering share each text and its count.
 */
export class ItemTexts<O, T> {
  readonly #adapter: FormatAdapter<unknown, O, T>;
  readonly #ctx: RenderContext<O>;
  // The full forms apart from the shorter ones: most items only ever show their full form, and a
  // list per item (with room for more) took more memory than the texts at 100,000 items.
  readonly #full = new Map<T, ItemText>();
  readonly #shorter = new Map<T, (ItemText | undefined)[]>();

  constructor(adapter: FormatAdapter<unknown, O, T>, ctx: RenderContext<O>) {
    this.#adapter = adapter;
    this.#ctx = ctx;
  }

  /**
   * The text of `item` in `form` at `position`, rendered on first use (and again only if the
   * format numbers its entries and the position changed).
   */
  get(item: T, position: number, form = 0): ItemText {
    const known = form === 0 ? this.#full.get(item) : this.#shorter.get(item)?.[form];
    if (known && (known.position === position || !this.#adapter.numbered)) return known;
    const { options, now, report } = this.#ctx;
    const text = this.#adapter.renderItem(item, { options, now, report, position, form });
    const entry: ItemText = { position, text, tokens: undefined };
    if (form === 0) {
      this.#full.set(item, entry);
    } else {
      let forms = this.#shorter.get(item);
      if (!forms) {
        forms = [];
        this.#shorter.set(item, forms);
      }
      forms[form] = entry;
    }
    return entry;
  }

  /** The count of `item`'s text in `form` at `position`, counted once per text. */
  count(item: T, position: number, counter: TokenCounter, form = 0): number {
    return countOnce(this.get(item, position, form), counter);
  }
}

/** The count of a rendered text, counted once: kept on the text. */
export function countOnce(entry: ItemText, counter: TokenCounter): number {
  entry.tokens ??= counter.count(entry.text);
  return entry.tokens;
}
