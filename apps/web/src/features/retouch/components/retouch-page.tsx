import { useTranslation } from "react-i18next";
import { useRequiredUser } from "../../../lib/auth/auth-provider.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { RetouchWorkspace } from "./retouch-workspace.tsx";

/**
 * /upscale (spec 02 §2.1): signed-in users only. The route's sign-in guard (app/route-guards) sends
 * visitors to /login with a "please log in" toast and back here afterwards (§5, §6).
 */
export function RetouchPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  useDocumentTitle(t("pages.upscale.title"));
  return <RetouchWorkspace user={user} />;
}

export default RetouchPage;
