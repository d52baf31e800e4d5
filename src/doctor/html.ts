/**
 * `doctor --html`: the report as one self-contained page (inline CSS and SVG, no script, nothing
 * fetched), so a person sees at a glance what each client gets. Per client, a bar of its
 * instruction files (what reaches the model, what a cap cuts off, what it skips) with the cap
 * marked, a table of the same numbers, one bar per installed hook (its items included,
 * shortened or skipped, its inline limit marked), and the problems. Every number shown is one of
 * the report's, so the page and `--json` never disagree.
 */
// Paths and messages come from the project: escaped as an XML attribute value, which is safe for
// HTML content and attributes alike (HTML5 reads those references the same).
import { escapeXmlAttribute as html } from "../formats/escape.js";
import { badArgument } from "../problems/arguments.js";
import type { ClientReport, DoctorReport, InstalledHook, LoadedFile } from "./report.js";

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
  const cap =
    client.maxBytes === undefined
      ? ""
      : limitLine(client.maxBytes / scale, `cap: ${count(client.maxBytes)} bytes`);
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
    return `<tr class="file ${status}" data-path="${html(file.path)}"><td class="path">${html(file.path)}</td><td class="bytes">${count(file.bytes)}</td><td class="tokens">${count(file.tokens)}</td><td class="kept">${count(keptBytes(file))}</td><td class="fate">${html(words)}</td></tr>`;
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

/**
 * One hook's bar, in its limit's unit: each included or shortened item a share of the injected
 * size by its tokens (items are counted in tokens; the limit may be in characters), skipped items
 * listed beside it; the limit marked.
 */
function hookBlock(hook: InstalledHook): string {
  const head = `<h4><span class="event">${html(hook.event)}</span> <span class="where">${html(hook.path)}</span></h4>`;
  const inject = hook.inject;
  if (!inject) {
    return `<div class="hook" data-event="${html(hook.event)}">${head}<p class="none">Names no input file that can be read: nothing to measure.</p></div>`;
  }
  const { unit, limit, size } = hookScale(hook);
  const scale = Math.max(size, limit ?? 0, 1);
  const totalTokens = inject.items.reduce((sum, item) => sum + item.tokens, 0);
  let x = 0;
  const rects: string[] = [];
  for (const item of inject.items) {
    if (item.status === "skipped" || totalTokens === 0) continue;
    const width = ((item.tokens / totalTokens) * size * BAR_WIDTH) / scale;
    rects.push(
      `<rect class="${item.status}" x="${x.toFixed(2)}" y="0" width="${width.toFixed(2)}" height="${BAR_HEIGHT}"><title>${html(`${item.source} ${item.id}: ${item.status}, ${count(item.tokens)} tokens`)}</title></rect>`,
    );
    x += width;
  }
  const mark =
    limit === undefined ? "" : limitLine(limit / scale, `limit: ${count(limit)} ${unit}`);
  const over = limit !== undefined && size > limit;
  const summary = `<p class="size${over ? " over" : ""}">Injects <span class="inject">${count(size)}</span> ${unit}${limit === undefined ? " (no inline limit known)" : ` of a limit of <span class="limit-value">${count(limit)}</span>`}; <span class="hook-tokens">${count(inject.tokens)}</span> tokens.</p>`;
  const items = inject.items.map(
    (item) =>
      `<li class="item ${item.status}" data-id="${html(item.id)}"><span class="status">${item.status}</span> ${html(item.source)} <b>${html(item.id)}</b> <span class="tokens">${count(item.tokens)}</span> tokens${item.reason ? ` — ${html(item.reason)}` : ""}</li>`,
  );
  return `<div class="hook" data-event="${html(hook.event)}">${head}${svg(`${rects.join("")}${mark}`, `${hook.event} hook context`)}${summary}<ul class="items">${items.join("")}</ul></div>`;
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
  const problemList =
    problems.length === 0
      ? ""
      : `<ul class="problems">${problems.map((problem) => `<li class="problem" data-code="${problem.code}"><code>${problem.code}</code> ${html(problem.message)}</li>`).join("")}</ul>`;
  const hooks =
    client.hooks.length === 0
      ? ""
      : `<h3>Hooks</h3>${client.hooks.map((hook) => hookBlock(hook)).join("")}`;
  return `<section class="client" id="client-${client.client}" data-client="${client.client}"><h2>${html(client.label)}</h2><p class="meta">${checked}; ${cap}. Reaches the model: <span class="loaded-bytes">${count(client.loaded.bytes)}</span> bytes, <span class="loaded-tokens">${count(client.loaded.tokens)}</span> tokens.</p>${filesBar(client, scale)}${filesTable(client)}${hooks}${problemList}</section>`;
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
td.path{font-family:monospace}tr.cut td.fate{color:#c53030}tr.shadowed td,tr.not-loaded td{color:#718096}
.size.over{color:#c53030;font-weight:bold}ul.items,ul.problems{margin:.3em 0;padding-left:1.2em}
li.problem code{color:#c53030}.legend span{display:inline-block;margin-right:1em}
.legend i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}
`;

const LEGEND = `<p class="legend">${[
  ["#2f855a", "reaches the model"],
  ["#c53030", "cut off by the client's cap"],
  ["#d69e2e", "shortened"],
  ["#a0aec0", "shadowed by another file"],
  ["#cbd5e0", "not loaded / skipped"],
]
  .map(([color, words]) => `<span><i style="background:${color}"></i>${words}</span>`)
  .join("")}<span>┆ the limit</span></p>`;

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
    !Array.isArray(given.problems)
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
<title>contextfmt doctor: what each client loads</title><style>${STYLE}</style></head>
<body><h1>What each client loads from this project</h1>${LEGEND}<p class="meta"><span class="problem-count">${report.problems.length}</span> problem${report.problems.length === 1 ? "" : "s"}.</p>${sections}</body></html>
`;
}
