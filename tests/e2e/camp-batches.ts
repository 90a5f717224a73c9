import { expect, type Page } from "./fixtures";

/** Helpers of the camp batches specs (decision 037). */

type Camp = { id: number; slug: string; batches: { value: string; en: string; ar: string }[] } & Record<string, unknown>;

export async function settingsWith(page: Page, change: Record<string, unknown>) {
  const { settings } = await (await page.request.get("/api/admin/settings")).json();
  expect((await page.request.put("/api/admin/settings", { data: { ...settings, ...change } })).status()).toBe(200);
  return settings as { campStartDate: string };
}

export async function junior(page: Page): Promise<Camp> {
  const { camps } = (await (await page.request.get("/api/admin/camps")).json()) as { camps: { id: number; slug: string }[] };
  const { camp } = await (await page.request.get(`/api/admin/camps/${camps.find((c) => c.slug === "junior")!.id}`)).json();
  return camp as Camp;
}

export async function restore(page: Page, camp: Camp, startDate: string) {
  await settingsWith(page, { campStartDate: startDate });
  const { id: _id, slug: _slug, ...form } = camp;
  expect((await page.request.put(`/api/admin/camps/${camp.id}`, { data: form })).status()).toBe(200);
}
