import * as contract from "@gyeol/shared/contracts/auth";
import { describe, expect, it } from "vitest";
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth-limits.ts";

describe("sign-up limits", () => {
  it("match the API contract", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(contract.PASSWORD_MIN_LENGTH);
    expect(NAME_MAX_LENGTH).toBe(contract.NAME_MAX_LENGTH);
  });
});
