/**
 * `doctor --html`: the report as one self-contained page (inline CSS and SVG, no script, nothing
 * fetched), so a person sees at a glance what each client gets. First an overview: one row per
 * client (instructions, commands, agents, skills, MCP servers, hooks, problems by severity),
 * each linking to its section; then a session's start, one bar per client with a segment per
 * part (instruction files, listed skills, agents and commands, start hooks, MCP tools). Per
 * client, a bar of its instruction files (what reaches the
 * model, what a cap cuts off, what it skips) with the cap marked, a table of the same numbers,
 * its commands, agents, skills and MCP servers, one bar per installed hook (its items by the
 * names their author wrote, included, shortened or skipped, against its inline limit; a hook
 * with no known limit is drawn as unbounded, not as a full bar), and its problems, most pressing
 * first, each with its fix. Every number shown is one of the report's, so the page and `--json`
 * never disagree.
 */
// Paths and messages come from the project: escaped as an XML attribute value, which is safe for
// HTML content and attributes alike (HTML5 reads those references the same).
import { escapeXmlAttribute as html } from "../formats/escape.js";
import { badArgument } from "../problems/arguments.js";
import type { IssueSeverity } from "../problems/issue.js";
import { SEVERITY_ORDER } from "./problems.js";
import type {
  ClientReport,
  ConfigItem,
  DoctorReport,
  InstalledHook,
  LoadedFile,
  McpServer,
  ReportedProblem,
} from "./report.js";

/** Width of every bar, in SVG user units; bars of all clients share one scale. */
const BAR_WIDTH = 960;
const BAR_HEIGHT = 28;

/** A whole number with thousands separators that do not depend on the machine's locale. */
const count = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The bytes of a file that reach the model: all of a loaded file, the kept part of a cut one. */
const keptBytes = (file: LoadedFile): number =>
  file.loaded ? (file.cut ? file.cut.atByte : file.bytes) : 0;

/** A file's fate, in words, for the table and the bar's tooltip. */
function fate(file: LoadedFile): { status: string; words: string } {
  if (file.cut) {
    return {
      status: "cut",
      words: `cut at byte ${count(file.cut.atByte)}: ${count(file.cut.lostBytes)} bytes lost`,
    };
  }
  if (file.loaded) return { status: "loaded", words: file.reason ?? "loaded" };
  if (file.shadowedBy) return { status: "shadowed", words: `shadowed by ${file.shadowedBy}` };
  return { status: "not-loaded", words: file.reason ?? "not loaded" };
}

/**
 * The bar of one client's files: what reaches the model, in the client's order, then what its
 * cap cuts off (so the cap's mark falls where the kept bytes end), then the files it skips.
 */
function filesBar(client: ClientReport, scale: number): string {
  const segments: { kind: string; bytes: number; file: LoadedFile }[] = [
    ...client.files.map((file) => ({ kind: "loaded", bytes: keptBytes(file), file })),
    // The lost part of a cut file first, so it lies right past the cap's mark.
    ...client.files
      .map((file) => ({ kind: fate(file).status, bytes: file.bytes - keptBytes(file), file }))
      .sort((a, b) => Number(b.kind === "cut") - Number(a.kind === "cut")),
  ];
  let x = 0;
  const rects: string[] = [];
  for (const { kind, bytes, file } of segments) {
    if (bytes <= 0) continue;
    const width = (bytes / scale) * BAR_WIDTH;
    const title = html(`${file.path}: ${count(file.bytes)} bytes, ${fate(file).words}`);
    rects.push(
      `<rect class="${kind}" x="${x.toFixed(2)}" y="0" width="${width.toFixed(2)}" height="${BAR_HEIGHT}"><title>${title}</title></rect>`,
    );
    x += width;
  }
  // The cap counts the project's files alone: its mark falls past the user-level files before them.
  const firstProject = client.files.findIndex((file) => file.level === undefined);
  const userBefore = client.files
    .slice(0, firstProject === -1 ? 0 : firstProject)
    .reduce((sum, file) => sum + keptBytes(file), 0);
  const cap =
    client.maxBytes === undefined
      ? ""
      : limitLine((userBefore + client.maxBytes) / scale, `cap: ${count(client.maxBytes)} bytes`);
  return svg(`${rects.join("")}${cap}`, `${client.label}: instruction files`);
}

