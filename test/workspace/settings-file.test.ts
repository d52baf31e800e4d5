/**
 * One settings file, JSON (with comments) or TOML by its name: the same edits keep every byte
 * they do not change — comments, key order, line endings — in either syntax.
 */
import { describe, expect, it } from "vitest";
import { InputFileError } from "../../src/hooks/input-text.js";
import { settingsFile } from "../../src/workspace/settings-file.js";

const jsonc = [
  "{",
  "  // the user's own server",
  '  "mcpServers": {',
  '    "mine": { "command": "mine" }, // kept',
  '    "old": { "command": "old" }',
  "  },",
  '  "theme": "dark"',
  "}",
  "",
].join("\r\n");

const toml = [
  "# the user's settings",
  'model = "o4"',
  "",
  "[mcp_servers.mine] # kept",
  'command = "mine"',
  "",
  "[mcp_servers.old]",
  'command = "old"',
  "",
].join("\r\n");

describe("settingsFile", () => {
  it("is chosen by the file's name: TOML for .toml, else JSON with comments", () => {
    expect(settingsFile(".codex/config.toml", toml).value()).toEqual({
      model: "o4",
      mcp_servers: { mine: { command: "mine" }, old: { command: "old" } },
    });
    expect(settingsFile(".mcp.json", jsonc).value()).toEqual({
      mcpServers: { mine: { command: "mine" }, old: { command: "old" } },
      theme: "dark",
    });
    // The codecs read plain text of the syntax: JSON without its comments, TOML as it is.
    expect(JSON.parse(settingsFile(".mcp.json", jsonc).plainText())).toEqual(
      settingsFile(".mcp.json", jsonc).value(),
    );
    expect(settingsFile(".codex/config.toml", toml).plainText()).toBe(toml);
    expect(settingsFile(".codex/config.toml", toml).at(["mcp_servers", "old", "command"])).toBe(
      "old",
    );
    expect(settingsFile(".mcp.json", jsonc).at(["mcpServers", "mine", "command"])).toBe("mine");
    expect(settingsFile(".mcp.json", jsonc).at(["mcpServers", "absent"])).toBeUndefined();
  });

  it("sets a group's entries and takes others out, every other byte kept, in either syntax", () => {
    const json = settingsFile(".mcp.json", jsonc);
    json.setEntries("mcpServers", new Map([["new", { command: "new" }]]));
    expect(json.result()).toBe(
      jsonc.replace(
        '    "old": { "command": "old" }',
        '    "old": { "command": "old" },\r\n    "new": {\r\n      "command": "new"\r\n    }',
      ),
    );
    const gone = settingsFile(".mcp.json", jsonc);
    gone.removeEntries("mcpServers", new Set(["old", "absent"]));
    expect(gone.result()).toBe(jsonc.replace(', // kept\r\n    "old": { "command": "old" }', ""));

    const codex = settingsFile(".codex/config.toml", toml);
    codex.setEntries("mcp_servers", new Map([["new", { command: "new" }]]));
    expect(codex.result()).toBe(`${toml}\r\n[mcp_servers.new]\r\ncommand = "new"\r\n`);
    const codexGone = settingsFile(".codex/config.toml", toml);
    codexGone.removeEntries("mcp_servers", new Set(["old"]));
    expect(codexGone.result()).toBe(
      toml.replace('\r\n[mcp_servers.old]\r\ncommand = "old"\r\n', ""),
    );
  });

  it("taking out what is not there leaves the file as it is: no empty group made", () => {
    const bare = '{ "theme": "dark" }\n';
    const json = settingsFile(".gemini/settings.json", bare);
    json.removeEntries("mcpServers", new Set(["old"]));
    expect(json.result()).toBe(bare);
    const codex = settingsFile(".codex/config.toml", 'model = "o4"\n');
    codex.removeEntries("mcp_servers", new Set(["old"]));
    expect(codex.result()).toBe('model = "o4"\n');
  });

  it("appends to a list (an array of tables in TOML) and sets a key, reading the file as it was", () => {
    const entry = { hooks: [{ type: "command", command: "run" }] };
    const json = settingsFile(".claude/settings.json", "{}\n");
    json.append(["hooks", "SessionStart"], entry);
    json.set(["version"], 1);
    expect(JSON.parse(json.result())).toEqual({ hooks: { SessionStart: [entry] }, version: 1 });
    expect(json.value()).toEqual({});
    expect(json.at(["hooks"])).toBeUndefined();

    const codex = settingsFile(".codex/config.toml", "# mine\n");
    codex.append(["hooks", "SessionStart"], entry);
    codex.set(["features", "hooks"], true);
    expect(codex.result()).toBe(
      '# mine\n\n[[hooks.SessionStart]]\n[[hooks.SessionStart.hooks]]\ntype = "command"\ncommand = "run"\n\n[features]\nhooks = true\n',
    );
    expect(codex.value()).toEqual({});
    expect(codex.at(["features", "hooks"])).toBeUndefined();
  });

  it("names the file, and the place, of a syntax error or a value that is not a table", () => {
    expect(() => settingsFile(".mcp.json", '{ "a": 1,, }')).toThrow(
      /^\.mcp\.json:1:\d+: invalid JSON/,
    );
    expect(() => settingsFile(".codex/config.toml", "a = = 1\n")).toThrow(
      /^\.codex\/config\.toml:1:\d+: invalid TOML/,
    );
    const codex = settingsFile(".codex/config.toml", "mcp_servers = 1\n");
    expect(() => codex.setEntries("mcp_servers", new Map([["a", { command: "a" }]]))).toThrow(
      InputFileError,
    );
    const json = settingsFile(".mcp.json", '{ "mcpServers": 1 }');
    json.setEntries("mcpServers", new Map([["a", { command: "a" }]]));
    expect(() => json.result()).toThrow(
      /\.mcp\.json: mcpServers: expected an object, found a number/,
    );
  });
});
