import type { TAuthUserResponse } from "@gyeol/shared/contracts/auth";
import type { TPublicUser } from "@gyeol/shared/contracts/user";

/**
 * The user to store right after login/register. The API sends the full user; should an older
 * server send only the spec's flat fields, a partial user stands in until the forced sync.
 */
export function toPublicUser(response: TAuthUserResponse): TPublicUser {
  if (response.user) return response.user;
  return {
    id: response.id,
    email: response.email,
    name: response.nickname,
    nickname: response.nickname,
    credits: response.credits,
  } as TPublicUser;
}
