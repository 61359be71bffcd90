import { isEnglishPath, localizePath } from "@gyeol/shared/routes";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { env } from "../lib/env.ts";

function usePathLocale() {
  const { pathname } = useLocation();
  return isEnglishPath(pathname) ? "en" : "ko";
}

/** /image-generation exists only with the build flag on; otherwise home, / or /en (spec 01 §2). */
export function ImageGenerationGate({
  children,
  isEnabled = env.imageGenerationEnabled,
}: {
  children: ReactNode;
  isEnabled?: boolean;
}) {
  const locale = usePathLocale();
  if (!isEnabled) return <Navigate to={localizePath("/", locale)} replace />;
  return children;
}

/** /consistency is the old name of the generation screen (spec 01 §2). */
export function ConsistencyRedirect({ isEnabled = env.imageGenerationEnabled }: { isEnabled?: boolean }) {
  const locale = usePathLocale();
  const { search } = useLocation();
  const target = isEnabled
    ? `${localizePath("/image-generation", locale)}${search}`
    : localizePath("/", locale);
  return <Navigate to={target} replace />;
}
