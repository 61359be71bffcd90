import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMediaQuery } from "./use-media-query.ts";

/** A component that, like the header's menu, renders the same markup whatever the answer. */
function Probe({ renders }: { renders: boolean[] }) {
  renders.push(useMediaQuery("(max-width: 767px)"));
  return <button type="button">menu</button>;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

function stubMatchMedia(matches: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return matches;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", () => list);
  return {
    change(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

describe("useMediaQuery", () => {
  it("hydrates a phone's prerendered page with the phone's answer: one render, no forced second", async () => {
    const server: boolean[] = [];
    const html = renderToString(<Probe renders={server} />);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    stubMatchMedia(true);
    const renders: boolean[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Probe renders={renders} />);
    });
    // React may render twice in development to check purity; what matters is no render with the default.
    expect(new Set(renders)).toEqual(new Set([true]));
  });

  it("follows the query as it changes", async () => {
    const media = stubMatchMedia(false);
    const container = document.createElement("div");
    document.body.append(container);
    const renders: boolean[] = [];
    const { createRoot } = await import("react-dom/client");
    const client = createRoot(container);
    root = client;
    await act(async () => client.render(<Probe renders={renders} />));
    expect(renders.at(-1)).toBe(false);
    await act(async () => media.change(true));
    expect(renders.at(-1)).toBe(true);
  });
});
