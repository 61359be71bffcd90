import { describe, expect, it } from "vitest";
import { resolvePaymentReturn } from "./payment-return.ts";

describe("the payment return redirect (spec 01 §2)", () => {
  it("goes to My Page with the banner after a success", () => {
    expect(resolvePaymentReturn("success")).toEqual({
      path: "/mypage?payment=success",
      message: "completed",
      tone: "success",
    });
  });

  it("goes back to pricing after a cancellation", () => {
    expect(resolvePaymentReturn("cancelled")).toMatchObject({ path: "/pricing", message: "cancelled" });
  });

  it("goes home with a processing message for anything else", () => {
    for (const value of [null, "", "pending", "SUCCESS"]) {
      expect(resolvePaymentReturn(value)).toMatchObject({ path: "/", message: "processing" });
    }
  });
});
