import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AdapterItem } from "../../src/formats/adapter.js";
import { itemOrder } from "../../src/manager/order.js";

/** The order as the pipeline defines it: one comparison of the four keys. */
function byComparison(items: readonly AdapterItem<number>[]): AdapterItem<number>[] {
  const recency = (item: AdapterItem<number>) => item.time ?? Number.NEGATIVE_INFINITY;
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        Number(b.item.required) - Number(a.item.required) ||
        b.item.priority - a.item.priority ||
        (recency(a.item) === recency(b.item) ? 0 : recency(a.item) > recency(b.item) ? -1 : 1) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}

const item = (priority: fc.Arbitrary<number>) =>
  fc.record({
    required: fc.boolean(),
    priority,
    time: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  });

const itemsOf = (
  rows: readonly { required: boolean; priority: number; time: number | undefined }[],
): AdapterItem<number>[] =>
  rows.map((row, index) => ({ id: `i${index}`, path: `items[${index}]`, value: index, ...row }));

describe("itemOrder", () => {
  it("orders whole priorities 0-100 (bucketed) as the comparison of the keys does", () => {
    fc.assert(
      fc.property(fc.array(item(fc.integer({ min: 0, max: 100 })), { maxLength: 60 }), (rows) => {
        const items = itemsOf(rows);
        expect(itemOrder(items)).toEqual(byComparison(items).map((entry) => entry.value));
      }),
    );
  });

  it("orders long runs of one priority (sorted apart from the short ones) as the comparison does", () => {
    fc.assert(
      fc.property(
        fc.array(item(fc.integer({ min: 0, max: 2 })), { minLength: 40, maxLength: 120 }),
        (rows) => {
          const items = itemsOf(rows);
          expect(itemOrder(items)).toEqual(byComparison(items).map((entry) => entry.value));
        },
      ),
    );
  });

  it("orders any other priorities (scores, a custom adapter's) as the comparison does", () => {
    fc.assert(
      fc.property(
        fc.array(item(fc.constantFrom(-1, 0.5, 0.851, 0.873, 50, 101, 1e9, -Number.MAX_VALUE)), {
          maxLength: 40,
        }),
        (rows) => {
          const items = itemsOf(rows);
          expect(itemOrder(items)).toEqual(byComparison(items).map((entry) => entry.value));
        },
      ),
    );
  });
});
