import { type RefObject, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  describeError,
  formErrorsOf,
  NO_FORM_ERRORS,
  summarizeFormErrors,
  type TFormErrors,
} from "./api-errors.ts";

/**
 * A form's errors: one translated reason per field (shown under it with aria-invalid and
 * aria-describedby by TextField) and one line for the rest. `fields` are the body fields the form
 * shows, by their API names; keep the array at module level so it is stable.
 */
export function useFormErrors<TField extends string>(
  fields: readonly TField[],
  /**
   * The form: after a failed submit, focus goes to its first field marked invalid, so its reason
   * (linked by aria-describedby) is read out and the person types where the problem is; a
   * form-level error is a live alert of its own (issue 30: shown there, not in a toast too).
   */
  formRef?: RefObject<HTMLFormElement | null>,
) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<TFormErrors<TField>>(NO_FORM_ERRORS);
  const [failureCount, setFailureCount] = useState(0);

  useEffect(() => {
    if (failureCount > 0) formRef?.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failureCount, formRef]);

  /** Shows a failed submit; returns one sentence (for a place that has no inline line). */
  const showFailure = useCallback(
    (failure: unknown, fallback: string, describe: typeof describeError = describeError): string => {
      const next = formErrorsOf(failure, t, fields, fallback, describe);
      setErrors(next);
      setFailureCount((count) => count + 1);
      return summarizeFormErrors(next, t) ?? fallback;
    },
    [t, fields],
  );

  const setFieldError = useCallback((field: TField, message: string) => {
    setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: message } }));
  }, []);

  /** Editing a field takes its error away; the others stay until the next submit. */
  const clearField = useCallback((field: TField) => {
    setErrors((current) =>
      current.fields[field] === undefined
        ? current
        : { ...current, fields: { ...current.fields, [field]: undefined } },
    );
  }, []);

  return useMemo(
    () => ({
      fieldError: (field: TField): string | undefined => errors.fields[field],
      formError: errors.form,
      showFailure,
      setFieldError,
      setFormError: (message: string | null) => setErrors({ fields: {}, form: message }),
      clearField,
      clear: () => setErrors(NO_FORM_ERRORS),
    }),
    [errors, showFailure, setFieldError, clearField],
  );
}
