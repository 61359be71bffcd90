import { act, render, screen } from "@testing-library/react";
import toast, { Toaster } from "react-hot-toast";
import { afterEach, describe, expect, it } from "vitest";
import { installToastDedupe } from "./toast-dedupe.ts";

describe("toast de-duplication (issue 30)", () => {
  afterEach(() => act(() => toast.remove()));

  it("shows one toast for the same message raised again and again, and separate ones for different messages", () => {
    installToastDedupe();
    render(<Toaster />);
    act(() => {
      for (let i = 0; i < 6; i += 1) toast.error("로그인에 실패했습니다.");
      toast.success("로그인에 실패했습니다.");
      toast.error("다른 오류");
    });
    expect(screen.getAllByText("로그인에 실패했습니다.")).toHaveLength(2);
    expect(screen.getAllByText("다른 오류")).toHaveLength(1);
  });

  it("leaves toasts with their own id or a component for a message alone", () => {
    installToastDedupe();
    render(<Toaster />);
    act(() => {
      toast.error("같은 글", { id: "a" });
      toast.error("같은 글", { id: "b" });
      toast.success(<span>요소</span>);
      toast.success(<span>요소</span>);
    });
    expect(screen.getAllByText("같은 글")).toHaveLength(2);
    expect(screen.getAllByText("요소")).toHaveLength(2);
  });
});
