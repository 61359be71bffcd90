import { describe, expect, it } from "vitest";
import {
  fillOperatorTokens,
  operatorScript,
  operatorToken,
  parseOperatorInfo,
  removeMarkedElements,
} from "./operator.ts";

describe("the operator's details in prerendered HTML (issue 30)", () => {
  it("removes a marked element with everything inside it, nested elements of its kind included", () => {
    const html =
      '<div class="a"><div data-operator-line="name"><div><b>x</b></div><span>y</span></div><div data-operator-line="phone">p</div></div>';
    expect(removeMarkedElements(html, "data-operator-line", "name")).toBe(
      '<div class="a"><div data-operator-line="phone">p</div></div>',
    );
    expect(removeMarkedElements("<p>keep</p>", "data-operator-line", "name")).toBe("<p>keep</p>");
  });

  it("fills tokens escaped, drops missing lines and empty blocks, and names a missing operator", () => {
    const html = [
      `<p>${operatorToken("name")}(이하 회사)</p>`,
      '<div data-operator-block=""><h3>정보</h3><dl>',
      `<div data-operator-line="name"><dt>상호</dt><dd>${operatorToken("name")}</dd></div>`,
      `<div data-operator-line="phone"><dt>전화</dt><dd><a href="tel:${operatorToken("phone")}">${operatorToken("phone")}</a></dd></div>`,
      "</dl></div>",
    ].join("");
    const filled = fillOperatorTokens(html, { name: "A&B <Co>", phone: "02-1" }, "ko");
    expect(filled).toContain("<p>A&amp;B &lt;Co&gt;(이하 회사)</p>");
    expect(filled).toContain('<a href="tel:02-1">02-1</a>');
    const noName = fillOperatorTokens(html, { phone: "02-1" }, "en");
    expect(noName).toContain("<p>the service operator(이하 회사)</p>");
    expect(noName).not.toContain('data-operator-line="name"');
    const none = fillOperatorTokens(html, {}, "ko");
    expect(none).toBe("<p>서비스 운영자(이하 회사)</p>");
  });

  it("carries both languages in a JSON block no value can break out of", () => {
    const script = operatorScript({ ko: { name: "</script><b>" }, en: {} });
    expect(script).not.toContain("</script><b>");
    const json = /<script[^>]*>([^<]*)<\/script>/.exec(script)?.[1];
    expect(parseOperatorInfo(json)).toEqual({ ko: { name: "</script><b>" }, en: {} });
    expect(parseOperatorInfo("{broken")).toEqual({ ko: {}, en: {} });
    expect(parseOperatorInfo('{"ko":{"name":"","phone":7,"address":"서울"}}')).toEqual({
      ko: { address: "서울" },
      en: {},
    });
  });
});
