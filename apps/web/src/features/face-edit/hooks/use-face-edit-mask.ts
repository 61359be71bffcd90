import { useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type { TMaskSaveDetails } from "../../../components/mask-editor/mask-editor.tsx";
import type { TMaskDoc } from "../../../components/mask-editor/model.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { describeToolError } from "../../../lib/tool-errors.ts";
import { uploadFaceEditMask } from "../api/face-edit-api.ts";
import type { TSavedMask } from "../components/face-edit-stage.tsx";

/**
 * Face edit's mask: the saved mask (uploaded) and the editor's strokes, the editor's open state,
 * and the save (an empty mask clears it; a 401 opens the sign-in-again modal through onAuthLost).
 */
export function useFaceEditMask(onAuthLost: () => void) {
  const { t } = useTranslation();
  const [mask, setMask] = useState<TSavedMask | null>(null);
  const [maskDoc, setMaskDoc] = useState<TMaskDoc | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const urlsRef = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of urlsRef.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const clear = () => {
    setMask(null);
    setMaskDoc(null);
  };

  const save = async (png: Blob, doc: TMaskDoc, details: TMaskSaveDetails) => {
    if (details.isEmpty) {
      clear();
      setIsOpen(false);
      return;
    }
    setIsSaving(true);
    try {
      const uploaded = await uploadFaceEditMask(png);
      const previewUrl = URL.createObjectURL(png);
      urlsRef.current.push(previewUrl);
      setMask({ url: uploaded.imageUrl, previewUrl, color: details.color });
      setMaskDoc(doc);
      setIsOpen(false);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401) onAuthLost();
      else toast.error(describeToolError(failure, t) ?? t("faceEdit.mask.saveFailed"));
      throw failure;
    } finally {
      setIsSaving(false);
    }
  };

  return { mask, maskDoc, isOpen, setIsOpen, isSaving, clear, save };
}

export type TFaceEditMask = ReturnType<typeof useFaceEditMask>;
