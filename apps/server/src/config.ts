/**
 * The configuration lives in config/, one file per port; this module keeps the imports of
 * `config.ts` working.
 */
export * from "./config/index.ts";
