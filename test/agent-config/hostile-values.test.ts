/**
 * Values no format can write (a cycle, an object shared twice per level, nesting without end) and
 * arguments of the wrong kind are refused with a typed error naming the place, in time linear in
 * the value, never by a process that runs out of memory or stack.
 */
import { InvalidInputError } from "contextfmt";
import {
  type AgentCodec,
  builtinAgentConfigFormats,
  ConfigParseError,
  convertAgent,
  convertCommand,
  createAgentConfigRegistry,
  parseAgent,
  parseCommand,
  parseMcpConfig,
  parseSkill,
  renderAgent,
  renderCommand,
  renderMcpConfig,
  renderSkill,
} from "contextfmt/agent-config";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";

/** The error `run` throws (the test fails when it throws none). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error, none was thrown");
}

/** An object holding `{ a: below, b: below }` for `levels` levels: 2^levels values written out. */
function doubling(levels: number): object {
  let node: object = { v: "x" };
  for (let level = 0; level < levels; level += 1) node = { a: node, b: node };
  return node;
}

/** Objects nested `levels` deep: `{ n: { n: … } }`. */
function nested(levels: number): object {
  let node: object = {};
  for (let level = 0; level < levels; level += 1) node = { n: node };
  return node;
}

describe("a cycle is refused, named where it closes", () => {
  it("an MCP server's env that holds itself", () => {
    const env: Record<string, unknown> = { A: "1" };
    env.self = env;
    const error = thrown(() =>
      renderMcpConfig("claude", [{ name: "x", transport: "stdio", command: "c", env } as never]),
    );
    expect(InvalidInputError.is(error)).toBe(true);
    expect((error as InvalidInputError).issues).toEqual([
      expect.objectContaining({ code: "invalid_input", path: "servers[0].env.self" }),
    ]);
    expect((error as Error).message).toMatch(/^servers\[0\]\.env\.self: a cycle/);
  });

  it("a command's front matter (extra) that holds itself, through a list", () => {
    const meta: Record<string, unknown> = { tags: [] };
    (meta.tags as unknown[]).push({ back: meta });
    expect(() => renderCommand("claude", { prompt: "p", extra: { meta } })).toThrow(
      /^command\.extra\.meta\.tags\[0\]\.back: a cycle/,
    );
  });

  it("an agent's extra keys and a skill's, for every format", () => {
    const loop: Record<string, unknown> = {};
    loop.again = loop;
    for (const format of builtinAgentConfigFormats) {
      if (format.kind === "agent") {
        const agent = {
          name: "a",
          description: "d",
          prompt: "p",
          extra: { [format.id]: { loop } },
        };
        expect(() => renderAgent(format.id, agent)).toThrow(InvalidInputError);
      }
      if (format.kind === "skill") {
        expect(() => renderSkill(format.id, { name: "s", prompt: "p", extra: { loop } })).toThrow(
          /^skill\.extra\.loop\.again: a cycle/,
        );
      }
    }
  });

  it("YAML front matter whose alias points into itself", async () => {
    const text = "---\nmeta: &a\n  self: *a\n---\nHi\n";
    const error = thrown(() => parseSkill("claude", `---\nname: s\n${text.slice(4)}`));
    expect(ConfigParseError.is(error)).toBe(true);
    expect((error as ConfigParseError).path).toBe("meta.self");
    expect((error as Error).message).toMatch(/meta\.self: a cycle/);
    await expect(convertCommand(text, { from: "claude", to: "gemini" })).rejects.toThrow(
      ConfigParseError,
    );
  });
});

