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
      {
        kind: "list",
        ordered: false,
        start: 1,
        items: [
          { text: "one", children: [] },
          { text: "two", children: [] },
        ],
      },
      { kind: "list", ordered: true, start: 1, items: [{ text: "a", children: [] }] },
      { kind: "code", lang: "prompt", text: "portrait, soft light", isClosed: true },
      { kind: "paragraph", text: "after" },
    ]);
  });

  it("keeps an unclosed fence of a reply still streaming", () => {
    expect(parseBlocks("Here:\n```prompt\nhalf a pro")).toEqual([
      { kind: "paragraph", text: "Here:" },
      { kind: "code", lang: "prompt", text: "half a pro", isClosed: false },
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

  it("keeps underscores inside words as letters, and reads nothing inside code as marks (issue 27)", () => {
    const { container } = render(
      <p>{renderInline("use snake_case_name and __init__.py, _this_ is italic, `a_b_c *d*` stays")}</p>,
    );
    expect(container.textContent).toBe(
      "use snake_case_name and __init__.py, this is italic, a_b_c *d* stays",
    );
    const ems = [...container.querySelectorAll("em")].map((el) => el.textContent);
    expect(ems).toEqual(["this"]);
    expect(container.querySelector("strong")).toBeNull();
    expect(container.querySelector("code")?.textContent).toBe("a_b_c *d*");

    const more = render(<p>{renderInline("**bold _and italic_** ~~gone~~ \\*not italic\\* 2*3*4")}</p>);
    expect(more.container.querySelector("strong em")?.textContent).toBe("and italic");
    expect(more.container.querySelector("s")?.textContent).toBe("gone");
    expect(more.container.textContent).toContain("*not italic*");
  });

  it("nests lists by indentation, keeps an ordered list's first number and items over several lines", () => {
    const blocks = parseBlocks(
      "3. third\n   still third\n4. fourth\n   - inner a\n   - inner b\n5. fifth\n\nafter",
    );
    expect(blocks).toEqual([
      {
        kind: "list",
        ordered: true,
        start: 3,
        items: [
          { text: "third\nstill third", children: [] },
          {
            text: "fourth",
            children: [
              {
                kind: "list",
                ordered: false,
                start: 1,
                items: [
                  { text: "inner a", children: [] },
                  { text: "inner b", children: [] },
                ],
              },
            ],
          },
          { text: "fifth", children: [] },
        ],
      },
      { kind: "paragraph", text: "after" },
    ]);
    expect(parseBlocks("~~~js\nconst a_b = 1;\n~~~")).toEqual([
      { kind: "code", lang: "js", text: "const a_b = 1;", isClosed: true },
    ]);
  });
});
