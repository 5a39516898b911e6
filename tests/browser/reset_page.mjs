// The password reset page in headless Chromium (playwright-core): opens a
// reset link, sets a new password through the page's form, and checks
// what the page says, that the new password logs in, and that a used link
// is refused. Started by reset_page.sh, which provides:
//   LINK              the reset link (from `mealplan reset-link`)
//   API_URL           the service
//   EMAIL             the account's e-mail
//   SCREENSHOT_DIR    where the screenshots go
//   E2E_NODE_MODULES  node_modules holding playwright-core
//   CHROMIUM          (optional) browser binary, default /usr/bin/chromium

import { createRequire } from "node:module";
import path from "node:path";

const env = (name, fallback) => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`${name} is not set`);
  return v;
};
const LINK = env("LINK");
const API = env("API_URL").replace(/\/$/, "");
const EMAIL = env("EMAIL");
const SHOTS = env("SCREENSHOT_DIR");
const require = createRequire(path.join(env("E2E_NODE_MODULES"), "..", "package.json"));
const { chromium } = require("playwright-core");

const NEW_PASSWORD = "a long new passphrase";
let failed = 0;
const check = (cond, what) => {
  console.log(`${cond ? "ok  " : "FAIL"} ${what}`);
  if (!cond) failed += 1;
};

const browser = await chromium.launch({
  executablePath: env("CHROMIUM", "/usr/bin/chromium"),
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(m.text()); });
  page.on("pageerror", (e) => problems.push(String(e)));
  const elsewhere = [];
  page.on("request", (r) => { if (!r.url().startsWith(API)) elsewhere.push(r.url()); });
  const statusText = () => page.locator("#status").innerText();

  const response = await page.goto(LINK);
  check(response.status() === 200, `the link opens the page (${response.status()})`);
  check((await page.title()).startsWith("Choose a new password"), "the page's title");
  await page.screenshot({ path: `${SHOTS}/reset-form-phone.png`, fullPage: true });

  await page.fill("#new_password", NEW_PASSWORD);
  await page.fill("#repeat", "something else");
  await page.click("button[type=submit]");
  check((await statusText()).includes("not the same"), "two different passwords are caught");

  await page.fill("#repeat", NEW_PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForSelector("#status.ok", { timeout: 15000 });
  check((await statusText()).includes("Your password has been changed"), "the page says it worked");
  check(await page.locator("#reset").isHidden(), "the form is gone");
  await page.screenshot({ path: `${SHOTS}/reset-done-phone.png`, fullPage: true });

  const login = await fetch(`${API}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: NEW_PASSWORD }),
  });
  check(login.status === 200, `the new password logs in (${login.status})`);

  // The same link again: used, so the page says so.
  const again = await context.newPage();
  again.on("pageerror", (e) => problems.push(String(e)));
  await again.setViewportSize({ width: 1280, height: 900 });
  await again.goto(LINK);
  await again.fill("#new_password", "yet another passphrase");
  await again.fill("#repeat", "yet another passphrase");
  await again.click("button[type=submit]");
  await again.waitForSelector("#status.error", { timeout: 15000 });
  check((await again.locator("#status").innerText()).includes("invalid or has expired"), "a used link is refused");
  await again.screenshot({ path: `${SHOTS}/reset-used-desktop.png`, fullPage: true });

  // A password the rules refuse is explained by the service's message.
  const third = await context.newPage();
  await third.goto(LINK);
  await third.evaluate(() => {
    for (const id of ["new_password", "repeat"]) document.getElementById(id).removeAttribute("minlength");
  });
  await third.fill("#new_password", "short");
  await third.fill("#repeat", "short");
  await third.click("button[type=submit]");
  await third.waitForSelector("#status.error", { timeout: 15000 });
  check((await third.locator("#status").innerText()).includes("at least 8 characters"), "a short password is explained");

  const missing = await context.newPage();
  const r = await missing.goto(`${API}/reset-password`);
  check(r.status() === 400 && (await missing.content()).includes("incomplete"), "a link without a token");

  check(problems.length === 0, `no script errors or CSP violations (${problems.join(" | ")})`);
  check(elsewhere.length === 0, `nothing loaded from elsewhere (${elsewhere.join(" ")})`);
} finally {
  await browser.close();
}
console.log(`reset page: ${failed === 0 ? "passed" : `${failed} failed`}`);
process.exit(failed === 0 ? 0 : 1);
