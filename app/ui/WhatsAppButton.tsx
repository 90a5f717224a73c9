import { useTranslation } from "react-i18next";
import { whatsappLink } from "~/features/site/whatsapp";

/**
 * Floats at the bottom corner. On phones it is smaller, and app.css reserves the strip it covers
 * (page end and scroll padding), so nothing a visitor needs is left or scrolled under it.
 */
export function WhatsAppButton({ number, message }: { number: string; message: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={whatsappLink(number, message)}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed bottom-3 end-3 z-40 flex h-12 w-12 sm:bottom-5 sm:end-5 sm:h-14 sm:w-14 items-center justify-center rounded-full bg-green-600 text-white shadow-lg hover:bg-green-700 focus-visible:outline focus-visible:outline-4 focus-visible:outline-green-300"
    >
      <span className="sr-only">{t("whatsapp.label")}</span>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7 sm:h-8 sm:w-8" fill="currentColor">
        <path d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.6a10.6 10.6 0 0 1-5.4-1.5l-.4-.2-3.9 1 1-3.8-.2-.4A10.6 10.6 0 1 1 16 26.6zm5.8-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.7 8.7 0 0 1-4.3-3.8c-.3-.6.3-.5.9-1.7a.6.6 0 0 0 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.6 3.6 0 0 0-1.1 2.7 6.3 6.3 0 0 0 1.3 3.3 14.4 14.4 0 0 0 5.5 4.9c2 .9 2.8.9 3.8.8a3.3 3.3 0 0 0 2.1-1.5 2.7 2.7 0 0 0 .2-1.5c-.1-.1-.3-.2-.6-.3z" />
      </svg>
    </a>
  );
}
