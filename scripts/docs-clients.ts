/**
 * Rewrites the lists of clients in README.md and docs/ from the code (scripts/client-lists.ts);
 * with --check, only says whether each page is current and exits 1 when one is not.
 */
import { join } from "node:path";
import { clientListPages, ROOT, withClientLists } from "./client-lists.js";
import { writeGeneratedPage } from "./generated-page.js";

for (const { page, text } of clientListPages()) {
  const current = withClientLists(text);
  if (current !== text) writeGeneratedPage(join(ROOT, page), current, "docs:clients");
}
