import { randomBytes } from "node:crypto";
import { signInAsAdmin } from "./accounts";
import { expect, shot, type Page } from "./fixtures";

/**
 * Staff enter a message's approved WhatsApp template (issue 43 item 2) at 390 px: from the inbox to
 * the templates beside it, the class-tomorrow template's name typed and ticked approved, saved;
 * the card then says it is approved and keeps the values. With script in Arabic, without in
 * English (decision 133); the rules (same parameters in both languages, the name's letters) are
 * the API tests'.
 */
const T = {
  en: {
    link: "Templates",
    approved: "Meta has approved this template in both languages",
    name: "Template name (as approved)",
    save: "Save template",
    saved: "The template is saved.",
    badge: "WhatsApp template approved",
  },
  ar: {
    link: "القوالب",
    approved: "وافقت Meta على هذا القالب باللغتين",
    name: "اسم القالب (كما اعتُمد)",
    save: "احفظ القالب",
    saved: "حُفظ القالب.",
    badge: "قالب واتساب معتمد",
  },
} as const;

export async function approveTemplate(page: Page, lang: "en" | "ar") {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const waName = `class_tomorrow_${lang}_${randomBytes(2).toString("hex")}`;
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${prefix}/admin/messages`);
  await page.getByRole("link", { name: t.link, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/admin/messages/templates$`));
  const card = page.getByRole("region", { name: /class_tomorrow/ });
  await card.getByLabel(t.name, { exact: true }).fill(waName);
  await card.getByLabel(t.approved).check();
  await card.getByRole("button", { name: t.save }).click();
  await expect(page.getByRole("status").filter({ hasText: t.saved })).toBeVisible();
  await expect(card.getByText(t.badge, { exact: true })).toBeVisible();
  await expect(card.getByLabel(t.name, { exact: true })).toHaveValue(waName);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.scrollIntoViewIfNeeded();
  await shot(page, `templates-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, `templates-${lang}-1280`);
}
