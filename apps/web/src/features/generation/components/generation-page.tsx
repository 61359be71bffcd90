import { useTranslation } from "react-i18next";
import { useRequiredUser } from "../../../lib/auth/auth-provider.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { GenerationWorkspace } from "./generation-workspace.tsx";

/**
 * /image-generation (spec 02 §2.3; issue 16): signed-in users only (spec 02 §5 "consistency
 * requires login"); the route's guard sends visitors to /login and back.
 */
export function GenerationPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  useDocumentTitle(t("generation.title"));
  return <GenerationWorkspace user={user} />;
}

export default GenerationPage;
