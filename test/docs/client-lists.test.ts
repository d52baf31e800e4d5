/**
 * Every list of clients in README.md and docs/ is the one scripts/client-lists.ts makes from
 * src/clients (`npm run docs:clients` rewrites them): a page that names other init or hook tools
 * than the code has, or lists clients by hand, fails here.
 */
import { describe, expect, it } from "vitest";
import { clientListPages, unmarkedLists, withClientLists } from "../../scripts/client-lists.js";

describe("the lists of clients in the docs", () => {
  const all = clientListPages();

  it("are generated from the client list (npm run docs:clients rewrites them)", () => {
    const marked = all.filter(({ text }) => text.includes("<!-- clients:"));
    expect(marked.length).toBeGreaterThan(2);
    for (const { page, text } of all) expect(text, page).toBe(withClientLists(text));
  });

  it("list no four clients or more by hand", () => {
    const byHand = all.flatMap(({ page, text }) =>
      unmarkedLists(text).map((list) => `${page}: ${list}`),
    );
    expect(byHand).toEqual([]);
  });
});
