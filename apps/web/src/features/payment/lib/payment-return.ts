/**
 * /payment/{plan}?payment=… (spec 01 §2 Payment return redirect): success goes to My Page with
 * the success banner, cancelled back to pricing, anything else home, each with its message.
 */
export interface PaymentReturnTarget {
  path: "/mypage?payment=success" | "/pricing" | "/";
  message: "completed" | "cancelled" | "processing";
  tone: "success" | "error" | "info";
}

export function resolvePaymentReturn(payment: string | null): PaymentReturnTarget {
  if (payment === "success")
    return { path: "/mypage?payment=success", message: "completed", tone: "success" };
  if (payment === "cancelled") return { path: "/pricing", message: "cancelled", tone: "error" };
  return { path: "/", message: "processing", tone: "info" };
}
