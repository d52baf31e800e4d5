/**
 * The project as the clients would find it after a sync: the doctor's view of it, with the files
 * a plan writes or removes read as planned. The loading model (which instruction files, skills,
 * commands and agents each client reads) runs over it, so sync decides what to write from what
 * each client will load, and the doctor and sync count alike.
 */

import type { Project } from "../workspace/project.js";
import { ProjectView } from "./loads/view.js";

/** A file's planned text by its real path: `null` when it is removed, undefined when unplanned. */
export type PlannedText = (real: string) => string | null | undefined;

/** What the views of one plan share: the project's file list, walked once. */
export interface SharedListing {
  visible?: readonly string[];
}

/**
 * The doctor's {@link ProjectView} of the project, each file `planned` gives a text for read as
 * it says, and the files it adds listed in their folders.
 */
export class PlannedView extends ProjectView {
  constructor(
    project: Project,
    start: string,
    readonly planned: PlannedText,
    /** The files the plan adds or removes, as project paths. */
    readonly plannedPaths: () => readonly string[],
    readonly shared: SharedListing = {},
  ) {
    super(project, start);
  }

  override text(path: string): string | undefined {
    const located = this.project.locate(path);
    if ("refused" in located) return super.text(path);
    const planned = this.planned(located.real);
    if (planned === undefined) return super.text(path);
    return planned ?? undefined;
  }

  override filesBelow(dir: string): string[] {
    const found = new Set(super.filesBelow(dir));
    for (const path of this.plannedPaths()) {
      if (path.startsWith(`${dir}/`)) found.add(path);
    }
    return [...found].filter((path) => this.text(path) !== undefined);
  }

  override visibleFiles(): readonly string[] {
    this.shared.visible ??= super.visibleFiles();
    return this.shared.visible;
  }
}
