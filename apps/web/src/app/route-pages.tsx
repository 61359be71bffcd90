import type { TRouteId } from "@gyeol/shared/routes";
import type { ReactNode } from "react";
import { lazyPage } from "../lib/chunk-load.ts";
import { i18n } from "../lib/i18n/i18n.ts";
import { loadQueryClient } from "../lib/query-client-loader.ts";
import { ConsistencyRedirect, ImageGenerationGate } from "./route-guards.tsx";

/**
 * A page with what the landing's first paint goes without, loaded alongside its chunk: every string
 * of its language (lib/i18n/string-parts.ts) and the query client (lib/query-client-loader.ts).
 */
function withPageNeeds<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), i18n.loadAll(), loadQueryClient()]).then(([module]) => module);
}

/** Every page is its own lazily loaded chunk (spec 01 §8: a chunk that never arrives fails after 120 s). */
const LandingPage = lazyPage(
  () => import("../features/landing/components/landing-page.tsx"),
  (module) => module.LandingPage,
);
const LoginPage = lazyPage(
  withPageNeeds(() => import("../features/auth/components/login-page.tsx")),
  (module) => module.LoginPage,
);
const SignupPage = lazyPage(
  withPageNeeds(() => import("../features/auth/components/signup-page.tsx")),
  (module) => module.SignupPage,
);
const SocialSignupPage = lazyPage(
  withPageNeeds(() => import("../features/auth/components/social-signup-page.tsx")),
  (module) => module.SocialSignupPage,
);
const ForgotPasswordPage = lazyPage(
  withPageNeeds(() => import("../features/auth/components/forgot-password-page.tsx")),
  (module) => module.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  withPageNeeds(() => import("../features/auth/components/reset-password-page.tsx")),
  (module) => module.ResetPasswordPage,
);
const NoticeListPage = lazyPage(
  withPageNeeds(() => import("../features/notices/components/notice-list-page.tsx")),
  (module) => module.NoticeListPage,
);
const NoticeDetailPage = lazyPage(
  withPageNeeds(() => import("../features/notices/components/notice-detail-page.tsx")),
  (module) => module.NoticeDetailPage,
);
const NoticeEditorPage = lazyPage(
  withPageNeeds(() => import("../features/notices/components/notice-editor-page.tsx")),
  (module) => module.NoticeEditorPage,
);
const TermsPage = lazyPage(
  withPageNeeds(() => import("../features/legal/components/legal-page.tsx")),
  (module) => module.TermsPage,
);
const PrivacyPage = lazyPage(
  withPageNeeds(() => import("../features/legal/components/legal-page.tsx")),
  (module) => module.PrivacyPage,
);
const RefundPage = lazyPage(
  withPageNeeds(() => import("../features/legal/components/legal-page.tsx")),
  (module) => module.RefundPage,
);
const RetouchPage = lazyPage(
  withPageNeeds(() => import("../features/retouch/components/retouch-page.tsx")),
  (module) => module.RetouchPage,
);
const PricingPage = lazyPage(
  withPageNeeds(() => import("../features/pricing/components/pricing-page.tsx")),
  (module) => module.PricingPage,
);
const PaymentSuccessPage = lazyPage(
  withPageNeeds(() => import("../features/payment/components/payment-success-page.tsx")),
  (module) => module.PaymentSuccessPage,
);
const PaymentFailedPage = lazyPage(
  withPageNeeds(() => import("../features/payment/components/payment-failed-page.tsx")),
  (module) => module.PaymentFailedPage,
);
const PaymentReturnPage = lazyPage(
  withPageNeeds(() => import("../features/payment/components/payment-return-page.tsx")),
  (module) => module.PaymentReturnPage,
);
const AccountSettings = lazyPage(
  withPageNeeds(() => import("../features/account/components/account-settings.tsx")),
  (module) => module.AccountSettings,
);
const MyPage = lazyPage(
  withPageNeeds(() => import("../features/mypage/components/mypage-page.tsx")),
  (module) => module.MyPage,
);
const ChatPage = lazyPage(
  withPageNeeds(() => import("../features/chat/components/chat-page.tsx")),
  (module) => module.ChatPage,
);
const ImageEditPage = lazyPage(
  withPageNeeds(() => import("../features/image-edit/components/image-edit-page.tsx")),
  (module) => module.ImageEditPage,
);
const FaceEditPage = lazyPage(
  withPageNeeds(() => import("../features/face-edit/components/face-edit-page.tsx")),
  (module) => module.FaceEditPage,
);
const GenerationPage = lazyPage(
  withPageNeeds(() => import("../features/generation/components/generation-page.tsx")),
  (module) => module.GenerationPage,
);
const ComingSoonPage = lazyPage(
  withPageNeeds(() => import("../features/placeholders/components/coming-soon-page.tsx")),
  (module) => module.ComingSoonPage,
);

/** The screen for each route id. Pages later issues build show "coming soon" until then. */
export function pageElement(id: TRouteId): ReactNode {
  switch (id) {
    case "landing":
      return <LandingPage />;
    case "login":
      return <LoginPage />;
    case "signup":
      return <SignupPage />;
    case "socialSignup":
      return <SocialSignupPage />;
    case "forgotPassword":
      return <ForgotPasswordPage />;
    case "resetPassword":
      return <ResetPasswordPage />;
    case "imageGeneration":
      return (
        <ImageGenerationGate>
          <GenerationPage />
        </ImageGenerationGate>
      );
    case "consistency":
      return <ConsistencyRedirect />;
    case "noticeList":
      return <NoticeListPage />;
    case "noticeDetail":
      return <NoticeDetailPage />;
    case "noticeWrite":
    case "noticeEdit":
      return <NoticeEditorPage />;
    case "terms":
      return <TermsPage />;
    case "privacy":
      return <PrivacyPage />;
    case "refund":
      return <RefundPage />;
    case "upscale":
      return <RetouchPage />;
    case "pricing":
      return <PricingPage />;
    case "paymentSuccess":
      return <PaymentSuccessPage />;
    case "paymentFailed":
      return <PaymentFailedPage />;
    case "paymentReturn":
      return <PaymentReturnPage />;
    case "mypage":
      return <MyPage AccountSettings={AccountSettings} />;
    case "chat":
      return <ChatPage />;
    case "faceEdit":
      return <FaceEditPage />;
    case "imageEdit":
      return <ImageEditPage />;
    default:
      return <ComingSoonPage routeId={id} />;
  }
}
