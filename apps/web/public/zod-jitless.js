// zod compiles object parsers with `new Function` when it may, and probes for that while it builds
// each schema. Our CSP has no 'unsafe-eval', so the probe reports a script-src violation on every
// page whose chunks define a schema (console noise, and a false alarm in CSP reports that would
// hide a real attack). zod reads this global as it loads; its interpreted parser is fast enough for
// the browser's few small values. A deferred classic script in <head>, before the app's module
// entry: deferred and module scripts run in document order, so it runs first, whatever chunk zod
// ends up in (an import from main.tsx would run too late), without blocking the first paint.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
