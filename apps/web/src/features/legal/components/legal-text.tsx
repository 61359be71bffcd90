import type { ReactNode } from "react";

const LINKABLE = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:go|or)\.kr)/g;

/** Plain text of a legal document, with e-mail addresses and government sites made into links. */
export function LegalText({ text }: { text: string }): ReactNode {
  const parts = text.split(LINKABLE);
  let offset = 0;
  return parts.map((part, index) => {
    const at = offset;
    offset += part.length;
    if (index % 2 === 0) return part;
    const href = part.includes("@") ? `mailto:${part}` : `https://${part}`;
    return (
      <a
        key={at}
        href={href}
        className="font-medium text-accent-700 underline underline-offset-2"
        {...(part.includes("@") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
      >
        {part}
      </a>
    );
  });
}
