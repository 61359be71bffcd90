import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { ko } from "./ko.ts";

type TTree = { [key: string]: string | TTree };

function collect(tree: TTree, prefix = ""): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") leaves.set(path, value);
    else for (const [leaf, text] of collect(value, path)) leaves.set(leaf, text);
  }
  return leaves;
}

const koLeaves = collect(ko as unknown as TTree);
const enLeaves = collect(en as unknown as TTree);

describe("translations", () => {
  it("has every Korean key in English", () => {
    const missing = [...koLeaves.keys()].filter((key) => !enLeaves.has(key));
    expect(missing).toEqual([]);
  });

  it("has every English key in Korean", () => {
    const missing = [...enLeaves.keys()].filter((key) => !koLeaves.has(key));
    expect(missing).toEqual([]);
  });

  it("has no empty text in either language", () => {
    const empty = [...koLeaves, ...enLeaves].filter(([, text]) => text.trim() === "").map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it("uses the same interpolation variables in both languages", () => {
    const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const mismatched = [...koLeaves.keys()].filter(
      (key) =>
        JSON.stringify(variables(koLeaves.get(key)!)) !== JSON.stringify(variables(enLeaves.get(key) ?? "")),
    );
    expect(mismatched).toEqual([]);
  });

  it("keeps the spec's English wording of the shell messages (spec 01 §1, §8)", () => {
    expect(en.common.tagline).toBe("Better visuals, faster decisions");
    expect(en.session.expiredDefault).toBe("Your login has expired. Please log in again!");
    expect(en.errorScreen.title).toBe("An error occurred");
    expect(en.aiSuite.subtitle).toBe("Choose your AI tool");
    expect(ko.aiSuite.label).toBe("AI 기능");
  });
});
