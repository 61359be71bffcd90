import { useRef } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { env } from "../../../lib/env.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useGoogleIdentity } from "../hooks/use-google-identity.ts";
import { useGoogleSignIn } from "../hooks/use-google-sign-in.ts";

const BASE =
  "flex h-12 w-full items-center justify-center gap-2.5 rounded-xl px-4 text-[15px] font-semibold transition-[filter,background-color] duration-150";

function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

function NaverLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path fill="currentColor" d="M16.273 12.845 7.376 0H0v24h7.726V11.156L16.624 24H24V0h-7.727v12.845Z" />
    </svg>
  );
}

function KakaoLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#000"
        d="M12 3C6.48 3 2 6.58 2 11c0 2.86 1.88 5.37 4.7 6.78-.2.74-.74 2.7-.85 3.12-.13.52.19.51.4.37.17-.11 2.67-1.81 3.75-2.55.65.09 1.31.14 2 .14 5.52 0 10-3.58 10-8S17.52 3 12 3z"
      />
    </svg>
  );
}

interface GoogleButtonProps {
  mode: "login" | "signup";
  /** A Google sign-in into an account inside its deletion window (spec 01 §4). */
  onPendingDeletion: (purgeAt: string) => void;
  clientId?: string;
}

/**
 * Google Identity Services renders its own button when VITE_GOOGLE_CLIENT_ID is set (the script
 * loads only then). Without it this look-alike explains that Google is not configured here.
 */
export function GoogleButton({ mode, onPendingDeletion, clientId = env.googleClientId }: GoogleButtonProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const container = useRef<HTMLDivElement>(null);
  const onCredential = useGoogleSignIn(onPendingDeletion);
  useGoogleIdentity(container, { clientId, mode, locale, onCredential });

  if (clientId) {
    return (
      <div ref={container} data-testid={`${mode}-google`} className="flex min-h-12 w-full justify-center" />
    );
  }
  return (
    <button
      type="button"
      data-testid={`${mode}-google`}
      onClick={() => toast.error(t("signin.social.notConfigured", { provider: "Google" }))}
      className={cn(BASE, "border border-[#747775] bg-white text-[#1f1f1f] hover:bg-[#f8f8f8]")}
    >
      <GoogleLogo />
      {t(mode === "login" ? "auth.social.google" : "auth.social.googleSignup")}
    </button>
  );
}

/** The API route with the page to come back to (same-site paths only; the server checks again). */
function redirectHref(provider: "naver" | "kakao", next: string | null): string {
  return next ? `/api/auth/${provider}?next=${encodeURIComponent(next)}` : `/api/auth/${provider}`;
}

/** Naver and Kakao sign in (and sign up) by a full-page redirect to the API (spec 01 §2 Login page). */
export function NaverButton({ next, mode = "login" }: { next: string | null; mode?: "login" | "signup" }) {
  const { t } = useTranslation();
  return (
    <a
      href={redirectHref("naver", next)}
      data-testid={`${mode}-naver`}
      // Naver's green with dark text: white on #03C75A is 2.25:1, below WCAG AA's 4.5:1 for 15 px text.
      className={cn(BASE, "bg-[#03C75A] text-black/85 hover:brightness-95")}
    >
      <NaverLogo />
      {t(mode === "login" ? "auth.social.naver" : "auth.social.naverSignup")}
    </a>
  );
}

export function KakaoButton({ next, mode = "login" }: { next: string | null; mode?: "login" | "signup" }) {
  const { t } = useTranslation();
  return (
    <a
      href={redirectHref("kakao", next)}
      data-testid={`${mode}-kakao`}
      className={cn(BASE, "bg-[#FEE500] text-black/85 hover:brightness-95")}
    >
      <KakaoLogo />
      {t(mode === "login" ? "auth.social.kakao" : "auth.social.kakaoSignup")}
    </a>
  );
}

/**
 * The quick sign-in buttons in the order people expect (issue 30): Korean pages lead with Kakao and
 * Naver, the accounts most Koreans sign in with; English pages lead with Google. Sign-up offers the
 * same three (a first Naver or Kakao sign-in creates the account after the age confirmation).
 */
export function SocialButtons({
  mode,
  next,
  onPendingDeletion,
}: {
  mode: "login" | "signup";
  next: string | null;
  onPendingDeletion: (purgeAt: string) => void;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const google = <GoogleButton key="google" mode={mode} onPendingDeletion={onPendingDeletion} />;
  const naver = <NaverButton key="naver" mode={mode} next={next} />;
  const kakao = <KakaoButton key="kakao" mode={mode} next={next} />;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of links and buttons, not form fields.
    <div
      role="group"
      aria-label={t("auth.social.groupLabel")}
      data-testid={`${mode}-social`}
      className="flex flex-col gap-2.5"
    >
      {locale === "ko" ? [kakao, naver, google] : [google, naver, kakao]}
    </div>
  );
}
