import { CHAT_MAX_IMAGES } from "@gyeol/shared/contracts/ai";
import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { usePageLocale } from "../../../lib/locale.ts";
import { titledFailure } from "../../../lib/tool-errors.ts";
import { describeImageUploadError, ImageTypeError } from "../../../lib/uploads/upload-errors.ts";
import { isPolicyFile } from "../../../lib/uploads/use-image-upload.ts";

const POLICY = IMAGE_POLICIES.chat;

/**
 * The pictures of the message being written (spec 02 §5 "Chat"; issue 27): checked by the chat's
 * image policy (shared/uploads.ts) and refused in the upload layer's sentence (the types it takes,
 * this file's type), never empty, at most CHAT_MAX_IMAGES. They go up with the message itself
 * (POST /api/ai/chat, multipart), so there is no separate upload step to run here.
 */
export function useChatAttachments() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const [images, setImages] = useState<File[]>([]);

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const refused = files.find((file) => !isPolicyFile(POLICY, file));
    if (refused) {
      const reason = describeImageUploadError(new ImageTypeError(refused), POLICY, t, locale);
      toast.error(titledFailure("upload", reason, t));
      return;
    }
    if (files.some((file) => file.size === 0)) {
      toast.error(t("chat.emptyImage"));
      return;
    }
    const room = CHAT_MAX_IMAGES - images.length;
    if (files.length > room) toast.error(t("chat.tooManyImages", { max: CHAT_MAX_IMAGES }));
    if (room > 0) setImages((now) => [...now, ...files.slice(0, room)]);
  };

  return {
    images,
    add,
    remove: (index: number) => setImages((now) => now.filter((_, i) => i !== index)),
    clear: () => setImages([]),
    /** A message that was not stored gives its pictures back, unless new ones were added since. */
    restore: (files: File[]) => setImages((now) => (now.length ? now : files)),
  };
}
