import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { RunButton } from "../../../components/tool/run-button.tsx";
import type { TGenerateBlock } from "../lib/generate-rules.ts";

interface GenerateButtonProps {
  cost: number;
  credits: number;
  block: TGenerateBlock | null;
  isWorking: boolean;
  onGenerate: () => void;
  isCompact?: boolean;
  testId?: string;
}

const BLOCK_HINT = { noImage: "tool.run.needImage", credits: "tool.run.notEnough" } as const;

/** Retouch's Generate: the platform's run button, off for the reasons of generate-rules (spec 02 §2.1, §5). */
export const GenerateButton = forwardRef<HTMLButtonElement, GenerateButtonProps>(function GenerateButton(
  { block, onGenerate, testId = "retouch-generate", ...rest },
  ref,
) {
  const { t } = useTranslation();
  const hintKey = block === "noImage" || block === "credits" ? BLOCK_HINT[block] : undefined;
  return (
    <RunButton
      ref={ref}
      {...rest}
      label={t("retouch.generate.button")}
      isDisabled={block !== null}
      disabledHint={hintKey ? t(hintKey) : undefined}
      onRun={onGenerate}
      testId={testId}
    />
  );
});
