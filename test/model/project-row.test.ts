import {
  InvalidInputError,
  PROJECT_CONTEXT_DDL,
  type ProjectContextRow,
  projectToRow,
  rowToProject,
} from "contextfmt";
import initSqlJs, { type Database } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { rvcBlocked, samTerminal, slamRushCompleted } from "../fixtures/projects.js";

let db: Database;

beforeAll(async () => {
  const SQL = await initSqlJs();
  db = new SQL.Database();
  db.exec(PROJECT_CONTEXT_DDL);
});

const COLUMNS = [
  "project_id",
  "name",
  "status",
  "last_session_summary",
  "last_session_date",
  "active_todos",
  "recent_files",
  "languages",
  "frameworks",
  "blockers",
  "notes",
  "path",
  "last_updated",
] as const;

function insert(row: ProjectContextRow): void {
  db.run(
    `INSERT OR REPLACE INTO project_contexts (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`,
    COLUMNS.map((column) => row[column]),
  );
}

function select(id: string): ProjectContextRow {
  const statement = db.prepare("SELECT * FROM project_contexts WHERE project_id = ?");
  statement.bind([id]);
  expect(statement.step()).toBe(true);
  const row = statement.getAsObject() as unknown as ProjectContextRow;
  statement.free();
  return row;
}

describe("project rows in a real SQLite", () => {
  it("creates the table and its indexes", () => {
    const names = db.exec("SELECT name FROM sqlite_master ORDER BY name")[0]?.values.flat();
    expect(names).toEqual([
      "idx_project_status",
      "idx_project_updated",
      "project_contexts",
      expect.stringMatching(/^sqlite_autoindex/),
    ]);
  });

  it("writes projects and reads them back unchanged", () => {
    for (const input of [samTerminal, rvcBlocked, slamRushCompleted]) {
      insert(projectToRow(input));
      const read = rowToProject(select(input.projectId));
      expect(projectToRow(read)).toEqual(projectToRow(input));
      expect(read.name).toBe(input.name);
    }
    const sam = rowToProject(select("sam_terminal"));
    expect(sam.activeTodos[0]).toEqual({
      text: "Add fact visualization to CLI",
      priority: 3,
      addedDate: new Date("2026-01-20T09:00:00Z"),
    });
    expect(JSON.parse(select("sam_terminal").active_todos ?? "")[0]).toEqual({
      text: "Add fact visualization to CLI",
      priority: 3,
      added: "2026-01-20T09:00:00.000Z",
    });
  });

  it("the CHECK constraint rejects a status outside the five", () => {
    const row = { ...projectToRow(rvcBlocked), project_id: "bad", status: "archived" };
    expect(() => insert(row)).toThrow(/CHECK constraint failed/);
  });

  it("reads NULL list columns as empty lists", () => {
    db.run(
      "INSERT INTO project_contexts (project_id, name, path, last_updated) VALUES ('min', 'Min', '/p', '2026-01-01')",
    );
    const project = rowToProject(select("min"));
    expect(project).toMatchObject({ status: "idle", activeTodos: [], recentFiles: [], notes: [] });
  });

  it("names the bad column or field", () => {
    expect(() => rowToProject({ ...projectToRow(samTerminal), recent_files: "[oops" })).toThrow(
      /row\.recent_files: expected JSON text/,
    );
    expect(() => rowToProject({ ...projectToRow(samTerminal), status: "archived" })).toThrow(
      /row\.status: expected "active"/,
    );
    const { path: _, ...withoutPath } = samTerminal;
    expect(() => projectToRow(withoutPath)).toThrow(InvalidInputError);
    expect(() => projectToRow(withoutPath)).toThrow(/project\.path: expected a value/);
  });
});
