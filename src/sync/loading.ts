/**
 * What each client loads from a project, beside where sync writes for it (SYNC_TOOL_PLACES):
 * which instruction files in which order, which one wins in a folder, the byte cap and which end
 * it cuts, the folders read whole, the imports, the extra skill folders, and what needs trust or
 * approval. Each client's entry says what it was checked against: the real client's version (the
 * loopback model's request is the ground truth), or its documentation where no client runs here.
 * The facts are each client's file's in src/clients; `contextfmt doctor` reads this view of
 * them, and docs/loading.md is generated from it.
 */
import { byClient, SYNC_ORDER } from "../clients/index.js";
import type { ClientLoading as Loading, RulesChecked } from "../clients/spec.js";
import type { SyncTool } from "./locations.js";

export type {
  InstructionLoading,
  ProjectSetting,
  ReadFolder,
  ReadNames,
  ReadPlace,
  RulesChecked,
  StartListing,
} from "../clients/spec.js";
export { ASSUMED_LISTING } from "../clients/spec.js";

/** One client's loading rules, and what they were checked against. */
export interface ClientLoading extends Loading {
  /** The pinned real client, or its documentation. */
  readonly checked: RulesChecked;
}

/** Each client's loading rules, from its file in src/clients. */
export const CLIENT_LOADING: Readonly<Record<SyncTool, ClientLoading>> = byClient(
  SYNC_ORDER,
  (client) => ({ checked: client.checked, ...client.loading }),
);
