import { InvalidInputError } from "../problems/errors.js";
import * as d from "./declare.js";
import { parseWith } from "./parse.js";
import { type ProjectContext, type ProjectContextInput, ProjectContextSchema } from "./project.js";

/**
 * The SQLite schema of stored project contexts, as the original design has it: one row per
 * project, lists as JSON text, a CHECK on `status`, indexes on status and last update. Run it
 * with your SQLite driver; `projectToRow` / `rowToProject` convert rows.
 *
 * @example
 * ```ts
 * db.exec(PROJECT_CONTEXT_DDL); // better-sqlite3, sql.js, node:sqlite…
 * ```
 */
export const PROJECT_CONTEXT_DDL = `CREATE TABLE IF NOT EXISTS project_contexts (
    project_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'idle',

    -- Session info
    last_session_summary TEXT,
    last_session_date TEXT,

    -- JSON arrays
    active_todos TEXT,          -- JSON: [{text, priority, added}]
    recent_files TEXT,          -- JSON: [path1, path2, ...]
    languages TEXT,             -- JSON: ["Python", "Rust"]
    frameworks TEXT,            -- JSON: ["MLX", "Tauri"]
    blockers TEXT,              -- JSON: [blocker1, blocker2]
    notes TEXT,                 -- JSON: [note1, note2]

    -- Metadata
    path TEXT NOT NULL,
    last_updated TEXT NOT NULL,

    CHECK (status IN ('active', 'paused', 'blocked', 'completed', 'idle'))
);

CREATE INDEX IF NOT EXISTS idx_project_status ON project_contexts(status);
CREATE INDEX IF NOT EXISTS idx_project_updated ON project_contexts(last_updated DESC);
`;

/** A row of `project_contexts`: dates as ISO 8601 text, lists as JSON text. */
export interface ProjectContextRow {
  project_id: string;
  name: string;
  status: string;
  last_session_summary: string | null;
  last_session_date: string | null;
  active_todos: string | null;
  recent_files: string | null;
  languages: string | null;
  frameworks: string | null;
  blockers: string | null;
  notes: string | null;
  path: string;
  last_updated: string;
}

const text = d.string();
/** A row of `project_contexts`, as a SQLite driver returns it. */
export const RowSchema = d.object({
  project_id: text,
  name: text,
  status: text,
  last_session_summary: d.nullable(text),
  last_session_date: d.nullable(text),
  active_todos: d.nullable(text),
  recent_files: d.nullable(text),
  languages: d.nullable(text),
  frameworks: d.nullable(text),
  blockers: d.nullable(text),
  notes: d.nullable(text),
  path: text,
  last_updated: text,
});

/**
 * A project as a `project_contexts` row. The table requires `path` and `lastUpdated`; a project
 * without them is an `InvalidInputError` naming the field.
 *
 * @example
 * ```ts
 * db.run("INSERT INTO project_contexts VALUES (:project_id, :name, …)", projectToRow(project));
 * ```
 */
export function projectToRow(input: ProjectContextInput): ProjectContextRow {
  const project = parseWith(ProjectContextSchema, input, "project");
  const missing = (["path", "lastUpdated"] as const).filter(
    (field) => project[field] === undefined,
  );
  if (missing.length > 0) {
    throw new InvalidInputError(
      missing.map((field) => ({
        code: "invalid_input",
        severity: "error",
        path: `project.${field}`,
        message: "expected a value: the project_contexts table requires it",
      })),
    );
  }
  return {
    project_id: project.projectId,
    name: project.name,
    status: project.status,
    last_session_summary: project.lastSessionSummary ?? null,
    last_session_date: project.lastSessionDate?.toISOString() ?? null,
    active_todos: JSON.stringify(
      project.activeTodos.map((todo) => ({
        text: todo.text,
        priority: todo.priority,
        ...(todo.addedDate ? { added: todo.addedDate.toISOString() } : {}),
      })),
    ),
    recent_files: JSON.stringify(project.recentFiles),
    languages: JSON.stringify(project.languages),
    frameworks: JSON.stringify(project.frameworks),
    blockers: JSON.stringify(project.blockers),
    notes: JSON.stringify(project.notes),
    path: project.path ?? "",
    last_updated: project.lastUpdated?.toISOString() ?? "",
  };
}

/** Parses one JSON column; NULL is an empty list. */
function jsonColumn(row: ProjectContextRow, column: keyof ProjectContextRow): unknown {
  const text = row[column];
  if (text === null) return [];
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidInputError([
      {
        code: "invalid_input",
        severity: "error",
        path: `row.${column}`,
        message: `expected JSON text, received ${JSON.stringify(text.slice(0, 40))}`,
      },
    ]);
  }
}

/**
 * A `project_contexts` row as a parsed project. A malformed column is an `InvalidInputError`
 * naming it (`row.active_todos`, `row.status`, …).
 *
 * @example
 * ```ts
 * const project = rowToProject(db.prepare("SELECT * FROM project_contexts WHERE project_id = ?").get(id));
 * ```
 */
export function rowToProject(input: ProjectContextRow): ProjectContext {
  const row = parseWith(RowSchema, input, "row");
  const todos = jsonColumn(row, "active_todos");
  return parseWith(
    ProjectContextSchema,
    {
      projectId: row.project_id,
      name: row.name,
      status: row.status,
      ...(row.last_session_summary !== null
        ? { lastSessionSummary: row.last_session_summary }
        : {}),
      ...(row.last_session_date !== null ? { lastSessionDate: row.last_session_date } : {}),
      // The stored TODO's `added` is the model's `addedDate`.
      activeTodos: Array.isArray(todos)
        ? todos.map((todo: unknown) => {
            if (typeof todo !== "object" || todo === null) return todo;
            const { added, ...rest } = todo as { added?: unknown };
            return added === undefined ? rest : { ...rest, addedDate: added };
          })
        : todos,
      recentFiles: jsonColumn(row, "recent_files"),
      languages: jsonColumn(row, "languages"),
      frameworks: jsonColumn(row, "frameworks"),
      blockers: jsonColumn(row, "blockers"),
      notes: jsonColumn(row, "notes"),
      path: row.path,
      lastUpdated: row.last_updated,
    },
    "row",
  );
}
