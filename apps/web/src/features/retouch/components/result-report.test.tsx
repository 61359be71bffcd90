import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { ResultReport } from "./result-report.tsx";

describe("ResultReport", () => {
  afterEach(async () => {
    cleanup();
    await act(() => i18n.changeLanguage("en"));
  });

  it("says in Korean how much of the retouch was kept when the identity guard softened it", async () => {
    await act(() => i18n.changeLanguage("ko"));
    render(<ResultReport identityScore={0.955} retouchShare={0.6} engine="builtin" />);
    expect(screen.getByTestId("retouch-share-note").textContent).toBe(
      "본인 얼굴처럼 보이도록 선택한 보정의 60%만 적용했어요.",
    );
  });

  it("says it in English", async () => {
    await act(() => i18n.changeLanguage("en"));
    render(<ResultReport identityScore={0.955} retouchShare={0.4} engine="builtin" />);
    expect(screen.getByTestId("retouch-share-note").textContent).toBe(
      "To keep the face looking like you, 40% of the chosen retouch was applied.",
    );
  });

  it("says nothing of it when the whole retouch was applied or the engine does not report it", () => {
    render(<ResultReport identityScore={0.98} retouchShare={1} engine="builtin" />);
    expect(screen.getByTestId("retouch-identity")).toBeTruthy();
    expect(screen.queryByTestId("retouch-share-note")).toBeNull();
    cleanup();
    render(<ResultReport identityScore={0.98} retouchShare={null} engine="runpod" />);
    expect(screen.getByTestId("retouch-identity")).toBeTruthy();
    expect(screen.queryByTestId("retouch-share-note")).toBeNull();
  });
});
