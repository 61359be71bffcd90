import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useAffiliateCapture } from "../hooks/use-affiliate-capture.ts";
import { ClosingCta } from "./closing-cta.tsx";
import { HeroSection } from "./hero-section.tsx";
import { PlanSummarySection } from "./plan-summary-section.tsx";
import { SkinRealismSection } from "./skin-realism-section.tsx";

/**
 * The landing page (spec 01 §1). Its "local development host redirects to /mypage" rule is the
 * demo mode, which a later issue adds behind an explicit server setting.
 */
export function LandingPage() {
  useDocumentTitle(undefined);
  useAffiliateCapture();
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
