import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { renderBelowFold } from "./browser.ts";

/**
 * axe-core in the journeys (issue 17, Accessibility): `auditPage` runs every WCAG 2.0–2.2 A/AA rule
 * and axe's best practices on the page as it is now (a route, or an open menu or dialog), and returns
 * the serious and critical violations, each as one readable line. A journey asserts the list is empty,
 * so a failure names the rule, the element and what to fix.
 *
 * The script is evaluated through the DevTools protocol rather than added as a <script> tag, so the
 * server's Content-Security-Policy (no inline scripts) stays on while the audit runs.
 */
const axeSource: string = createRequire(import.meta.url)("axe-core").source;

export type AxeImpact = "minor" | "moderate" | "serious" | "critical";

interface AxeNode {
  target: string[];
  failureSummary?: string;
  html: string;
}
interface AxeViolation {
  id: string;
  impact: AxeImpact | null;
  help: string;
  nodes: AxeNode[];
}

export interface AuditOptions {
  /** CSS selectors left out (e.g. a third party's frame); keep this empty unless there's a reason. */
  exclude?: string[];
  /** Only this part of the page (e.g. an open dialog's selector). */
  include?: string;
  /** Lowest impact reported; the issue asks for zero serious or critical. */
  minImpact?: AxeImpact;
}

const ORDER: AxeImpact[] = ["minor", "moderate", "serious", "critical"];

export async function auditPage(page: Page, options: AuditOptions = {}): Promise<string[]> {
  // Everything is audited, parts of the page not yet rendered (content-visibility) included.
  const restore = await renderBelowFold(page);
  try {
    return await audit(page, options);
  } finally {
    await restore();
  }
}

async function audit(page: Page, options: AuditOptions): Promise<string[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axeSource);
  const context = {
    ...(options.include ? { include: [options.include] } : {}),
    exclude: (options.exclude ?? []).map((selector) => [selector]),
  };
  const violations = (await page.evaluate(
    async ({ context }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is evaluated into the page above, untyped there.
      const axe = (window as any).axe;
      const result = await axe.run(context.include ? context : { exclude: context.exclude }, {
        runOnly: {
          type: "tag",
          values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
        },
        resultTypes: ["violations"],
      });
      return result.violations;
    },
    { context },
  )) as AxeViolation[];
  const floor = ORDER.indexOf(options.minImpact ?? "serious");
  return violations
    .filter((violation) => ORDER.indexOf(violation.impact ?? "minor") >= floor)
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${violation.impact}] ${violation.id}: ${violation.help} — ${node.target.join(" ")} — ${(
            node.failureSummary ?? ""
          )
            .replace(/\s+/g, " ")
            .slice(0, 300)}`,
      ),
    );
}
