import type { FormatAdapter, RenderContext } from "../formats/adapter.js";
import { isSafeBoundary, type TokenCounter } from "../tokens/counter.js";

/** One item's rendered text at a position, with its token count once it is known. */
export interface ItemText {
  readonly position: number;
  readonly text: string;
  /** `counter.count(text)`, or `undefined` until something counts it. */
  tokens: number | undefined;
}

/**
 * `renderItem`, remembered per item and position for the length of one call, so that packing and
 * rendering share each item's text and its count.
 */
export class ItemTexts<O, T> {
  readonly #adapter: FormatAdapter<unknown, O, T>;
  readonly #ctx: RenderContext<O>;
  readonly #texts = new Map<T, ItemText>();

  constructor(adapter: FormatAdapter<unknown, O, T>, ctx: RenderContext<O>) {
    this.#adapter = adapter;
    this.#ctx = ctx;
  }

  /** The text of `item` at `position`, rendered on first use (and again only if it is numbered). */
  get(item: T, position: number): ItemText {
    const known = this.#texts.get(item);
    if (known && (known.position === position || !this.#adapter.numbered)) return known;
    const { options, now, report } = this.#ctx;
    const text = this.#adapter.renderItem(item, { options, now, report, position });
    const entry: ItemText = { position, text, tokens: undefined };
    this.#texts.set(item, entry);
    return entry;
  }

  /** The count of `item`'s text at `position`, counted once per text. */
  count(item: T, position: number, counter: TokenCounter): number {
    const entry = this.get(item, position);
    if (entry.tokens === undefined) entry.tokens = counter.count(entry.text);
    return entry.tokens;
  }
}

/**
 * `counter.count(content)` for content that holds `pieces` (item texts already counted) in order,
 * without counting those pieces again. Exact for a line-additive counter: each piece is taken
 * only where it starts and ends on a safe line boundary of `content`, so the count of the content
 * is the count of the text between pieces plus the pieces' own counts. A piece that is missing
 * or not on safe boundaries ends the walk, and the rest of the content is counted as it is.
 */
export function countAlong(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
): number {
  if (!counter.lineAdditive) return counter.count(content);
  let total = 0;
  let cursor = 0;
  for (const piece of pieces) {
    const { text } = piece;
    if (text === "") continue;
    const start = content.indexOf(text, cursor);
    const end = start + text.length;
    if (start < 0 || !isSafeBoundary(content, start) || !isSafeBoundary(content, end)) break;
    if (start > cursor) total += counter.count(content.slice(cursor, start));
    if (piece.tokens === undefined) piece.tokens = counter.count(text);
    total += piece.tokens;
    cursor = end;
  }
  if (cursor < content.length) total += counter.count(content.slice(cursor));
  return total;
}
