import type { THistoryItem } from "@gyeol/shared/contracts/images";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import type { TFaceEditGender } from "@gyeol/shared/face-edit";
import { useTranslation } from "react-i18next";
import { CreditsShortNote } from "../../../components/tool/credits-short-note.tsx";
import { HistoryCard } from "../../../components/tool/history-card.tsx";
import { RunButton } from "../../../components/tool/run-button.tsx";
import type { useFaceEditHistory } from "../api/face-edit-api.ts";
import type { TFaceEditJobState } from "../hooks/use-face-edit-job.ts";
import { isRunDisabled } from "../lib/face-edit-rules.ts";
import { EngineNote, FaceEditSettings } from "./face-edit-settings.tsx";

type TRunRules = Parameters<typeof isRunDisabled>[0];

/** Face edit's side column: gender and intensity, the engine note, Run with its reason, history. */
export function FaceEditSide({
  user,
  inputs,
  job,
  rules,
  isBuiltinEngine,
  history,
  onRun,
  onOpenHistory,
}: {
  user: TPublicUser;
  inputs: {
    gender: TFaceEditGender;
    setGender: (gender: TFaceEditGender) => void;
    intensity: number;
    setIntensity: (intensity: number) => void;
  };
  job: TFaceEditJobState;
  rules: TRunRules;
  /** The server says the built-in engine is the one in use. */
  isBuiltinEngine: boolean;
  history: ReturnType<typeof useFaceEditHistory>;
  onRun: () => void;
  onOpenHistory: (item: THistoryItem) => void;
}) {
  const { t } = useTranslation();
  const { cost } = rules;
  // The button is off for too few credits whatever else is missing, so that is what it says (issue
  // 26: it used to say "draw the area to change", which would not have turned it on).
  // A running job (one resumed after a reload has no image on the stage) is what holds the button:
  // no hint then, as "upload an image" would send the person away from the run they are waiting on.
  const runHint = rules.isRunning
    ? undefined
    : user.credits < cost
      ? t("faceEdit.run.notEnough")
      : !rules.hasImage
        ? t("faceEdit.run.needImage")
        : !rules.hasMask
          ? t("faceEdit.run.needMask")
          : undefined;
  // The built-in engine is described before a run when the server says it is the one in use, and
  // after any result it made (a history item opened shows no engine: the flags decide then).
  const isBuiltinResult = job.engine === "builtin-reshape";
  const isBuiltin = isBuiltinResult || (isBuiltinEngine && job.engine === null);
  const isProcessing = job.phase === "processing";

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <FaceEditSettings
        gender={inputs.gender}
        onGender={inputs.setGender}
        intensity={inputs.intensity}
        onIntensity={inputs.setIntensity}
        isLocked={isProcessing}
      />
      {isBuiltin && (
        <EngineNote
          gender={inputs.gender}
          noFace={isBuiltinResult && job.phase === "completed" && job.facesFound === 0}
        />
      )}
      <RunButton
        label={t("faceEdit.run.button")}
        cost={cost}
        credits={user.credits}
        isDisabled={isRunDisabled(rules)}
        disabledHint={runHint}
        isWorking={rules.isRunning}
        onRun={onRun}
        testId="face-edit-run"
      />
      <CreditsShortNote cost={cost} credits={user.credits} testId="face-edit-credits-short" />
      <HistoryCard
        history={history}
        title={t("faceEdit.history.title")}
        onOpen={onOpenHistory}
        testId="face-edit-history"
      />
    </div>
  );
}
