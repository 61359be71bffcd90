import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { useSignInMethodsQuery } from "../api/account.ts";
import { DeleteAccountSection } from "./delete-account-section.tsx";
import { SignInMethodsCard } from "./sign-in-methods-card.tsx";

/**
 * The account block of My Page (issue 7): linked sign-in methods and account deletion. My Page
 * renders `<AccountSettings user={user} />` below its other cards.
 */
export function AccountSettings({ user }: { user: TPublicUser }) {
  const methods = useSignInMethodsQuery(user.id);
  return (
    <>
      <SignInMethodsCard userId={user.id} />
      <DeleteAccountSection user={user} hasPassword={methods.data?.hasPassword ?? true} />
    </>
  );
}