/** The dashed mark of a limit at `fraction` of the bar's width. */
const limitLine = (fraction: number, title: string) => {
  const x = (fraction * BAR_WIDTH).toFixed(2);
  return `<line class="limit" x1="${x}" x2="${x}" y1="-4" y2="${BAR_HEIGHT + 4}"><title>${html(title)}</title></line>`;
};

/** An SVG bar with room above and below for the limit line. */
const svg = (content: string, label: string) =>
  `<svg class="bar" role="img" aria-label="${html(label)}" viewBox="0 -6 ${BAR_WIDTH} ${BAR_HEIGHT + 12}" preserveAspectRatio="none"><rect class="track" x="0" y="0" width="${BAR_WIDTH}" height="${BAR_HEIGHT}"/>${content}</svg>`;

/** The table of one client's files, every number the report's own. */
function filesTable(client: ClientReport): string {
  if (client.files.length === 0) return `<p class="none">No instruction file found.</p>`;
  const rows = client.files.map((file) => {
    const { status, words } = fate(file);
    const level = file.level === undefined ? "" : ` ${file.level}`;
    const mark = file.level === undefined ? "" : `<span class="level">${html(file.level)}</span> `;
    return `<tr class="file ${status}${level}" data-path="${html(file.path)}"><td class="path">${mark}${html(file.path)}</td><td class="bytes">${count(file.bytes)}</td><td class="tokens">${count(file.tokens)}</td><td class="kept">${count(keptBytes(file))}</td><td class="fate">${html(words)}</td></tr>`;
  });
  return `<table><thead><tr><th>file</th><th>bytes</th><th>tokens</th><th>bytes reaching the model</th><th>what happens</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** The unit a hook's limit is counted in, its value, and the injected size in that unit. */
function hookScale(hook: InstalledHook): { unit: string; limit?: number; size: number } {
  const inject = hook.inject;
  const size = (unit: "chars" | "bytes" | "tokens") => inject?.[unit] ?? 0;
  if (hook.limit.chars !== undefined)
    return { unit: "characters", limit: hook.limit.chars, size: size("chars") };
  if (hook.limit.bytes !== undefined)
    return { unit: "bytes", limit: hook.limit.bytes, size: size("bytes") };
  if (hook.limit.tokens !== undefined)
    return { unit: "tokens", limit: hook.limit.tokens, size: size("tokens") };
  return { unit: "tokens", size: size("tokens") };
}

/** One hook item: the name its author wrote, its fate and tokens, its engine id on hover. */
const hookItem = (item: NonNullable<InstalledHook["inject"]>["items"][number]) =>
  `<li class="item ${item.status}" data-id="${html(item.id)}" title="${html(`${item.source} ${item.id}`)}"><span class="status">${item.status}</span> <b class="name">${html(item.name ?? item.id)}</b> <span class="source">${html(item.source)}</span> <span class="tokens">${count(item.tokens)}</span> tokens${item.reason ? ` — ${html(item.reason)}` : ""}</li>`;

/**
 * One hook's bar, in its limit's unit: each included or shortened item a share of the injected
 * size by its tokens (items are counted in tokens; the limit may be in characters), skipped items
 * listed beside it; the limit marked. With no limit known there is nothing the size is a share
 * of, so no bar: an open, striped strip says so (a full bar would read as 100 %).
 */
function hookBlock(hook: InstalledHook): string {
  const head = `<h4><span class="event">${html(hook.event)}</span> <span class="where">${html(hook.path)}</span></h4>`;
  const inject = hook.inject;
  if (!inject) {
    return `<div class="hook" data-event="${html(hook.event)}">${head}<p class="none">Names no input file that can be read: nothing to measure.</p></div>`;
  }
  const { unit, limit, size } = hookScale(hook);
  const items = `<ul class="items">${inject.items.map(hookItem).join("")}</ul>`;
  if (limit === undefined) {
    const strip = `<div class="no-limit" role="img" aria-label="${html(`${hook.event}: no inline limit known`)}">no inline limit known</div>`;
    const summary = `<p class="size">Injects <span class="inject">${count(size)}</span> ${unit} (no inline limit known); <span class="hook-tokens">${count(inject.tokens)}</span> tokens.</p>`;
    return `<div class="hook" data-event="${html(hook.event)}">${head}${strip}${summary}${items}</div>`;
  }
  const scale = Math.max(size, limit, 1);
  const totalTokens = inject.items.reduce((sum, item) => sum + item.tokens, 0);
  let x = 0;
  const rects: string[] = [];
  for (const item of inject.items) {
    if (item.status === "skipped" || totalTokens === 0) continue;
    const width = ((item.tokens / totalTokens) * size * BAR_WIDTH) / scale;
    rects.push(
      `<rect class="${item.status}" x="${x.toFixed(2)}" y="0" width="${width.toFixed(2)}" height="${BAR_HEIGHT}"><title>${html(`${item.name ?? item.id} (${item.source} ${item.id}): ${item.status}, ${count(item.tokens)} tokens`)}</title></rect>`,
    );
    x += width;
  }
  const mark = limitLine(limit / scale, `limit: ${count(limit)} ${unit}`);
  const over = size > limit;
  const summary = `<p class="size${over ? " over" : ""}">Injects <span class="inject">${count(size)}</span> ${unit} of a limit of <span class="limit-value">${count(limit)}</span>; <span class="hook-tokens">${count(inject.tokens)}</span> tokens.</p>`;
  return `<div class="hook" data-event="${html(hook.event)}">${head}${svg(`${rects.join("")}${mark}`, `${hook.event} hook context`)}${summary}${items}</div>`;
}

/** The kinds of item a client offers, in the order the text lists them. */
const KINDS = [
  ["commands", "Commands"],
  ["agents", "Agents"],
  ["skills", "Skills"],
  ["mcpServers", "MCP servers"],
] as const;

/** One command, agent, skill or MCP server, with what the client makes of it. */
function kindItem(item: ConfigItem | McpServer): string {
  const notes = [
    "transport" in item ? item.transport : undefined,
    "loaded" in item && !item.loaded ? `shadowed by ${item.shadowedBy ?? "another"}` : undefined,
    item.caveat,
  ].filter((note) => note !== undefined);
  const shadowed = "loaded" in item && !item.loaded;
  return `<li class="kind-item${shadowed ? " shadowed" : ""}" title="${html(item.path)}"><code class="name">${html(item.name)}</code>${notes.length === 0 ? "" : ` <span class="note">${html(notes.join("; "))}</span>`}</li>`;
}

/** What the client offers beside its instructions: every kind, even when it has none of it. */
function kindsBlock(client: ClientReport): string {
  const rows = KINDS.map(([kind, title]) => {
    const list: readonly (ConfigItem | McpServer)[] = client[kind];
    const items =
      list.length === 0
        ? `<span class="none">none</span>`
        : `<ul>${list.map(kindItem).join("")}</ul>`;
    return `<div class="kind" data-kind="${kind}"><h3>${title} <span class="n">${list.length}</span></h3>${items}</div>`;
  });
  return `<div class="kinds">${rows.join("")}</div>`;
}

/** A severity as the page draws it; a value the report should not hold is drawn as a warning. */
const severityOf = (problem: ReportedProblem): IssueSeverity =>
  SEVERITY_ORDER.includes(problem.severity) ? problem.severity : "warning";

/** One problem: its severity, code, sentence and fix. */
const problemItem = (problem: ReportedProblem) => {
  const severity = severityOf(problem);
  return `<li class="problem ${severity}" data-code="${html(problem.code)}" data-severity="${severity}"><span class="severity">${severity}</span> <code>${html(problem.code)}</code> ${html(problem.message)}${problem.known !== undefined ? `<p class="fix">Known: ${html(problem.known)}</p>` : `<p class="fix">Fix: ${html(problem.fix ?? "")}</p>`}</li>`;
};

/** A client's problems, most pressing first, each severity its own list. */
function problemsBlock(problems: readonly ReportedProblem[]): string {
  if (problems.length === 0) return "";
  const groups = SEVERITY_ORDER.map((severity) => {
    const of = problems.filter((problem) => severityOf(problem) === severity);
    return of.length === 0
      ? ""
      : `<ul class="problems ${severity}">${of.map(problemItem).join("")}</ul>`;
  });
  return `<h3>Problems</h3>${groups.join("")}`;
}

/** The ignore file the client reads and how many patterns it holds; nothing for a client without one. */
function ignoreLine(client: ClientReport): string {
  const ignore = client.ignoreFile;
  if (ignore === undefined) return "";
  const path = `<code>${html(ignore.path)}</code>`;
  return ignore.exists
    ? `<p class="ignore meta">Ignore file ${path}: <span class="patterns">${count(ignore.patterns)}</span> pattern${ignore.patterns === 1 ? "" : "s"}.</p>`
    : `<p class="ignore meta">Ignore file: none (it reads ${path}).</p>`;
}

/** One client's section. */
function clientSection(report: DoctorReport, client: ClientReport, scale: number): string {
  const checked =
    client.checked === "documentation"
      ? "rules from documentation (no real client checked)"
      : `rules checked against ${html(client.checked.client)} ${html(client.checked.version)}`;
  const cap =
    client.maxBytes === undefined
      ? "no size cap"
      : `cap <span class="max-bytes">${count(client.maxBytes)}</span> bytes`;
  const problems = report.problems.filter((problem) => problem.client === client.client);
  const hooks =
    client.hooks.length === 0
      ? `<h3>Hooks</h3><p class="none">No contextfmt hook installed.</p>`
      : `<h3>Hooks</h3>${client.hooks.map((hook) => hookBlock(hook)).join("")}`;
  const id = html(client.client);
  return `<section class="client" id="client-${id}" data-client="${id}"><h2><span class="label">${html(client.label)}</span> <a class="top" href="#overview">↑ overview</a></h2><p class="meta">${checked}; ${cap}. Reaches the model: <span class="loaded-bytes">${count(client.loaded.bytes)}</span> bytes, <span class="loaded-tokens">${count(client.loaded.tokens)}</span> tokens.</p>${filesBar(client, scale)}${filesTable(client)}${kindsBlock(client)}${ignoreLine(client)}${hooks}${problemsBlock(problems)}</section>`;
}

/** The problems of `problems` of each severity, as the overview's badges. */
function severityCounts(problems: readonly ReportedProblem[]): string {
  const badges = SEVERITY_ORDER.map((severity) => {
    const n = problems.filter((problem) => severityOf(problem) === severity).length;
    return n === 0
      ? ""
      : `<span class="badge ${severity}" data-severity="${severity}"><span class="n">${n}</span> ${severity === "info" ? "info" : `${severity}${n === 1 ? "" : "s"}`}</span>`;
  });
  return badges.join("") || `<span class="none">none</span>`;
}

/**
 * The overview: one row per client with how much of each kind it gets, its name a link to its
 * section.
 */
function overview(report: DoctorReport): string {
  const rows = report.clients.map((client) => {
    const id = html(client.client);
    const loadedFiles = client.files.filter((file) => file.loaded).length;
    const cell = (kind: string, n: number) =>
      `<td class="${kind}${n === 0 ? " zero" : ""}"><span class="n">${n}</span></td>`;
    const problems = report.problems.filter((problem) => problem.client === client.client);
    return `<tr data-client="${id}"><th><a href="#client-${id}">${html(client.label)}</a></th><td class="instructions"><span class="files">${loadedFiles}</span> of ${client.files.length} file${client.files.length === 1 ? "" : "s"}, <span class="tokens">${count(client.loaded.tokens)}</span> tokens</td>${cell("commands", client.commands.length)}${cell("agents", client.agents.length)}${cell("skills", client.skills.length)}${cell("mcp", client.mcpServers.length)}${cell("hooks", client.hooks.length)}<td class="problems">${severityCounts(problems)}</td></tr>`;
  });
  return `<table class="overview" id="overview"><thead><tr><th>client</th><th>instructions loaded</th><th>commands</th><th>agents</th><th>skills</th><th>MCP servers</th><th>hooks</th><th>problems</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** The parts of a session's start, in the order the bar draws them, each with its color. */
const START_PARTS = [
  ["instructions", "instruction files", "#2f855a"],
  ["skills", "skills listed", "#3182ce"],
  ["agents", "agents listed", "#805ad5"],
  ["commands", "commands listed", "#d53f8c"],
  ["hooks", "start hooks", "#d69e2e"],
  ["mcp", "MCP tools", "#319795"],
] as const;

/** The tokens of each part of `client`'s start, in {@link START_PARTS} order. */
const startTokens = (client: ClientReport): number[] => {
  const start = client.start;
  return [
    start.instructions,
    start.skills.tokens,
    start.agents.tokens,
    start.commands.tokens,
    start.hookTokens,
    start.mcp.tokens,
  ];
};

/** What the start leaves uncounted, in words, for the row's note. */
function startNote(client: ClientReport): string {
  const { start } = client;
  const notes: string[] = [];
  const others = start.hooks.reduce((sum, hook) => sum + hook.notCounted, 0);
  if (others > 0) notes.push(`${others} other start hook${others === 1 ? "" : "s"} not counted`);
  if (start.mcp.servers > 0 && start.mcp.started === undefined) {
    notes.push(
      `${start.mcp.servers} MCP server${start.mcp.servers === 1 ? "" : "s"} not started (--start-mcp)`,
    );
  }
  const failed = (start.mcp.started ?? []).filter((server) => "error" in server).length;
  if (failed > 0) notes.push(`${failed} MCP server${failed === 1 ? "" : "s"} gave no tools`);
  const assumed = (["skills", "agents", "commands"] as const).filter(
    (part) => start[part].shape === "assumed" && start[part].listed > 0,
  );
  if (assumed.length > 0) notes.push(`${assumed.join(", ")}: listing assumed`);
  return notes.join("; ");
}

/**
 * The session's start: one bar per client, a segment per part, on one scale (the largest
 * client's total), so the clients' starts compare at a glance.
 */
function startBlock(report: DoctorReport): string {
  if (report.clients.length === 0) return "";
  const scale = Math.max(1, ...report.clients.map((client) => client.start.tokens));
  const rows = report.clients.map((client) => {
    const id = html(client.client);
    let x = 0;
    const rects = startTokens(client).map((tokens, index) => {
      const [part, words] = START_PARTS[index] as (typeof START_PARTS)[number];
      const width = (tokens / scale) * BAR_WIDTH;
      const rect = `<rect class="part-${part}" data-part="${part}" data-tokens="${tokens}" x="${x.toFixed(2)}" y="0" width="${width.toFixed(2)}" height="${BAR_HEIGHT}"><title>${html(`${words}: ${count(tokens)} tokens`)}</title></rect>`;
      x += width;
      return rect;
    });
    const note = startNote(client);
    return `<tr class="start-row" data-client="${id}"><th><a href="#client-${id}">${html(client.label)}</a></th><td class="start-bar">${svg(rects.join(""), `${client.label}: session start`)}</td><td class="tokens"><span class="start-tokens">${client.start.tokens}</span></td><td class="note">${html(note)}</td></tr>`;
  });
  const legend = START_PARTS.map(
    ([, words, color]) => `<span><i style="background:${color}"></i>${words}</span>`,
  ).join("");
  return `<h2 id="start">A session's start</h2><p class="meta">The tokens a new session starts with from the project, by part (the client's own prompt and tools aside).</p><p class="legend">${legend}</p><table class="start"><thead><tr><th>client</th><th>by part</th><th>tokens</th><th>not counted</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1000px;padding:0 1em;color:#1d2430;background:#fff}
h1{font-size:1.5em}h2{margin:1.6em 0 .3em;font-size:1.2em}h3{font-size:1em;margin:1em 0 .3em}h4{font-weight:normal;margin:.6em 0 .2em}
.meta,.size,.none{color:#4a5568;margin:.2em 0 .5em}.where{color:#4a5568;font-family:monospace}
svg.bar{display:block;width:100%;height:40px;overflow:visible}
.track{fill:#edf0f4}.loaded,.included{fill:#2f855a}.cut{fill:#c53030}.shortened{fill:#d69e2e}
.shadowed{fill:#a0aec0}.not-loaded{fill:#cbd5e0}.skipped{fill:#cbd5e0}
line.limit{stroke:#1a202c;stroke-width:3;stroke-dasharray:4 2}
table{border-collapse:collapse;width:100%;margin:.4em 0}th,td{text-align:left;padding:.2em .5em;border-bottom:1px solid #e2e8f0}
td.bytes,td.tokens,td.kept{text-align:right;font-variant-numeric:tabular-nums}
td.path{font-family:monospace}span.level{font-family:sans-serif;font-size:.8em;padding:0 .3em;border-radius:3px;background:#ebf4ff;color:#2c5282}tr.cut td.fate{color:#c53030}tr.shadowed td,tr.not-loaded td{color:#718096}
.size.over{color:#c53030;font-weight:bold}ul.items,ul.problems{margin:.3em 0;padding-left:1.2em}
.legend span{display:inline-block;margin-right:1em}
.no-limit{height:28px;line-height:28px;margin:6px 0;padding-left:.6em;color:#2d3748;border:1px dashed #4a5568;border-right:none;background:repeating-linear-gradient(135deg,#edf2f7 0 8px,#fff 8px 16px)}
table.overview td,table.overview th{text-align:center}table.overview th:first-child,table.overview td.instructions{text-align:left}
table.overview td.zero{color:#a0aec0}a{color:#2b6cb0}a.top{font-size:.75em;font-weight:normal;margin-left:.6em}
.kinds{display:grid;grid-template-columns:repeat(4,1fr);gap:.5em 1em;margin:.6em 0}.kinds h3{margin:.2em 0}.kinds ul{margin:0;padding-left:1.1em}
.kinds .n{color:#718096;font-weight:normal}.kind-item.shadowed{color:#718096}.note{color:#4a5568;font-size:.9em}
.item .source{color:#718096;font-family:monospace;font-size:.9em}
ul.problems{list-style:none;padding-left:0}li.problem{margin:.3em 0;padding:.3em .6em;border-left:4px solid}
li.problem.error{border-color:#c53030;background:#fff5f5}li.problem.warning{border-color:#d69e2e;background:#fffff0}li.problem.info{border-color:#3182ce;background:#ebf8ff}
.severity{font-weight:bold;text-transform:uppercase;font-size:.75em;margin-right:.3em}
.error .severity,.badge.error{color:#c53030}.warning .severity,.badge.warning{color:#975a16}.info .severity,.badge.info{color:#2b6cb0}
.fix{margin:.15em 0 0;color:#2d3748}.badge{display:inline-block;margin:0 .3em;font-weight:bold}
.legend i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}
.legend i.no-limit-key{width:1.6em;border:1px dashed #4a5568;background:repeating-linear-gradient(135deg,#cbd5e0 0 3px,#fff 3px 6px)}
`;

const START_STYLE = START_PARTS.map(([part, , color]) => `.part-${part}{fill:${color}}`).join("");

const LEGEND_KEYS = [
  ["#2f855a", "reaches the model"],
  ["#c53030", "cut off by the client's cap"],
  ["#d69e2e", "shortened"],
  ["#a0aec0", "shadowed by another file"],
  ["#cbd5e0", "not loaded / skipped"],
].map(([color, words]) => `<span><i style="background:${color}"></i>${words}</span>`);

const LEGEND = `<p class="legend">${LEGEND_KEYS.join("")}<span>┆ the limit</span><span><i class="no-limit-key"></i>no inline limit known</span></p>`;

/**
 * The report as one self-contained HTML page: no script, no external resource, every path and
 * message escaped. All clients' file bars share one scale (the largest of any client's files or
 * cap), so their lengths compare.
 *
 * @example
 * writeFileSync("doctor.html", doctorHtml(report));
 */
export function doctorHtml(report: DoctorReport): string {
  const given = report as Partial<Record<keyof DoctorReport, unknown>> | null;
  if (
    typeof given !== "object" ||
    given === null ||
    !Array.isArray(given.clients) ||
    !Array.isArray(given.problems) ||
    // The overview counts every problem by its severity, even with no client to show.
    !given.problems.every((problem) => typeof problem === "object" && problem !== null)
  ) {
    badArgument("report", "a report made by doctor", report);
  }
  const scale = Math.max(
    1,
    ...report.clients.map((client) =>
      Math.max(
        client.maxBytes ?? 0,
        client.files.reduce((sum, file) => sum + file.bytes, 0),
      ),
    ),
  );
  const sections = report.clients.map((client) => clientSection(report, client, scale)).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>contextfmt doctor: what each client loads</title><style>${STYLE}${START_STYLE}table.start td.start-bar{width:60%}table.start td.tokens{text-align:right;font-variant-numeric:tabular-nums}</style></head>
<body><h1>What each client loads from this project</h1><p class="meta">${report.clients.length} client${report.clients.length === 1 ? "" : "s"}; <span class="problem-count">${report.problems.length}</span> problem${report.problems.length === 1 ? "" : "s"}: ${severityCounts(report.problems)}${report.knownBy !== undefined ? `; the known ones named by the last sync, <code class="known-by">${html(report.knownBy)}</code>` : ""}</p>${overview(report)}${startBlock(report)}${LEGEND}${sections}</body></html>
`;
}
