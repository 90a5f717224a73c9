import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { junior, restore, settingsWith } from "./camp-batches";

// Decision 037: a camp's batches follow the season's start date; staff are warned when they do not.

test("A new start date flags the camp on settings, dashboard and camp screen; the button sets the batches the public page shows", async ({ page }) => {
  await signInAsAdmin(page);
  const original = await junior(page);
  const { campStartDate } = await settingsWith(page, { campStartDate: "2026-06-15" });
  try {
    await page.goto("/admin/settings");
    const notice = page.getByRole("region", { name: "Camp batches no longer match the start date" });
    await expect(notice.getByRole("link", { name: "Junior Camp" })).toHaveAttribute("href", `/admin/settings/camps/${original.id}`);
    await page.goto("/admin");
    await expect(page.getByRole("region", { name: "Camp batches do not follow the start date" }).getByRole("link", { name: "Junior Camp" })).toBeVisible();

    // The warning in Arabic, audited.
    await page.goto(`/ar/admin/settings/camps/${original.id}`);
    const arabic = page.getByRole("region", { name: "هذه الفترات لا تتبع تاريخ بدء الموسم" });
    await expect(arabic).toContainText("من 15 يونيو إلى 4 يوليو، من 5 يوليو إلى 25 يوليو");
    await expect(arabic.getByRole("button", { name: "تعيين الفترات من تاريخ البدء" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/admin/settings/camps/${original.id}`);
    const warning = page.getByRole("region", { name: "These batches do not follow the season's start date" });
    await expect(warning).toContainText("The season starts on 15 June 2026, which gives the batches: 15 June - 4th July; 5th July - 25 Jul.");
    await expectNoAxeViolations(page);
    await warning.getByRole("button", { name: "Set batches from the start date" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Batches set from the start date." })).toBeVisible();
    await expect(warning).toHaveCount(0);
    await expect(page.getByLabel("Batch 1: Stored value (what enrollments record)")).toHaveValue("15 June - 4th July");
    await expect(page.getByLabel("Batch 2 (Arabic)")).toHaveValue("من 5 يوليو إلى 25 يوليو");

    await page.goto("/summer-camp");
    const card = page.getByRole("article", { name: "Junior Camp" });
    await expect(card.getByRole("listitem").filter({ hasText: "15 June - 4th July" })).toBeVisible();
    await expect(card.getByRole("listitem").filter({ hasText: "5th July - 25 Jul" })).toBeVisible();
    await page.goto("/admin");
    await expect(page.getByRole("region", { name: "Camp batches do not follow the start date" }).getByRole("link", { name: "Junior Camp" })).toHaveCount(0);
  } finally {
    await restore(page, original, campStartDate);
  }
});
