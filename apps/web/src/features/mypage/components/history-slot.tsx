import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import {
  HISTORY_TABS,
  SEARCHABLE_TABS,
  type THistoryTab,
  type THistoryTile,
  useImageHistory,
} from "../api/image-history.ts";
import { buildDemoTiles } from "../lib/demo-tiles.ts";
import { HistoryTile } from "./history-tile.tsx";
import { HistoryViewer } from "./history-viewer.tsx";

const GRID_CLASS = "mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5";

function HistorySkeleton() {
  return (
    <ul data-testid="history-loading" aria-hidden="true" className={GRID_CLASS}>
      {Array.from({ length: 10 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <div className="aspect-square animate-pulse rounded-2xl bg-canvas-deep" />
          <div className="mt-2 h-3 w-2/3 animate-pulse rounded-full bg-canvas-deep" />
        </li>
      ))}
    </ul>
  );
}

function HistoryTabs({ tab, onChange }: { tab: THistoryTab; onChange: (tab: THistoryTab) => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="tablist"
      aria-label={t("mypage.history.tablist")}
      className="mt-5 grid grid-cols-2 gap-1 rounded-3xl bg-canvas p-1 sm:grid-cols-4 sm:rounded-full"
    >
      {HISTORY_TABS.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={key === tab}
          data-testid={`history-tab-${key}`}
          onClick={() => onChange(key)}
          className={cn(
            "rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap transition",
            key === tab ? "bg-surface text-ink shadow-soft" : "text-ink-soft hover:text-ink",
          )}
        >
          {t(`mypage.history.tabs.${key}`)}
        </button>
      ))}
    </div>
  );
}

function HistorySearch({ onSearch }: { onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  // A form: Enter in the box and the Search button both submit (spec 02 §2.5).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form onSubmit={submit} className="mt-4 flex gap-2">
      <label className="relative min-w-0 flex-1">
        <span className="sr-only">{t("mypage.history.searchLabel")}</span>
        <Search aria-hidden="true" className="absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" />
        <input
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t("mypage.history.searchPlaceholder")}
          data-testid="history-search"
          className="h-11 w-full rounded-full border border-line bg-surface pr-4 pl-10 text-[15px] text-ink outline-none focus:border-accent-500"
        />
      </label>
      <Button type="submit" variant="secondary" data-testid="history-search-submit">
        {t("mypage.history.search")}
      </Button>
    </form>
  );
}

/**
 * My Page image history (spec 02 §2.5, §4.5): Retouch, Generate, Image Edit and Face Edit tabs,
 * prompt search, thumbnail grid, Load more and a full-screen viewer. The demo user sees the
 * built-in samples and makes no history calls.
 */
export function MyPageHistorySlot({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isDemo = user?.isDemoUser === true;
  const [tab, setTab] = useState<THistoryTab>("retouch");
  const [q, setQ] = useState("");
  const [openTile, setOpenTile] = useState<THistoryTile | null>(null);
  const history = useImageHistory(userId, tab, q, !isDemo);
  const tiles = isDemo ? buildDemoTiles(tab, q) : (history.data?.tiles ?? []);
  const isLoading = !isDemo && history.isPending;

  const changeTab = (next: THistoryTab) => {
    setTab(next);
    setQ("");
  };

  return (
    <section
      data-testid="mypage-history"
      className="mt-5 rounded-[1.75rem] border border-line bg-surface p-5 shadow-soft sm:p-7"
    >
      <h2 className="text-lg font-bold text-ink">{t("mypage.history.title")}</h2>
      <p className="mt-1 text-sm text-muted">{t("mypage.history.description")}</p>
      <HistoryTabs tab={tab} onChange={changeTab} />
      {SEARCHABLE_TABS.includes(tab) && <HistorySearch key={tab} onSearch={setQ} />}
      <div role="tabpanel" aria-label={t(`mypage.history.tabs.${tab}`)} aria-busy={isLoading}>
        {isLoading ? (
          <HistorySkeleton />
        ) : tiles.length === 0 ? (
          <p
            data-testid="history-empty"
            className="mt-5 rounded-2xl bg-canvas px-4 py-10 text-center text-sm text-muted"
          >
            {t("mypage.history.empty")}
          </p>
        ) : (
          <ul data-testid="history-grid" className={GRID_CLASS}>
            {tiles.map((tile) => (
              <HistoryTile key={tile.key} tile={tile} onOpen={setOpenTile} />
            ))}
          </ul>
        )}
        {!isDemo && history.hasNextPage && tiles.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            className="mt-5 w-full"
            onClick={() => void history.fetchNextPage()}
            isLoading={history.isFetchingNextPage}
            data-testid="history-more"
          >
            {t("mypage.history.loadMore")}
          </Button>
        )}
      </div>
      <HistoryViewer tile={openTile} onClose={() => setOpenTile(null)} />
    </section>
  );
}
