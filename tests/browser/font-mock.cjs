// Offline answer to next/font/google for `next build`.
//
// Next reads NEXT_FONT_GOOGLE_MOCKED_RESPONSES as a module whose exports map
// a Google Fonts CSS URL to the CSS text it would have downloaded; font files
// named in that CSS by an absolute path are then read from disk instead of
// fetched. This module answers every fonts.googleapis.com CSS URL with
// @font-face rules for Figtree taken from the npm package @fontsource/figtree
// (installed by run.sh into E2E_NODE_MODULES), for each weight and style the
// URL asks for, in the latin and latin-ext subsets.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const modules = process.env.E2E_NODE_MODULES;
if (!modules) throw new Error("font-mock: E2E_NODE_MODULES is not set");
const filesDir = path.join(modules, "@fontsource", "figtree", "files");
if (!fs.existsSync(filesDir)) throw new Error(`font-mock: ${filesDir} is missing`);

// Unicode ranges as Google Fonts serves them for these two subsets.
const SUBSETS = {
  "latin-ext":
    "U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF",
  latin:
    "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD",
};

// Which (style, weight) pairs a css2 URL asks for, e.g.
// family=Figtree:ital,wght@0,300;0,400;1,300&display=swap
function requested(url) {
  const u = new URL(url);
  const family = u.searchParams.get("family") || "";
  const spec = family.split(":")[1] || "";
  const [axesPart, valuesPart] = spec.split("@");
  const axes = (axesPart || "").split(",");
  const out = [];
  for (const tuple of (valuesPart || "").split(";")) {
    if (!tuple) continue;
    const vals = tuple.split(",");
    const ital = axes.includes("ital") ? vals[axes.indexOf("ital")] : "0";
    const wght = axes.includes("wght") ? vals[axes.indexOf("wght")] : "400";
    for (const w of expandWeights(wght)) out.push({ style: ital === "1" ? "italic" : "normal", weight: w });
  }
  if (out.length === 0) out.push({ style: "normal", weight: 400 });
  return { display: u.searchParams.get("display") || "swap", faces: out };
}

function expandWeights(w) {
  // A variable range such as 300..900 becomes every shipped static weight in it.
  const m = /^(\d+)\.\.(\d+)$/.exec(w);
  if (!m) return [Number(w)];
  const all = [];
  for (let x = 300; x <= 900; x += 100) if (x >= Number(m[1]) && x <= Number(m[2])) all.push(x);
  return all;
}

function cssFor(url) {
  const { display, faces } = requested(url);
  let css = "";
  for (const { style, weight } of faces) {
    for (const [subset, range] of Object.entries(SUBSETS)) {
      const file = path.join(filesDir, `figtree-${subset}-${weight}-${style}.woff2`);
      if (!fs.existsSync(file)) throw new Error(`font-mock: no ${file} for ${url}`);
      css +=
        `/* ${subset} */\n` +
        `@font-face {\n` +
        `  font-family: 'Figtree';\n` +
        `  font-style: ${style};\n` +
        `  font-weight: ${weight};\n` +
        `  font-display: ${display};\n` +
        `  src: url(${file}) format('woff2');\n` +
        `  unicode-range: ${range};\n` +
        `}\n`;
    }
  }
  return css;
}

module.exports = new Proxy(
  {},
  {
    get(_target, key) {
      if (typeof key !== "string" || !key.startsWith("https://fonts.googleapis.com/")) return undefined;
      return cssFor(key);
    },
  },
);
