import type { TLocale } from "@gyeol/shared/constants";
import { useTranslation } from "react-i18next";
import { OperatorDetails } from "../../../components/operator-details.tsx";
import type { TLegalBlock } from "../content/legal-document.ts";
import { LegalText } from "./legal-text.tsx";

const CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳";

/** Paragraph numbers as Korean statutes write them (①, ②) and English ones ((1), (2)). */
function itemMarker(index: number, locale: TLocale): string {
  return locale === "ko" ? (CIRCLED[index] ?? `${index + 1}.`) : `(${index + 1})`;
}

export function LegalBlock({ block, locale }: { block: TLegalBlock; locale: TLocale }) {
  const { t } = useTranslation();
  switch (block.kind) {
    case "operator":
      return (
        <OperatorDetails
          locale={locale}
          variant="rows"
          fields={block.fields}
          heading={t(`operator.${block.heading}`)}
          testId={`legal-operator-${block.heading}`}
        />
      );
    case "p":
      return (
        <p className="my-3">
          <LegalText text={block.text} />
        </p>
      );
    case "ol":
      return (
        <ol className="my-3 flex flex-col gap-2">
          {block.items.map((item, index) => (
            <li key={item} className="flex gap-2">
              <span
                aria-hidden="true"
                className="w-7 shrink-0 text-right font-medium text-muted tabular-nums"
              >
                {itemMarker(index, locale)}
              </span>
              <span className="min-w-0 flex-1">
                <LegalText text={item} />
              </span>
            </li>
          ))}
        </ol>
      );
    case "ul":
      return (
        <ul className="my-3 list-disc pl-6">
          {block.items.map((item) => (
            <li key={item} className="my-1">
              <LegalText text={item} />
            </li>
          ))}
        </ul>
      );
    case "table":
      return (
        <div className="my-4 overflow-hidden rounded-2xl border border-line sm:overflow-x-auto">
          <table
            data-testid="legal-table"
            className="w-full border-collapse text-left text-[14px] sm:min-w-[32rem]"
          >
            <caption className="sr-only">{block.caption}</caption>
            <thead className="bg-canvas-deep/70 text-[13px] font-bold text-ink max-sm:hidden">
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col" className="border-b border-line px-4 py-2.5">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr
                  key={row.join("|")}
                  className="border-b border-line last:border-b-0 even:bg-canvas/50 max-sm:block max-sm:px-4 max-sm:py-3"
                >
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th
                        key={cell}
                        scope="row"
                        className="px-4 py-2.5 align-top font-semibold text-ink max-sm:block max-sm:p-0 max-sm:pb-1.5 sm:whitespace-nowrap"
                      >
                        {cell}
                      </th>
                    ) : (
                      <td
                        key={`${block.head[index]}-${cell}`}
                        data-label={block.head[index]}
                        className="px-4 py-2.5 align-top text-ink-soft max-sm:flex max-sm:gap-3 max-sm:p-0 max-sm:py-0.5 max-sm:text-[13.5px] max-sm:before:w-16 max-sm:before:shrink-0 max-sm:before:text-muted max-sm:before:content-[attr(data-label)]"
                      >
                        <LegalText text={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "note":
      return (
        <p className="my-4 rounded-xl bg-canvas-deep/60 px-4 py-3 text-[14px] text-muted">
          <LegalText text={block.text} />
        </p>
      );
  }
}
