import { describe, expect, it } from "vitest";
import { vendorTaskFields } from "./vendor-task-fields.ts";

const row = (
  source: string,
  status: "processing" | "completed" | "failed",
  providerTaskId: string | null,
) => ({
  source,
  status,
  job_id: "our-job-id",
  provider_task_id: providerTaskId,
});

describe("vendorTaskFields", () => {
  it("puts the provider's id in the field of the row's vendor, and nothing in the others", () => {
    expect(vendorTaskFields(row("upscale", "completed", "rp-1"))).toEqual({
      runpod_job_id: "rp-1",
      kling_task_id: null,
      seedream_task_id: null,
    });
    expect(vendorTaskFields(row("face_edit", "completed", "rp-2")).runpod_job_id).toBe("rp-2");
    expect(vendorTaskFields(row("kling", "completed", "kl-1"))).toEqual({
      runpod_job_id: null,
      kling_task_id: "kl-1",
      seedream_task_id: null,
    });
    expect(vendorTaskFields(row("seedream", "failed", "sd-1"))).toEqual({
      runpod_job_id: null,
      kling_task_id: null,
      seedream_task_id: "sd-1",
    });
  });

  it("hands a running job's own id to the page to resume polling, and nothing once a built-in job ended", () => {
    expect(vendorTaskFields(row("upscale", "processing", null)).runpod_job_id).toBe("our-job-id");
    expect(vendorTaskFields(row("kling", "processing", null)).kling_task_id).toBe("our-job-id");
    expect(vendorTaskFields(row("upscale", "completed", null)).runpod_job_id).toBeNull();
  });
});
