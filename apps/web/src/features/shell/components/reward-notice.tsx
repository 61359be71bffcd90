import type { TRewardsAcknowledgeResponse } from "@gyeol/shared/contracts/affiliate";
import { localizePath } from "@gyeol/shared/routes";
import { useQueryClient } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { formatNumber } from "../../../lib/dates.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { hasQueryClient } from "../../../lib/query-client-loader.ts";
import { acknowledgeRewards, affiliateEarningsQuery } from "../../../lib/share/affiliate.ts";

/** A reward is news: it stays longer than the 2 s of an ordinary success. */
const REWARD_TOAST_MS = 8000;

type TReward = TRewardsAcknowledgeResponse["rewards"][number];

function RewardToast({ rewards, toastId }: { rewards: TReward[]; toastId: string }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const credits = formatNumber(
    rewards.reduce((sum, reward) => sum + reward.credits, 0),
    locale,
  );
  return (
    <div data-testid="reward-notice" className="flex items-start gap-3">
      <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-200" />
      <div className="min-w-0">
        <p className="font-semibold">
          {rewards.length === 1
            ? t("mypage.rewardNotice.one", { credits })
            : t("mypage.rewardNotice.many", { count: rewards.length, credits })}
        </p>
        <p className="mt-0.5 text-[13px] text-white/80">{t("mypage.rewardNotice.detail")}</p>
        <Link
          to={`${localizePath("/mypage", locale)}#invite`}
          onClick={() => toast.dismiss(toastId)}
          data-testid="reward-notice-view"
          className="mt-1.5 inline-block text-[13px] font-semibold text-white underline underline-offset-2"
        >
          {t("mypage.rewardNotice.view")}
        </Link>
      </div>
    </div>
  );
}

/**
 * Tells the sharer when a referral reward arrives (issue 30): when a signed-in user with bonus
 * credits opens the site, and whenever the session sync sees their bonus credits grow, it claims
 * the rewards not announced yet (POST /api/affiliate/rewards/acknowledge: each is announced once,
 * in one tab) and shows one toast for them, with a link to My Page's invite card.
 */
export function RewardNotice() {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = status === "authenticated" && user && !user.isDemoUser ? user.id : undefined;
  const bonus = user?.bonus_credits ?? 0;
  const seen = useRef<{ userId: number; bonus: number } | null>(null);

  useEffect(() => {
    if (userId === undefined) {
      seen.current = null;
      return;
    }
    const previous = seen.current;
    seen.current = { userId, bonus };
    const isNewUser = previous === null || previous.userId !== userId;
    if (bonus <= 0 || (!isNewUser && bonus <= previous.bonus)) return;
    // Not cancelled when the effect runs again: what the server handed over is announced.
    acknowledgeRewards()
      .then(async ({ rewards }) => {
        if (rewards.length === 0) return;
        // The toast's words are not in the strings every page loads first.
        await i18n.loadAll();
        const toastId = `reward-${rewards.map((reward) => reward.id).join("-")}`;
        toast(<RewardToast rewards={rewards} toastId={toastId} />, {
          id: toastId,
          duration: REWARD_TOAST_MS,
        });
        if (hasQueryClient(queryClient))
          void queryClient.invalidateQueries({ queryKey: affiliateEarningsQuery().queryKey });
      })
      .catch((error: unknown) => console.warn("[rewards] could not check for new referral rewards", error));
  }, [userId, bonus, queryClient]);

  return null;
}
