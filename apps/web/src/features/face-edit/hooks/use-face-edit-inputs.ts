import {
  FACE_EDIT_DEFAULT_GENDER,
  FACE_EDIT_DEFAULT_INTENSITY,
  type TFaceEditGender,
} from "@gyeol/shared/face-edit";
import { useEffect, useMemo, useState } from "react";
import { useDraft } from "../../../lib/drafts/use-draft.ts";

/** Issue 26: gender and intensity are the user's draft until a job takes them. */
export function useFaceEditInputs(userId: number, isJobRunning: boolean) {
  const [gender, setGender] = useState<TFaceEditGender>(FACE_EDIT_DEFAULT_GENDER);
  const [intensity, setIntensity] = useState(FACE_EDIT_DEFAULT_INTENSITY);
  const snapshot = useMemo(
    () =>
      gender === FACE_EDIT_DEFAULT_GENDER && intensity === FACE_EDIT_DEFAULT_INTENSITY
        ? null
        : { gender, intensity },
    [gender, intensity],
  );
  const { discard } = useDraft<{ gender: TFaceEditGender; intensity: number }>({
    userId,
    tool: "face-edit",
    snapshot,
    onRestore: (draft) => {
      setGender(draft.gender);
      setIntensity(draft.intensity);
    },
  });
  useEffect(() => {
    if (isJobRunning) discard();
  }, [isJobRunning, discard]);
  return { gender, setGender, intensity, setIntensity };
}
