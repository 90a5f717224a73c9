/**
 * Lists that change in place on pages without React (decision 055, amended): the catalogue's age
 * preset and the blog's page links. Without script they are a GET form and plain links (a page
 * load); here a choice fetches the same URL's HTML and swaps the page's `[data-swap]` regions for
 * the new ones, with the region's loading template meanwhile and its failure template on a refused
 * or lost request (the specification's loading logo and failure alerts). The URL changes as the
 * page load would (back and forward swap again), so a reload or a shared link shows the same list.
 */
let controller: AbortController | undefined;

export function enhanceSwaps(): void {
  if (!document.querySelector("[data-swap]")) return;
  document.addEventListener("change", (event) => {
    const form = (event.target as HTMLElement).closest<HTMLFormElement>("form[data-swap-form]");
    if (!form) return;
    // The preset's "all" (or an empty value) is the bare page, as the server reads it.
    const query = [...new FormData(form)].filter(([, value]) => value !== "" && value !== "all");
    const search = new URLSearchParams(query as [string, string][]).toString();
    void swap(new URL(form.action || location.href, location.href).pathname + (search ? `?${search}` : ""), true, false);
  });
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("[data-swap-links] a[href]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void swap(link.href, true, true);
  });
  history.replaceState({ swap: true }, "");
  addEventListener("popstate", (event) => {
    if ((event.state as { swap?: boolean } | null)?.swap) void swap(location.href, false, false);
  });
}

async function swap(url: string, push: boolean, toTop: boolean) {
  const regions = [...document.querySelectorAll<HTMLElement>("[data-swap]")];
  controller?.abort();
  const current = (controller = new AbortController());
  if (push) history.pushState({ swap: true }, "", url);
  for (const region of regions) show(region, "loading");
  try {
    const response = await fetch(url, { signal: current.signal, headers: { accept: "text/html" } });
    if (!response.ok) throw new Error(String(response.status));
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = regions.map((region) => next.getElementById(region.id));
    if (fresh.some((region) => !region)) throw new Error("unexpected page");
    regions.forEach((region, index) => region.replaceWith(document.adoptNode(fresh[index]!)));
    // Back and forward: the form shows the URL's choice, as after a page load.
    for (const select of document.querySelectorAll<HTMLSelectElement>("form[data-swap-form] select[name]")) {
      select.value = next.querySelector<HTMLSelectElement>(`select[name="${select.name}"]`)?.value ?? select.value;
    }
    document.title = next.title;
    if (toTop) scrollTo({ top: 0 });
  } catch {
    if (!current.signal.aborted) for (const region of regions) show(region, "failed");
  }
}

/** Replaces a region's content by its `<template data-swap-STATE>` (the templates themselves stay). */
function show(region: HTMLElement, state: "loading" | "failed") {
  const templates = [...region.querySelectorAll<HTMLTemplateElement>(":scope > template")];
  const template = templates.find((candidate) => candidate.hasAttribute(`data-swap-${state}`));
  if (template) region.replaceChildren(...templates, template.content.cloneNode(true));
}
