import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from "@gyeol/shared/constants";
import { Toaster } from "react-hot-toast";
import { installToastDedupe } from "../../../lib/toast-dedupe.ts";
import { useToastLimit } from "../hooks/use-toast-limit.ts";
import { RewardNotice } from "./reward-notice.tsx";

// Identical toasts collapse into one (issue 30), from the first toast this chunk shows.
installToastDedupe();

/** Toasts at top centre: 2 s success, 4 s error, at most 20 at once (spec 01 §2). */
export function AppToaster() {
  useToastLimit();
  return (
    <>
      {/* Referral rewards are announced by a toast (issue 30); it rides in this idle-loaded chunk. */}
      <RewardNotice />
      <Toaster
        position="top-center"
        gutter={10}
        containerStyle={{ top: 76 }}
        toastOptions={{
          success: { duration: TOAST_SUCCESS_MS, iconTheme: { primary: "#a63f62", secondary: "#fff" } },
          error: { duration: TOAST_ERROR_MS, iconTheme: { primary: "#b42318", secondary: "#fff" } },
          style: {
            borderRadius: "14px",
            // The ink behind white text (styles.css): the same dark ink in light, lifted a step in dark.
            background: "var(--background-color-ink)",
            color: "#fff",
            fontSize: "14px",
            fontWeight: 500,
            padding: "10px 14px",
            boxShadow: "0 12px 32px -12px rgb(36 28 32 / 0.45)",
            maxWidth: "min(92vw, 420px)",
          },
        }}
      />
    </>
  );
}
