import { MAX_NOTICE_ATTACHMENTS } from "@gyeol/shared/constants";
import type { TNoticeDetailResponse } from "@gyeol/shared/contracts/notices";
import { localizePath } from "@gyeol/shared/routes";
import { CircleAlert, Paperclip, ShieldAlert } from "lucide-react";
import { type FormEvent, useCallback, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Button, buttonStyles } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useFormErrors } from "../../../lib/use-form-errors.ts";
import { useNotice, useSaveNotice } from "../api/notices.ts";
import { useImageInserter } from "../hooks/use-image-inserter.ts";
import { addAttachments, parseNoticeId, toKilobytes } from "../lib/notice-rules.ts";
import { AttachmentPicker } from "./attachment-picker.tsx";
import { NoticeLoading, NoticePageFrame } from "./notice-page-frame.tsx";

/**
 * /notice/write and /notice/{id}/edit share this screen; the id in the route decides the mode
 * (spec 01 §2 Notice editor, §4).
 */
export function NoticeEditorPage() {
  const { t } = useTranslation();
  const rawId = useParams().id;
  const isEdit = rawId !== undefined;
  const id = isEdit ? parseNoticeId(rawId) : null;
  const query = useNotice(isEdit ? id : null);
  useDocumentTitle(t(isEdit ? "notices.editor.editTitle" : "notices.editor.createTitle"));

  const frame = (children: React.ReactNode) => (
    <NoticePageFrame
      testId="notice-editor"
      eyebrow={t("notices.eyebrow")}
      title={t(isEdit ? "notices.editor.editTitle" : "notices.editor.createTitle")}
      description={t(isEdit ? "notices.editor.editLead" : "notices.editor.createLead")}
    >
      {children}
    </NoticePageFrame>
  );

  if (isEdit && (id === null || query.isError)) {
    const isMissing = id === null || (isApiError(query.error) && query.error.status === 404);
    return frame(
      <p
        role="alert"
        data-testid="notice-error"
        className="rounded-3xl bg-accent-50 px-6 py-10 text-center font-semibold text-accent-700 ring-1 ring-accent-100"
      >
        {isMissing
          ? t("notices.detail.notFound")
          : describeError(query.error, t, t("notices.errors.fetchFailed"))}
      </p>,
    );
  }
  if (isEdit && !query.data) return frame(<NoticeLoading label={t("common.loading")} />);
  // Keyed so a different notice (or write after edit) starts from a fresh form.
  return frame(<NoticeForm key={id ?? "new"} id={id} initial={query.data} />);
}

/** The notice body's fields this form shows (ZNoticeFields plus the `files` of a new notice). */
const NOTICE_FIELDS = ["title", "content", "files"] as const;

