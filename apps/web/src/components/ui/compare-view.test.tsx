import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CompareView } from "./compare-view.tsx";

describe("before/after slider", () => {
  it("names its handle in the page's words, not the library's English, and gives its value", () => {
    render(
      <CompareView
        beforeUrl="/before.jpg"
        afterUrl="/after.jpg"
        labels={{ before: "보정 전", after: "보정 후", compare: "보정 전후 비교" }}
      />,
    );
    const slider = screen.getByRole("slider", { name: "보정 전후 비교" });
    expect(slider.getAttribute("aria-valuenow")).toBe("50");
    expect(slider.tabIndex).toBe(0);
    expect(screen.queryByLabelText(/Click and drag/)).toBeNull();
    expect(screen.getByAltText("보정 전")).toBeTruthy();
    expect(screen.getByAltText("보정 후")).toBeTruthy();
  });
});
