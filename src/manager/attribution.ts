/**
 * Where the tokens of one rendered content went: to each placed item text, as the content shows
 * it, and to the frame around them. One finder places the texts ({@link eachPlace}) for the two
 * ways of telling: summing along the content, each text's own count and each stretch between them
 * counted on its own (exact for a line-additive counter when every text sits on safe line
 * boundaries: then it is the content's count too, and a render is counted this way); and, where
 * a text shares a line unit with its neighbours, sharing out each unit's count by characters.
 */
import { withoutTrailing } from "../formats/escape.js";
import { safeBoundary, splitLineUnits, type TokenCounter } from "../tokens/counter.js";
import { countOnce, type ItemText } from "./item-texts.js";

/** What each placed text takes of a content's count, and what the frame around them takes. */
export interface Attribution {
  /** Tokens of a placed text as the content shows it. */
  tokensOf(piece: ItemText): number;
  readonly frame: number;
}

/** A rendered content's count, and where it went. */
export interface Measured {
  /** `counter.count(content)`. */
  readonly total: number;
  /** Worked out when first asked (a report nobody reads costs nothing), then kept. */
  attribution(): Attribution;
}

/**
 * `counter.count(content)` for content that holds `pieces` (item texts) in order, from the
 * pieces' own counts where that is exact, and where the count went. The same pieces and content
 * give the same numbers whichever way they are told.
 */
export function measure(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
): Measured {
  const exact = counter.lineAdditive ? sumAlong(content, pieces, counter, true) : undefined;
  if (exact) return { total: exact.frame + exact.items, attribution: () => exact };
  let attribution: Attribution | undefined;
  return {
    total: counter.count(content),
    attribution: () => {
      // Units shared out add up to the count for a line-additive counter; any other is told
      // in stretches, which need not add up.
      attribution ??= counter.lineAdditive
        ? shareUnits(content, pieces, counter)
        : (sumAlong(content, pieces, counter, false) as Attribution);
      return attribution;
    },
  };
}

/**
 * Calls `visit` with where each piece stands in `content` (`-1` when nowhere), each found from
 * where the one before ended: as it is, or as a format ends its last entry, the line feeds at its
 * end folded into one or dropped. An empty piece is passed over. Stops when `visit` says so.
 */
function eachPlace(
  content: string,
  pieces: readonly ItemText[],
  visit: (piece: ItemText, start: number, end: number) => boolean,
): void {
  let cursor = 0;
  for (const piece of pieces) {
    const { text } = piece;
    if (text === "") continue;
    let start = indexFrom(content, text, cursor);
    let end = start + text.length;
    if (start < 0) {
      for (const form of [oneTrailingLineFeed(text), text.trimEnd()]) {
        if (form === text || form === "") continue;
        start = indexFrom(content, form, cursor);
        end = start + form.length;
        if (start >= 0) break;
      }
    }
    if (!visit(piece, start, end)) return;
    if (start >= 0) cursor = end;
  }
}

/**
 * `content.indexOf(text, from)`, found at once where `text` stands at `from` itself, as most
 * pieces do (each follows the one before): comparing there is about half the cost of a search.
 */
function indexFrom(content: string, text: string, from: number): number {
  return content.slice(from, from + text.length) === text ? from : content.indexOf(text, from);
}

const LINE_FEED: ReadonlySet<string> = new Set(["\n"]);

/**
 * `text` with the run of line feeds at its end folded into one. A loop (`withoutTrailing`), not
 * `/\n+$/`, which starts again at every line feed of a long run inside the text (quadratic).
 */
function oneTrailingLineFeed(text: string): string {
  const trimmed = withoutTrailing(text, LINE_FEED);
  return trimmed.length === text.length ? text : `${trimmed}\n`;
}

/**
 * Each piece's count as the content shows it and each stretch between them counted on its own.
 * `exact`: only where every piece is found on safe boundaries (otherwise `undefined`), so that
 * for a line-additive counter the sums are the content's count; else a piece not found is
 * passed over and its text counted with the frame.
 */
function sumAlong(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
  exact: boolean,
): (Attribution & { readonly items: number }) | undefined {
  let frame = 0;
  let items = 0;
  let cursor = 0;
  let whole = true;
  // The pieces the content shows other than as they are (a last entry folded): counted as shown.
  const shown = new Map<ItemText, number>();
  eachPlace(content, pieces, (piece, start, end) => {
    if (start < 0 || (exact && !(safeBoundary(content, start) && safeBoundary(content, end)))) {
      whole = !exact;
      return whole;
    }
    if (start > cursor) frame += counter.count(content.slice(cursor, start));
    if (end - start === piece.text.length) items += countOnce(piece, counter);
    else {
      const tokens = counter.count(content.slice(start, end));
      shown.set(piece, tokens);
      items += tokens;
    }
    cursor = end;
    return true;
  });
  if (!whole) return undefined;
  if (cursor < content.length) frame += counter.count(content.slice(cursor));
  return {
    frame,
    items,
    tokensOf: (piece) => shown.get(piece) ?? countOnce(piece, counter),
  };
}

/**
 * Shares the count of `content` out by its line units: a unit inside one piece (or inside the
 * frame) is that piece's; a unit that spans several (a blank line joining the next entry, entries
 * on one line) is shared by characters. For a line-additive counter the parts add up to
 * `counter.count(content)` exactly.
 */
function shareUnits(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
): Attribution {
  const ranges: { piece: ItemText; start: number; end: number }[] = [];
  eachPlace(content, pieces, (piece, start, end) => {
    if (start >= 0) ranges.push({ piece, start, end });
    return true;
  });
  const byPiece = new Map<ItemText, number>(ranges.map(({ piece }) => [piece, 0]));
  let frame = 0;
  let offset = 0;
  let first = 0;
  for (const unit of splitLineUnits(content)) {
    const end = offset + unit.length;
    const tokens = counter.count(unit);
    while (first < ranges.length && (ranges[first]?.end ?? 0) <= offset) first += 1;
    const overlapping: { piece: ItemText; chars: number }[] = [];
    for (let at = first; at < ranges.length; at += 1) {
      const range = ranges[at] as (typeof ranges)[number];
      if (range.start >= end) break;
      overlapping.push({
        piece: range.piece,
        chars: Math.min(end, range.end) - Math.max(offset, range.start),
      });
    }
    const frameChars = unit.length - overlapping.reduce((sum, part) => sum + part.chars, 0);
    const shares = shareOut(tokens, [...overlapping.map((part) => part.chars), frameChars]);
    overlapping.forEach((part, index) => {
      byPiece.set(part.piece, (byPiece.get(part.piece) ?? 0) + (shares[index] ?? 0));
    });
    frame += shares[overlapping.length] ?? 0;
    offset = end;
  }
  return { frame, tokensOf: (piece) => byPiece.get(piece) ?? countOnce(piece, counter) };
}

/** Shares `tokens` out by `weights` (character counts), whole numbers adding up to `tokens`. */
function shareOut(tokens: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (total === 0 ? 0 : (tokens * weight) / total));
  const shares = exact.map(Math.floor);
  let left = tokens - shares.reduce((sum, share) => sum + share, 0);
  // The largest remainders take what rounding down left, first come first served among equals.
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
