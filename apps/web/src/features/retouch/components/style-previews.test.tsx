import type { TRetouchStyle } from "@gyeol/shared/retouch";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StylePreviews, stylePreviewSource } from "./style-previews.tsx";

afterEach(cleanup);

describe("StylePreviews (a before/after per style in the style picker)", () => {
  it("shows one engine-rendered preview per style the pair is offered, and picking one sets the style", () => {
    const onChange = vi.fn();
    render(
      <StylePreviews
        gender="female"
        ethnicity="east_asian"
        value="basic"
        onChange={onChange}
        isLocked={(style: TRetouchStyle) => style === "makeup" || style === "matte_makeup"}
        testIdPrefix="retouch"
      />,
    );
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.dataset.testid)).toEqual([
      "retouch-style-preview-basic",
      "retouch-style-preview-makeup",
      "retouch-style-preview-matte_makeup",
      "retouch-style-preview-glossy",
      "retouch-style-preview-basic_chic",
    ]);
    expect(screen.getByTestId("retouch-style-preview-basic").getAttribute("aria-pressed")).toBe("true");
    const glossy = screen.getByTestId("retouch-style-preview-glossy");
    expect(glossy.querySelector("img")?.getAttribute("src")).toBe("/styles/female-east_asian-glossy.jpg");
    fireEvent.click(glossy);
    expect(onChange).toHaveBeenCalledWith("glossy");
    // Styles the plan does not include are shown, not picked.
    expect((screen.getByTestId("retouch-style-preview-makeup") as HTMLButtonElement).disabled).toBe(true);
  });

  it("follows the gender and ethnicity: Western men get the one basic preview of a Western man", () => {
    render(
      <StylePreviews
        gender="male"
        ethnicity="western"
        value="basic"
        onChange={() => {}}
        isLocked={() => false}
        testIdPrefix="retouch"
      />,
    );
    expect(screen.getAllByRole("button")).toHaveLength(1);
    expect(stylePreviewSource("male", "western", "basic")).toBe("/styles/male-western-basic.jpg");
    expect(screen.getByText(/Heinrich|하인리히/)).toBeTruthy();
  });
});
