//! The one gate every piece of framework markup passes before it reaches the page: DOMPurify
//! with no script, no event handler, no frame, no form, no style sheet, no remote resource
//! (only `data:` images survive) and links kept only for http, https and mailto.

import DOMPurify from "dompurify";

import { isExternalUrl } from "../backend/links";

const FORBID_TAGS = [
  "script",
  "style",
  "link",
  "meta",
  "base",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "option",
  "audio",
  "video",
  "source",
  "track",
  "picture",
  "use",
  "image",
  "foreignObject",
  "animate",
  "set",
  "template",
  "noscript",
  "portal",
];
const URL_ATTRS = new Set([
  "href",
  "xlink:href",
  "src",
  "srcset",
  "action",
  "formaction",
  "poster",
  "background",
  "ping",
  "cite",
  "longdesc",
  "data",
]);

const purifier = DOMPurify(window);
purifier.addHook("uponSanitizeAttribute", (node, data) => {
  const name = data.attrName.toLowerCase();
  if (name === "style" && /url\s*\(|expression\s*\(|@import|image-set|\\/i.test(data.attrValue)) {
    data.keepAttr = false;
  }
  if (!URL_ATTRS.has(name)) return;
  const tag = node.nodeName.toLowerCase();
  const value = data.attrValue.trim();
  if (tag === "a" && name === "href" && isExternalUrl(value)) return;
  if (tag === "img" && name === "src" && /^data:image\/(png|gif|jpe?g|webp);/i.test(value)) return;
  data.keepAttr = false;
});
purifier.addHook("afterSanitizeAttributes", (node) => {
  const tag = node.nodeName.toLowerCase();
  if (tag === "a") {
    node.setAttribute("rel", "noopener noreferrer");
    node.removeAttribute("target");
  }
  // An image left without a (data:) source would load nothing useful: it goes, its alt text stays.
  if (tag === "img" && !node.hasAttribute("src")) {
    const alt = node.getAttribute("alt");
    node.replaceWith(node.ownerDocument.createTextNode(alt ?? ""));
  }
});

/** `html` with everything that could run, load or navigate taken out. */
export function sanitize(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true, mathMl: true, svg: true },
    FORBID_TAGS,
    FORBID_ATTR: [
      "srcset",
      "action",
      "formaction",
      "target",
      "ping",
      "autofocus",
      "tabindex",
      "accesskey",
      "id",
      "name",
    ],
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    SAFE_FOR_TEMPLATES: false,
    WHOLE_DOCUMENT: false,
    RETURN_TRUSTED_TYPE: false,
  });
}