function NoticeForm({ id, initial }: { id: number | null; initial: TNoticeDetailResponse | undefined }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const { user } = useAuth();
  const isAdmin = user?.isAdmin === true;
  const isEdit = id !== null;
  const save = useSaveNotice(id);
  const [title, setTitle] = useState(initial?.notice.title ?? "");
  const [content, setContent] = useState(initial?.notice.content ?? "");
  const [isPinned, setIsPinned] = useState(initial?.notice.pinned ?? false);
  const [files, setFiles] = useState<File[]>([]);
  const errors = useFormErrors(NOTICE_FIELDS);
  const { setFormError } = errors;
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const onUploadError = useCallback(
    (failure: unknown) => setFormError(describeError(failure, t, t("notices.errors.uploadFailed"))),
    [t, setFormError],
  );
  const images = useImageInserter({ textareaRef, setContent, onError: onUploadError });

  function onAddFiles(incoming: File[]) {
    const result = addAttachments(files, incoming);
    setFiles(result.files);
    if (result.problem === "tooMany")
      errors.setFieldError("files", t("notices.errors.tooManyFiles", { max: MAX_NOTICE_ATTACHMENTS }));
    else if (result.problem === "imagesOnly") errors.setFieldError("files", t("notices.errors.imagesOnly"));
    else errors.clearField("files");
  }

  async function onInsertFile(file: File) {
    const count = await images.insertImages([file]).catch(() => 0);
    if (count === 0) errors.setFormError(t("notices.errors.insertFailed"));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isAdmin) return errors.setFormError(t("notices.errors.noPermission"));
    const fields = { title: title.trim(), content: content.trim(), pinned: isPinned };
    errors.clear();
    if (!fields.title || !fields.content) {
      if (!fields.title) errors.setFieldError("title", t("errors.validation.required"));
      if (!fields.content) errors.setFieldError("content", t("errors.validation.required"));
      return;
    }
    save.mutate(
      { fields, files },
      {
        onSuccess: (savedId) => {
          toast.success(t(isEdit ? "notices.editor.updated" : "notices.editor.created"));
          navigate(localizePath(`/notice/${savedId}`, locale), { replace: isEdit });
        },
        onError: (failure) =>
          errors.showFailure(
            failure,
            t(isEdit ? "notices.errors.editFailed" : "notices.errors.createFailed"),
          ),
      },
    );
  }

  const contentError = errors.fieldError("content");
  const cancelTo = localizePath(isEdit ? `/notice/${id}` : "/notice", locale);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-6 rounded-3xl border border-line bg-surface p-5 shadow-soft sm:p-8"
    >
      {!isAdmin && (
        <p
          role="alert"
          data-testid="notice-admin-only"
          className="flex items-center gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-700 ring-1 ring-red-200"
        >
          <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
          {t("notices.editor.adminOnly")}
        </p>
      )}
      <TextField
        label={t("notices.editor.titleLabel")}
        placeholder={t("notices.editor.titlePlaceholder")}
        value={title}
        maxLength={200}
        error={errors.fieldError("title")}
        onChange={(event) => {
          setTitle(event.target.value);
          errors.clearField("title");
        }}
        data-testid="notice-title-input"
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="notice-content" className="text-sm font-semibold text-ink">
          {t("notices.editor.contentLabel")}
        </label>
        <textarea
          id="notice-content"
          ref={textareaRef}
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            errors.clearField("content");
          }}
          onPaste={images.onPaste}
          onDrop={images.onDrop}
          placeholder={t("notices.editor.contentPlaceholder")}
          data-testid="notice-content-input"
          aria-describedby={contentError ? "notice-content-hint notice-content-error" : "notice-content-hint"}
          aria-invalid={contentError ? true : undefined}
          rows={14}
          className={cn(
            "min-h-72 w-full resize-y rounded-xl border bg-surface px-4 py-3 font-mono text-[14px] leading-relaxed text-ink outline-none transition-colors placeholder:font-sans placeholder:text-muted focus:border-accent-400 focus:ring-4 focus:ring-accent-100",
            contentError ? "border-accent-500" : "border-line-strong hover:border-ink/25",
          )}
        />
        {contentError && (
          <p id="notice-content-error" className="text-[13px] font-medium text-accent-700">
            {contentError}
          </p>
        )}
        <p id="notice-content-hint" className="flex items-center gap-2 text-[13px] text-muted">
          {images.isUploading ? (
            <>
              <Spinner className="size-3.5" />
              <span data-testid="notice-uploading">{t("notices.editor.uploadingImage")}</span>
            </>
          ) : (
            t("notices.editor.contentHint")
          )}
        </p>
      </div>

      {isEdit ? (
        <ExistingFiles initial={initial} />
      ) : (
        <AttachmentPicker
          files={files}
          onAdd={onAddFiles}
          onRemove={(file) => setFiles((current) => current.filter((f) => f !== file))}
          onInsert={(file) => void onInsertFile(file)}
          isDisabled={save.isPending}
          error={errors.fieldError("files")}
        />
      )}

      <label className="flex cursor-pointer items-start gap-3 rounded-xl px-1">
        <input
          type="checkbox"
          checked={isPinned}
          onChange={(event) => setIsPinned(event.target.checked)}
          data-testid="notice-pinned"
          className="mt-0.5 size-5 shrink-0 accent-accent-600"
        />
        <span>
          <span className="block text-sm font-semibold text-ink">{t("notices.editor.pinLabel")}</span>
          <span className="block text-[13px] text-muted">{t("notices.editor.pinHint")}</span>
        </span>
      </label>

      {errors.formError && (
        <p
          role="alert"
          data-testid="notice-form-error"
          className="flex items-start gap-2 text-sm font-semibold text-red-600"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {errors.formError}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 border-t border-line pt-6 sm:flex-row sm:justify-end">
        <Link to={cancelTo} data-testid="notice-cancel" className={buttonStyles({ variant: "secondary" })}>
          {t("notices.editor.cancel")}
        </Link>
        <Button
          type="submit"
          data-testid="notice-submit"
          isLoading={save.isPending}
          disabled={images.isUploading}
        >
          {save.isPending
            ? t("notices.editor.submitting")
            : t(isEdit ? "notices.editor.submitEdit" : "notices.editor.submitCreate")}
        </Button>
      </div>
    </form>
  );
}

function ExistingFiles({ initial }: { initial: TNoticeDetailResponse | undefined }) {
  const { t } = useTranslation();
  const files = initial?.files ?? [];
  return (
    <div className="rounded-2xl bg-canvas/70 px-4 py-4 ring-1 ring-line">
      <p className="flex items-center gap-1.5 text-sm font-semibold text-ink">
        <Paperclip aria-hidden="true" className="size-4" />
        {t("notices.editor.existingFiles")}
      </p>
      {files.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t("notices.detail.noAttachments")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {files.map((file) => (
            <li key={file.id} className="flex justify-between gap-3">
              <span className="truncate text-ink-soft">{file.file_name}</span>
              <span className="shrink-0 text-muted tabular-nums">
                {t("notices.detail.sizeKb", { size: toKilobytes(file.size) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-[13px] text-muted">{t("notices.editor.existingFilesHint")}</p>
    </div>
  );
}

export default NoticeEditorPage;
