/**
 * Text written into HTML by hand (prerendered heads, the operator's details, the notice board the
 * server fills in, the sandbox checkout page), escaped as React escapes text and attributes, so a
 * page the server fills is byte for byte what the app renders.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

/** JSON inside <script>: "<" is escaped so no string in it can close the element. */
export function jsonForScript(value: object): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}
