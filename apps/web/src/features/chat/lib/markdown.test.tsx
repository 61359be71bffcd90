import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseBlocks, renderInline } from "./markdown.tsx";

describe("chat markdown", () => {
  it("splits paragraphs, headings, lists and fenced blocks", () => {
    const blocks = parseBlocks(
      "# Idea\nFirst line\nsecond line\n\n- one\n- two\n1. a\n```prompt\nportrait, soft light\n```\nafter",
    );
    expect(blocks).toEqual([
      { kind: "heading", level: 1, text: "Idea" },
      { kind: "paragraph", text: "First line\nsecond line" },
      { kind: "list", ordered: false, items: ["one", "two"] },
      { kind: "list", ordered: true, items: ["a"] },
      { kind: "code", lang: "prompt", text: "portrait, soft light" },
      { kind: "paragraph", text: "after" },
    ]);
  });

  it("keeps an unclosed fence of a reply still streaming", () => {
    expect(parseBlocks("Here:\n```prompt\nhalf a pro")).toEqual([
      { kind: "paragraph", text: "Here:" },
      { kind: "code", lang: "prompt", text: "half a pro" },
    ]);
  });

  it("renders marks as elements and markup as text", () => {
    const { container } = render(
      <p>
        {renderInline(
          '**bold** *it* `x<y` <img src=x onerror="alert(1)"> [ok](https://gyeol.app) [bad](javascript:alert(1))',
        )}
      </p>,
    );
    expect(container.querySelector("strong")?.textContent).toBe("bold");
    expect(container.querySelector("em")?.textContent).toBe("it");
    expect(container.querySelector("code")?.textContent).toBe("x<y");
    expect(container.querySelector("img")).toBeNull();
    const links = container.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("href")).toBe("https://gyeol.app");
    expect(links[0]!.getAttribute("rel")).toContain("noopener");
    expect(container.textContent).toContain("[bad](javascript:alert(1))");
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});
