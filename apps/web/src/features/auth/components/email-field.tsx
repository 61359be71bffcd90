import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/text-field.tsx";

/** The e-mail field of every sign-in form: the phone's e-mail keyboard, autofill, required. */
export function EmailField({
  value,
  onChange,
  testId,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /** Why the server refused the address, in the page's language (shown under the field). */
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      data-testid={testId}
      label={t("auth.fields.email")}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t("auth.fields.emailPlaceholder")}
      required
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
