import { describe, expect, it } from "vitest";
import { scrollRestorationKey } from "./scroll-restoration-key.ts";

describe("scrollRestorationKey", () => {
  it("keys pages loaded afresh by their path and query, so two such pages never share a position", () => {
    const pricing = scrollRestorationKey({ key: "default", pathname: "/pricing", search: "" });
    const english = scrollRestorationKey({ key: "default", pathname: "/en/pricing", search: "" });
    expect(pricing).not.toBe(english);
    expect(scrollRestorationKey({ key: "default", pathname: "/pricing", search: "?tab=packs" })).not.toBe(
      pricing,
    );
  });

  it("gives a reloaded page its own position back", () => {
    const first = scrollRestorationKey({ key: "default", pathname: "/en/notice", search: "" });
    expect(scrollRestorationKey({ key: "default", pathname: "/en/notice", search: "" })).toBe(first);
  });

  it("keeps the router's own keys for entries it made", () => {
    expect(scrollRestorationKey({ key: "k3x9a1", pathname: "/pricing", search: "" })).toBe("k3x9a1");
  });
});
