import { useTranslation } from "react-i18next";
import { useRequiredUser } from "../../../lib/auth/auth-provider.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { FaceEditWorkspace } from "./face-edit-workspace.tsx";

/** /face-edit (spec 02 §2.4): signed-in users only, behind the route's sign-in guard. */
export function FaceEditPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  useDocumentTitle(t("pages.faceEdit.title"));
  return <FaceEditWorkspace user={user} />;
}

export default FaceEditPage;
