import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/render-app.tsx";
import { DesktopNavLinks, isNavItemActive, type NavItem } from "./nav-links.tsx";

const HOME: NavItem = { key: "home", path: "/", isEnd: true };
const NOTICE: NavItem = { key: "notice", path: "/notice" };
const PRICING: NavItem = { key: "pricing", path: "/pricing" };

function renderAt(path: string) {
  // jsdom's browser language is English and no locale is stored: pages without /en are in English.
  return renderRoutes([{ path: "*", element: <DesktopNavLinks /> }], { path });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("isNavItemActive", () => {
  it("marks an item on its page in either language, and a section on its sub-pages", () => {
    expect(isNavItemActive(HOME, "/")).toBe(true);
    expect(isNavItemActive(HOME, "/en")).toBe(true);
    expect(isNavItemActive(HOME, "/en/")).toBe(true);
    expect(isNavItemActive(HOME, "/pricing")).toBe(false);
    expect(isNavItemActive(PRICING, "/pricing")).toBe(true);
    expect(isNavItemActive(PRICING, "/en/pricing")).toBe(true);
    expect(isNavItemActive(PRICING, "/pricing/en")).toBe(true);
    expect(isNavItemActive(PRICING, "/pricing/")).toBe(true);
    expect(isNavItemActive(NOTICE, "/en/notice/12")).toBe(true);
    expect(isNavItemActive(NOTICE, "/notices")).toBe(false);
    expect(isNavItemActive(PRICING, "/en")).toBe(false);
  });
});

describe("the header's navigation", () => {
  it("marks Home current on / shown in English, where its link goes to /en", () => {
    renderAt("/");
    const home = screen.getByTestId("nav-home");
    expect(home.getAttribute("href")).toBe("/en");
    expect(home.getAttribute("aria-current")).toBe("page");
    expect(screen.getByTestId("nav-pricing").getAttribute("aria-current")).toBeNull();
  });

  it("marks the section of an English page, and nothing else", () => {
    renderAt("/en/notice/7");
    expect(screen.getByTestId("nav-notice").getAttribute("aria-current")).toBe("page");
    expect(screen.getByTestId("nav-home").getAttribute("aria-current")).toBeNull();
    expect(screen.getByTestId("nav-pricing").getAttribute("aria-current")).toBeNull();
  });
});
