import { MessagesSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { env } from "../../../lib/env.ts";

/** The floating button to the community chat server (spec 01 §2), in a new tab. */
export function CommunityButton() {
  const { t } = useTranslation();
  return (
    <a
      href={env.communityUrl}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="community-button"
      aria-label={`${t("community.label")} (${t("common.newTab")})`}
      title={t("community.label")}
      className="group fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 flex size-13 items-center justify-center rounded-full bg-ink text-white shadow-float transition-transform duration-200 hover:-translate-y-0.5 hover:bg-accent-700 sm:right-6 sm:bottom-6"
    >
      <MessagesSquare aria-hidden="true" className="size-5.5" />
    </a>
  );
}
