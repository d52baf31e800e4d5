/**
 * `contextfmt doctor`'s report: for each client, what it reads from the project and the problems
 * of that. Read-only: nothing here writes, and only the project is read (see ProjectView); a
 * file that cannot be read is an `unreadable` problem of each client that reads it.
 */

import { CLIENT_LOADING } from "../sync/loading.js";
import { SYNC_TOOL_PLACES, type SyncTool } from "../sync/locations.js";
import type { TokenCounter } from "../tokens/counter.js";
import type { Project } from "../workspace/project.js";
import { clientItems, clientMcpServers, duplicates } from "./config.js";
import { clientFiles } from "./files.js";
import { clientHooks } from "./hooks.js";
import type { ClientReport, DoctorProblem, DoctorReport } from "./report.js";
import { outOfSync } from "./sync-check.js";
import { ProjectView } from "./view.js";

/** What to examine. */
export interface DoctorRequest {
  readonly project: Project;
  /** The folder sessions start in, relative to the project ("" for its root). */
  readonly start: string;
  readonly clients: readonly SyncTool[];
  readonly counter: TokenCounter;
}

/** The report of every client of `request`, in their order. */
export async function doctor(request: DoctorRequest): Promise<DoctorReport> {
  const view = new ProjectView(request.project, request.start);
  const clients: ClientReport[] = [];
  const problems: DoctorProblem[] = [];
  const sync = outOfSync(view, request.clients);
  for (const client of request.clients) {
    const found = clientFiles(view, client, request.counter);
    const own: DoctorProblem[] = [...found.problems, ...duplicates(client, found.kept)];
    const loading = CLIENT_LOADING[client];
    const kept = found.kept.map((file) => file.text);
    clients.push({
      client,
      label: SYNC_TOOL_PLACES[client].label,
      checked: loading.checked,
      files: found.files,
      ...(found.maxBytes !== undefined ? { maxBytes: found.maxBytes } : {}),
      loaded: {
        bytes: kept.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
        tokens: kept.reduce((sum, text) => sum + request.counter.count(text), 0),
      },
      commands: clientItems(view, client, "command", own),
      agents: clientItems(view, client, "agent", own),
      skills: clientItems(view, client, "skill", own),
      mcpServers: clientMcpServers(view, client, own),
      hooks: await clientHooks(view, client, request.counter, own),
    });
    // The files met for this client that could not be read: each once, where met first.
    for (const { path, reason } of view.takeUnreadable()) {
      own.push({ code: "unreadable", client, path, message: reason });
    }
    problems.push(...own, ...sync.filter((problem) => problem.client === client));
  }
  return { clients, problems };
}
