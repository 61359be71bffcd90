import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { APP_READY_EVENT, AppReadySignal } from "./app-ready.ts";

describe("AppReadySignal", () => {
  afterEach(() => {
    delete document.documentElement.dataset.app;
  });

  it("says once, after the first commit, that the app is ready (StrictMode's second effect included)", () => {
    let events = 0;
    const count = () => {
      events += 1;
    };
    document.addEventListener(APP_READY_EVENT, count);
    render(
      <StrictMode>
        <AppReadySignal />
      </StrictMode>,
    );
    document.removeEventListener(APP_READY_EVENT, count);
    expect(events).toBe(1);
    expect(document.documentElement.dataset.app).toBe("ready");
  });
});
