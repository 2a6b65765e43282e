import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

// Headless Debian Chromium (never a downloaded browser) in a fresh profile, offline-minded
// flags: opens a local file and nothing else.

export const CHROMIUM = "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Runs `use` on a page showing `file`, then closes the browser and removes its profile. */
export async function withPage<T>(file: string, use: (page: Page) => Promise<T>, viewport = { width: 1200, height: 1500 }): Promise<T> {
  const profile = await mkdtemp(join(tmpdir(), "cc-chromium-"));
  let context: BrowserContext | null = null;
  try {
    // launchPersistentContext passes the fresh profile as --user-data-dir.
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport, offline: true });
    const page = await context.newPage();
    await page.goto(`file://${file}`);
    return await use(page);
  } finally {
    await context?.close();
    await rm(profile, { recursive: true, force: true });
  }
}
