//! The entry point: picks the backend and renders the app.

import "./app/theme.css";
import "./app/highContrast.css";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "./app/App";
import { selectBackend } from "./backend/select";

const root = document.getElementById("root");
if (root) {
  void selectBackend().then((backend) =>
    createRoot(root).render(
      <StrictMode>
        <App backend={backend} />
      </StrictMode>,
    ),
  );
}
