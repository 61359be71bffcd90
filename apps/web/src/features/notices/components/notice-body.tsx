/**
 * The notice body. The HTML was sanitised by the server when it was saved (scripts, handlers,
 * javascript:/data: links, frames, forms and hiding styles removed), and the page's CSP forbids
 * inline script besides; so it is rendered as it is.
 */
const BODY_STYLES = [
  "text-[15px] leading-[1.8] text-ink-soft break-words sm:text-base",
  "[&_p]:my-3 [&_h1]:mt-8 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-ink",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-ink",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink",
  "[&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_a]:underline-offset-2",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-accent-200 [&_blockquote]:pl-4 [&_blockquote]:text-muted",
  "[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl [&_img]:border [&_img]:border-line",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-canvas-deep [&_pre]:p-4 [&_code]:text-[0.92em]",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:px-3 [&_td]:py-2",
  "[&_th]:border [&_th]:border-line [&_th]:bg-canvas [&_th]:px-3 [&_th]:py-2 [&_hr]:my-6 [&_hr]:border-line",
  "[&_strong]:text-ink [&_b]:text-ink [&>:first-child]:mt-0 [&>:last-child]:mb-0",
].join(" ");

export function NoticeBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised notice HTML (modules/notices/notice-html.ts).
  return <div data-testid="notice-body" className={BODY_STYLES} dangerouslySetInnerHTML={{ __html: html }} />;
}
