/**
 * The assistant's markdown, rendered safely (issue 14): the text becomes React elements, never
 * HTML, so nothing a model writes (or was tricked into writing) can run. Supported: paragraphs
 * and line breaks, # headings, - and 1. lists (nested by indentation, an ordered list keeps its
 * first number, a list item may run over several lines), fenced code (``` or ~~~; a ```prompt
 * block becomes a prompt card the page offers to other tools), `code`, **bold** and __bold__,
 * *italic* and _italic_, ~~struck~~, backslash escapes, and [links](https://…) to http(s) only,
 * opened in a new tab without a referrer.
 *
 * Issue 27, as people expect from other chats: underscores inside a word are letters
 * (snake_case_name, __init__.py stay as written: an underscore next to a letter, or before a
 * file extension, is not a mark), and nothing inside `code` is markup.
 */
import { Fragment, type ReactNode } from "react";

export interface TListItem {
  text: string;
  /** A list nested under this item. */
  children: TBlock[];
}

export type TBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "list"; ordered: boolean; start: number; items: TListItem[] }
  | { kind: "code"; lang: string; text: string; isClosed: boolean };

const FENCE = /^(\s*)(```+|~~~+)\s*([\w+-]*)\s*$/;
const ITEM = /^(\s*)(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;

interface TLine {
  indent: number;
  text: string;
}

const indentOf = (line: string) => (/^\s*/.exec(line)?.[0] ?? "").replace(/\t/g, "  ").length;

/** Splits the text into blocks; an unclosed fence runs to the end (a reply still streaming). */
export function parseBlocks(source: string): TBlock[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  return parseLines(lines.map((text) => ({ indent: indentOf(text), text })));
}

function parseLines(lines: readonly TLine[]): TBlock[] {
  const blocks: TBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.text;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[2]!;
      const strip = fence[1]!.length;
      const body: string[] = [];
      i++;
      while (
        i < lines.length &&
        !new RegExp(`^\\s*${marker[0] === "`" ? "`" : "~"}{${marker.length},}\\s*$`).test(lines[i]!.text)
      ) {
        body.push(lines[i]!.text.slice(Math.min(strip, indentOf(lines[i]!.text))));
        i++;
      }
      // An unclosed fence: a reply still streaming, or one cut off inside the block.
      blocks.push({
        kind: "code",
        lang: (fence[3] ?? "").toLowerCase(),
        text: body.join("\n"),
        isClosed: i < lines.length,
      });
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      blocks.push({
        kind: "heading",
        level: Math.min(3, heading[1]!.length) as 1 | 2 | 3,
        text: heading[2]!,
      });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      flush();
      i = parseList(lines, i, blocks) - 1;
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** A list starting at line `from`; returns the index of the first line after it. */
function parseList(lines: readonly TLine[], from: number, blocks: TBlock[]): number {
  const first = ITEM.exec(lines[from]!.text)!;
  const baseIndent = lines[from]!.indent;
  const ordered = first[3] !== undefined;
  const list: Extract<TBlock, { kind: "list" }> = {
    kind: "list",
    ordered,
    start: ordered ? Number(first[3]) : 1,
    items: [],
  };
  let i = from;
  let nested: TLine[] = [];
  const closeNested = () => {
    const last = list.items.at(-1);
    if (last && nested.length) last.children.push(...parseLines(nested));
    nested = [];
  };
  while (i < lines.length) {
    const { text, indent } = lines[i]!;
    const match = ITEM.exec(text);
    if (match && indent <= baseIndent + 1) {
      if ((match[3] !== undefined) !== ordered) break; // another kind of list starts
      closeNested();
      list.items.push({ text: match[4]!, children: [] });
      i++;
      continue;
    }
    if (text.trim() === "") {
      // A blank line ends the list unless the next line goes on with it.
      const next = lines[i + 1];
      if (!next || (next.indent <= baseIndent && !ITEM.exec(next.text))) break;
      nested.push(lines[i]!);
      i++;
      continue;
    }
    if (indent > baseIndent) {
      // Deeper: a nested list or a code block under the item, or its text going on.
      if (ITEM.exec(text) || FENCE.exec(text) || nested.length)
        nested.push({ indent: indent - baseIndent - 2, text: text.slice(Math.min(indent, baseIndent + 2)) });
      else list.items.at(-1)!.text += `\n${text.trim()}`;
      i++;
      continue;
    }
    break;
  }
  closeNested();
  blocks.push(list);
  return i;
}

/** Text with backslash escapes kept apart from the marks (\* stays a star). */
const ESCAPED = /\\([\\`*_~[\]()#+\-.!>])/g;
/** An escaped character stands in the text as U+E000 and a private-use index while marks are read. */
const ESCAPE_MARK = "\ue000";
const RESTORE = /\ue000([\ue100-\uf8ff])/g;

/**
 * Emphasis and links of text that holds no code span. Underscores count only at a word's edge;
 * stars may sit inside a word (CommonMark).
 */
const MARKS =
  /(\*\*(?=\S)(?:[^*\n]|\*(?!\*))*?\S\*\*|(?<![\p{L}\p{N}_])__(?=\S)[^_\n]*?\S__(?![\p{L}\p{N}_]|\.[\p{L}\p{N}]))|(\*(?=[^\s*])[^*\n]*?[^\s*]\*|\*[^\s*]\*|(?<![\p{L}\p{N}_])_(?=[^\s_])[^_\n]*?[^\s_]_(?![\p{L}\p{N}_]|\.[\p{L}\p{N}])|(?<![\p{L}\p{N}_])_[^\s_]_(?![\p{L}\p{N}_]|\.[\p{L}\p{N}]))|(~~(?=\S)[^~\n]*?\S~~)|(\[[^\]\n]+\]\([^)\s]+\))/gu;

