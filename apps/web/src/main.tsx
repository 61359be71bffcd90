import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { i18n } from "./lib/i18n/i18n.ts";

document.documentElement.lang = i18n.language;

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Public pages arrive prerendered (scripts/prerender.mjs): hydrate them; every other page is empty.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
