import { afterEach, describe, expect, it } from "vitest";
import { AUTH_INVALID_EVENT } from "../api-client.ts";
import { AuthStore } from "./auth-store.ts";
import { makeUser } from "./test-users.ts";

afterEach(() => window.localStorage.clear());

describe("auth store", () => {
  it("starts loading with the stored user", () => {
    window.localStorage.setItem("user", JSON.stringify(makeUser()));
    const store = new AuthStore();
    expect(store.getSnapshot().status).toBe("loading");
    expect(store.getSnapshot().user?.email).toBe("mina@example.com");
    store.markSettled();
    expect(store.getSnapshot().status).toBe("authenticated");
  });

  it("settles as anonymous without a stored user", () => {
    const store = new AuthStore();
    store.markSettled();
    expect(store.getSnapshot()).toMatchObject({ status: "anonymous", user: null });
  });

  it("removes a stored user that cannot be parsed", () => {
    window.localStorage.setItem("user", "{not json");
    const store = new AuthStore();
    expect(store.getSnapshot().user).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
  });

  it("removes a stored value that is JSON but not a user", () => {
    window.localStorage.setItem("user", '"hello"');
    new AuthStore();
    expect(window.localStorage.getItem("user")).toBeNull();
  });

  it("removes a stored object that is not a whole user", () => {
    for (const value of [{ id: 1 }, { ...makeUser(), email: 5 }, { ...makeUser(), credits: "9" }, [1, 2]]) {
      window.localStorage.setItem("user", JSON.stringify(value));
      expect(new AuthStore().getSnapshot().user).toBeNull();
      expect(window.localStorage.getItem("user")).toBeNull();
    }
  });

  it("writes the user to storage on sign-in and removes it on sign-out", () => {
    const store = new AuthStore();
    store.setUser(makeUser({ credits: 5 }));
    expect(JSON.parse(window.localStorage.getItem("user")!)).toMatchObject({ credits: 5 });
    store.clearUser();
    expect(window.localStorage.getItem("user")).toBeNull();
    expect(store.getSnapshot().status).toBe("anonymous");
  });

  it("becomes anonymous when another tab logs out", () => {
    const store = new AuthStore();
    store.setUser(makeUser());
    const disconnect = store.connect(window);
    window.dispatchEvent(new StorageEvent("storage", { key: "user", newValue: null }));
    expect(store.getSnapshot()).toMatchObject({ status: "anonymous", user: null, sessionExpired: null });
    disconnect();
  });

  it("becomes authenticated when another tab logs in", () => {
    const store = new AuthStore();
    store.markSettled();
    const disconnect = store.connect(window);
    const user = makeUser({ id: 42 });
    window.dispatchEvent(new StorageEvent("storage", { key: "user", newValue: JSON.stringify(user) }));
    expect(store.getSnapshot()).toMatchObject({ status: "authenticated", user: { id: 42 } });
    disconnect();
  });

  it("ignores storage events for other keys", () => {
    const store = new AuthStore();
    store.setUser(makeUser());
    store.handleStorage({ key: "locale", newValue: "en" });
    expect(store.getSnapshot().status).toBe("authenticated");
  });

  it("clears the user and opens the modal on auth:invalid, with the event's message", () => {
    const store = new AuthStore();
    store.setUser(makeUser());
    const disconnect = store.connect(window);
    window.dispatchEvent(new CustomEvent(AUTH_INVALID_EVENT, { detail: { message: "Bye." } }));
    expect(store.getSnapshot()).toMatchObject({
      status: "anonymous",
      user: null,
      sessionExpired: { message: "Bye." },
    });
    expect(window.localStorage.getItem("user")).toBeNull();
    store.dismissSessionExpired();
    expect(store.getSnapshot().sessionExpired).toBeNull();
    disconnect();
  });
});