/** Inline marks of one block's text, as React nodes. */
export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let key = 0;
  const escapes: string[] = [];
  const guarded = text.replace(ESCAPED, (_, char: string) => {
    escapes.push(char);
    return ESCAPE_MARK + String.fromCharCode(0xe100 + Math.min(escapes.length - 1, 0x17ff));
  });
  const restore = (value: string, keepBackslash = false) =>
    value.replace(
      RESTORE,
      (_, index: string) => (keepBackslash ? "\\" : "") + (escapes[index.charCodeAt(0) - 0xe100] ?? ""),
    );
  const pushText = (value: string, into: ReactNode[] = nodes) => {
    value.split("\n").forEach((part, i) => {
      if (i > 0) into.push(<br key={`br${key++}`} />);
      if (part) into.push(<Fragment key={`t${key++}`}>{restore(part)}</Fragment>);
    });
  };
  const marks = (value: string, into: ReactNode[]) => {
    let last = 0;
    for (const match of value.matchAll(MARKS)) {
      const [whole] = match;
      const at = match.index ?? 0;
      pushText(value.slice(last, at), into);
      last = at + whole.length;
      const inner: ReactNode[] = [];
      if (match[1]) {
        marks(whole.slice(2, -2), inner);
        into.push(<strong key={key++}>{inner}</strong>);
      } else if (match[2]) {
        marks(whole.slice(1, -1), inner);
        into.push(<em key={key++}>{inner}</em>);
      } else if (match[3]) {
        marks(whole.slice(2, -2), inner);
        into.push(<s key={key++}>{inner}</s>);
      } else {
        const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(whole);
        const href = link?.[2] ? restore(link[2]) : "";
        if (link && /^https?:\/\//i.test(href)) {
          into.push(
            <a
              key={key++}
              href={href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="font-medium text-accent-700 underline underline-offset-2"
            >
              {restore(link[1]!)}
            </a>,
          );
        } else {
          pushText(whole, into);
        }
      }
    }
    pushText(value.slice(last), into);
  };
  // Code spans first: nothing inside them is a mark.
  let last = 0;
  for (const match of guarded.matchAll(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g)) {
    const at = match.index ?? 0;
    marks(guarded.slice(last, at), nodes);
    last = at + match[0].length;
    // Inside code a backslash is a backslash.
    const code = restore(match[2]!.replace(/^ (.*) $/s, "$1"), true);
    nodes.push(
      <code key={key++} className="rounded bg-ink/5 px-1 py-0.5 font-mono text-[0.9em]">
        {code}
      </code>,
    );
  }
  marks(guarded.slice(last), nodes);
  return nodes;
}
