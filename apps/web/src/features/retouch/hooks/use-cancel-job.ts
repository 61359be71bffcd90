import { useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { postCancelJob } from "../../../lib/jobs/job-status.ts";
import type { TRetouchJob } from "./use-retouch-job.ts";

/** Cancel the running job: a job that has just finished (409) shows its result on the next poll. */
export function useCancelRetouchJob(job: TRetouchJob) {
  const { t } = useTranslation();
  const [isCancelling, setIsCancelling] = useState(false);
  const cancel = async () => {
    const jobId = job.state.jobId;
    if (!jobId || isCancelling) return;
    setIsCancelling(true);
    try {
      await postCancelJob(jobId);
      job.markCancelled();
    } catch (error) {
      // Already finished (409): the next poll shows the result. Anything else: say why.
      if (!isApiError(error) || error.code !== "JOB_ALREADY_FINISHED")
        toast.error(describeError(error, t, t("errors.generic")));
    } finally {
      setIsCancelling(false);
    }
  };
  return { cancel: () => void cancel(), isCancelling };
}
