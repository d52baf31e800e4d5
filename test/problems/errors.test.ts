import {
  ContextFmtError,
  FormatValidationError,
  InvalidInputError,
  UnknownAdapterError,
} from "contextfmt";
import { describe, expect, it } from "vitest";

describe("errors", () => {
  it("carry their own name and are Errors", () => {
    const error = new UnknownAdapterError("x", ["claude"]);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("UnknownAdapterError");
    expect(new InvalidInputError([]).name).toBe("InvalidInputError");
    expect(new FormatValidationError("claude", []).name).toBe("FormatValidationError");
  });

  it("are recognised by is() across copies of the package (marker, not instanceof)", () => {
    // What another copy's error looks like from here: same marker and name, other prototype.
    const foreign = Object.assign(Object.create(Error.prototype), {
      name: "InvalidInputError",
      message: "x",
    });
    Object.defineProperty(foreign, Symbol.for("contextfmt.error"), { value: true });
    expect(foreign instanceof InvalidInputError).toBe(false);
    expect(InvalidInputError.is(foreign)).toBe(true);
    expect(ContextFmtError.is(foreign)).toBe(true);
    expect(UnknownAdapterError.is(foreign)).toBe(false);
  });

  it("reject look-alikes without the marker", () => {
    expect(ContextFmtError.is(new Error("x"))).toBe(false);
    expect(InvalidInputError.is({ name: "InvalidInputError" })).toBe(false);
    expect(ContextFmtError.is(null)).toBe(false);
    expect(ContextFmtError.is("InvalidInputError")).toBe(false);
  });
});
