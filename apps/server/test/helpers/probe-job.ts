/**
 * A test-only job kind with a controllable "vendor": it proves the platform's rules are generic
 * (the contract suite runs it beside retouch) and fills a queue class on demand. The vendor takes
 * a submission (a provider id recorded at once, as real drivers do), then answers ok, fails, or
 * never answers until the run is aborted.
 */
import type { TImageSource } from "@gyeol/shared/contracts/images";
import { z } from "zod";
import type { TQueueClass } from "../../src/drivers/queue/job-queue.ts";
import type { FileStorage } from "../../src/drivers/storage/storage.ts";
import { defineJob } from "../../src/modules/jobs/job-definition.ts";
import { storeJobResults } from "../../src/modules/jobs/job-results.ts";

export type TProbeBehaviour = "ok" | "fail" | "hang";

export const ZProbePayload = z.object({ inputKey: z.string(), count: z.number().int().min(1).max(4) });
export type TProbePayload = z.infer<typeof ZProbePayload>;

export interface ProbeVendor {
  behaviour: TProbeBehaviour;
  /** Submissions the vendor received (a resumed job must not add one). */
  submits: number;
  /** Runs of the handler (a resumed job adds one). */
  runs: number;
  /** Provider ids a run found already recorded (what a resumed run continues). */
  resumed: string[];
  /** How many of the asked-for images the vendor makes (null: all of them). */
  delivers: number | null;
}

export function createProbeJob(options: {
  tool: string;
  queue: TQueueClass;
  storage: FileStorage;
  source?: TImageSource;
  /** Charged per image: the platform refunds the images the vendor did not make. */
  pricePerImage?: number;
}) {
  const vendor: ProbeVendor = { behaviour: "ok", submits: 0, runs: 0, resumed: [], delivers: null };
  const definition = defineJob<
    TProbePayload,
    { imageKeys: string[]; thumbnailKey: string | null; requested: number }
  >({
    tool: options.tool,
    provider: "probe",
    source: options.source ?? "face_edit",
    queue: options.queue,
    schema: ZProbePayload,
    inputKeyOf: (payload) => payload.inputKey,
    resultOf: (output) => ({
      imageKeys: output.imageKeys,
      thumbnailKey: output.thumbnailKey ?? null,
      requested: output.requested,
    }),
    ...(options.pricePerImage ? { pricePerImage: options.pricePerImage } : {}),
    async handle({ job, payload, signal, setProviderJobId }) {
      vendor.runs += 1;
      if (job.provider_job_id) vendor.resumed.push(job.provider_job_id);
      else {
        vendor.submits += 1;
        await setProviderJobId(`probe-${job.id.slice(0, 8)}-${vendor.submits}`);
      }
      // A vendor still working: asked again until it answers (or the run is stopped).
      while (vendor.behaviour === "hang") {
        signal.throwIfAborted();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      signal.throwIfAborted();
      if (vendor.behaviour === "fail")
        throw Object.assign(new Error("the probe vendor failed"), { code: "PROVIDER_FAILED" });
      const bytes = await options.storage.get(payload.inputKey);
      if (!bytes) throw Object.assign(new Error("input gone"), { code: "INVALID_IMAGE" });
      const made = Math.min(payload.count, vendor.delivers ?? payload.count);
      const stored = await storeJobResults(options.storage, job, Array<Buffer>(made).fill(bytes));
      return { ...stored, requested: payload.count };
    },
  });
  return { definition, vendor };
}
