import { type RefObject, useEffect } from "react";

/** The slice of Google Identity Services (accounts.google.com/gsi/client) the button uses. */
interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const GSI_SRC = "https://accounts.google.com/gsi/client";
let loading: Promise<GoogleIdentity> | undefined;

/** Loads the GIS script once per page (only when VITE_GOOGLE_CLIENT_ID is set). */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  loading ??= new Promise((resolve, reject) => {
    if (window.google) return resolve(window.google);
    const script = document.createElement("script");
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error("GIS missing")));
    script.onerror = () => {
      loading = undefined;
      reject(new Error("GIS failed to load"));
    };
    document.head.append(script);
  });
  return loading;
}

/** Renders Google's own button into `container`; `onCredential` gets the ID token. */
export function useGoogleIdentity(
  container: RefObject<HTMLDivElement | null>,
  options: {
    clientId: string;
    mode: "login" | "signup";
    locale: string;
    onCredential: (credential: string) => void;
  },
) {
  const { clientId, mode, locale, onCredential } = options;
  useEffect(() => {
    if (!clientId) return;
    let isCancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (isCancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) onCredential(response.credential);
          },
        });
        google.accounts.id.renderButton(container.current, {
          theme: "outline",
          size: "large",
          shape: "rectangular",
          text: mode === "login" ? "signin_with" : "signup_with",
          width: Math.min(container.current.clientWidth || 360, 400),
          locale,
        });
      })
      .catch((error: unknown) => console.warn("[google] sign-in unavailable", error));
    return () => {
      isCancelled = true;
    };
  }, [clientId, mode, locale, onCredential, container]);
}
