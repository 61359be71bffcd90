import { Outlet, ScrollRestoration } from "react-router";
import { PageFallback } from "../../../lib/chunk-load.ts";
import { scrollRestorationKey } from "../../../lib/scroll-restoration-key.ts";
import { useLocaleSync } from "../hooks/use-locale-sync.ts";
import { CommunityButton } from "./community-button.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { IdleShellParts, SessionExpiredModal } from "./lazy-shell-parts.tsx";
import { PageLoader } from "./page-loader.tsx";

/**
 * The layout every page renders in: header, page, footer, and the always-present overlays (the
 * toaster and the session-expired dialog load as their own chunks: lazy-shell-parts.tsx).
 */
export function AppShell() {
  useLocaleSync();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" className="flex flex-1 flex-col">
        {/* Each lazy page suspends on its own (lib/chunk-load.ts lazyPage), showing this loader. */}
        <PageFallback.Provider value={<PageLoader />}>
          <Outlet />
        </PageFallback.Provider>
      </main>
      <Footer />
      <CommunityButton />
      <SessionExpiredModal />
      <IdleShellParts />
      {/* Keyed so a page loaded afresh does not get the last fresh page's position. */}
      <ScrollRestoration getKey={scrollRestorationKey} />
    </div>
  );
}
