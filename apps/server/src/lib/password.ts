import { hash, verify } from "@node-rs/argon2";

/**
 * Password hashing behind a small interface (ARCHITECTURE "Passwords use argon2id").
 * @node-rs/argon2 defaults to argon2id with m=19456 KiB, t=2, p=1: OWASP's first recommended
 * setting, and it runs off the event loop.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password),
  async verify(hashed, password) {
    try {
      return await verify(hashed, password);
    } catch {
      // A malformed stored hash is a failed login, not a crash.
      return false;
    }
  },
};
