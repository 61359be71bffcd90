/** One part of one language's catalogue, cut at build time (i18n-vite-plugin.ts). */
declare module "virtual:gyeol-strings/*" {
  const strings: import("./string-parts.ts").TStringTree;
  export default strings;
}
