/**
 * The sign-up limits the form shows. They mirror PASSWORD_MIN_LENGTH and NAME_MAX_LENGTH of
 * @gyeol/shared/contracts/auth, which cannot be imported here without bundling zod (~30 kB gzip)
 * into the sign-up page; auth-limits.test.ts keeps the two equal.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 50;
