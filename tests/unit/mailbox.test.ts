import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { canonicalMailbox } from "../../src/domain/mailbox.ts";

describe("canonicalMailbox: one mailbox, one key (decision 098)", () => {
  test("case, a +tag and, at Gmail, dots lead to the same mailbox", () => {
    for (const alias of [
      "gina@gmail.com",
      "Gina@Gmail.com",
      "g.i.n.a@gmail.com",
      "gina+2@gmail.com",
      "G.ina+trial.again@googlemail.com",
      " gina@gmail.com. ",
    ]) {
      expect(canonicalMailbox(alias)).toBe("gina@gmail.com");
    }
  });

  test("a +tag is dropped everywhere; dots only at Gmail", () => {
    expect(canonicalMailbox("gina+2@outlook.com")).toBe("gina@outlook.com");
    expect(canonicalMailbox("gina+2@example.com")).toBe("gina@example.com");
    expect(canonicalMailbox("gi.na@outlook.com")).toBe("gi.na@outlook.com");
    expect(canonicalMailbox("gi.na@example.com")).not.toBe(canonicalMailbox("gina@example.com"));
  });

  test("odd addresses keep what makes them different", () => {
    expect(canonicalMailbox("+tag@example.com")).toBe("+tag@example.com");
    expect(canonicalMailbox("...@gmail.com")).toBe("...@gmail.com");
    expect(canonicalMailbox("no-at-sign")).toBe("no-at-sign");
    expect(canonicalMailbox("a@b@example.com")).toBe("a@b@example.com");
  });

  test("any text: never throws, and the key of a key is itself", () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 })), (text) => {
        const key = canonicalMailbox(text);
        expect(canonicalMailbox(key)).toBe(key);
      }),
    );
  });
});
