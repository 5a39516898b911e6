// The password reset page in headless Chromium with JavaScript DISABLED
// (playwright-core, `javaScriptEnabled: false`): opens a reset link, sends
// the page's plain HTML form, and checks the pages the service answers
// (two different passwords, a short one, success), that the new password
// logs in, and that a used link is refused. Started by reset_page.sh,
// which provides:
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
const TOKEN = new URL(LINK).searchParams.get("token");
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
  // No script runs in this browser, as in a text browser or behind a
  // script blocker.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const problems = [];
  const elsewhere = [];
  const posts = [];
  const watch = (page) => {
    // Chromium logs every 4xx page it is answered as a failed resource;
    // those are expected here. Anything else (a CSP violation) is not.
    page.on("console", (m) => {
      if (m.type() === "error" && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) {
        problems.push(m.text());
      }
    });
    page.on("pageerror", (e) => problems.push(String(e)));
    page.on("request", (r) => {
      if (!r.url().startsWith(API)) elsewhere.push(r.url());
      if (r.method() === "POST") posts.push(r.url());
    });
    return page;
  };
  // Clicks the submit button and waits for the page the form is answered with.
  const send = async (page) => {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/reset-password"),
      page.click("button[type=submit]"),
    ]);
    await page.waitForLoadState();
    return response;
  };
  const text = (page) => page.locator("main").innerText();

  const page = watch(await context.newPage());
  const response = await page.goto(LINK);
  check(response.status() === 200, `the link opens the page (${response.status()})`);
  check((await page.title()).startsWith("Choose a new password"), "the page's title");
  check((await page.content()).includes("<script") === false, "the page has no script");
  const form = page.locator("form#reset");
  check((await form.getAttribute("method")) === "post" && (await form.getAttribute("action")) === "/reset-password",
    "a plain form that posts to /reset-password");
  await page.screenshot({ path: `${SHOTS}/reset-form-phone.png`, fullPage: true });

  // Two different passwords: the service's page says so, with the form again.
  await page.fill("#new_password", NEW_PASSWORD);
  await page.fill("#confirm_password", "something else");
  let r = await send(page);
  check(r.status() === 422, `two different passwords: 422 (${r.status()})`);
  check((await text(page)).includes("The two passwords are not the same."), "the page says they differ");
  check((await page.inputValue("input[name=token]")) === TOKEN, "the form comes back with its token");
  await page.screenshot({ path: `${SHOTS}/reset-mismatch-phone.png`, fullPage: true });

  // A short password: the browser's own check (minlength) stops it, with
  // no script; the service refuses it too (the attribute taken away).
  const before = posts.length;
  await page.fill("#new_password", "short");
  await page.fill("#confirm_password", "short");
  await page.click("button[type=submit]");
  await page.waitForTimeout(500);
  check(posts.length === before, "the browser itself holds back a short password");
  await page.locator("#new_password").evaluate((e) => e.removeAttribute("minlength"));
  await page.locator("#confirm_password").evaluate((e) => e.removeAttribute("minlength"));
  r = await send(page);
  check(r.status() === 422, `a short password sent anyway: 422 (${r.status()})`);
  check((await text(page)).includes("Password must be at least 8 characters long"), "the page names the rule");
  await page.screenshot({ path: `${SHOTS}/reset-short-phone.png`, fullPage: true });

  // The new password, twice: changed.
  await page.fill("#new_password", NEW_PASSWORD);
  await page.fill("#confirm_password", NEW_PASSWORD);
  r = await send(page);
  check(r.status() === 200, `the form sets the password (${r.status()})`);
  const done = await text(page);
  check(done.includes("Your password has been changed. You can now log in with it."), "the page says it worked");
  check(done.includes("signed out"), "the page says other sessions were signed out");
  check((await page.locator("form").count()) === 0, "no form any more");
  await page.screenshot({ path: `${SHOTS}/reset-done-phone.png`, fullPage: true });

  const login = await fetch(`${API}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: NEW_PASSWORD }),
  });
  check(login.status === 200, `the new password logs in (${login.status})`);

  // The same link again: used, so the answer says so.
  const again = watch(await context.newPage());
  await again.setViewportSize({ width: 1280, height: 900 });
  await again.goto(LINK);
  await again.fill("#new_password", "yet another passphrase");
  await again.fill("#confirm_password", "yet another passphrase");
  r = await send(again);
  check(r.status() === 400, `a used link: 400 (${r.status()})`);
  check((await text(again)).includes("Invalid or expired reset token"), "a used link is refused");
  await again.screenshot({ path: `${SHOTS}/reset-used-desktop.png`, fullPage: true });

  const missing = watch(await context.newPage());
  const m = await missing.goto(`${API}/reset-password`);
  check(m.status() === 400 && (await missing.content()).includes("incomplete"), "a link without a token");

  check(problems.length === 0, `no script errors or CSP violations (${problems.join(" | ")})`);
  check(elsewhere.length === 0, `nothing loaded from elsewhere (${elsewhere.join(" ")})`);
} finally {
  await browser.close();
}
console.log(`reset page: ${failed === 0 ? "passed" : `${failed} failed`}`);
process.exit(failed === 0 ? 0 : 1);