describe("an object shared twice per level is written once per key, up to a bound", () => {
  it("shared children are written out in full where the value stays small", () => {
    const shared = { x: "1", list: ["a", "b"] };
    const agent = {
      name: "a",
      description: "d",
      prompt: "p",
      extra: { codex: { first: shared, second: shared } },
    };
    const { content } = renderAgent("codex", agent);
    const file = parseToml(content) as Record<string, unknown>;
    expect(file.first).toEqual(shared);
    expect(file.second).toEqual(shared);
    // A YAML format may say it once with an alias; read back, it is the same value twice.
    const command = parseCommand(
      "claude",
      renderCommand("claude", { prompt: "p", extra: { first: shared, second: shared } }).content,
    ).command;
    expect(command.extra).toEqual({ first: shared, second: shared });
  });

  it("40 levels (2^40 values written out) are refused at once, naming the bound", () => {
    const start = performance.now();
    const error = thrown(() =>
      renderSkill("claude", { name: "s", prompt: "p", extra: { meta: doubling(40) } }),
    );
    expect(InvalidInputError.is(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^skill\.extra\.meta(\.a)+: more than 1,000,000 values when written out/,
    );
    // Not a time assertion on the engine (growth-cases.ts holds the ratio): a guard against
    // the walk of 2^40 paths, which would never end.
    expect(performance.now() - start).toBeLessThan(10_000);
  });

  it("18 levels (about 800,000 values written out) are still written", () => {
    const { content } = renderSkill("claude", {
      name: "s",
      prompt: "p",
      extra: { meta: doubling(18) },
    });
    expect(content).toContain("meta:");
  });
});

describe("nesting deeper than 100 levels is refused, not a stack overflow", () => {
  it("when rendering", () => {
    const error = thrown(() =>
      renderCommand("claude", { prompt: "p", extra: { deep: nested(20_000) } }),
    );
    expect(InvalidInputError.is(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^command\.extra\.deep(\.n)+: nested more than 100 levels/,
    );
    expect(() =>
      renderCommand("claude", { prompt: "p", extra: { deep: nested(90) } }),
    ).not.toThrow();
  });

  // Cursor's format rewrites every string of the file before its shape is read.
  it("when reading a Cursor .cursor/mcp.json", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const text = `{"mcpServers":{"a":{"command":"x","other":${deep}}}}`;
    const error = thrown(() => parseMcpConfig("cursor", text));
    expect(ConfigParseError.is(error)).toBe(true);
    expect((error as Error).message).toMatch(/nested more than 100 levels/);
  });
});

describe("AgentConfigRegistry#register checks its options", () => {
  const format = builtinAgentConfigFormats[0] as (typeof builtinAgentConfigFormats)[number];

  it("null options are an InvalidInputError naming them", () => {
    const registry = createAgentConfigRegistry([]);
    const error = thrown(() => registry.register(format, null as never));
    expect(InvalidInputError.is(error)).toBe(true);
    expect((error as Error).message).toBe(
      "options: expected an object ({ replace?: boolean }), received null",
    );
    expect(registry.list(format.kind)).toEqual([]);
  });

  it("a replace that is not a boolean is named", () => {
    const registry = createAgentConfigRegistry();
    expect(() => registry.register(format, { replace: "yes" } as never)).toThrow(
      /^options\.replace: expected a boolean, received "yes"$/,
    );
    expect(registry.register(format, { replace: true }).list(format.kind)).toContain(format.id);
  });
});

describe("$ in MCP URLs and Gemini prompts", () => {
  it("a bare $NAME in a URL Gemini CLI would expand is warned as the url, not a header", () => {
    const { warnings } = renderMcpConfig("gemini", [
      { name: "s", transport: "http", url: "https://example.com/$c/mcp", headers: { A: "b" } },
    ]);
    expect(warnings.map((warning) => warning.path)).toEqual(["s.url"]);
    expect(warnings[0]?.message).toMatch(/in url/);
  });

  it("a header's bare $NAME is still the header's", () => {
    const { warnings } = renderMcpConfig("gemini", [
      { name: "s", transport: "http", url: "https://example.com/mcp", headers: { A: "$b" } },
    ]);
    expect(warnings.map((warning) => warning.path)).toEqual(["s.headers"]);
  });

  it("a backslash before $ in a Gemini prompt is kept, to Gemini and through Claude", async () => {
    const gemini = "prompt = '''\nPay \\$x, \\\\$y and \\$5 with {{args}}'''\n";
    const same = await convertCommand(gemini, { from: "gemini", to: "gemini", name: "c" });
    expect(parseToml(same.content).prompt).toBe("Pay \\$x, \\\\$y and \\$5 with {{args}}\n");
    expect(same.warnings).toEqual([]);
    const claude = await convertCommand(gemini, { from: "gemini", to: "claude", name: "c" });
    // Claude Code reads \$ as a literal $: the backslash the Gemini prompt holds is escaped too.
    expect(claude.content).toBe("Pay \\\\$x, \\\\\\$y and \\\\$5 with $ARGUMENTS\n");
    const back = await convertCommand(claude.content, { from: "claude", to: "gemini", name: "c" });
    expect(parseToml(back.content).prompt).toBe("Pay \\$x, \\\\$y and \\$5 with {{args}}\n");
  });
});

describe("parse functions reach the same checks", () => {
  it("an agent's YAML front matter with a cycle", () => {
    expect(() =>
      parseAgent("claude", "---\nname: a\ndescription: d\nx: &a [*a]\n---\nHi\n"),
    ).toThrow(/x\[0\]: a cycle/);
  });
});

describe("a registered format's parse is checked before another format writes what it read", () => {
  it("an agent read with a cycle in its extra keys is a ConfigParseError, not a writer's error", () => {
    const loop: Record<string, unknown> = {};
    loop.again = loop;
    const mine = Object.freeze<AgentCodec>({
      kind: "agent",
      id: "mine",
      fileLabel: "my agent file",
      parse: () => ({
        agent: { name: "a", description: "d", prompt: "p", extra: { codex: { loop } } },
        warnings: [],
      }),
      render: (agent) => ({ content: agent.prompt, warnings: [] }),
    });
    const registry = createAgentConfigRegistry().register(mine);
    const error = thrown(() => convertAgent("x", { from: "mine", to: "codex", registry }));
    expect(ConfigParseError.is(error)).toBe(true);
    expect((error as Error).message).toBe(
      "my agent file, agent.extra.codex.loop.again: a cycle: the value here is one that holds it, so writing it out would never end",
    );
  });
});
