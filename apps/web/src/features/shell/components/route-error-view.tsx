import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { isChunkLoadError } from "../../../lib/chunk-load.ts";
import { ErrorScreen } from "./error-screen.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/** The router's error view: a 404 reads as not found, anything else as the error screen. */
export function RouteErrorView({ variant = "page" }: { variant?: "page" | "inline" }) {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!isNotFound) console.error("[router] a page failed to render", error);
  }, [error, isNotFound]);

  if (isNotFound) return <NotFoundPage />;
  return <ErrorScreen variant={variant} isChunkError={isChunkLoadError(error)} />;
}

export function InlineRouteErrorView() {
  return <RouteErrorView variant="inline" />;
}
