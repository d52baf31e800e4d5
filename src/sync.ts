/**
 * `contextfmt/sync`: the project verbs of the `contextfmt` CLI as a library, for Node. Plan a sync
 * or an init as data and write it, watch a source and sync on each change, or ask a doctor what
 * each client loads. They read and write a project folder (the pure entries never do): every
 * write is confined to the project, never into `.git`, all files or none, and only over what
 * contextfmt wrote.
 *
 * @packageDocumentation
 */

export {
  ConfigFileError,
  configuredClients,
  type ProjectConfig,
  ProjectConfigSchema,
  readProjectConfig,
  writeProjectConfig,
} from "./config/project-config.js";
export { type DoctorOptions, doctor } from "./doctor/doctor.js";
export { doctorHtml } from "./doctor/html.js";
export type {
  ClientReport,
  ConfigItem,
  DoctorClient,
  DoctorProblem,
  DoctorProblemCode,
  DoctorReport,
  HookItem,
  HookLimit,
  IgnoreReport,
  InstalledHook,
  ListedPart,
  LoadedFile,
  McpServer,
  McpStart,
  McpStarted,
  ReportedProblem,
  SessionStart,
  StartHook,
} from "./doctor/report.js";
export { DOCTOR_PROBLEM_CODES } from "./doctor/report.js";
export { InputFileError } from "./hooks/input-text.js";
export { UsageError } from "./problems/usage-error.js";
export type { ClientLoads, LoadMeasure } from "./sync/client-loads.js";
export type { InitEvent } from "./sync/init/hook-settings.js";
export { type InitRemovalOptions, planInitRemoval } from "./sync/init/removal.js";
export {
  type InitHook,
  type InitOptions,
  type InitPlan,
  initPlaces,
  planInit,
} from "./sync/init.js";
export { SYNC_KINDS, SYNC_TOOLS, type SyncKind, type SyncTool } from "./sync/locations.js";
export type { SourcePlaces } from "./sync/source-places.js";
export {
  type AppliedPlan,
  type ApplyOptions,
  applyPlan,
  conflictError,
  type PlannedChange,
  planSync,
  type SyncOptions,
  type WritePlan,
} from "./sync/sync.js";
export { USER_SYNC_KINDS, type UserScope } from "./sync/user-sync.js";
export {
  type SyncRun,
  type SyncWatcher,
  type WatchHandlers,
  type WatchSyncOptions,
  watchSync,
} from "./sync/watch.js";
export { ProjectFileError } from "./workspace/project.js";
export { findProjectRoot, NotInProjectError } from "./workspace/project-root.js";
