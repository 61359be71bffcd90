import { IMAGE_EDIT_AUTO_PROMPT_CREDITS } from "@gyeol/shared/image-edit";
import { useTranslation } from "react-i18next";
import type { TEditForm } from "../hooks/use-edit-form.ts";

/** The page's heading, the test provider's badge, and a note when no provider is connected. */
export function ImageEditHeader({
  isTestProvider,
  isNotConfigured,
}: {
  isTestProvider: boolean;
  isNotConfigured: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <header className="max-w-3xl">
        <p className="flex items-center gap-2 text-[13px] font-bold tracking-wide text-accent-700">
          {t("imageEdit.eyebrow")}
          {isTestProvider && (
            <span
              data-testid="image-edit-test-provider"
              className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] text-amber-900"
            >
              {t("imageEdit.testProvider")}
            </span>
          )}
        </p>
        <h1 className="mt-1.5 text-[28px] font-bold tracking-tight text-ink min-[700px]:text-4xl">
          {t("imageEdit.title")}
        </h1>
        <p className="mt-2 text-[15px] leading-relaxed text-ink-soft">{t("imageEdit.lead")}</p>
      </header>
      {isNotConfigured && (
        <div
          role="note"
          data-testid="image-edit-not-configured"
          className="mt-5 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-bold">{t("imageEdit.notConfigured.title")}</p>
          <p className="mt-1 text-[14px] leading-relaxed">{t("imageEdit.notConfigured.body")}</p>
        </div>
      )}
    </>
  );
}

/** The prompt and the auto-prompt switch (spec 02 §2.2; issue 27: off, saying why, without a model). */
export function PromptCard({
  form,
  isBusy,
  isWritingPrompt,
}: {
  form: TEditForm;
  isBusy: boolean;
  isWritingPrompt: boolean;
}) {
  const { t } = useTranslation();
  const { isAutoPromptOff } = form;
  return (
    <section className="rounded-3xl border border-line bg-surface p-4 shadow-soft">
      <label htmlFor="image-edit-prompt" className="text-[15px] font-bold text-ink">
        {t("imageEdit.prompt.label")}
      </label>
      <textarea
        id="image-edit-prompt"
        data-testid="image-edit-prompt"
        value={form.prompt}
        rows={4}
        disabled={isBusy}
        placeholder={t("imageEdit.prompt.placeholder")}
        onChange={(event) => form.setPrompt(event.target.value)}
        className="mt-2 w-full resize-y rounded-2xl border border-line bg-surface p-3 text-[15px] leading-relaxed text-ink"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <label
          className="flex items-center gap-2 text-[13px] font-semibold text-ink-soft"
          title={isAutoPromptOff ? t("imageEdit.prompt.autoPromptOff") : t("imageEdit.prompt.autoPromptHint")}
        >
          <input
            type="checkbox"
            data-testid="image-edit-auto-prompt"
            checked={form.isAutoPrompt}
            disabled={isBusy || isAutoPromptOff}
            onChange={(event) => form.setIsAutoPrompt(event.target.checked)}
            className="size-4 accent-accent-600"
          />
          {t("imageEdit.prompt.autoPrompt", { cost: IMAGE_EDIT_AUTO_PROMPT_CREDITS })}
        </label>
        <span className="text-[12px] text-muted">{t("imageEdit.prompt.hint")}</span>
      </div>
      {isAutoPromptOff && (
        <p className="mt-1 text-[12px] text-ink-soft" data-testid="image-edit-auto-prompt-off">
          {t("imageEdit.prompt.autoPromptOff")}
        </p>
      )}
      {isWritingPrompt && (
        <p role="status" className="mt-2 text-[13px] text-accent-700">
          {t("imageEdit.prompt.autoPromptWorking")}
        </p>
      )}
    </section>
  );
}
