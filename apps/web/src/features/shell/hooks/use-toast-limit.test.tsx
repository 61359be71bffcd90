import { act, renderHook } from "@testing-library/react";
import toast, { useToasterStore } from "react-hot-toast";
import { afterEach, describe, expect, it } from "vitest";
import { useToastLimit } from "./use-toast-limit.ts";

afterEach(() => {
  act(() => toast.remove());
});

describe("toast limit", () => {
  it("keeps at most 20 toasts visible, dismissing the oldest", () => {
    const { result } = renderHook(() => {
      useToastLimit();
      return useToasterStore();
    });
    act(() => {
      for (let index = 0; index < 25; index += 1) toast(`toast ${index}`, { id: `t${index}` });
    });
    const visible = result.current.toasts.filter((item) => item.visible);
    expect(visible).toHaveLength(20);
    expect(visible.map((item) => item.id)).not.toContain("t0");
    expect(visible.map((item) => item.id)).toContain("t24");
  });
});
