import { localizePath } from "@gyeol/shared/routes";
import { Navigate } from "react-router";
import { useAuthSelect } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useAffiliateCapture } from "../hooks/use-affiliate-capture.ts";
import { ClosingCta } from "./closing-cta.tsx";
import { HeroSection } from "./hero-section.tsx";
import { PlanSummarySection } from "./plan-summary-section.tsx";
import { SkinRealismSection } from "./skin-realism-section.tsx";

/**
 * The landing page (spec 01 §1). Its "local development host redirects to /mypage" rule (spec 01
 * §2) is the demo mode: the server's DEMO_MODE signs visitors in as the demo user, who goes to /mypage.
 */
export function LandingPage() {
  const isDemoUser = useAuthSelect((state) => state.user?.isDemoUser === true);
  const locale = usePageLocale();
  useDocumentTitle(undefined);
  useAffiliateCapture();
  if (isDemoUser) return <Navigate to={localizePath("/mypage", locale)} replace />;
  return (
    <div data-testid="landing">
      <HeroSection />
      <SkinRealismSection />
      <PlanSummarySection />
      <ClosingCta />
    </div>
  );
}

export default LandingPage;
