/**
 * The chat panel's fixed parts (spec 02 §2.6): its header (title, the test model's badge, the
 * lead, what a message costs) and the notes in place of messages (no model connected, sign in,
 * welcome).
 */
import { localizePath } from "@gyeol/shared/routes";
import { FlaskConical, Plug } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageLocale } from "../../../lib/locale.ts";

export function ChatHeader({
  isTestProvider,
  charge,
}: {
  isTestProvider: boolean;
  charge: { enabled: boolean; cost: number } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-line px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 id="chat-title" className="text-xl font-bold tracking-tight text-ink">
          {t("chat.title")}
        </h1>
        {isTestProvider && (
          <span
            data-testid="chat-test-provider"
            title={t("chat.testProviderHint")}
            className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-bold text-amber-800 ring-1 ring-amber-200"
          >
            <FlaskConical aria-hidden="true" className="size-3.5" />
            {t("chat.testProvider")}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-ink-soft">{t("chat.lead")}</p>
      {charge && (
        <p data-testid="chat-charge" className="mt-1 text-xs font-semibold text-accent-700">
          {charge.enabled ? t("chat.charged", { cost: charge.cost }) : t("chat.freeBeta")}
        </p>
      )}
      {isTestProvider && <p className="mt-1 text-xs text-amber-800">{t("chat.testProviderHint")}</p>}
    </header>
  );
}

/** What the message list says before there are messages: no model, sign in, or welcome. */
export function ChatNotes({
  isConnected,
  isSignedIn,
  isAuthLoading,
  isEmpty,
}: {
  isConnected: boolean;
  isSignedIn: boolean;
  isAuthLoading: boolean;
  /** Signed in, nothing to show and nothing loading. */
  isEmpty: boolean;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  if (!isConnected)
    return (
      <li
        data-testid="chat-not-configured"
        className="mx-auto max-w-md rounded-2xl border border-line bg-canvas p-5 text-center"
      >
        <Plug aria-hidden="true" className="mx-auto size-7 text-ink-soft" />
        <p className="mt-2 font-bold text-ink">{t("chat.notConfiguredTitle")}</p>
        <p className="mt-1 text-sm leading-relaxed text-ink-soft">{t("chat.notConfiguredBody")}</p>
      </li>
    );
  if (!isAuthLoading && !isSignedIn)
    return (
      <li
        data-testid="chat-login-required"
        className="mx-auto max-w-md rounded-2xl border border-line bg-canvas p-5 text-center"
      >
        <p className="font-bold text-ink">{t("chat.loginRequired")}</p>
        <p className="mt-1 text-sm text-ink-soft">{t("chat.loginHint")}</p>
        <Link
          to={`${localizePath("/login", locale)}?next=${encodeURIComponent(localizePath("/chat", locale))}`}
          className="mt-3 inline-flex rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white"
        >
          {t("chat.login")}
        </Link>
      </li>
    );
  if (isSignedIn && isEmpty)
    return (
      <li className="mx-auto max-w-md py-10 text-center">
        <p className="text-lg font-bold text-ink">{t("chat.welcomeTitle")}</p>
        <p className="mt-1 text-sm text-ink-soft">{t("chat.welcomeBody")}</p>
      </li>
    );
  return null;
}
