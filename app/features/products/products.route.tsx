import { useTranslation } from "react-i18next";
import { whatsappLink } from "~/features/site/whatsapp";
import { langFromPath } from "~/i18n/lang";
import { safeUrl } from "~/lib/safe-url";
import { useRootData } from "~/root";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/products.route";
import { listProducts } from "./products.server";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  return { products: await listProducts(context.db, langFromPath(new URL(request.url).pathname)) };
}

/** The STEM kits, each with a WhatsApp enquiry that names the kit. */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const number = useRootData()?.settings.whatsappNumber;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-16">
      <PageMeta title={t("products.metaTitle")} description={t("products.metaDescription")} />
      <h1 className="text-4xl font-extrabold text-slate-900">{t("products.title")}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{t("products.intro")}</p>
      {loaderData.products.length === 0 ? (
        <p className="mt-10 rounded-xl bg-slate-50 px-5 py-10 text-center text-lg text-slate-700">{t("products.empty")}</p>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.products.map((product) => {
            const image = safeUrl(product.image);
            return (
              <li key={product.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                  {image ? (
                    <img
                      src={image}
                      {...responsiveImage(image, imageSizes.card)}
                      alt=""
                      width={800}
                      height={500}
                      loading="lazy"
                      className="aspect-[8/5] w-full object-cover"
                    />
                  ) : null}
                  <div className="flex flex-1 flex-col p-5">
                    <h2 className="text-lg font-bold text-slate-900">{product.name}</h2>
                    <p className="mt-2 flex-1 text-slate-700">{product.description}</p>
                    <p className="mt-4 text-xl font-bold text-slate-900">
                      <span className="sr-only">{t("products.price")}: </span>
                      <span dir="ltr">${product.price}</span>
                    </p>
                    {number ? (
                      <a
                        href={whatsappLink(number, t("products.enquiryMessage", { name: product.name }))}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-4 rounded-lg bg-green-700 px-4 py-2 text-center font-semibold text-white hover:bg-green-800"
                      >
                        {t("products.enquire")}
                        <span className="sr-only">: {product.name}</span>
                      </a>
                    ) : null}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
