import { useEffect, useState } from "react";
import type { TSize } from "./viewport.ts";

interface TPicture {
  url: string | null;
  status: "loading" | "ready" | "failed";
  size: TSize | null;
}

/** The picture's URL (a blob URL for a file, revoked on close) and its own pixel size once loaded. */
export function useImageSize(image: string | Blob): TPicture {
  const [picture, setPicture] = useState<TPicture>({ url: null, status: "loading", size: null });

  useEffect(() => {
    const url = typeof image === "string" ? image : URL.createObjectURL(image);
    let isCurrent = true;
    setPicture({ url, status: "loading", size: null });
    const element = new Image();
    element.decoding = "async";
    element.onload = () => {
      if (!isCurrent) return;
      const { naturalWidth: width, naturalHeight: height } = element;
      if (width > 0 && height > 0) setPicture({ url, status: "ready", size: { width, height } });
      else setPicture({ url, status: "failed", size: null });
    };
    element.onerror = () => {
      if (isCurrent) setPicture({ url, status: "failed", size: null });
    };
    element.src = url;
    return () => {
      isCurrent = false;
      element.onload = null;
      element.onerror = null;
      if (typeof image !== "string") URL.revokeObjectURL(url);
    };
  }, [image]);

  return picture;
}
