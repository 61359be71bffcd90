/**
 * Vite plugin of the app's translations (build, prerender, dev and the web unit tests):
 * - serves `virtual:gyeol-strings/<ko|en>-<core|rest>`, one part of one language's catalogue as a
 *   JSON module (string-parts.ts says which keys are in which part). The catalogues stay ko.ts and
 *   en.ts; they are evaluated here (Vite's module runner) and cut, so a page downloads only its
 *   language, and the landing only the core;
 * - resolves `react-i18next` to the app's own binding (react-i18next.tsx over i18n.ts).
 */
import path from "node:path";
import { type Plugin, runnerImport } from "vite";
import { pickPart, type TStringPart, type TStringTree } from "./string-parts.ts";

const PREFIX = "virtual:gyeol-strings/";
const RESOLVED = `\0${PREFIX}`;
const LOCALES = ["ko", "en"] as const;
type TCatalogueLocale = (typeof LOCALES)[number];

interface Catalogue {
  tree: TStringTree;
  dependencies: string[];
}

export function i18nPlugin(): Plugin {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const catalogues = new Map<TCatalogueLocale, Promise<Catalogue>>();
  const dependencyFiles = new Set<string>();

  function loadCatalogue(locale: TCatalogueLocale): Promise<Catalogue> {
    let pending = catalogues.get(locale);
    if (!pending) {
      const file = path.join(here, `${locale}.ts`);
      pending = runnerImport<Record<string, TStringTree>>(file, {
        configFile: false,
        logLevel: "error",
      }).then(({ module, dependencies }) => {
        const tree = module[locale];
        if (!tree) throw new Error(`${locale}.ts exports no '${locale}' catalogue`);
        // The runner lists what the catalogue imports, not the catalogue itself.
        const files = [file, ...dependencies.map((dependency) => path.resolve(dependency))];
        for (const watched of files) dependencyFiles.add(watched);
        return { tree, dependencies: files };
      });
      pending.catch(() => catalogues.delete(locale));
      catalogues.set(locale, pending);
    }
    return pending;
  }

  return {
    name: "gyeol-i18n",
    enforce: "pre",
    resolveId(id) {
      if (id === "react-i18next") return path.join(here, "react-i18next.tsx");
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const [locale, part] = id.slice(RESOLVED.length).split("-") as [TCatalogueLocale, TStringPart];
      if (!LOCALES.includes(locale) || (part !== "core" && part !== "rest"))
        throw new Error(`unknown strings module ${id.slice(1)}`);
      const { tree, dependencies } = await loadCatalogue(locale);
      for (const file of dependencies) this.addWatchFile(file);
      // JSON.parse of one string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(pickPart(tree, part)))});`;
    },
    watchChange() {
      // A catalogue or one of its feature files may have changed (watch builds): cut afresh.
      catalogues.clear();
    },
    // Dev server: a catalogue is no module of the page, so an edit to it reloads the page itself.
    handleHotUpdate({ file, server }) {
      if (!dependencyFiles.has(path.resolve(file))) return undefined;
      catalogues.clear();
      for (const module of server.moduleGraph.idToModuleMap.values())
        if (module.id?.startsWith(RESOLVED)) server.moduleGraph.invalidateModule(module);
      server.ws.send({ type: "full-reload" });
      return [];
    },
  };
}
