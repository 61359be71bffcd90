import { Outlet, ScrollRestoration } from "react-router";
import { PageFallback } from "../../../lib/chunk-load.ts";
import { useLocaleSync } from "../hooks/use-locale-sync.ts";
import { AppToaster } from "./app-toaster.tsx";
import { CommunityButton } from "./community-button.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { PageLoader } from "./page-loader.tsx";
import { SessionExpiredModal } from "./session-expired-modal.tsx";

/** The layout every page renders in: header, page, footer, and the always-present overlays. */
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
      <AppToaster />
      <ScrollRestoration />
    </div>
  );
}
