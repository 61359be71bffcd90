import { localizePath } from "@gyeol/shared/routes";
import { CalendarDays, List, Paperclip, PenLine, Trash2, UserRound } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Button, buttonStyles } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useDeleteNotice, useNotice } from "../api/notices.ts";
import { parseNoticeId, toKilobytes } from "../lib/notice-rules.ts";
import { NoticeBody } from "./notice-body.tsx";
import { NoticeLoading, NoticePageFrame } from "./notice-page-frame.tsx";

/** /notice/{id} (spec 01 §2 Notice detail). */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const { user } = useAuth();
  const id = parseNoticeId(useParams().id);
  const query = useNotice(id);
  const remove = useDeleteNotice();
  const [isConfirming, setIsConfirming] = useState(false);
  const notice = query.data?.notice;
  useDocumentTitle(notice?.title ?? t("notices.list.title"));

  const listLink = (
    <Link
      to={localizePath("/notice", locale)}
      data-testid="notice-to-list"
      className={buttonStyles({ variant: "secondary" })}
    >
      <List aria-hidden="true" className="size-4" />
      {t("notices.detail.toList")}
    </Link>
  );

  if (id === null || query.isError) {
    const isMissing = id === null || (isApiError(query.error) && query.error.status === 404);
    return (
      <NoticePageFrame testId="notice-detail" eyebrow={t("notices.eyebrow")} title={t("notices.list.title")}>
        <div className="rounded-3xl border border-line bg-surface px-6 py-14 text-center shadow-soft">
          <p role="alert" data-testid="notice-error" className="font-semibold text-accent-700">
            {isMissing
              ? t("notices.detail.notFound")
              : describeError(query.error, t, t("notices.errors.fetchFailed"))}
          </p>
          <div className="mt-6 flex justify-center">{listLink}</div>
        </div>
      </NoticePageFrame>
    );
  }

  if (!notice || !query.data) {
    return (
      <NoticePageFrame testId="notice-detail" eyebrow={t("notices.eyebrow")} title={t("notices.list.title")}>
        <NoticeLoading label={t("common.loading")} />
      </NoticePageFrame>
    );
  }

  const files = query.data.files;
  const onDelete = () =>
    remove.mutate(notice.id, {
      onSuccess: () => {
        toast.success(t("notices.detail.deleted"));
        navigate(localizePath("/notice", locale), { replace: true });
      },
      onError: (error) => {
        setIsConfirming(false);
        toast.error(describeError(error, t, t("notices.errors.deleteFailed")));
      },
    });

  return (
    <NoticePageFrame
      testId="notice-detail"
      eyebrow={t("notices.eyebrow")}
      title={<span data-testid="notice-detail-title">{notice.title}</span>}
    >
      <article className="overflow-hidden rounded-3xl border border-line bg-surface shadow-soft">
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 border-b border-line bg-canvas/60 px-5 py-4 text-sm text-muted sm:px-8">
          <span className="inline-flex items-center gap-1.5" data-testid="notice-detail-author">
            <UserRound aria-hidden="true" className="size-4" />
            {notice.author_name || t("notices.detail.authorFallback")}
          </span>
          <time
            dateTime={notice.created_at}
            className="inline-flex items-center gap-1.5 tabular-nums"
            data-testid="notice-detail-date"
          >
            <CalendarDays aria-hidden="true" className="size-4" />
            {formatDateTime(notice.created_at, locale)}
          </time>
        </div>
        <div className="px-5 py-6 sm:px-8 sm:py-8">
          <NoticeBody html={notice.content} />
        </div>
        <section aria-labelledby="notice-files-heading" className="border-t border-line px-5 py-5 sm:px-8">
          <h2 id="notice-files-heading" className="flex items-center gap-1.5 text-sm font-bold text-ink">
            <Paperclip aria-hidden="true" className="size-4" />
            {t("notices.detail.attachments")}
          </h2>
          {files.length === 0 ? (
            <p data-testid="notice-no-files" className="mt-2 text-sm text-muted">
              {t("notices.detail.noAttachments")}
            </p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {files.map((file) => (
                <li key={file.id}>
                  <a
                    href={file.file_url}
                    download={file.file_name}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="notice-file"
                    aria-label={t("notices.detail.download", { name: file.file_name })}
                    className="flex items-center justify-between gap-3 rounded-xl border border-line px-4 py-3 text-sm transition-colors hover:border-accent-300 hover:bg-accent-50/50"
                  >
                    <span className="truncate font-medium text-ink">{file.file_name}</span>
                    <span className="shrink-0 text-muted tabular-nums">
                      {t("notices.detail.sizeKb", { size: toKilobytes(file.size) })}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </article>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        {listLink}
        {user?.isAdmin && (
          <div className="flex gap-2">
            <Link
              to={localizePath(`/notice/${notice.id}/edit`, locale)}
              data-testid="notice-edit"
              className={buttonStyles({ variant: "secondary" })}
            >
              <PenLine aria-hidden="true" className="size-4" />
              {t("notices.detail.edit")}
            </Link>
            <Button variant="dark" data-testid="notice-delete" onClick={() => setIsConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t("notices.detail.delete")}
            </Button>
          </div>
        )}
      </div>

      <Dialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t("notices.detail.confirmTitle")}
        description={t("notices.detail.confirmBody")}
        testId="notice-delete-dialog"
        icon={
          <span className="grid size-12 place-items-center rounded-2xl bg-accent-50 text-accent-700 ring-1 ring-accent-100">
            <Trash2 aria-hidden="true" className="size-6" />
          </span>
        }
      >
        <div className="flex justify-center gap-2">
          <Button variant="secondary" onClick={() => setIsConfirming(false)}>
            {t("notices.detail.cancel")}
          </Button>
          <Button data-testid="notice-delete-confirm" isLoading={remove.isPending} onClick={onDelete}>
            {t("notices.detail.confirmDelete")}
          </Button>
        </div>
      </Dialog>
    </NoticePageFrame>
  );
}

export default NoticeDetailPage;
