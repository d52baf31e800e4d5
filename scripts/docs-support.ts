/**
 * Rewrites docs/support.md from the code (scripts/support-table.ts); with --check, only says
 * whether it is current and exits 1 when it is not.
 */
import { writeGeneratedPage } from "./generated-page.js";
import { SUPPORT_PATH, supportTable } from "./support-table.js";

writeGeneratedPage(SUPPORT_PATH, supportTable(), "docs:support");
