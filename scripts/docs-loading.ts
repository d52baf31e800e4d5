/**
 * Rewrites docs/loading.md from the code (scripts/loading-table.ts); with --check, only says
 * whether it is current and exits 1 when it is not.
 */
import { writeGeneratedPage } from "./generated-page.js";
import { LOADING_PATH, loadingTable } from "./loading-table.js";

writeGeneratedPage(LOADING_PATH, loadingTable(), "docs:loading");
