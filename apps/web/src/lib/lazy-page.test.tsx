import { render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./chunk-load.ts";

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

describe("lazyPage (issue 17: hydrating a prerendered page)", () => {
  it("renders a preloaded page at once, without suspending", async () => {
    let loads = 0;
    const Page = lazyPage(
      async () => {
        loads += 1;
        return { Counter };
      },
      (module) => module.Counter,
    );
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page label="ready" />
      </Suspense>,
    );
    // Synchronously in the first commit: no fallback was ever shown.
    expect(screen.queryByText("loading")).toBeNull();
    expect(screen.getByRole("button").textContent).toBe("ready 0");
    await Page.preload();
    expect(loads).toBe(1);
  });
});
