import { THEME_COOKIE } from "@gyeol/shared/theme";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { chooseTheme } from "../lib/theme.ts";
import { ThemeSwitch } from "./theme-switch.tsx";

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clears what chooseTheme wrote, the way it wrote it.
  document.cookie = `${THEME_COOKIE}=; Path=/; Max-Age=0`;
  document.documentElement.removeAttribute("data-theme");
});

describe("ThemeSwitch", () => {
  it("is a named radio group of System, Light and Dark with the current choice checked", () => {
    chooseTheme("dark");
    render(<ThemeSwitch />);
    // The legend names the group (the tests run in English).
    expect(screen.getByRole("group", { name: "Theme" })).toBeTruthy();
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual(["system", "light", "dark"]);
    expect(radios.filter((radio) => radio.checked).map((radio) => radio.value)).toEqual(["dark"]);
    // One name: the browser moves the choice with the arrow keys inside the group.
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
  });

  it("applies and remembers a choice, and two switches on a page agree", () => {
    render(
      <>
        <ThemeSwitch testIdPrefix="a" />
        <ThemeSwitch testIdPrefix="b" />
      </>,
    );
    fireEvent.click(screen.getByTestId("a-light"));
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(document.cookie).toContain(`${THEME_COOKIE}=light`);
    expect((screen.getByTestId("b-light") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId("b-system"));
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect((screen.getByTestId("a-system") as HTMLInputElement).checked).toBe(true);
  });
});
