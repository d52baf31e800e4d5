import { expect } from "vitest";
import { changedWrites, type SyncPlan } from "../../src/sync/plan.js";
import type { Project } from "../../src/workspace/project.js";
import type { WrittenRecord } from "../../src/workspace/record.js";
import { writeBatch } from "../../src/workspace/write-batch.js";

/**
 * Writes the files of `plan` that change, and the record with them, in one batch, as the bin
 * does; returns the changed files.
 */
export function writePlan(project: Project, plan: SyncPlan, record: WrittenRecord) {
  const changed = plan.files.filter((file) => file.after !== file.before);
  const recordWrite = record.write();
  writeBatch(project, [...changedWrites(plan.files), ...(recordWrite ? [recordWrite] : [])]);
  expect(record.saveEvidence()).toEqual([]);
  return { changed, recorded: recordWrite !== undefined };
}
