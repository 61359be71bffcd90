import { type RefObject, useCallback, useState } from "react";
import { uploadImage } from "../api/notices.ts";
import { imageTag, insertAtSelection, isAcceptedImage } from "../lib/notice-rules.ts";

/**
 * Uploads images (pasted, dropped or chosen from the attachments) with POST /api/image/upload-s3
 * and puts an image tag for each at the textarea's caret (spec 01 §2 Notice editor, §5).
 */
export function useImageInserter({
  textareaRef,
  setContent,
  onError,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  setContent: (update: (content: string) => string) => void;
  onError: (error: unknown) => void;
}) {
  const [pending, setPending] = useState(0);

  const insertTag = useCallback(
    (tag: string) => {
      const textarea = textareaRef.current;
      let caret = 0;
      setContent((content) => {
        const start = textarea?.selectionStart ?? content.length;
        const end = textarea?.selectionEnd ?? content.length;
        const next = insertAtSelection(content, start, end, tag);
        caret = next.caret;
        return next.text;
      });
      // Put the caret after the tag once React has written the new value.
      requestAnimationFrame(() => {
        if (!textarea) return;
        textarea.focus();
        textarea.setSelectionRange(caret, caret);
      });
    },
    [setContent, textareaRef],
  );

  const insertImages = useCallback(
    async (files: File[]) => {
      const images = files.filter(isAcceptedImage);
      for (const file of images) {
        setPending((n) => n + 1);
        try {
          const url = await uploadImage(file);
          insertTag(imageTag(url, file.name.replace(/\.[a-z0-9]+$/i, "")));
        } catch (error) {
          onError(error);
        } finally {
          setPending((n) => n - 1);
        }
      }
      return images.length;
    },
    [insertTag, onError],
  );

  /** Clipboard images become temporary png files named after the moment (spec 01 §5). */
  const onPaste = useCallback(
    (event: React.ClipboardEvent<HTMLTextAreaElement>) => {
      const files = [...event.clipboardData.items]
        .filter((item) => item.kind === "file" && item.type.startsWith("image/"))
        .map((item) => item.getAsFile())
        .filter((file): file is File => file !== null)
        .map((file) =>
          file.name && file.name !== "image.png"
            ? file
            : new File([file], `pasted-${Date.now()}.png`, { type: file.type || "image/png" }),
        );
      if (files.length === 0) return;
      event.preventDefault();
      void insertImages(files);
    },
    [insertImages],
  );

  const onDrop = useCallback(
    (event: React.DragEvent<HTMLTextAreaElement>) => {
      const files = [...event.dataTransfer.files].filter(isAcceptedImage);
      if (files.length === 0) return;
      event.preventDefault();
      void insertImages(files);
    },
    [insertImages],
  );

  return { insertImages, onPaste, onDrop, isUploading: pending > 0 };
}
