import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/render-app.tsx";
import { BrandLink } from "./brand-link.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("brand link", () => {
  it("is named by the words it shows, so a voice user can say what they see (WCAG 2.5.3)", async () => {
    renderRoutes([{ path: "/en", element: <BrandLink /> }], { path: "/en" });
    const link = await screen.findByRole("link", { name: /^Gyeol Better visuals, faster decisions$/ });
    expect(link.getAttribute("aria-label")).toBeNull();
    expect(link.getAttribute("href")).toBe("/en");
  });
});
