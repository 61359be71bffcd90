/**
 * The one job-failure error (issue 26): what a job handler, an engine or a vendor driver throws
 * when a job must fail with one of our codes (the job's error_code, which the page explains in
 * both languages), optionally with the vendor's own code beside it (`providerCode`: the platform
 * keeps it in the failed row's output and GET /api/seedream/status answers it as `error.code`).
 * The job platform (modules/jobs) fails and refunds the job. It lives in lib/, not modules/jobs,
 * because drivers throw it too and drivers never import modules. The drivers' own names
 * (EngineJobError, ImageEditProviderError) are subclasses that add what their callers read.
 */
export class JobFailure extends Error {
  override name = "JobFailure";
  readonly providerCode: string | null;
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown; providerCode?: string | null },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.providerCode = options?.providerCode ?? null;
  }
}

/** Our code and the vendor's of anything a job threw (a JobFailure, or any error with a `code`). */
export function failureCodesOf(error: unknown): { code: string | null; providerCode: string | null } {
  const code = (error as { code?: unknown } | null)?.code;
  const isKnown = typeof code === "string" && /^[A-Z_]{3,40}$/.test(code);
  if (!isKnown) return { code: null, providerCode: null };
  const said = (error as { providerCode?: unknown }).providerCode;
  return {
    code,
    providerCode: typeof said === "string" && /^[\w.:-]{1,100}$/.test(said) ? said : null,
  };
}
