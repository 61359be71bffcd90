/**
 * The assistant's markdown, rendered safely (issue 14): the text becomes React elements, never
 * HTML, so nothing a model writes (or was tricked into writing) can run. Supported: paragraphs
 * and line breaks, # headings, - and 1. lists, fenced code (a ```prompt block becomes a prompt
 * card the page offers to other tools), `code`, **bold**, *italic*, and [links](https://…) to
 * http(s) only, opened in a new tab without a referrer.
 */
import { Fragment, type ReactNode } from "react";

export type TBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "code"; lang: string; text: string };

/** Splits the text into blocks; an unclosed fence runs to the end (a reply still streaming). */
export function parseBlocks(source: string): TBlock[] {
  const blocks: TBlock[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = /^\s*```\s*([\w-]*)\s*$/.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```\s*$/.test(lines[i] as string)) body.push(lines[i++] as string);
      blocks.push({ kind: "code", lang: (fence[1] ?? "").toLowerCase(), text: body.join("\n") });
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
      continue;
    }
    const item = /^\s*(?:([-*])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const last = blocks.at(-1);
      if (last?.kind === "list" && last.ordered === ordered) last.items.push(item[3]!);
      else blocks.push({ kind: "list", ordered, items: [item[3]!] });
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

const INLINE = /(`[^`\n]+`)|(\*\*[^*\n]+\*\*)|(\*[^*\n]+\*|_[^_\n]+_)|(\[[^\]\n]+\]\([^)\s]+\))/g;

/** Inline marks of one block's text, as React nodes. */
export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let key = 0;
  const pushText = (value: string) => {
    const parts = value.split("\n");
    parts.forEach((part, i) => {
      if (i > 0) nodes.push(<br key={`br${key++}`} />);
      if (part) nodes.push(<Fragment key={`t${key++}`}>{part}</Fragment>);
    });
  };
  for (const match of text.matchAll(INLINE)) {
    const [whole] = match;
    const at = match.index ?? 0;
    pushText(text.slice(last, at));
    last = at + whole.length;
    if (match[1]) {
      nodes.push(
        <code key={key++} className="rounded bg-ink/5 px-1 py-0.5 font-mono text-[0.9em]">
          {whole.slice(1, -1)}
        </code>,
      );
    } else if (match[2]) {
      nodes.push(<strong key={key++}>{whole.slice(2, -2)}</strong>);
    } else if (match[3]) {
      nodes.push(<em key={key++}>{whole.slice(1, -1)}</em>);
    } else {
      const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(whole);
      const href = link?.[2] ?? "";
      if (link && /^https?:\/\//i.test(href)) {
        nodes.push(
          <a
            key={key++}
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-accent-700 underline underline-offset-2"
          >
            {link[1]}
          </a>,
        );
      } else {
        pushText(whole);
      }
    }
  }
  pushText(text.slice(last));
  return nodes;
}
